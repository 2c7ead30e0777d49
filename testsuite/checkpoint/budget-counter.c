// budget(BYTES) before a counted for loop whose body reads its counter
// (x[t], a forcing per step): the loop is reversed by Revolve as under
// binomial(K), and f_bwd takes the counter's value after the loop from
// the tape, as binomial(K) does.  f_bwd used to start from an unset t (the
// loop was taken for one whose trip count f_bwd computes), so the reverse
// steps read x[t] and wrote x_b[t] at an indeterminate t: a wrong
// gradient, or a fault under clang -O2.  f_b and f_b_d are bit for bit
// those of ckc --no-checkpoint, checked against differences and
// differences of gradients, under the sanitizers.
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

#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double drive(const double *x, int T)
{
	double h = 0.5, L = 0.0;
#pragma ck_checkpoint budget(4000)
	for (int t = 0; t < T; t++) {
		h = sin(h + x[t]);
		L += h * h;
	}
	return L;
}
// CHECK-LABEL: static double drive_fwd(const double *x, int T){{$}}
// CHECK: ck_rv = ck_revolve_budget(ck_l, (size_t)4000);
// CHECK: ck_push_i(ck_t, t);
// CHECK-LABEL: static void drive_bwd(
// CHECK: t = ck_pop_i(ck_t);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define T 12

typedef struct {
	const double *x;
	int k;
} at_ctx;

static double at(double t, void *ctx)
{
	at_ctx *a = ctx;
	double y[T];
	for (int i = 0; i < T; i++)
		y[i] = a->x[i] + (i == a->k ? t : 0.0);
	return drive(y, T);
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	drive_b(x, g, T, 1.0);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return drive_b_d(x, xd, xb, xbd, T, rb, rbd);
}

int main(void)
{
	volatile double base = 0.1; /* (no constant folding of sin) */
	double x[T], v[T], w[T], g[T];
	for (int i = 0; i < T; i++) {
		x[i] = base * (i % 5) - 0.2;
		v[i] = base + 0.05 * i;
		w[i] = 0.3 - base * (i % 3);
	}
	grad(x, g, T, NULL);
	ck_equal_bits("primal of drive_b", drive_b(x, w, T, 0.0), drive(x, T));
	for (int k = 0; k < T; k++) {
		at_ctx a = { x, k };
		ck_close("drive_b against differences", g[k],
			 ck_richardson(at, &a, CK_FD_H), 1e-8);
	}
	ck_check_hvp("drive_b_d", hvp, grad, NULL, x, v, w, NULL, T, 0.5, 3.0);
	return ck_done();
}
#endif
