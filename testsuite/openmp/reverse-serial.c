// A parallel loop whose reverse needs the values its iterations take one
// after the other keeps both sweeps of f_b and f_b_d serial: a reduction
// by max records the running maximum, which each thread has a partial
// one of.  The loop before it, a sum whose iterations each record the same
// values (the sin's value, the cos), records them into a block of the tape
// and runs parallel in both sweeps: its reverse in two phases (an
// iteration adds to x_b[i] and x_b[i - 1]), the adjoint of its private t
// starting each iteration at zero.  The derivatives are those of the
// parallel primal (checked against differences, the tangent, and for
// symmetry), built with -fopenmp or without it.  The tangent of a reduction
// by max of a varied variable stays parallel: each thread's partial maximum
// and its tangent join in thread order, the tangent following the winner.
// RUN: %ckc %s -o %t.c 2>&1 | count 0
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t.omp -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: %ckc-run --one %t.c %s %t.serial | FileCheck %s --check-prefix=OUT
#include <math.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double energy(const double *x, int n)
{
	double s = 0.0, mx = -1e300, t;
	int i;
#pragma omp parallel for private(t) reduction(+ : s) schedule(static)
	for (i = 1; i < n; i++) {
		t = x[i] - x[i - 1];
		s += t * t * (1.0 + 0.1 * sin(x[i]));
	}
#pragma omp parallel for reduction(max : mx)
	for (i = 0; i < n; i++)
		mx = fmax(mx, x[i] * x[i]);
	return s + mx;
}
// CHECK-LABEL: double energy_d(
// CHECK: #pragma omp parallel
// CHECK: #pragma omp for private(t, t_d) schedule(static)
// CHECK: double ck_part_mx = -HUGE_VAL;
// CHECK-NEXT: double ck_part_mx_d = 0.0;
// CHECK: mx_d = mx >= ck_part_mx ? mx_d : ck_part_mx_d;
// CHECK-NEXT: mx = fmax(mx, ck_part_mx);
// CHECK-LABEL: {{^}}static double energy_fwd(const double *x, int n){{$}}
// CHECK: ck_bd = ck_block_push_d(ck_t, 2 * ck_nb);
// CHECK: #pragma omp for private(t, ck_e2, ck_e) schedule(static)
// CHECK: #endif
// CHECK-NEXT: for (i = 0; i < n; i++) {
// CHECK-NEXT: ck_push_d(ck_t, mx);
// CHECK-LABEL: {{^}}static void energy_bwd({{.*}}){{$}}
// CHECK-NOT: #pragma omp
// CHECK: ck_v3 = ck_pop_d(ck_t);
// CHECK: double t_b2 = t_b;
// CHECK-NEXT: for (ck_ph = 0; ck_ph < 2; ck_ph++) {
// CHECK-NEXT: #ifdef _OPENMP
// CHECK-NEXT: #pragma omp parallel for private(i) schedule(static)
// CHECK: double t_b3 = ck_q == 0 ? t_b2 : 0.0;

#ifdef CK_TEST_MAIN
#ifdef _OPENMP
#include <omp.h>
#endif
#include "ckcheck.h"

#define N 23
static double x0[N], dir[N];

static double at(double h, void *ctx)
{
	double xs[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		xs[i] = x0[i] + h * dir[i];
	return energy(xs, N);
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	energy_b(x, g, n, 1.0);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	return energy_b_d(x, xd, xb, xbd, n, rb, rbd);
}

int main(void)
{
	double g[N], u[N], d, r;
	ck_srand(3);
	for (int i = 0; i < N; i++)
		x0[i] = ck_rand(), dir[i] = ck_rand(), u[i] = ck_rand();
#ifdef _OPENMP
	omp_set_num_threads(2);
#endif
	for (int i = 0; i < N; i++)
		g[i] = 0.0;
	r = energy_b(x0, g, N, 1.0);
	ck_close("primal", r, energy(x0, N), 1e-13);
	ck_close("tangent", (energy_d(x0, dir, N, &d), d),
		 ck_richardson(at, NULL, CK_FD_H), 1e-8);
	ck_close("dot product", ck_dot(g, dir, N), d, 1e-12);
	ck_close("hvp primal",
		 ck_check_hvp("hvp", hvp, grad, NULL, x0, dir, u, NULL, N, 1.5,
			      -0.5),
		 r, 1e-13);
	return ck_done();
}
#endif
// OUT: 0 failed
