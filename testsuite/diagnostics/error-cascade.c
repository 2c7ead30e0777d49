// One problem many times gives one error and a note with the count, so
// that the first errors are the different problems.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x)
double f(double x, double *y)
{
	double s = x;
	s += "abc"[0] * x; // CHECK: error-cascade.c:[[@LINE]]:7: error: string literals are not supported in differentiated code; move the code that uses them out of the differentiated function
	s += "abc"[1] * x;
	s += "abc"[2] * x;
	y[0] = ({ s; }); // CHECK: error-cascade.c:[[@LINE]]:9: error: statement expressions are not supported; write the statements before the expression
	s += "abc"[0] * x;
	return s;
}
// CHECK: error-cascade.c:10:7: note: 3 more errors like this in 'f' not shown
