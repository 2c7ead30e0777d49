// Refusals around heap buffers stepped off their start (v -= 1), which
// name the user's pointer, never ckc's own pointer to the buffer: a
// buffer allocated again in every pass of a loop (the reverse mode cannot
// tell which one the stepped pointer sees), and a binomial loop that
// changes a stepped buffer not named in save().
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <stdlib.h>

#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	for (int k = 0; k < 3; k++) {
		double *t = malloc(n * sizeof *t);
		t -= 1;
		for (int i = 1; i <= n; i++)
			t[i] = x[i - 1] * k; // CHECK: stepped-buffer.c:[[@LINE]]:4: error: 't' is stepped off the start of buffers from malloc that the function allocates in turn (in a loop): the reverse mode cannot tell which buffer it sees; allocate the buffer once, or index it from its start
		for (int i = 1; i <= n; i++)
			s += t[i] * t[i];
		free(t + 1);
	}
	return s;
}

#pragma ck_adjoint wrt(x)
double g(const double *x, int n)
{
	double *u = malloc(n * sizeof *u), *w = malloc(n * sizeof *w), s = 0.0;
	u -= 1;
	w -= 1;
	for (int i = 1; i <= n; i++)
		u[i] = x[i - 1];
#pragma ck_checkpoint binomial(2) save(u[1:n]) // CHECK: stepped-buffer.c:[[@LINE]]:9: error: this binomial(K) loop uses the buffers of 'w', which the function changes; say how much of them to save: save(w[lo:len])
	for (int k = 0; k < 5; k++) {
		for (int i = 1; i <= n; i++)
			w[i] = u[i] * u[i] * 0.5;
		for (int i = 1; i <= n; i++)
			u[i] = w[i];
	}
	for (int i = 1; i <= n; i++)
		s += u[i];
	free(w + 1);
	free(u + 1);
	return s;
}

// A stepped buffer that a binomial loop's body allocates in every step:
// the reason given is the step, not a save() the body could not name.
#pragma ck_adjoint wrt(u) out(u)
double h(double *u, int n)
{
	double s = 0.0;
#pragma ck_checkpoint binomial(3) save(u[0:n])
	for (int t = 0; t < 7; t++) {
		double *w = malloc(n * sizeof *w);
		w -= 1;
		for (int i = 1; i <= n; i++)
			w[i] = u[i - 1] * u[i - 1]; // CHECK: stepped-buffer.c:[[@LINE]]:4: error: 'w' is stepped off the start of buffers from malloc that the function allocates in turn (in a loop): the reverse mode cannot tell which buffer it sees; allocate the buffer once, or index it from its start
		for (int i = 1; i <= n; i++)
			u[i - 1] = w[i];
		free(w + 1);
	}
	for (int i = 0; i < n; i++)
		s += u[i];
	return s;
}
// CHECK-NOT: error:
