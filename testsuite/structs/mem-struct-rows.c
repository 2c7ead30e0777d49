// memset and memcpy of arrays of rows of structs that hold floating data
// (Q V[2][3]): of a whole local array (memset(V, 0, sizeof V),
// memcpy(V, U, sizeof U)), and through a helper's parameter Q d[2][3] (a
// pointer to rows; the count a whole number of rows, sizeof(Q) * 2 * 3),
// also called in a binomial loop's step.  Each is the struct assignment
// of the rows, or zeros; they were refused as calls with no derivative
// rule.  Gradients, Hessian-vector products and the dot-product test
// against differences, bitwise the same without checkpoints.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nock.c
// RUN: %ckc-run --one %t.nock.c %s %t.nock > %t.nock.out
// RUN: cmp %t.out %t.nock.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <string.h>

typedef struct {
	double r, E;
} Q;

static void clear(Q d[2][3])
{
	memset(d, 0, sizeof(Q) * 2 * 3);
}

static void copy_rows(Q d[2][3], Q s[2][3])
{
	memcpy(d, s, 2 * sizeof s[0]);
}
// CHECK-LABEL: static void clear_d(Q (*d)[3], Q (*d_d)[3]){{$}}
// CHECK: for (int ck_r = 0; ck_r < 2; ck_r++) {

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double whole(const double *x)
{
	Q U[2][3], V[2][3];
	memset(V, 0, sizeof V);
	for (int i = 0; i < 6; i++) {
		U[i / 3][i % 3].r = x[i];
		U[i / 3][i % 3].E = x[(i + 1) % 6] * x[i];
	}
	for (int i = 0; i < 3; i++)
		V[1][i].r += x[i] * x[i];
	double s = V[1][2].r * V[0][0].E;
	memcpy(V, U, sizeof U);
	return s + V[1][2].r * V[0][1].E + V[0][0].r;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double stepped(const double *x, int nt)
{
	Q U[2][3], V[2][3];
	double s = 0.0;
	for (int i = 0; i < 6; i++) {
		U[i / 3][i % 3].r = x[i];
		U[i / 3][i % 3].E = 0.5 * x[i];
	}
#pragma ck_checkpoint binomial(2)
	for (int t = 0; t < nt; t++) {
		clear(V);
		for (int i = 0; i < 3; i++)
			V[1][i].r += U[0][i].r * U[1][i].E * (t + 1);
		s += V[1][2].r + V[0][0].E;
		copy_rows(U, V);
		for (int i = 0; i < 6; i++)
			U[i / 3][i % 3].E += 0.1 * x[i];
	}
	return s + U[1][1].r;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS_PLAIN_AS(kw, whole)
KC_SCALAR_WRAPPERS_AS(ks, stepped, 5)
int main(void)
{
	double v[6] = { 0.3, -0.2, 0.5, 0.7, -0.4, 0.6 };
	kc_check_scalar("whole arrays", kw, kw_d, kw_b, kw_b_d, NULL, v, NULL,
			6, 2);
	kc_check_scalar("rows behind a pointer", ks, ks_d, ks_b, ks_b_d, NULL,
			v, NULL, 6, 2);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: 0 failed
