// A call that gets no derivative where it stands, in an arm of a ?: of
// integers: int p = j < 0 ? -1 : find(&A, j), where find reads only the
// integers of a struct that holds active data, writes nothing and
// returns an int.  Every mode refused it ("the call to 'find' cannot be
// differentiated here"), as for a call that needs a derivative; such a
// call now stays the plain call.  Gradients, Hessian-vector products,
// the dot-product test against differences, and vector mode.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// CHECK-LABEL: double f_d(const double *x, const double *x_d, int j, double *ret_d){{$}}
// CHECK: int p = j < 0 ? -1 : find(&A, j);
// OUT-NOT: FAIL
// OUT: checks, 0 failed
#define N 4

typedef struct {
	int ci[N];
	double v[N];
} mat;

static int find(const mat *A, int j)
{
	int k = 0;
	while (k < N && A->ci[k] != j)
		k++;
	return k;
}

#pragma ck_tangent wrt(x)
#pragma ck_tangent wrt(x) vector
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int j)
{
	mat A;
	for (int k = 0; k < N; k++) {
		A.ci[k] = N - 1 - k;
		A.v[k] = x[k] * x[(k + 1) % N];
	}
	int p = j < 0 ? -1 : find(&A, j);
	return p >= 0 && p < N ? A.v[p] * A.v[p] + x[0] : x[1];
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_AS(k1, f, 1)
KC_SCALAR_WRAPPERS_AS(k2, f, -1)

int main(void)
{
	volatile double one = 1.0;
	double v[N] = { 0.5 * one, 0.75 * one, 1.25 * one, 0.25 * one };
	kc_check_scalar("found", k1, k1_d, k1_b, k1_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("not looked for", k2, k2_d, k2_b, k2_b_d, NULL, v, NULL,
			N, 3);
	return ck_done();
}
#endif
