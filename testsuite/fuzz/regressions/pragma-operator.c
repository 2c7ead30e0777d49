// The C99 _Pragma operator is the macro-friendly spelling of #pragma, but
// ckc does not see a request written with it: f_d is silently not
// generated (exit 0, an empty output).  Expected: the request honoured (as
// #pragma ck_tangent wrt(x)), or refused with an error at it.
// Found while writing testsuite/hostile/ (malformed pragmas).
// XFAIL: *
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// CHECK: double f_d(double x, double x_d, double *ret_d)

#define REQUEST _Pragma("ck_tangent wrt(x)")

REQUEST
double f(double x)
{
	return x * x;
}
