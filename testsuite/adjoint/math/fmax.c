// Adjoint of fmax and fmaxf in both arguments: against the tangent
// (dot-product test) and Richardson central differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
// RUN: %ckc --no-activity %s -o %t.noact.c
// RUN: %ckc-run --one %t.noact.c %s %t.noact -Wno-unused-but-set-variable -Wno-unused-variable > %t.noact.out
// RUN: cmp %t.out %t.noact.out
#include <math.h>

#pragma ck_tangent wrt(x, y)
#pragma ck_adjoint wrt(x, y)
double f(double x, double y)
{
	return 2.0 * fmax(0.5 * x + 0.1, y);
}
// CHECK-LABEL: double f_b(double x, double *x_b, double y, double *y_b, double ret_b)

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
float ff(float x, float y)
{
	return 2.0f * fmaxf(0.5f * x + 0.1f, y);
}
// CHECK-LABEL: float ff_b(float x, float *x_b, float y, float ret_b)

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
	for (int i = 0; i < 2; i++) {
		struct pt p = {x0s[i][0], x0s[i][1], ck_rand(), ck_rand()};
		double xb = 0, yb = 0, d;
		double v = f_b(p.x, &xb, p.y, &yb, 0.75);
		f_d(p.x, p.vx, p.y, p.vy, &d);
		ck_equal_bits("primal", v, f(p.x, p.y));
		ck_close("dot product: f_b vs f_d", xb * p.vx + yb * p.vy,
			 0.75 * d, 1e-12);
		ck_close("f_b vs differences", d, ck_richardson(at, &p, CK_FD_H),
			 1e-8);
		float xbf = 0, df;
		ff_b((float)p.x, &xbf, (float)p.y, 1.0f);
		ff_d((float)p.x, 1.0f, (float)p.y, &df);
		ck_close("ff_b vs ff_d", xbf, df, 1e-5);
	}
	return ck_done();
}
#endif
