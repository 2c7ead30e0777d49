// A save() section without its bounds.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/checkpoint-save-malformed.c
// RUN: not %ckc %t.adj/checkpoint-save-malformed.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x) out(w)
void f(double x, double *w, int n)
{
// CHECK: checkpoint-save-malformed.c:[[@LINE+1]]:29: error: expected '[' after 'w' in save(...)
#pragma ck_checkpoint save(w)
	for (int i = 0; i < n; i++)
		w[i] = x * i;
}
