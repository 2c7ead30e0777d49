// An integer passed to a helper both by value and by address,
// advance(x, k, &k, &acc): the helper's reverse undoes its own changes
// through the pointer, and the caller puts k back after that reverse, so
// the reverse would get the value the call left as its by-value k.  This
// gave a wrong gradient; it is refused at the value.  (A copy made before
// the call is accepted: int k0 = k; advance(x, k0, &k, &acc).)
// RUN: rm -f %t.c
// RUN: bash -c '%ckc %s -o %t.c 2> %t.err; test $? -eq 1'
// RUN: FileCheck %s < %t.err
// RUN: test ! -e %t.c

static void advance(const double *x, int k, int *knext, double *acc)
{
	*acc += x[k] * x[k] * (k + 1);
	*knext = (k + 2) % 3;
}

#pragma ck_adjoint wrt(x)
double f(const double *x)
{
	double acc = 0.0;
	int k = 0;
	advance(x, k, &k, &acc); // CHECK: int-by-value-and-address.c:[[@LINE]]:13: error: 'k' goes to 'advance' both by value and by address ('&k'), which the reverse mode does not follow: the value would be the one the call leaves; pass a copy made before the call
	advance(x, k, &k, &acc); // CHECK-NEXT: int-by-value-and-address.c:[[@LINE]]:13: error: 'k' goes to 'advance' both by value and by address ('&k'), which the reverse mode does not follow: the value would be the one the call leaves; pass a copy made before the call
	return acc * acc;
}
// CHECK-NOT: error
