// A scalar read and written through a pointer (&s, s in out()): f_fwd
// tapes s before the call where later code changes it, and f_bwd passes
// nrm_b the address of a temporary holding the value the call saw.
// Checked against Richardson differences and f_d (dot-product test).
// RUN: %ckc -I%S/Inputs %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S/Inputs %S/Inputs/nrm.c > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include "nrm.h"

#pragma ck_derivative nrm wrt(x, r) out(r) tangent(nrm_d) adjoint(nrm_b)

#pragma ck_tangent wrt(x, a)
#pragma ck_adjoint wrt(x, a)
double f(const double *x, double a)
{
	double s = a;
	nrm(3, x, &s);
	s = s * s + a;
	nrm(3, x, &s);
	return s;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double a, double a_d, double *ret_d)
// CHECK: nrm_d(3, x, x_d, &s, &s_d);
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, double a, double *a_b, double ret_b){{$}}
// CHECK: [[S:ck_s[0-9]*]] = ck_v{{[0-9]*}};
// CHECK-NEXT: nrm_b(3, x, x_b, &[[S]], &s_b);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double x0[3] = {0.3, -0.8, 0.5}, v[3] = {1.0, 0.5, -0.25};
static double a0 = 0.7, va = -0.6;

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
	ck_equal_bits("primal (adjoint)", f_b(x0, xb, a0, &ab, 1.0), f(x0, a0));
	dot = ab * va;
	for (int i = 0; i < 3; i++)
		dot += xb[i] * v[i];
	ck_close("dot product", dot, d, 1e-12);
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
