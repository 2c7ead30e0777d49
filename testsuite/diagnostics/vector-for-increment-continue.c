// Vector mode puts a for loop's increment that changes a value with a
// derivative at the end of the body (tangent/vector-for-clauses.c); a
// continue in the body would skip it there, so that loop is refused.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(x) vector
double f(const double *x, int n)
{
	double s = 0.0, t = x[0];
	for (int k = 0; k < n; k++, t *= 0.5) { // CHECK: vector-for-increment-continue.c:[[@LINE]]:2: error: vector mode cannot step this loop: its increment changes a value with a derivative, and a continue skips the body's end; step that value in the body
		if (k == 2)
			continue;
		s += x[k] * t;
	}
	return s;
}
// CHECK-NOT: error
