// A file-scope variable in an OpenMP clause (private(tg)): ckc takes the
// function's own variables only, and said "no variable named 'tg' here",
// which a reader of the file finds wrong.  Nothing is written.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c
#include <math.h>

static double tg;

#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	int i;
	tg = x[0];
	// CHECK: openmp-clause-global.c:[[@LINE+1]]:34: error: 'tg' in private(...) is a file-scope variable, which ckc takes in no OpenMP clause; give the loop a local variable instead
#pragma omp parallel for private(tg) reduction(+ : s)
	for (i = 0; i < n; i++) {
		tg = x[i] * x[i];
		s += sin(tg);
	}
	return s + tg;
}
