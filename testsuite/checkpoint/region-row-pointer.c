// A pointer to a row of an array of rows, double *r = A[i], used in a
// checkpoint region, an online(K) loop or a binomial(K) loop: over a
// parameter (const double A[N][N]), a local array written through the
// pointer, rows from malloc (double (*M)[2]), a moving pointer (r++, a
// column walked with c += N in a for's step), and a row passed whole to
// a helper.  ckc refused these ("a pointer into a row ... which ckc
// cannot recompute yet"); the pointer is now an offset into the flat
// view of the rows, an int that the recomputation keeps.  f_b and f_b_d
// are bit for bit those of ckc --no-checkpoint (outputs compared with
// cmp); gradients, Hessian-vector products and the dot-product test
// against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: cmp %t.out %t.plain.out
// CHECK-LABEL: static double param_rows_fwd(const double *x, const double (*A)[4], int n){{$}}
// CHECK: t += ((const double *)A)[ck_r + j] * sin(u[j]);
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>
#include <stdlib.h>
#define N 4

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double param_rows(const double *x, const double A[N][N], int n)
{
	double s = 0.0, u[N];
	for (int i = 0; i < N; i++)
		u[i] = x[i];
	for (int k = 0; k < n; k++) {
#pragma ck_checkpoint save(u[0:N])
		for (int i = 0; i < N; i++) {
			const double *r = A[i];
			double t = 0;
			for (int j = 0; j < N; j++)
				t += r[j] * sin(u[j]);
			const double *c = &A[0][i];
			for (int j = 0; j < N; j++, c += N)
				t += 0.25 * *c * u[j];
			u[i] = 0.5 * u[i] + 0.1 * t * t;
		}
	}
	for (int i = 0; i < N; i++)
		s += u[i] * u[i];
	return s;
}

/* written through the pointer, in a binomial loop; a pointer walked
 * along its row */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double local_rows(const double *x, int n)
{
	double L[N][N];
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			L[i][j] = x[j] * (1.0 + 0.1 * i);
#pragma ck_checkpoint binomial(2) save(L[0:N])
	for (int k = 0; k < n; k++) {
		for (int i = 0; i < N; i++) {
			double *r = L[i];
			const double *q = &L[(i + 1) % N][0];
			for (int j = 0; j < N; j++) {
				r[j] = r[j] * 0.9 + 0.05 * sin(*q);
				q++;
			}
		}
	}
	double s = 0.0;
	for (int i = 0; i < N; i++)
		s += L[i][i] * L[i][N - 1 - i];
	return s;
}

/* rows from malloc, in a region; rows in an online(K) loop */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double heap_rows(const double *x, int n)
{
	double(*M)[2] = malloc(N * sizeof *M);
	for (int i = 0; i < N; i++) {
		M[i][0] = x[i];
		M[i][1] = cos(x[i]);
	}
#pragma ck_checkpoint save(M[0:N])
	{
		double *r = M[1];
		r[0] = r[0] * r[1];
	}
	int k = 0;
#pragma ck_checkpoint online(2) save(M[0:N])
	while (k < n) {
		double *row = M[k % N];
		row[1] = row[0] * sin(row[1]) + 0.5;
		k++;
	}
	double s = 0.0;
	for (int i = 0; i < N; i++)
		s += M[i][0] * M[i][1];
	free(M);
	return s;
}

/* a row passed whole to a helper that changes it */
static void relax(double *r, const double *u)
{
	for (int j = 0; j < N; j++)
		r[j] = 0.5 * r[j] + sin(u[j] * r[j]);
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double helper_rows(const double *x, int n)
{
	double L[N][N], u[N];
	for (int i = 0; i < N; i++) {
		u[i] = x[i];
		for (int j = 0; j < N; j++)
			L[i][j] = x[j] * (i + 1);
	}
	for (int k = 0; k < n; k++) {
#pragma ck_checkpoint save(L[0:N])
		for (int i = 0; i < N; i++) {
			double *r = L[i];
			relax(r, u);
		}
	}
	double s = 0;
	for (int i = 0; i < N; i++)
		s += L[i][i] * L[i][0];
	return s;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static const double AA[N][N] = { { 0.5, -0.2, 0.1, 0.3 },
				 { 0.2, 0.4, -0.3, 0.1 },
				 { -0.1, 0.3, 0.6, 0.2 },
				 { 0.3, 0.1, 0.2, -0.4 } };
KC_SCALAR_WRAPPERS_AS(kp, param_rows, AA, 5)
KC_SCALAR_WRAPPERS_AS(kl, local_rows, 5)
KC_SCALAR_WRAPPERS_AS(kh, heap_rows, 7)
KC_SCALAR_WRAPPERS_AS(kr, helper_rows, 3)

int main(void)
{
	double v[N];
	volatile double one = 1.0;
	for (int i = 0; i < N; i++)
		v[i] = 0.1 * (i + 3) * one;
	kc_check_scalar("rows of a parameter", kp, kp_d, kp_b, kp_b_d, NULL, v,
			NULL, N, 3);
	kc_check_scalar("rows of a local, binomial", kl, kl_d, kl_b, kl_b_d,
			NULL, v, NULL, N, 3);
	kc_check_scalar("rows from malloc, online", kh, kh_d, kh_b, kh_b_d,
			NULL, v, NULL, N, 3);
	kc_check_scalar("a row to a helper", kr, kr_d, kr_b, kr_b_d, NULL, v,
			NULL, N, 3);
	return ck_done();
}
#endif
