// The generated file stands alone next to the model: it declares the
// model's globals and non-static functions it uses, copies the static ones
// (static const data and static callees, with what they call), and needs
// no runtime header for tangents.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
#include <math.h>

double scale = 2.0;
static const double coef[3] = {0.5, -1.25, 3.0};

int wrap(int i, int n)
{
	return i % n;
}

static int clampi(int i, int n)
{
	return i < 0 ? 0 : wrap(i, n);
}

static double poly(double t, int i)
{
	return coef[clampi(i, 3)] * t * t + coef[0];
}

#pragma ck_tangent wrt(x)
double f(double x, int i)
{
	return scale * poly(x, i) + clampi(i, 2);
}
// CHECK: #include <math.h>
// CHECK-NOT: ckrt.h
// CHECK: extern double scale;
// CHECK: static const double coef[3] = {0.5, -1.25, 3.0};
// CHECK: int wrap(int i, int n);
// CHECK: static int clampi(int i, int n);
// CHECK: static int clampi(int i, int n)
// CHECK-NEXT: {
// CHECK-NEXT: return i < 0 ? 0 : wrap(i, n);
// CHECK-NEXT: }
// CHECK: double f_d(double x, double x_d, int i, double *ret_d)
// CHECK-NOT: int wrap(int i, int n)
// CHECK-NOT: double poly(

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static int idx;
static double at(double h, void *ctx)
{
	return f(*(double *)ctx + h, idx);
}

int main(void)
{
	for (idx = -1; idx < 4; idx++) {
		double x = 0.3 * idx + 0.2, d;
		ck_equal_bits("primal", f_d(x, 1.0, idx, &d), f(x, idx));
		ck_close("tangent", d, ck_richardson(at, &x, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
