// A scalar declared outside the loop does not stop the gather form: the
// slope d of this step is a `double d;` of step, so its adjoint d_b lives
// outside the reverse loop, which clears it at the end of each iteration.
// Every iteration but the first starts with d_b = 0, and each contribution
// uses a copy that starts at d_b's value on entry in the first iteration.
// The upwind variant stays as it is: its branch stops the gather form, and
// it touches un_b[i - 1] and un_b[i + 1] each on one side of the branch
// only, which stops the rotation (loads and stores around the loop must
// touch only elements the loop touches).  Gradients and
// Hessian-vector products are checked against differences and are bitwise
// those of --no-gather.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-gather %s -o %t.ng.c
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -include %t.h %s %t.c -o %t.p %ckrt
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -include %t.ng.h %s %t.ng.c -o %t.ng.p %ckrt
// RUN: %t.p > %t.p.out
// RUN: %t.ng.p > %t.ng.p.out
// RUN: cmp %t.p.out %t.ng.p.out
#define N 12

static void step(double *u, double *un, double c)
{
	double d;
	int i;
	for (i = 0; i < N; i++)
		un[i] = u[i];
	for (i = 1; i < N - 1; i++) {
		d = un[i + 1] - un[i - 1];
		u[i] = un[i] - c * d;
	}
}

static void upwind(double *u, double *un, double c)
{
	double d;
	int i;
	for (i = 0; i < N; i++)
		un[i] = u[i];
	for (i = 1; i < N - 1; i++) {
		if (un[i] > 0)
			d = un[i] - un[i - 1];
		else
			d = un[i + 1] - un[i];
		u[i] = un[i] - c * d;
	}
}

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
		step(u, un, 0.3);
		upwind(u, un, 0.2);
	}
	for (i = 0; i < N; i++)
		s += u[i] * u[i] * u[i];
	return s;
}
// CHECK-LABEL: static void step_bwd(double *restrict u_b, double *restrict un_b, double c){{$}}
// CHECK: double [[ENTRY:d_b[0-9]+]] = d_b;
// CHECK: for (ck_j = (int)ck_mlo; ck_j < ck_mhi; ck_j++) {
// CHECK-NEXT: {
// CHECK-NEXT: i = (int)(ck_j + 1);
// CHECK-NEXT: double [[COPY:d_b[0-9]+]] = i == ck_hi - 1 ? [[ENTRY]] : 0.0;
// CHECK: [[COPY]] += c * -ck_a{{[0-9]*}};
// CHECK-NEXT: un_b[i - 1] += -[[COPY]];
// CHECK: i = (int)(ck_j - 1);
// CHECK-NEXT: double [[COPY]] = i == ck_hi - 1 ? [[ENTRY]] : 0.0;
// CHECK: un_b[i + 1] += [[COPY]];
// CHECK: i = (int)ck_hi;
// CHECK-NEXT: for (ck_n{{[0-9]*}} =
// CHECK-NEXT: i--;
// CHECK-NEXT: {
// CHECK-NEXT: u_b[i] = 0.0;
// CHECK-NEXT: d_b = 0.0;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-LABEL: static void upwind_bwd(
// CHECK-NOT: ck_j
// CHECK-NOT: ck_ran
// CHECK: if (
// CHECK-NOT: ck_ran
// The copy loop's adjoint, whose iterations are independent, runs upwards.
// CHECK: for (ck_j = (int)ck_lo; ck_j < ck_hi; ck_j++) {
// CHECK-NEXT: i = (int)ck_j;
// CHECK-NOT: ck_ran
// CHECK: {{^}$}}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

#include <stdio.h>

static int steps;

static void init(double *v)
{
	for (int i = 0; i < N; i++)
		/* both signs, both branches, away from the kink at 0 */
		v[i] = (i / 3 % 2 ? -1 : 1) * (0.3 + 0.2 * ck_rand());
}

#ifdef PRINT_BITS
int main(void)
{
	double v[N], d[N];
	init(v);
	for (int i = 0; i < N; i++)
		d[i] = ck_rand() - 0.5;
	for (steps = 1; steps <= 7; steps += 3) {
		double g[N] = {0}, h[N] = {0};
		printf("%a\n", f_b_d(v, d, g, h, steps, 1.0, 0.0));
		for (int i = 0; i < N; i++)
			printf("  %a %a\n", g[i], h[i]);
	}
	return 0;
}
#else
KC_SCALAR_WRAPPERS(f, steps)

int main(void)
{
	double v[N];
	init(v);
	for (steps = 1; steps <= 7; steps += 3)
		kc_check_scalar("burgers", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL,
				N, 3);
	return ck_done();
}
#endif
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
