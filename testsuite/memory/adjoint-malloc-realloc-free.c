// A buffer of active data from malloc, grown by realloc and freed, in
// f_d, f_b and f_b_d: the forward sweep defers the free and keeps the
// buffer realloc moves from alive (ck_fwd_realloc), the reverse sweep
// gives each buffer a zeroed shadow from where its life ends, moves the
// adjoints of the moved data back (ck_shadow_unrealloc) and frees
// everything.  Derivatives against Richardson differences, tangent
// against adjoint (dot-product test), H v against differences of
// gradients and symmetry; leak-free under ASan.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT

#include <math.h>
#include <stdlib.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double *t = malloc(n * sizeof(double));
	double r = 0;
	int i;
	for (i = 0; i < n; i++)
		t[i] = x[i] * x[i];
	t = (double *)realloc(t, 2 * n * sizeof *t);
	for (i = 0; i < n; i++)
		t[n + i] = sin(t[i]) * x[i];
	for (i = 0; i < 2 * n; i++)
		r += t[i] * t[(i + 1) % (2 * n)];
	free(t);
	return r;
}
// CHECK-LABEL: static double f_fwd(const double *x, int n){{$}}
// CHECK: ck_push_p(ck_t, t);
// CHECK-NEXT: ck_push_i(ck_t, t_bytes);
// CHECK-NEXT: t = malloc(n * {{.*}});
// CHECK-NEXT: t_bytes = n * {{.*}};
// CHECK: t = ck_fwd_realloc(t, t_bytes, 2 * n * {{.*}});
// CHECK-NOT: free
// CHECK-LABEL: static void f_bwd({{.*}}){{$}}
// CHECK: t_bytes = ck_pop_i(ck_t);
// CHECK-NEXT: t = ck_pop_p(ck_t);
// CHECK-NEXT: t_b = ck_shadow_alloc(t_bytes);
// CHECK: free(t);
// CHECK-NEXT: t_bytes = ck_pop_i(ck_t);
// CHECK-NEXT: t = ck_pop_p(ck_t);
// CHECK-NEXT: t_b = ck_shadow_unrealloc(t_b, t_bytes);
// CHECK: free(t);
// CHECK-NEXT: ck_shadow_free(t_b);
// CHECK-LABEL: static double f_fwd_d({{.*}}){{$}}
// CHECK: t_d = ck_shadow_dup(t_d, 2 * n * {{.*}});
// CHECK-LABEL: static void f_bwd_d({{.*}}){{$}}
// CHECK: ck_shadow_free(ck_pop_p(ck_t));
// CHECK-NEXT: t = ck_pop_p(ck_t);
// CHECK: t_bd = ck_shadow_unrealloc(t_bd, t_bytes);
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
#include "ckrt.h"

#define N 5

static double kf(const double *v, void *ctx)
{
	(void)ctx;
	return f(v, N);
}

static double kf_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return f_d(v, vd, N, dot);
}

static double kf_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return f_b(v, vb, N, rb);
}

static double kf_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	(void)n;
	return f_b_d(v, vd, vb, vbd, N, rb, rbd);
}

int main(void)
{
	double v[N];
	ck_stats st;
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("f", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, N, 3);
	/* f_b: the buffer (5 doubles) and its realloc (10) stay alive
	 * until the reverse sweep; the shadows come and go there: the last
	 * buffer's (10), then, while it is moved back, the first's (5) */
	ck_stats_reset();
	double vb[N] = {0};
	kf_b(v, vb, 1.0, NULL);
	ck_stats_get(&st);
	ck_check("shadow peak of f_b",
		 st.shadow_peak_bytes == (2 * N + N) * sizeof(double));
	return ck_done();
}
#endif
