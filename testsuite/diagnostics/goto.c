// ckc turns a goto forward to a label of a block around it into structured
// code (adjoint/goto.c); every other goto is refused, at the goto, and so
// is what cannot move ahead of the guards between a goto and its label.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusals in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/goto.c
// RUN: not %ckc %t.adj/goto.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double back(double x)
{
again:
	x = x * x;
	if (x < 1.0)
		goto again; // CHECK: goto.c:[[@LINE]]:3: error: goto back to an earlier label is not supported; write the repetition as a loop
	return x;
}

#pragma ck_tangent wrt(x)
double into(double x)
{
	if (x > 1.0)
		goto inside; // CHECK: goto.c:[[@LINE]]:3: error: goto into a statement that does not contain it is not supported; ckc turns into structured code only a goto forward to a label of a block around it
	if (x < 0.5) {
		x = x * 2;
	inside:
		x = x * x;
	}
	return x;
}

#pragma ck_tangent wrt(x)
double from_switch(double x, int k)
{
	switch (k) {
	case 1:
		if (x > 1.0)
			goto done; // CHECK: goto.c:[[@LINE]]:4: error: goto out of a switch is not supported; set a flag, break, and test the flag after the switch
		x = x * x;
		break;
	default:
		x = -x;
	}
done:
	return x;
}

#pragma ck_tangent wrt(x)
double past_array(double x)
{
	if (x > 1.0)
		goto done;
	double a[2] = {x, 2 * x}; // CHECK: goto.c:[[@LINE]]:9: error: an array initialized with computed values between a goto and its label is not supported; assign its elements instead
	x = a[0] * a[1];
done:
	return x;
}
#pragma ck_tangent wrt(x)
double past_shadow(double x, int c)
{
	double t = x * 2;
	{
		if (c)
			goto done;
		x = x + t;
		double t = x * x; // CHECK: goto.c:[[@LINE]]:10: error: 't' is declared between a goto and its label and hides another variable of that name; rename one of them
		x = x * t;
	done:;
	}
	return x * t;
}
// CHECK-NOT: error
