// Counted loops with literal bounds put nothing on the tape: f_fwd keeps
// no iteration counters, and the indices i and j (mentioned only by their
// loops) are not pushed before their inits nor where f returns; f_bwd
// computes each trip count and sets each index to its exit value before
// the reversed loop.  The inner loop runs once per outer iteration and
// still tapes nothing.  The gradient is checked against differences and
// the tangent, and is bitwise the one --no-counted-loops gives.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
// RUN: %ckc --no-counted-loops %s -o %t.nc.c
// RUN: %cc -DCK_TEST_MAIN -DPRINT_XB -include %t.h %s %t.c -o %t.p %ckrt
// RUN: %cc -DCK_TEST_MAIN -DPRINT_XB -include %t.nc.h %s %t.nc.c -o %t.nc.p %ckrt
// RUN: %t.p > %t.p.out
// RUN: %t.nc.p > %t.nc.p.out
// RUN: cmp %t.p.out %t.nc.p.out
#include <math.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(const double *x, const double *w)
{
	double s = 0.0;
	int i, j;
	for (i = 0; i < 8; i++)
		for (j = 0; j < 8; j++)
			s += x[i] * w[i * 8 + j] * x[j];
	return s;
}
// CHECK-LABEL: static double f_fwd(const double *x, const double *w){{$}}
// CHECK-NOT: ck_push_i
// CHECK-NOT: ck_n
// CHECK: return s;
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, const double *w, double ret_b){{$}}
// CHECK-NOT: ck_pop_i
// CHECK: i = 8;
// CHECK-NEXT: for (ck_n = 8; ck_n > 0; ck_n--) {
// CHECK-NEXT: i--;
// CHECK: j = 8;
// CHECK-NEXT: for (ck_n2 = 8; ck_n2 > 0; ck_n2--) {
// CHECK-NEXT: j--;
// CHECK-NOT: ck_pop_i
// CHECK: {{^}$}}
// OUT: 3 checks, 0 failed

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double w[64];
static double x0[8];
static int k;

static double at(double t, void *ctx)
{
	double x[8];
	(void)ctx;
	for (int i = 0; i < 8; i++)
		x[i] = x0[i] + (i == k ? t : 0.0);
	return f(x, w);
}

int main(void)
{
	double xb[8] = {0}, xd[8], d, dot = 0.0, fd = 0.0;
	for (int i = 0; i < 64; i++)
		w[i] = 0.3 + 0.01 * i;
	for (int i = 0; i < 8; i++) {
		x0[i] = 0.2 * i - 0.5;
		xd[i] = 1.0 - 0.1 * i;
	}
	ck_equal_bits("primal", f_b(x0, xb, w, 1.0), f(x0, w));
	f_d(x0, xd, w, &d);
	for (int i = 0; i < 8; i++) {
#ifdef PRINT_XB
		printf("x_b[%d] = %a\n", i, xb[i]);
#endif
		dot += xb[i] * xd[i];
		k = i;
		fd += fabs(xb[i] - ck_richardson(at, NULL, CK_FD_H));
	}
	ck_check("dot product", fabs(dot - d) <= 1e-12 * fabs(d));
	ck_check("differences", fd < 1e-8);
	return ck_done();
}
#endif
