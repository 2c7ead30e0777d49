// A static global that is not const cannot be shared with the generated
// file; the error is at the use, with a note at the declaration.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/static-global-not-const.c
// RUN: not %ckc %t.adj/static-global-not-const.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

static double table[2] = {1.0, 2.0}; // CHECK-DAG: static-global-not-const.c:[[@LINE]]:15: note: 'table' declared here

#pragma ck_tangent wrt(x)
double f(double x)
{
	return x * table[1]; // CHECK-DAG: static-global-not-const.c:[[@LINE]]:13: error: static variable 'table' is not const, so the generated code cannot share it; declare it const or remove 'static'
}
