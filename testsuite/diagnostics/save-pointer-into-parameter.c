// A region that changes data through a pointer into a parameter's data
// (r = u + 1) must say how much to save; the hint names the parameter,
// which the region can name in save(), rather than the pointer.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <math.h>

#pragma ck_adjoint wrt(x) out(u)
double f(const double *x, double *u, int n)
{
	double s = 0;
	double *r = u + 1;
#pragma ck_checkpoint // CHECK: save-pointer-into-parameter.c:[[@LINE]]:9: error: this ck_checkpoint region uses data behind 'r', which points into 'u', and the function changes it; say how much of 'u' to save: save(u[lo:len])
	for (int i = 0; i + 1 < n; i++)
		r[i] = r[i] * x[i] + sin(x[i]);
	for (int i = 0; i < n; i++)
		s += x[i] * x[i];
	return s;
}
// CHECK-NOT: error
