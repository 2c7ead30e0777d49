// A statement of comma-separated expressions, t = x[0], s += t;, is each
// of them in turn, once.  An assignment on the left of the comma was
// taken for one inside an expression, moved ahead of the statement, and
// then converted again with the rest: every derivative mode ran it twice
// (f_d returned 7 where f is 5).  Also s += x[1], t = x[1];, t = x, s =
// s * t;, parenthesized operands, three operands (a rotation), and
// statements in if and for bodies with a step, k++.  Tangent, gradient,
// Hessian-vector products and the dot-product test against differences
// (f_d, f_b and f_b_d return f bit for bit).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 4

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double s = 1.0, t = 0.0, a = x[0], b = x[1], c = x[2];
	int k = 0;
	t = x[0], s += t;
	s += x[1], t = x[1];
	t = x[2], s = s * t;
	(t = sin(x[3])), (s += t * t);
	a = b, b = c, c = a;
	if (s > 0.0)
		t = s * x[0], s += t;
	for (int i = 0; i < N; i++)
		t = x[i] * x[(i + 1) % N], s += t * a, k++;
	return s + t + a * b * c + k;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: t = x[0];
// CHECK-NEXT: s_d += t_d;
// CHECK-NEXT: s += t;
// CHECK-NEXT: s_d += x_d[1];

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	volatile double one = 1.0;
	double v[N] = { 0.3 * one, -0.7 * one, 1.1 * one, 0.8 * one };
	kc_check_scalar("comma statements", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
