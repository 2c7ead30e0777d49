// Integers that a call changes through their address, count(&c),
// adv(&k, n), shrink(&m) or maxval(x, n, &k), are taped before the call
// and put back after its reverse, so the reverse sweep reads the values
// each statement saw: as an index, a factor, a loop bound.  A helper's
// `(*c)++` keeps its parentheses.  Gradients, Hessian-vector products and
// the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
#define N 9

static void count(int *c)
{
	(*c)++;
	++*c;
	(*c)--;
}

static void adv(int *k, int n)
{
	*k = (*k + 3) % n;
}

static void shrink(int *m)
{
	*m -= 1;
}

static double maxval(const double *x, int n, int *where)
{
	double m = x[0];
	*where = 0;
	for (int i = 1; i < n; i++)
		if (x[i] > m) {
			m = x[i];
			*where = i;
		}
	return m;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double counted(const double *x, int n)
{
	int c = 0;
	double s = 0.0;
	for (int i = 0; i < n; i++) {
		count(&c);
		s += x[i] * c;
	}
	return s * s;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double walk(const double *x, int n)
{
	int k = 0, m = n, j = 1;
	int *pj = &j;
	double s = 0.0;
	for (int i = 0; i < m; i++) {
		s += x[k] * x[i] * x[m - 1] * x[j];
		adv(&k, n);
		if (i % 3 == 2)
			shrink(&m);
		*pj = (j + 2) % n;
		(*pj)--;
		if (j < 0)
			adv(pj, n);
	}
	return s;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double peaks(const double *x, int n)
{
	int k;
	double m1 = maxval(x, n, &k);
	double s = m1 * x[k];
	double m2 = maxval(x, n / 2, &k);
	return s + m2 * x[k] * x[(k + 1) % n];
}
// CHECK-LABEL: static void count(int *c){{$}}
// CHECK-NEXT: {
// CHECK-NEXT: (*c)++;
// CHECK-NEXT: (*c)++;
// CHECK-NEXT: (*c)--;
// CHECK-LABEL: static double counted_fwd(const double *x, int n){{$}}
// CHECK: ck_push_i(ck_t, c);
// CHECK-NEXT: count(&c);
// CHECK-LABEL: static void counted_bwd(const double *x, double *restrict x_b, int n, double ret_b){{$}}
// CHECK: x_b[i] += s_b * c;
// CHECK: c = ck_pop_i(ck_t);

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
static int nn = N;
KC_SCALAR_WRAPPERS_AS(k1, counted, nn)
KC_SCALAR_WRAPPERS_AS(k2, walk, nn)
KC_SCALAR_WRAPPERS_AS(k3, peaks, nn)
int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("counted", k1, k1_d, k1_b, k1_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("walk", k2, k2_d, k2_b, k2_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("peaks", k3, k3_d, k3_b, k3_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
