// Malloc'd buffers swapped among local pointers become one buffer
// (adjoint/heap-ping-pong.c).  A checkpointed loop over them must still
// say what to save, and the message names the pointers, not the joined
// buffer.  Buffers of different sizes, or allocated apart, or resized,
// are left as they are, and the reverse mode still refuses to guess
// which one a pointer holds.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <stdlib.h>

#pragma ck_adjoint wrt(x)
double nosave(int n, const double *x, int steps)
{
	double *u = malloc(n * sizeof *u), *v = malloc(n * sizeof *v);
	for (int i = 0; i < n; i++)
		u[i] = x[i];
#pragma ck_checkpoint binomial(2) // CHECK: heap-ping-pong.c:[[@LINE]]:9: error: this binomial(K) loop uses the buffers of 'u' and 'v', which the function changes; say how much of them to save: save(u[lo:len], v[lo:len])
	for (int t = 0; t < steps; t++) {
		for (int i = 0; i < n; i++)
			v[i] = u[i] * u[(i + 1) % n];
		double *w = u;
		u = v;
		v = w;
	}
	double s = u[0];
	free(u);
	free(v);
	return s;
}

#pragma ck_adjoint wrt(x)
double sizes(int n, const double *x)
{
	double *u = malloc(n * sizeof *u), *v = malloc(2 * n * sizeof *v);
	for (int i = 0; i < n; i++)
		u[i] = x[i]; // CHECK: heap-ping-pong.c:[[@LINE]]:3: error: the reverse mode cannot tell which array 'u' points into
	double *w = u;
	u = v;
	v = w;
	u[0] = v[0] * v[1];
	double s = u[0];
	free(u);
	free(v);
	return s;
}

#pragma ck_adjoint wrt(x)
double resized(int n, const double *x)
{
	double *u = malloc(n * sizeof *u), *v = malloc(n * sizeof *v);
	for (int i = 0; i < n; i++)
		u[i] = x[i]; // CHECK: heap-ping-pong.c:[[@LINE]]:3: error: the reverse mode cannot tell which array 'u' points into
	double *w = u;
	u = v;
	v = w;
	u = realloc(u, 2 * n * sizeof *u);
	u[0] = v[0] * v[1];
	double s = u[0];
	free(u);
	free(v);
	return s;
}
