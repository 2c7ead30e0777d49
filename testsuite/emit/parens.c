// Expressions get the parentheses C's precedence needs and those gcc -Wall
// asks for, and lose redundant ones; ckc-run compiles the result with
// -Werror under gcc and clang.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t

#pragma ck_tangent wrt(x, y)
double f(double x, double y, int n, int m)
{
	double a = (x - (y - x)) - ((x + y));
	double b = (x / (y * x)) * (-y) - -(-x);
	double c = n > 0 ? (m > 0 ? x : y) : -x;
	int k = (n & 1) == 0 || (n > 2 && m < 3);
	int s = (n << 2) + (m >> 1) - ((n & m) | (n ^ m));
	int t = !(n < m) + ((!n) == 0) + ((n + 1) << 1 > 3);
	if (k && s > t)
		a = a * (c + 1.0);
	return a * b + c;
}
// CHECK-LABEL: double f_d(double x, double x_d, double y, double y_d, int n, int m, double *ret_d)
// CHECK: double a = x - (y - x) - (x + y);
// CHECK: double b = x / (y * x) * -y - -(-x);
// CHECK: double c = n > 0 ? (m > 0 ? x : y) : -x;
// CHECK: int k = (n & 1) == 0 || (n > 2 && m < 3);
// CHECK: int s = (n << 2) + (m >> 1) - ((n & m) | (n ^ m));
// CHECK: int t = !(n < m) + ((!n) == 0) + ((n + 1) << 1 > 3);
// CHECK: if (k && s > t) {
// CHECK: a = a * (c + 1.0);
// CHECK: return a * b + c;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

struct pt {
	double x, y;
	int n, m;
};

static double at(double h, void *ctx)
{
	struct pt *p = ctx;
	return f(p->x + h, p->y - 0.5 * h, p->n, p->m);
}

int main(void)
{
	for (int k = 0; k < 6; k++) {
		/* n >= 0: n << 2 of a negative n is undefined (UBSan). */
		struct pt p = {0.7 + 0.3 * k, 1.3 - 0.1 * k, k / 2, 3 - k};
		double d;
		ck_equal_bits("primal", f_d(p.x, 1.0, p.y, -0.5, p.n, p.m, &d),
			      f(p.x, p.y, p.n, p.m));
		ck_close("tangent", d, ck_richardson(at, &p, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
