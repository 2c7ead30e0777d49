// Data behind a pointer that a region or binomial loop only reads needs no
// save() when the function changes it only before the region starts
// (checkpoint/read-only-data-set-before.c).  Changed anywhere from the
// region's start on (in the region, after it, in an enclosing loop before
// it, or by a function called after it), it does.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <math.h>
#include <stdlib.h>

static void halve(double *a, int n)
{
	for (int i = 0; i < n; i++)
		a[i] *= 0.5;
}

// after the loop, in the enclosing loop
#pragma ck_adjoint wrt(x) out(x)
void later(const double *c, double *x, int n)
{
	double *K = malloc((size_t)n * sizeof(double));
	for (int i = 0; i < n; i++)
		K[i] = exp(-c[i]);
	for (int it = 0; it < 2; it++) {
		// CHECK: checkpoint-data-changed-later.c:[[@LINE+1]]:9: error: this binomial(K) loop uses data behind 'K' that the function changes; say how much of it to save: save(K[lo:len])
#pragma ck_checkpoint binomial(2) save(x[0:n])
		for (int k = 0; k < 5; k++)
			for (int i = 0; i < n; i++)
				x[i] = sin(x[i]) * K[i];
		K[0] = 1.0;
	}
	free(K);
}

// before the region, but in an enclosing loop: the next pass changes it
#pragma ck_adjoint wrt(x) out(x)
void before_in_loop(const double *c, double *x, int n)
{
	double *K = malloc((size_t)n * sizeof(double));
	for (int it = 0; it < 2; it++) {
		for (int i = 0; i < n; i++)
			K[i] = exp(-c[i] * it);
		// CHECK: checkpoint-data-changed-later.c:[[@LINE+1]]:9: error: this ck_checkpoint region uses data behind 'K' that the function changes; say how much of it to save: save(K[lo:len])
#pragma ck_checkpoint save(x[0:n])
		for (int i = 0; i < n; i++)
			x[i] = sin(x[i]) * K[i];
	}
	free(K);
}

// by a function of the file, after the region
#pragma ck_adjoint wrt(x) out(x)
void by_call(const double *c, double *x, int n)
{
	double *K = malloc((size_t)n * sizeof(double));
	for (int i = 0; i < n; i++)
		K[i] = exp(-c[i]);
	// CHECK: checkpoint-data-changed-later.c:[[@LINE+1]]:9: error: this ck_checkpoint region uses data behind 'K' that the function changes; say how much of it to save: save(K[lo:len])
#pragma ck_checkpoint save(x[0:n])
	for (int i = 0; i < n; i++)
		x[i] = sin(x[i]) * K[i];
	halve(K, n);
	for (int i = 0; i < n; i++)
		x[i] += K[i];
	free(K);
}

// through another pointer into the same buffer, after the region
#pragma ck_adjoint wrt(x) out(x)
void by_alias(const double *c, double *x, int n)
{
	double *K = malloc((size_t)n * sizeof(double));
	double *q = K + 1;
	for (int i = 0; i < n; i++)
		K[i] = exp(-c[i]);
	// CHECK: checkpoint-data-changed-later.c:[[@LINE+1]]:9: error: this ck_checkpoint region uses data behind 'K' that the function changes; say how much of it to save: save(K[lo:len])
#pragma ck_checkpoint save(x[0:n])
	for (int i = 0; i < n; i++)
		x[i] = sin(x[i]) * K[i];
	q[0] = 2.0;
	free(K);
}
