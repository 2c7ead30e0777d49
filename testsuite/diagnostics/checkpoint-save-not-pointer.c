// save() needs a pointer or array.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/checkpoint-save-not-pointer.c
// RUN: not %ckc %t.adj/checkpoint-save-not-pointer.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x) out(w)
void f(double x, double *w, int n)
{
// CHECK: checkpoint-save-not-pointer.c:[[@LINE+1]]:28: error: 'x' in save(...) is not a pointer or array
#pragma ck_checkpoint save(x[0:n])
	for (int i = 0; i < n; i++)
		w[i] = x * i;
}
