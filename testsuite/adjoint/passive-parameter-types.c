// Parameters and locals of types that carry no derivative are passive,
// whatever their type: a FILE *, a const char **, an unused long double
// and complex (C99 types ckc prints as they are, and refuses where they
// are used: diagnostics/unheld-type-used.c).  The header includes what
// declares FILE.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %cc -c %t.c -o %t.o
// RUN: FileCheck %s --check-prefix=HEADER < %t.h
// HEADER: #include <complex.h>
// HEADER-NEXT: #include <stdio.h>
// RUN: %ckc-run %t.c %s %t > %t.out
#include <complex.h>
#include <stdio.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(double x, FILE *log, const char **names, long double unused,
	 double complex z)
{
	const char *first = names ? names[0] : 0;
	(void)unused;
	(void)z;
	double s = x * x;
	if (log != 0 && first != 0)
		s = s * 3.0;
	return s + x;
}
// CHECK: double f_d(double x, double x_d, FILE *log, const char **names, long double unused, _Complex double z, double *ret_d)
// CHECK: double f_b(double x, double *x_b, FILE *log, const char **names, long double unused, _Complex double z, double ret_b)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static const char *label[] = {"a", "b"};

static double at(double t, void *ctx)
{
	(void)ctx;
	return f(0.7 + t, stdout, label, 1.0L, 2.0);
}

int main(void)
{
	double d, xb = 0.0;
	ck_equal_bits("primal", f_b(0.7, &xb, stdout, label, 1.0L, 2.0, 1.0),
		      f(0.7, stdout, label, 1.0L, 2.0));
	f_d(0.7, 1.0, stdout, label, 1.0L, 2.0, &d);
	ck_close("adjoint", xb, d, 1e-14);
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	ck_close("value", d, 2.0 * 3.0 * 0.7 + 1.0, 1e-14);
	return ck_done();
}
#endif
