// '#pragma omp parallel' with a '#pragma omp for' loop inside reads as the
// region's parallel for: the clauses of both directives, and the region's
// declarations private to each thread (firstprivate when initialized).
// Its tangent stays parallel; f_b's derivatives are checked against the
// tangent and differences, with and without -fopenmp.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t.omp -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: %ckc-run --one %t.c %s %t.serial | FileCheck %s --check-prefix=OUT
#include <math.h>

#pragma ck_tangent wrt(x) out(y)
#pragma ck_adjoint wrt(x) out(y)
double waves(const double *x, double *y, int n)
{
	double s = 0.0;
	int i;
#pragma omp parallel num_threads(2) reduction(+:s)
	{
		double t;
		double scale = 0.5;
#pragma omp for schedule(static) nowait
		for (i = 0; i < n; i++) {
			t = sin(x[i]) * scale;
			y[i] = t;
			s += t * t;
		}
	}
	return s;
}
// CHECK-LABEL: double waves_d(
// CHECK: double scale = 0.5;
// CHECK-NEXT: #ifdef _OPENMP
// CHECK-NEXT: #pragma omp parallel num_threads(2)
// CHECK: #pragma omp for private(t, t_d) firstprivate(scale) schedule(static)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 29
static double x0[N], dir[N];

static double at(double h, void *ctx)
{
	double xs[N], y[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		xs[i] = x0[i] + h * dir[i];
	return waves(xs, y, N);
}

int main(void)
{
	double y[N], yd[N], yb[N], g[N], d, r;
	ck_srand(6);
	for (int i = 0; i < N; i++)
		x0[i] = ck_rand(), dir[i] = ck_rand(), yb[i] = ck_rand(), g[i] = 0.0;
	r = waves_d(x0, dir, y, yd, N, &d);
	ck_close("primal", r, waves(x0, y, N), 1e-13);
	ck_close("tangent", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	/* g = grad(s) + J^T yb, against the tangent: d + yb . yd (y_b is
	 * consumed by f_b) */
	double want = d + ck_dot(yb, yd, N);
	waves_b(x0, g, y, yb, N, 1.0);
	ck_close("dot product", ck_dot(g, dir, N), want, 1e-12);
	return ck_done();
}
#endif
// OUT: 0 failed
