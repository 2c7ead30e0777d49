// The adjoints of t and u are reset to zero at the end of every iteration
// of the reverse loop, and are zero before it: the first add into each in
// an iteration stores (t_b = ..., u_b = ... in both branches).  c is read
// in every iteration, so c_b sums over them and its adds stay adds.
// Gradients and Hessian-vector products against differences (and the
// dot-product test against f_d).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 9

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double s = 0, t, u, c = x[N - 1] * x[N - 1];
	int i;
	for (i = 0; i < N - 1; i++) {
		t = x[i] * c;
		u = sin(t) * t;
		if (x[i] > 0.5)
			s += u * u;
		else
			s -= 0.5 * u;
	}
	return s;
}
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK: for (
// CHECK: if (x[i] > 0.5) {
// CHECK: u_b = 2.0 * (s_b * ck_v{{[0-9]*}});
// CHECK: } else {
// CHECK-NEXT: u_b = 0.5 * -s_b;
// CHECK: t_b = u_b * (x[i] * (x[9 - 1] * x[9 - 1])) *
// CHECK-NEXT: u_b = 0.0;
// CHECK: c_b += x[i] * t_b;
// CHECK-NEXT: t_b = 0.0;
// CHECK: {{^}$}}
// CHECK-LABEL: static void f_bwd_d(const double *x, const double *x_d, double *restrict x_b, double *restrict x_bd, double ret_b, double ret_bd){{$}}
// CHECK: u_bd = 2.0 *
// CHECK-NEXT: u_b = 2.0 * (s_b * ck_v{{[0-9]*}});
// CHECK: c_bd += 
// CHECK-NEXT: c_b += x[i] * t_b;
// CHECK: {{^}$}}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("zero carried", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL,
			N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
