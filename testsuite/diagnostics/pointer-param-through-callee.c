// The same refusal when a callee does the writing.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/pointer-param-through-callee.c
// RUN: not %ckc %t.adj/pointer-param-through-callee.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

static void fill(double *dst, double v, int n)
{
	for (int i = 0; i < n; i++)
		dst[i] = v * i;
}

#pragma ck_tangent wrt(x)
double f(double x, double *work, int n)
{
	fill(work, x, n); // CHECK: pointer-param-through-callee.c:[[@LINE]]:2: error: a derivative flows into 'work', a pointer parameter of 'f' named in neither wrt() nor out(); add it to out()
	return work[n - 1];
}
