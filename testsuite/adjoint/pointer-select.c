// A local pointer that selects one of two parameters, `const double *src
// = flag ? x : y;`, and is only read through afterwards becomes the
// choice itself: each read src[i] is `ck_src ? x[i] : y[i]`, with the
// choice kept in an int, so every mode sees both arrays with their own
// derivatives; declared in a loop's body, it chooses anew each pass, and
// declared without a value, it may be chosen by an if that sets it in
// both arms (the arms set the int).
// Gradients, Hessian-vector products and the dot-product test against
// differences, for both choices.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
#include <math.h>

#define N 5

#pragma ck_tangent wrt(x, y)
#pragma ck_adjoint wrt(x, y)
#pragma ck_hvp wrt(x, y)
double f(const double *x, const double *y, int n, int flag)
{
	const double *src = flag ? x : y;
	double s = *src * x[n - 1];
	for (int i = 0; i < n; i++)
		s += sin(src[i]) * x[i] * y[(i + 1) % n];
	flag = !flag; /* the choice was made at the declaration */
	return s + src[n / 2] * src[n / 2];
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, const double *y, const double *y_d, int n, int flag, double *ret_d){{$}}
// CHECK: int ck_src = flag ? 1 : 0;
// CHECK: (ck_src ? x[i] : y[i])

/* a choice per pass: odd passes read x, even ones y */
#pragma ck_tangent wrt(x, y)
#pragma ck_adjoint wrt(x, y)
#pragma ck_hvp wrt(x, y)
double g(const double *x, const double *y, int n, int flag)
{
	double s = 0.0;
	for (int i = 0; i < n; i++) {
		const double *src = (i + flag) % 2 ? x : y;
		s += src[i] * cos(src[(i + 1) % n]);
	}
	return s;
}
// CHECK-LABEL: double g_d(const double *x, const double *x_d, const double *y, const double *y_d, int n, int flag, double *ret_d){{$}}
// CHECK: int ck_src = ((i + flag) % 2) ? 1 : 0;

/* the choice made by an if, in both arms, for two pointers */
#pragma ck_tangent wrt(x, y)
#pragma ck_adjoint wrt(x, y)
#pragma ck_hvp wrt(x, y)
double h(const double *x, const double *y, int n, int flag)
{
	const double *p, *q;
	if (flag) {
		p = x;
		q = y;
	} else {
		p = y;
		q = x;
	}
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += p[i] * p[i] * exp(0.3 * q[i]);
	return s;
}
// CHECK-LABEL: double h_d(const double *x, const double *x_d, const double *y, const double *y_d, int n, int flag, double *ret_d){{$}}
// CHECK: int ck_p;
// CHECK: int ck_q;
// CHECK: ck_p = 1;
// CHECK-NEXT: ck_q = 1;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
static int flag;

/* f(x, y, N, flag) and its derivatives as kernelcheck's functions of
 * v = (x, y) */
#define SEL_WRAPPERS(K, F)                                                   \
	static double K(const double *v, void *ctx)                          \
	{                                                                    \
		(void)ctx;                                                   \
		return F(v, v + N, N, flag);                                 \
	}                                                                    \
	static double K##_d(const double *v, const double *vd, double *dot,  \
			    void *ctx)                                       \
	{                                                                    \
		(void)ctx;                                                   \
		return F##_d(v, vd, v + N, vd + N, N, flag, dot);            \
	}                                                                    \
	static double K##_b(const double *v, double *vb, double rb, void *ctx) \
	{                                                                    \
		(void)ctx;                                                   \
		return F##_b(v, vb, v + N, vb + N, N, flag, rb);             \
	}                                                                    \
	static double K##_b_d(const double *v, const double *vd, double *vb, \
			      double *vbd, double rb, double rbd, int nv,    \
			      void *ctx)                                     \
	{                                                                    \
		(void)ctx;                                                   \
		(void)nv;                                                    \
		return F##_b_d(v, vd, vb, vbd, v + N, vd + N, vb + N, vbd + N, \
			       N, flag, rb, rbd);                            \
	}

SEL_WRAPPERS(k0, f)
SEL_WRAPPERS(k1, g)
SEL_WRAPPERS(k2, h)

int main(void)
{
	double v[2 * N];
	for (int i = 0; i < 2 * N; i++)
		v[i] = ck_rand();
	for (flag = 0; flag < 2; flag++)
		kc_check_scalar("a pointer selecting a parameter", k0, k0_d,
				k0_b, k0_b_d, NULL, v, NULL, 2 * N, 3);
	for (flag = 0; flag < 2; flag++)
		kc_check_scalar("a choice per pass of a loop", k1, k1_d, k1_b,
				k1_b_d, NULL, v, NULL, 2 * N, 3);
	for (flag = 0; flag < 2; flag++)
		kc_check_scalar("a choice made by an if", k2, k2_d, k2_b,
				k2_b_d, NULL, v, NULL, 2 * N, 3);
	return ck_done();
}
#endif
