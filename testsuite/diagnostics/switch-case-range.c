// GNU C's case range is refused, at the label.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x)
double f(double x, int k)
{
	switch (k) {
	case 1 ... 3: // CHECK: switch-case-range.c:[[@LINE]]:2: error: a case range ('case a ... b') is not supported; list the values
		x *= 2.0;
		break;
	}
	return x;
}
// CHECK-NOT: error
