// A derivative would flow through an argument whose parameter the
// ck_derivative does not name in wrt(...) or out(...): refused at the
// argument, in both modes; nothing is written.
// RUN: not %ckc -I%S/Inputs %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj.c
// RUN: not %ckc -I%S/Inputs %t.adj.c -o %t.out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.out.c
#include "g.h"
#pragma ck_derivative g wrt(a) tangent(g_d1) adjoint(g_b1)
double g_d1(double a, double a_d, double b, double *ret_d);
double g_b1(double a, double *a_b, double b, double ret_b);

#pragma ck_tangent wrt(x, y)
double f(double x, double y)
{
	double s = g(x, 2.0);
	return s + g(x, y); // CHECK: .c:[[@LINE]]:18: error: a derivative would flow through argument 2 ('b') of 'g', which its ck_derivative does not name in wrt(...) or out(...)
}
