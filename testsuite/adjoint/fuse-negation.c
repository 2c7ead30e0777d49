// In f_b's fused loop (fuse.c), a term that is odd in a negated adjoint
// (a = -w, then a store of a product or quotient with a as a factor, or
// of the sum of two copies of one) is subtracted with w instead: the same
// number, one negation fewer.  ratio's w is an expression (a quotient's
// adjoint); frosen's is a float; mixed's term is a sum of two different
// products of a, which could cancel to +0 where its negation is -0, so it
// keeps its negation.  f_b_d is the tangent of the loop before the
// folding.  Derivatives are checked against differences, the tangent and
// the Hessian, and are bitwise those of --no-fuse for n = 0 .. N, also
// with -0.0 seeds.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-fuse %s -o %t.nf.c
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -include %t.h %s %t.c -o %t.p %ckrt
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -include %t.nf.h %s %t.nf.c -o %t.nf.p %ckrt
// RUN: %t.p > %t.p.out
// RUN: %t.nf.p > %t.nf.p.out
// RUN: cmp %t.p.out %t.nf.p.out
#include <math.h>

#define N 9

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double ratio(const double *x, int n)
{
	double f = 0;
	for (int i = 0; i < n - 1; i++)
		f += (x[i] - x[i + 1]) / (2 + x[i] * x[i]);
	return f;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double mixed(const double *x, int n)
{
	double f = 0;
	for (int i = 0; i < n - 1; i++)
		f -= exp(-x[i]) * x[i + 1] - 3 * x[i];
	return f;
}

#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
float frosen(const float *x, int n)
{
	float f = 0;
	for (int i = 0; i < n - 1; i++) {
		float t = x[i + 1] - x[i] * x[i];
		f += 10 * t * t;
	}
	return f;
}
// CHECK-LABEL: static double ratio_fb(const double *x, double *restrict x_b, int n, double ret_b){{$}}
// CHECK: for (
// CHECK-NOT: = -(
// CHECK: double [[Q:ck_q[0-9]*]] = 2.0 * ({{ck_a[0-9]*}} * (x[{{i[0-9]*}}] - x[{{i[0-9]*}} + 1]) * {{ck_a[0-9]*}} * x[{{i[0-9]*}}]);
// CHECK: -= [[Q]];
// CHECK-LABEL: static double mixed_fb(const double *x, double *restrict x_b, int n, double ret_b){{$}}
// CHECK: = -f_b;
// CHECK: double [[Q:ck_q[0-9]*]] = -({{.*}}) + 3 * -{{ck_a[0-9]*}};
// CHECK: += [[Q]];
// CHECK-LABEL: static float frosen_fb(const float *x, float *restrict x_b, int n, float ret_b){{$}}
// CHECK-NOT: = -t_b;
// CHECK: float [[Q:ck_q[0-9]*]] = 2.0f * (t_b * x[{{i[0-9]*}}]);
// CHECK: -= [[Q]];
// CHECK-LABEL: static double ratio_fb_d({{.*}}){{$}}
// CHECK: = -(

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

#include <stdio.h>

static int n;

#ifdef PRINT_BITS
int main(void)
{
	double v[N], d[N];
	float fv[N], fd[N];
	for (int i = 0; i < N; i++) {
		v[i] = ck_rand() - 0.5;
		d[i] = ck_rand() - 0.5;
		fv[i] = (float)v[i];
		fd[i] = (float)d[i];
	}
	/* seeds 1, and -0.0 everywhere with zero results' seeds */
	for (int z = 0; z < 2; z++)
		for (n = 0; n <= N; n++) {
			double s0 = z ? -0.0 : 0.0, r = z ? 0.0 : 1.0;
			double g[N], h[N], gb[N], hb[N];
			float fg[N], fgb[N], fhb[N];
			for (int i = 0; i < N; i++) {
				g[i] = h[i] = gb[i] = hb[i] = s0;
				fg[i] = fgb[i] = fhb[i] = (float)s0;
			}
			printf("%a\n", ratio_b(v, g, n, r));
			printf("%a\n", mixed_b(v, h, n, 0.75 * r));
			printf("%a\n", (double)frosen_b(fv, fg, n, (float)r));
			for (int i = 0; i < N; i++)
				printf("  %a %a %a\n", g[i], h[i],
				       (double)fg[i]);
			for (int i = 0; i < N; i++)
				g[i] = h[i] = s0;
			printf("%a\n", ratio_b_d(v, d, g, h, n, r, 0.5 * r));
			printf("%a\n", mixed_b_d(v, d, gb, hb, n, r, 0.5 * r));
			printf("%a\n",
			       (double)frosen_b_d(fv, fd, fgb, fhb, n,
						  (float)r, (float)(0.5 * r)));
			for (int i = 0; i < N; i++)
				printf("  %a %a %a %a %a %a\n", g[i], h[i],
				       gb[i], hb[i], (double)fgb[i],
				       (double)fhb[i]);
		}
	return 0;
}
#else
KC_SCALAR_WRAPPERS_AS(kr, ratio, n)
KC_SCALAR_WRAPPERS_AS(km, mixed, n)

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand() - 0.5;
	for (n = 2; n <= N; n += 3) {
		kc_check_scalar("ratio", kr, kr_d, kr_b, kr_b_d, NULL, v, NULL,
				N, 2);
		kc_check_scalar("mixed", km, km_d, km_b, km_b_d, NULL, v, NULL,
				N, 2);
	}
	return ck_done();
}
#endif
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
