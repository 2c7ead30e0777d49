/*
 * linsolve.c - x = A^-1 b by Gaussian elimination with partial pivoting,
 * and its derivatives by hand.  ckc does not read this file: the model
 * calls solve() and names these derivatives with #pragma ck_derivative
 * (linsolve.h).
 *
 *   tangent:  x_d = A^-1 (b_d - A_d x)
 *   adjoint:  l = A^-T x_b;  b_b += l;  A_b -= l x^T;  x_b = 0
 *             (x is an output only: the adjoint of its input value is 0)
 *   second order, the tangent of the adjoint:
 *             l_d = A^-T (x_bd - A_d^T l);  b_bd += l_d;
 *             A_bd -= l_d x^T + l x_d^T;  x_bd = 0
 *
 * Every shadow may be NULL (no derivative there): NULL inputs count as
 * zero, NULL outputs are not written.
 */
#include "linsolve.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* An LU factorization with row pivoting of A or of A^T. */
typedef struct LU {
	int n;
	double *a; /* L below the diagonal (unit diagonal), U on and above */
	int *p;    /* row i of the factors is row p[i] of the matrix */
} LU;

static void *ls_alloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p) {
		fputs("linsolve: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

static LU lu_factor(int n, const double *A, int transpose)
{
	LU f;
	f.n = n;
	f.a = ls_alloc(sizeof(double) * (size_t)n * (size_t)n);
	f.p = ls_alloc(sizeof(int) * (size_t)n);
	for (int i = 0; i < n; i++) {
		f.p[i] = i;
		for (int j = 0; j < n; j++)
			f.a[i * n + j] = transpose ? A[j * n + i] : A[i * n + j];
	}
	for (int k = 0; k < n; k++) {
		int piv = k;
		for (int i = k + 1; i < n; i++)
			if (fabs(f.a[i * n + k]) > fabs(f.a[piv * n + k]))
				piv = i;
		if (piv != k) {
			for (int j = 0; j < n; j++) {
				double t = f.a[k * n + j];
				f.a[k * n + j] = f.a[piv * n + j];
				f.a[piv * n + j] = t;
			}
			int t = f.p[k];
			f.p[k] = f.p[piv];
			f.p[piv] = t;
		}
		for (int i = k + 1; i < n; i++) {
			double m = f.a[i * n + k] / f.a[k * n + k];
			f.a[i * n + k] = m;
			for (int j = k + 1; j < n; j++)
				f.a[i * n + j] -= m * f.a[k * n + j];
		}
	}
	return f;
}

/* x = M^-1 r for the factored matrix M (x and r may not overlap). */
static void lu_solve(const LU *f, const double *r, double *x)
{
	int n = f->n;
	for (int i = 0; i < n; i++) {
		double s = r[f->p[i]];
		for (int j = 0; j < i; j++)
			s -= f->a[i * n + j] * x[j];
		x[i] = s;
	}
	for (int i = n - 1; i >= 0; i--) {
		double s = x[i];
		for (int j = i + 1; j < n; j++)
			s -= f->a[i * n + j] * x[j];
		x[i] = s / f->a[i * n + i];
	}
}

static void lu_free(LU *f)
{
	free(f->a);
	free(f->p);
}

static double *vec(int n)
{
	return ls_alloc(sizeof(double) * (size_t)n);
}

void solve(int n, const double *A, const double *b, double *x)
{
	LU f = lu_factor(n, A, 0);
	lu_solve(&f, b, x);
	lu_free(&f);
}

/* r = b_d - A_d x, with NULL meaning zero */
static void tangent_rhs(int n, const double *A_d, const double *b_d,
			const double *x, double *r)
{
	for (int i = 0; i < n; i++) {
		double s = b_d ? b_d[i] : 0.0;
		if (A_d)
			for (int j = 0; j < n; j++)
				s -= A_d[i * n + j] * x[j];
		r[i] = s;
	}
}

void solve_d(int n, const double *A, const double *A_d, const double *b,
	     const double *b_d, double *x, double *x_d)
{
	LU f = lu_factor(n, A, 0);
	double *r = vec(n);
	lu_solve(&f, b, x);
	if (x_d) {
		tangent_rhs(n, A_d, b_d, x, r);
		lu_solve(&f, r, x_d);
	}
	free(r);
	lu_free(&f);
}

void solve_b(int n, const double *A, double *A_b, const double *b,
	     double *b_b, double *x, double *x_b)
{
	LU f = lu_factor(n, A, 0), ft = lu_factor(n, A, 1);
	double *l = vec(n);
	lu_solve(&f, b, x);
	if (x_b) {
		lu_solve(&ft, x_b, l);
		for (int i = 0; i < n; i++) {
			if (b_b)
				b_b[i] += l[i];
			if (A_b)
				for (int j = 0; j < n; j++)
					A_b[i * n + j] -= l[i] * x[j];
		}
		for (int i = 0; i < n; i++)
			x_b[i] = 0.0;
	}
	free(l);
	lu_free(&f);
	lu_free(&ft);
}

void solve_b_d(int n, const double *A, const double *A_d, double *A_b,
	       double *A_bd, const double *b, const double *b_d, double *b_b,
	       double *b_bd, double *x, double *x_d, double *x_b,
	       double *x_bd)
{
	LU f = lu_factor(n, A, 0), ft = lu_factor(n, A, 1);
	double *l = vec(n), *ld = vec(n), *r = vec(n), *xd = vec(n);
	lu_solve(&f, b, x);
	tangent_rhs(n, A_d, b_d, x, r);
	lu_solve(&f, r, xd);
	if (x_d)
		for (int i = 0; i < n; i++)
			x_d[i] = xd[i];
	if (x_b) {
		lu_solve(&ft, x_b, l);
		/* r = x_bd - A_d^T l */
		for (int j = 0; j < n; j++) {
			double s = x_bd ? x_bd[j] : 0.0;
			if (A_d)
				for (int i = 0; i < n; i++)
					s -= A_d[i * n + j] * l[i];
			r[j] = s;
		}
		lu_solve(&ft, r, ld);
		for (int i = 0; i < n; i++) {
			if (b_b)
				b_b[i] += l[i];
			if (b_bd)
				b_bd[i] += ld[i];
			for (int j = 0; j < n; j++) {
				if (A_b)
					A_b[i * n + j] -= l[i] * x[j];
				if (A_bd)
					A_bd[i * n + j] -= ld[i] * x[j] + l[i] * xd[j];
			}
		}
		for (int i = 0; i < n; i++) {
			x_b[i] = 0.0;
			if (x_bd)
				x_bd[i] = 0.0;
		}
	}
	free(l);
	free(ld);
	free(r);
	free(xd);
	lu_free(&f);
	lu_free(&ft);
}
