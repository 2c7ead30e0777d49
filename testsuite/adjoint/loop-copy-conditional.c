// A read that only one arm of ?: makes (u[i - 1] under i > 0) does not
// widen the block a loop tapes once: the block would start at u[-1],
// outside the array.  The gradient is checked against differences and run
// under the sanitizers, which report any read outside u.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
// CHECK-LABEL: static void square_fwd(const double *u, double *w){{$}}
// CHECK-NOT: &u[-1]
// CHECK-LABEL: static void square_bwd(
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
static void square(const double *u, double *w)
{
	int i;
	for (i = 0; i < 4; i++)
		w[i] = i > 0 ? u[i - 1] * u[i] : u[i];
}

static void step(double *y)
{
	double w[4];
	int i;
	square(y, w);
	for (i = 0; i < 4; i++)
		y[i] = w[i] + (i < 3 && y[i + 1] > 0.0 ? 0.5 * y[i + 1] : 0.0);
}

#pragma ck_adjoint wrt(x)
double f(const double *x)
{
	double y[4];
	int i;
	for (i = 0; i < 4; i++)
		y[i] = x[i];
	step(y);
	return y[0] + y[1] * y[2] + y[3];
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double along(double h, void *ctx)
{
	const double *xv = ctx;
	double y[4];
	for (int i = 0; i < 4; i++)
		y[i] = xv[i] + h * xv[4 + i];
	return f(y);
}

int main(void)
{
	double xv[8], g[4] = {0};
	for (int i = 0; i < 8; i++)
		xv[i] = 0.2 + ck_rand();
	f_b(xv, g, 1.0);
	ck_close("gradient along v", ck_dot(g, xv + 4, 4),
		 ck_richardson(along, xv, 1e-3), 1e-9);
	return ck_done();
}
#endif
