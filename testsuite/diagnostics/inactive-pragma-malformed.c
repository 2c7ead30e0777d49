// ck_inactive names are separated by commas; a name must follow each.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

double noise(void);
double clock_now(void);
// CHECK: inactive-pragma-malformed.c:[[@LINE+1]]:27: error: expected ',' between the names of '#pragma ck_inactive'
#pragma ck_inactive noise clock_now
// CHECK: inactive-pragma-malformed.c:[[@LINE+1]]:21: error: expected a function name in '#pragma ck_inactive'
#pragma ck_inactive (noise)

#pragma ck_adjoint wrt(x)
double f(double x)
{
	return x;
}
