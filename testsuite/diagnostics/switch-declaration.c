// A declaration directly in a switch's braces is refused, at the
// declaration: its scope would span the branches ckc makes of the cases.
// Its uses say nothing more.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x)
double f(double x, int k)
{
	switch (k) {
		double t; // CHECK: switch-declaration.c:[[@LINE]]:3: error: a declaration directly inside a switch's braces is not supported; declare it before the switch, or inside braces after its case label
	case 1:
		t = x * x;
		x = t;
		break;
	}
	return x;
}
// CHECK-NOT: error
