// memset and memcpy of arrays of rows, as FEM and ML code clear and copy
// their matrices whole: memset(K, 0, sizeof K) of a local double K[3][3],
// memcpy(A, K, sizeof K), and memset of n heap rows double (*R)[3] from
// malloc(n * sizeof *R).  Each becomes a loop over the scalars counted
// flat, R[i / 3][i % 3]; so does a copy that starts inside a row and runs
// across the next ones, memcpy(&A[0][1], F, 4 * sizeof(double)), or
// memset(R[1], 0, 2 * sizeof *R).  Gradients, Hessian-vector products and the
// dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <stdlib.h>
#include <string.h>

#define N 4

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double K[3][3], A[3][3], s = 0.0;
	double (*R)[3] = malloc(N * sizeof *R);
	memset(K, 0, sizeof K);
	for (int e = 0; e < N - 1; e++) {
		K[e % 3][e % 3] += x[e] * x[e + 1];
		K[e % 3][(e + 1) % 3] -= x[e];
	}
	memcpy(A, K, sizeof K);
	double F[4] = { x[0] * x[1], x[2], x[3], 0.5 };
	memcpy(&A[0][1], F, 4 * sizeof(double));
	memset(R, 0, N * sizeof *R);
	for (int i = 0; i < N; i++)
		R[i][2] = x[i];
	memset(R[1], 0, 2 * sizeof *R);
	for (int i = 0; i < N; i++)
		for (int j = 0; j < 3; j++)
			R[i][j] += A[j][(i + j) % 3] * x[i];
	for (int i = 0; i < N; i++)
		for (int j = 0; j < 3; j++)
			s += R[i][j] * R[i][j] + K[j][j] * x[i];
	free(R);
	return s;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: K[ck_i / 3][ck_i % 3] = 0.0;
// CHECK: A[ck_i2 / 3][ck_i2 % 3] = K[ck_i2 / 3][ck_i2 % 3];
// CHECK: A[(0 * 3 + 1 + ck_i3) / 3][(0 * 3 + 1 + ck_i3) % 3] = F[ck_i3];
// CHECK: R[ck_i4 / 3][ck_i4 % 3] = 0.0;
// CHECK: R[(1 * 3 + ck_i5) / 3][(1 * 3 + ck_i5) % 3] = 0.0;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {0.3, -0.7, 1.1, 0.8};
	kc_check_scalar("memset and memcpy of rows", kf, kf_d, kf_b, kf_b_d,
			NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
