// A checkpoint region, or a binomial or online step, that changes a
// static local (a call counter in a helper it calls) is refused: the
// reverse sweep runs it again, which changes the static again, and the
// recomputation starts from its later value.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <math.h>

static double kick(double u)
{
	static int cnt;
	cnt++;
	return u + 0.1 * sin(u) * (cnt % 3);
}

#pragma ck_adjoint wrt(x)
double f(const double *x)
{
	double u = x[0];
#pragma ck_checkpoint binomial(2) // CHECK: region-static-local.c:[[@LINE]]:9: error: this binomial(K) loop changes the static local 'cnt' (itself or in a function it calls), but the reverse sweep runs it again, and it would change it again; change it outside it, or keep the value in a local
	for (int k = 0; k < 4; k++)
		u = kick(u);
	return u;
}
// CHECK-NOT: error:
