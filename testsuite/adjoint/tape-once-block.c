// Values that several statements of a block need are taped once, before
// the last of them (the reverse sweep pops them first, into a variable the
// earlier statements' adjoints read too): X[0], X[1], X[2] for the three
// rows of a rotation whose output cannot
// alias X, because the caller passes separate local arrays.  Where the
// output may alias the input (rot(x, v, v)), each row tapes the elements
// of X it reads again, since the row before may have changed them.  A
// store forgets what it changes: v[0] is taped again after v[0] *= 2,
// v[1] is not.  The return shares u with the statement before it.  The
// partials of c = cos(t) and s = sin(t) are taped values, sin(t) and
// cos(t), and the rows that read c and s share those entries: the copies
// s = sin(t) and c = cos(t) are followed, so each value is taped once.
// sin(t) is computed once, for the partial and for s.
// Derivatives are checked against differences and are bitwise those of
// --no-tbr.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
#include <math.h>

static void rot(const double *r, const double *X, double *out)
{
	double t = sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + 1e-3);
	double c = cos(t);
	double s = sin(t);
	out[0] = X[0] * c + (r[1] * X[2] - r[2] * X[1]) * s;
	out[1] = X[1] * c + (r[2] * X[0] - r[0] * X[2]) * s;
	out[2] = X[2] * c + (r[0] * X[1] - r[1] * X[0]) * s;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double a[3], b[3], v[3];
	for (int i = 0; i < 3; i++)
		a[i] = x[3 + i] * x[3 + i];
	rot(x, a, b);
	for (int i = 0; i < 3; i++)
		v[i] = b[i] + x[i];
	rot(x, v, v);
	double u = v[0] * v[1];
	v[0] *= 2;
	double w = v[0] * v[1] + u * v[2];
	return w * u;
}

// The pushes of a run of statements go to the tape as one reservation
// (ck_p[k] = v is the k-th push).
// CHECK-LABEL: static double f_fwd(const double *x){{$}}
// CHECK: rot_fwd2(x, v, v);
// CHECK-NEXT: double *[[P:ck_p[0-9]*]] = ck_reserve_d(ck_t, 6);
// CHECK-NEXT: [[P]][0] = v[0];
// CHECK-NEXT: u = v[0] * v[1];
// CHECK-NEXT: v[0] *= 2;
// CHECK-NEXT: [[P]][1] = v[1];
// CHECK-NEXT: [[P]][2] = v[0];
// CHECK-NEXT: [[P]][3] = v[2];
// CHECK-NEXT: w = v[0] * v[1] + u * v[2];
// CHECK-NEXT: [[P]][4] = u;
// CHECK-NEXT: [[P]][5] = w;
// CHECK-NEXT: return w * u;
// CHECK-LABEL: static void rot_fwd(const double *r, const double *X, double *out){{$}}
// CHECK: [[P2:ck_p[0-9]*]][0] = [[T:ck_e[0-9]*]];
// CHECK-NEXT: t = [[T]];
// CHECK-NEXT: [[S:ck_e[0-9]*]] = sin(t);
// CHECK-NEXT: c = cos(t);
// CHECK-NEXT: s = [[S]];
// CHECK-NEXT: out[0] =
// CHECK-NEXT: out[1] =
// CHECK-NEXT: [[P2]][1] = c;
// CHECK-NEXT: [[P2]][2] = X[2];
// CHECK-NEXT: [[P2]][3] = s;
// CHECK-NEXT: [[P2]][4] = X[1];
// CHECK-NEXT: [[P2]][5] = X[0];
// CHECK-NEXT: out[2] =
// CHECK-LABEL: static void rot_fwd2(const double *r, const double *X, double *out){{$}}
// CHECK: s = {{ck_e[0-9]*}};
// CHECK-NEXT: [[P3:ck_p[0-9]*]][1] = X[0];
// CHECK-NEXT: [[P3]][2] = X[2];
// CHECK-NEXT: [[P3]][3] = X[1];
// CHECK-NEXT: out[0] =
// CHECK-NEXT: [[P3]][4] = X[1];
// CHECK-NEXT: [[P3]][5] = X[0];
// CHECK-NEXT: [[P3]][6] = X[2];
// CHECK-NEXT: out[1] =
// CHECK-NEXT: [[P3]][7] = c;
// CHECK-NEXT: [[P3]][8] = X[2];
// CHECK-NEXT: [[P3]][9] = s;
// CHECK-NEXT: [[P3]][10] = X[1];
// CHECK-NEXT: [[P3]][11] = X[0];
// CHECK-NEXT: out[2] =

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
	double x[6];
	for (int i = 0; i < 6; i++)
		x[i] = ck_rand() - 0.4;
	kc_check_scalar("taped once", kf, kf_d, kf_b, kf_b_d, NULL, x, NULL, 6, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
