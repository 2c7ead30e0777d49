// A function with no definition in the file, called on active data.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/unknown-external-active.c
// RUN: not %ckc %t.adj/unknown-external-active.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c
double external_model(double v);

#pragma ck_tangent wrt(x)
double f(double x)
{
	double y = 2.0 * external_model(x * x); // CHECK: unknown-external-active.c:[[@LINE]]:19: error: no definition of 'external_model' in this file; give its derivative with `#pragma ck_derivative external_model ...`, or mark it `ck_inactive`
	return y + external_model(3.0);
}
