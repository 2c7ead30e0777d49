// A checkpoint region that reallocs a buffer from before it: the
// region's snapshot (save(u[0:n])) holds the old buffer's data, not the
// buffer the region leaves behind; refused at the realloc, with nothing
// written.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#include <stdlib.h>

#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double r = 0;
	double *u = malloc(n * sizeof *u);
	for (int i = 0; i < n; i++)
		u[i] = x[i] * x[i];
#pragma ck_checkpoint save(u[0:n])
	{
		u = realloc(u, 2 * n * sizeof *u); // CHECK: checkpoint-realloc-outer-buffer.c:[[@LINE]]:3: error: the checkpoint region's snapshot cannot cover the buffer 'u', which the region reallocates but which lives on after it; allocate it before the region or free it inside
		for (int i = 0; i < n; i++)
			u[n + i] = u[i] * x[i];
	}
	for (int i = 0; i < 2 * n; i++)
		r += u[i];
	free(u);
	return r;
}
// CHECK-NOT: error
