// A user function named in the pragma but declared nowhere: the error is at
// its name in the pragma, a note gives the prototype to declare.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
void solve(int n, const double *A, const double *b, double *x);
void solve_d(int n, const double *A, const double *A_d, const double *b,
	     const double *b_d, double *x, double *x_d);
#pragma ck_derivative solve wrt(A, b) out(x) tangent(solve_d) adjoint(solve_b)
// CHECK: error-missing-declaration.c:[[@LINE-1]]:71: error: no declaration of 'solve_b', the adjoint of 'solve'; declare it (the expected prototype follows)
// CHECK-NEXT: error-missing-declaration.c:[[@LINE-2]]:71: note: expected prototype: void solve_b(int n, const double *A, double *A_b, const double *b, double *b_b, double *x, double *x_b);

#pragma ck_adjoint wrt(A)
double f(const double *A)
{
	double b[2] = {1.0, 2.0}, x[2];
	solve(2, A, b, x);
	return x[0] + x[1];
}
