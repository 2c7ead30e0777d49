// The seed of a struct result is a parameter of f_b
// (structs/struct-result.c) named ret_b; a parameter of the function named
// ret_b (or ret, ret_...) gives it the base res instead (res_b), as for a
// double result (adjoint/param-named-ret.c).  It was refused.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.h
// RUN: %ckc-run %t.c %s %t -I%S | FileCheck %s --check-prefix=OUT

#include "Inputs/pair.h"

#pragma ck_adjoint wrt(a)
struct pair sc(struct pair a, double ret_b)
{
	struct pair r = {a.a * ret_b, a.b * a.a};
	return r;
}
// CHECK: struct pair sc_b(struct pair a, struct pair *a_b, double ret_b, struct pair res_b);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

int main(void)
{
	struct pair a = { 1.5, -2.0 }, ab = { 0.0, 0.0 }, seed = { 0.5, 3.0 };
	struct pair r = sc_b(a, &ab, 4.0, seed);
	ck_equal_bits("primal a", r.a, 6.0);
	ck_equal_bits("a_b.a", ab.a, 0.5 * 4.0 + 3.0 * -2.0);
	ck_equal_bits("a_b.b", ab.b, 3.0 * 1.5);
	return ck_done();
}
#endif
// OUT: 0 failed
