// A buffer malloc'd straight into a local struct's pointer member
// (work w = { n, malloc(...) }, or w.v = malloc(...)) that the struct then
// carries into helpers, freed as free(w.v): ckc gives the buffer a local
// pointer of its own (ck_w_v), so the reverse mode follows it as when the
// struct is given a buffer a local holds.  Gradients, Hessian-vector products and the dot-product test
// against differences; leak-free under ASan.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
#include <math.h>
#include <stdlib.h>

#define N 5

typedef struct {
	int n;
	double *v;
} work;

static void step(work *w, const double *x)
{
	for (int i = 0; i < w->n; i++)
		w->v[i] = sin(x[i]) * x[(i + 1) % w->n];
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double init(const double *x, int n)
{
	work w = { n, malloc(n * sizeof(double)) };
	step(&w, x);
	double s = 0;
	for (int i = 0; i < n; i++)
		s += w.v[i] * w.v[i];
	free(w.v);
	return s;
}
// CHECK-LABEL: double init_d(const double *x, const double *x_d, int n, double *ret_d){{$}}
// CHECK: double *ck_w_v = malloc(n * 8UL);
// CHECK: w.v = ck_w_v;
// CHECK: free(ck_w_v);

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double stmts(const double *x, int n)
{
	double s = 0;
	if (n > 0) {
		work w;
		w.n = n;
		w.v = calloc(n, sizeof(double));
		step(&w, x);
		for (int i = 0; i < n; i++)
			s += w.v[i] * cos(s + i);
		free(w.v);
	}
	return s;
}
// CHECK-LABEL: static double stmts_fwd(const double *x, int n){{$}}
// CHECK: ck_w_v = calloc(n, 8UL);

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS_AS(ki, init, N)
KC_SCALAR_WRAPPERS_AS(ks, stmts, N)
int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("buffer in a struct's member", ki, ki_d, ki_b, ki_b_d,
			NULL, v, NULL, N, 3);
	kc_check_scalar("set by statements", ks, ks_d, ks_b, ks_b_d, NULL, v, NULL,
			N, 3);
	return ck_done();
}
#endif
