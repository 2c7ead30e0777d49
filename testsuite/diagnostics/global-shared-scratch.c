// A global array that f fills and its helper sum() reads is f's scratch,
// passed to sum() (adjoint/global-shared-scratch.c), but not when another
// requested function, g, calls sum() too: g has no such local to pass, and
// the values would have to carry across calls through the global.  The
// refusal names the global at the first store of a derivative.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
double buf[4];

static double sum(void)
{
	double s = 0.0;
	for (int i = 0; i < 4; i++)
		s += buf[i];
	return s;
}

#pragma ck_adjoint wrt(x)
double f(const double *x)
{
	for (int i = 0; i < 4; i++)
		buf[i] = x[i] * x[i]; // CHECK: global-shared-scratch.c:[[@LINE]]:3: error: a derivative would flow into global variable 'buf', which ckc does not support; keep it inactive or pass the data as a parameter (a global that one function overwrites whole before reading it, and that only it and helpers it alone calls use, is scratch and may carry derivatives: the first statement of that function that mentions it assigns all of it, as a counted loop over its whole length, a memcpy or memset, or stores to each element by constant indices)
	return sum();
}

#pragma ck_adjoint wrt(y)
double g(double y)
{
	return y * sum();
}
// CHECK-NOT: error
