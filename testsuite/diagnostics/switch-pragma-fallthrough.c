// A ck_checkpoint pragma on a statement that two case labels reach (one by
// falling through) is refused, at the pragma: each label's branch gets its
// own copy of the statement.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <math.h>

#pragma ck_adjoint wrt(x)
double f(const double *x, int k)
{
	double s = 0.0;
	switch (k) {
	case 1:
		s = x[0];
	case 2:
#pragma ck_checkpoint // CHECK: switch-pragma-fallthrough.c:[[@LINE]]:9: error: this pragma's statement is reached from more than one case label (falling through); end the case before it with break
		s += sin(x[1]) * x[2];
		break;
	}
	return s;
}
// CHECK-NOT: error
