// Inline assembly is refused.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(x)
double f(double x)
{
	__asm__ volatile("" ::: "memory"); // CHECK: inline-asm.c:[[@LINE]]:2: error: inline assembly is not supported
	return x * x;
}
