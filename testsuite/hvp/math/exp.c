// Second-order adjoint of exp: f(x, y) = 0.5 * exp(x * y), so with u = x y,
// H = g''(u) (y, x)(y, x)^T + g'(u) [[0, 1], [1, 0]] for g(u) = 0.5 * exp(u).
// f_b_d against that hand-derived H (1e-12) and against Richardson
// differences of the hand-derived gradient (CK_HVP_RTOL = 1e-7, relative to
// the largest entry of H v); ret_bd = 0 and the ret_bd * grad term
// (x_d = 0) separately, accumulation, symmetry.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#pragma ck_hvp wrt(x, y)
double f(double x, double y)
{
	return 0.5 * exp(x * y);
}
// CHECK-LABEL: double f_b_d(double x, double x_d, double *x_b, double *x_bd, double y, double y_d, double *y_b, double *y_bd, double ret_b, double ret_bd)

#ifdef CK_TEST_MAIN
/* g'(u) and g''(u), by hand */
static void derivs(double u, double *d1, double *d2)
{
	double g1, g2;
	g1 = 0.5 * exp(u);
	g2 = 0.5 * exp(u);
	*d1 = g1;
	*d2 = g2;
}

#define HVPMATH_NAME "exp"
#define HVPMATH_POINTS {{0.7, -1.3}, {0.9, 0.8}}
#include "hvpmath.h"
#endif
