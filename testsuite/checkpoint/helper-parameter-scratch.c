// A checkpoint region, binomial loop or online loop in a helper that
// changes the data behind a double * (or float *) parameter its reverse
// sweep does not receive (the caller's state, updated in place), named in
// save(): f_bwd recomputes it in a scratch buffer of its own, loaded from
// the snapshot.  These were refused ("cannot reach; checkpoint in the
// caller").  A relaxation sweep over a caller's local array, an
// integrator whose binomial loop passes the state to a step helper, an
// online loop, a float state.  f_b and f_b_d are bit for bit those of ckc
// --no-checkpoint (outputs compared with cmp); gradients, Hessian-vector
// products and the dot-product test against differences.
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

#define N 6

static void relax(double *u, double c, int n)
{
#pragma ck_checkpoint save(u[0:n])
	for (int i = 1; i < n - 1; i++)
		u[i] = 0.5 * u[i] + c * u[i - 1] * u[i + 1];
}
// CHECK-LABEL: static void relax_bwd(double *restrict u_b, double c, double *c_b, int n){{$}}
// CHECK: = ck_scratch_alloc_d(
// CHECK: ck_scratch_free_d(

static void step(double *y, double h, const double *p)
{
	double y0 = y[0];
	y[0] += h * y[1];
	y[1] -= h * p[0] * sin(y0);
}

static void integrate(double *y, const double *p, int nsteps)
{
	double h = 2.0 / nsteps;
#pragma ck_checkpoint binomial(3) save(y[0:2])
	for (int k = 0; k < nsteps; k++)
		step(y, h, p);
}

static void decay(double *v, double rate, int n)
{
	double t = 0.0;
#pragma ck_checkpoint online(2) save(v[0:n])
	while (t < 1.0) {
		for (int i = 0; i < n; i++)
			v[i] = v[i] * (1.0 - rate * 0.1) + 0.01 * sin(v[(i + 1) % n]);
		t += 0.125;
	}
}

static void fscale(float *w, float a, int n)
{
#pragma ck_checkpoint save(w[0:n])
	for (int i = 0; i < n; i++)
		w[i] = w[i] * a + 0.5f * w[i] * w[i];
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double u[N], y[2];
	for (int i = 0; i < N - 1; i++)
		u[i] = x[i];
	u[N - 1] = 0.25;
	relax(u, x[1], N);
	y[0] = u[1];
	y[1] = u[2];
	integrate(y, x + 3, 25);
	decay(u, x[4], N);
	return y[0] * y[1] + u[2] * u[4] + u[0];
}

/* in float: checked bit for bit against --no-checkpoint only (cmp) */
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double g(const double *x)
{
	float w[2];
	w[0] = (float)x[0];
	w[1] = (float)x[1];
	fscale(w, 0.75f, 2);
	return (double)(w[0] * w[1]);
}
// CHECK-LABEL: static void fscale_bwd(float *restrict w_b, float a, int n){{$}}
// CHECK: = ck_scratch_alloc_f(
// CHECK: ck_scratch_free_f(

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	/* (volatile: clang -O2 would fold f at constant inputs) */
	static volatile double v0[N - 1] = {0.5, -0.4, 0.3, 0.8, 0.2};
	double v[N - 1];
	for (int i = 0; i < N - 1; i++)
		v[i] = v0[i];
	kc_check_scalar("helper parameters in checkpoints", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N - 1, 3);
	double gb[2] = {0}, gd[2] = {0.5, -1.0}, gbd[2] = {0};
	double r = g_b(v, gb, 1.0);
	printf("g_b %a: %a %a\n", r, gb[0], gb[1]);
	gb[0] = gb[1] = 0.0;
	r = g_b_d(v, gd, gb, gbd, 1.0, 0.0);
	printf("g_b_d %a: %a %a, %a %a\n", r, gb[0], gb[1], gbd[0], gbd[1]);
	return ck_done();
}
#endif
