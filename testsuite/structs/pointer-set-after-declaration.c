// CSparse's style: pointers declared first and set once later from a
// struct's members, `int j, *Lp; double *Lx; Lp = L->p; Lx = L->x;`
// (cs_gaxpy, cs_lsolve).  The reverse mode refused them ("cannot follow
// the local pointer 'Lp' into the members of a struct yet") although it
// took `int *Lp = L->p;`; such a declaration now moves to the one
// statement that sets the pointer when nothing mentions it in between.
// Gradients (along the right-hand side), Hessian-vector products and the
// dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// CHECK-LABEL: static void lsolve_bwd(const cs *L, double *restrict x_b){{$}}
// CHECK: ck_a2 = x_b[L->i[p]];
// OUT-NOT: FAIL
// OUT: checks, 0 failed
#define N 4

typedef struct {
	int n;
	int *p, *i;
	double *x;
} cs;

/* y += A x, A in compressed columns */
static void gaxpy(const cs *A, const double *x, double *y)
{
	int p, j, n, *Ap, *Ai;
	double *Ax;
	n = A->n;
	Ap = A->p;
	Ai = A->i;
	Ax = A->x;
	for (j = 0; j < n; j++)
		for (p = Ap[j]; p < Ap[j + 1]; p++)
			y[Ai[p]] += Ax[p] * x[j];
}

/* L x = b, L lower triangular with its diagonal first in each column */
static void lsolve(const cs *L, double *x)
{
	int p, j, n, *Lp, *Li;
	double *Lx;
	n = L->n;
	Lp = L->p;
	Li = L->i;
	Lx = L->x;
	for (j = 0; j < n; j++) {
		x[j] /= Lx[Lp[j]];
		for (p = Lp[j] + 1; p < Lp[j + 1]; p++)
			x[Li[p]] -= Lx[p] * x[j];
	}
}

#pragma ck_tangent wrt(b)
#pragma ck_adjoint wrt(b)
#pragma ck_hvp wrt(b)
double solve(const double *b, double *lx, int *colp, int *rowi)
{
	double x[N], y[N] = { 0 };
	for (int k = 0; k < N; k++)
		x[k] = b[k];
	cs L = { N, colp, rowi, lx };
	lsolve(&L, x);
	gaxpy(&L, x, y);
	double s = 0.0;
	for (int k = 0; k < N; k++)
		s += x[k] * y[k];
	return s;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static int colp[N + 1] = { 0, 3, 5, 7, 8 };
static int rowi[8] = { 0, 1, 3, 1, 2, 2, 3, 3 };
static double LX[8] = { 2.0, 0.3, -0.2, 1.5, 0.4, 1.8, 0.1, 2.2 };
KC_SCALAR_WRAPPERS_AS(ks, solve, LX, colp, rowi)

int main(void)
{
	volatile double one = 1.0;
	double v[N] = { 0.5 * one, -0.4 * one, 0.9 * one, 0.3 * one };
	kc_check_scalar("CSparse solve and product", ks, ks_d, ks_b, ks_b_d,
			NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
