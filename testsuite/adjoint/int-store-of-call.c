// An integer that a call of the file both reads and receives, n =
// keep(x, n, B): the call's reverse reads n as it was when the call ran,
// so f_bwd puts n back before that reverse, and f_fwd tapes the old n
// after the call (from a temporary set before it).  f_bwd used to pass
// the new n (keep_bwd's nin was the count kept, not the count read): a
// wrong gradient, and an out-of-bounds read when the count grew.  The
// same for in-place compaction, m = compact(buf, m, thr), an integer
// member of a struct, c.pos = next(x, c.pos, ...), an integer element,
// lab[i] = nearest(..., lab[i], ...), and a loop's condition, while ((n =
// halve(A, n, B)) > 1).  Tangent, gradient, Hessian-vector products and
// the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 5

static int keep(const double *in, int nin, double *out)
{
	int nout = 0;
	for (int i = 0; i < nin; i++)
		if (in[i] > 0) {
			out[nout] = in[i];
			nout++;
		}
	return nout;
}

static int twice(const double *in, int nin, double *out)
{
	int m = 0;
	for (int i = 0; i < nin; i++)
		if (in[i] > 0) {
			out[m++] = in[i];
			out[m++] = in[i] * in[i];
		}
	return m;
}

static int compact(double *buf, int n, double thr)
{
	int m = 0;
	for (int i = 0; i < n; i++)
		if (buf[i] > thr)
			buf[m++] = buf[i] * buf[i];
	return m;
}

typedef struct {
	int pos, len;
} cursor;

static int next(const double *x, int pos, int len, double *acc)
{
	*acc += x[pos] * x[pos] * (pos + 1);
	return (pos + 2) % len;
}

static int nearest(const double *c, int k, double p, int prev, double *acc)
{
	int best = prev;
	double bd = (p - c[prev]) * (p - c[prev]);
	for (int j = 0; j < k; j++) {
		double d = (p - c[j]) * (p - c[j]);
		if (d < bd) {
			bd = d;
			best = j;
		}
	}
	*acc += bd * (prev + 1);
	return best;
}

static int halve(const double *in, int n, double *out)
{
	int m = 0;
	for (int i = 0; i + 1 < n; i += 2)
		out[m++] = in[i] * in[i + 1] + 0.5 * in[i];
	if (n % 2)
		out[m++] = in[n - 1];
	return m;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double B[N], D[2 * N], buf[N], A[N], H[N], s = 0.0, acc = 0.0;
	int n = N, m = 3;
	n = keep(x, n, B);
	for (int i = 0; i < n; i++)
		s += B[i] * B[i] * (i + 1);
	m = twice(x, m, D);
	for (int i = 0; i < m; i++)
		s += D[i] * (i + 2);
	for (int i = 0; i < N; i++)
		buf[i] = x[i];
	int k = N;
	k = compact(buf, k, 0.1);
	k = compact(buf, k, 0.3);
	for (int i = 0; i < k; i++)
		s += buf[i] * (i + 1);
	cursor c = { 0, N };
	c.pos = next(x, c.pos, c.len, &acc);
	c.pos = next(x, c.pos, c.len, &acc);
	const double pts[3] = { 0.1, 0.5, 0.9 };
	int lab[3] = { 0, 0, 0 };
	for (int r = 0; r < 2; r++)
		for (int i = 0; i < 3; i++)
			lab[i] = nearest(x, N, pts[i], lab[i], &acc);
	int h = N;
	for (int i = 0; i < N; i++)
		A[i] = x[i];
	while ((h = halve(A, h, H)) > 1)
		for (int i = 0; i < h; i++)
			A[i] = H[i];
	return s + acc * acc + H[0] + c.pos;
}
// CHECK-LABEL: static double f_fwd(const double *x){{$}}
// CHECK: [[S:ck_s[0-9]*]] = n;
// CHECK-NEXT: n = keep_fwd(x, n, B);
// CHECK-NEXT: ck_push_i(ck_t, [[S]]);
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK: keep_bwd(x, x_b, n, B_b);

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	volatile double one = 1.0;
	double v[N] = { 0.35 * one, -0.7 * one, 1.1 * one, 0.8 * one,
			0.25 * one };
	kc_check_scalar("integer stores of calls", kf, kf_d, kf_b, kf_b_d,
			NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
