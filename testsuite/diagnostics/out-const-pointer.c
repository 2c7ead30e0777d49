// out() needs writable floating-point data.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/out-const-pointer.c
// RUN: not %ckc %t.adj/out-const-pointer.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

// CHECK: out-const-pointer.c:[[@LINE+1]]:31: error: out parameter 'y' must be a pointer to non-const floating-point data
#pragma ck_tangent wrt(x) out(y)
void f(double x, const double *y)
{
	(void)x;
	(void)y;
}
