// The integer behind a helper's int * parameter passed on both by value
// and through the pointer, g(x, *k, k, &acc): g's reverse undoes its own
// changes through the pointer, and the helper puts *k back after that
// reverse, so the reverse would get the value the call left as its
// by-value k.  This gave a wrong gradient; it is refused at the value, as
// advance(x, k, &k, &acc) is (int-by-value-and-address.c), also when the
// helper stores the call's result there, *k = g(x, *k, k, acc).
// RUN: rm -f %t.c
// RUN: bash -c '%ckc %s -o %t.c 2> %t.err; test $? -eq 1'
// RUN: FileCheck %s < %t.err
// RUN: test ! -e %t.c

static int g(const double *x, int k, int *pk, double *acc)
{
	*acc *= x[k] + x[*pk];
	(*pk)++;
	return k + 2;
}

static void one(const double *x, int *k, double *acc)
{
	g(x, *k, k, acc); // CHECK: int-cell-by-value-and-pointer.c:[[@LINE]]:7: error: the integer behind 'k' goes to 'g' both by value and through 'k', which the reverse mode does not follow: the value would be the one the call leaves; pass a copy made before the call
}

static void two(const double *x, int *k, double *acc)
{
	*k = g(x, *k, k, acc); // CHECK: int-cell-by-value-and-pointer.c:[[@LINE]]:12: error: the integer behind 'k' goes to 'g' both by value and through 'k', which the reverse mode does not follow: the value would be the one the call leaves; pass a copy made before the call
}

#pragma ck_adjoint wrt(x)
double f(const double *x)
{
	int k = 0;
	double acc = 1.0;
	one(x, &k, &acc);
	two(x, &k, &acc);
	return acc;
}
// CHECK-NOT: error
