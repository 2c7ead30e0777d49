// GNU's a ?: b evaluates a once: ckc writes a ? a : b, so a must not call a
// function.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

static double g(double x)
{
	return x - 1.0;
}

#pragma ck_adjoint wrt(x)
double f(double x)
{
	return g(x) ?: x; // CHECK: gnu-cond-call.c:[[@LINE]]:9: error: '?:' with an omitted middle operand that calls a function is not supported; store the value in a variable v and write 'v ? v : ...'
}
