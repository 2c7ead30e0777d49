// The file already defines a function named f_d that no request reaches:
// ckc still writes its own f_d (the tangent of f), so the output and the
// input no longer link together (two definitions of f_d), against DESIGN
// section 3 ("the output ... links together with the original model.c").
// ckc does report the clash when the other f_d is converted ("cannot
// generate 'f_d': the name is already used"); expected the same here.
// Found while writing testsuite/hostile/ (hostile input).
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(x)
double f(double x) // CHECK: generated-name-clash.c:[[@LINE-1]]:{{[0-9]+}}: error: cannot generate 'f_d': the name is already used
{
	return x * x;
}

double f_d(double x)
{
	return 2.0 * x;
}
