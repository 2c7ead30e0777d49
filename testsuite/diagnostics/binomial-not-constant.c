// binomial(K) needs a constant: a macro that expands to something else
// is refused at its use, with a note at the macro.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

#define SNAPS (2 * steps)

#pragma ck_adjoint wrt(x)
double f(double x, int steps)
{
// CHECK: binomial-not-constant.c:[[@LINE+1]]:32: error: binomial() takes a positive integer constant: 'steps' is not a macro or an enum constant
#pragma ck_checkpoint binomial(SNAPS)
// CHECK-NEXT: binomial-not-constant.c:[[@LINE-7]]:9: note: in the expansion of macro 'SNAPS'
	for (int i = 0; i < steps; i++)
		x = x * 0.5;
	return x;
}
