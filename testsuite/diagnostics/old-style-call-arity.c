// A function defined without a prototype gets one in ckc's output, so a
// call must pass what the definition takes.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

static double one()
{
	return 1.0;
}

#pragma ck_adjoint wrt(x)
double f(double x)
{
	return x * one(x); // CHECK: old-style-call-arity.c:[[@LINE]]:13: error: 'one' is defined without a prototype and takes 0 arguments, not 1; correct the call
}
