// A const table of the function with constant values, passed to helpers:
// integer rows (a mesh's edges, E, E[k], &E[2][0]) and a table of weights
// passed in a loop and in a checkpoint region.  f_bwd declares its own
// copy of such a table, so the helpers' reverse sweeps read it again:
// the integer rows were refused ("cannot follow the pointer"), and the
// weights were taped before each call and popped into a const copy, which
// did not compile.  Gradients, Hessian-vector products and the
// dot-product test against differences; the region bitwise as without it.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nc.c
// RUN: %ckc-run --one %t.nc.c %s %t.nc > %t.nc.out
// RUN: cmp %t.out %t.nc.out
#include <math.h>

static double edges(const double *x, const int (*E)[2], int ne)
{
	double s = 0;
	for (int e = 0; e < ne; e++)
		s += x[E[e][0]] * sin(x[E[e][1]]);
	return s;
}

static double pair(const double *x, const int *c)
{
	return x[c[0]] * x[c[1]] * x[c[1]];
}

static double weighted(const double *x, const double *wt, int n)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += wt[i] * x[i] * x[i];
	return s;
}
// CHECK-LABEL: static void f_bwd({{.*}}){{$}}
// CHECK-NOT: ck_pop_nd
// CHECK: edges_bwd(x, x_b, E, 3,
// CHECK-LABEL: static double edges_fwd({{.*}}){{$}}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	const int E[3][2] = { { 0, 1 }, { 1, 2 }, { 2, 0 } };
	const double W[3] = { 0.5, -1.5, 2.0 };
	double s = edges(x, E, 3) + pair(x, E[1]) + pair(x, &E[2][0]);
	for (int k = 0; k < 2; k++)
		s += weighted(x, W, 3) * pair(x, E[k]);
#pragma ck_checkpoint
	for (int k = 0; k < 2; k++)
		s += weighted(x, W, 3) * x[k];
	return s;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[3] = { 0.4, -0.9, 1.3 };
	kc_check_scalar("const tables of the function passed to helpers", kf,
			kf_d, kf_b, kf_b_d, NULL, v, NULL, 3, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
