// A checkpoint region that calls a helper allocating through nrutil's
// dvector, whose failure report ends the program (nrerror: fprintf, then
// exit): a call that ends the program cannot run twice, so the region may
// call it, and its recomputation allocates, fills and frees the buffer
// again.  f_b and f_b_d are bit for bit those of ckc --no-checkpoint
// (outputs compared with cmp); gradients, Hessian-vector products and the
// dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: cmp %t.out %t.plain.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4

static void nrerror(const char *msg)
{
	fprintf(stderr, "%s\n", msg);
	exit(1);
}

static double *dvector(long nl, long nh)
{
	double *v = (double *)malloc((size_t)((nh - nl + 2) * sizeof(double)));
	if (!v)
		nrerror("allocation failure in dvector()");
	return v - nl + 1;
}

static void free_dvector(double *v, long nl, long nh)
{
	(void)nh;
	free((char *)(v + nl - 1));
}

static double smooth(const double *x, int n)
{
	double *w = dvector(1, n), s = 0.0;
	int i;
	for (i = 1; i <= n; i++)
		w[i] = x[i - 1] * x[i - 1];
	for (i = 1; i <= n; i++)
		s += sqrt(w[i] + 1.0);
	free_dvector(w, 1, n);
	return s;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double s = 0.0;
	for (int k = 0; k < 3; k++) {
#pragma ck_checkpoint
		s += smooth(x, N) * (k + 1) + s * 0.1;
	}
	return s;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {0.3, -0.7, 0.6, 0.8};
	kc_check_scalar("allocation wrapper in a region", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
