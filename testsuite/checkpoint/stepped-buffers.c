// Numerical Recipes' 1-based heap vectors in checkpointed code: a region
// that allocates, steps (a -= 1) and frees a buffer of its own needs no
// save() for it, and a binomial loop over stepped buffers from before it
// saves them by their own names, save(u[1:N], w[1:N]).  f_b and f_b_d are
// bit for bit those of ckc --no-checkpoint (outputs compared with cmp);
// gradients, Hessian-vector products and the dot-product test against
// differences.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: cmp %t.out %t.plain.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>
#include <stdlib.h>

#define N 5

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double *u = malloc(N * sizeof *u), *w = malloc(N * sizeof *w), s = 0.0;
	int i, k;
	u -= 1;
	w -= 1;
	for (i = 1; i <= N; i++)
		u[i] = x[i - 1];
#pragma ck_checkpoint save(u[1:N])
	{
		double *a = malloc(N * sizeof *a);
		a -= 1;
		for (i = 1; i <= N; i++)
			a[i] = sin(u[i]) * x[i - 1];
		for (i = 1; i <= N; i++)
			s += a[i] * a[N + 1 - i];
		free(a + 1);
	}
#pragma ck_checkpoint binomial(2) save(u[1:N], w[1:N])
	for (k = 0; k < 5; k++) {
		for (i = 1; i <= N; i++)
			w[i] = u[i] * u[i] * 0.5 + 0.1 * x[k % N];
		for (i = 1; i <= N; i++)
			u[i] = w[i] - 0.2 * w[N + 1 - i];
	}
	for (i = 1; i <= N; i++)
		s += u[i];
	free(w + 1);
	free(u + 1);
	return s;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {0.3, -0.7, 0.6, 0.8, -0.2};
	kc_check_scalar("stepped heap vectors in checkpoints", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
