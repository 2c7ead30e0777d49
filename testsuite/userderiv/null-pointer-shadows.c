// A pointer argument named in wrt(...) that carries no derivative at a call
// (w, a constant local array) gets a null shadow, in the tangent and in the
// adjoint; the user's functions must accept it (upd_d and upd_b count the
// nulls they get).
// RUN: %ckc -I%S/Inputs %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S/Inputs %S/Inputs/upd.c > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include "upd.h"

#pragma ck_derivative upd wrt(a, x, y) out(y) tangent(upd_d) adjoint(upd_b)

#pragma ck_tangent wrt(x, a)
#pragma ck_adjoint wrt(x, a)
double f(const double *x, double a)
{
	double w[3] = {0.5, -1.0, 2.0}, y[3];
	for (int i = 0; i < 3; i++)
		y[i] = x[i];
	upd(3, a, w, y);
	return y[0] * y[1] + y[2];
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double a, double a_d, double *ret_d)
// CHECK: upd_d(3, a, a_d, w, (double *)0, y, y_d);
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, double a, double *a_b, double ret_b){{$}}
// CHECK: upd_b(3, a, &ck_p, [[W:w[0-9]*]], (double *)0, [[Y:y[0-9]+]], y_b);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double x0[3] = {0.3, -0.2, 0.7}, v[3] = {1.0, 0.5, -0.25};
static double a0 = 0.8, va = 0.6;

static double at(double t, void *ctx)
{
	double x[3];
	(void)ctx;
	for (int i = 0; i < 3; i++)
		x[i] = x0[i] + t * v[i];
	return f(x, a0 + t * va);
}

int main(void)
{
	double xb[3] = {0}, ab = 0.0, d, dot;
	ck_equal_bits("primal (tangent)", f_d(x0, v, a0, va, &d), f(x0, a0));
	ck_check("upd_d got a null x_d", upd_nulls == 1);
	ck_equal_bits("primal (adjoint)", f_b(x0, xb, a0, &ab, 1.0), f(x0, a0));
	ck_check("upd_b got a null x_b", upd_nulls == 2);
	dot = ab * va;
	for (int i = 0; i < 3; i++)
		dot += xb[i] * v[i];
	ck_close("dot product", dot, d, 1e-12);
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
