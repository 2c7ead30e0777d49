// Nested designators into one member, one part at a time: { .g.k = x[0],
// .g.c = x[1] } sets g.k, then g.c, and keeps g.k, as C does (each
// initializer overrides only the subobject it names).  ckc refused the
// second as "sets a member ... that an earlier one of the list set".  The
// rest of g is zero once, before the first; an array member's elements
// too ({ .v[1] = ..., .v[0] = ... }).  Initializing the whole member twice
// stays refused.  Gradient, Hessian-vector product and tangent against
// differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out

typedef struct {
	double k, c, d;
} gain;

typedef struct {
	gain g;
	double v[3];
	double m;
} plant;

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	plant p = { .g.k = x[0], .m = 2.0, .g.c = x[1] * x[2], .v[2] = x[1],
		    .v[0] = x[0] * x[0] };
	return p.g.k * p.g.c + p.m * x[0] + p.g.d + p.v[0] * p.v[2] + p.v[1];
}
// CHECK-LABEL: double f_d(
// CHECK: p.g.k = 0.0;
// CHECK: p.g.c = 0.0;
// CHECK: p.g.d = 0.0;
// CHECK: p.g.k = x[0];
// CHECK-NOT: p.g.k = 0.0;
// CHECK: p.g.c = x[1] * x[2];
// CHECK: p.v[2] = x[1];
// CHECK-NOT: p.v[2] = 0.0;
// CHECK: p.v[0] = x[0] * x[0];

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	volatile double one = 1.0;
	double v[3] = { 0.3 * one, -0.7 * one, 0.9 * one };
	kc_check_scalar("nested designators", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, 3, 3);
	double x[3] = { 1.5 * one, 0.25 * one, 2.0 * one };
	ck_equal_bits("f", f(x), 1.5 * 0.5 + 2.0 * 1.5 + 2.25 * 0.25);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
