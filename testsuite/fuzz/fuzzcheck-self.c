// fuzzcheck.h, the fuzzer's numeric checks, on hand-written "kernels" whose
// derivatives are right or deliberately wrong: a check that cannot fail
// checks nothing.
// RUN: %cc %s -o %t -lm
// RUN: not %t | FileCheck %s
// CHECK: right: pass
// CHECK-NEXT: wrong-tangent: FAIL: tangent of y: got
// CHECK-NEXT: wrong-primal: FAIL: primal y of the tangent differs
// CHECK-NEXT: staircase: skip: the differences do not converge
// CHECK-NEXT: kink-one-output: pass
// CHECK-NEXT: not-finite: skip: an output is not finite
// CHECK-NEXT: right-adjoint: pass
// CHECK-NEXT: wrong-adjoint: FAIL: dot-product test
// CHECK-NEXT: adjoint-primal: FAIL: primal result of the adjoint differs
// CHECK-NEXT: right-hvp: pass
// CHECK-NEXT: wrong-hvp: FAIL: Hessian-vector product, input 0: got
// CHECK-NEXT: asymmetric-hvp: FAIL: Hessian not symmetric
#include <math.h>

#include "fuzzcheck.h"

/* y = sin(u0) * u1 + u2^2 */
static double f(const double *u)
{
	return sin(u[0]) * u[1] + u[2] * u[2];
}

static void eval(const double *u, double *y)
{
	y[0] = f(u);
}

static void tangent(const double *u, const double *ud, double *y, double *yd)
{
	y[0] = f(u);
	yd[0] = cos(u[0]) * ud[0] * u[1] + sin(u[0]) * ud[1] +
		2 * u[2] * ud[2];
}

static void tangent_wrong(const double *u, const double *ud, double *y,
			  double *yd)
{
	tangent(u, ud, y, yd);
	yd[0] += 1e-5 * ud[2];
}

static void tangent_primal(const double *u, const double *ud, double *y,
			   double *yd)
{
	tangent(u, ud, y, yd);
	y[0] = nextafter(nextafter(y[0], 1e300), 1e300);
	y[0] = nextafter(nextafter(y[0], 1e300), 1e300);
	y[0] = nextafter(y[0], 1e300);
}

static void adjoint(const double *u, const double *yb, double *y, double *ub)
{
	y[0] = f(u);
	ub[0] = cos(u[0]) * u[1] * yb[0];
	ub[1] = sin(u[0]) * yb[0];
	ub[2] = 2 * u[2] * yb[0];
}

static void adjoint_wrong(const double *u, const double *yb, double *y,
			  double *ub)
{
	adjoint(u, yb, y, ub);
	ub[1] = -ub[1];
}

static void adjoint_primal(const double *u, const double *yb, double *y,
			   double *ub)
{
	adjoint(u, yb, y, ub);
	y[0] = -y[0];
}

/* A staircase with steps of 1e-9: no derivative the differences see. */
static void stair_eval(const double *u, double *y)
{
	y[0] = floor(u[0] * 1e9);
}

static void stair_tangent(const double *u, const double *ud, double *y,
			  double *yd)
{
	stair_eval(u, y);
	yd[0] = 0.0 * ud[0];
}

/* Output 0 is a staircase, output 1 smooth: the smooth one is checked. */
static void kink_eval(const double *u, double *y)
{
	y[0] = floor(u[0] * 1e9);
	y[1] = u[0] * u[0];
}

static void kink_tangent(const double *u, const double *ud, double *y,
			 double *yd)
{
	kink_eval(u, y);
	yd[0] = 0.0;
	yd[1] = 2 * u[0] * ud[0];
}

static void nan_eval(const double *u, double *y)
{
	y[0] = log(-1.0 - u[0] * u[0]);
}

static void nan_tangent(const double *u, const double *ud, double *y,
			double *yd)
{
	nan_eval(u, y);
	yd[0] = ud[0];
}

/* f_b_d: ub = yb grad f, ubd = yb H ud + ybd grad f */
static void hvp(const double *u, const double *ud, const double *yb,
		const double *ybd, double *y, double *ub, double *ubd)
{
	adjoint(u, yb, y, ub);
	ubd[0] = yb[0] * (-sin(u[0]) * u[1] * ud[0] + cos(u[0]) * ud[1]) +
		 ybd[0] * cos(u[0]) * u[1];
	ubd[1] = yb[0] * cos(u[0]) * ud[0] + ybd[0] * sin(u[0]);
	ubd[2] = yb[0] * 2 * ud[2] + ybd[0] * 2 * u[2];
}

/* d2f/du0du1 off by a little: symmetric still, but not what the
 * differences of f_b say. */
static void hvp_wrong(const double *u, const double *ud, const double *yb,
		      const double *ybd, double *y, double *ub, double *ubd)
{
	hvp(u, ud, yb, ybd, y, ub, ubd);
	ubd[0] += yb[0] * 1e-4 * ud[1];
	ubd[1] += yb[0] * 1e-4 * ud[0];
}

/* Not symmetric: d2f/du0du1 in one place only. */
static void hvp_asym(const double *u, const double *ud, const double *yb,
		     const double *ybd, double *y, double *ub, double *ubd)
{
	hvp(u, ud, yb, ybd, y, ub, ubd);
	ubd[1] -= yb[0] * cos(u[0]) * ud[0];
}

static const char *const names[] = { "y", "z" };

static const fz_kernel kernels[] = {
	{ "right", 1, 3, 1, 1, names, eval, tangent, NULL, NULL },
	{ "wrong-tangent", 2, 3, 1, 1, names, eval, tangent_wrong, NULL,
	  NULL },
	{ "wrong-primal", 3, 3, 1, 1, names, eval, tangent_primal, NULL,
	  NULL },
	{ "staircase", 4, 1, 1, 1, names, stair_eval, stair_tangent, NULL,
	  NULL },
	{ "kink-one-output", 5, 1, 2, 0, names, kink_eval, kink_tangent, NULL,
	  NULL },
	{ "not-finite", 6, 1, 1, 1, names, nan_eval, nan_tangent, NULL, NULL },
	{ "right-adjoint", 7, 3, 1, 1, names, eval, tangent, adjoint, NULL },
	{ "wrong-adjoint", 8, 3, 1, 1, names, eval, tangent, adjoint_wrong,
	  NULL },
	{ "adjoint-primal", 9, 3, 1, 1, names, eval, tangent, adjoint_primal,
	  NULL },
	{ "right-hvp", 10, 3, 1, 1, names, eval, tangent, adjoint, hvp },
	{ "wrong-hvp", 11, 3, 1, 1, names, eval, tangent, adjoint, hvp_wrong },
	{ "asymmetric-hvp", 12, 3, 1, 1, names, eval, tangent, adjoint,
	  hvp_asym },
};

int main(int argc, char **argv)
{
	return fz_main(kernels, sizeof kernels / sizeof kernels[0], argc,
		       argv);
}
