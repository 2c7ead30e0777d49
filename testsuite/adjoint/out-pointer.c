// A void function with out(y): y_b holds the output seeds on entry, and
// after f_b y holds f's outputs (floating data is never restored).
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

#pragma ck_tangent wrt(x) out(y)
#pragma ck_adjoint wrt(x) out(y)
void f(const double *x, double *y, int n)
{
	for (int i = 0; i < n; i++)
		y[i] = exp(x[i]) * x[(i + 1) % n];
	y[0] = 1.0;
}
// CHECK-LABEL: void f_b(const double *x, double *x_b, double *y, double *y_b, int n)
// CHECK: f_bwd(x, x_b, y, y_b, n);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 5

int main(void)
{
	double x[N], xd[N], y[N], yd[N], yp[N], yb[N], xb[N], ybin[N];
	for (int i = 0; i < N; i++) {
		x[i] = ck_rand();
		xd[i] = ck_rand();
		ybin[i] = yb[i] = ck_rand();
		xb[i] = 0;
	}
	f_d(x, xd, y, yd, N);
	f_b(x, xb, yp, yb, N);
	double lhs = 0, rhs = 0;
	for (int i = 0; i < N; i++) {
		lhs += ybin[i] * yd[i];
		rhs += xb[i] * xd[i];
		ck_equal_bits("outputs after f_b", yp[i], y[i]);
	}
	ck_close("dot product", rhs, lhs, 1e-12);
	for (int i = 0; i < N; i++)
		ck_check("out-only y: input adjoint is 0", yb[i] == 0.0);
	return ck_done();
}
#endif
