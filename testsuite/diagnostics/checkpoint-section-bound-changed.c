// A save() bound that reads a variable the region changes (a plain
// region's lo++, a binomial step's lo++, a call given &lo): the snapshot
// was saved with the bounds of the region's start and loaded with those
// the reverse sweep finds, so f_b stopped with "ckrt: a checkpoint is read
// past its end (64 of 56 bytes)".  Refused at the bound; so is the index
// of a binomial loop declared before it, which changes with each step.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c
#include <math.h>
#include <stdlib.h>

#pragma ck_adjoint wrt(x)
double region(const double *x, int n)
{
	double *u = malloc(n * sizeof *u);
	for (int i = 0; i < n; i++)
		u[i] = x[i];
	int lo = 0;
	// CHECK: checkpoint-section-bound-changed.c:[[@LINE+1]]:30: error: this bound of a section in save() reads 'lo', which the region changes: the snapshot would be loaded with other bounds than it was saved with; use a variable that the region leaves alone (a copy made before it)
#pragma ck_checkpoint save(u[lo:n - lo])
	{
		u[lo] = u[lo] * u[lo + 1];
		lo++;
	}
	u[0] = 0.0;
	double s = u[0] + u[1] * u[lo];
	free(u);
	return s;
}

#pragma ck_adjoint wrt(x)
double steps(const double *x, int n)
{
	double *u = malloc(n * sizeof *u);
	for (int i = 0; i < n; i++)
		u[i] = x[i];
	double s = 0;
	int lo = 0;
	// CHECK: checkpoint-section-bound-changed.c:[[@LINE+1]]:48: error: this bound of a section in save() reads 'lo', which the region changes
#pragma ck_checkpoint binomial(2) save(u[0:n - lo])
	for (int t = 0; t < n - 1; t++) {
		for (int i = t; i < n; i++)
			u[i] = u[i] * (1.0 + 0.1 * sin(u[t]));
		s += u[t] * u[t + 1];
		lo++;
	}
	free(u);
	return s + lo;
}

#pragma ck_adjoint wrt(x)
double index_bound(const double *x, int n)
{
	double *u = malloc(n * sizeof *u);
	for (int i = 0; i < n; i++)
		u[i] = x[i];
	double s = 0;
	int t;
	// CHECK: checkpoint-section-bound-changed.c:[[@LINE+1]]:42: error: this bound of a section in save() reads 't', which the region changes
#pragma ck_checkpoint binomial(2) save(u[t:n - t])
	for (t = 0; t < n - 1; t++) {
		for (int i = t; i < n; i++)
			u[i] = u[i] * (1.0 + 0.1 * sin(u[t]));
		s += u[t] * u[t + 1];
	}
	free(u);
	return s;
}

static void bump(int *k)
{
	*k += 1;
}

#pragma ck_adjoint wrt(x)
double by_address(const double *x, int n)
{
	double *u = malloc(n * sizeof *u);
	for (int i = 0; i < n; i++)
		u[i] = x[i];
	int lo = 0;
	// CHECK: checkpoint-section-bound-changed.c:[[@LINE+1]]:30: error: this bound of a section in save() reads 'lo', which the region changes
#pragma ck_checkpoint save(u[lo:n])
	{
		u[0] = u[0] * u[1];
		bump(&lo);
	}
	u[0] = 0.0;
	double s = u[0] + u[1] * u[lo];
	free(u);
	return s;
}
