// Early returns from inside loops and branches: f_fwd records which return
// ran, and f_bwd reverses only the statements that ran before it.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
// RUN: %ckc --no-activity %s -o %t.noact.c
// RUN: %ckc-run --one %t.noact.c %s %t.noact -Wno-unused-but-set-variable -Wno-unused-variable > %t.noact.out
// RUN: cmp %t.out %t.noact.out

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(double x, int n)
{
	double y = x;
	if (x < 0)
		return -x * x;
	for (int i = 0; i < n; i++) {
		y = y * 1.5 + 0.1 * x;
		if (y > 10.0)
			return y * x;
		y -= 0.01 * x;
	}
	return y;
}
// CHECK-LABEL: static void f_bwd(double x, double *x_b, int n, double ret_b){{$}}
// CHECK: ck_exit = ck_pop_i(ck_t);
// CHECK: if (ck_exit == 3) {

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static int n;
static double at(double t, void *ctx)
{
	return f(*(double *)ctx + t, n);
}

int main(void)
{
	static const double xs[] = {-0.7, 0.4, 2.9};
	for (n = 1; n < 9; n += 3)
		for (int i = 0; i < 3; i++) {
			double x = xs[i], d, xb = 0;
			ck_equal_bits("primal", f_b(x, &xb, n, 1.0), f(x, n));
			f_d(x, 1.0, n, &d);
			ck_close("dot product", xb, d, 1e-12);
			ck_close("differences", xb, ck_richardson(at, &x, CK_FD_H),
				 1e-8);
		}
	return ck_done();
}
#endif
