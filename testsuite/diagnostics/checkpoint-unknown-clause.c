// An unknown clause of ck_checkpoint.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/checkpoint-unknown-clause.c
// RUN: not %ckc %t.adj/checkpoint-unknown-clause.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x) out(w)
void f(double x, double *w, int n)
{
// CHECK: checkpoint-unknown-clause.c:[[@LINE+1]]:23: error: unexpected 'every' in ck_checkpoint pragma
#pragma ck_checkpoint every(2)
	for (int i = 0; i < n; i++)
		w[i] = x * i;
}
