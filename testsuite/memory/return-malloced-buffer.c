// A helper that returns a malloc'd buffer of active data: its result
// would need a shadow that ckc does not make yet; refused at the return,
// in every mode, with nothing written.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#include <math.h>
#include <stdlib.h>

static double *exps(const double *x, int n)
{
	double *t = malloc(n * sizeof *t);
	for (int i = 0; i < n; i++)
		t[i] = exp(x[i]);
	return t; // CHECK: return-malloced-buffer.c:[[@LINE]]:2: error: 'exps' returns a pointer to active data, which ckc cannot differentiate yet; let the caller pass the buffer as a parameter
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double *t = exps(x, n);
	double r = t[0] * t[n - 1];
	free(t);
	return r;
}
// CHECK-NOT: error
