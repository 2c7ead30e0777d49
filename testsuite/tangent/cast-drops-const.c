// A cast that drops the const of an input, (double *)x with x a const
// double *, into a struct's pointer member (vec v = { 3, (double *)x },
// w.data = (double *)x + 1) and a local pointer: the shadow gets the same
// cast, v_d.data = (double *)x_d.  ckc kept const on the shadow's cast,
// (const double *)x_d, which gcc calls discarding a qualifier when it is
// stored in a double * (f_d and f_dv did not compile under -Werror).
// Gradients, Hessian-vector products and the dot-product test against
// differences; each direction of f_dv is bitwise f_d's.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 4

typedef struct {
	int n;
	double *data;
} vec;

static double sumsq(const vec *v)
{
	double s = 0;
	for (int i = 0; i < v->n; i++)
		s += v->data[i] * sin(v->data[i]);
	return s;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
#pragma ck_tangent wrt(x) vector
double f(const double *x)
{
	double *p = (double *)x;
	vec v = { 3, (double *)x };
	vec w;
	w.n = 2;
	w.data = (double *)x + 1;
	return sumsq(&v) * p[3] + sumsq(&w);
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: double *p_d = (double *)x_d;
// CHECK: v_d.data = (double *)x_d;
// CHECK: w_d.data = (double *)x_d + 1;
// CHECK-LABEL: double f_dv(
// CHECK: double *p_dv = (double *)x_dv;
// CHECK: v_dv[ck_k].data = (double *)x_dv;

#ifdef CK_TEST_MAIN
#include <string.h>

#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double x[N];
	for (int i = 0; i < N; i++)
		x[i] = ck_rand() - 0.5;
	kc_check_scalar("cast away const", kf, kf_d, kf_b, kf_b_d, NULL, x,
			NULL, N, 3);
	enum { ND = 3 };
	double xdv[N * ND], rdv[ND];
	for (int i = 0; i < N * ND; i++)
		xdv[i] = ck_rand() - 0.5;
	f_dv(x, xdv, ND, rdv);
	for (int k = 0; k < ND; k++) {
		double xd[N], rd;
		for (int i = 0; i < N; i++)
			xd[i] = xdv[i * ND + k];
		f_d(x, xd, &rd);
		ck_check("f_dv direction is f_d's, bitwise",
			 memcmp(&rd, &rdv[k], sizeof rd) == 0);
	}
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
