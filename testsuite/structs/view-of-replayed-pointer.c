// A local struct whose pointer member is set from a local pointer into an
// array (fv.p = p0 + 1, p0 = w0): f_bwd sets the struct's adjoint (fv_b.p
// = w0_b + p0 + 1) after it sets the pointer's offset p0 again, not before
// (it read p0 uninitialized: found by the fuzzer, seed 51 kernel 95, as
// gcc's -Werror=uninitialized).  Checked against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
typedef struct view {
	int n;
	double *p;
	double w;
} view;

static double h(view v)
{
	double s = 0.0;
	for (int i = 0; i < v.n; i++)
		s += v.p[i] * v.p[i] * v.w;
	return s;
}

#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double w0[8];
	for (int i = 0; i < 8; i++)
		w0[i] = x[i] * 0.5;
	double *p0 = w0;
	view fv = { n, p0 + 1, w0[0] };
	return h(fv);
}
// CHECK-LABEL: {{^}}static void f_bwd({{.*}}){{$}}
// CHECK: p0 = 0;
// CHECK: fv_b.p = w0_b + p0 + 1;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double x0[8], dir[8];

static double at(double h_, void *ctx)
{
	double xs[8];
	(void)ctx;
	for (int i = 0; i < 8; i++)
		xs[i] = x0[i] + h_ * dir[i];
	return f(xs, 5);
}

int main(void)
{
	double g[8] = {0.0};
	ck_srand(8);
	for (int i = 0; i < 8; i++)
		x0[i] = ck_rand(), dir[i] = ck_rand();
	ck_equal_bits("primal", f_b(x0, g, 5, 1.0), f(x0, 5));
	ck_close("gradient along dir", ck_dot(g, dir, 8),
		 ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
// OUT: 0 failed
