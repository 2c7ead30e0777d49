// A local declared inside a region without an initializer has no value on
// entry to the region (C starts it indeterminate at each entry to its
// block), so the snapshot leaves it out, with its tangent in f_b_d, also
// when ckc cannot see the region overwrite it whole before reading it:
// the Thomas algorithm's scratch dp (dp[0], then dp[i] from dp[i - 1])
// and a scalar set in every arm of an if chain.  The snapshot held dp (64 bytes, 128 in f_b_d) in each of the 4 regions.
// f_b and f_b_d are bit for bit those of ckc --no-checkpoint, f_b is
// checked against differences, f_b_d against differences of gradients.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: cmp %t.out %t.plain.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#pragma ck_adjoint wrt(u0)
#pragma ck_hvp wrt(u0)
double implicit(const double *u0, int n)
{
	double u[8];
	for (int i = 0; i < n; i++)
		u[i] = u0[i];
	for (int t = 0; t < 4; t++) {
#pragma ck_checkpoint
		{
			double dp[8];
			double k;
			if (t == 0)
				k = 0.4;
			else if (t == 1)
				k = 0.3;
			else
				k = 0.2;
			dp[0] = u[0] * u[0] / (1.0 + k);
			for (int i = 1; i < n; i++)
				dp[i] = (u[i] * u[i] + k * dp[i - 1]) / (1.0 + 2.0 * k);
			u[n - 1] = dp[n - 1];
			for (int i = n - 2; i >= 0; i--)
				u[i] = dp[i] + k * sin(u[i + 1]);
		}
	}
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += u[i];
	return s;
}
// CHECK-LABEL: static double implicit_fwd(const double *u0, int n){{$}}
// CHECK: ck_s = ck_snap_new();
// CHECK-NEXT: CK_SAVE(ck_s, n);
// CHECK-NEXT: CK_SAVE(ck_s, u);
// CHECK-NEXT: CK_SAVE(ck_s, t);
// CHECK-NEXT: ck_push_p(ck_t, ck_s);
// CHECK-LABEL: static double implicit_fwd_d(
// CHECK: ck_s = ck_snap_new();
// CHECK-NEXT: CK_SAVE(ck_s, n);
// CHECK-NEXT: CK_SAVE(ck_s, u);
// CHECK-NEXT: CK_SAVE(ck_s, u_d);
// CHECK-NEXT: CK_SAVE(ck_s, t);
// CHECK-NEXT: ck_push_p(ck_t, ck_s);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

typedef struct {
	const double *x;
	int k;
} at_ctx;

static double at(double t, void *ctx)
{
	at_ctx *a = ctx;
	double y[6];
	for (int i = 0; i < 6; i++)
		y[i] = a->x[i] + (i == a->k ? t : 0.0);
	return implicit(y, 6);
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	implicit_b(x, g, 6, 1.0);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return implicit_b_d(x, xd, xb, xbd, 6, rb, rbd);
}

int main(void)
{
	volatile double base = 0.3; /* (no constant folding of sin) */
	double x[6], v[6], w[6], g[6] = { 0.0 };
	for (int i = 0; i < 6; i++) {
		x[i] = base + 0.1 * i;
		v[i] = base + 0.2 - 0.1 * i;
		w[i] = 0.1 * i - base - 0.1;
	}
	ck_equal_bits("primal of implicit_b", implicit_b(x, g, 6, 1.0),
		      implicit(x, 6));
	for (int k = 0; k < 6; k++) {
		at_ctx a = { x, k };
		ck_close("implicit_b against differences", g[k],
			 ck_richardson(at, &a, CK_FD_H), 1e-8);
	}
	ck_check_hvp("implicit_b_d", hvp, grad, NULL, x, v, w, NULL, 6, 0.5,
		     3.0);
	return ck_done();
}
#endif
