// if / else if / else on data: f_bwd reverses the branch taken only.  f's
// conditions read parameters that nothing assigns, so f_bwd evaluates
// them again and nothing is taped; g's condition reads a variable its
// branch changes, so g_fwd records the branch taken.
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
double f(double x, int mode)
{
	double y;
	if (x > 1.0) {
		y = x * x;
	} else if (x < -1.0)
		y = -x * 3.0;
	else {
		y = x * x * x;
		if (mode)
			y = y + x;
	}
	return y;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double g(double x)
{
	double y = x * x;
	if (y > 1.0)
		y = 0.5 * y;
	else
		y = y * x;
	return y;
}
// CHECK-LABEL: static double f_fwd(double x, int mode){{$}}
// CHECK-NOT: ck_push_b
// CHECK-LABEL: static void f_bwd(double x, double *x_b, int mode, double ret_b){{$}}
// CHECK: if (x > 1.0) {
// CHECK: } else if (x < -1.0) {
// CHECK: if (mode) {
// CHECK-LABEL: static double g_fwd(double x){{$}}
// CHECK: ck_push_b(ck_t, 1);
// CHECK-LABEL: static void g_bwd(
// CHECK: if (ck_pop_b(ck_t)) {

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static int mode;
static double at(double t, void *ctx)
{
	return f(*(double *)ctx + t, mode);
}

static double at_g(double t, void *ctx)
{
	return g(*(double *)ctx + t);
}

int main(void)
{
	static const double xs[] = {1.7, -2.2, 0.4, -0.6};
	for (mode = 0; mode < 2; mode++)
		for (int i = 0; i < 4; i++) {
			double x = xs[i], d, xb = 0;
			ck_equal_bits("primal", f_b(x, &xb, mode, 1.0), f(x, mode));
			f_d(x, 1.0, mode, &d);
			ck_close("dot product", xb, d, 1e-12);
			ck_close("differences", xb, ck_richardson(at, &x, CK_FD_H),
				 1e-8);
		}
	for (int i = 0; i < 4; i++) {
		double x = xs[i], d, xb = 0;
		ck_equal_bits("g: primal", g_b(x, &xb, 1.0), g(x));
		g_d(x, 1.0, &d);
		ck_close("g: dot product", xb, d, 1e-12);
		ck_close("g: differences", xb, ck_richardson(at_g, &x, CK_FD_H),
			 1e-8);
	}
	return ck_done();
}
#endif
