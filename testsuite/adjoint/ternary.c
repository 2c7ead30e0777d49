// ?: with active arms, nested, and with an active condition: the branch
// of each ?: is recorded with the values its arm needs.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
// RUN: %ckc --no-activity %s -o %t.noact.c
// RUN: %ckc-run --one %t.noact.c %s %t.noact -Wno-unused-but-set-variable -Wno-unused-variable > %t.noact.out
// RUN: cmp %t.out %t.noact.out

#pragma ck_tangent wrt(x, y)
#pragma ck_adjoint wrt(x, y)
double f(double x, double y)
{
	double m = x > y ? x : y;
	double s = x > 0 ? (y > 0 ? x * y : y) : 2.0;
	return m * s;
}
// CHECK-LABEL: static double f_fwd(double x, double y){{$}}
// CHECK: if (x > y) {
// CHECK: ck_push_b(ck_t, 1);
// CHECK-LABEL: static void f_bwd(

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
		double d, xb = 0, yb = 0;
		ck_equal_bits("primal", f_b(p.x, &xb, p.y, &yb, 1.0), f(p.x, p.y));
		f_d(p.x, p.vx, p.y, p.vy, &d);
		ck_close("dot product", xb * p.vx + yb * p.vy, d, 1e-12);
		ck_close("differences", d, ck_richardson(at, &p, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
