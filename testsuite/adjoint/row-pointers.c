// Parameters declared as pointers to row pointers, double **A (the rows
// of a matrix allocated one by one): ckc reads A[i][j] through a struct of
// one pointer member (struct ck_rows_double *, A[i].p[j]), so every mode
// follows the rows as it follows a struct's pointer members, and the
// public functions declare them as written (const double *const *A) with
// shadows double **A_b whose rows the caller allocates with the primal's
// shape.  Read-only rows, a row passed to a helper as double *, the
// matrix passed to a helper declared the same way, rows changed in place
// (out()), and read-only rows declared double **A, whose tangent shadow
// is a double ** too.  Gradients, Hessian-vector products and the dot-product test
// against differences; the out() function's J d and J^T yb against
// differences and each other.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: FileCheck %s --check-prefix=G --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
#include <math.h>

static double rowdot(const double *r, const double *x, int m)
{
	double s = 0.0;
	for (int j = 0; j < m; j++)
		s += r[j] * x[j];
	return s;
}

static double diag(const double *const *A, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += A[i][i] * A[i][i];
	return s;
}

#pragma ck_tangent wrt(A, x)
#pragma ck_adjoint wrt(A, x)
#pragma ck_hvp wrt(A, x)
double f(const double *const *A, const double *x, int n, int m)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += tanh(rowdot(A[i], x, m));
	return s + diag(A, n) * x[0];
}
// CHECK: struct ck_rows_double {
// CHECK-NEXT: double *p;
// CHECK-LABEL: double f_d(const double *const *A, const double *const *A_d, const double *x, const double *x_d, int n, int m, double *ret_d){{$}}
// CHECK-NEXT: {
// CHECK-NEXT: const struct ck_rows_double *A2 = (const struct ck_rows_double *)A;
// CHECK: double f_b(const double *const *A, double **A_b, const double *x, double *x_b, int n, int m, double ret_b){{$}}

/* rows changed in place: each row scaled and shifted by its neighbour */
#pragma ck_tangent wrt(A, s) out(A)
#pragma ck_adjoint wrt(A, s) out(A)
void mix(double **A, const double *s, int n, int m)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++)
			A[i][j] = A[i][j] * s[i] + sin(A[(i + 1) % n][j]);
}
// CHECK: void mix_b(double **A, double **A_b, const double *s, double *s_b, int n, int m){{$}}

/* declared double **A but only read: the tangent's shadow is a double **
 * too, since a double ** does not convert to a const double *const * */
#pragma ck_tangent wrt(A)
#pragma ck_hvp wrt(A)
double g(double **A, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += sin(A[i][i]) * A[i][(i + 1) % n];
	return s;
}
// G: double g_d(double **A, double **A_d, int n, double *ret_d){{$}}
// G: double g_b_d(double **A, double **A_d, double **A_b, double **A_bd, int n, double ret_b, double ret_bd){{$}}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

enum { NR = 3, NC = 4, NV = NR * NC + NC };

/* the rows of the flat v (and of its shadows) */
static void rows_of(const double *v, const double **r)
{
	for (int i = 0; i < NR; i++)
		r[i] = v + i * NC;
}
static void wrows_of(double *v, double **r)
{
	for (int i = 0; i < NR; i++)
		r[i] = v + i * NC;
}

static double kf(const double *v, void *ctx)
{
	const double *a[NR];
	(void)ctx;
	rows_of(v, a);
	return f(a, v + NR * NC, NR, NC);
}
static double kf_d(const double *v, const double *vd, double *dot, void *ctx)
{
	const double *a[NR], *ad[NR];
	(void)ctx;
	rows_of(v, a);
	rows_of(vd, ad);
	return f_d(a, ad, v + NR * NC, vd + NR * NC, NR, NC, dot);
}
static double kf_b(const double *v, double *vb, double rb, void *ctx)
{
	const double *a[NR];
	double *ab[NR];
	(void)ctx;
	rows_of(v, a);
	wrows_of(vb, ab);
	return f_b(a, ab, v + NR * NC, vb + NR * NC, NR, NC, rb);
}
static double kf_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int nv, void *ctx)
{
	const double *a[NR], *ad[NR];
	double *ab[NR], *abd[NR];
	(void)ctx;
	(void)nv;
	rows_of(v, a);
	rows_of(vd, ad);
	wrows_of(vb, ab);
	wrows_of(vbd, abd);
	return f_b_d(a, ad, ab, abd, v + NR * NC, vd + NR * NC, vb + NR * NC,
		     vbd + NR * NC, NR, NC, rb, rbd);
}

/* mix: v holds A (NR x NC) then s (NR); y is A after the call */
enum { MV = NR * NC + NR, MY = NR * NC };
static void km(const double *v, double *y, void *ctx)
{
	double *a[NR];
	(void)ctx;
	for (int i = 0; i < MY; i++)
		y[i] = v[i];
	wrows_of(y, a);
	mix(a, v + MY, NR, NC);
}
static void km_d(const double *v, const double *vd, double *y, double *yd,
		 void *ctx)
{
	double *a[NR], *ad[NR];
	(void)ctx;
	for (int i = 0; i < MY; i++) {
		y[i] = v[i];
		yd[i] = vd[i];
	}
	wrows_of(y, a);
	wrows_of(yd, ad);
	mix_d(a, ad, v + MY, vd + MY, NR, NC);
}
static void km_b(const double *v, double *vb, double *y, double *yb,
		 void *ctx)
{
	double *a[NR], *ab[NR];
	(void)ctx;
	for (int i = 0; i < MY; i++)
		y[i] = v[i];
	wrows_of(y, a);
	/* A_b: the seed yb on entry, A's adjoint on return */
	wrows_of(yb, ab);
	mix_b(a, ab, v + MY, vb + MY, NR, NC);
	for (int i = 0; i < MY; i++)
		vb[i] += yb[i];
}

/* g on writable copies of v's rows, as a caller holds them */
enum { NG = NR * NR };
static double kg(const double *v, void *ctx)
{
	double c[NG], *a[NR];
	(void)ctx;
	for (int i = 0; i < NG; i++)
		c[i] = v[i];
	for (int i = 0; i < NR; i++)
		a[i] = c + i * NR;
	return g(a, NR);
}
static double kg_d(const double *v, const double *vd, double *dot, void *ctx)
{
	double c[NG], cd[NG], *a[NR], *ad[NR];
	(void)ctx;
	for (int i = 0; i < NG; i++) {
		c[i] = v[i];
		cd[i] = vd[i];
	}
	for (int i = 0; i < NR; i++) {
		a[i] = c + i * NR;
		ad[i] = cd + i * NR;
	}
	return g_d(a, ad, NR, dot);
}
static double kg_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int nv, void *ctx)
{
	double c[NG], cd[NG], *a[NR], *ad[NR], *ab[NR], *abd[NR];
	(void)ctx;
	(void)nv;
	for (int i = 0; i < NG; i++) {
		c[i] = v[i];
		cd[i] = vd[i];
	}
	for (int i = 0; i < NR; i++) {
		a[i] = c + i * NR;
		ad[i] = cd + i * NR;
		ab[i] = vb + i * NR;
		abd[i] = vbd + i * NR;
	}
	return g_b_d(a, ad, ab, abd, NR, rb, rbd);
}
static double kg_b(const double *v, double *vb, double rb, void *ctx)
{
	double vd[NG] = {0}, vbd[NG] = {0};
	return kg_b_d(v, vd, vb, vbd, rb, 0.0, NG, ctx);
}

int main(void)
{
	double v[NV], w[MV];
	for (int i = 0; i < NV; i++)
		v[i] = 0.5 * ck_rand();
	for (int i = 0; i < MV; i++)
		w[i] = 0.5 * ck_rand();
	kc_check_scalar("f", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, NV, 3);
	kc_check_vector("mix", km, km_d, km_b, NULL, w, NULL, MV, MY, 3);
	kc_check_scalar("g", kg, kg_d, kg_b, kg_b_d, NULL, v, NULL, NG, 3);
	return ck_done();
}
#endif
