// A local integer array read as an index of active data (x[idx[i]]) in
// reverse mode, which f fills through a call: f_bwd keeps a copy of such
// an array only when f's own element stores change it (adjoint/
// index-array-filled.c), so ckc refuses this one and says what to do.  A
// store whose index reads the array itself is refused too: the reverse
// sweep could not tell which element to put back.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <math.h>

#define N 4

static void fill(int *idx, int shift)
{
	for (int i = 0; i < N; i++)
		idx[i] = (i + shift) % N;
}

#pragma ck_adjoint wrt(x)
double f(const double *x, int shift)
{
	int idx[N];
	double s = 0.0;
	fill(idx, shift);
	for (int i = 0; i < N; i++)
		s += sin(x[idx[i]]); // CHECK: index-array-local.c:[[@LINE]]:14: error: the reverse sweep cannot read the local array 'idx' again: it is passed, pointed into or used whole, and ckc follows such an array only through its element stores; fill it with stores 'idx[k] = ...' in 'f', or pass it in as a parameter
	return s;
}

#pragma ck_adjoint wrt(x)
double g(const double *x, int shift)
{
	int idx[N];
	double s = 0.0;
	for (int i = 0; i < N; i++)
		idx[i] = (i + shift) % N;
	for (int i = 0; i < N; i++) {
		s += sin(x[idx[i]]);
		idx[idx[i]] = i; // CHECK: index-array-local.c:[[@LINE]]:7: error: the reverse sweep cannot tell which element of 'idx' this store changed: its index reads 'idx'; compute the index into a variable first
	}
	return s + x[idx[0]];
}
