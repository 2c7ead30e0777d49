// A value that f_fwd tapes and f_bwd drops (ck_pop_d(ck_t); as a
// statement): copysign(sin(x[0]), x[1]) tapes sin(x[0]), which the
// adjoint does not read.  f_fwd_d tapes its tangent after it, so f_bwd_d
// must drop that too: it dropped the value only, the tape went out of
// step (six entries reserved, five released), and f_b_d and f_b_dv gave
// a gradient of 0 and a wrong H d.  Also copysign(x[1] + 2, sin(x[0]))
// and copysign(exp(x[1]), cos(x[0])).  Hessian-vector products against
// differences of gradients and for symmetry, f_b_dv bitwise f_b_d per
// direction.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
#pragma ck_hvp wrt(x) vector
double f(const double *x)
{
	return copysign(sin(x[0]), x[1]) * x[2] +
	       copysign(x[1] + 2.0, sin(x[0])) * x[0] +
	       copysign(exp(x[1]), cos(x[0] + x[2]));
}
// CHECK-LABEL: static double f_fwd_d(const double *x, const double *x_d){{$}}
// CHECK: ck_reserve_d(ck_t, [[N:[0-9]+]]);
// CHECK-LABEL: static void f_bwd_d(
// CHECK: ck_release_d(ck_t, [[N]], ck_buf);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	f_b(x, g, 1.0);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return f_b_d(x, xd, xb, xbd, rb, rbd);
}

int main(void)
{
	volatile double b = 0.3; /* (no constant folding of sin) */
	double x[3] = { b, 2.0 * b + 0.1, -b }, v[3] = { 1.0, -0.5, 0.25 };
	double u[3] = { -0.3, 0.7, 0.4 }, xdv[6], xb[3] = { 0 },
	       xbdv[6] = { 0 }, rbdv[2] = { 0.0, 0.5 };
	for (int i = 0; i < 3; i++)
		for (int k = 0; k < 2; k++)
			xdv[i * 2 + k] = 0.1 * (i + 1) * (k + 1) - b;
	ck_check_hvp("f_b_d", hvp, grad, NULL, x, v, u, NULL, 3, 0.5, 3.0);
	ck_equal_bits("primal of f_b_dv", f_b_dv(x, xdv, xb, xbdv, 2, 1.0, rbdv),
		      f(x));
	for (int k = 0; k < 2; k++) {
		double xd[3], b1[3] = { 0 }, bd[3] = { 0 };
		for (int i = 0; i < 3; i++)
			xd[i] = xdv[i * 2 + k];
		f_b_d(x, xd, b1, bd, 1.0, rbdv[k]);
		for (int i = 0; i < 3; i++) {
			ck_equal_bits("f_b_dv's direction is f_b_d",
				      xbdv[i * 2 + k], bd[i]);
			if (k == 0)
				ck_equal_bits("f_b_dv's gradient", xb[i], b1[i]);
		}
	}
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
