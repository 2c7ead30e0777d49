// A time loop that copies un back into u after a stencil: the copy's
// reverse reads u_b[i] and clears it, and the stencil's reverse right
// after it adds into u_b[i - 1], u_b[i] and u_b[i + 1].  Once that loop
// is gathered, each element's first term is stored instead of added, the
// edge loops clear the elements the copy covered, and the copy no longer
// clears (f, in f_bwd and f_bwd_d).  The stencil of g reaches only to
// its right (u_b[i + 1], u_b[i + 2]): its middle loop has elements the
// copy did not clear, so the clearing stays.  In h a term between the
// stencil and the copy reads u[2], so its reverse adds into u_b[2]
// between the two loops: the clearing stays too.  Gradients and
// Hessian-vector products are checked against differences and are
// bitwise those of --no-zeroed.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-zeroed %s -o %t.nz.c
// RUN: FileCheck %s --check-prefix=NZ --input-file %t.nz.c
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -include %t.h %s %t.c -o %t.p %ckrt
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -include %t.nz.h %s %t.nz.c -o %t.nz.p %ckrt
// RUN: %t.p > %t.p.out
// RUN: %t.nz.p > %t.nz.p.out
// RUN: cmp %t.p.out %t.nz.p.out
#include <math.h>

#define N 12

#pragma ck_tangent wrt(u0)
#pragma ck_adjoint wrt(u0)
#pragma ck_hvp wrt(u0)
double f(const double *u0, int steps)
{
	double u[N], un[N], s = 0;
	int i, t;
	for (i = 0; i < N; i++)
		u[i] = u0[i];
	for (t = 0; t < steps; t++) {
		for (i = 1; i < N - 1; i++)
			un[i] = u[i] + 0.25 * (u[i - 1] - 2 * u[i] + u[i + 1]);
		for (i = 1; i < N - 1; i++)
			u[i] = un[i];
	}
	for (i = 0; i < N; i++)
		s += u[i] * u[i] * u[i];
	return s;
}

/* The stencil reads u[i + 1] and u[i + 2] only. */
#pragma ck_tangent wrt(u0)
#pragma ck_adjoint wrt(u0)
#pragma ck_hvp wrt(u0)
double g(const double *u0, int steps)
{
	double u[N], un[N], s = 0;
	int i, t;
	for (i = 0; i < N; i++)
		u[i] = u0[i];
	for (t = 0; t < steps; t++) {
		for (i = 1; i < N - 2; i++)
			un[i] = 0.5 * u[i + 1] + 0.4 * u[i + 2];
		for (i = 1; i < N - 2; i++)
			u[i] = un[i];
	}
	for (i = 0; i < N; i++)
		s += u[i] * u[i] * u[i];
	return s;
}

/* A term between the stencil and the copy reads u[2]. */
#pragma ck_tangent wrt(u0)
#pragma ck_adjoint wrt(u0)
#pragma ck_hvp wrt(u0)
double h(const double *u0, int steps)
{
	double u[N], un[N], s = 0;
	int i, t;
	for (i = 0; i < N; i++)
		u[i] = u0[i];
	for (t = 0; t < steps; t++) {
		for (i = 1; i < N - 1; i++)
			un[i] = u[i] + 0.25 * (u[i - 1] - 2 * u[i] + u[i + 1]);
		s += 0.1 * u[2] * u[2];
		for (i = 1; i < N - 1; i++)
			u[i] = un[i];
	}
	for (i = 0; i < N; i++)
		s += u[i] * u[i] * u[i];
	return s;
}
// CHECK-LABEL: static void f_bwd(const double *u0, double *restrict u0_b, int steps, double ret_b){{$}}
// CHECK: ck_a{{[0-9]*}} = u_b[i];
// CHECK-NEXT: un_b[i] = ck_a{{[0-9]*}};
// CHECK: for (ck_j{{[0-9]*}} = (int)ck_bot{{[0-9]*}}; ck_j{{[0-9]*}} < ck_mlo{{[0-9]*}}; ck_j{{[0-9]*}}++) {
// CHECK-NEXT: if ((long)ck_j{{[0-9]*}} >= ck_lo{{[0-9]*}} && (long)ck_j{{[0-9]*}} < ck_hi{{[0-9]*}}) {
// CHECK-NEXT: u_b[ck_j{{[0-9]*}}] = 0.0;
// CHECK: for (ck_j{{[0-9]*}} = (int)ck_mlo{{[0-9]*}}; ck_j{{[0-9]*}} < ck_mhi{{[0-9]*}}; ck_j{{[0-9]*}}++) {
// CHECK-NOT: for (
// CHECK: u_b[i - 1] = ck_a{{[0-9]*}};
// CHECK-NOT: for (
// CHECK: u_b[i] += ck_a
// CHECK: for (ck_j{{[0-9]*}} = (int)ck_mhi{{[0-9]*}}; ck_j{{[0-9]*}} < ck_top{{[0-9]*}}; ck_j{{[0-9]*}}++) {
// CHECK-NEXT: if ((long)ck_j{{[0-9]*}} >= ck_lo{{[0-9]*}} && (long)ck_j{{[0-9]*}} < ck_hi{{[0-9]*}}) {
// CHECK-NEXT: u_b[ck_j{{[0-9]*}}] = 0.0;
// CHECK: {{^}$}}
// CHECK-LABEL: static void g_bwd(
// CHECK: ck_a{{[0-9]*}} = u_b[i];
// CHECK-NEXT: u_b[i] = 0.0;
// CHECK-NOT: u_b[i + 1] = 
// CHECK: {{^}$}}
// CHECK-LABEL: static void h_bwd(
// CHECK: ck_a{{[0-9]*}} = u_b[i];
// CHECK-NEXT: u_b[i] = 0.0;
// CHECK-NOT: u_b[i - 1] = 
// CHECK: {{^}$}}
// CHECK-LABEL: static void f_bwd_d(
// CHECK: ck_a{{[0-9]*}} = u_b[i];
// CHECK-NEXT: un_bd[i] = ck_a{{[0-9]*}}_d;
// CHECK: u_bd[i - 1] = ck_a{{[0-9]*}}_d;
// CHECK-NEXT: u_b[i - 1] = ck_a{{[0-9]*}};
// CHECK: {{^}$}}
// NZ-LABEL: static void f_bwd(
// NZ: ck_a{{[0-9]*}} = u_b[i];
// NZ-NEXT: u_b[i] = 0.0;
// NZ-NOT: u_b[i - 1] = 
// NZ: {{^}$}}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

#include <stdio.h>

static int steps;

#ifdef PRINT_BITS
int main(void)
{
	double (*const fb_d[3])(const double *, const double *, double *,
				double *, int, double, double) = {f_b_d, g_b_d,
								  h_b_d};
	double v[N], d[N];
	for (int i = 0; i < N; i++) {
		v[i] = 0.3 + 0.4 * ck_rand();
		d[i] = ck_rand() - 0.5;
	}
	for (int k = 0; k < 3; k++)
		for (steps = 0; steps <= 3; steps++) {
			double gr[N] = {0}, hd[N] = {0}, g2[N] = {0};
			printf("%a\n", fb_d[k](v, d, gr, hd, steps, 1.0, 0.0));
			printf("%a\n", k == 0   ? f_b(v, g2, steps, 1.0)
				       : k == 1 ? g_b(v, g2, steps, 1.0)
						: h_b(v, g2, steps, 1.0));
			for (int i = 0; i < N; i++)
				printf("  %a %a %a\n", gr[i], hd[i], g2[i]);
		}
	return 0;
}
#else
KC_SCALAR_WRAPPERS_AS(fk, f, steps)
KC_SCALAR_WRAPPERS_AS(gk, g, steps)
KC_SCALAR_WRAPPERS_AS(hk, h, steps)

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = 0.3 + 0.4 * ck_rand();
	for (steps = 1; steps <= 3; steps += 2) {
		kc_check_scalar("heat", fk, fk_d, fk_b, fk_b_d, NULL, v, NULL,
				N, 3);
		kc_check_scalar("one-sided", gk, gk_d, gk_b, gk_b_d, NULL, v,
				NULL, N, 3);
		kc_check_scalar("term between", hk, hk_d, hk_b, hk_b_d, NULL,
				v, NULL, N, 3);
	}
	return ck_done();
}
#endif
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
