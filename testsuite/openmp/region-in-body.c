// A checkpoint region inside a parallel loop's body: its snapshot is taken
// per iteration, and the reverse recomputes the region on the tape, so
// both sweeps of f_b and f_b_d run that loop serially (the tangent stays
// parallel).  The derivatives are checked against differences, the
// tangent and for symmetry, built with -fopenmp and without it; the
// recomputation count is one per iteration.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t.omp -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: %ckc-run --one %t.c %s %t.serial | FileCheck %s --check-prefix=OUT
#include <math.h>

#define N 24
#define M 6

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double y[N], s = 0.0;
	int i, k;
#pragma omp parallel for private(k)
	for (i = 0; i < N; i++) {
		double h[M];
		for (k = 0; k < M; k++)
			h[k] = x[i] / (k + 2);
#pragma ck_checkpoint
		{
			for (k = 1; k < M; k++)
				h[k] = tanh(h[k] + h[k - 1]);
		}
		y[i] = h[M - 1] * h[M - 1];
	}
	for (i = 0; i < N; i++)
		s += y[i] * x[(i + 1) % N];
	return s;
}
// CHECK-LABEL: double f_d(
// CHECK: #pragma omp parallel for private(k)
// CHECK-LABEL: {{^}}static double f_fwd(const double *x){{$}}
// CHECK-NOT: #pragma omp
// CHECK: ck_snap_new()
// CHECK-LABEL: {{^}}static void f_bwd({{.*}}){{$}}
// CHECK-NOT: #pragma omp
// CHECK: return
// CHECK-NEXT: }

#ifdef CK_TEST_MAIN
#ifdef _OPENMP
#include <omp.h>
#endif
#define CK_VEC_MAX N
#include "ckcheck.h"
#include "ckrt.h"

static double x0[N], dir[N], u[N];

static double at(double h, void *ctx)
{
	double xs[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		xs[i] = x0[i] + h * dir[i];
	return f(xs);
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	f_b(x, g, 1.0);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	(void)n;
	return f_b_d(x, xd, xb, xbd, rb, rbd);
}

int main(void)
{
	double g[N], d;
	ck_stats st;
	ck_srand(11);
	for (int i = 0; i < N; i++)
		x0[i] = ck_rand(), dir[i] = ck_rand(), u[i] = ck_rand();
#ifdef _OPENMP
	omp_set_num_threads(2);
#endif
	ck_stats_reset();
	grad(x0, g, N, NULL);
	ck_stats_get(&st);
	ck_check("one recomputation per iteration", st.recomputations == N);
	ck_close("tangent", (f_d(x0, dir, &d), d),
		 ck_richardson(at, NULL, CK_FD_H), 1e-8);
	ck_close("dot product", ck_dot(g, dir, N), d, 1e-12);
	ck_check_hvp("hvp", hvp, grad, NULL, x0, dir, u, NULL, N, 1.5, -0.5);
	return ck_done();
}
#endif
// OUT: 0 failed
