// Static data of the file without const that nothing changes: Cephes'
// coefficient tables passed to polevl/p1evl as they are written there
// (double coef[], walked by a local pointer), f2c's constants passed by
// address (static integer c__1 = 1; &c__1), a 2-D table, a table of
// structs and a scalar constant.  ckc follows every use in the file, so
// the generated code holds its own copies, as it does of const data.
// Gradients, Hessian-vector products and the dot-product test against
// differences; and a checkpoint region reading the tables.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out

#include <math.h>

typedef long int integer;
typedef double doublereal;

static double P[] = { 1.60119522476751861407E-4, 1.18137762995838566040E-1,
		      1.44216643138744745990E0, 3.14590880104413155009E0 };
static double Q[] = { 2.33579613579006622520E0, 9.84461553585446418932E0,
		      1.32640011346066225254E1 };
static integer c__1 = 1;
static doublereal c_b4 = .5;
static double W[2][3] = { { 0.5, -1.0, 2.0 }, { 1.5, 0.25, -0.75 } };
static struct term {
	double c;
	int p;
} T[3] = { { 0.5, 1 }, { -0.25, 2 }, { 0.125, 3 } };
static double scale = 1.25;

// CHECK-DAG: static double P[4] = {1.6011952247675185e-4,
// CHECK-DAG: static long c__1 = 1;
// CHECK-DAG: static double W[2][3] = {{[{][{]}}0.5, -1.0, 2.0}, {1.5,
// CHECK-DAG: static struct term T[3] = {{[{][{]}}0.5, 1},

static double polevl(double x, double coef[], int N)
{
	double ans;
	int i;
	double *p;

	p = coef;
	ans = *p++;
	i = N;
	do
		ans = ans * x + *p++;
	while (--i);
	return ans;
}

static double p1evl(double x, double coef[], int N)
{
	double ans;
	double *p;
	int i;

	p = coef;
	ans = x + *p++;
	i = N - 1;
	do
		ans = ans * x + *p++;
	while (--i);
	return ans;
}

static void daxpy(integer *n, doublereal *da, doublereal *dx, integer *incx,
		  doublereal *dy)
{
	integer i, ix = 0;
	for (i = 0; i < *n; i++) {
		dy[i] += *da * dx[ix] * dx[ix];
		ix += *incx;
	}
}

static double terms(double x)
{
	double s = 0;
	for (int k = 0; k < 3; k++)
		s += T[k].c * pow(x, T[k].p);
	return s;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	doublereal y[3];
	integer n = 3;
	double s = 0, t;
	for (int i = 0; i < 3; i++)
		y[i] = x[i];
	daxpy(&n, &c_b4, (doublereal *)x, &c__1, y);
	t = x[0] * x[0];
	s = x[1] * polevl(t, P, 3) / p1evl(t, Q, 3);
#pragma ck_checkpoint
	for (int r = 0; r < 2; r++)
		for (int i = 0; i < 3; i++)
			s += W[r][i] * y[i] * y[(i + r) % 3];
	return scale * (s + terms(x[2]));
}
// CHECK-LABEL: static void f_bwd(
// CHECK: daxpy_bwd({{.*}}&c__1

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[3] = { 0.3, -0.7, 1.1 };
	kc_check_scalar("static tables nothing changes", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, 3, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
