// Double buffering of malloc'd arrays of structs and of rows: `Q *cur =
// malloc(n * sizeof *cur), *nxt = ...` and `double (*cur)[M] = malloc(nr *
// sizeof *cur)`, swapped by `tmp = cur; cur = nxt; nxt = tmp;`.  Refused
// before ("cannot tell which array 'cur' points into"), as only buffers of
// numbers were joined; now the buffers of each group are one buffer of
// its elements, `Q *ck_heap = malloc(2 * (n * 16UL))` with the pointers
// offsets into it, as for numbers.  Both under binomial checkpointing with
// save(cur[0:n], nxt[0:n]).  Gradients, Hessian-vector products and the
// dot-product test against differences; bitwise against --no-checkpoint.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nock.c
// RUN: %ckc-run --one %t.nock.c %s %t.nock > %t.nock.out
// RUN: cmp %t.out %t.nock.out
// CHECK-LABEL: double structs_d(
// CHECK: Q *ck_heap = malloc(2 * (n * {{[0-9]+}}UL));
// CHECK-LABEL: double rows_d(
// CHECK: double (*ck_heap)[4] = malloc(2 * (nr * 32UL));
// OUT-NOT: FAIL
// OUT: checks, 0 failed
#include <math.h>
#include <stdlib.h>
#define N 12
#define M 4

typedef struct {
	double h, u;
} Q;

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double structs(const double *x, int n, int steps)
{
	Q *cur = malloc(n * sizeof *cur), *nxt = malloc(n * sizeof *nxt), *tmp;
	for (int i = 0; i < n; i++) {
		cur[i].h = x[i];
		cur[i].u = 0.5 * x[(i + 1) % n];
	}
#pragma ck_checkpoint binomial(2) save(cur[0:n], nxt[0:n])
	for (int t = 0; t < steps; t++) {
		for (int i = 0; i < n; i++) {
			nxt[i].h = cur[i].h - 0.1 * cur[(i + 1) % n].u;
			nxt[i].u = cur[i].u + 0.1 * tanh(cur[i].h * cur[i].u);
		}
		tmp = cur;
		cur = nxt;
		nxt = tmp;
	}
	double e = 0;
	for (int i = 0; i < n; i++)
		e += cur[i].h * cur[i].u;
	free(cur);
	free(nxt);
	return e;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double rows(const double *x, int nr, int steps)
{
	double (*cur)[M] = malloc(nr * sizeof *cur);
	double (*nxt)[M] = malloc(nr * sizeof *nxt);
	double (*tmp)[M];
	for (int j = 0; j < nr; j++)
		for (int i = 0; i < M; i++)
			cur[j][i] = x[j * M + i];
#pragma ck_checkpoint binomial(2) save(cur[0:nr], nxt[0:nr])
	for (int t = 0; t < steps; t++) {
		for (int j = 0; j < nr; j++)
			for (int i = 0; i < M; i++)
				nxt[j][i] = cur[j][i] +
					    0.1 * sin(cur[(j + 1) % nr][i]) *
						    cur[j][(i + 1) % M];
		tmp = cur;
		cur = nxt;
		nxt = tmp;
	}
	double e = 0;
	for (int j = 0; j < nr; j++)
		for (int i = 0; i < M; i++)
			e += cur[j][i] * cur[j][i];
	free(cur);
	free(nxt);
	return e;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_AS(ks, structs, N, 5)
KC_SCALAR_WRAPPERS_AS(kr, rows, N / M, 6)

int main(void)
{
	double v[N];
	volatile double one = 1.0;
	for (int i = 0; i < N; i++)
		v[i] = 0.1 * (i + 2) * one;
	kc_check_scalar("heap structs", ks, ks_d, ks_b, ks_b_d, NULL, v, NULL,
			N, 3);
	kc_check_scalar("heap rows", kr, kr_d, kr_b, kr_b_d, NULL, v, NULL, N,
			3);
	return ck_done();
}
#endif
