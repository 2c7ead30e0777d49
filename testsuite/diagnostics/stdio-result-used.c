// The result of printf is not available to differentiated code: a
// recomputation does not print.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c
#include <stdio.h>

#pragma ck_adjoint wrt(x)
double f(double x)
{
	int n = printf("x = %g\n", x); // CHECK: stdio-result-used.c:[[@LINE]]:10: error: the result of 'printf' cannot be used in differentiated code (a recomputation does not print); call it as a statement of its own
	return x * n;
}
