// goto is refused, at the goto.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/goto.c
// RUN: not %ckc %t.adj/goto.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

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
