// Globals the program changes, which the reverse sweep cannot read again:
// an integer global used as an index of an active array (x_b[pos] would
// take its last value), and a global that a checkpoint region (or a
// binomial step) changes, directly or in a function it calls, which the
// recomputation would start from its later value and change again.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

int pos;
double tnow;

static void tick(void)
{
	tnow += 1.0;
}

#pragma ck_adjoint wrt(x)
double f(const double *x)
{
	double s = 0.0;
	pos = 0;
	for (int k = 0; k < 3; k++) {
		pos++;
		s += x[pos] * 2.0; // CHECK: global-changed-reverse.c:[[@LINE]]:10: error: the reverse sweep reads the global 'pos' again here, but the program changes it, so the value it had is gone; copy it into a local variable and use that
		// CHECK-NEXT: global-changed-reverse.c:21:2: note: 'pos' changes here
	}
	return s;
}

#pragma ck_adjoint wrt(x)
double g(const double *x)
{
	double u = x[0];
	for (int k = 0; k < 2; k++) {
#pragma ck_checkpoint // CHECK: global-changed-reverse.c:[[@LINE]]:9: error: this ck_checkpoint region changes the global 'tnow' (itself or in a function it calls), but the reverse sweep runs it again, from the global's later value; change the global outside it, or keep the value in a local
		{
			tick();
			u = u * u * tnow;
		}
	}
	return u;
}
// CHECK-NOT: error:
