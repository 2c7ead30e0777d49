// clang's errors too: each message once, a note counts the repeats.
// RUN: not %ckc -std=c99 %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: test ! -e %t.c
#include <math.h>

#pragma ck_adjoint wrt(r)
double f(double r)
{
	double a = M_PI * r * r; // CHECK: clang-error-cascade.c:[[@LINE]]:13: error: use of undeclared identifier 'M_PI'
	// CHECK-NEXT: clang-error-cascade.c:[[@LINE-1]]:13: note: 2 more errors like this not shown
	double c = 2.0 * M_PI * r;
	return a + c + M_PI;
}
