// A helper whose parameter is rows of a length known at run time (double
// K[n][n], double (*K)[n]), which ckc reads through its flat view
// (double *K), called with a local array of fixed rows, double K[2][2],
// or a pointer to such rows, double (*R)[2]: every mode's call passes the
// argument and its shadows as the flat view, (double *)K, (double *)K_d.
// Before, build_d(2, K, K_d, ...) passed double (*)[2] to double * and
// the generated C did not compile (-Werror=incompatible-pointer-types).
// Gradients, Hessian-vector products and the dot-product test against
// differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 4

static void build(int n, double K[n][n], const double *p)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			K[i][j] = p[i] * sin(p[j]) + p[2 + j];
}

static double trace2(int n, double (*K)[n])
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += K[i][i] * K[i][(i + 1) % n];
	return s;
}

#pragma ck_tangent wrt(p)
#pragma ck_adjoint wrt(p)
#pragma ck_hvp wrt(p)
double stiff(const double *p)
{
	double K[2][2];
	build(2, K, p);
	double(*R)[2] = K;
	return K[0][1] * K[1][1] + trace2(2, K) + trace2(2, R);
}
// CHECK-LABEL: double stiff_d(
// CHECK: build_d(2, (double *)K, (double *)K_d, p, p_d);
// CHECK-LABEL: static double stiff_fwd(
// CHECK: build_fwd(2, (double *)K, p);
// CHECK: trace2_fwd(2, (double *)K);
// CHECK-LABEL: static void stiff_bwd(
// CHECK: build_bwd(2, (double *)K_b, p, p_b);
// CHECK-LABEL: static double stiff_fwd_d(
// CHECK: build_fwd_d(2, (double *)K, (double *)K_d, p, p_d);
// CHECK-LABEL: static void stiff_bwd_d(
// CHECK: build_bwd_d(2, (double *)K_b, (double *)K_bd, p, p_d, p_b, p_bd);

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN_AS(kstiff, stiff)

int main(void)
{
	volatile double one = 1.0;
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = 0.1 * (i + 3) * one;
	kc_check_scalar("fixed rows to a run-time rows parameter", kstiff,
			kstiff_d, kstiff_b, kstiff_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
