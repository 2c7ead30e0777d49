// save() names a variable that is not in scope.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/checkpoint-save-unknown-variable.c
// RUN: not %ckc %t.adj/checkpoint-save-unknown-variable.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double f(double x, double *w, int n)
{
// CHECK: checkpoint-save-unknown-variable.c:[[@LINE+1]]:28: error: no variable named 'v' here
#pragma ck_checkpoint save(v[0:n])
	for (int i = 0; i < n; i++)
		w[i] = x * i;
	return w[0];
}
