// Tangent of pow and powf in both arguments against Richardson central
// differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
#include <math.h>

#pragma ck_tangent wrt(x, y)
double f(double x, double y)
{
	return 2.0 * pow(0.5 * x + 0.1, y);
}
// CHECK-LABEL: double f_d(double x, double x_d, double y, double y_d, double *ret_d)
// CHECK: double ck_e = pow(0.5 * x + 0.1, y);
// CHECK: x_d
// CHECK: return 2.0 * ck_e;

#pragma ck_tangent wrt(x)
float ff(float x, float y)
{
	return 2.0f * powf(0.5f * x + 0.1f, y);
}
// CHECK-LABEL: float ff_d(float x, float x_d, float y, float *ret_d)

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
	static const double x0s[2][2] = {{0.6, 1.3}, {1.4, 0.5}};
	static const double dirs[3][2] = {{1, 0}, {0, 1}, {0.3, -0.7}};
	for (int i = 0; i < 2; i++) {
		for (int k = 0; k < 3; k++) {
			struct pt p;
			double d;
			p.x = x0s[i][0];
			p.y = x0s[i][1];
			p.vx = dirs[k][0];
			p.vy = dirs[k][1];
			double v = f_d(p.x, p.vx, p.y, p.vy, &d);
			ck_equal_bits("primal", v, f(p.x, p.y));
			ck_close("f_d vs differences", d,
				 ck_richardson(at, &p, CK_FD_H), 1e-8);
		}
		float df;
		double d;
		ff_d((float)x0s[i][0], 1.0f, (float)x0s[i][1], &df);
		f_d(x0s[i][0], 1.0, x0s[i][1], 0.0, &d);
		ck_close("ff_d vs f_d", df, d, 1e-4);
	}
	return ck_done();
}
#endif
