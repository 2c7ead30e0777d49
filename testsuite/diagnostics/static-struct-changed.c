// A static local struct with an initializer that the function changes
// (a counter member, M.cnt++) keeps its value from call to call: it is
// refused, not made const (which did not compile) nor set again at every
// call (which changed what f computes).
// RUN: rm -f %t.c
// RUN: bash -c '%ckc %s -o %t.c 2> %t.err; test $? -eq 1'
// RUN: FileCheck %s < %t.err
// RUN: test ! -e %t.c
typedef struct {
	int cnt;
	double scale;
} memo;

#pragma ck_tangent wrt(x)
double f(const double *x)
{
	static memo M = { 0, 2.0 }; // CHECK: static-struct-changed.c:[[@LINE]]:14: error: static local 'M' keeps its value from call to call, which no derivative follows; make it a parameter, or overwrite it whole before the function reads it (then it is scratch)
	M.cnt++;
	return M.scale * x[0] * x[0];
}
// CHECK-NOT: error:
