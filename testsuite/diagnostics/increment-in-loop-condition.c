// x++ in a loop's condition is refused where its step could not run once
// per test as C runs it: a counter narrower than int (whose x - 1 would
// not wrap as x++ does), and a step on the right of || (it would be
// conditional; on the left it runs on every test, and on the right of a
// while's chain of && ckc makes each operand a test of its own, and
// takes it).  adjoint/increment-in-condition.c and adjoint/
// increment-in-later-operand.c have the forms ckc takes.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x)
double g(const double *x, unsigned char k)
{
	double s = 0.0;
	while (k--) // CHECK: increment-in-loop-condition.c:[[@LINE]]:9: error: an increment in a loop's condition of an integer narrower than int is not supported; declare it int, or step it in the body
		s += x[k];
	return s;
}

#pragma ck_adjoint wrt(x)
double h(const double *x, int n)
{
	double s = 0.0;
	while (s > 4.0 || n--) // CHECK: increment-in-loop-condition.c:[[@LINE]]:20: error: this increment (or decrement) is not supported here: ckc moves one out of an expression only where C runs it on every evaluation, or where later operands of a loop's && condition or an if's && and || condition hold it, and nothing else in the expression reads its variable; make it a statement of its own
		s += x[n];
	return s;
}

#pragma ck_adjoint wrt(x)
double k(const double *x, short m)
{
	double s = 0.0;
	for (s = 1.0; m-- > 0; s *= 0.5) // CHECK: increment-in-loop-condition.c:[[@LINE]]:16: error: an increment in a loop's condition of an integer narrower than int is not supported; declare it int, or step it in the body
		s += x[m];
	return s;
}

/* a floating counter: the test would read t - 1 for t++, rounded */
#pragma ck_adjoint wrt(x, t0)
double m(const double *x, double t0)
{
	double t = t0, s = 0.0;
	int i = 0;
	while (t++ < 4.5 && i < 3) { // CHECK: increment-in-loop-condition.c:[[@LINE]]:9: error: an increment in a loop's condition of a floating variable is not supported; step it in the body
		s += x[i] * t;
		i++;
	}
	return s;
}
