// A pointer in wrt() but not in out() whose data the function changes is
// refused in reverse mode: its adjoint would have to accumulate the
// gradient of the result while seeding nothing for the final values,
// which ckc cannot do without the data's extent.  Naming it in out() too
// gives the in/out meaning of DESIGN §2 (h_b seeds h's final values and
// returns the adjoint of its input values).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c
// RUN: sed 's/ck_adjoint/ck_hvp/' %s > %t.hvp.c
// RUN: not %ckc %t.hvp.c -o %t.hvp.out.c 2>&1 | FileCheck %s --check-prefix=HVP --implicit-check-not=error:
// The tangent has no such problem:
// RUN: sed 's/ck_adjoint/ck_tangent/' %s > %t.tan.c
// RUN: %ckc %t.tan.c -o %t.tan.out.c

#pragma ck_adjoint wrt(a, h)
// CHECK: adjoint-wrt-written-pointer.c:[[@LINE-1]]:27: error: 'h' is in wrt() and 'f' changes the data it points to; name it in out() too (h_b then seeds its final values on entry and holds the adjoint of its input values on return)
// HVP: adjoint-wrt-written-pointer.c.tmp.hvp.c:[[@LINE-2]]:23: error: 'h' is in wrt() and 'f' changes the data it points to; name it in out() too
double f(double a, double *h)
{
	h[0] = a * h[0];
	return h[0] * h[0];
}
