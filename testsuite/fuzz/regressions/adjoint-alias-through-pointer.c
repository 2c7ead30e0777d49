// A callee gets a local array twice, once through a local pointer to it
// (h(w, p) with p = w): h writes q[i] and reads p[(i + 1) % n], so at
// i = n - 1 it reads the element it wrote at i = 0.  f_fwd taped w once
// after the call for h_bwd, as for an array h only reads, because only
// the same variable (h(w, w)) counted as the array's other name: h_bwd saw
// the values of w after the call, and f_b gave 1.7 where df/ds = 1.  With
// p = w + 1 the same.  Expected: the arguments' aliasing is judged by what
// they point into.
// Found by the fuzzer (run.py --seed 101 --modes tangent,adjoint,hvp
// --features +checkpoint, kernel 46, reduced by hand).
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s
// CHECK: 0 failed

static double h(const double *p, double *q, double a, int n)
{
	for (int i = 0; i < n; i++)
		q[i] = q[i] + p[(i + 1) % n] * a;
	return p[0];
}

#pragma ck_tangent wrt(s)
#pragma ck_adjoint wrt(s)
double f(double s)
{
	double w[4] = {1.0, 1.0, 1.0, 1.0};
	double *p = w;
	return h(w, p, s, 4);
}

#pragma ck_tangent wrt(s)
#pragma ck_adjoint wrt(s)
double f2(double s)
{
	double w[4] = {1.0, 1.0, 1.0, 1.0};
	double *p = w + 1;
	h(w, p, s, 3);
	return w[3] * w[1];
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

int main(void)
{
	double s = 0.7, d, sb = 0.0;
	ck_equal_bits("primal", f_b(s, &sb, 1.0), f(s));
	f_d(s, 1.0, &d);
	ck_close("tangent", d, 1.0, 1e-12);
	ck_close("adjoint", sb, d, 1e-12);
	/* f2 = (1 + s)^2 */
	sb = 0.0;
	ck_equal_bits("primal 2", f2_b(s, &sb, 1.0), f2(s));
	f2_d(s, 1.0, &d);
	ck_close("tangent 2", d, 2.0 * (1.0 + s), 1e-12);
	ck_close("adjoint 2", sb, d, 1e-12);
	return ck_done();
}
#endif
