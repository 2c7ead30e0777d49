// A checkpoint region, or the body of a binomial or online loop, that
// frees a buffer allocated before it: the reverse sweep runs it again, and
// the free with it (a double free).  Refused at the free.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <stdlib.h>

#pragma ck_adjoint wrt(p)
double f(const double *p, int n)
{
	double *z = malloc((size_t)n * sizeof(double));
	double r = 0;
	for (int i = 0; i < n; i++)
		z[i] = p[0] * (i + 1);
#pragma ck_checkpoint save(z[0:n])
	{
		for (int i = 0; i < n; i++)
			r += z[i] * z[i] * p[1];
		free(z); // CHECK: free-in-region.c:[[@LINE]]:3: error: this ck_checkpoint region frees a buffer it did not allocate, but the reverse sweep runs it again; free the buffer after it
	}
	return r;
}

#pragma ck_adjoint wrt(p)
double g(const double *p, int n)
{
	double *z = malloc((size_t)n * sizeof(double));
	double r = 0;
	for (int i = 0; i < n; i++)
		z[i] = p[0] * (i + 1);
	int k = 0;
#pragma ck_checkpoint online(2) save(z[0:n])
	while (r < 100.0) {
		for (int i = 0; i < n; i++)
			z[i] = z[i] * 1.5 + p[1];
		r += z[0];
		if (++k == 4) {
			r = z[0] * z[n - 1];
			free(z); // CHECK: free-in-region.c:[[@LINE]]:4: error: this online(K) loop frees a buffer it did not allocate, but the reverse sweep runs it again; free the buffer after it
			return r;
		}
	}
	free(z);
	return r;
}

#pragma ck_adjoint wrt(p)
double h(const double *p, int n)
{
	double r = 0;
#pragma ck_checkpoint binomial(2)
	for (int t = 0; t < 4; t++) {
		double *w = malloc((size_t)n * sizeof(double));
		for (int i = 0; i < n; i++)
			w[i] = p[i] * (t + 1);
		r += w[0] * w[n - 1];
		free(w);
	}
	return r;
}
// CHECK-NOT: error
