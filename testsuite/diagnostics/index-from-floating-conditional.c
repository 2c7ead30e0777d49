// An index of active data computed from a floating value that changes
// later, in a position ckc does not move out of its statement (an arm of
// ?:): the reverse sweep would need the old value, so ckc refuses it and
// says to compute the index first (adjoint/index-from-floating.c has the
// positions it moves out).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x)
double f(const double *x, const double *w, int n)
{
	double u = w[0], s = 0;
	for (int i = 0; i < n; i++) {
		s += i % 2 ? x[(int)u] * x[i] : x[i]; // CHECK: index-from-floating-conditional.c:[[@LINE]]:23: error: the reverse sweep needs the value 'u' has here, in an index, which ckc does not keep; compute the index into an integer variable before the statement
		u = u * 0.5 + w[i];
	}
	return s;
}
