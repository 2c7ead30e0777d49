// A binomial loop's save() section that does not cover what the loop
// writes: save(u[0:n-2]) holds u[0] to u[n-3], and each step writes u[1]
// to u[n-1].  A recomputation would start from data the snapshot did not
// restore, and the derivatives would be wrong, so ckc refuses, at the
// store.  (Sections ckc cannot compare with the stores are trusted.)
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#pragma ck_adjoint wrt(u) out(u)
double f(double *u, int n, int steps)
{
#pragma ck_checkpoint binomial(3) save(u[0:n-2]) // CHECK-DAG: checkpoint-save-too-small.c:[[@LINE]]:40: note: the section of 'u' that save() names
	for (int t = 0; t < steps; t++) {
		for (int i = 1; i < n; i++)
			u[i] = u[i] * 0.9 + 0.1 * u[i - 1] * u[i - 1]; // CHECK-DAG: checkpoint-save-too-small.c:[[@LINE]]:4: error: this store may write 'u' after the section that save() names, so the checkpoint would not restore it; widen the section to cover every element the statement writes
	}
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += u[i] * u[i];
	return s;
}
// CHECK-NOT: error
