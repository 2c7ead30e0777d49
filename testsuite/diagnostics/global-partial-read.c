// A global buffer that f fills up to n and then reads one element past
// what the same loop index covers (buf[j + 1]) may read a value an
// earlier call left there: not scratch, so the derivative that would flow
// into it is refused, naming the global.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
double buf[16];

#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	for (int i = 0; i < n; i++)
		buf[i] = x[i] * x[i]; // CHECK: global-partial-read.c:[[@LINE]]:3: error: a derivative would flow into global variable 'buf', which ckc does not support; keep it inactive or pass the data as a parameter (a global that one function overwrites whole before reading it, and that only it and helpers it alone calls use, is scratch and may carry derivatives: the first statement of that function that mentions it assigns all of it, as a counted loop over its whole length, a memcpy or memset, or stores to each element by constant indices)
	double s = 0.0;
	for (int j = 0; j < n; j++)
		s += buf[j + 1] * x[j];
	return s;
}
// CHECK-NOT: error
