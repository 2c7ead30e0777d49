// A region that reads data behind a pointer the function changes needs a
// save() clause saying how much to save.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(u) out(u)
void smooth(double *u, int n)
{
	for (int k = 0; k < 4; k++) {
		// CHECK: checkpoint-needs-save.c:[[@LINE+1]]:9: error: this ck_checkpoint region uses data behind 'u' that the function changes; say how much of it to save: save(u[lo:len])
#pragma ck_checkpoint
		for (int i = 1; i < n - 1; i++)
			u[i] = 0.25 * (u[i - 1] + 2.0 * u[i] + u[i + 1]);
	}
}
