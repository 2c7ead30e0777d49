// Data reached through the pointer members of a struct passed by value is
// read again in the reverse sweep, not taped, when f changes neither the
// struct nor that data: the weights w.m.data of a skinning-like sum over
// vertices, read in loops of f and of a helper that takes the struct by
// value too (its calling pattern says the data is unchanged).  Only the
// local p and the floating member w.scale are taped (a caller's f_bwd may
// pass a struct whose floating members are not set up).  (A store through
// the struct is refused in reverse mode for a struct passed by value.)
// Derivatives are checked against differences and are bitwise those of
// --no-tbr.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr -I%S > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
#include "Inputs/weights.h"

/* sum over column v of w of w(b, v) x[b] */
static double blend(Weights w, const double *x, int v)
{
	double s = 0.0;
	for (int b = 0; b < w.m.nrows; b++)
		s += w.m.data[v * w.m.nrows + b] * x[b] * x[b];
	return w.scale * s;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(Weights w, const double *x)
{
	double r = 0.0;
	for (int v = 0; v < w.m.ncols; v++) {
		double p = 0.0;
		for (int b = 0; b < w.m.nrows; b++)
			p += w.m.data[v * w.m.nrows + b] * x[b];
		r += p * p * w.scale + blend(w, x, v);
	}
	return r;
}

// CHECK-LABEL: static double f_fwd(Weights w, const double *x){{$}}
// CHECK-NOT: ck_push_d(ck_t, w.m.data
// CHECK-NOT: {{ck_p[0-9]*}}[{{[0-9]+}}] = w.m.data
// CHECK: double *[[P:ck_p[0-9]*]] = ck_reserve_d(ck_t, 2);
// CHECK-NEXT: [[P]][0] = w.scale;
// CHECK-NEXT: [[P]][1] = p;
// CHECK-NOT: ck_push_d
// CHECK-NOT: ck_reserve_d
// CHECK: return r;
// CHECK-LABEL: static void f_bwd(Weights w, const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK: w.m.data[v * w.m.nrows + b]
// CHECK-LABEL: static double blend_fwd(Weights w, const double *x, int v){{$}}
// CHECK-NOT: ck_push_d(ck_t, w.m.data
// CHECK-NOT: {{ck_p[0-9]*}}[{{[0-9]+}}] = w.m.data
// CHECK: return

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

#define NB 4
#define NV 5

static double wd[NB * NV];
static Weights w;

static double kf(const double *v, void *ctx)
{
	(void)ctx;
	return f(w, v);
}

static double kf_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return f_d(w, v, vd, dot);
}

static double kf_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return f_b(w, v, vb, rb);
}

static double kf_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	(void)n;
	return f_b_d(w, v, vd, vb, vbd, rb, rbd);
}

int main(void)
{
	double x[NB];
	for (int i = 0; i < NB * NV; i++)
		wd[i] = ck_rand() - 0.3;
	for (int i = 0; i < NB; i++)
		x[i] = ck_rand() - 0.5;
	w.m.nrows = NB;
	w.m.ncols = NV;
	w.m.data = wd;
	w.scale = 0.7;
	kc_check_scalar("by value", kf, kf_d, kf_b, kf_b_d, NULL, x, NULL, NB, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
