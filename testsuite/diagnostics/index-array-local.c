// A local integer array read as an index of active data (x[idx[i]]) in
// reverse mode: f_bwd keeps a copy of such an array when f changes it
// only by element stores and by the calls it is passed to (adjoint/
// index-array-filled.c, adjoint/index-array-passed.c).  An array that a
// pointer points into, and one passed to a call and named in a
// checkpoint region, are refused, and the message says which arrays ckc
// follows.  A store whose index reads the array itself is refused too:
// the reverse sweep could not tell which element to put back.
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
	int *p = idx;
	double s = 0.0;
	fill(p, shift);
	for (int i = 0; i < N; i++)
		s += sin(x[idx[i]]); // CHECK: index-array-local.c:[[@LINE]]:14: error: the reverse sweep cannot read the local array 'idx' again: 'f' points into it or uses it whole, and ckc follows such an array only through its element stores and the calls it is passed to; fill it with stores 'idx[k] = ...' or calls 'h(idx)', or pass it in as a parameter
	return s;
}

#pragma ck_adjoint wrt(x)
double region(const double *x, int shift)
{
	int idx[N];
	double s = 0.0;
	fill(idx, shift);
#pragma ck_checkpoint
	for (int i = 0; i < N; i++)
		s += sin(x[idx[i]]); // CHECK: index-array-local.c:[[@LINE]]:14: error: the reverse sweep cannot read the local array 'idx' again: 'region' passes it to a call, and names it in a checkpoint region, whose snapshot cannot follow what calls change; fill it with stores 'idx[k] = ...', or pass it in as a parameter
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
