// A loop's copy of the array it reads is only taken when no other name can
// write that array: axpy(a, w, w) writes x through y, so its variant tapes
// each x[i] when read, while axpy(a, &u[0], w) on distinct arrays tapes x
// once after the loop (u changes later, so the reverse sweep cannot read
// it again) and gets restrict adjoints.  Both give the gradient of
// differences, and bitwise that of --no-tbr.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
#define N 6

static void axpy(double a, const double *x, double *y)
{
	for (int i = 0; i < N; i++)
		y[i] = y[i] * x[i] + a * x[i];
}

#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
#pragma ck_hvp wrt(v)
double f(const double *v)
{
	double w[N], u[N], s = 0;
	for (int i = 0; i < N; i++) {
		w[i] = v[i];
		u[i] = v[i] * v[i];
	}
	axpy(v[0], w, w);
	axpy(v[1], &u[0], w);
	for (int i = 0; i < N; i++) {
		u[i] = u[i] * w[i];
		s += w[i] * u[i];
	}
	return s;
}
// CHECK-LABEL: static void axpy_fwd(double a, const double *x, double *y){{$}}
// CHECK: ck_p{{[0-9]*}}[0] = x[i];
// CHECK-NOT: = x[0];
// CHECK-LABEL: static void axpy_bwd(double a, double *a_b, double *x_b, double *y_b){{$}}
// CHECK-LABEL: static void axpy_fwd2(double a, const double *x, double *y){{$}}
// CHECK-NOT: = x[i];
// CHECK: double *[[P:ck_p[0-9]*]] = ck_reserve_d(ck_t, 6);
// CHECK-NEXT: [[P]][0] = x[0];
// CHECK: [[P]][5] = x[5];
// CHECK-LABEL: static void axpy_bwd2(double a, double *a_b, double *restrict x_b, double *restrict y_b){{$}}
// CHECK: double [[X:x[0-9]*]][6];
// CHECK-NEXT: double [[B:ck_buf[0-9]*]][6];
// CHECK-NEXT: const double *[[Q:ck_q[0-9]*]] = ck_release_d(ck_t, 6, [[B]]);
// CHECK-NEXT: [[X]][5] = [[Q]][5];
// CHECK: [[X]][0] = [[Q]][0];
// CHECK: *a_b += ck_a * [[X]][i];

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static double kf(const double *v, void *ctx)
{
	(void)ctx;
	return f(v);
}

static double kf_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return f_d(v, vd, dot);
}

static double kf_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return f_b(v, vb, rb);
}

static double kf_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	(void)n;
	return f_b_d(v, vd, vb, vbd, rb, rbd);
}

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = 0.5 + 0.5 * ck_rand();
	kc_check_scalar("axpy", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
