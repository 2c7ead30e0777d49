// Object-like macros in clause arguments are expanded; a function-like
// one is refused where it is used.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

#define ACTIVE(v) v

// CHECK: pragma-macro-function-like.c:[[@LINE+1]]:24: error: function-like macro 'ACTIVE' is not expanded in ckc pragmas; use an object-like macro or write the value
#pragma ck_adjoint wrt(ACTIVE(x))
double f(double x)
{
	return x * x;
}
