// A for-inc that assigns another integer the body reads (i++, j = i): the
// reverse sweep needs j's old values back, so f_fwd pushes j in the inc
// itself (i++, ck_push_i(t, j), j = i).  The IR verifier refused that
// clause (an assignment and a call in one inc) with an internal error.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
// CHECK: for (; i < n; i++, ck_push_i(ck_t, j), j = i) {
// OUT-NOT: FAIL
// OUT: 4 checks, 0 failed

#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(double x, int n)
{
	double s = 0.0;
	int i, j = 0;
	for (i = 0; i < n; i++, j = i)
		s += x * x * j;
	return s;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

int main(void)
{
	/* j = 0, 1, 2, 3, 4 in the body: f = 10 x^2 */
	double x = 0.7, b = 0, bb = 0, bbd = 0;
	ck_equal_bits("f_b returns f", f_b(x, &b, 5, 1.0), f(x, 5));
	ck_close("f_b", b, 20 * x, 1e-15);
	f_b_d(x, 1.0, &bb, &bbd, 5, 1.0, 0.0);
	ck_close("f_b_d's x_b", bb, 20 * x, 1e-15);
	ck_close("f_b_d's x_bd", bbd, 20.0, 1e-15);
	return ck_done();
}
#endif
