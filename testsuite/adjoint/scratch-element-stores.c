// A work array that a function fills element by element before reading
// it, v[0] = ...; v[1] = ...; ..., as generated code fills its workspace
// (ACADO's rhs_aux, a static global; a static local; a global without
// static), each store reading only elements stored before it, is scratch:
// a local of the function in the generated code, so derivatives may flow
// through it.  The indices are constant expressions (NAUX - 1 too).
// Tangent against differences and the dot-product test.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define NAUX 3
static double rhs_aux[NAUX];
double acado_aux[2];

#pragma ck_tangent wrt(in) out(out)
#pragma ck_adjoint wrt(in) out(out)
#pragma ck_hvp wrt(in) out(out)
void rhs(const double *in, double *out)
{
	static double t[2];
	rhs_aux[0] = cos(in[1]);
	rhs_aux[1] = sin(in[1]);
	rhs_aux[NAUX - 1] = rhs_aux[0] * rhs_aux[0] * in[2];
	t[1] = in[0] * rhs_aux[2];
	acado_aux[1] = exp(in[2] * 0.5);
	t[0] = t[1] + rhs_aux[1];
	acado_aux[0] = t[0] * acado_aux[1];
	out[0] = rhs_aux[1] * rhs_aux[2] + in[0] * t[0];
	out[1] = acado_aux[0] - t[1] * rhs_aux[0];
}
// CHECK-LABEL: void rhs_d(
// CHECK: double acado_aux[2];
// CHECK: double rhs_aux[3];

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static void ky(const double *v, double *y, void *ctx)
{
	(void)ctx;
	rhs(v, y);
}

static void ky_d(const double *v, const double *vd, double *y, double *yd,
		 void *ctx)
{
	(void)ctx;
	rhs_d(v, vd, y, yd);
}

static void ky_b(const double *v, double *vb, double *y, double *yb,
		 void *ctx)
{
	(void)ctx;
	rhs_b(v, vb, y, yb);
}

int main(void)
{
	double v[3] = { 0.4, -0.9, 0.7 };
	kc_check_vector("workspace filled element by element", ky, ky_d, ky_b,
			NULL, v, NULL, 3, 2, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
