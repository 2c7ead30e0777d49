// A derivative flowing into a pointer parameter named in neither wrt() nor
// out() is refused, naming the parameter.
// ck_hvp refuses it as ck_tangent and ck_adjoint do.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_hvp wrt(x)
double f(double x, double *scratch)
{
	scratch[0] = x * x; // CHECK: hvp-pointer-param-not-named.c:[[@LINE]]:2: error: a derivative flows into 'scratch', a pointer parameter of 'f' named in neither wrt() nor out(); add it to out()
	return scratch[0] + x;
}
// CHECK: hvp-pointer-param-not-named.c:8:28: note: 'scratch' declared here
