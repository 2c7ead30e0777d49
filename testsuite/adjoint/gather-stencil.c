// Reverse loops whose iterations add to neighbouring elements of an
// adjoint array lose their chain of stores.  f_bwd's loop over the
// stencil, which adds to un_b[i - 1], un_b[i] and un_b[i + 1], is
// gathered: loops over the element j compute each contribution i = j - c
// again and add them in the loop's own order, unguarded in the middle and
// guarded by the iteration range on the two edges; the u_b[i] the loop
// reads and clears stays in a loop of its own, run after, upwards since
// its iterations are independent.  Rosenbrock's chain (x_b[i] and
// x_b[i + 1]) gathers too, in f over the state and in g over n unknown,
// where loops of n = 0 to 3 iterations run the guarded edges alone.  A
// loop whose terms would call a math function at two offsets is rotated
// instead: the two elements an iteration touches live in registers (ck_r,
// ck_r2), loaded before the loop and stored back after.  That is the
// stencil through sin (h) and the chain through sin over n unknown (k),
// whose loops of n = 0 to 3 iterations run the rotation's edges.
// Gradients and Hessian-vector products are checked against differences
// and are bitwise those of --no-gather.
// RUN: %ckc --no-fuse %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-gather %s -o %t.ng.c
// RUN: FileCheck %s --check-prefix=NG --input-file %t.ng.c
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -include %t.h %s %t.c -o %t.p %ckrt
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -include %t.ng.h %s %t.ng.c -o %t.ng.p %ckrt
// RUN: %t.p > %t.p.out
// RUN: %t.ng.p > %t.ng.p.out
// RUN: cmp %t.p.out %t.ng.p.out
#include <math.h>

#define N 12

/* A nonlinear stencil over a time loop, then a chain over the state. */
#pragma ck_tangent wrt(u0)
#pragma ck_adjoint wrt(u0)
#pragma ck_hvp wrt(u0)
double f(const double *u0, int steps)
{
	double u[N], un[N], s = 0;
	int i, t;
	for (i = 0; i < N; i++)
		u[i] = u0[i];
	for (t = 0; t < steps; t++) {
		for (i = 0; i < N; i++)
			un[i] = u[i];
		for (i = 1; i < N - 1; i++)
			u[i] = un[i] + 0.2 * un[i] *
					   (un[i - 1] - 2 * un[i] + un[i + 1]);
	}
	for (i = 0; i < N - 1; i++) {
		double a = u[i + 1] - u[i] * u[i], b = 1 - u[i];
		s += 100 * a * a + b * b;
	}
	return s;
}

/* Rosenbrock over n + 1 inputs: a loop of n iterations, n unknown. */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double g(const double *x, int n)
{
	double s = 0;
	int i;
	for (i = 0; i < n; i++) {
		double a = x[i + 1] - x[i] * x[i], b = 1 - x[i];
		s += 100 * a * a + b * b;
	}
	return s;
}

/* The same stencil through sin: gathering would call sin three times per
 * element, so the loop is rotated. */
#pragma ck_adjoint wrt(un) out(u)
void h(double *u, const double *un)
{
	int i;
	for (i = 1; i < N - 1; i++)
		u[i] = un[i] + 0.2 * sin(un[i]) * (un[i - 1] - 2 * un[i] + un[i + 1]);
}
// CHECK-LABEL: static void f_bwd(const double *u0, double *restrict u0_b, int steps, double ret_b){{$}}
// The chain's loop, gathered: each element's three terms in the middle.
// CHECK: for ([[CJ:ck_j[0-9]*]] = (int)[[CMLO:ck_mlo[0-9]*]]; [[CJ]] < [[CMHI:ck_mhi[0-9]*]]; [[CJ]]++) {
// CHECK-NEXT: {
// CHECK-NEXT: i = (int)[[CJ]];
// CHECK-NOT: if
// CHECK: u_b[i] += -b_b;
// CHECK-NOT: if
// CHECK: u_b[i] += 2.0 * (ck_a{{[0-9]*}} * u2[i]);
// CHECK-NOT: if
// CHECK: i = (int)([[CJ]] - 1);
// CHECK-NOT: if
// CHECK: u_b[i + 1] += a_b;
// CHECK-NEXT: }
// CHECK-NEXT: }
// The stencil's loop, gathered: the guarded edge, the middle, the other
// edge; then u_b read and cleared in a loop of its own.
// CHECK: for ([[J:ck_j[0-9]*]] = (int)[[BOT:ck_bot[0-9]*]]; [[J]] < [[MLO:ck_mlo[0-9]*]]; [[J]]++) {
// CHECK-NEXT: if ((long)[[J]] + 1 >= [[LO:ck_lo[0-9]*]] && (long)[[J]] + 1 < [[HI:ck_hi[0-9]*]]) {
// CHECK-NEXT: i = (int)([[J]] + 1);
// CHECK: for ([[J]] = (int)[[MLO]]; [[J]] < [[MHI:ck_mhi[0-9]*]]; [[J]]++) {
// CHECK-NEXT: {
// CHECK-NEXT: i = (int)([[J]] + 1);
// CHECK-NOT: if
// CHECK: un_b[i - 1] +=
// CHECK-NOT: if
// CHECK: i = (int)([[J]] - 1);
// CHECK-NOT: if
// CHECK: un_b[i + 1] +=
// CHECK: for ([[J]] = (int)[[MHI]]; [[J]] < [[TOP:ck_top[0-9]*]]; [[J]]++) {
// CHECK: i = (int)[[HI]];
// CHECK-NEXT: {
// CHECK-NEXT: long [[HI2:ck_hi[0-9]+]] = i;
// CHECK-NEXT: ck_n{{[0-9]*}} =
// CHECK-NEXT: long [[LO2:ck_lo[0-9]+]] =
// CHECK-NEXT: int [[J2:ck_j[0-9]+]];
// CHECK-NEXT: for ([[J2]] = (int)[[LO2]]; [[J2]] < [[HI2]]; [[J2]]++) {
// CHECK-NEXT: i = (int)[[J2]];
// CHECK-NEXT: {
// CHECK-NEXT: u_b[i] = 0.0;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: i = (int)[[LO2]];
// CHECK-LABEL: static void g_bwd(const double *x, double *restrict x_b, int n, double ret_b){{$}}
// CHECK-NOT: ck_ran
// CHECK: for ([[GJ:ck_j[0-9]*]] = (int)[[GMLO:ck_mlo[0-9]*]]; [[GJ]] < [[GMHI:ck_mhi[0-9]*]]; [[GJ]]++) {
// CHECK-NOT: ck_ran
// CHECK: x_b[i + 1] += a_b;
// CHECK-NOT: ck_ran
// CHECK: {{^}$}}
// CHECK-LABEL: static void h_bwd(
// CHECK-NOT: ck_j
// CHECK: ck_r = un_b[i - 1];
// CHECK-NOT: ck_j
// CHECK: un_b[i + 1] = ck_r3;
// CHECK-NOT: ck_j
// CHECK: {{^}$}}
/* A chain through sin over n + 1 inputs: its terms would call cos at one
 * offset and sin at the next, so it is rotated, with the values f_fwd
 * taped for it. */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double k(const double *x, int n)
{
	double s = 0;
	int i;
	for (i = 0; i < n; i++)
		s += sin(x[i]) * x[i + 1];
	return s;
}
// CHECK-LABEL: static void k_bwd(const double *x, double *restrict x_b, int n, double ret_b){{$}}
// CHECK-NOT: ck_j
// CHECK: int ck_ran = (n > 0 ? (long)n : 0) > 0;
// CHECK-NEXT: if (ck_ran) {
// CHECK-NEXT: ck_r2 = x_b[i];
// CHECK-NOT: ck_j
// CHECK: x_b[i + 1] = ck_r2;
// CHECK-NEXT: ck_r2 = ck_r;
// CHECK-NOT: ck_j
// CHECK: {{^}$}}
// NG-LABEL: static void f_bwd(
// NG-NOT: ck_j
// NG-NOT: ck_ran
// NG: un_b[i + 1] +=
// NG-NOT: ck_j
// NG-NOT: ck_ran
// NG: {{^}$}}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

#include <stdio.h>

static int n, steps;

#ifdef PRINT_BITS
/* f_b_d's value, gradient and H d, every bit, for cmp. */
static void print_bits(const char *what, double y, const double *gr,
		       const double *h)
{
	printf("%s %a\n", what, y);
	for (int i = 0; i < N; i++)
		printf("  %a %a\n", gr[i], h[i]);
}

int main(void)
{
	double v[N], d[N];
	for (int i = 0; i < N; i++) {
		v[i] = 0.3 + 0.4 * ck_rand();
		d[i] = ck_rand() - 0.5;
	}
	for (steps = 1; steps <= 3; steps += 2) {
		double gr[N] = {0}, h[N] = {0};
		print_bits("f", f_b_d(v, d, gr, h, steps, 1.0, 0.0), gr, h);
	}
	for (n = 0; n < N; n++) {
		double gr[N] = {0}, h[N] = {0};
		print_bits("g", g_b_d(v, d, gr, h, n, 1.0, 0.0), gr, h);
	}
	for (n = 0; n < N; n++) {
		double gr[N] = {0}, h[N] = {0};
		print_bits("k", k_b_d(v, d, gr, h, n, 1.0, 0.0), gr, h);
	}
	return 0;
}
#else
KC_SCALAR_WRAPPERS(f, steps)

static double kg(const double *v, void *ctx)
{
	(void)ctx;
	return g(v, n);
}

static double kg_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return g_d(v, vd, n, dot);
}

static double kg_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return g_b(v, vb, n, rb);
}

static double kg_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int nv, void *ctx)
{
	(void)ctx;
	(void)nv;
	return g_b_d(v, vd, vb, vbd, n, rb, rbd);
}

static double kk(const double *v, void *ctx)
{
	(void)ctx;
	return k(v, n);
}

static double kk_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return k_d(v, vd, n, dot);
}

static double kk_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return k_b(v, vb, n, rb);
}

static double kk_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int nv, void *ctx)
{
	(void)ctx;
	(void)nv;
	return k_b_d(v, vd, vb, vbd, n, rb, rbd);
}

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = 0.3 + 0.4 * ck_rand();
	for (steps = 1; steps <= 3; steps += 2)
		kc_check_scalar("stencil", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL,
				N, 3);
	/* the chain over n + 1 of the N inputs; the mask keeps the others */
	for (n = 0; n < N; n += n < 4 ? 1 : 7) {
		double mask[N];
		for (int i = 0; i < N; i++)
			mask[i] = i <= n;
		kc_check_scalar("chain", kg, kg_d, kg_b, kg_b_d, NULL, v, mask, N,
				3);
		kc_check_scalar("sin chain", kk, kk_d, kk_b, kk_b_d, NULL, v, mask,
				N, 3);
	}
	return ck_done();
}
#endif
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
