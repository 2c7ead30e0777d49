// Simulation state in file-scope globals that the requested function and
// the helpers it calls share: f fills the global u whole, step() changes
// it, energy() reads it, and accumulate() adds into a global scalar that
// f zeroes first.  Each global becomes a local of f, passed to each
// helper on a call path to its users as one more parameter, so
// derivatives flow through it; the generated code leaves the globals as
// they were.  Gradients, Hessian-vector products and the dot-product test
// against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 6

double u[N];
double acc;
double nu = 0.2;

static void accumulate(double v)
{
	acc += v * v;
}

static double energy(void)
{
	double s = 0.0;
	for (int i = 0; i < N; i++)
		s += u[i] * u[i];
	accumulate(s);
	return s;
}

static void step(double dt)
{
	for (int i = 1; i < N - 1; i++)
		u[i] += dt * nu * (u[i - 1] - 2.0 * u[i] + u[i + 1]) +
			dt * sin(u[i]);
	accumulate(u[1]);
}

static void run(int steps)
{
	for (int k = 0; k < steps; k++)
		step(0.1);
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	acc = 0.0;
	for (int i = 0; i < N; i++)
		u[i] = x[i];
	run(3);
	double e = energy();
	return e + 0.5 * acc;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: double u[6]
// CHECK: run_d(3, &acc, &acc_d, u, u_d);
// CHECK-LABEL: static void accumulate_d(double v, double v_d, double *acc, double *acc_d){{$}}
// CHECK: *acc += v * v;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {0.3, -0.7, 1.1, 0.8, -0.2, 0.9};
	kc_check_scalar("globals shared with helpers", kf, kf_d, kf_b, kf_b_d,
			NULL, v, NULL, N, 3);
	/* f_b and f_d leave the globals as they were */
	double g[N] = {0.0}, d;
	u[0] = 123.0;
	acc = -1.0;
	f_b(v, g, 1.0);
	f_d(v, g, &d);
	ck_check("globals untouched", u[0] == 123.0 && acc == -1.0);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
