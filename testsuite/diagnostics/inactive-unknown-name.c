// ck_inactive names a function that the file does not declare.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

double noise(void);
// CHECK: inactive-unknown-name.c:[[@LINE+1]]:28: error: 'nosie' in '#pragma ck_inactive' is not a function declared in this file
#pragma ck_inactive noise, nosie

#pragma ck_adjoint wrt(x)
double f(double x)
{
	return x * noise();
}
