// A literal times a square, K * x * x (also x * K * x and x * (K * x)):
// the adjoint of x is one term, 2K * (t * x), as a hand-written adjoint
// has it, not K * (t * x) + K * x * t.  A product whose factor is not a
// literal keeps its two terms.  Gradients against differences and the
// tangent, Hessian-vector products against differences of gradients.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
#pragma ck_hvp wrt(v)
double f(const double *v, double k)
{
	double a = 100 * v[0] * v[0];
	double b = v[1] * 0.5 * v[1];
	double c = v[2] * (3 * v[2]);
	double d = 2.5 * (v[3] - v[0]) * (v[3] - v[0]);
	double e = k * v[4] * v[4];
	return a + b * c + sin(d) + e * a;
}
// CHECK-LABEL: static void f_bwd(const double *v, double *restrict v_b, double k, double ret_b){{$}}
// CHECK-DAG: v_b[4] += k * (e_b * v[4]) + k * v[4] * e_b;
// CHECK-DAG: [[A:ck_a[0-9]*]] = 5.0 * (d_b * (v[3] - v[0]));
// CHECK-DAG: v_b[2] += 6.0 * (c_b * v[2]);
// CHECK-DAG: v_b[1] += b_b * v[1];
// CHECK-DAG: v_b[0] += 200.0 * (a_b * v[0]);
// CHECK: {{^}$}}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS(f, 0.7)

int main(void)
{
	double v[5];
	for (int r = 0; r < 3; r++) {
		for (int i = 0; i < 5; i++)
			v[i] = 0.2 + 0.6 * ck_rand();
		kc_check_scalar("scaled squares", kf, kf_d, kf_b, kf_b_d, NULL, v,
				NULL, 5, 3);
	}
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
