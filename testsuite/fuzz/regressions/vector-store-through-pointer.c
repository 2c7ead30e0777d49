// Vector mode: a primal store through a pointer (*ps = ...) stays after
// the direction loop when the loop reads a variable whose address is
// taken (s, through ps = &s), and a primal store to such a variable stays
// after a loop that reads memory.  f_dv ran *ps = ... first, so the
// directions read the new s (f_dv's tangent differed from f_d's in the
// 7th digit).  Likewise a pointer's shadow moved (p_dv = x_dv + ck_nd)
// stays after a loop that reads it (kernel 18: the last bits differed).
// Every direction of f_dv is bitwise f_d's along it.  Found
// by the fuzzer (run.py --seed 7301 --modes tangent,adjoint,hvp,vector
// --features=-extern,+checkpoint, kernel 11), reduced by hand.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --check-prefix=GEN --input-file %t.c
// GEN-LABEL: double f_dv(
// GEN: ps_dv[ck_k] = {{.*}}x_dv[ck_k] * s{{.*}};
// GEN-NEXT: }
// GEN-NEXT: *ps = 1.5 * sin(s / (1.35 + x[0] * s));
// GEN-LABEL: double g_dv(
// GEN: u_dv[ck_k] += x_dv[*pj * ck_nd + ck_k] * {{.*}};
// GEN-NEXT: }
// GEN-NEXT: j = 1;
// GEN-LABEL: double h_dv(
// GEN: v_dv[ck_k] = p_dv[ck_k] * {{.*}};
// GEN: }
// GEN-NEXT: p_dv = x_dv + ck_nd;
// RUN: %ckc-run %t.c %s %t | FileCheck %s
// CHECK: 0 failed
#include <math.h>

#pragma ck_tangent wrt(s, x)
#pragma ck_tangent wrt(s, x) vector
double f(double s, const double *x)
{
	for (int i = 0; i < 4; i += 2) {
		double *ps = &s;
		*ps = 1.5 * sin(s / (1.35 + x[0] * s));
	}
	return s;
}

#pragma ck_tangent wrt(x)
#pragma ck_tangent wrt(x) vector
double g(const double *x)
{
	double u = 0;
	int j = 0;
	const int *pj = &j;
	for (int i = 0; i < 2; i++) {
		u += x[*pj] * x[1];
		j = 1;
	}
	return u;
}

#pragma ck_tangent wrt(x)
#pragma ck_tangent wrt(x) vector
double h(const double *x)
{
	const double *p = x;
	double s = 0;
	for (int i = 0; i < 3; i++) {
		double v = p[0] * x[2];
		p = x + 1;
		s += v * v;
	}
	return s;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define ND 3

int main(void)
{
	double x[2] = {0.6, -0.3}, s = 0.4;
	double x3[3] = {0.6, -0.3, 0.9}, x3dv[3 * ND];
	double sdv[ND], xdv[2 * ND], rdv[ND], rd, xd[3];
	int k;

	for (k = 0; k < ND; k++) {
		sdv[k] = 0.25 + 0.125 * k;
		xdv[0 * ND + k] = 0.5 - 0.25 * k;
		xdv[1 * ND + k] = -0.75 + 0.5 * k;
		x3dv[0 * ND + k] = 0.5 - 0.25 * k;
		x3dv[1 * ND + k] = -0.75 + 0.5 * k;
		x3dv[2 * ND + k] = 0.125 + k;
	}
	ck_equal_bits("f primal", f_dv(s, sdv, x, xdv, ND, rdv), f(s, x));
	for (k = 0; k < ND; k++) {
		xd[0] = xdv[0 * ND + k];
		xd[1] = xdv[1 * ND + k];
		f_d(s, sdv[k], x, xd, &rd);
		ck_equal_bits("f direction", rdv[k], rd);
	}
	ck_equal_bits("g primal", g_dv(x, xdv, ND, rdv), g(x));
	for (k = 0; k < ND; k++) {
		xd[0] = xdv[0 * ND + k];
		xd[1] = xdv[1 * ND + k];
		g_d(x, xd, &rd);
		ck_equal_bits("g direction", rdv[k], rd);
	}
	ck_equal_bits("h primal", h_dv(x3, x3dv, ND, rdv), h(x3));
	for (k = 0; k < ND; k++) {
		for (int i = 0; i < 3; i++)
			xd[i] = x3dv[i * ND + k];
		h_d(x3, xd, &rd);
		ck_equal_bits("h direction", rdv[k], rd);
	}
	return ck_done();
}
#endif
