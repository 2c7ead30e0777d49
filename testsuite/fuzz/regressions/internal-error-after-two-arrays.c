// After reporting that a pointer may point into two arrays (reverse mode),
// ckc goes on and stops on an internal error (ir.c: "type_is_pointerish(
// base->type)", exit status 3).  diagnostics/adjoint-pointer-two-arrays.c
// does not notice: `not %ckc` accepts any non-zero status.  Expected: exit
// status 1 after the error, no internal error.
// Found by the mutation run (testsuite/hostile/mutate.py --seed 4): a
// mutant that only changed a comment of that test.  (The pointer is
// accepted now, and the refusal asks for x in out(): the function writes
// through p.)
// RUN: bash -c '%ckc %s -o %t.c 2> %t.err; test $? -eq 1'
// RUN: FileCheck %s < %t.err
// CHECK: error: 'x' is in wrt() and 'f' changes the data it points to
// CHECK-NOT: internal error

#pragma ck_adjoint wrt(x, y)
double f(double *x, double *y, int n, int which)
{
	double *p = which ? x : y;
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += p[i] * p[i];
	p[0] *= 2.0; /* written through: still refused (a pointer only read
		      * through is accepted now, adjoint/pointer-select.c) */
	return s;
}
