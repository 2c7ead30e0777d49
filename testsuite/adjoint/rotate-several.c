// A reverse loop that scatters into three adjoint arrays rotates all
// three: each rotation wraps the loop in its own loads and stores, one
// inside the other (x_b's outermost).  The sin in every term keeps the
// gather form away.  Gradients are checked against differences and the
// tangent, and are bitwise those of --no-gather.
// RUN: %ckc --no-fuse %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-gather %s -o %t.ng.c
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -include %t.h %s %t.c -o %t.p %ckrt
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -include %t.ng.h %s %t.ng.c -o %t.ng.p %ckrt
// RUN: %t.p > %t.p.out
// RUN: %t.ng.p > %t.ng.p.out
// RUN: cmp %t.p.out %t.ng.p.out
#include <math.h>

#define N 9

#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
double f(const double *v, int n)
{
	const double *x = v, *y = v + N, *z = v + 2 * N;
	double s = 0;
	for (int i = 0; i < n - 1; i++)
		s += sin(x[i]) * x[i + 1] + sin(y[i]) * y[i + 1] +
		     sin(z[i]) * z[i + 1];
	return s;
}

#pragma ck_tangent wrt(x, y, z)
#pragma ck_adjoint wrt(x, y, z)
double g(const double *x, const double *y, const double *z, int n)
{
	double s = 0;
	for (int i = 0; i < n - 1; i++)
		s += sin(x[i]) * x[i + 1] + sin(y[i]) * y[i + 1] +
		     sin(z[i]) * z[i + 1];
	return s;
}
// CHECK-LABEL: static void g_bwd(const double *x, double *restrict x_b, const double *y, double *restrict y_b, const double *z, double *restrict z_b, int n, double ret_b){{$}}
// CHECK: [[RX:ck_r[0-9]*]] = x_b[i];
// CHECK: [[RY:ck_r[0-9]*]] = y_b[i];
// CHECK: [[RZ:ck_r[0-9]*]] = z_b[i];
// CHECK: for (
// CHECK: x_b[i + 1] = [[RX]];
// CHECK: y_b[i + 1] = [[RY]];
// CHECK: z_b[i + 1] = [[RZ]];
// CHECK: z_b[i] = [[RZ]];
// CHECK: y_b[i] = [[RY]];
// CHECK: x_b[i] = [[RX]];

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

#include <stdio.h>

static int n;

#ifdef PRINT_BITS
int main(void)
{
	double v[3 * N];
	for (int i = 0; i < 3 * N; i++)
		v[i] = ck_rand() - 0.5;
	for (n = 0; n <= N; n++) {
		double gx[N] = {0}, gy[N] = {0}, gz[N] = {0};
		printf("%a\n", g_b(v, gx, v + N, gy, v + 2 * N, gz, n, 1.0));
		for (int i = 0; i < N; i++)
			printf("  %a %a %a\n", gx[i], gy[i], gz[i]);
	}
	return 0;
}
#else
static double kf(const double *v, void *ctx)
{
	(void)ctx;
	return g(v, v + N, v + 2 * N, n);
}

static double kf_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return g_d(v, vd, v + N, vd + N, v + 2 * N, vd + 2 * N, n, dot);
}

static double kf_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return g_b(v, vb, v + N, vb + N, v + 2 * N, vb + 2 * N, n, rb);
}

static double kh(const double *v, void *ctx)
{
	(void)ctx;
	return f(v, n);
}

static double kh_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return f_d(v, vd, n, dot);
}

static double kh_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return f_b(v, vb, n, rb);
}

int main(void)
{
	double v[3 * N];
	for (int i = 0; i < 3 * N; i++)
		v[i] = ck_rand() - 0.5;
	for (n = 0; n <= N; n += n < 3 ? 1 : 3) {
		kc_check_scalar("three arrays", kf, kf_d, kf_b, NULL, NULL, v,
				NULL, 3 * N, 2);
		kc_check_scalar("one array", kh, kh_d, kh_b, NULL, NULL, v, NULL,
				3 * N, 2);
	}
	return ck_done();
}
#endif
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
