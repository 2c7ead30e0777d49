// Tangent mode: malloc, calloc (under a cast, with sizeof *u), realloc and
// free of buffers of active data get zeroed shadow buffers from libckrt
// where the primal allocates, resized and freed with them; f_d against
// Richardson differences, and every byte freed (ASan's leak check, and
// no shadow bytes in use afterwards).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT

#include <math.h>
#include <stdlib.h>

#pragma ck_tangent wrt(x)
double f(const double *x, int n)
{
	double *t = malloc(n * sizeof(double));
	double *u = (double *)calloc(n, sizeof *u);
	double r;
	int i;
	for (i = 0; i < n; i++)
		t[i] = x[i] * x[i];
	t = realloc(t, 2 * n * sizeof *t);
	for (i = 0; i < n; i++)
		t[n + i] = sin(t[i]) * x[i];
	for (i = 0; i < 2 * n; i++)
		u[i / 2] += t[i] * t[(i + 1) % (2 * n)];
	r = u[0] * t[2 * n - 1] + u[n - 1];
	free(t);
	free(u);
	return r;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, int n, double *ret_d)
// CHECK: double *t_d = ck_shadow_alloc(n * {{.*}});
// CHECK-NEXT: double *t = malloc(n * {{.*}});
// CHECK: double *u_d = (double *)ck_shadow_alloc(n * {{.*}});
// CHECK-NEXT: double *u = (double *)calloc(n, {{.*}});
// CHECK: t_d = ck_shadow_realloc(t_d, 2 * n * {{.*}});
// CHECK-NEXT: t = realloc(t, 2 * n * {{.*}});
// CHECK: ck_shadow_free(t_d);
// CHECK-NEXT: free(t);
// CHECK-NEXT: ck_shadow_free(u_d);
// CHECK-NEXT: free(u);
// OUT: {{[1-9][0-9]*}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

#define N 5

typedef struct line {
	double x[N], d[N];
} line;

static double along(double s, void *ctx)
{
	line *l = ctx;
	double xs[N];
	for (int i = 0; i < N; i++)
		xs[i] = l->x[i] + s * l->d[i];
	return f(xs, N);
}

int main(void)
{
	line l;
	ck_stats st;
	for (int k = 0; k < 3; k++) {
		double yd;
		for (int i = 0; i < N; i++) {
			l.x[i] = ck_rand();
			l.d[i] = ck_rand();
		}
		ck_stats_reset();
		ck_equal_bits("primal", f_d(l.x, l.d, N, &yd), f(l.x, N));
		ck_close("differences", yd, ck_richardson(along, &l, CK_FD_H),
			 1e-8);
		ck_stats_get(&st);
		/* u (5 doubles), and t (5) with its reallocation (10) */
		ck_check("shadow peak", st.shadow_peak_bytes ==
						(N + N + 2 * N) * sizeof(double));
	}
	return ck_done();
}
#endif
