// An increment in a statement that also calls a function of the file,
// out[no++] = act(s): the step moves after the statement, which the call
// cannot tell, since f never takes no's address (a variable whose address
// f takes could be read by the callee, and stays refused).  Gradients,
// Hessian-vector products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 6

typedef double (*act_fn)(double);

static double soft(double t)
{
	return log1p(exp(t));
}

static double sq(double t)
{
	return t * t;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double out[N];
	int no = 0;
	act_fn act = soft;
	for (int i = 0; i + 1 < N; i += 2) {
		double s = x[i] * x[i + 1];
		out[no++] = act(s);
		out[no++] = sq(s) * x[i];
	}
	double r = 0.0;
	for (int i = 0; i < no; i++)
		r += out[i] * out[(i + 1) % no];
	return r;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: out[no] = soft_d(s, s_d, &out_d[no]);
// CHECK-NEXT: no++;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {0.3, -0.7, 1.1, 0.8, -0.2, 0.5};
	kc_check_scalar("increments beside calls", kf, kf_d, kf_b, kf_b_d,
			NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
