// A global array that two converted functions share is not scratch of
// either: one fills it with active values and the other reads them, so
// the value would have to carry across the call through the global.
// The refusal names the global at the first store of a derivative.
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
		buf[i] = x[i] * x[i]; // CHECK: global-shared-scratch.c:[[@LINE]]:3: error: a derivative would flow into global variable 'buf', which ckc does not support; keep it inactive or pass the data as a parameter (a global that one function overwrites whole before reading it, and no other function uses, is scratch and may carry derivatives)
	return sum();
}
// CHECK-NOT: error
