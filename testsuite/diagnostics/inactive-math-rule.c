// A math function with a derivative rule cannot be ck_inactive.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c
#include <math.h>

// CHECK: inactive-math-rule.c:[[@LINE+1]]:21: error: 'sin' has a derivative rule and cannot be ck_inactive; ck_inactive is for functions whose results are constants (random draws, timers, counters)
#pragma ck_inactive sin

#pragma ck_adjoint wrt(x)
double f(double x)
{
	return sin(x);
}
