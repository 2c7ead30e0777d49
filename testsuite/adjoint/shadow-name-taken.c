// Parameters named like the shadows of an active one, as control and
// estimation code names a desired state x_d or a bound u_b: the shadows
// take the next free name (x_d2, x_b2, x_bd2), in every mode; the names
// of a prototype's parameters are no part of its interface.  ckc refused
// such functions ("cannot name the tangent of parameter 'x': 'x_d' is
// already used").  A parameter named like the seed's tangent ret_bd
// leaves the result's shadows the base res (adjoint/param-named-ret.c),
// and so does a local named like one of them (double ret_d in g).
// The sed variants: a parameter x_bd, and ret_bd.  Tangent, gradient,
// Hessian-vector products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.h
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: sed 's/u_b/x_bd/g' %s > %t.dir/shadow-name-taken.c
// RUN: %ckc %t.dir/shadow-name-taken.c -o %t.dir/out.c
// RUN: FileCheck %s --check-prefix=BD --input-file %t.dir/out.h
// RUN: %ckc-run --one %t.dir/out.c %t.dir/shadow-name-taken.c %t.dir/bd > %t.dir/bd.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.dir/bd.out
// RUN: sed 's/u_b/ret_bd/g' %s > %t.dir/shadow-name-taken.c
// RUN: %ckc %t.dir/shadow-name-taken.c -o %t.dir/out.c
// RUN: FileCheck %s --check-prefix=RET --input-file %t.dir/out.h
#define N 3

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, const double *x_d, double u_b)
{
	double s = 0.0;
	for (int i = 0; i < N; i++)
		s += (x[i] - x_d[i]) * (x[i] - x_d[i]) * x[(i + 1) % N];
	return s + u_b * x[0];
}
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double g(const double *x)
{
	double ret_d = x[0] * x[1], u_d = x[2];
	return ret_d * u_d;
}
// CHECK-DAG: double f_d(const double *x, const double *x_d2, const double *x_d, double u_b, double *ret_d);
// CHECK-DAG: double f_b(const double *x, double *x_b, const double *x_d, double u_b, double ret_b);
// CHECK-DAG: double f_b_d(const double *x, const double *x_d2, double *x_b, double *x_bd, const double *x_d, double u_b, double ret_b, double ret_bd);
// CHECK-DAG: double g_d(const double *x, const double *x_d, double *res_d);
// CHECK-DAG: double g_b(const double *x, double *x_b, double res_b);
// CHECK-DAG: double g_b_d(const double *x, const double *x_d, double *x_b, double *x_bd, double res_b, double res_bd);
// BD: double f_b_d(const double *x, const double *x_d2, double *x_b, double *x_bd2, const double *x_d, double x_bd, double ret_b, double ret_bd);
// RET: double f_b_d(const double *x, const double *x_d2, double *x_b, double *x_bd, const double *x_d, double ret_bd, double res_b, double res_bd);

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static const double xd[N] = { 0.25, -0.5, 0.75 };
static double ub = 0.5;
KC_SCALAR_WRAPPERS(f, xd, ub)
KC_SCALAR_WRAPPERS_PLAIN_AS(kg, g)

int main(void)
{
	volatile double one = 1.0;
	double v[N] = { 0.3 * one, -0.7 * one, 1.1 * one };
	kc_check_scalar("parameters named like shadows", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("a local named ret_d", kg, kg_d, kg_b, kg_b_d, NULL, v,
			NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
