// A call of a function of the file in a loop's condition, as solvers
// write their stopping tests: while (norm2(u, n) > tol && it < maxit), a
// for whose condition calls an energy, a do-while whose test takes a
// step and returns its size.  The condition becomes tests at the top of
// a for (;;) (a for keeps its init, and its step unless no continue
// needs it there: then the step ends the body), one per operand of its &&
// chain, each operand's calls in temporaries just before its test; a
// do-while's tests end its body (a continue in it passes a first-pass
// flag instead).  The calls then differentiate as any other.  Gradients,
// Hessian-vector products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 6

static double norm2(const double *v, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += v[i] * v[i];
	return sqrt(s);
}

/* a damped iteration until the state is small (5 sweeps end it first) */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double shrink(const double *x)
{
	double u[N];
	for (int i = 0; i < N; i++)
		u[i] = x[i];
	int it = 0;
	while (norm2(u, N) > 1e-3 && it < 5) {
		for (int i = 0; i < N; i++)
			u[i] = 0.5 * sin(u[i]) + 0.01 * x[i];
		it++;
	}
	return norm2(u, N) * it;
}
// CHECK-LABEL: static double shrink_fwd(const double *x){{$}}
// CHECK: for (;;) {
// CHECK: ck_norm2 = norm2_fwd(u, 6);
// CHECK: if (!(ck_norm2 > 1e-3)) {
// CHECK: break;
// CHECK: if (!(it < 5)) {

static double energy(const double *v, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += v[i] * v[i] * v[i] * v[i];
	return s;
}

/* a for loop whose condition calls energy(), with a continue */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double grow(const double *x)
{
	double u[N], s = 0.0;
	for (int i = 0; i < N; i++)
		u[i] = x[i];
	for (int k = 0; k < 4 && energy(u, N) < 1e6; k++) {
		if (k == 1)
			continue;
		for (int i = 0; i < N; i++)
			u[i] = u[i] * (1.0 + 0.1 * x[(i + k) % N]);
		s += u[k];
	}
	return s;
}

/* a for with two counters, whose step the reverse sweep needs taped:
 * with no continue, the step ends the body */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double stride(const double *x)
{
	double u[N], s = 0.0;
	int i, j;
	for (int k = 0; k < N; k++)
		u[k] = x[k];
	for (i = 0, j = N - 1; norm2(u, N) < 1e6 && i < 6;
	     i++, j = (j + 2) % N) {
		u[j] = u[j] * 1.1 + 0.1 * x[i % N];
		s += u[j] * x[(i + j) % N];
	}
	return s + i + j;
}

static double relax(double *u, const double *x, int n)
{
	double d = 0.0;
	for (int i = 0; i < n; i++) {
		double v = cos(u[i]) * x[i];
		d += fabs(v - u[i]);
		u[i] = v;
	}
	return d;
}

/* do ... while (relax(u, x, n) > tol && k < 6), with a continue */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double settle(const double *x)
{
	double u[N];
	int k = 0;
	for (int i = 0; i < N; i++)
		u[i] = 0.1;
	do {
		k++;
		if (k == 2)
			continue;
	} while (relax(u, x, N) > 1e-300 && k < 6);
	double s = 0.0;
	for (int i = 0; i < N; i++)
		s += u[i] * x[i];
	return s + k;
}
// CHECK-LABEL: static double settle_fwd(const double *x){{$}}
// CHECK: ck_first = 1;
// CHECK: for (;; ck_first = 0) {
// CHECK: if (!ck_first) {
// CHECK: ck_relax = relax_fwd(u, x, 6);

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN_AS(kshrink, shrink)
KC_SCALAR_WRAPPERS_PLAIN_AS(kgrow, grow)
KC_SCALAR_WRAPPERS_PLAIN_AS(kstride, stride)
KC_SCALAR_WRAPPERS_PLAIN_AS(ksettle, settle)

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("while (norm2(u) > tol && it < max)", kshrink,
			kshrink_d, kshrink_b, kshrink_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("for (...; k < 4 && energy(u) < big; k++)", kgrow,
			kgrow_d, kgrow_b, kgrow_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("for (i = 0, j = n - 1; norm2(u) < big && ...; ...)",
			kstride, kstride_d, kstride_b, kstride_b_d, NULL, v, NULL,
			N, 3);
	kc_check_scalar("do ... while (relax(u) > tol && k < 6)", ksettle,
			ksettle_d, ksettle_b, ksettle_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
