// A case that leaves its switch early with a break (inside an if) and also
// continues the enclosing loop is refused, at its label: the do { } while
// (0) that takes the break would take the continue too.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x)
double f(const double *x, const int *k, int n)
{
	double s = 0.0;
	int i;
	for (i = 0; i < n; i++) {
		switch (k[i]) {
		case 1: // CHECK: switch-break-and-continue.c:[[@LINE]]:3: error: this case both leaves the switch early with break and continues the enclosing loop; use a flag and if/else instead
			if (x[i] > 0.0)
				break;
			if (x[i] < -1.0)
				continue;
			s += x[i];
			break;
		}
		s *= 0.5;
	}
	return s;
}
// CHECK-NOT: error
