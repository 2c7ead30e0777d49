// GSL's user-data idiom: a callback receives its parameters as void *
// and views them as its struct, `struct rparams *p = (struct rparams *)
// params;`, reading p->a.  The reverse sweep reads the members through
// the same view of the parameter.  Gradients, Hessian-vector products and
// the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

struct rparams {
	double a, b;
	double w[2];
};

static double term(double x, void *params)
{
	struct rparams *p = (struct rparams *)params;
	const double a = p->a;
	return a * x * x + p->b * sin(x) + p->w[1] * x;
}
// CHECK-LABEL: static void term_bwd(
// CHECK: ((struct rparams *)params + p)->a

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, void *params)
{
	return term(x[0], params) * term(x[1], params);
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static struct rparams P = { 1.5, -0.7, { 0.25, 2.0 } };

KC_SCALAR_WRAPPERS(f, &P)

int main(void)
{
	double v[2] = { 0.4, -0.9 };
	kc_check_scalar("struct parameters through void *", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, 2, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
