// An array both in wrt() and out(), updated in place: y_b carries the
// output seed in and the adjoint of the input values out.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
// RUN: %ckc --no-activity %s -o %t.noact.c
// RUN: %ckc-run --one %t.noact.c %s %t.noact -Wno-unused-but-set-variable -Wno-unused-variable > %t.noact.out
// RUN: cmp %t.out %t.noact.out

#pragma ck_tangent wrt(u, dt) out(u)
#pragma ck_adjoint wrt(u, dt) out(u)
void step(double *u, double dt, int n)
{
	double prev = u[0];
	for (int i = 1; i < n - 1; i++) {
		double cur = u[i];
		u[i] = cur + dt * (prev - 2.0 * cur + u[i + 1]);
		prev = cur;
	}
}
// CHECK-LABEL: void step_b(double *u, double *u_b, double dt, double *dt_b, int n)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 6

int main(void)
{
	double u[N], ud[N], ub[N], ubin[N], u2[N], dtb = 0, dtd = 0.5;
	for (int i = 0; i < N; i++) {
		u[i] = u2[i] = ck_rand();
		ud[i] = ck_rand();
		ubin[i] = ub[i] = ck_rand();
	}
	double ud0[N];
	for (int i = 0; i < N; i++)
		ud0[i] = ud[i];
	step_d(u, ud, 0.2, dtd, N);
	step_b(u2, ub, 0.2, &dtb, N);
	double lhs = 0, rhs = dtb * dtd;
	for (int i = 0; i < N; i++) {
		lhs += ubin[i] * ud[i];
		rhs += ub[i] * ud0[i];
		ck_equal_bits("outputs after step_b", u2[i], u[i]);
	}
	ck_close("dot product", rhs, lhs, 1e-12);
	return ck_done();
}
#endif
