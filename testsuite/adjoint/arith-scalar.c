// + - * / and unary minus on scalars: adjoint against the tangent
// (dot-product test) and central differences.
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
double f(double x, double y, int n)
{
	double a = x * y - 3 * x / y + n;
	double b = -a / (x + 2.5) - (y - x) * (y + x);
	return a * b + +x - -y / n;
}
// CHECK-LABEL: double f_b(double x, double *x_b, double y, double *y_b, int n, double ret_b)
// CHECK: f_fwd(x, y, n);
// CHECK: f_bwd(x, x_b, y, y_b, n, ret_b);
// CHECK-LABEL: static double f_fwd(double x, double y, int n){{$}}
// CHECK-NOT: ck_push
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
		double d, xb = 0, yb = 0;
		double v = f_b(p.x, &xb, p.y, &yb, 3, 1.0);
		f_d(p.x, p.vx, p.y, p.vy, 3, &d);
		ck_equal_bits("primal", v, f(p.x, p.y, 3));
		ck_close("dot product", xb * p.vx + yb * p.vy, d, 1e-12);
		ck_close("differences", d, ck_richardson(at, &p, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
