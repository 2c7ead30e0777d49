// A reverse loop whose trip count f_fwd tapes (the bound is i + 1 < n,
// which f_bwd does not compute a count from) pops it once when gather.c
// rewrites the loop: rotated (recur, chain), the count is read into a
// local that ck_ran and the loop both read; in the gather form with
// read-write stores left in a loop of their own (prod), the edges and that
// loop read the same local.  Each function runs for n = 0 .. N, so loops
// of zero and one iteration too.  Gradients, J d and J^T yb are checked
// against differences and each other, chain's Hessian-vector products
// against differences of gradients, and every result (recur's f_b_d too)
// is bitwise that of --no-gather.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-gather %s -o %t.ng.c
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -include %t.h %s %t.c -o %t.p %ckrt
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -include %t.ng.h %s %t.ng.c -o %t.ng.p %ckrt
// RUN: %t.p > %t.p.out
// RUN: %t.ng.p > %t.ng.p.out
// RUN: cmp %t.p.out %t.ng.p.out

#define N 8

/* a recurrence in place, then a statement after the loop */
#pragma ck_tangent wrt(y) out(y)
#pragma ck_adjoint wrt(y) out(y)
#pragma ck_hvp wrt(y) out(y)
void recur(double *y, int n)
{
	for (int i = 0; i + 1 < n; i++)
		y[i + 1] += y[i] * y[i];
	y[0] *= y[1];
}
// CHECK-LABEL: static void recur_bwd(double *y, double *restrict y_b, int n){{$}}
// CHECK: [[C:ck_cnt[0-9]*]] = ck_pop_i(ck_t);
// CHECK-NOT: ck_pop_i
// CHECK: ck_ran{{[0-9]*}} = [[C]] > 0;
// CHECK-NOT: ck_pop_i
// CHECK: for (ck_n{{[0-9]*}} = [[C]]; ck_n{{[0-9]*}} > 0;

/* a local chain, then a second loop and a return */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double chain(const double *x, int n)
{
	double c[N];
	c[0] = x[0];
	for (int i = 0; i + 1 < n; i++)
		c[i + 1] = c[i] * 0.9 + x[i + 1] * x[i + 1];
	double s = 0;
	for (int i = 0; i < n; i++)
		s += c[i];
	return s;
}
// CHECK-LABEL: static void chain_bwd(const double *x, double *restrict x_b, int n, double ret_b){{$}}
// CHECK: [[C:ck_cnt[0-9]*]] = ck_pop_i(ck_t);
// CHECK-NOT: ck_pop_i
// CHECK: ck_ran{{[0-9]*}} = [[C]] > 0;
// CHECK-NOT: ck_pop_i
// CHECK: for (ck_n{{[0-9]*}} = [[C]]; ck_n{{[0-9]*}} > 0;

/* the gather form, y_b[i] read and cleared in a loop after it */
#pragma ck_tangent wrt(x) out(y)
#pragma ck_adjoint wrt(x) out(y)
void prod(const double *x, double *y, int n)
{
	for (int i = 0; i + 1 < n; i++)
		y[i] = x[i] * x[i + 1];
}
// CHECK-LABEL: static void prod_bwd(const double *x, double *restrict x_b, double *y, double *restrict y_b, int n){{$}}
// CHECK: [[C:ck_cnt[0-9]*]] = ck_pop_i(ck_t);
// CHECK-NOT: ck_pop_i
// CHECK: ck_lo{{[0-9]*}} = ck_hi{{[0-9]*}} - [[C]];
// CHECK-NOT: ck_pop_i
// CHECK: ck_n{{[0-9]*}} = [[C]];
// CHECK-NOT: ck_pop_i
// CHECK-LABEL: void recur_b_d(

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

#include <stdio.h>

static int n;

#ifdef PRINT_BITS
int main(void)
{
	double v[N], d[N];
	for (int i = 0; i < N; i++) {
		v[i] = 0.5 * ck_rand();
		d[i] = ck_rand();
	}
	for (n = 0; n <= N; n++) {
		double y[N], yd[N], yb[N], ybd[N];
		double xb[N] = { 0 }, xbd[N] = { 0 };
		for (int i = 0; i < N; i++) {
			y[i] = v[i];
			yb[i] = d[i];
		}
		recur_b(y, yb, n);
		for (int i = 0; i < N; i++) {
			y[i] = v[i];
			yd[i] = d[i];
			ybd[i] = v[i];
			yb[i] = d[i];
		}
		recur_b_d(y, yd, yb, ybd, n);
		for (int i = 0; i < N; i++)
			printf("recur %d: %a %a %a\n", n, yb[i], y[i], ybd[i]);
		printf("chain %d: %a\n", n, chain_b(v, xb, n, 1.0));
		chain_b_d(v, d, xb, xbd, n, 1.0, 0.5);
		for (int i = 0; i < N; i++)
			printf("  %a %a\n", xb[i], xbd[i]);
		for (int i = 0; i < N; i++) {
			xb[i] = 0.0;
			y[i] = 0.0;
			yb[i] = d[i];
		}
		prod_b(v, xb, y, yb, n);
		for (int i = 0; i < N; i++)
			printf("prod %d: %a %a\n", n, xb[i], yb[i]);
	}
	return 0;
}
#else
static void kr(const double *v, double *y, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < N; i++)
		y[i] = v[i];
	recur(y, n);
}

static void kr_d(const double *v, const double *vd, double *y, double *yd,
		 void *ctx)
{
	(void)ctx;
	for (int i = 0; i < N; i++) {
		y[i] = v[i];
		yd[i] = vd[i];
	}
	recur_d(y, yd, n);
}

/* y_b: the seed yb on entry, y's adjoint on return */
static void kr_b(const double *v, double *vb, double *y, double *yb, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < N; i++)
		y[i] = v[i];
	recur_b(y, yb, n);
	for (int i = 0; i < N; i++)
		vb[i] += yb[i];
}

static void kp(const double *v, double *y, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < N; i++)
		y[i] = 0.0;
	prod(v, y, n);
}

static void kp_d(const double *v, const double *vd, double *y, double *yd,
		 void *ctx)
{
	(void)ctx;
	for (int i = 0; i < N; i++)
		y[i] = yd[i] = 0.0;
	prod_d(v, vd, y, yd, n);
}

static void kp_b(const double *v, double *vb, double *y, double *yb, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < N; i++)
		y[i] = 0.0;
	prod_b(v, vb, y, yb, n);
}

KC_SCALAR_WRAPPERS(chain, n)

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = 0.5 * ck_rand();
	for (n = 0; n <= N; n++) {
		kc_check_vector("recur", kr, kr_d, kr_b, NULL, v, NULL, N, N,
				2);
		kc_check_scalar("chain", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL,
				N, 2);
		kc_check_vector("prod", kp, kp_d, kp_b, NULL, v, NULL, N, N,
				2);
	}
	return ck_done();
}
#endif
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
