// A local function-pointer variable set to one of several functions, and
// only called: a limiter chosen by ?: in its declaration, a scheme chosen
// by a switch (no initializer), a flux function chosen by if/else and
// called as a statement (it writes through a pointer), and an activation
// chosen anew in every iteration.  Each becomes an int that says which
// function (in order of appearance), and each call a choice of calls by
// name: lim(a, b) is `lim == 0 ? minmod(a, b) : vanleer(a, b)`.  Gradients,
// Hessian-vector products and the dot-product test against differences,
// for every choice; f_dv bitwise f_d.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 7

typedef double (*lim_fn)(double, double);
typedef void (*flux_fn)(double, double, double *);
typedef double (*act_fn)(double);

static double minmod(double a, double b)
{
	return a * b <= 0 ? 0 : (fabs(a) < fabs(b) ? a : b);
}

static double vanleer(double a, double b)
{
	return a * b <= 0 ? 0 : 2 * a * b / (a + b);
}

static double smooth(double a, double b)
{
	return 0.5 * (a + b) * tanh(a * b);
}

#pragma ck_tangent wrt(u)
#pragma ck_tangent wrt(u) vector
#pragma ck_adjoint wrt(u)
#pragma ck_hvp wrt(u)
double limited(const double *u, int kind)
{
	lim_fn lim = kind == 0 ? minmod : vanleer;
	double s = 0;
	for (int i = 1; i < N - 1; i++)
		s += lim(u[i] - u[i - 1], u[i + 1] - u[i]) * u[i];
	return s;
}
// CHECK-LABEL: double limited_d(const double *u, const double *u_d, int kind, double *ret_d){{$}}
// CHECK: int lim = kind == 0 ? 0 : 1;

#pragma ck_tangent wrt(u)
#pragma ck_adjoint wrt(u)
#pragma ck_hvp wrt(u)
double schemes(const double *u, int kind)
{
	lim_fn lim;
	switch (kind) {
	case 0:
		lim = minmod;
		break;
	case 1:
		lim = vanleer;
		break;
	default:
		lim = smooth;
		break;
	}
	double s = 0;
	for (int i = 1; i < N - 1; i++)
		s += u[i] * (*lim)(u[i] - u[i - 1], u[i + 1] - u[i]);
	return s;
}

static void upwind(double l, double r, double *f)
{
	*f = l > r ? l * l : r * l;
}

static void rusanov(double l, double r, double *f)
{
	double a = fmax(fabs(l), fabs(r));
	*f = 0.25 * (l * l + r * r) - 0.5 * a * (r - l);
}

#pragma ck_tangent wrt(u)
#pragma ck_adjoint wrt(u)
#pragma ck_hvp wrt(u)
double fluxes(const double *u, int kind)
{
	flux_fn fl;
	if (kind)
		fl = rusanov;
	else
		fl = upwind;
	double s = 0;
	for (int i = 0; i + 1 < N; i++) {
		double F;
		fl(u[i], u[i + 1], &F);
		s += F * F;
	}
	return s;
}
// CHECK-LABEL: double fluxes_d(
// CHECK: if (fl == 0) {
// CHECK-NEXT: rusanov_d(

#pragma ck_tangent wrt(u)
#pragma ck_adjoint wrt(u)
#pragma ck_hvp wrt(u)
double activations(const double *u)
{
	double s = 0;
	for (int i = 0; i < N; i++) {
		act_fn act;
		act = i % 2 ? tanh : atan;
		s += act(u[i] * s + u[i]);
	}
	return s;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
static int KIND;
KC_SCALAR_WRAPPERS_AS(kl, limited, KIND)
KC_SCALAR_WRAPPERS_AS(ks, schemes, KIND)
KC_SCALAR_WRAPPERS_AS(kx, fluxes, KIND)
KC_SCALAR_WRAPPERS_PLAIN_AS(ka, activations)
int main(void)
{
	/* increasing values, differences of one sign and no ties: every
	 * limiter and flux stays on one branch for the differences */
	double v[N] = { 0.1, 0.35, 0.5, 0.9, 1.05, 1.6, 1.7 };
	char name[64];
	for (KIND = 0; KIND < 3; KIND++) {
		snprintf(name, sizeof name, "limiter %d", KIND);
		kc_check_scalar(name, kl, kl_d, kl_b, kl_b_d, NULL, v, NULL, N,
				2);
		snprintf(name, sizeof name, "scheme %d", KIND);
		kc_check_scalar(name, ks, ks_d, ks_b, ks_b_d, NULL, v, NULL, N,
				2);
		snprintf(name, sizeof name, "flux %d", KIND);
		kc_check_scalar(name, kx, kx_d, kx_b, kx_b_d, NULL, v, NULL, N,
				2);
		/* f_dv, 3 directions, bitwise f_d's */
		double dv[N * 3], ydv[3];
		for (int i = 0; i < N * 3; i++)
			dv[i] = ck_rand();
		double y = limited_dv(v, dv, KIND, 3, ydv);
		for (int k = 0; k < 3; k++) {
			double d[N], yd;
			for (int i = 0; i < N; i++)
				d[i] = dv[i * 3 + k];
			double y1 = limited_d(v, d, KIND, &yd);
			snprintf(name, sizeof name,
				 "limiter %d: f_dv direction %d is f_d's", KIND,
				 k);
			ck_check(name, y1 == y && yd == ydv[k]);
		}
	}
	kc_check_scalar("activations", ka, ka_d, ka_b, ka_b_d, NULL, v, NULL,
			N, 2);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: 0 failed
