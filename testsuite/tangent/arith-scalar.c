// + - * / and unary minus on scalars, with integer and float constants.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t

#pragma ck_tangent wrt(x, y)
double f(double x, double y, int n)
{
	double a = x * y - 3 * x / y + n;
	double b = -a / (x + 2.5) - (y - x) * (y + x);
	return a * b + +x - -y / n;
}
// CHECK-LABEL: double f_d(double x, double x_d, double y, double y_d, int n, double *ret_d)
// CHECK: double a_d = x_d * y + x * y_d
// CHECK: double a = x * y - 3 * x / y + n;
// CHECK: *ret_d =
// CHECK: return a * b + +x - -y / n;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

struct pt {
	double x, y, vx, vy;
};

static double at(double t, void *ctx)
{
	struct pt *p = ctx;
	return f(p->x + t * p->vx, p->y + t * p->vy, 3);
}

int main(void)
{
	for (int k = 0; k < 4; k++) {
		struct pt p = {0.3 + k, 1.7 - 0.2 * k, ck_rand(), ck_rand()};
		double d;
		double v = f_d(p.x, p.vx, p.y, p.vy, 3, &d);
		ck_equal_bits("primal", v, f(p.x, p.y, 3));
		ck_close("tangent", d, ck_richardson(at, &p, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
