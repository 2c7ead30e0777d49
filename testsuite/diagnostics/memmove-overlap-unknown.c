// memmove between two pointer parameters: ckc cannot tell whether they
// overlap, nor so which way to copy, and says what to write instead
// (adjoint/memmove.c has the forms ckc takes).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <string.h>

#pragma ck_adjoint wrt(x) out(y)
void f(const double *x, double *y, int n)
{
	memmove(y, x, (size_t)n * sizeof(double)); // CHECK: memmove-overlap-unknown.c:[[@LINE]]:2: error: ckc cannot tell whether 'y' and 'x' overlap, so which way this memmove copies; use memcpy where they never do, or a loop
	y[0] *= 2.0;
}
