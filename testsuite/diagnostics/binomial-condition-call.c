// binomial(K) takes a counted for loop; a condition that calls a
// function of the file (k < 6 && energy(u, n) < 1e9) makes the loop one
// that may stop before its count, which online(K) takes: refused at the
// pragma, saying so.  A for loop without a condition is refused the same
// way.  Nothing is written.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c
#include <math.h>

static double energy(const double *u, int n)
{
	double e = 0;
	for (int i = 0; i < n; i++)
		e += u[i] * u[i];
	return e;
}

#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double u[8];
	for (int i = 0; i < n; i++)
		u[i] = x[i];
#pragma ck_checkpoint binomial(2) // CHECK: binomial-condition-call.c:[[@LINE]]:9: error: binomial(K) needs a counted for loop (init; condition; increment), with no call of the file's functions in its condition; a loop that may stop earlier can take online(K)
	for (int k = 0; k < 6 && energy(u, n) < 1e9; k++)
		for (int i = 0; i < n; i++)
			u[i] = u[i] * 1.1 + 0.01 * sin(u[i]);
	return energy(u, n);
}

#pragma ck_adjoint wrt(x)
double g(const double *x, int n)
{
	double s = 0.0;
	int k = 0;
#pragma ck_checkpoint binomial(2) // CHECK: binomial-condition-call.c:[[@LINE]]:9: error: binomial(K) needs a counted for loop
	for (;; k++) {
		s += x[k % n] * s + 1.0;
		if (k > 5)
			break;
	}
	return s;
}
