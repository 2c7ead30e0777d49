// ck_inactive belongs at file scope, not in a function body.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

double noise(void);

#pragma ck_adjoint wrt(x)
double f(double x)
{
// CHECK: inactive-inside-function.c:[[@LINE+1]]:9: error: '#pragma ck_inactive' must be at file scope
#pragma ck_inactive noise
	return x * 2.0;
}
