// Accessors: a function whose body is return p + e (or &p[e], p - e, a
// sum of such, p + 3 * i + j, which C reads as (p + 3 * i) + j, or a
// pointer member of a struct parameter plus e), e reading only its
// parameters, is that expression at each call whose arguments call
// nothing (row(B, i, n) is B + i * n), so that a pointer result into
// active data, which would need a shadow result, becomes the caller's
// own pointer arithmetic.  Gradients, Hessian-vector products and the
// dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
#include <math.h>

#define N 4

typedef struct {
	int n;
	double *data;
} matrix;

static inline double *row(double *A, int i, int n)
{
	return A + i * n;
}

static inline const double *crow(const double *A, int i, int n)
{
	return &A[i * n];
}

static double *mrow(const matrix *m, int i)
{
	return m->data + i * m->n;
}

static inline double *at(double *M, int i, int j)
{
	return M + N * i + j;
}

#pragma ck_tangent wrt(A)
#pragma ck_adjoint wrt(A)
#pragma ck_hvp wrt(A)
double f(const double *A)
{
	double B[N * N];
	matrix M = { N, B };
	for (int i = 0; i < N; i++) {
		const double *a = crow(A, i, N);
		double *b = row(B, i, N);
		for (int j = 0; j < N; j++)
			b[j] = sin(a[j]) * a[(j + 1) % N];
	}
	double s = 0;
	for (int i = 0; i < N; i++) {
		const double *r = mrow(&M, i);
		s += r[i] * r[N - 1 - i] + crow(A, N - 1, N)[i];
		s += *at(B, i, i) * *at(B, N - 1 - i, i);
	}
	return s;
}
// CHECK-LABEL: double f_d(const double *A, const double *A_d, double *ret_d){{$}}
// CHECK: const double *a = &A[i * 4];
// CHECK: double *b = B + i * 4;
// CHECK: const double *r = M_data + i * M_n;
// CHECK: s += *(B + 4 * i + i) * *(B + 4 * (4 - 1 - i) + i);

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS_PLAIN(f)
int main(void)
{
	double v[N * N];
	for (int i = 0; i < N * N; i++)
		v[i] = ck_rand();
	kc_check_scalar("accessors", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL,
			N * N, 3);
	return ck_done();
}
#endif
