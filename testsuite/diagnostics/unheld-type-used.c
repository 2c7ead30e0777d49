// long double and complex parameters and locals are accepted while
// nothing uses them; each use is refused (with an initializer too).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x)
double f(double x, long double q, double _Complex z)
{
	long double r = 2; // CHECK: unheld-type-used.c:[[@LINE]]:14: error: 'r' has type 'long double', which ckc does not differentiate through; use double (a parameter or local of this type is accepted only when nothing uses it)
	double _Complex w;
	x = x * q; // CHECK: unheld-type-used.c:[[@LINE]]:10: error: 'q' has type 'long double', which ckc does not differentiate through; use double (a parameter or local of this type is accepted only when nothing uses it)
	return x * x;
}
