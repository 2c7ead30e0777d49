// A checkpoint region that mallocs a buffer of inactive data (weights
// that depend on no wrt variable), uses it and frees it: the region's
// recomputation in f_bwd makes the buffer again, as it does for active
// buffers, and no snapshot holds it.  Also a binomial loop whose body
// allocates such a buffer per step.  Outside regions an inactive buffer
// costs nothing more than it did (no shadow, nothing on the tape).
// Gradients and Hessian-vector products against differences, bitwise the
// same without checkpoints.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nock.c
// RUN: %ckc-run --one %t.nock.c %s %t.nock > %t.nock.out
// RUN: cmp %t.out %t.nock.out
#include <math.h>
#include <stdlib.h>

#define N 6

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double region(const double *x, double c)
{
	double r = 0;
#pragma ck_checkpoint
	{
		double *w = malloc(N * sizeof *w);
		for (int i = 0; i < N; i++)
			w[i] = cos(c * i);
		for (int i = 0; i < N; i++)
			r += w[i] * sin(x[i]) * x[(i + 1) % N];
		free(w);
	}
	return r * r;
}
// CHECK-LABEL: static double region_fwd(const double *x, double c){{$}}
// CHECK: w = malloc(6 * 8UL);
// CHECK: free(w);
// CHECK-NEXT: }
// CHECK-NEXT: w = 0;
// CHECK-LABEL: static void region_bwd(
// CHECK: ck_stats_add_recomputations(1);
// CHECK: w = malloc(6 * 8UL);

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double steps(const double *x, int nsteps)
{
	double u[N];
	for (int i = 0; i < N; i++)
		u[i] = x[i];
#pragma ck_checkpoint binomial(2)
	for (int t = 0; t < nsteps; t++) {
		double *w = calloc(N, sizeof(double));
		for (int i = 0; i < N; i++)
			w[i] = 0.1 * (t + i);
		for (int i = 0; i < N; i++)
			u[i] = u[i] + w[i] * sin(u[(i + 1) % N]);
		free(w);
	}
	double s = 0;
	for (int i = 0; i < N; i++)
		s += u[i] * u[i];
	return s;
}

/* outside a region: no shadow for an inactive buffer */
#pragma ck_adjoint wrt(x)
double plain(const double *x, double c)
{
	double *w = malloc(N * sizeof *w);
	double r = 0;
	for (int i = 0; i < N; i++)
		w[i] = cos(c * i);
	for (int i = 0; i < N; i++)
		r += w[i] * x[i] * x[i];
	free(w);
	return r;
}
// CHECK-LABEL: static double plain_fwd(const double *x, double c){{$}}
// CHECK-NOT: w_bytes
// CHECK-LABEL: static void plain_bwd(
// CHECK-NOT: w_b
// CHECK: }{{$}}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS(region, 0.7)
KC_SCALAR_WRAPPERS_AS(ks, steps, 5)
int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = 0.5 * ck_rand();
	kc_check_scalar("inactive buffer in a region", kf, kf_d, kf_b, kf_b_d,
			NULL, v, NULL, N, 3);
	kc_check_scalar("inactive buffer per binomial step", ks, ks_d, ks_b,
			ks_b_d, NULL, v, NULL, N, 3);
	double g[N] = {0};
	double y = plain_b(v, g, 0.7, 1.0);
	double fd = 0;
	for (int i = 0; i < N; i++)
		fd += g[i] * v[i];
	/* plain is quadratic in x: x . grad = 2 f */
	ck_close("inactive buffer outside regions: x . grad = 2 f",
		       fd, 2 * y, 1e-14);
	return ck_done();
}
#endif
