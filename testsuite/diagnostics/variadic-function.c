// A variadic user function that converted code calls is refused.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/variadic-function.c
// RUN: not %ckc %t.adj/variadic-function.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#include <stdarg.h>

static double sum(int n, ...) // CHECK: variadic-function.c:[[@LINE]]:15: error: variadic function 'sum' is not supported
{
	va_list ap;
	double s = 0.0;
	va_start(ap, n);
	while (n-- > 0)
		s += va_arg(ap, double);
	va_end(ap);
	return s;
}

#pragma ck_tangent wrt(x)
double f(double x)
{
	return sum(2, x, x * x);
}
