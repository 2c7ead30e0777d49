// A header of the input that defines a struct type, static inline helpers
// and a static table (Inputs/vecmath.h).  The generated file includes the
// header for the struct, so the helpers and the table it defines are
// there: ckc no longer copies them too, which defined them twice (twice(),
// called on integers; dot2() on passive data in the tangent; LIMITS).
// dot2 on active data still gets its derivatives, under their own names.
// Gradient, Hessian-vector product and tangent against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include "Inputs/vecmath.h"

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	vec2 p = { x[0], x[1] }, q = { 0.25 * twice(3), LIMITS[1] };
	double s = dot2(q, q);
	double c = fmin(fmax(x[2], LIMITS[0]), LIMITS[1]);
	return p.x * p.y * twice(2) + s * dot2(p, q) + c * c;
}
// CHECK: #include "Inputs/vecmath.h"
// CHECK-NOT: twice(int i){{$}}
// CHECK-NOT: LIMITS[2] =
// CHECK-NOT: static double dot2(vec2 a, vec2 b){{$}}
// CHECK-LABEL: double f_d(

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	volatile double one = 1.0;
	double v[3] = { 0.3 * one, -0.7 * one, 0.9 * one };
	kc_check_scalar("header statics", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL,
			3, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
