// A global that a ck_inactive function changes (bump) or that f itself
// changes holds a different value at each use: f_bwd cannot read it again
// at its end, so f_fwd tapes it where the adjoint needs it.  Gradient
// against the tangent and against differences (the globals reset before
// each evaluation).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT

double G, H;
void bump(void);
#pragma ck_inactive bump

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double s = 0.5;
	for (int i = 0; i < n; i++) {
		bump();
		s += x[i] * G * s;
		H = H * 0.5 + 1.0;
		s = s * H;
	}
	return s;
}
// CHECK-LABEL: static double f_fwd(const double *x, int n){{$}}
// CHECK: bump();
// CHECK: ck_p{{[0-9]*}}[1] = G;
// CHECK: ck_p{{[0-9]*}}[2] = H;
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

#define N 5

void bump(void)
{
	G = G * 0.7 + 0.4;
}

static void reset(void)
{
	G = 0.25;
	H = -0.5;
}

static double x0[N] = {0.3, -0.7, 1.1, 0.4, 0.2}, v[N] = {0.5, 0.25, -1.0, 2.0, 1.0};

static double at(double t, void *ctx)
{
	double x[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		x[i] = x0[i] + t * v[i];
	reset();
	return f(x, N);
}

int main(void)
{
	double xb[N] = {0}, d, y0, y1, y2;
	reset();
	y0 = f(x0, N);
	reset();
	y1 = f_b(x0, xb, N, 1.0);
	reset();
	y2 = f_d(x0, v, N, &d);
	ck_equal_bits("primal f_b", y1, y0);
	ck_equal_bits("primal f_d", y2, y0);
	ck_close("dot product", ck_dot(xb, v, N), d, 1e-12);
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
