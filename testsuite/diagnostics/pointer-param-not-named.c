// A derivative flowing into a pointer parameter named in neither wrt() nor
// out() is refused, naming the parameter.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/pointer-param-not-named.c
// RUN: not %ckc %t.adj/pointer-param-not-named.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double f(double x, double *scratch)
{
	scratch[0] = x * x; // CHECK: pointer-param-not-named.c:[[@LINE]]:2: error: a derivative flows into 'scratch', a pointer parameter of 'f' named in neither wrt() nor out(); add it to out()
	return scratch[0] + x;
}
// CHECK: pointer-param-not-named.c:12:28: note: 'scratch' declared here
