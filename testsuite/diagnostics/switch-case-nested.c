// A case label inside a nested statement of its switch (as in Duff's
// device) is refused, at the label.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/switch-case-nested.c
// RUN: not %ckc %t.adj/switch-case-nested.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double f(double x, int k)
{
	switch (k) {
	case 0:
		if (x > 0) {
	case 1: // CHECK: switch-case-nested.c:[[@LINE]]:2: error: a case label inside a nested statement of its switch is not supported; put every label directly in the switch's braces
			x *= 2.0;
		}
		break;
	}
	return x;
}
// CHECK-NOT: error
