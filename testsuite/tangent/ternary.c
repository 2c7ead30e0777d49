// ?: with active arms, nested, and with an active condition.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t

#pragma ck_tangent wrt(x, y)
double f(double x, double y)
{
	double m = x > y ? x : y;
	double s = x > 0 ? (y > 0 ? x * y : y) : 2.0;
	return m * s;
}
// CHECK-LABEL: double f_d(double x, double x_d, double y, double y_d, double *ret_d)
// CHECK: double m_d = x > y ? x_d : y_d;
// CHECK: double s_d = x > 0 ? (y > 0 ? x_d * y + x * y_d : y_d) : 0.0;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

struct pt {
	double x, y, vx, vy;
};

static double at(double t, void *ctx)
{
	struct pt *p = ctx;
	return f(p->x + t * p->vx, p->y + t * p->vy);
}

int main(void)
{
	static const double pts[][2] = {{0.5, 0.9}, {1.4, 0.3}, {-0.7, 0.2},
					{0.6, -0.8}};
	for (int i = 0; i < 4; i++) {
		struct pt p = {pts[i][0], pts[i][1], 0.6, -0.4};
		double d;
		ck_equal_bits("primal", f_d(p.x, p.vx, p.y, p.vy, &d),
			      f(p.x, p.y));
		ck_close("tangent", d, ck_richardson(at, &p, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
