// stdio output of active values prints as f prints, once: in f_d, f_b and
// f_b_d each output statement runs exactly as often as in f, also in a
// checkpoint region and in a binomial(K) loop that the reverse sweep
// recomputes, and in a function the region calls.  The test prints a
// marker before each generated function and counts the lines between; the
// derivatives match the ones of --no-checkpoint bit for bit, and the
// gradient, the tangent and the Hessian-vector product are checked against
// differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.plain.out
// RUN: cmp %t.out %t.plain.out
#include <math.h>
#include <stdio.h>

double report(double a)
{
	printf("report %.3f\n", a);
	return a * a;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double s = 0.0, u = 1.0;
	for (int i = 0; i < n; i++) {
#pragma ck_checkpoint
		{
			s += sin(x[i]) * u;
			u = u * 0.5 + s * s;
			printf("region %d s=%.3f\n", i, s);
			s += report(x[i]);
		}
	}
	fprintf(stdout, "after regions %.3f\n", s);
	puts("puts line");
#pragma ck_checkpoint binomial(2)
	for (int t = 0; t < 6; t++) {
		u = u * cos(s) + 0.1 * x[t % n];
		fprintf(stdout, "step %d u=%.3f\n", t, u);
		fputs("fputs ", stdout);
		putchar('o');
		fputc('k', stdout);
		putc('\n', stdout);
	}
	return s * u;
}
// CHECK-LABEL: double f_b(const double *x, double *x_b, int n, double ret_b){{$}}
// CHECK: ck_recompute_enter();
// CHECK-NEXT: f_bwd(
// CHECK-NEXT: ck_recompute_leave();
// CHECK-LABEL: static double f_fwd(const double *x, int n){{$}}
// CHECK: if (!ck_recomputing()) {
// CHECK-NEXT: printf("region %d s=%.3f\n", i, s);

// Per call of f: 3 region lines, 3 report lines, 2 lines after the
// regions, 6 steps of 2 lines: 20 lines.
// OUT-LABEL: == f
// OUT-COUNT-20: {{^(region|report|after|puts|step|fputs ok)}}
// OUT-NEXT: == f_d
// OUT-COUNT-20: {{^(region|report|after|puts|step|fputs ok)}}
// OUT-NEXT: == f_b
// OUT-COUNT-20: {{^(region|report|after|puts|step|fputs ok)}}
// OUT-NEXT: == f_b_d
// OUT-COUNT-20: {{^(region|report|after|puts|step|fputs ok)}}
// OUT-NEXT: == end
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

#define N 3
static double x0[N] = {0.3, -0.7, 1.1}, v[N] = {0.5, 0.25, -1.0};

static double at(double t, void *ctx)
{
	double x[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		x[i] = x0[i] + t * v[i];
	return f(x, N);
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	f_b(x, g, n, 1.0);
}

int main(void)
{
	double xb[N] = {0}, xb2[N] = {0}, xbd[N] = {0}, hv[N], d, y[4];
	printf("== f\n");
	y[0] = f(x0, N);
	printf("== f_d\n");
	y[1] = f_d(x0, v, N, &d);
	printf("== f_b\n");
	y[2] = f_b(x0, xb, N, 1.0);
	printf("== f_b_d\n");
	y[3] = f_b_d(x0, v, xb2, xbd, N, 1.0, 0.0);
	printf("== end\n");
	/* from here on the checks call f and f_b again: more lines */
	for (int i = 1; i < 4; i++)
		ck_equal_bits("primal", y[i], y[0]);
	ck_close("dot product", ck_dot(xb, v, N), d, 1e-12);
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	ck_close_vec("f_b_d x_b", xb2, xb, N, 1e-12);
	ck_hvp_richardson(grad, NULL, x0, v, N, CK_FD_H, hv);
	ck_close_vec("H v", xbd, hv, N, CK_HVP_RTOL);
	return ck_done();
}
#endif
