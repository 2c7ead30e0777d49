// A ck_inactive call in a function that a binomial(K) loop calls: the
// steps the reverse sweep recomputes would call it again.  The error
// points at the call, with notes at the call in the loop and at the
// pragma.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

int tick(void);
#pragma ck_inactive tick

static double step(double u)
{
	return u * 0.5 + 0.01 * tick(); // CHECK: inactive-in-binomial-callee.c:[[@LINE]]:26: error: the ck_inactive function 'tick' must not run twice, but a recomputation of this binomial(K) loop would call it again; call it outside the binomial(K) loop and pass its result in
}

#pragma ck_adjoint wrt(u)
double f(double u, int n)
{
// CHECK-NEXT: inactive-in-binomial-callee.c:[[@LINE+4]]:7: note: called from the binomial(K) loop here
// CHECK-NEXT: inactive-in-binomial-callee.c:[[@LINE+1]]:9: note: the binomial(K) loop, which the reverse sweep recomputes, is here
#pragma ck_checkpoint binomial(3)
	for (int t = 0; t < n; t++)
		u = step(u) * u;
	return u;
}
