// switch is refused.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/switch.c
// RUN: not %ckc %t.adj/switch.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double f(double x, int k)
{
	switch (k) { // CHECK: switch.c:[[@LINE]]:2: error: switch is not supported; use if/else
	case 0:
		return x;
	default:
		return 2.0 * x;
	}
}
