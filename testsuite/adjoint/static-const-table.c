// Const tables in a function: static const double c[] = {...} is data
// every call reads alike, as a file-scope const is, and so is a const
// array with constant values, const int perm[] = {...}: each generated
// function declares the table as written, and f_bwd reads it again (an
// index x[perm[i]], a weight) instead of taping what f read, and a
// region's snapshot leaves the tables out (its recomputation reads them).  f_fwd's copy
// of a const array declared with other values is writable, since it gets
// them one element at a time.  A static local without const that the
// function never changes, passes on or points into is such a table too;
// one that changes is refused unless each call overwrites it first
// (diagnostics/static-local-float.c, adjoint/static-scratch.c), and a
// local index array
// that is not a const table too (diagnostics/index-array-local.c).
// Gradients, Hessian-vector products and the dot-product test against
// differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: FileCheck %s --check-prefix=SERIES --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 6

static double poly(double x)
{
	static const double a[4] = {1.0, -0.5, 0.25, -0.125};
	double p = 0.0;
	for (int k = 3; k >= 0; k--)
		p = p * x + a[k];
	return p;
}

/* as textbooks write them, without const: a static table and a static
 * scalar that the function never changes (nor passes on, nor points
 * into) are taken as const */
static double series(double x)
{
	static double cof[3] = {1.0, 0.5, 1.0 / 6.0};
	static double scale = 0.75;
	double s = 0.0, p = 1.0;
	for (int k = 0; k < 3; k++) {
		p *= x;
		s += cof[k] * p;
	}
	return scale * s;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	static const double w[N] = {0.5, 1.5, -1.0, 2.0, 0.25, -0.75};
	static const int perm[N] = {3, 0, 5, 1, 4, 2};
	double s = 0.0;
	for (int i = 0; i < N; i++)
		s += w[i] * sin(x[perm[i]]) * poly(x[i]) + series(x[i]);
	return s;
}

/* const tables that are not static, one with values f computes, and a
 * region that reads the tables */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double g(const double *x)
{
	const int next[N] = {1, 2, 3, 4, 5, 0};
	const double c[2][3] = {{1.0, -2.0, 0.5}, {0.25, 3.0, -1.0}};
	const double v[2] = {x[0] * x[1], cos(x[2])};
	double y[N], s = 0.0;
	int i;
#pragma ck_checkpoint save(y[0:N])
	for (i = 0; i < N; i++)
		y[i] = c[i % 2][i % 3] * x[next[i]] * x[i];
	for (i = 0; i < N; i++)
		s += y[next[i]] * sin(y[i]) + v[i % 2] * c[1][i % 3];
	return s;
}

// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK-NEXT: {
// CHECK-NEXT: static const double w[6] = {0.5, 1.5, -1.0, 2.0, 0.25, -0.75};
// CHECK-LABEL: static double f_fwd(const double *x){{$}}
// SERIES-LABEL: static void series_bwd(
// SERIES: static const double cof[3] = {1.0, 0.5, 1.0 / 6.0};
// CHECK: static const double w[6] =
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK-NOT: w_b
// CHECK: static const int perm[6] = {3, 0, 5, 1, 4, 2};
// CHECK: x_b[perm[i]] +=
// CHECK-LABEL: static double g_fwd(const double *x){{$}}
// CHECK: double v[2] = {0.0};
// CHECK: v[0] = x[0] * x[1];
// CHECK-NOT: CK_SAVE(ck_s, next)
// CHECK-NOT: CK_SAVE(ck_s, c)
// CHECK: CK_SAVE_N(ck_s, y + 0, 6);
// CHECK-LABEL: static void g_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK-DAG: const int next[6] = {1, 2, 3, 4, 5, 0};
// CHECK-DAG: const double c[2][3] = {{[{][{]}}1.0, -2.0, 0.5}, {0.25, 3.0, -1.0{{[}][}]}};

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)
KC_SCALAR_WRAPPERS_PLAIN_AS(kg, g)

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("static const tables", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, N, 3);
	kc_check_scalar("const tables, a region", kg, kg_d, kg_b, kg_b_d, NULL,
			v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
