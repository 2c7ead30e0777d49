// Reverse mode keeps integers exact by undoing their updates; a call with
// a user-supplied derivative that may change an integer through a pointer
// cannot be undone: refused (the tangent is fine).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// RUN: sed 's/ck_adjoint/ck_tangent/' %s > %t.tan.c
// RUN: %ckc %t.tan.c -o %t.out.c
double step(double x, int *k);
double step_d(double x, double x_d, int *k, double *ret_d);
double step_b(double x, double *x_b, int *k, double ret_b);
#pragma ck_derivative step wrt(x) tangent(step_d) adjoint(step_b)

#pragma ck_adjoint wrt(x)
double f(double x)
{
	int k = 0;
	double y = step(x, &k); // CHECK: .c:[[@LINE]]:21: error: 'step' may change the integer 'k' through this pointer, which the reverse sweep cannot undo; pass the address of a copy
	return y * k;
}
