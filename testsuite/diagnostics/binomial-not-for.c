// binomial(K) belongs before a for loop.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/binomial-not-for.c
// RUN: not %ckc %t.adj/binomial-not-for.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double f(double x, int n)
{
	int i = 0;
// CHECK: binomial-not-for.c:[[@LINE+1]]:9: error: binomial(K) must be followed by a for loop
#pragma ck_checkpoint binomial(4)
	while (i < n) {
		x = x * 0.5;
		i++;
	}
	return x;
}
