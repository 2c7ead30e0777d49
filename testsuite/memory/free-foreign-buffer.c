// free() of active data that the function did not allocate (a pointer
// parameter): the reverse sweep would read it after the free; refused.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#include <stdlib.h>

#pragma ck_adjoint wrt(x) out(y)
void f(double *x, double *y)
{
	y[0] = x[0] * x[1];
	free(x); // CHECK: free-foreign-buffer.c:[[@LINE]]:2: error: the reverse mode can only free a buffer of active data that this function allocated, through the variable it allocated it to
}
