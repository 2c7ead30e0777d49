// The tape of a nested pair of counted loops (64 x 64 iterations) holds
// exactly what the values need: one double per inner iteration (s before
// s = s * x[j] + ...), no trip counts and no indices, so ck_stats reports
// a peak of 64 * 64 * sizeof(double) bytes for f_b.  The gradient is
// checked against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
#pragma ck_adjoint wrt(x)
double f(const double *x, const double *w)
{
	double s = 1.0;
	for (int i = 0; i < 64; i++)
		for (int j = 0; j < 64; j++)
			s = s * x[j] + w[i * 64 + j] * x[i];
	return s;
}
// CHECK-LABEL: static double f_fwd(const double *x, const double *w){{$}}
// CHECK-NOT: ck_push_i
// CHECK: ck_push_d(ck_t, s);
// CHECK-NOT: ck_push_i
// CHECK: return s;
// OUT: ok: tape peak is the values' bytes
// OUT: 2 checks, 0 failed

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

static double x0[64], w[64 * 64];
static int k;

static double at(double t, void *ctx)
{
	double x[64];
	(void)ctx;
	for (int i = 0; i < 64; i++)
		x[i] = x0[i] + (i == k ? t : 0.0);
	return f(x, w);
}

int main(void)
{
	double xb[64] = {0}, err = 0.0;
	ck_stats st;
	for (int i = 0; i < 64; i++)
		x0[i] = 0.9 + 0.001 * i;
	for (int i = 0; i < 64 * 64; i++)
		w[i] = 0.001 * (i % 17);
	ck_stats_reset();
	f_b(x0, xb, w, 1.0);
	ck_stats_get(&st);
	ck_check("tape peak is the values' bytes",
		 st.peak_bytes == 64 * 64 * sizeof(double) &&
			 st.tape_peak_bytes == st.peak_bytes);
	for (k = 0; k < 64; k += 9)
		err = fmax(err, fabs(xb[k] - ck_richardson(at, NULL, CK_FD_H)) /
					(1.0 + fabs(xb[k])));
	ck_check("differences", err < 1e-7);
	return ck_done();
}
#endif
