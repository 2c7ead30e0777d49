// Double buffering of local arrays of rows and of structs: `double
// (*cur)[NI] = A, (*nxt)[NI] = B` over `double A[NJ][NI], B[NJ][NI]`
// (declared without values, or with zeros), and `Q *cur = U, *nxt = V`
// over `Q U[N], V[N]`, swapped by `tmp = cur; cur = nxt; nxt = tmp;`.
// Refused before ("'nxt' may point into different
// arrays"), as only arrays of numbers were taken; now each group is one
// local array of its arrays, and the pointers integers that select one,
// as for numbers.  Gradients, Hessian-vector products and the dot-product
// test against differences, in a plain loop and under binomial
// checkpointing; the checkpointed kernels bitwise against --no-checkpoint.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nock.c
// RUN: %ckc-run --one %t.nock.c %s %t.nock > %t.nock.out
// RUN: cmp %t.out %t.nock.out
// CHECK-LABEL: double rows_d(const double *x, const double *x_d, int steps, double *ret_d){{$}}
// CHECK: double ck_buf[2][3][4];
// CHECK-NEXT: int cur = 0;
// CHECK-NEXT: int nxt = 1;
// CHECK: ck_buf[nxt][j][i] = ck_buf[cur][j][i]
// CHECK-LABEL: double structs_d(const double *x, const double *x_d, int steps, double *ret_d){{$}}
// CHECK: Q ck_buf[2][12];
// CHECK-NEXT: int cur = 0;
// CHECK-LABEL: double rows_binomial_d(
// CHECK: double ck_buf[2][3][4];
// CHECK-NEXT: CKC_ZERO(ck_buf);
// OUT-NOT: FAIL
// OUT: checks, 0 failed
#include <math.h>
#define NJ 3
#define NI 4
#define N (NJ * NI)

typedef struct {
	double h, u;
} Q;

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double rows(const double *x, int steps)
{
	double A[NJ][NI], B[NJ][NI];
	double (*cur)[NI] = A, (*nxt)[NI] = B, (*tmp)[NI];
	for (int j = 0; j < NJ; j++)
		for (int i = 0; i < NI; i++)
			A[j][i] = x[j * NI + i];
	for (int t = 0; t < steps; t++) {
		for (int j = 0; j < NJ; j++)
			for (int i = 0; i < NI; i++)
				nxt[j][i] = cur[j][i] +
					    0.1 * sin(cur[(j + 1) % NJ][i]) *
						    cur[j][(i + 1) % NI];
		tmp = cur;
		cur = nxt;
		nxt = tmp;
	}
	double e = 0;
	for (int j = 0; j < NJ; j++)
		for (int i = 0; i < NI; i++)
			e += cur[j][i] * cur[j][i];
	return e;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double structs(const double *x, int steps)
{
	Q U[N], V[N];
	Q *cur = U, *nxt = V, *tmp;
	for (int i = 0; i < N; i++) {
		U[i].h = x[i];
		U[i].u = 0.5 * x[(i + 1) % N];
	}
	for (int t = 0; t < steps; t++) {
		for (int i = 0; i < N; i++) {
			nxt[i].h = cur[i].h - 0.1 * cur[(i + 1) % N].u;
			nxt[i].u = cur[i].u + 0.1 * tanh(cur[i].h * cur[i].u);
		}
		tmp = cur;
		cur = nxt;
		nxt = tmp;
	}
	double e = 0;
	for (int i = 0; i < N; i++)
		e += cur[i].h * cur[i].u;
	return e;
}

/* the rows again, declared with zeros, the time loop under binomial
 * checkpointing */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double rows_binomial(const double *x, int steps)
{
	double A[NJ][NI] = { { 0 } }, B[NJ][NI] = { { 0.0 } };
	double (*cur)[NI] = A, (*nxt)[NI] = B, (*tmp)[NI];
	for (int j = 0; j < NJ; j++)
		for (int i = 0; i < NI; i++)
			A[j][i] = x[j * NI + i];
#pragma ck_checkpoint binomial(2)
	for (int t = 0; t < steps; t++) {
		for (int j = 0; j < NJ; j++)
			for (int i = 0; i < NI; i++)
				nxt[j][i] = cur[j][i] +
					    0.1 * cos(cur[j][i]) *
						    cur[(j + 2) % NJ][i];
		tmp = cur;
		cur = nxt;
		nxt = tmp;
	}
	double e = 0;
	for (int j = 0; j < NJ; j++)
		for (int i = 0; i < NI; i++)
			e += exp(0.2 * cur[j][i]);
	return e;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_AS(kr, rows, 5)
KC_SCALAR_WRAPPERS_AS(ks, structs, 4)
KC_SCALAR_WRAPPERS_AS(kb, rows_binomial, 6)

int main(void)
{
	double v[N];
	volatile double one = 1.0;
	for (int i = 0; i < N; i++)
		v[i] = 0.1 * (i + 2) * one;
	kc_check_scalar("rows", kr, kr_d, kr_b, kr_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("structs", ks, ks_d, ks_b, ks_b_d, NULL, v, NULL, N,
			3);
	kc_check_scalar("rows, binomial", kb, kb_d, kb_b, kb_b_d, NULL, v,
			NULL, N, 3);
	return ck_done();
}
#endif
