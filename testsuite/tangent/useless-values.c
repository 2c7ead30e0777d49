// Varied values that reach no output (used only in conditions, or dead)
// get no tangent; --no-useful turns the analysis off, and the clean-up
// then removes the shadows nothing reads: same code, same results.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-useful %s -o %t.all.c
// RUN: FileCheck %s --check-prefix=ALL --input-file %t.all.c
// RUN: %ckc-run --one %t.all.c %s %t.all > %t.all.out
// RUN: cmp %t.out %t.all.out
#include <math.h>

#pragma ck_tangent wrt(x)
double f(double x, int n)
{
	double s = x;
	double err = 1.0;
	int steps = 0;
	while (err > 1e-10 && steps < n) {
		double next = 0.5 * (s + 2.0 / s);
		err = fabs(next - s);
		s = next;
		steps++;
	}
	return s * x;
}
// CHECK-LABEL: double f_d(double x, double x_d, int n, double *ret_d)
// CHECK-NOT: err_d
// CHECK: double next_d =
// CHECK-NOT: err_d
// CHECK: return s * x;
// ALL-LABEL: double f_d(double x, double x_d, int n, double *ret_d)
// ALL-NOT: err_d

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double t, void *ctx)
{
	return f(*(double *)ctx + t, 50);
}

int main(void)
{
	for (double x = 0.5; x < 3; x += 0.8) {
		double d;
		ck_equal_bits("primal", f_d(x, 1.0, 50, &d), f(x, 50));
		ck_close("tangent", d, ck_richardson(at, &x, CK_FD_H), 1e-8);
		printf("%a\n", d);
	}
	return ck_done();
}
#endif
