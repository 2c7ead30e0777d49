// Stores through a ?: of the addresses of local scalars, *(c ? &p : &q) =
// e: two in a row, one in a loop, +=, (c ? &p : &q)[0] *= e, a nested ?:
// of three addresses, a local or an element of an output, *&p = e,
// (&p)[0] = e, *(double *)&p = e, one in a for loop's increment (which
// ends the body instead) and a loop under ck_checkpoint binomial(2).
// Each becomes if (c) p = e; else q = e; (or p = e) before any
// transform, so the reverse sweep tapes or recomputes the p and q that
// each store changed: f_b took p as it was first set
// (seq_bwd had q_b += x[0] * ck_a for both stores, gradient 1.5375 where
// 1.575 is right) and f_b_d failed the Hessian's symmetry; the tangent
// was right.  Tangents, gradients, Hessian-vector products and the
// dot-product test against differences, for inputs that take each arm;
// the binomial loop's f_b and f_b_d are bit for bit those of ckc
// --no-checkpoint (its numbers printed with %a, outputs compared by cmp).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: grep binomial %t.out > %t.bin
// RUN: grep binomial %t.plain.out > %t.plain.bin
// RUN: cmp %t.bin %t.plain.bin

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double seq(const double *x)
{
	double p = x[0], q = x[1];
	*(x[0] > 0.5 ? &p : &q) = p * q;
	*(x[0] > 0.5 ? &p : &q) = p * q;
	return p;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double loop(const double *x)
{
	double p = x[0], q = x[1];
	for (int i = 0; i < 4; i++)
		*(x[i] > 0.8 ? &p : &q) = p * x[i] + q;
	return p * q;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double plus(const double *x)
{
	double p = x[0], q = x[1];
	for (int i = 0; i < 4; i++) {
		*(x[i] > 0.8 ? &p : &q) += p * x[i];
		(x[i] > 0.7 ? &q : &p)[0] *= 0.5 + q;
	}
	return p * q;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double three(const double *x)
{
	double p = x[0], q = x[1], r = x[2];
	for (int i = 0; i < 4; i++)
		*(x[i] > 0.8 ? &p : x[i] > 0.65 ? &q : &r) = p * q * r + x[i];
	return p + 2 * q + 3 * r;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double mixed(const double *x)
{
	double p = x[0], y[2] = { x[1], x[2] };
	for (int i = 0; i < 4; i++)
		*(x[i] > 0.8 ? &p : &y[i % 2]) = p * x[i] + y[i % 2];
	return p * y[0] + y[1];
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double direct(const double *x)
{
	double p = x[0], q = x[1];
	*&p = p * q;
	(&p)[0] = p * q;
	*(double *)&p = p * q;
	return p;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double inc(const double *x)
{
	double p = x[0], q = x[1];
	for (int i = 0; i < 4; *(x[i - 1] > 0.8 ? &p : &q) *= p * q)
		i++;
	return p + 2 * q;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double binomial(const double *x)
{
	double p = x[0], q = x[1];
#pragma ck_checkpoint binomial(2)
	for (int i = 0; i < 4; i++)
		*(x[i] > 0.8 ? &p : &q) = p * q + x[i];
	return p + 2 * q;
}

// CHECK-LABEL: double seq_d({{.*}}){{$}}
// CHECK: if (x[0] > 0.5) {
// CHECK-NEXT: p_d = p_d * q + p * q_d;
// CHECK-LABEL: static void seq_bwd({{.*}}){{$}}
// CHECK-NOT: {{ \? }}
// CHECK: if (x[0] > 0.5) {
// CHECK-NOT: {{ \? }}
// CHECK-LABEL: static void seq_bwd_d({{.*}}){{$}}

#ifdef CK_TEST_MAIN
#include <stdio.h>
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN_AS(kseq, seq)
KC_SCALAR_WRAPPERS_PLAIN_AS(kloop, loop)
KC_SCALAR_WRAPPERS_PLAIN_AS(kplus, plus)
KC_SCALAR_WRAPPERS_PLAIN_AS(kthree, three)
KC_SCALAR_WRAPPERS_PLAIN_AS(kmixed, mixed)
KC_SCALAR_WRAPPERS_PLAIN_AS(kdirect, direct)
KC_SCALAR_WRAPPERS_PLAIN_AS(kinc, inc)
KC_SCALAR_WRAPPERS_PLAIN_AS(kbin, binomial)

int main(void)
{
	volatile double one = 1.0;
	double v[2][4] = { { 0.75 * one, 1.05 * one, 0.6 * one, 0.9 * one },
			   { 0.3 * one, 0.95 * one, 0.85 * one, 0.7 * one } };
	for (int k = 0; k < 2; k++) {
		kc_check_scalar("two stores", kseq, kseq_d, kseq_b, kseq_b_d,
				NULL, v[k], NULL, 4, 3);
		kc_check_scalar("in a loop", kloop, kloop_d, kloop_b,
				kloop_b_d, NULL, v[k], NULL, 4, 3);
		kc_check_scalar("+= and *=", kplus, kplus_d, kplus_b,
				kplus_b_d, NULL, v[k], NULL, 4, 3);
		kc_check_scalar("three addresses", kthree, kthree_d, kthree_b,
				kthree_b_d, NULL, v[k], NULL, 4, 3);
		kc_check_scalar("a local or an element", kmixed, kmixed_d,
				kmixed_b, kmixed_b_d, NULL, v[k], NULL, 4, 3);
		kc_check_scalar("through &p", kdirect, kdirect_d, kdirect_b,
				kdirect_b_d, NULL, v[k], NULL, 4, 3);
		kc_check_scalar("in a loop's increment", kinc, kinc_d, kinc_b,
				kinc_b_d, NULL, v[k], NULL, 4, 3);
		kc_check_scalar("binomial loop", kbin, kbin_d, kbin_b,
				kbin_b_d, NULL, v[k], NULL, 4, 3);
		double g[4] = { 0 }, h[4] = { 0 }, hd[4] = { 0 };
		const double d[4] = { 1.0, -0.5, 0.25, 2.0 };
		double r = binomial_b(v[k], g, 1.0);
		double s = binomial_b_d(v[k], d, h, hd, 1.0, 0.0);
		printf("binomial f %a %a\n", r, s);
		for (int i = 0; i < 4; i++)
			printf("binomial %d: %a %a %a\n", i, g[i], h[i], hd[i]);
	}
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
