// A loop that reads an array it never writes (a Burgers step's upwind
// stencil on un) sees the same values in every iteration: f_fwd tapes the
// elements it reads once, after the loop (ck_push_nd), instead of each
// read; f_bwd reads them on the tape (ck_release_d, no copy), and
// evaluates the upwind branch on them again instead of taping it.  The
// constant locals dt, dx and nu go to step_bwd as values.  The reverse
// loop, which adds to un_b[i - 1], un_b[i] and un_b[i + 1], keeps those
// three elements in registers (rotation, gather.c).  Derivatives are
// bitwise those of --no-tbr, which tapes every read, and of --no-gather.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
// RUN: %ckc --no-gather %s -o %t.ng.c
// RUN: %ckc-run --one %t.ng.c %s %t.ng > %t.ng.out
// RUN: cmp %t.out %t.ng.out
#define N 16

static void step(double *u, double *un, double nu, double dt, double dx)
{
	int i;
	for (i = 0; i < N; i++)
		un[i] = u[i];
	for (i = 1; i < N - 1; i++) {
		double dif = nu * (un[i + 1] - 2 * un[i] + un[i - 1]) / (dx * dx);
		double adv;
		if (un[i] > 0)
			adv = un[i] * (un[i] - un[i - 1]) / dx;
		else
			adv = un[i] * (un[i + 1] - un[i]) / dx;
		u[i] = un[i] + dt * (dif - adv);
	}
}

#pragma ck_tangent wrt(u0)
#pragma ck_adjoint wrt(u0)
#pragma ck_hvp wrt(u0)
double f(const double *u0, int steps)
{
	const double nu = 0.01, dt = 0.002, dx = 1.0 / N;
	double u[N], un[N], s = 0;
	int i, t;
	for (i = 0; i < N; i++)
		u[i] = u0[i];
	for (t = 0; t < steps; t++)
		step(u, un, nu, dt, dx);
	for (i = 0; i < N; i++)
		s += u[i] * u[i] * u[i];
	return s;
}
// CHECK-LABEL: static void f_bwd(
// CHECK: step_bwd(u_b, un_b, 0.01, 2e-3, 1.0 / 16);
// CHECK-LABEL: static void step_fwd(double *u, double *un, double nu, double dt, double dx){{$}}
// CHECK-NOT: ck_push_d
// CHECK-NOT: ck_push_b
// CHECK: u[i] = un[i] + dt * (dif - adv);
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: ck_push_nd(ck_t, un, 16);
// CHECK-LABEL: static void step_bwd(double *restrict u_b, double *restrict un_b, double nu, double dt, double dx){{$}}
// CHECK: double [[UN:un[0-9]*]]_buf[16];
// CHECK-NEXT: const double *restrict [[UN]] = ck_release_d(ck_t, 16, [[UN]]_buf);
// CHECK: int ck_ran =
// CHECK: i--;
// CHECK-NEXT: [[R0:ck_r[0-9]*]] = un_b[i - 1];
// CHECK: if ([[UN]][i] > 0) {
// CHECK: [[R1:ck_r[0-9]*]] += ck_a{{[0-9]+}} * ([[UN]][i] - [[UN]][i - 1]);
// CHECK: [[R0]] += -ck_a{{[0-9]+}};
// CHECK: un_b[i + 1] = [[R2:ck_r[0-9]*]];
// CHECK-NEXT: [[R2]] = [[R1]];
// CHECK-NEXT: [[R1]] = [[R0]];

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static int steps;

static double kf(const double *v, void *ctx)
{
	(void)ctx;
	return f(v, steps);
}

static double kf_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return f_d(v, vd, steps, dot);
}

static double kf_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return f_b(v, vb, steps, rb);
}

static double kf_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	(void)n;
	return f_b_d(v, vd, vb, vbd, steps, rb, rbd);
}

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		/* both signs, both branches, away from the kink at 0 */
		v[i] = (i / 4 % 2 ? -1 : 1) * (0.3 + 0.2 * ck_rand());
	for (steps = 1; steps <= 7; steps += 3)
		kc_check_scalar("stencil", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL,
				N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
