// A ck_ pragma ckc does not know.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

// CHECK: pragma-unknown.c:[[@LINE+1]]:9: error: unknown ckc pragma 'ck_gradient'
#pragma ck_gradient wrt(x)
double f(double x)
{
	return x * x;
}
