// A call that is passed a local array leaves it out of a region's
// snapshot only when the callee is sure to overwrite it whole before
// reading it (region-call-fills.c).  Each kernel here passes tmp, which
// holds values on entry to the region, to a helper that does not: one
// reads out[i] before writing it (accum), one may return before its loop
// (fill_early), one may leave its loop early (fill_break), one passes the
// pointer on (fill_via), one is given fewer elements than tmp holds
// (fill with W - 1), and one reads and writes the same array (fill with
// tmp twice).  Each snapshot keeps tmp; full is the control, whose call
// fills tmp whole.  The gradients are bitwise the ones without
// checkpoints.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: cmp %t.out %t.plain.out
#include <math.h>

#define W 4
#define L 3

static void fill(const double *in, double *out, int n)
{
	for (int i = 0; i < n; i++)
		out[i] = sin(in[i]);
}

static void accum(const double *in, double *out, int n)
{
	for (int i = 0; i < n; i++)
		out[i] = out[i] + sin(in[i]);
}

static void fill_early(const double *in, double *out, int n)
{
	if (in[0] > 0.5)
		return;
	for (int i = 0; i < n; i++)
		out[i] = sin(in[i]);
}

static void fill_break(const double *in, double *out, int n)
{
	for (int i = 0; i < n; i++) {
		if (in[i] > 0.5)
			break;
		out[i] = sin(in[i]);
	}
}

static void fill_via(const double *in, double *out, int n)
{
	fill(in, out, n);
}

static void start(const double *x, double *h, double *tmp)
{
	for (int i = 0; i < W; i++) {
		h[i] = x[i];
		tmp[i] = x[W - 1 - i];
	}
}

static void add(double *h, const double *tmp)
{
	for (int i = 0; i < W; i++)
		h[i] = h[i] + tmp[i] * tmp[i];
}

/* Each kernel: L steps of h += tmp * tmp, tmp from a call, in regions. */
#pragma ck_adjoint wrt(x)
double full(const double *x)
{
	double h[W], tmp[W];
	start(x, h, tmp);
	for (int l = 0; l < L; l++) {
#pragma ck_checkpoint
		{
			fill(h, tmp, W);
			add(h, tmp);
		}
	}
	return h[0] + h[1] * h[2] - h[3];
}

#pragma ck_adjoint wrt(x)
double reads(const double *x)
{
	double h[W], tmp[W];
	start(x, h, tmp);
	for (int l = 0; l < L; l++) {
#pragma ck_checkpoint
		{
			accum(h, tmp, W);
			add(h, tmp);
		}
	}
	return h[0] + h[1] * h[2] - h[3];
}

#pragma ck_adjoint wrt(x)
double early(const double *x)
{
	double h[W], tmp[W];
	start(x, h, tmp);
	for (int l = 0; l < L; l++) {
#pragma ck_checkpoint
		{
			fill_early(h, tmp, W);
			add(h, tmp);
		}
	}
	return h[0] + h[1] * h[2] - h[3];
}

#pragma ck_adjoint wrt(x)
double leaves(const double *x)
{
	double h[W], tmp[W];
	start(x, h, tmp);
	for (int l = 0; l < L; l++) {
#pragma ck_checkpoint
		{
			fill_break(h, tmp, W);
			add(h, tmp);
		}
	}
	return h[0] + h[1] * h[2] - h[3];
}

#pragma ck_adjoint wrt(x)
double passed_on(const double *x)
{
	double h[W], tmp[W];
	start(x, h, tmp);
	for (int l = 0; l < L; l++) {
#pragma ck_checkpoint
		{
			fill_via(h, tmp, W);
			add(h, tmp);
		}
	}
	return h[0] + h[1] * h[2] - h[3];
}

#pragma ck_adjoint wrt(x)
double prefix(const double *x)
{
	double h[W], tmp[W];
	start(x, h, tmp);
	for (int l = 0; l < L; l++) {
#pragma ck_checkpoint
		{
			fill(h, tmp, W - 1);
			add(h, tmp);
		}
	}
	return h[0] + h[1] * h[2] - h[3];
}

#pragma ck_adjoint wrt(x)
double same(const double *x)
{
	double h[W], tmp[W];
	start(x, h, tmp);
	for (int l = 0; l < L; l++) {
#pragma ck_checkpoint
		{
			fill(tmp, tmp, W);
			add(h, tmp);
		}
	}
	return h[0] + h[1] * h[2] - h[3];
}

// CHECK-LABEL: static double full_fwd(const double *x){{$}}
// CHECK: ck_s = ck_snap_new();
// CHECK-NEXT: CK_SAVE(ck_s, h);
// CHECK-NEXT: ck_push_p(ck_t, ck_s);
// CHECK-LABEL: static double reads_fwd(const double *x){{$}}
// CHECK: ck_s = ck_snap_new();
// CHECK-NEXT: CK_SAVE(ck_s, h);
// CHECK-NEXT: CK_SAVE(ck_s, tmp);
// CHECK-LABEL: static double early_fwd(const double *x){{$}}
// CHECK: ck_s = ck_snap_new();
// CHECK-NEXT: CK_SAVE(ck_s, h);
// CHECK-NEXT: CK_SAVE(ck_s, tmp);
// CHECK-LABEL: static double leaves_fwd(const double *x){{$}}
// CHECK: ck_s = ck_snap_new();
// CHECK-NEXT: CK_SAVE(ck_s, h);
// CHECK-NEXT: CK_SAVE(ck_s, tmp);
// CHECK-LABEL: static double passed_on_fwd(const double *x){{$}}
// CHECK: ck_s = ck_snap_new();
// CHECK-NEXT: CK_SAVE(ck_s, h);
// CHECK-NEXT: CK_SAVE(ck_s, tmp);
// CHECK-LABEL: static double prefix_fwd(const double *x){{$}}
// CHECK: ck_s = ck_snap_new();
// CHECK-NEXT: CK_SAVE(ck_s, h);
// CHECK-NEXT: CK_SAVE(ck_s, tmp);
// CHECK-LABEL: static double same_fwd(const double *x){{$}}
// CHECK: ck_s = ck_snap_new();
// CHECK-NEXT: CK_SAVE(ck_s, h);
// CHECK-NEXT: CK_SAVE(ck_s, tmp);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

typedef double (*fn)(const double *);
typedef double (*fn_b)(const double *, double *, double);

static void run(const char *name, fn f, fn_b fb)
{
	double x[W] = {0.3, -0.2, 0.4, 0.1}, xb[W] = {0};
	ck_equal_bits(name, fb(x, xb, 1.0), f(x));
	for (int i = 0; i < W; i++)
		printf("%s x_b[%d] %a\n", name, i, xb[i]);
	/* against differences along x itself */
	double d = 0.0, fp, fm, xp[W], xm[W];
	for (int i = 0; i < W; i++) {
		d += xb[i] * x[i];
		xp[i] = x[i] * (1 + 1e-6);
		xm[i] = x[i] * (1 - 1e-6);
	}
	fp = f(xp);
	fm = f(xm);
	ck_close(name, d, (fp - fm) / 2e-6, 1e-6);
}

int main(void)
{
	run("full", full, full_b);
	run("reads", reads, reads_b);
	run("early", early, early_b);
	run("leaves", leaves, leaves_b);
	run("passed_on", passed_on, passed_on_b);
	run("prefix", prefix, prefix_b);
	run("same", same, same_b);
	return ck_done();
}
#endif
