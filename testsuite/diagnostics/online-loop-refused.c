// What online(K) refuses in the loop, at its location: a body that moves
// a pointer, named as the source names it (a parameter moved with *x++ is
// the parameter x, not ckc's copy of it).  (A condition that calls a function of the file becomes
// tests at the top of the body, which the recomputations run too:
// checkpoint/online-call-condition.c.)
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x)
double f7(const double *x, int n)
{
	double s = 0.0;
	const double *p = x;
#pragma ck_checkpoint online(4)
	while (p < x + n) {
		s += *p * *p;
		// CHECK: online-loop-refused.c:[[@LINE+1]]:3: error: the body of this online(K) loop moves the pointer 'p'; index from a fixed pointer instead
		p++;
	}
	return s;
}

#pragma ck_adjoint wrt(x)
double g7(const double *x, int n)
{
	double s = 0.0, v;
#pragma ck_checkpoint online(2)
	while (n--) {
		// CHECK: online-loop-refused.c:[[@LINE+1]]:3: error: the body of this online(K) loop moves the pointer 'x'; index from a fixed pointer instead
		v = *x++;
		s = s * 0.5 + v * v;
	}
	return s;
}
