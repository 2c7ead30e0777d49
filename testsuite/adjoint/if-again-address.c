// A branch is decided again in f_bwd only when nothing can change its
// condition's operands: here the branch changes k through a pointer to it,
// so the condition k > 2 no longer holds where f_bwd would evaluate it, and
// f_fwd tapes the branch taken instead.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(double x, int n)
{
	int k = n;
	int *p = &k;
	double y = x;
	if (k > 2) {
		*p = 0;
		y = y * x;
	}
	return y + k * x;
}
// CHECK-LABEL: static double f_fwd(double x, int n){{$}}
// CHECK: ck_push_b(ck_t, 1);
// CHECK-LABEL: static void f_bwd(
// CHECK: if (ck_pop_b(ck_t)) {

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

int main(void)
{
	for (int n = 1; n <= 5; n += 2) {
		double x = 0.7, xb = 0, d;
		ck_equal_bits("primal", f_b(x, &xb, n, 1.0), f(x, n));
		f_d(x, 1.0, n, &d);
		ck_close("adjoint", xb, n > 2 ? 2 * x : 1.0 + n, 1e-14);
		ck_close("tangent", d, n > 2 ? 2 * x : 1.0 + n, 1e-14);
	}
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
