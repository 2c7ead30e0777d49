// A local integer array that f fills at run time, reads as an index of
// active data and changes inside a checkpoint region and inside a
// binomial(2) time loop: the recomputations in f_bwd change their copy of
// it as f did, and the reverse sweep puts each old value back from the
// tape.  Every derivative is bit for bit the one of ckc --no-checkpoint
// (outputs compared with cmp); gradients, Hessian-vector products and the
// dot-product test against differences; ck_stats counts the
// recomputations.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: grep -v STATS %t.out > %t.deriv
// RUN: grep -v STATS %t.plain.out > %t.plain.deriv
// RUN: cmp %t.deriv %t.plain.deriv
// OUT: STATS f_b recomputations 9
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#define NX 8

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double reg(const double *x)
{
	int idx[NX];
	double s = 0.0;
	for (int i = 0; i < NX; i++)
		idx[i] = (i * 3) % NX;
#pragma ck_checkpoint
	{
		for (int i = 0; i < NX; i++) {
			s += sin(x[idx[i]]) * x[i];
			idx[i] = (idx[i] + 1) % NX;
			s += x[idx[i]] * s;
		}
	}
	for (int i = 0; i < NX; i++)
		s += x[idx[i]] * x[i] * s;
	return s;
}
// CHECK-LABEL: static void reg_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK: idx[i] = ck_pop_i(ck_t);

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double bin(const double *x)
{
	int idx[NX];
	double s = 0.0, u[NX];
	for (int i = 0; i < NX; i++) {
		idx[i] = (i * 3) % NX;
		u[i] = x[i];
	}
#pragma ck_checkpoint binomial(2)
	for (int t = 0; t < 6; t++) {
		for (int i = 0; i < NX; i++) {
			u[i] = sin(u[idx[i]]) + 0.5 * u[i];
			idx[i] = (idx[i] + 1) % NX;
		}
	}
	for (int i = 0; i < NX; i++)
		s += u[idx[i]] * u[i];
	return s;
}

#ifdef CK_TEST_MAIN
#include <stdio.h>
#include "kernelcheck.h"
#include "ckrt.h"

KC_SCALAR_WRAPPERS_PLAIN_AS(kr, reg)
KC_SCALAR_WRAPPERS_PLAIN_AS(kb, bin)

/* the gradient's and H v's bits, for cmp against --no-checkpoint */
static void print_bits(const char *name, kc_fn_b fb, ck_hvpfn fbd,
		       const double *v)
{
	double g[NX] = { 0.0 }, d[NX], b[NX] = { 0.0 }, bd[NX] = { 0.0 };
	for (int i = 0; i < NX; i++)
		d[i] = 0.25 * (double)(i + 1);
	fb(v, g, 1.0, NULL);
	fbd(v, d, b, bd, 1.0, 0.5, NX, NULL);
	for (int i = 0; i < NX; i++)
		printf("%s %d %a %a\n", name, i, g[i], bd[i]);
}

int main(void)
{
	double v[NX], g[NX] = { 0.0 };
	ck_stats st;
	for (int i = 0; i < NX; i++)
		v[i] = ck_rand();
	ck_stats_reset();
	kr_b(v, g, 1.0, NULL);
	kb_b(v, g, 1.0, NULL);
	ck_stats_get(&st);
	printf("STATS f_b recomputations %llu\n", st.recomputations);
	print_bits("region", kr_b, kr_b_d, v);
	print_bits("binomial", kb_b, kb_b_d, v);
	kc_check_scalar("region", kr, kr_d, kr_b, kr_b_d, NULL, v, NULL, NX,
			3);
	kc_check_scalar("binomial", kb, kb_d, kb_b, kb_b_d, NULL, v, NULL, NX,
			3);
	return ck_done();
}
#endif
