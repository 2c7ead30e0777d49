// Statement layout: one statement per line, one tab per level, K&R braces,
// every if/loop body braced, else-if chains flat, for clauses with several
// declarations or increments, checkpoint pragmas kept as comments.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck --strict-whitespace %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t

#pragma ck_tangent wrt(x)
double f(double x, int n)
{
	double s = 0.0;
	if (n < 0)
		s = -x;
	else if (n == 0)
		s = x;
	else
		for (int i = 0, j = n; i < j; i++, j--)
			s += x * i;
	{
		double t = s;
		s = t * t;
	}
	while (n > 3)
		n--;
	do
		s *= 0.5;
	while (s > 10.0);
#pragma ck_checkpoint
	for (int k = 0; k < 2; k++)
		s = s + x;
	return s;
}
// CHECK-LABEL: {{^}}double f_d(double x, double x_d, int n, double *ret_d)
// CHECK-NEXT: {{^}}{
// CHECK:      {{^}}	if (n < 0) {
// CHECK:      {{^}}		s = -x;
// CHECK-NEXT: {{^}}	} else if (n == 0) {
// CHECK:      {{^}}		s = x;
// CHECK-NEXT: {{^}}	} else {
// CHECK:      {{^}}		for (int i = 0, j = n; i < j; i++, j--) {
// CHECK:      {{^}}			s += x * i;
// CHECK-NEXT: {{^}}		}
// CHECK-NEXT: {{^}}	}
// CHECK-NEXT: {{^}}	{
// CHECK:      {{^}}		double t = s;
// CHECK:      {{^}}		s = t * t;
// CHECK-NEXT: {{^}}	}
// CHECK:      {{^}}	while (n > 3) {
// CHECK-NEXT: {{^}}		n--;
// CHECK-NEXT: {{^}}	}
// CHECK-NEXT: {{^}}	do {
// CHECK:      {{^}}		s *= 0.5;
// CHECK-NEXT: {{^}}	} while (s > 10.0);
// CHECK-NEXT: {{^}}	/* ck_checkpoint */
// CHECK-NEXT: {{^}}	for (int k = 0; k < 2; k++) {
// CHECK:      {{^}}	return s;
// CHECK-NEXT: {{^}}}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static int n;
static double at(double h, void *ctx)
{
	return f(*(double *)ctx + h, n);
}

int main(void)
{
	for (n = -1; n < 6; n++) {
		double x = 0.4 + 0.1 * n, d;
		ck_equal_bits("primal", f_d(x, 1.0, n, &d), f(x, n));
		ck_close("tangent", d, ck_richardson(at, &x, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
