// A local integer array that f fills at run time and reads as an index
// of active data (x[idx[i]]) in reverse mode: f_bwd cannot read it again,
// and says what to do (a const table with constant values is read again:
// adjoint/static-const-table.c).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <math.h>

#define N 4

#pragma ck_adjoint wrt(x)
double f(const double *x, int shift)
{
	int idx[N];
	double s = 0.0;
	for (int i = 0; i < N; i++)
		idx[i] = (i + shift) % N;
	for (int i = 0; i < N; i++)
		s += sin(x[idx[i]]); // CHECK: index-array-local.c:[[@LINE]]:14: error: the reverse sweep cannot read the local array 'idx' again; declare it const with constant values, or pass it in as a parameter
	return s;
}
