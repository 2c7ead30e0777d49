// A local array that a loop of unknown trip count reads, in an inner
// counted loop, without writing it is taped once after the outer loop
// (one block of pushes), not once per outer iteration: every element of a local
// array is valid memory, so the copy is right also when the outer loop
// runs no iteration (n = 0) and its reads never ran.  Derivatives are
// checked against differences, the tangent and the Hessian for n = 0, 1,
// 3, 6, and are bitwise those of --no-tbr.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
#include <math.h>

#define N 10

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double G[4];
	double err = 0;
	for (int i = 0; i < 4; i++)
		G[i] = sin(x[i]);
	for (int v = 0; v < n; v++) {
		double p = x[4 + v];
		for (int i = 0; i < 2; i++) {
			double q = G[i] * p + G[2 + i] * p * p;
			err += q * q;
		}
	}
	return err;
}
// CHECK-LABEL: static double f_fwd(const double *x, int n){{$}}
// CHECK: for (; v < n; v++) {
// CHECK-NOT: = G[0];
// CHECK: double *[[P:ck_p[0-9]*]] = ck_reserve_d(ck_t, 4);
// CHECK-NEXT: [[P]][0] = G[0];
// CHECK: [[P]][3] = G[3];
// CHECK-NEXT: return err;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static int n;

static double kf(const double *v, void *ctx)
{
	(void)ctx;
	return f(v, n);
}

static double kf_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return f_d(v, vd, n, dot);
}

static double kf_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return f_b(v, vb, n, rb);
}

static double kf_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int m, void *ctx)
{
	(void)ctx;
	(void)m;
	return f_b_d(v, vd, vb, vbd, n, rb, rbd);
}

int main(void)
{
	double x[N];
	for (int i = 0; i < N; i++)
		x[i] = ck_rand() - 0.5;
	for (n = 0; n <= 6; n += n < 1 ? 1 : 2 + (n == 1))
		kc_check_scalar("outer copy", kf, kf_d, kf_b, kf_b_d, NULL, x,
				NULL, N, 2);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
