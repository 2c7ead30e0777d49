// A ck_inactive function that the file defines must have external
// linkage: ckc's output calls the user's function, not a copy (a copy
// would draw from a state of its own).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

static unsigned state = 1;

// CHECK: inactive-static.c:[[@LINE+4]]:21: error: 'draw' is static: ckc's output calls ck_inactive functions themselves, so 'draw' needs external linkage (remove 'static')
// CHECK-NEXT: inactive-static.c:[[@LINE+1]]:15: note: 'draw' is defined here
static double draw(void) { state = state * 1103515245u + 12345u; return (state >> 16) / 65536.0; }

#pragma ck_inactive draw

#pragma ck_adjoint wrt(x)
double f(double x)
{
	return x * draw();
}
