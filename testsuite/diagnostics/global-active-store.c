// Storing an active value in a global variable is refused: here the
// value is a result that nothing in the call reads again, not scratch.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/global-active-store.c
// RUN: not %ckc %t.adj/global-active-store.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c
double last_value;

#pragma ck_tangent wrt(x)
double f(double x)
{
	last_value = x * 2.0; // CHECK: global-active-store.c:[[@LINE]]:2: error: a derivative would flow into global variable 'last_value', which ckc does not support; keep it inactive or pass the data as a parameter (a global that one function overwrites whole before reading it, and that only it and helpers it alone calls use, is scratch and may carry derivatives: the first statement of that function that mentions it assigns all of it, as a counted loop over its whole length, a memcpy or memset, or stores to each element by constant indices)
	return x;
}
