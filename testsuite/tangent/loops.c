// for, while and do loops carrying active values, with break and continue.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
#include <math.h>

#pragma ck_tangent wrt(x)
double f(double x, int n)
{
	double s = 0.0, p = x;
	int i, j = 0;
	for (i = 0; i < n; i++) {
		if (i == 2)
			continue;
		s += p * i;
		p *= 0.9 + 0.05 * x;
		if (s > 50.0)
			break;
	}
	while (j < n && s > 1e-3) {
		s = s * 0.5 + sin(s) * 0.1;
		j++;
	}
	do {
		s = s + x;
		j--;
	} while (j > 0);
	for (int k = n; k > 0; k -= 2)
		s -= 0.01 * k * x;
	return s;
}
// CHECK-LABEL: double f_d(double x, double x_d, int n, double *ret_d)
// CHECK: double p_d = x_d;
// CHECK: for (i = 0; i < n; i++) {
// CHECK: continue;
// CHECK: break;
// CHECK: while (j < n && s > 1e-3) {
// CHECK: do {
// CHECK: } while (j > 0);
// CHECK: for (int k = n; k > 0; k -= 2) {

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static int n;
static double at(double t, void *ctx)
{
	return f(*(double *)ctx + t, n);
}

int main(void)
{
	for (n = 0; n < 12; n += 3) {
		for (double x = 0.3; x < 2.5; x += 0.9) {
			double d;
			ck_equal_bits("primal", f_d(x, 1.0, n, &d), f(x, n));
			ck_close("tangent", d, ck_richardson(at, &x, CK_FD_H),
				 1e-8);
		}
	}
	return ck_done();
}
#endif
