// binomial(K) needs a loop whose trip count is fixed when it starts: a
// body that changes the loop's control, or a loop left by break, is
// refused.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x)
double f(double x, int n)
{
	double s = x;
	int m = n;
#pragma ck_checkpoint binomial(4)
	for (int i = 0; i < m; i++) {
		s = s * 0.5 + x;
		if (s > 3.0)
			m--; // CHECK: binomial-not-counted.c:[[@LINE]]:4: error: the body of this binomial(K) loop changes 'm', which controls the loop; the trip count must be fixed when the loop starts
	}
	return s;
}

#pragma ck_adjoint wrt(x)
double g(double x, int n)
{
	double s = x;
	// CHECK: binomial-not-counted.c:[[@LINE+1]]:9: error: a binomial(K) loop must not be left by break, goto or return; its trip count must be fixed when it starts
#pragma ck_checkpoint binomial(4)
	for (int i = 0; i < n; i++) {
		s = s * 0.5 + x;
		if (s > 3.0)
			break;
	}
	return s;
}
