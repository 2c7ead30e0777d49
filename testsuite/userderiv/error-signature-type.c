// A user function whose parameter type differs from DESIGN §2's signature
// for the rule's wrt/out: the error names the parameter, a note shows the
// expected prototype; nothing is written.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
double g(double a, double b);
#pragma ck_derivative g wrt(a, b) tangent(g_d) adjoint(g_b)
double g_d(double a, double a_d, double b, double *b_d, double *ret_d);
// CHECK: error-signature-type.c:[[@LINE-1]]:52: error: parameter 4 'b_d' of 'g_d' has type 'double *', but the tangent of 'g' takes 'double b_d' there
// CHECK-NEXT: error-signature-type.c:[[@LINE-3]]:43: note: expected prototype: double g_d(double a, double a_d, double b, double b_d, double *ret_d);
double g_b(double a, double *a_b, double b, double *b_b, double ret_b);

float h(const float *p, float *q);
#pragma ck_derivative h wrt(p) out(q) tangent(h_d) adjoint(h_b)
float h_d(const float *p, float *p_d, float *q, float *q_d, float *ret_d);
// CHECK: error-signature-type.c:[[@LINE-1]]:34: error: parameter 2 'p_d' of 'h_d' has type 'float *', but the tangent of 'h' takes 'const float *p_d' there
// CHECK-NEXT: error-signature-type.c:[[@LINE-3]]:47: note: expected prototype: float h_d(const float *p, const float *p_d, float *q, float *q_d, float *ret_d);
float h_b(const float *p, float *p_b, float *q, float *q_b, float ret_b);

#pragma ck_tangent wrt(x)
double f(double x)
{
	return g(x, 2.0);
}
