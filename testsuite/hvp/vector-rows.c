// Vector mode on rows behind pointers: a malloc'd T (*P)[m], a row pointer
// walking a local 2-D array (R++, R -= 3), a cast malloc of 3-D rows and
// rows read through a cast of a flat input.  The shadow of a pointer to
// rows points to rows of m * ck_nd values, as a local 2-D array's shadow
// has them, and offsets in rows are not scaled by ck_nd (f_dv declared
// double (*P_dv)[2] and wrote P_dv[i][j * ck_nd + k] across the rows).
//   - each direction of f_dv is bitwise f_d's, for nd = 1, 2, 7 and 16;
//   - x_b and each direction of x_bdv (with ret_bdv[k]) from f_b_dv are
//     bitwise f_b_d's along that direction.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>
#include <stdlib.h>

#pragma ck_tangent wrt(x)
#pragma ck_tangent wrt(x) vector
#pragma ck_hvp wrt(x)
#pragma ck_hvp wrt(x) vector
double heap(const double *x, int n)
{
	double (*P)[2] = malloc(n * sizeof *P);
	for (int i = 0; i < n; i++) {
		P[i][0] = x[i] * x[i];
		P[i][1] = x[i];
	}
	double s = 0;
	for (int i = 0; i < n; i++)
		s += P[i][0] * P[i][1];
	free(P);
	return s;
}
// CHECK-LABEL: double heap_dv(
// CHECK: double (*P_dv)[2 * ck_nd] = ck_shadow_alloc(n * 16UL * ck_nd);
// CHECK: P_dv[i][ck_nd + ck_k] = x_dv[i * ck_nd + ck_k];

#pragma ck_tangent wrt(x)
#pragma ck_tangent wrt(x) vector
#pragma ck_hvp wrt(x)
#pragma ck_hvp wrt(x) vector
double walk(const double *x, int n)
{
	double A[4][2];
	double (*R)[2] = A;
	for (int i = 0; i < 4; i++) {
		A[i][0] = x[i % n] * 2;
		A[i][1] = sin(x[(i + 1) % n]);
	}
	double s = 0;
	for (int i = 0; i < 4; i++) {
		s += R[0][0] * R[0][1];
		R++;
	}
	R -= 3;
	s += R[1][0] * R[0][1];
	return s;
}
// CHECK-LABEL: double walk_dv(
// CHECK: double (*R_dv)[2 * ck_nd] = A_dv;
// CHECK: R_dv++;
// CHECK: R_dv -= 3;

#pragma ck_tangent wrt(x)
#pragma ck_tangent wrt(x) vector
#pragma ck_hvp wrt(x)
#pragma ck_hvp wrt(x) vector
double cube(const double *x, int n)
{
	double (*T)[2][3] = (double (*)[2][3])malloc(n * sizeof *T);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < 2; j++)
			for (int k = 0; k < 3; k++)
				T[i][j][k] = x[i] * (k + 1) + x[(i + j) % n];
	double s = 0;
	for (int i = 0; i < n; i++)
		s += T[i][1][2] * T[i][0][1] - exp(T[i][1][0]);
	free(T);
	return s;
}
// CHECK-LABEL: double cube_dv(
// CHECK: double (*T_dv)[2][3 * ck_nd] = (double (*)[2][3 * ck_nd])ck_shadow_alloc(n * 48UL * ck_nd);

/* a checkpoint region that changes rows on the heap: the snapshot
 * counts rows, of 2 * ck_nd values in the shadow's */
#pragma ck_tangent wrt(x)
#pragma ck_tangent wrt(x) vector
#pragma ck_hvp wrt(x)
#pragma ck_hvp wrt(x) vector
double region(const double *x, int n)
{
	double (*Q)[2] = malloc(n * sizeof *Q);
	for (int i = 0; i < n; i++) {
		Q[i][0] = x[i] * x[i];
		Q[i][1] = x[(i + 1) % n];
	}
	double s = 0;
#pragma ck_checkpoint save(Q[0:n])
	for (int i = 0; i < n; i++) {
		Q[i][0] = sin(Q[i][1]) * Q[i][0];
		s += Q[i][0] * Q[i][1];
	}
	free(Q);
	return s;
}

/* x as n / 2 rows of two (the tangent only: the adjoint does not take
 * this cast) */
#pragma ck_tangent wrt(x)
#pragma ck_tangent wrt(x) vector
double flat(const double *x, int n)
{
	const double (*X)[2] = (const double (*)[2])x;
	double s = 0;
	for (int i = 0; i < n / 2; i++)
		s += X[i][0] * (*(X + i))[1];
	return s;
}
// CHECK-LABEL: double flat_dv(
// CHECK: const double (*X_dv)[2 * ck_nd] = (const double (*)[2 * ck_nd])x_dv;
// CHECK: (*(X_dv + i))[ck_nd + ck_k]

// The second-order functions follow the tangents.
// CHECK-LABEL: static void heap_bwd_dv(
// CHECK: double (*P_bdv)[2 * ck_nd];
// CHECK: P_bdv = ck_shadow_alloc(P_bytes * ck_nd);
// The reverse sweep reads R as an offset into A
// CHECK-LABEL: static void walk_bwd_dv(
// CHECK: (A_bdv + R)[1][ck_k] +=
// CHECK-LABEL: static double region_fwd_dv(
// CHECK: CK_SAVE_N(ck_s, Q_dv + 0, n);

#ifdef CK_TEST_MAIN
#include <string.h>

#include "ckcheck.h"

#define N 6
#define NDMAX 16

typedef double (*fn)(const double *, int);
typedef double (*fn_d)(const double *, const double *, int, double *);
typedef double (*fn_dv)(const double *, const double *, int, int, double *);
typedef double (*fn_b_d)(const double *, const double *, double *, double *,
			 int, double, double);
typedef double (*fn_b_dv)(const double *, const double *, double *, double *,
			  int, int, double, const double *);

static int same(const double *a, const double *b, int n)
{
	return memcmp(a, b, sizeof(double) * (size_t)n) == 0;
}

/* f_dv against f_d, and f_b_dv (when there is one) against f_b_d, with nd
 * random directions at x */
static void check(const char *name, fn f, fn_d fd, fn_dv fdv, fn_b_d fbd,
		  fn_b_dv fbdv, const double *x, int nd)
{
	double x_dv[N * NDMAX], ret_dv[NDMAX], rbdv[NDMAX];
	double x_b[N], x_bdv[N * NDMAX];
	char what[96];
	for (int i = 0; i < N * nd; i++)
		x_dv[i] = ck_rand() - 0.5;
	for (int k = 0; k < nd; k++)
		rbdv[k] = ck_rand() - 0.5;

	snprintf(what, sizeof what, "%s_dv: nd %d: primal", name, nd);
	ck_equal_bits(what, fdv(x, x_dv, N, nd, ret_dv), f(x, N));
	int ok = 1;
	for (int k = 0; k < nd; k++) {
		double xd[N], rd;
		for (int i = 0; i < N; i++)
			xd[i] = x_dv[i * nd + k];
		fd(x, xd, N, &rd);
		ok &= same(&rd, &ret_dv[k], 1);
	}
	snprintf(what, sizeof what, "%s_dv: nd %d: bitwise %s_d's", name, nd,
		 name);
	ck_check(what, ok);
	if (!fbdv)
		return;

	for (int i = 0; i < N; i++)
		x_b[i] = 0.25 * i; /* accumulated into */
	for (int i = 0; i < N * nd; i++)
		x_bdv[i] = 0.125 * (i % 5);
	snprintf(what, sizeof what, "%s_b_dv: nd %d: primal", name, nd);
	ck_equal_bits(what, fbdv(x, x_dv, x_b, x_bdv, N, nd, 0.75, rbdv),
		      f(x, N));
	ok = 1;
	for (int k = 0; k < nd; k++) {
		double xd[N], xb[N], xbd[N], xbdv[N];
		for (int i = 0; i < N; i++) {
			xd[i] = x_dv[i * nd + k];
			xb[i] = 0.25 * i;
			xbd[i] = 0.125 * ((i * nd + k) % 5);
		}
		fbd(x, xd, xb, xbd, N, 0.75, rbdv[k]);
		for (int i = 0; i < N; i++)
			xbdv[i] = x_bdv[i * nd + k];
		ok &= same(xb, x_b, N) && same(xbd, xbdv, N);
	}
	snprintf(what, sizeof what, "%s_b_dv: nd %d: bitwise %s_b_d's", name,
		 nd, name);
	ck_check(what, ok);
}

int main(void)
{
	static const int nds[] = { 1, 2, 7, 16 };
	double x[N];
	for (int i = 0; i < N; i++)
		x[i] = 0.5 + 0.125 * i - 0.0625 * (i % 3);
	for (int c = 0; c < 4; c++) {
		int nd = nds[c];
		check("heap", heap, heap_d, heap_dv, heap_b_d, heap_b_dv, x,
		      nd);
		check("walk", walk, walk_d, walk_dv, walk_b_d, walk_b_dv, x,
		      nd);
		check("cube", cube, cube_d, cube_dv, cube_b_d, cube_b_dv, x,
		      nd);
		check("region", region, region_d, region_dv, region_b_d,
		      region_b_dv, x, nd);
		check("flat", flat, flat_d, flat_dv, NULL, NULL, x, nd);
	}
	return ck_done();
}
#endif
