// A region in a helper whose save() section starts below the parameter's
// element 0: the helper is given &u[7] and saves u[lo:len] with lo = -7
// (or a section that also ends below 0).  The scratch buffer that f_bwd
// recomputes in starts at the section's start; it was allocated from
// element 0 and loaded below its start (a heap overflow under ASan, or
// "out of memory ... 0 bytes requested" when the section ended below 0).
// f_b_dv's tangent buffer of that scratch ran past its end too: it was
// allocated for one direction (ck_scratch_alloc_d(n) + ck_off * ck_nd)
// and gave NaN; each of its directions is now f_b_d's.
// f_b and f_b_d are bit for bit those of ckc --no-checkpoint, and f_b is
// checked against differences, f_b_d against differences of gradients.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: cmp %t.out %t.plain.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

static void upd(double *u, int lo, int len)
{
#pragma ck_checkpoint save(u[lo:len])
	for (int i = lo; i < lo + len; i++)
		u[i] = u[i] * sin(u[i]);
}
// CHECK-LABEL: static void upd_bwd(double *restrict u_b, int lo, int len){{$}}
// CHECK: ck_off = lo < 0 ? -lo : 0;
// CHECK-NEXT: ck_n{{[0-9]*}} = ck_off + (lo + len > 0 ? lo + len : 0);
// CHECK-NEXT: u{{[0-9]*}} = ck_scratch_alloc_d(ck_n{{[0-9]*}}) + ck_off;
// CHECK: ck_scratch_free_d(u{{[0-9]*}} - ck_off, ck_n{{[0-9]*}});
// CHECK-LABEL: static void upd_bwd_dv(
// CHECK: u{{[0-9]*}}_dv = ck_scratch_alloc_d(ck_n{{[0-9]*}} * ck_nd) + ck_off * ck_nd;

#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
#pragma ck_hvp wrt(x) vector
double f(const double *x, int lo, int len)
{
	double u[8];
	for (int i = 0; i < 8; i++)
		u[i] = x[i];
	upd(&u[7], lo, len);
	double s = 0;
	for (int i = 0; i < 8; i++)
		s += u[i] * u[i];
	return s;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static int g_lo, g_len;

typedef struct {
	const double *x;
	int k;
} at_ctx;

static double at(double t, void *ctx)
{
	at_ctx *a = ctx;
	double y[8];
	for (int i = 0; i < 8; i++)
		y[i] = a->x[i] + (i == a->k ? t : 0.0);
	return f(y, g_lo, g_len);
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	f_b(x, g, g_lo, g_len, 1.0);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return f_b_d(x, xd, xb, xbd, g_lo, g_len, rb, rbd);
}

int main(void)
{
	static const int sec[3][2] = { { -7, 8 }, { -7, 3 }, { -3, 2 } };
	volatile double base = 0.3; /* (no constant folding of sin) */
	double x[8], v[8], u[8];
	for (int i = 0; i < 8; i++) {
		x[i] = base + 0.1 * i;
		v[i] = base + 0.2 - 0.2 * i;
		u[i] = 0.1 * i - base - 0.1;
	}
	for (int c = 0; c < 3; c++) {
		double g[8] = { 0.0 };
		g_lo = sec[c][0];
		g_len = sec[c][1];
		ck_equal_bits("primal of f_b", f_b(x, g, g_lo, g_len, 1.0),
			      f(x, g_lo, g_len));
		for (int k = 0; k < 8; k++) {
			at_ctx a = { x, k };
			ck_close("f_b against differences", g[k],
				 ck_richardson(at, &a, CK_FD_H), 1e-8);
		}
		ck_check_hvp("f_b_d", hvp, grad, NULL, x, v, u, NULL, 8, 0.5,
			     3.0);
		/* three directions at once, each f_b_d's */
		double xdv[8 * 3], xbv[8] = { 0.0 }, xbdv[8 * 3] = { 0.0 };
		double rbdv[3] = { 0.0, 1.0, 0.5 };
		for (int i = 0; i < 8; i++)
			for (int k = 0; k < 3; k++)
				xdv[i * 3 + k] = k == 0   ? v[i]
						 : k == 1 ? u[i]
							  : 1.0;
		f_b_dv(x, xdv, xbv, xbdv, g_lo, g_len, 3, 1.0, rbdv);
		for (int k = 0; k < 3; k++) {
			double xd[8], xb[8] = { 0.0 }, xbd[8] = { 0.0 };
			for (int i = 0; i < 8; i++)
				xd[i] = xdv[i * 3 + k];
			f_b_d(x, xd, xb, xbd, g_lo, g_len, 1.0, rbdv[k]);
			for (int i = 0; i < 8; i++)
				ck_equal_bits("f_b_dv's direction is f_b_d",
					      xbdv[i * 3 + k], xbd[i]);
		}
	}
	return ck_done();
}
#endif
