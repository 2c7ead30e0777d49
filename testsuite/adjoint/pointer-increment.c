// The x++ of pointers and of several variables in one statement, and in a
// declaration's initializer: *q++ = e * *p++ is *q = e * *p; q++; p++,
// *++r = e is r++; *r = e, and double v = *p++ declares v from *p, then
// p++.  Each increment is of its own local or parameter, mentioned once in
// the statement.  Gradients, Hessian-vector products and the dot-product
// test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 6

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double y[N], z[N + 1], s = 0.0;
	double *q = y, *r = z;
	const double *p = x, *t = y;
	int i, k = 0;
	for (i = 0; i < N; i++)
		*q++ = sin(*p++) * x[k++];
	*r = 0.5;
	for (i = 0; i < N; i++)
		*++r = y[i] * y[N - 1 - i];
	for (i = 0; i < N; i++) {
		double v = *t++;
		const double *w = r--;
		s += v * *w;
	}
	return s + z[0] * (double)(q - y);
}

/* A pointer parameter stepped along its array: walked through a copy. */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double g(const double *x, int n)
{
	double s = 0.0;
	while (n > 0) {
		n--;
		s += exp(0.1 * *x++) * (double)n;
	}
	return s;
}

/* A walked parameter named in a region's save(): the copy's place (a
 * const double *x would not be saved: the region cannot change it). */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double h(double *x, int n)
{
	double y[N] = {0.0}, s = 0.0;
	int i, t;
	x++;
	for (t = 0; t < 3; t++) {
#pragma ck_checkpoint save(x[0:n - 1], y[0:n - 1])
		for (i = 0; i < n - 1; i++)
			y[i] = sin(x[i] + y[i]);
	}
	for (i = 0; i < n - 1; i++)
		s += y[i] * y[i];
	return s;
}

// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: double ck_e = sin(*p);
// CHECK-NEXT: *q_d = cos(*p) * *p_d * x[k] + ck_e * x_d[k];
// CHECK-NEXT: *q = ck_e * x[k];
// CHECK-NEXT: q_d++;
// CHECK-NEXT: q++;
// CHECK-NEXT: p_d++;
// CHECK-NEXT: p++;
// CHECK-NEXT: k++;
// CHECK: r_d++;
// CHECK-NEXT: r++;
// CHECK-NEXT: *r_d =
// CHECK: v = *t;
// CHECK: t++;
// CHECK-LABEL: static double g_fwd(const double *x, int n){{$}}
// CHECK: const double *ck_x = x;
// CHECK: ck_x = x;
// CHECK: ck_x++;
// CHECK: ck_push_i(ck_t, (long)(ck_x - x));
// CHECK-LABEL: static double h_fwd(double *x, int n){{$}}
// CHECK: CK_SAVE_N(ck_s, ck_x + 0, n - 1);

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

KC_SCALAR_WRAPPERS_AS(kg, g, N)

static double kh(const double *v, void *ctx)
{
	(void)ctx;
	return h((double *)v, N);
}
static double kh_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return h_d((double *)v, (double *)vd, N, dot);
}
static double kh_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return h_b((double *)v, vb, N, rb);
}
static double kh_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int nv, void *ctx)
{
	(void)ctx;
	(void)nv;
	return h_b_d((double *)v, (double *)vd, vb, vbd, N, rb, rbd);
}

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("x++ of pointers", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, N, 3);
	kc_check_scalar("a pointer parameter walked", kg, kg_d, kg_b, kg_b_d,
			NULL, v, NULL, N, 3);
	kc_check_scalar("a walked parameter in save()", kh, kh_d, kh_b,
			kh_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
