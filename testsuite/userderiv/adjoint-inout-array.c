// Adjoint mode with an array the user's function reads and writes (y in
// out(), a local array): f_fwd tapes its contents before the call, and
// f_bwd hands upd_b a copy with the values the call saw, although later
// code overwrites y.  x, a pure input, is read again.  The second call's
// scalar a has no derivative: upd_b gets a null a_b.
// Checked against Richardson differences and f_d (dot-product test).
// RUN: %ckc -I%S/Inputs %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S/Inputs %S/Inputs/upd.c > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// The same numbers without activity analysis:
// RUN: %ckc --no-activity -I%S/Inputs %s -o %t.noact.c
// RUN: %ckc-run --one %t.noact.c %s %t.noact -I%S/Inputs %S/Inputs/upd.c -Wno-unused-but-set-variable -Wno-unused-variable > %t.noact.out
// RUN: cmp %t.out %t.noact.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#include "upd.h"

#pragma ck_derivative upd wrt(a, x, y) out(y) tangent(upd_d) adjoint(upd_b)

#define N 5

#pragma ck_tangent wrt(x, a)
#pragma ck_adjoint wrt(x, a)
double f(const double *x, double a)
{
	double y[N], s = 0.0;
	for (int i = 0; i < N; i++)
		y[i] = x[i] * x[i] + 0.5;
	upd(N, a, x, y);
	for (int i = 0; i < N; i++)
		y[i] = sin(y[i]);
	upd(N, 0.25, x, y);
	for (int i = 0; i < N; i++)
		s += y[i] * x[i];
	return s;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double a, double a_d, double *ret_d)
// CHECK: upd_d(5, a, a_d, x, x_d, y, y_d);
// CHECK: upd_d(5, 0.25, 0.0, x, x_d, y, y_d);
// CHECK-LABEL: static double f_fwd(const double *x, double a){{$}}
// CHECK: ck_push_nd(ck_t, y, 5);
// CHECK-NEXT: upd(5, a, x, y);
// CHECK: ck_push_nd(ck_t, y, 5);
// CHECK-NEXT: upd(5, 0.25, x, y);
// CHECK-LABEL: static void f_bwd(
// CHECK: x_b[i{{[0-9]*}}] += y{{[0-9]+}}[i{{[0-9]*}}] * s_b;
// CHECK: ck_pop_nd(ck_t, [[Y:y[0-9]+]], 5);
// CHECK-NEXT: upd_b(5, 0.25, (double *)0, x, x_b, [[Y]], y_b);
// CHECK: ck_pop_nd(ck_t, [[Y2:y[0-9]+]], 5);
// CHECK: upd_b(5, {{.*}}, &ck_p, x, x_b, [[Y2]], y_b);
// CHECK-NEXT: *a_b += ck_p;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double x0[N], v[N], a0 = 0.45, va = -0.7;

static double at(double t, void *ctx)
{
	double x[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		x[i] = x0[i] + t * v[i];
	return f(x, a0 + t * va);
}

int main(void)
{
	double xb[N] = {0}, ab = 0, d, dot;
	for (int i = 0; i < N; i++) {
		x0[i] = ck_rand();
		v[i] = ck_rand();
	}
	f_d(x0, v, a0, va, &d);
	ck_check("the tangent passes no null shadow", upd_nulls == 0);
	ck_equal_bits("primal", f_b(x0, xb, a0, &ab, 1.0), f(x0, a0));
	ck_check("upd_b gets one null a_b", upd_nulls == 1);
	dot = ab * va;
	for (int i = 0; i < N; i++)
		dot += xb[i] * v[i];
	ck_close("dot product", dot, d, 1e-12);
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
