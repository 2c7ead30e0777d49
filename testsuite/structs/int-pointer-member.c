// A local struct that carries an index table, { int n; const int *col; }
// as sparse code builds a CSR pattern, passed to a helper that indexes
// the active vector with it, x[P->col[k]]: f_bwd's copy of the struct
// gets the pointer too (it got only the integers, and the helper's
// reverse read the indices through a null pointer).  Gradients,
// Hessian-vector products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out

#define N 4

typedef struct {
	int n;
	const int *col;
} pattern;

static const int cols[N] = { 2, 0, 3, 1 };

static double row(const pattern *P, const double *x, int k)
{
	return x[k] * x[P->col[k]];
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	pattern P = { N, cols };
	double q = 0.0;
	for (int i = 0; i < P.n; i++)
		q += row(&P, x, i) * x[i];
	return q;
}
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK: pattern P2 = {0};
// CHECK-NEXT: P2.n = 4;
// CHECK-NEXT: P2.col = cols;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {0.3, -0.7, 1.1, 0.8};
	kc_check_scalar("struct with an index table", kf, kf_d, kf_b, kf_b_d,
			NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
