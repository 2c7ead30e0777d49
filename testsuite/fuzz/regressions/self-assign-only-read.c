// A local whose only read is a self-assignment (double v = x[0]; v = v;):
// ckc drops the v = v; (clang's -Wself-assign would stop a -Werror build
// at it), which left v unused, and the output failed gcc -Wall -Werror
// with "unused variable 'v'" (DESIGN section 3: the output compiles
// without warnings).  Expected: (void)v; after v's declaration, in f_d,
// f_fwd and f_fwd_d alike, and derivatives that match differences.
// Found by the fuzzer (run.py --seed 6400, kernel 263).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %cc -c %t.c -o %t.o
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
// CHECK-NOT: {{([a-z_]+) = \1;}}
// CHECK-LABEL: double f_d(
// CHECK: double v = x[0];
// CHECK-NEXT: (void)v;
// CHECK-LABEL: static double f_fwd(
// CHECK: (void)v;
// OUT: 0 failed

/* the test's own copy of f keeps its v = v; */
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wself-assign"
#endif

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double s = x[1] * x[1];
	if (x[0] > 0.1) {
		double v = x[0];
		v = v;
		s += x[0];
	}
	return s * x[0];
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double x[2] = { 0.7, 0.3 };
	kc_check_scalar("self-assignment", kf, kf_d, kf_b, kf_b_d, NULL, x, NULL,
			2, 3);
	return ck_done();
}
#endif
