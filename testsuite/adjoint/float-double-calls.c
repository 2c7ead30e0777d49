// C converts between float and double where a call to a function of the
// file passes an argument of the other width, or its result initializes
// or is assigned to a variable of the other width.  ckc makes each such
// conversion an explicit cast, so a shadow of one width never goes where
// one of the other is expected: `double r = sqf(x[0])` gets its float
// result (and tangent) in a temporary, and a double argument of a float
// parameter becomes (float)t, also in vector mode.  f_d, f_b and f_b_d
// against differences, and f_dv bitwise against f_d.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>
#define N 3

static float sqf(float a)
{
	return a * a + 0.5f * a;
}

static double cubed(double a)
{
	return a * a * a;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
#pragma ck_tangent wrt(x) vector
#pragma ck_hvp wrt(x) vector
double f(const double *x)
{
	double r = sqf(x[0]);
	float q = cubed(x[1]);
	double t = x[2] * 2.0;
	r += sqf(t) * q;
	q = cubed(r);
	return r + sqf(t) + q;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: float ck_sqf_d = 0.0f;
// CHECK: float ck_sqf = sqf_d((float)x[0], (float)x_d[0], &ck_sqf_d);
// CHECK: double ck_cubed_d = 0.0;
// CHECK: double ck_cubed = cubed_d(x[1], x_d[1], &ck_cubed_d);
// CHECK: sqf_d((float)t, (float)t_d, &

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

int main(void)
{
	double v[N] = {0.3, -0.7, 0.45};
	/* float rounding inside: differences of f agree to about 1e-7 only,
	 * so the dot-product test and f_dv carry the exact checks */
	double d[N] = {0.5, -0.25, 1.0}, dv[N * 2], rdv[2], rd;
	for (int i = 0; i < N; i++) {
		dv[i * 2] = d[i];
		dv[i * 2 + 1] = 1.0 - d[i];
	}
	double y = f_d(v, d, &rd);
	ck_equal_bits("f_d returns f", y, f(v));
	ck_equal_bits("f_dv returns f", f_dv(v, dv, 2, rdv), y);
	ck_equal_bits("f_dv direction 0", rdv[0], rd);
	double h = 1e-4, vp[N], vm[N];
	for (int i = 0; i < N; i++) {
		vp[i] = v[i] + h * d[i];
		vm[i] = v[i] - h * d[i];
	}
	ck_close("f_d against differences", rd, (f(vp) - f(vm)) / (2 * h),
		 1e-3);
	double g[N] = {0};
	ck_equal_bits("f_b returns f", f_b(v, g, 1.0), y);
	/* (f_b and f_d round their float steps differently) */
	ck_close("dot-product test", g[0] * d[0] + g[1] * d[1] + g[2] * d[2],
		 rd, 1e-6);
	double xb[N] = {0}, xbd[N] = {0};
	f_b_d(v, d, xb, xbd, 1.0, 0.0);
	for (int i = 0; i < N; i++)
		ck_close("f_b_d gradient", xb[i], g[i], 1e-12);
	/* H d against Richardson differences of gradients, with steps long
	 * enough for their float rounding */
	double hd[2][N];
	for (int r = 0; r < 2; r++) {
		double gp[N] = {0}, gm[N] = {0}, hr = r ? 5e-3 : 1e-2;
		for (int i = 0; i < N; i++) {
			vp[i] = v[i] + hr * d[i];
			vm[i] = v[i] - hr * d[i];
		}
		f_b(vp, gp, 1.0);
		f_b(vm, gm, 1.0);
		for (int i = 0; i < N; i++)
			hd[r][i] = (gp[i] - gm[i]) / (2 * hr);
	}
	for (int i = 0; i < N; i++)
		ck_close("f_b_d H d", xbd[i], (4 * hd[1][i] - hd[0][i]) / 3,
			 1e-4);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
