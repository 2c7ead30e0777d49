// A loop over a linked list of indices whose body skips with continue, as
// molecular dynamics walks a cell list: for (int i = head[c]; i >= 0; i =
// next[i]) { if (...) continue; ... }.  The increment overwrites i, so
// f_fwd tapes it; with a continue in the body that was refused ("its
// increment must be taped and the loop is left by break, continue or
// return").  A continue runs the increment, as every iteration does when
// nothing leaves the loop, so the reverse sweep restores i first, then
// reads the iteration's exit code.  A break or return out of such a loop
// stays refused (diagnostics/adjoint-inc-taped-with-exits.c).  A second
// loop's increment tapes a branch (t += t < 0.5 ? h : 0.25), so it is a
// statement of its own that ends the body, behind a do { } while (0) that
// the continue leaves.  Gradient,
// Hessian-vector product and tangent against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 8
#define NC 3

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, const int *hd, const int *nx)
{
	double e = 0.0;
	for (int c = 0; c < NC; c++)
		for (int i = hd[c]; i >= 0; i = nx[i]) {
			if (x[i] > 0.8)
				continue;
			for (int j = nx[i]; j >= 0; j = nx[j]) {
				double r = x[i] - x[j];
				if (fabs(r) < 0.05)
					continue;
				e += exp(-r * r);
			}
			e += x[i] * x[i];
		}
	for (double t = 0.0; t < 1.0; t += t < 0.5 ? 0.25 * x[1] : 0.25) {
		if (t > 0.1 && t < 0.3)
			continue;
		e += sin(t * x[0]) * e;
	}
	return e;
}
// CHECK-LABEL: static double f_fwd(
// CHECK: do {
// CHECK: continue;
// CHECK: } while (0);

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

/* cells: 0 -> 3 -> 5 -> 1, 1 -> 0 -> 6, 2 -> 7 -> 4 -> 2 */
static const int hd0[NC] = { 3, 0, 7 };
static const int nx0[N] = { 6, -1, -1, 5, 2, 1, -1, 4 };

KC_SCALAR_WRAPPERS_AS(kg, f, hd0, nx0)

int main(void)
{
	volatile double one = 1.0;
	double v[N] = { 0.3, 0.9, -0.7, 0.1, 0.55, -0.2, 0.85, 0.4 };
	for (int i = 0; i < N; i++)
		v[i] *= one;
	kc_check_scalar("cell list with continue", kg, kg_d, kg_b, kg_b_d,
			NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
