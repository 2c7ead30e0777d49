// A pointer set to (double *)0 before it is set to an array is a null
// pointer, as with NULL; it was refused as "a pointer made from an
// integer" (a pointer from any other integer still is:
// diagnostics/pointer-from-integer.c).  f_b against the closed form.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT

#pragma ck_adjoint wrt(x) out(w)
double f(const double *x, double *w, int n)
{
	double *u = (double *)0;
	double s = 0.0;
	u = w;
	for (int i = 0; i < n; i++) {
		u[i] = x[i] * x[i];
		s += u[i];
	}
	return s;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

int main(void)
{
	double x[3] = { 0.5, -1.0, 2.0 }, xb[3] = { 0 }, w[3],
	       wb[3] = { 1.0, 0.0, -1.0 };
	f_b(x, xb, w, wb, 3, 1.0);
	for (int i = 0; i < 3; i++)
		ck_close("x_b", xb[i], 2.0 * x[i] * (1.0 + (1.0 - i)), 1e-15);
	return ck_done();
}
#endif
// OUT: 0 failed
