// goto is refused, at the goto.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(x)
double f(double x)
{
	if (x > 1.0)
		goto done; // CHECK: goto.c:[[@LINE]]:3: error: goto is not supported in differentiated code; use structured control flow
	x = x * x;
done:
	return x;
}
// CHECK-NOT: error
