// A chain of locals each read twice by the next (v1 = sin(v0) + v0 *
// 0.5, ...): recomputing v39 in the reverse sweep from x would write
// 2^40 terms.  ckc once did, and never finished; a local whose
// recomputation would be too large is taped instead.  Here the reverse
// sweep needs no v at all: the partials of sin are the values of cos,
// computed in f_fwd and taped, and f_bwd calls no math function.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
#include <math.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(double x)
{
	double v0 = sin(x);
	double v1 = sin(v0) + v0 * 0.5;
	double v2 = sin(v1) + v1 * 0.5;
	double v3 = sin(v2) + v2 * 0.5;
	double v4 = sin(v3) + v3 * 0.5;
	double v5 = sin(v4) + v4 * 0.5;
	double v6 = sin(v5) + v5 * 0.5;
	double v7 = sin(v6) + v6 * 0.5;
	double v8 = sin(v7) + v7 * 0.5;
	double v9 = sin(v8) + v8 * 0.5;
	double v10 = sin(v9) + v9 * 0.5;
	double v11 = sin(v10) + v10 * 0.5;
	double v12 = sin(v11) + v11 * 0.5;
	double v13 = sin(v12) + v12 * 0.5;
	double v14 = sin(v13) + v13 * 0.5;
	double v15 = sin(v14) + v14 * 0.5;
	double v16 = sin(v15) + v15 * 0.5;
	double v17 = sin(v16) + v16 * 0.5;
	double v18 = sin(v17) + v17 * 0.5;
	double v19 = sin(v18) + v18 * 0.5;
	double v20 = sin(v19) + v19 * 0.5;
	double v21 = sin(v20) + v20 * 0.5;
	double v22 = sin(v21) + v21 * 0.5;
	double v23 = sin(v22) + v22 * 0.5;
	double v24 = sin(v23) + v23 * 0.5;
	double v25 = sin(v24) + v24 * 0.5;
	double v26 = sin(v25) + v25 * 0.5;
	double v27 = sin(v26) + v26 * 0.5;
	double v28 = sin(v27) + v27 * 0.5;
	double v29 = sin(v28) + v28 * 0.5;
	double v30 = sin(v29) + v29 * 0.5;
	double v31 = sin(v30) + v30 * 0.5;
	double v32 = sin(v31) + v31 * 0.5;
	double v33 = sin(v32) + v32 * 0.5;
	double v34 = sin(v33) + v33 * 0.5;
	double v35 = sin(v34) + v34 * 0.5;
	double v36 = sin(v35) + v35 * 0.5;
	double v37 = sin(v36) + v36 * 0.5;
	double v38 = sin(v37) + v37 * 0.5;
	double v39 = sin(v38) + v38 * 0.5;
	return v39;
}
// CHECK-LABEL: static double f_fwd(double x){{$}}
// CHECK: [[E:ck_e[0-9]*]] = cos(v{{[0-9]+}});
// CHECK-NEXT: ck_p{{[0-9]*}}[{{[0-9]+}}] = [[E]];
// CHECK-LABEL: static void f_bwd(
// CHECK-NOT: sin(
// CHECK-NOT: cos(
// CHECK: {{^}$}}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double t, void *ctx)
{
	return f(*(double *)ctx + t);
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	g[0] = 0;
	f_b(x[0], g, 1.0);
}

int main(void)
{
	double x = 0.7, one = 1.0, xb = 0, d, xb2 = 0, xbd = 0, hfd;
	ck_equal_bits("primal", f_b(x, &xb, 1.0), f(x));
	f_d(x, 1.0, &d);
	ck_close("tangent", xb, d, 1e-12);
	ck_close("differences", xb, ck_richardson(at, &x, CK_FD_H), 1e-8);
	f_b_d(x, 1.0, &xb2, &xbd, 1.0, 0.0);
	ck_close("hvp gradient", xb2, xb, 1e-12);
	ck_hvp_richardson(grad, NULL, &x, &one, 1, CK_FD_H, &hfd);
	ck_close("hvp", xbd, hfd, CK_HVP_RTOL);
	return ck_done();
}
#endif
