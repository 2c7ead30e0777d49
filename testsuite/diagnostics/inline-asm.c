// Inline assembly is refused.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/inline-asm.c
// RUN: not %ckc %t.adj/inline-asm.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double f(double x)
{
	__asm__ volatile("" ::: "memory"); // CHECK: inline-asm.c:[[@LINE]]:2: error: inline assembly is not supported
	return x * x;
}
