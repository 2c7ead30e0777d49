// A time loop counted down in its condition, while (n--), under
// #pragma ck_checkpoint online(3), and a region around one such loop: the
// loop is a for whose init and increment step n, and online(K) and the
// region take it as they take any loop.  Every derivative is bit for bit
// the one of ckc --no-checkpoint (outputs compared with cmp); gradients,
// Hessian-vector products and the dot-product test against differences;
// ck_stats gives the trip count the first sweep saw.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: grep -v STATS %t.out > %t.deriv
// RUN: grep -v STATS %t.plain.out > %t.plain.deriv
// RUN: cmp %t.deriv %t.plain.deriv
// OUT: STATS f_b steps 11
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#define W 4
#define STEPS 11

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double u[W], s = 0.0;
	int i;
	for (i = 0; i < W; i++)
		u[i] = x[i];
#pragma ck_checkpoint online(3)
	while (n--) {
		for (i = 0; i < W; i++)
			u[i] = sin(u[i] + 0.1 * u[(i + 1) % W]);
	}
	for (i = 0; i < W; i++)
		s += u[i] * u[i];
	return s * (double)(n + 2);
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double g(const double *x, int n)
{
	double u[W], s = 0.0;
	int i;
	for (i = 0; i < W; i++)
		u[i] = x[i];
#pragma ck_checkpoint
	while (--n >= 0) {
		for (i = 0; i < W; i++)
			u[i] = cos(u[i] - 0.2 * u[(i + 3) % W]);
	}
	for (i = 0; i < W; i++)
		s += u[i] * u[(i + 1) % W];
	return s;
}

// CHECK-LABEL: static double f_fwd(const double *x, int n){{$}}
// CHECK: ck_rv = ck_revolve_online(3);
// CHECK-LABEL: static double g_fwd(const double *x, int n){{$}}
// CHECK: ck_snap_new();

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
#include "ckrt.h"

KC_SCALAR_WRAPPERS_AS(kf, f, STEPS)
KC_SCALAR_WRAPPERS_AS(kg, g, STEPS)

/* the gradient's and H v's bits, for cmp against --no-checkpoint */
static void print_bits(const char *name, kc_fn_b fb, ck_hvpfn fbd,
		       const double *v)
{
	double g[W] = {0.0}, d[W], b[W] = {0.0}, bd[W] = {0.0};
	for (int i = 0; i < W; i++)
		d[i] = 0.25 * (double)(i + 1);
	fb(v, g, 1.0, NULL);
	fbd(v, d, b, bd, 1.0, 0.5, W, NULL);
	for (int i = 0; i < W; i++)
		printf("%s %d %a %a\n", name, i, g[i], bd[i]);
}

int main(void)
{
	double v[W], g[W] = {0.0};
	ck_stats st;
	for (int i = 0; i < W; i++)
		v[i] = ck_rand();
	ck_stats_reset();
	kf_b(v, g, 1.0, NULL);
	ck_stats_get(&st);
	printf("STATS f_b steps %llu\n", st.loop_steps);
	print_bits("f", kf_b, kf_b_d, v);
	print_bits("g", kg_b, kg_b_d, v);
	kc_check_scalar("online(3) over while (n--)", kf, kf_d, kf_b, kf_b_d,
			NULL, v, NULL, W, 3);
	kc_check_scalar("a region over while (--n >= 0)", kg, kg_d, kg_b,
			kg_b_d, NULL, v, NULL, W, 3);
	return ck_done();
}
#endif
