// A ?: of pointers passed to a helper, g(c ? x : y), with x a pointer
// parameter named in neither wrt() nor out() and y active: the helper
// reads y's data through it when c is 0, so its derivative counts.  ckc
// took the argument for x's alone and dropped that derivative (f_d gave
// 1 where y[1] + 1 is right); now the ?: makes x and y one set of data,
// and ckc asks for x in wrt() at the ?:.  (With x in wrt() the call is
// differentiated: adjoint/select-argument.c.)
// RUN: rm -f %t.c
// RUN: bash -c '%ckc %s -o %t.c 2> %t.err; test $? -eq 1'
// RUN: FileCheck %s < %t.err
// RUN: test ! -e %t.c

static double g(const double *a)
{
	return a[0] * a[1];
}

#pragma ck_tangent wrt(y)
double f(const double *x, const double *y, int c)
{
	return g(c ? x : y) + y[0]; // CHECK: select-argument-passive.c:[[@LINE]]:11: error: this ?: may point into 'x', a pointer parameter of 'f' named in neither wrt() nor out(), and into active data; add 'x' to wrt()
}
// CHECK: select-argument-passive.c:19:24: note: 'x' declared here
// CHECK-NOT: error
