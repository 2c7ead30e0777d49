// A time loop that ends each step by copying un back into u: the reverse
// of the copy adds u_b[i] into un_b[i], which the reverse of the next
// step's stencil has just cleared (and which starts all zeros), so it
// stores instead, and the clearing goes: after it, the next copy's reverse
// overwrites those elements before anything reads them, and after the
// time loop nothing does (f, f_bwd and f_bwd_d); a term between the two
// loops adds into un_b after the store.  Where un is read after
// the time loop (g), the clearing stays and so do the adds; so they do
// where the copy covers fewer cells than the stencil clears (h: the
// ranges differ).  Gradients and Hessian-vector products are checked
// against differences and are bitwise those of --no-zeroed.
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

/* A nonlinear stencil into un, a term that reads two cells of un, then
 * the copy of un back into u, over the cells the stencil wrote: the
 * reverse of the copy stores into un_b. */
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
			un[i] = u[i] + 0.2 * u[i] * (u[i - 1] - 2 * u[i] + u[i + 1]);
		s += 0.1 * un[1] * un[N - 2];
		for (i = 1; i < N - 1; i++)
			u[i] = un[i];
	}
	for (i = 0; i < N; i++)
		s += u[i] * u[i];
	return s;
}

/* The same, and un is read after the time loop: its clearing stays. */
#pragma ck_tangent wrt(u0)
#pragma ck_adjoint wrt(u0)
#pragma ck_hvp wrt(u0)
double g(const double *u0, int steps)
{
	double u[N], un[N], s = 0;
	int i, t;
	for (i = 0; i < N; i++)
		u[i] = un[i] = u0[i];
	for (t = 0; t < steps; t++) {
		for (i = 1; i < N - 1; i++)
			un[i] = u[i] + 0.2 * u[i] * (u[i - 1] - 2 * u[i] + u[i + 1]);
		for (i = 1; i < N - 1; i++)
			u[i] = un[i];
	}
	for (i = 0; i < N; i++)
		s += u[i] * un[i];
	return s;
}

/* The copy covers fewer cells than the stencil writes (2 .. N - 3
 * against 1 .. N - 2): the two reverse loops do not cover the same cells,
 * and un_b[1], which the term adds to, must be cleared every step. */
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
			un[i] = u[i] + 0.2 * u[i] * (u[i - 1] - 2 * u[i] + u[i + 1]);
		s += 0.1 * un[1] * un[N - 2];
		for (i = 2; i < N - 2; i++)
			u[i] = un[i];
	}
	for (i = 0; i < N; i++)
		s += u[i] * u[i];
	return s;
}
// CHECK-LABEL: static void f_bwd(const double *u0, double *restrict u0_b, int steps, double ret_b){{$}}
// CHECK-NOT: un_b[i] = 0.0;
// CHECK: un_b[i] = ck_a{{[0-9]*}};
// CHECK-NOT: un_b[i] = 0.0;
// CHECK-NOT: un_b[i] +=
// CHECK: {{^}$}}
// CHECK-LABEL: static void g_bwd(
// CHECK: un_b[i] += ck_a{{[0-9]*}};
// CHECK: un_b[i] = 0.0;
// CHECK: {{^}$}}
// CHECK-LABEL: static void h_bwd(
// CHECK: un_b[i] += ck_a{{[0-9]*}};
// CHECK: un_b[i] = 0.0;
// CHECK: {{^}$}}
// CHECK-LABEL: static void f_bwd_d(
// CHECK-NOT: un_b[i] = 0.0;
// CHECK: un_bd[i] = ck_a{{[0-9]*}}_d;
// CHECK-NEXT: un_b[i] = ck_a{{[0-9]*}};
// CHECK-NOT: un_b[i] = 0.0;
// CHECK: {{^}$}}
// NZ-LABEL: static void f_bwd(
// NZ: un_b[i] += ck_a{{[0-9]*}};
// NZ: un_b[i] = 0.0;
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
		kc_check_scalar("copy back", fk, fk_d, fk_b, fk_b_d, NULL, v,
				NULL, N, 3);
		kc_check_scalar("un read after", gk, gk_d, gk_b, gk_b_d, NULL,
				v, NULL, N, 3);
		kc_check_scalar("ranges differ", hk, hk_d, hk_b, hk_b_d, NULL,
				v, NULL, N, 3);
	}
	return ck_done();
}
#endif
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
