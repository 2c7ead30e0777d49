// A call of the file's functions that stores into a local through its
// address, moved into a temporary (s += wp(3.0, &o) becomes double ck_wp
// = wp(3.0, &o)), in a loop whose earlier statement reads the local: the
// reverse sweep recomputed o from its declaration (0.5), as if nothing
// changed it, and the gradient was wrong (0.5 9 9 read 0.5 0.5 0.5).  A
// declaration whose call is given a pointer now forgets what the reverse
// sweep meant to recompute, as an assignment's does.  Derivatives against
// differences, tangent against adjoint, Hessian-vector products against
// differences of gradients.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

static double wp(double v, double *o)
{
	*o = v * v;
	return sin(v);
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double s = 0.0, o = 0.5, t = x[0];
	for (int i = 0; i < 3; i++) {
		s += o * x[i];
		s += wp(3.0, &o);
		/* an active argument too */
		t = 0.5 * t + wp(t, &o) * x[i];
	}
	return s + t * o;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[3] = {1.0, 2.0, 3.0};
	kc_check_scalar("call storing through &o", kf, kf_d, kf_b, kf_b_d,
			NULL, v, NULL, 3, 3);
	return ck_done();
}
#endif
