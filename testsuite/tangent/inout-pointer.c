// An array both in wrt() and out(): updated in place, its shadow carries
// the input tangent in and the output tangent out.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t

#pragma ck_tangent wrt(u, dt) out(u)
void step(double *u, double dt, int n)
{
	double prev = u[0];
	for (int i = 1; i < n - 1; i++) {
		double cur = u[i];
		u[i] = cur + dt * (prev - 2.0 * cur + u[i + 1]);
		prev = cur;
	}
}
// CHECK-LABEL: void step_d(double *u, double *u_d, double dt, double dt_d, int n)
// CHECK: double prev_d = u_d[0];
// CHECK: u_d[i] = cur_d + (dt_d * (prev - 2.0 * cur + u[i + 1]) + dt * (prev_d - 2.0 * cur_d + u_d[i + 1]));

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 6
static double u0[N], v[N], dt0 = 0.2, vdt = 0.5;
static int k;

static double at(double t, void *ctx)
{
	double u[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		u[i] = u0[i] + t * v[i];
	step(u, dt0 + t * vdt, N);
	return u[k];
}

int main(void)
{
	double u[N], ud[N], up[N];
	for (int i = 0; i < N; i++) {
		u[i] = up[i] = u0[i] = ck_rand();
		ud[i] = v[i] = ck_rand();
	}
	step_d(u, ud, dt0, vdt, N);
	step(up, dt0, N);
	for (k = 0; k < N; k++) {
		ck_equal_bits("primal", u[k], up[k]);
		ck_close("tangent", ud[k], ck_richardson(at, NULL, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
