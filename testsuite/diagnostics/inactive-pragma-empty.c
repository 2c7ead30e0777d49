// ck_inactive without names.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

double noise(void);
// CHECK: inactive-pragma-empty.c:[[@LINE+1]]:9: error: '#pragma ck_inactive' needs the names of functions: #pragma ck_inactive f, g
#pragma ck_inactive

#pragma ck_adjoint wrt(x)
double f(double x)
{
	return x;
}
