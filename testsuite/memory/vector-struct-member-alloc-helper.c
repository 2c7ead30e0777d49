// Vector mode: helpers that allocate into, reallocate and free a struct's
// pointer members (a workspace: buf_alloc(&b, n), buf_grow, buf_free).
// Every direction's copy of the struct's shadow points to one shared
// element-major buffer (see the README): the helper's f_dv allocates it
// once, into copy 0, and points the other copies to it, so that freeing
// copy 0's member frees it and reallocating copy 0's moves it for all.
// Each direction of f_dv bitwise f_d's (nd = 1, 3, 8), f_d against
// differences, no leak or double free under ASan.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>
#include <stdlib.h>

typedef struct {
	int n;
	double *v, *w;
} buf;

static void buf_alloc(buf *b, int n)
{
	b->n = n;
	b->v = malloc(n * sizeof(double));
	b->w = calloc(n, sizeof(double));
}

static void buf_grow(buf *b)
{
	b->n *= 2;
	b->w = realloc(b->w, b->n * sizeof(double));
}

static void buf_free(buf *b)
{
	free(b->v);
	free(b->w);
}

#pragma ck_tangent wrt(x)
#pragma ck_tangent wrt(x) vector
double f(const double *x, int n)
{
	buf b;
	double s = 0.0;
	buf_alloc(&b, n);
	for (int i = 0; i < n; i++) {
		b.v[i] = x[i] * x[i];
		b.w[i] = sin(x[i]);
	}
	buf_grow(&b);
	for (int i = 0; i < n; i++)
		b.w[n + i] = b.v[i] * b.w[i];
	for (int i = 0; i < b.n; i++)
		s += b.w[i] * b.v[i % n];
	buf_free(&b);
	return s;
}
// CHECK-LABEL: static void buf_alloc_dv({{.*}}){{$}}
// CHECK: b_dv[0].v = ck_shadow_alloc(n * {{.*}} * ck_nd);
// CHECK-NEXT: for (int ck_k = 0; ck_k < ck_nd; ck_k++) {
// CHECK-NEXT: b_dv[ck_k].v = b_dv[0].v;
// CHECK: b_dv[0].w = ck_shadow_alloc(n * {{.*}} * ck_nd);
// CHECK-NEXT: for (int ck_k = 0; ck_k < ck_nd; ck_k++) {
// CHECK-NEXT: b_dv[ck_k].w = b_dv[0].w;
// CHECK-LABEL: static void buf_grow_dv({{.*}}){{$}}
// CHECK: b_dv[0].w = ck_shadow_realloc(b_dv[0].w, {{.*}} * ck_nd);
// CHECK-NEXT: for (int ck_k = 0; ck_k < ck_nd; ck_k++) {
// CHECK-NEXT: b_dv[ck_k].w = b_dv[0].w;
// CHECK-LABEL: static void buf_free_dv({{.*}}){{$}}
// CHECK: ck_shadow_free(b_dv[0].v);
// CHECK: ck_shadow_free(b_dv[0].w);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 6

typedef struct line {
	double x[N], d[N];
} line;

static double along(double t, void *ctx)
{
	line *l = ctx;
	double xs[N];
	for (int i = 0; i < N; i++)
		xs[i] = l->x[i] + t * l->d[i];
	return f(xs, N);
}

int main(void)
{
	static const int nds[] = {1, 3, 8};
	volatile double one = 1.0;
	line l;
	for (int i = 0; i < N; i++) {
		double t = 0.3 * i * one; /* (no fused t - 0.8) */
		l.x[i] = t - 0.8;
		l.d[i] = ck_rand();
	}
	double rd, y = f_d(l.x, l.d, N, &rd);
	ck_equal_bits("f_d's primal", y, f(l.x, N));
	ck_close("differences", rd, ck_richardson(along, &l, CK_FD_H), 1e-8);
	for (int c = 0; c < 3; c++) {
		int nd = nds[c];
		double x_dv[N * 8], r_dv[8];
		for (int i = 0; i < N * nd; i++)
			x_dv[i] = ck_rand();
		ck_equal_bits("f_dv's primal", f_dv(l.x, x_dv, N, nd, r_dv),
			      y);
		for (int k = 0; k < nd; k++) {
			double xd[N];
			for (int i = 0; i < N; i++)
				xd[i] = x_dv[i * nd + k];
			f_d(l.x, xd, N, &rd);
			ck_equal_bits("direction", r_dv[k], rd);
		}
	}
	return ck_done();
}
#endif
