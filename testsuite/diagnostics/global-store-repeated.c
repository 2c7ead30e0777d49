// A global that receives derivatives in several statements is refused
// once, at the first, with a note counting the others; the message says
// what makes a work buffer scratch (filled whole by the first statement
// that mentions it: here a loop from 1 and then element 0 is not), and so
// does the message for a static one.
// RUN: rm -f %t.c
// RUN: bash -c '%ckc %s -o %t.c 2> %t.err; test $? -eq 1'
// RUN: FileCheck %s < %t.err
// RUN: test ! -e %t.c
#define N 4
static double tmp[N];

#pragma ck_adjoint wrt(x)
double f(const double *x)
{
	for (int i = 1; i < N; i++)
		tmp[i] = x[i] * x[i - 1];
	// CHECK: global-store-repeated.c:[[@LINE-1]]:3: error: static variable 'tmp' is not const and may change, so the generated code cannot share it; declare it const or remove 'static' (a work buffer may stay static when one function, and helpers it alone calls, use it, and that function's first statement that mentions it assigns all of it)
	// CHECK: global-store-repeated.c:[[@LINE-2]]:3: error: a derivative would flow into global variable 'tmp', which ckc does not support; keep it inactive or pass the data as a parameter (a global that one function overwrites whole before reading it, and that only it and helpers it alone calls use, is scratch and may carry derivatives: the first statement of that function that mentions it assigns all of it, as a counted loop over its whole length, a memcpy or memset, or stores to each element by constant indices)
	// CHECK-NEXT: global-store-repeated.c:[[@LINE-3]]:3: note: 2 more stores into 'tmp' like this in 'f' not shown
	tmp[0] = x[0];
	tmp[1] *= x[0];
	double s = 0;
	for (int i = 0; i < N; i++)
		s += tmp[i];
	return s;
}
// CHECK-NOT: error:
