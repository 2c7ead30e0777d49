// Data behind a pointer that the function sets before a region or binomial
// loop, which then only reads it, needs no save(): nothing changes it before
// the reverse sweep runs the region again.  A Sinkhorn loop reads the
// kernel matrix K = exp(-c / eps), malloc'd and set before the loop; an
// implicit diffusion step's region reads the Thomas algorithm's
// coefficients, which the function sets in a caller's scratch array and a
// malloc'd one before the time loop.  These were refused, asking for
// save(K[lo:len]) (diagnostics/checkpoint-data-changed-later.c: what is
// still refused).  f_b and f_b_d are bit for bit those of ckc
// --no-checkpoint, f_b is checked against differences, f_b_d against
// differences of gradients.
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
#include <stdlib.h>

#pragma ck_adjoint wrt(c)
#pragma ck_hvp wrt(c)
double sinkhorn(const double *c, int n)
{
	double u[4], v[4];
	double *K = malloc((size_t)(n * n) * sizeof(double));
	for (int i = 0; i < n * n; i++)
		K[i] = exp(-c[i] / 0.5);
	for (int i = 0; i < n; i++)
		u[i] = v[i] = 1.0;
#pragma ck_checkpoint binomial(2)
	for (int k = 0; k < 6; k++) {
		for (int i = 0; i < n; i++) {
			double s = 0.0;
			for (int j = 0; j < n; j++)
				s += K[i * n + j] * v[j];
			u[i] = 1.0 / (n * s);
		}
		for (int j = 0; j < n; j++) {
			double s = 0.0;
			for (int i = 0; i < n; i++)
				s += K[i * n + j] * u[i];
			v[j] = 1.0 / (n * s);
		}
	}
	double cost = 0.0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			cost += u[i] * K[i * n + j] * v[j] * c[i * n + j];
	free(K);
	return cost;
}
// the snapshot: no section of K
// CHECK-LABEL: static double sinkhorn_fwd(const double *c, int n){{$}}
// CHECK: ck_sn = ck_revolve_snap(ck_rv);
// CHECK-NEXT: CK_SAVE(ck_sn, n);
// CHECK-NEXT: CK_SAVE(ck_sn, u);
// CHECK-NEXT: CK_SAVE(ck_sn, v);
// CHECK-NEXT: CK_SAVE(ck_sn, k);
// CHECK-NEXT: } else if

#pragma ck_adjoint wrt(u0)
#pragma ck_hvp wrt(u0)
double diffuse(const double *u0, const double *kap, double *cp, int n)
{
	double u[8];
	double *m = malloc((size_t)n * sizeof(double));
	for (int i = 0; i < n; i++)
		u[i] = u0[i];
	/* (1 + 2k) u_i - k u_{i-1} - k u_{i+1} = d_i, eliminated once */
	m[0] = 1.0 + 2.0 * kap[0];
	cp[0] = -kap[0] / m[0];
	for (int i = 1; i < n; i++) {
		m[i] = 1.0 + 2.0 * kap[i] + kap[i] * cp[i - 1];
		cp[i] = -kap[i] / m[i];
	}
	for (int t = 0; t < 4; t++) {
#pragma ck_checkpoint
		{
			double dp[8];
			dp[0] = u[0] * u[0] / m[0];
			for (int i = 1; i < n; i++)
				dp[i] = (u[i] * u[i] + kap[i] * dp[i - 1]) / m[i];
			u[n - 1] = dp[n - 1];
			for (int i = n - 2; i >= 0; i--)
				u[i] = dp[i] - cp[i] * u[i + 1];
		}
	}
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += sin(u[i]);
	free(m);
	return s;
}
// the snapshot: no section of cp or m
// CHECK-LABEL: static double diffuse_fwd(const double *u0, const double *kap, double *cp, int n){{$}}
// CHECK: ck_s = ck_snap_new();
// CHECK-NEXT: CK_SAVE(ck_s, n);
// CHECK-NEXT: CK_SAVE(ck_s, u);
// CHECK-NEXT: ck_push_p(ck_t, ck_s);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static const double kap[6] = { 0.3, 0.5, 0.2, 0.7, 0.4, 0.6 };
static double cp[6];
static int which;

typedef struct {
	const double *x;
	int k;
} at_ctx;

static double eval(const double *x)
{
	return which ? diffuse(x, kap, cp, 6) : sinkhorn(x, 3);
}

static double at(double t, void *ctx)
{
	at_ctx *a = ctx;
	double y[9];
	for (int i = 0; i < 9; i++)
		y[i] = a->x[i] + (i == a->k ? t : 0.0);
	return eval(y);
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	if (which)
		diffuse_b(x, g, kap, cp, 6, 1.0);
	else
		sinkhorn_b(x, g, 3, 1.0);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return which ? diffuse_b_d(x, xd, xb, xbd, kap, cp, 6, rb, rbd)
		     : sinkhorn_b_d(x, xd, xb, xbd, 3, rb, rbd);
}

int main(void)
{
	volatile double base = 0.3; /* (no constant folding of exp) */
	double x[9], v[9], w[9];
	for (which = 0; which < 2; which++) {
		int n = which ? 6 : 9;
		double g[9] = { 0.0 };
		for (int i = 0; i < 9; i++) {
			x[i] = base + 0.1 * i;
			v[i] = base + 0.2 - 0.1 * i;
			w[i] = 0.1 * i - base - 0.1;
		}
		grad(x, g, n, NULL);
		ck_equal_bits("primal of f_b",
			      which ? diffuse_b(x, g, kap, cp, 6, 0.0)
				    : sinkhorn_b(x, g, 3, 0.0),
			      eval(x));
		for (int k = 0; k < n; k++) {
			at_ctx a = { x, k };
			ck_close("f_b against differences", g[k],
				 ck_richardson(at, &a, CK_FD_H), 1e-8);
		}
		ck_check_hvp("f_b_d", hvp, grad, NULL, x, v, w, NULL, n, 0.5,
			     3.0);
	}
	return ck_done();
}
#endif
