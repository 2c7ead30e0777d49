// Function-pointer parameters of the file's functions: a function called
// with functions by name (or with such a parameter of its own caller) is
// copied per combination of functions, without those parameters, its
// calls through them calling the functions by name (rk4_lorenz).  An RK4
// integrator with two right-hand sides, passed on through a second
// helper, f(...) and (*f)(...), &f, a math.h function and a file function
// as a scalar activation, and a copy inside a checkpoint region.
// Gradients, Hessian-vector products and the dot-product test against
// differences; f_dv along 3 directions bitwise against f_d.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define NP 3

typedef void (*rhs_fn)(const double *y, double *dy, const double *p);

static void lorenz(const double *y, double *dy, const double *p)
{
	dy[0] = p[0] * (y[1] - y[0]);
	dy[1] = y[0] * (p[1] - y[2]) - y[1];
	dy[2] = y[0] * y[1] - p[2] * y[2];
}

static void damped(const double *y, double *dy, const double *p)
{
	dy[0] = y[1];
	dy[1] = -p[0] * y[0] - p[1] * y[1] + 0.1 * sin(p[2] * y[2]);
	dy[2] = 1.0;
}

static void rk4(rhs_fn f, double *y, const double *p, double h)
{
	double k1[3], k2[3], k3[3], k4[3], t[3];
	f(y, k1, p);
	for (int i = 0; i < 3; i++)
		t[i] = y[i] + 0.5 * h * k1[i];
	(*f)(t, k2, p);
	for (int i = 0; i < 3; i++)
		t[i] = y[i] + 0.5 * h * k2[i];
	f(t, k3, p);
	for (int i = 0; i < 3; i++)
		t[i] = y[i] + h * k3[i];
	f(t, k4, p);
	for (int i = 0; i < 3; i++)
		y[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
}

/* passes its function-pointer parameter on */
static void integrate(void (*f)(const double *, double *, const double *),
		      double *y, const double *p, int steps)
{
	for (int s = 0; s < steps; s++)
		rk4(f, y, p, 0.01);
}

static double act(double (*g)(double), double a, double b)
{
	return g(a) * b + g(b);
}

static double soft(double v)
{
	return log1p(exp(v));
}

/* Two systems through the same integrator: two copies of rk4 and of
 * integrate, one per right-hand side. */
#pragma ck_tangent wrt(p)
#pragma ck_adjoint wrt(p)
#pragma ck_hvp wrt(p)
#pragma ck_tangent wrt(p) vector
double traj(const double *p)
{
	double y[3] = {1.0, 0.5, 0.25}, z[3] = {0.5, -0.25, 0.0};
	integrate(lorenz, y, p, 20);
	integrate(&damped, z, p, 10);
#pragma ck_checkpoint
	rk4(lorenz, z, p, 0.02);
	return y[0] * y[0] + y[1] * z[1] + act(tanh, y[2], z[0]) +
	       act(soft, z[2], p[1]);
}
// CHECK-LABEL: static double traj_fwd(const double *p){{$}}
// CHECK: integrate_lorenz_fwd(y, p, 20);
// CHECK: integrate_damped_fwd(z, p, 10);
// CHECK: rk4_lorenz(z, p, 0.02);
// CHECK: act_tanh_fwd(
// CHECK: act_soft_fwd(
// CHECK-LABEL: static void rk4_lorenz_fwd(double *y, const double *p, double h){{$}}
// CHECK: lorenz_fwd(y, k1, p);
// CHECK: lorenz_fwd(t, k2, p);
// CHECK-LABEL: static double act_tanh_fwd(double a, double b){{$}}
// CHECK: tanh(a)

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(traj)

/* f_dv along ND directions against f_d along each */
#define ND 3
static void check_vector(const double *v)
{
	double dv[NP * ND], rdv[ND];
	for (int i = 0; i < NP * ND; i++)
		dv[i] = ck_rand() - 0.5;
	double y = traj_dv(v, dv, ND, rdv);
	for (int k = 0; k < ND; k++) {
		double d[NP], rd;
		for (int i = 0; i < NP; i++)
			d[i] = dv[i * ND + k];
		ck_equal_bits("f_dv's value", y, traj_d(v, d, &rd));
		ck_equal_bits("f_dv's tangent", rdv[k], rd);
	}
}

int main(void)
{
	double v[NP] = {1.0, 2.8, 0.8};
	kc_check_scalar("function-pointer parameters", kf, kf_d, kf_b, kf_b_d,
			NULL, v, NULL, NP, 3);
	check_vector(v);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
