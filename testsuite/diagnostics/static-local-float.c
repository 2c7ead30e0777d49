// A floating-point static local that a call may read before it writes it
// is refused: its value would carry over between calls without a
// derivative.  One that each call overwrites whole first is scratch
// (adjoint/static-scratch.c), one that the first call fills with values
// of constants is a table (adjoint/static-lazy-table.c), and an integer
// static local is passive.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusals in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/static-local-float.c
// RUN: not %ckc %t.adj/static-local-float.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double f(double x)
{
	static int calls;
	static double last; // CHECK: static-local-float.c:[[@LINE]]:16: error: static local 'last' keeps its value from call to call, which no derivative follows; make it a parameter, or overwrite it whole before the function reads it (then it is scratch)
	calls++;
	double r = x * last;
	last = x;
	return r;
}

/* the loop skips an element: not overwritten whole */
#pragma ck_tangent wrt(x)
double g(double x)
{
	static double w[4]; // CHECK: static-local-float.c:[[@LINE]]:16: error: static local 'w' keeps its value
	for (int i = 0; i < 4; i++) {
		if (i == 2)
			continue;
		w[i] = x * i;
	}
	return w[1] + w[2];
}

/* filled on the first call, but from the argument: the table of the first
 * call's x would serve every later call */
#pragma ck_tangent wrt(x)
double h(double x, int k)
{
	static int ready = 0;
	static double t[4]; // CHECK: static-local-float.c:[[@LINE]]:16: error: static local 't' keeps its value
	if (!ready) {
		for (int i = 0; i < 4; i++)
			t[i] = x * i;
		ready = 1;
	}
	return t[k] * x;
}

/* filled on the first call from an integer argument, or from rand(): the
 * primal's first call and a generated function's own first call could
 * fill them with other numbers */
#pragma ck_tangent wrt(x)
double h2(double x, int n, int k)
{
	static int ready = 0;
	static double t[4]; // CHECK: static-local-float.c:[[@LINE]]:16: error: static local 't' keeps its value
	if (!ready) {
		for (int i = 0; i < 4; i++)
			t[i] = 0.5 * i * n;
		ready = 1;
	}
	return t[k] * x;
}

int rand(void);

#pragma ck_tangent wrt(x)
double h3(double x, int k)
{
	static int ready = 0;
	static double t[4]; // CHECK: static-local-float.c:[[@LINE]]:16: error: static local 't' keeps its value
	if (!ready) {
		for (int i = 0; i < 4; i++)
			t[i] = rand() * 1e-9;
		ready = 1;
	}
	return t[k] * x;
}
// CHECK-NOT: calls
