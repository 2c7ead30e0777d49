// A pointer to floating data made from an integer other than the null
// constant 0 has no array ckc can follow: refused at the cast, once.
// ((double *)0 is a null pointer: adjoint/null-pointer-cast.c.)  Nothing
// is written.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x)
double f(const double *x, long addr)
{
	const double *p = (const double *)addr; // CHECK: pointer-from-integer.c:[[@LINE]]:20: error: ckc cannot follow derivatives through a pointer made from an integer; use pointer arithmetic on the array instead
	return x[0] * p[0];
}
