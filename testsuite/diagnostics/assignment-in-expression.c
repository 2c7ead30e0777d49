// An assignment used as a value is refused where ckc cannot move it
// ahead of its statement (adjoint/assign-in-expression.c,
// adjoint/assignment-chain.c, adjoint/assign-in-condition.c): here it
// may not run (a ?: arm), or the statement (or the operand of && it is
// in) also reads its variable, which C leaves undefined; a loop's test
// whose assignment steps a counter that the test reads again
// (adjoint/assign-step-in-condition.c takes the others).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/assignment-in-expression.c
// RUN: not %ckc %t.adj/assignment-in-expression.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double f(double x)
{
	double y = 0.0;
	if (x > 0.0 && (y = x * x) > y) // CHECK: assignment-in-expression.c:[[@LINE]]:18: error: the expression also reads 'y' where C does not order the read after this assignment to it (which makes the result undefined); make the assignment a statement of its own
		y = 1.0;
	return y;
}

#pragma ck_tangent wrt(x)
double g(double x)
{
	double y = 2.0;
	return (y = x * y) + y; // CHECK: assignment-in-expression.c:[[@LINE]]:10: error: the expression also reads 'y' where C does not order the read after this assignment to it (which makes the result undefined); make the assignment a statement of its own
}

#pragma ck_tangent wrt(x)
double h(double x)
{
	double y = 2.0;
	return x > 0.0 ? (y = x * y) : y; // CHECK: assignment-in-expression.c:[[@LINE]]:20: error: assignment inside an expression is not supported; make it a statement of its own
}

#pragma ck_tangent wrt(x)
double k(double x, double c)
{
	double t = 1.0;
	return (c > 0.0 ? t : 2.0) + (t = x * x); // CHECK: assignment-in-expression.c:[[@LINE]]:32: error: the expression also reads 't' where C does not order the read after this assignment to it (which makes the result undefined); make the assignment a statement of its own
}

#pragma ck_tangent wrt(x)
double m(const double *x)
{
	double a, b, c, d, e, g, h, k, q;
	return (a = x[0]) + (b = x[1]) + (c = x[2]) + (d = x[3]) + (e = x[4]) + (g = x[5]) + (h = x[6]) + (k = x[7]) + (q = x[8]) + a * b * c * d * e * g * h * k * q; // CHECK: assignment-in-expression.c:[[@LINE]]:10: error: more than 8 assignments inside one statement are not supported; make some of them statements of their own
}
#pragma ck_tangent wrt(x)
double n(const double *x, const int *nbr)
{
	double s = 0.0;
	int j, k = 0;
	while ((j = nbr[k++]) >= k) // CHECK: assignment-in-expression.c:[[@LINE]]:10: error: assignment inside an expression is not supported; make it a statement of its own
		s += x[j];
	return s;
}
// CHECK-NOT: error:
