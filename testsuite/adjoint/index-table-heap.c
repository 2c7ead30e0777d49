// Integer tables in malloc'd buffers that index active data, in reverse
// mode: f_fwd keeps the buffer until f_bwd is done with it (its free
// waits), hands its pointer over, and tapes the old value of each element
// store, which f_bwd puts back as it reverses the store; f_bwd frees the
// buffer where it reverses the allocation.  A permutation (scatter), a
// table changed after active data was read through it, calloc, and a
// table allocated and freed in each iteration of a loop.  Gradients,
// Hessian-vector products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
#include <math.h>
#include <stdlib.h>

#define N 6

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double perm_sum(const double *x, int n)
{
	int *perm = malloc((size_t)n * sizeof(int));
	double y[N];
	for (int i = 0; i < n; i++)
		perm[i] = n - 1 - i;
	for (int i = 0; i < n; i++)
		y[perm[i]] = tanh(x[i]) * x[perm[i]];
	/* changed after the reads above: f_bwd needs the old values */
	for (int i = 0; i < n; i++)
		perm[i] = (i * 5 + 1) % n;
	double s = 0;
	for (int i = 0; i < n; i++)
		s += y[perm[i]] * sin(x[perm[i]]);
	free(perm);
	return s;
}
// CHECK-LABEL: static double perm_sum_fwd(const double *x, int n){{$}}
// CHECK: perm = malloc((unsigned long)n * 4UL);
// CHECK: ck_push_i(ck_t, perm[i]);
// CHECK-NEXT: perm[i] = n - 1 - i;
// CHECK-NOT: free(perm);
// CHECK: ck_push_p(ck_t, perm);
// CHECK-LABEL: static void perm_sum_bwd(
// CHECK: perm = ck_pop_p(ck_t);
// CHECK: perm[i{{[0-9]*}}] = ck_pop_i(ck_t);
// CHECK: free(perm);

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double per_step(const double *x, int n)
{
	double s = 0;
	for (int t = 0; t < 3; t++) {
		int *nb = calloc((size_t)n, sizeof *nb);
		for (int i = 0; i < n; i++)
			if (x[i] > 0.5 * t)
				nb[i] = (i + t + 1) % n;
		for (int i = 0; i < n; i++)
			s += x[nb[i]] * x[i] * cos(s * 0.1);
		free(nb);
	}
	return s;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS_AS(kp, perm_sum, N)
KC_SCALAR_WRAPPERS_AS(ks, per_step, N)
int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("permutation table on the heap", kp, kp_d, kp_b,
			kp_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("a table per step", ks, ks_d, ks_b, ks_b_d, NULL, v,
			NULL, N, 3);
	return ck_done();
}
#endif
