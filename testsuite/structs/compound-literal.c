// Compound literals, (vec2){a, b} and (const double[]){x, y, z}: each is an
// object ckc declares and initializes before its statement (`vec2 ck_lit;
// ck_lit.x = a; ...`), which the expression then names, in every mode:
// a helper's result, arguments, a declaration's initializer, nested
// literals, and literals in a branch and in a loop's body.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
#include <math.h>

typedef struct {
	double x, y;
} vec2;

static vec2 add(vec2 a, vec2 b)
{
	return (vec2){a.x + b.x, a.y + b.y};
}

static vec2 rot(vec2 a, double t)
{
	return (vec2){cos(t) * a.x - sin(t) * a.y, sin(t) * a.x + cos(t) * a.y};
}

static double dot(vec2 a, vec2 b)
{
	return a.x * b.x + a.y * b.y;
}

static double poly(const double *c, int n, double t)
{
	double s = 0;
	int i;
	for (i = n - 1; i >= 0; i--)
		s = s * t + c[i];
	return s;
}

#define N 4

#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
#pragma ck_hvp wrt(v)
double f(const double *v)
{
	vec2 acc = (vec2){v[0], 0.5 * v[1]};
	double s;
	int i;
	for (i = 0; i < N; i++) {
		acc = add(rot(acc, v[i]), (vec2){v[i] * v[i], sin(v[i])});
		if (acc.x > 1)
			acc = add(acc, (vec2){-0.5 * acc.y, 0});
	}
	s = dot(add((vec2){v[2], v[3]}, (vec2){acc.y, acc.x}), acc);
	return s + poly((const double[]){1, v[0], v[1] * v[2]}, 3, v[3]);
}
// CHECK-LABEL: double f_d(
// CHECK: double [[L:ck_lit[0-9]*]][3];
// CHECK-NEXT: [[L]]_d[0] = 0.0;
// CHECK-NEXT: [[L]][0] = 1;
// CHECK-LABEL: static void add_sret_d(vec2 a, vec2 a_d, vec2 b, vec2 b_d, vec2 *ck_ret, vec2 *ck_ret_d){{$}}
// CHECK: vec2 ck_lit;
// CHECK-NEXT: ck_lit_d.x = a_d.x + b_d.x;
// CHECK-NEXT: ck_lit.x = a.x + b.x;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN_AS(k_f, f)

int main(void)
{
	static const double a[N] = {0.3, -0.4, 0.9, 1.1};
	static const double b[N] = {1.2, 0.8, 0.5, 0.4};
	kc_check_scalar("f", k_f, k_f_d, k_f_b, k_f_b_d, NULL, a, NULL, N, 3);
	kc_check_scalar("f", k_f, k_f_d, k_f_b, k_f_b_d, NULL, b, NULL, N, 3);
	return ck_done();
}
#endif
