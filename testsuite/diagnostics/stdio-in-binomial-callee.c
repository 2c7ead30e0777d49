// A function that prints, called by the steps of a binomial(K) loop: the
// steps the reverse sweep recomputes run that function itself and would
// print again.  (Output in the loop body itself is skipped when it is
// recomputed: stdio-once.c.)
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c
#include <stdio.h>

static double step(double u)
{
	printf("u = %g\n", u); // CHECK: stdio-in-binomial-callee.c:[[@LINE]]:2: error: 'printf' in 'step' would print again when the binomial(K) loop that calls it is recomputed; print in the binomial(K) loop itself or outside it
	return u * 0.5 + 1.0;
}

#pragma ck_adjoint wrt(u)
double f(double u, int n)
{
// CHECK-NEXT: stdio-in-binomial-callee.c:[[@LINE+4]]:7: note: called from the binomial(K) loop here
// CHECK-NEXT: stdio-in-binomial-callee.c:[[@LINE+1]]:9: note: the binomial(K) loop, which the reverse sweep recomputes, is here
#pragma ck_checkpoint binomial(3)
	for (int t = 0; t < n; t++)
		u = step(u) * u;
	return u;
}
