// The reverse of a parallel loop over rows runs in phases only when every
// active array it touches is one of its own: a local array, a pointer
// parameter, or a buffer the function allocates.  Here the rows are read
// through a local pointer into the grid (`up`, the row above), which could
// point anywhere in it: the reverse stays serial, and correct.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t.omp -fopenmp | FileCheck %s --check-prefix=OUT
#include <stdlib.h>

#define NX 8

#pragma ck_adjoint wrt(u0)
double smooth(const double *u0, int shift)
{
	double u[NX * NX], un[NX * NX], f = 0.0;
	double *up = u + shift;
	int i, j;
	for (i = 0; i < NX * NX; i++)
		un[i] = u[i] = u0[i];
#pragma omp parallel for private(j)
	for (i = 1; i < NX - 1; i++)
		for (j = 1; j < NX - 1; j++)
			un[i * NX + j] = 0.5 * u[i * NX + j] + 0.5 * up[(i - 1) * NX + j];
	for (i = 0; i < NX * NX; i++)
		f += un[i] * un[i];
	return f;
}
// CHECK-LABEL: {{^}}static void smooth_bwd({{.*}}){{$}}
// CHECK-NOT: ck_ph
// CHECK: {{^}}}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double x0[NX * NX], dir[NX * NX];

static double at(double h, void *ctx)
{
	double xs[NX * NX];
	for (int i = 0; i < NX * NX; i++)
		xs[i] = x0[i] + h * dir[i];
	return smooth(xs, *(int *)ctx);
}

int main(void)
{
	double g[NX * NX];
	ck_srand(4);
	for (int i = 0; i < NX * NX; i++)
		x0[i] = ck_rand(), dir[i] = ck_rand();
	for (int shift = 0; shift <= NX; shift += NX) {
		for (int i = 0; i < NX * NX; i++)
			g[i] = 0.0;
		smooth_b(x0, g, shift, 1.0);
		ck_close("gradient along dir", ck_dot(g, dir, NX * NX),
			 ck_richardson(at, &shift, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
// OUT: 0 failed
