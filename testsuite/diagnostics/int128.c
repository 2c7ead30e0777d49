// __int128 is not C99, the language of ckc's output.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x)
double f(double x, int n)
{
	__int128 k = n; // CHECK: int128.c:[[@LINE]]:11: error: '__int128' is not C99, which ckc writes; use long long
	return x * (double)k;
}
