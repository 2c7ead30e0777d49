// A save() section without its bounds.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(x) out(w)
void f(double x, double *w, int n)
{
// CHECK: checkpoint-save-malformed.c:[[@LINE+1]]:29: error: expected '[' after 'w' in save(...)
#pragma ck_checkpoint save(w)
	for (int i = 0; i < n; i++)
		w[i] = x * i;
}
