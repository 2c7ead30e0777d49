// Reads under an if do not make a loop's copy: the loop below reads y[i]
// only for i < n, and y holds n < 8 elements, so f_fwd must not read
// y[0..8) after the loop; each read is taped as it happens.  y is a
// malloc'd buffer of exactly n elements, run under the sanitizers.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out

#include <stdlib.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double *y = malloc(sizeof(double) * (size_t)n);
	double s = 0;
	if (!y)
		return 0;
	for (int i = 0; i < n; i++)
		y[i] = x[i];
	for (int i = 0; i < 8; i++)
		if (i < n)
			s += y[i] * y[i] * y[i];
	for (int i = 0; i < n; i++)
		y[i] = 0.5 * y[i];
	s += y[0];
	free(y);
	return s;
}
// CHECK-LABEL: static double f_fwd(const double *x, int n){{$}}
// CHECK: ck_push_d(ck_t, y[i{{[0-9]*}}]);
// CHECK-NOT: ck_push_nd

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

int main(void)
{
	for (int n = 1; n <= 3; n++) {
		double x[3] = {0.3, 0.5, 0.7}, xb[3] = {0}, d;
		for (int k = 0; k < n; k++) {
			double xd[3] = {0};
			double want = 3 * x[k] * x[k] + (k == 0 ? 0.5 : 0);
			xd[k] = 1;
			f_d(x, xd, n, &d);
			ck_close("tangent", d, want, 1e-14);
		}
		ck_equal_bits("primal", f_b(x, xb, n, 1.0), f(x, n));
		for (int k = 0; k < n; k++)
			ck_close("adjoint", xb[k],
				 3 * x[k] * x[k] + (k == 0 ? 0.5 : 0), 1e-14);
	}
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
