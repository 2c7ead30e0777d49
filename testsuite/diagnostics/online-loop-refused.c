// What online(K) refuses in the loop, each at its location: a condition
// that calls a user function (the condition runs in the first sweep only,
// so a function that changes the state would be missed by the
// recomputations), and a body that moves a pointer.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

static int small(double v)
{
	return v < 1e-3;
}

#pragma ck_adjoint wrt(x)
double f6(double x)
{
	double s = 0.0;
#pragma ck_checkpoint online(4)
	// CHECK: online-loop-refused.c:[[@LINE+1]]:10: error: the condition of an online(K) loop must not call 'small': it runs once per step in the first sweep only; set a flag at the end of the body instead (int done = 0; while (!done) { ...; done = small(...); })
	while (!small(x)) {
		s += x * x;
		x = x * 0.5;
	}
	return s;
}

#pragma ck_adjoint wrt(x)
double f7(const double *x, int n)
{
	double s = 0.0;
	const double *p = x;
#pragma ck_checkpoint online(4)
	while (p < x + n) {
		s += *p * *p;
		// CHECK: online-loop-refused.c:[[@LINE+1]]:3: error: the body of this online(K) loop moves the pointer 'p'; index from a fixed pointer instead
		p++;
	}
	return s;
}

