// memmove between member arrays of two different struct pointers: ckc
// cannot tell which arrays they are, nor so which way to copy, and says
// what to write instead (adjoint/memmove.c has the forms ckc takes).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <string.h>

typedef struct {
	double a[4];
} buf;

#pragma ck_adjoint wrt(x)
double f(const double *x, buf *p, buf *q)
{
	for (int i = 0; i < 4; i++)
		q->a[i] = x[i];
	memmove(p->a + 1, q->a, 3 * sizeof(double)); // CHECK: memmove-unknown-arrays.c:[[@LINE]]:2: error: ckc cannot tell which arrays this memmove copies between; pass arrays or a + k
	return p->a[1] * p->a[3];
}
