// A buffer calloc'd and freed in every iteration of a loop, left by an
// early return in one of them, next to a passive (int) buffer that the
// forward sweep frees as f does: every iteration's buffer stays alive
// until the reverse sweep reverses its calloc, whichever return ran.
// f_d, f_b and f_b_d against differences, by the dot-product test and for
// H v symmetry, on both paths; leak-free under ASan.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT

#include <math.h>
#include <stdlib.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n, int k, int stop)
{
	double r = 0;
	int *cnt = malloc(n * sizeof *cnt);
	for (int i = 0; i < n; i++)
		cnt[i] = i;
	for (int it = 0; it < k; it++) {
		double *t = calloc(n, sizeof(double));
		for (int i = 0; i < n; i++)
			t[(i * 3) % n] += x[i] * (it + 1) + cnt[i];
		if (it == stop) {
			double q = t[0] * t[n - 1];
			free(t);
			free(cnt);
			return r * q;
		}
		for (int i = 0; i < n; i++)
			r += sin(t[i]);
		free(t);
	}
	free(cnt);
	return r;
}
// CHECK-LABEL: static double f_fwd({{.*}}){{$}}
// CHECK: t = calloc(n, {{.*}});
// CHECK: free(cnt);
// CHECK: ck_push_p(ck_t, t);
// CHECK: return r * q;
// CHECK: free(cnt);
// CHECK-NEXT: ck_push_p(ck_t, t);
// CHECK: return r;
// CHECK-LABEL: static void f_bwd({{.*}}){{$}}
// CHECK-NOT: free(cnt)
// CHECK: free(t);
// CHECK-NEXT: ck_shadow_free(t_b);
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

#define N 4
#define K 4

static int stop;

static double kf(const double *v, void *ctx)
{
	(void)ctx;
	return f(v, N, K, stop);
}

static double kf_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return f_d(v, vd, N, K, stop, dot);
}

static double kf_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return f_b(v, vb, N, K, stop, rb);
}

static double kf_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	(void)n;
	return f_b_d(v, vd, vb, vbd, N, K, stop, rb, rbd);
}

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = 0.3 * ck_rand();
	for (stop = 2; stop <= K; stop += 2) /* early return; none */
		kc_check_scalar(stop < K ? "early return" : "to the end", kf,
				kf_d, kf_b, kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
