// Storing an active value through a local pointer into a global struct's
// array (double *a = W.aux; a[0] = in[0]) is refused as a store into the
// global itself is, at the store, with the pointer's assignment as the
// note: the tangent stopped with an internal error, the reverse modes
// said they could not tell which array 'a' points into.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode and in second order:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/global-active-store-through-pointer.c
// RUN: not %ckc %t.adj/global-active-store-through-pointer.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c
// RUN: sed 's/ck_tangent/ck_hvp/' %s > %t.adj/global-active-store-through-pointer.c
// RUN: not %ckc %t.adj/global-active-store-through-pointer.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c
struct ws {
	double aux[2];
};
struct ws W;

#pragma ck_tangent wrt(in) out(out)
void f(const double *in, double *out)
{
	double *a = W.aux;
	a[0] = in[0]; // CHECK: global-active-store-through-pointer.c:[[@LINE]]:2: error: a derivative would flow into global variable 'W' through 'a', which ckc does not support; keep the global inactive, or pass the data as a parameter (or use a local array)
	// CHECK-NEXT: global-active-store-through-pointer.c:[[@LINE-2]]:10: note: 'a' points into 'W' here
	// CHECK-NOT: error
	out[0] = a[0];
}
