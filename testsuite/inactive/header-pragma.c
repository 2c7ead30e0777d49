// #pragma ck_inactive in an included header.  The draws are made outside
// the checkpoint region and read inside it: the region saves them like
// any other value, so the gradient is bit for bit the one of
// --no-checkpoint; log_progress takes a string and active values.
// Gradient against differences (draws replayed) and against the tangent.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: cmp %t.out %t.plain.out
#include <math.h>
#include "Inputs/sampling.h"

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++) {
		double r = draw_normal(x[i], 0.1);
#pragma ck_checkpoint
		{
			s = s * cos(r) + x[i] * r;
			s = s * s * 0.5;
		}
		log_progress("s", i, s);
	}
	return s;
}
// CHECK-NOT: draw_normal_
// CHECK-NOT: log_progress_
// CHECK-LABEL: static double f_fwd(const double *x, int n){{$}}
// CHECK: r = draw_normal(x[i], 0.1);
// CHECK: CK_SAVE(ck_s, r);
// CHECK: log_progress("s", i, s);
// OUT: progress lines: 4
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

#define N 4
static unsigned draws, lines;
static int replaying;
static double drawn[64];

double draw_normal(double mean, double sd)
{
	if (!replaying)
		drawn[draws % 64] = mean + sd * (ck_rand() - 0.5);
	return drawn[draws++ % 64];
}

void log_progress(const char *what, int step, double value)
{
	(void)what;
	(void)step;
	(void)value;
	lines++;
}

static void replay(void)
{
	replaying = draws > 0;
	draws = 0;
}

static double x0[N] = {0.3, -0.7, 1.1, 0.4}, v[N] = {0.5, 0.25, -1.0, 2.0};

static double at(double t, void *ctx)
{
	double x[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		x[i] = x0[i] + t * v[i];
	replay();
	return f(x, N);
}

int main(void)
{
	double xb[N] = {0}, d, y0, y1;
	replay();
	y0 = f(x0, N);
	replay();
	lines = 0;
	y1 = f_b(x0, xb, N, 1.0);
	printf("progress lines: %u\n", lines);
	ck_equal_bits("primal", y1, y0);
	for (int i = 0; i < N; i++)
		printf("x_b[%d] = %a\n", i, xb[i]);
	replay();
	f_d(x0, v, N, &d);
	ck_close("dot product", ck_dot(xb, v, N), d, 1e-12);
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
