// In the reverse of a parallel loop, the adjoint of a parameter that every
// iteration reads (a by value: *a_b += ...; w[0..2]: w_b[k] += ...) sums
// over all iterations: it is summed in a local that the parallel loop
// reduces, each thread into a partial of its own joined in thread order,
// and added to its element after the loop.  The reverse runs parallel;
// the derivatives are the same bits from run to run at 1, 2 and 4 threads
// (a sum's order depends on the thread count), equal at 2 and 4 threads to
// those at 1 to 1e-13, and checked against differences, the tangent and
// for symmetry, with -fopenmp and without it.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t.omp -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: %ckc-run --one %t.c %s %t.serial | FileCheck %s --check-prefix=OUT
#include <math.h>

#define N 300

#pragma ck_tangent wrt(x, w, a)
#pragma ck_adjoint wrt(x, w, a)
#pragma ck_hvp wrt(x, w, a)
double model(const double *x, const double *w, double a)
{
	double y[N], s = 0.0;
	int i;
#pragma omp parallel for
	for (i = 0; i < N; i++)
		y[i] = a * tanh(w[0] * x[i] + w[1]) + w[2] * x[i];
#pragma omp parallel for reduction(+ : s)
	for (i = 0; i < N; i++)
		s += y[i] * y[i];
	return s;
}
// CHECK-LABEL: {{^}}static void model_bwd({{.*}}){{$}}
// CHECK: double ck_sum = 0.0;
// CHECK-NEXT: double ck_sum2 = 0.0;
// CHECK-NEXT: double ck_sum3 = 0.0;
// CHECK-NEXT: double ck_sum4 = 0.0;
// CHECK: #pragma omp for private(i)
// CHECK: ck_part_ck_sum += ck_a * ck_v;
// CHECK: #pragma omp for ordered schedule(static, 1)
// CHECK: *a_b += ck_sum;
// CHECK-NEXT: w_b[{{[0-9]}}] += ck_sum2;
// CHECK-LABEL: {{^}}static void model_bwd_d({{.*}}){{$}}
// CHECK: ck_sum_d

#ifdef CK_TEST_MAIN
#ifdef _OPENMP
#include <omp.h>
#endif
#define CK_VEC_MAX (N + 4)
#include "ckcheck.h"

/* the inputs as one vector: x, w, a */
#define M (N + 4)
static double p0[M], dir[M], u[M];

static double at(double h, void *ctx)
{
	double q[M];
	(void)ctx;
	for (int k = 0; k < M; k++)
		q[k] = p0[k] + h * dir[k];
	return model(q, q + N, q[N + 3]);
}

static void grad(const double *p, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int k = 0; k < n; k++)
		g[k] = 0.0;
	model_b(p, g, p + N, g + N, p[N + 3], g + N + 3, 1.0);
}

static double hvp(const double *p, const double *pd, double *pb, double *pbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	(void)n;
	return model_b_d(p, pd, pb, pbd, p + N, pd + N, pb + N, pbd + N,
			 p[N + 3], pd[N + 3], pb + N + 3, pbd + N + 3, rb, rbd);
}

int main(void)
{
	static double g[M], g1[M], hv[M], hv1[M], gb[M], gs[3][M];
	double d;
	ck_srand(5);
	for (int k = 0; k < M; k++)
		p0[k] = ck_rand(), dir[k] = ck_rand(), u[k] = ck_rand();
	for (int t = 0; t < 3; t++) {
#ifdef _OPENMP
		omp_set_num_threads(1 << t); /* 1, 2, 4 */
#endif
		for (int r = 0; r < 2; r++) {
			grad(p0, g, M, NULL);
			for (int k = 0; k < M; k++)
				gb[k] = hv[k] = 0.0;
			hvp(p0, dir, gb, hv, 1.0, 0.0, M, NULL);
			if (r == 0) {
				for (int k = 0; k < M; k++)
					g1[k] = g[k], hv1[k] = hv[k],
					gs[t][k] = g[k];
				continue;
			}
			for (int k = 0; k < M; k++) {
				ck_equal_bits("gradient from run to run", g[k],
					      g1[k]);
				ck_equal_bits("hvp from run to run", hv[k],
					      hv1[k]);
			}
		}
	}
	for (int t = 1; t < 3; t++)
		ck_close_vec("gradient at 2 and 4 threads", gs[t], gs[0], M,
			     1e-13);
	{
		double xd[M], r;
		for (int k = 0; k < M; k++)
			xd[k] = dir[k];
		r = model_d(p0, xd, p0 + N, xd + N, p0[N + 3], xd[N + 3], &d);
		ck_close("primal", r, model(p0, p0 + N, p0[N + 3]), 1e-13);
	}
	ck_close("tangent", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	ck_close("dot product", ck_dot(gs[0], dir, M), d, 1e-12);
	ck_check_hvp("hvp", hvp, grad, NULL, p0, dir, u, NULL, M, 1.5, -0.5);
	return ck_done();
}
#endif
// OUT: 0 failed
