// save() sections are checked against the reads and stores of every
// counted loop form, not only for (i = A; i < B; i++): i <= B, B > i,
// i != B, i += 1, and loops that count down with i-- and > or >=.  These
// were trusted, so a read before the section of data that the function
// changes later went through with a wrong gradient (2 6 2 where 2 4 2 is
// right for the first, at x = 1 2 3), and in a helper a store one past the
// section wrote past the scratch buffer that stands for it.  A loop whose
// header steps its index in another form (i += 2) is refused where it
// indexes the section, not trusted.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c
#include <stdlib.h>

#pragma ck_adjoint wrt(x)
double le(const double *x, int n)
{
	double *u = malloc(n * sizeof *u), s = 0;
	for (int i = 0; i < n; i++)
		u[i] = x[i];
	// CHECK: checkpoint-section-loop-forms.c:[[@LINE+4]]:15: error: this read of 'u' may fall before the section that save() names
	// CHECK: checkpoint-section-loop-forms.c:[[@LINE+1]]:28: note: the section of 'u' that save() names
#pragma ck_checkpoint save(u[1:n - 1])
	for (int i = 1; i <= n - 1; i++)
		s += u[i] * u[i - 1];
	u[0] = 3.0;
	s += u[0];
	free(u);
	return s;
}

#pragma ck_adjoint wrt(x)
double down(const double *x, int n)
{
	double *u = malloc(n * sizeof *u), s = 0;
	for (int i = 0; i < n; i++)
		u[i] = x[i];
	for (int t = 0; t < 2; t++) {
		// CHECK: checkpoint-section-loop-forms.c:[[@LINE+4]]:16: error: this read of 'u' may fall before the section
		// CHECK: note: the section of 'u' that save() names
#pragma ck_checkpoint save(u[1:n - 1])
		for (int i = n - 1; i > 0; i--)
			s += u[i] * u[i - 1];
		u[0] = u[1] * u[0];
	}
	free(u);
	return s;
}

#pragma ck_adjoint wrt(x)
double down_ge(const double *x, int n)
{
	double *u = malloc(n * sizeof *u), s = 0;
	for (int i = 0; i < n; i++)
		u[i] = x[i];
	for (int t = 0; t < 2; t++) {
		// CHECK: checkpoint-section-loop-forms.c:[[@LINE+4]]:16: error: this read of 'u' may fall before the section
		// CHECK: note: the section of 'u' that save() names
#pragma ck_checkpoint save(u[1:n - 1])
		for (int i = n - 1; i >= 1; --i)
			s += u[i] * u[i - 1];
		u[0] = u[1] * u[0];
	}
	free(u);
	return s;
}

#pragma ck_adjoint wrt(x)
double plus_one(const double *x, int n)
{
	double *u = malloc(n * sizeof *u), s = 0;
	for (int i = 0; i < n; i++)
		u[i] = x[i];
	for (int t = 0; t < 2; t++) {
		// CHECK: checkpoint-section-loop-forms.c:[[@LINE+4]]:16: error: this read of 'u' may fall before the section
		// CHECK: note: the section of 'u' that save() names
#pragma ck_checkpoint save(u[1:n - 1])
		for (int i = 1; i < n; i += 1)
			s += u[i] * u[i - 1];
		u[0] = u[1] * u[0];
	}
	free(u);
	return s;
}

#pragma ck_adjoint wrt(x)
double reversed(const double *x, int n)
{
	double *u = malloc(n * sizeof *u), s = 0;
	for (int i = 0; i < n; i++)
		u[i] = x[i];
	for (int t = 0; t < 2; t++) {
		// CHECK: checkpoint-section-loop-forms.c:[[@LINE+4]]:16: error: this read of 'u' may fall after the section
		// CHECK: note: the section of 'u' that save() names
#pragma ck_checkpoint save(u[0:n - 1])
		for (int i = 0; n - 1 > i; i++)
			s += u[i] * u[i + 1];
		u[n - 1] = u[1] * u[0];
	}
	free(u);
	return s;
}

#pragma ck_adjoint wrt(x)
double not_equal(const double *x, int n)
{
	double *u = malloc(n * sizeof *u), s = 0;
	for (int i = 0; i < n; i++)
		u[i] = x[i];
	for (int t = 0; t < 2; t++) {
		// CHECK: checkpoint-section-loop-forms.c:[[@LINE+4]]:16: error: this read of 'u' may fall before the section
		// CHECK: note: the section of 'u' that save() names
#pragma ck_checkpoint save(u[1:n - 1])
		for (int i = 1; i != n; i++)
			s += u[i] * u[i - 1];
		u[0] = u[1] * u[0];
	}
	free(u);
	return s;
}

#pragma ck_adjoint wrt(x)
double by_two(const double *x, int n)
{
	double *u = malloc(n * sizeof *u), s = 0;
	for (int i = 0; i < n; i++)
		u[i] = x[i];
	for (int t = 0; t < 2; t++) {
		// CHECK: checkpoint-section-loop-forms.c:[[@LINE+4]]:9: error: this read of 'u' is indexed by a loop whose range ckc cannot tell from its header, so it cannot check that it stays inside the section that save() names; write the loop as for (i = A; i < B; i++), i <= B, or for (i = A; i >= B; i--)
		// CHECK: note: the section of 'u' that save() names
#pragma ck_checkpoint save(u[1:n - 1])
		for (int i = 1; i < n; i += 2)
			s += u[i] * u[i - 1];
		u[0] = u[1] * u[0];
	}
	free(u);
	return s;
}

static void relax(double *u, int m)
{
	// CHECK: checkpoint-section-loop-forms.c:[[@LINE+4]]:3: error: this store may write 'u' after the section that save() names
	// CHECK: note: the section of 'u' that save() names
#pragma ck_checkpoint save(u[0:m - 1])
	for (int i = 0; i <= m - 1; i++)
		u[i] = 0.5 * u[i] * u[i];
}

#pragma ck_adjoint wrt(x)
double helper(const double *x, int n)
{
	double u[8], s = 0.0;
	for (int i = 0; i < n; i++)
		u[i] = x[i];
	relax(u, n);
	for (int i = 0; i < n; i++)
		s += u[i] * u[i];
	return s;
}
