// A local pointer that points into a local array and then into a
// parameter (a layer's input: x, then the hidden state below) and that
// the function also writes through is refused in reverse mode, once, at
// the first use of the pointer, naming the pointer only: the arrays it
// points into are fine where they are used by name.  (Only read through and passed
// whole, it is accepted: adjoint/pointer-two-arrays.c.)
// RUN: rm -f %t.c
// RUN: bash -c '%ckc %s -o %t.c 2> %t.err; test $? -eq 1'
// RUN: FileCheck %s < %t.err
// RUN: test ! -e %t.c

static void cell(const double *x, double *h)
{
	h[0] = h[0] * x[0];
}

#pragma ck_adjoint wrt(a, h) out(h)
double f(const double *a, double *h, int nl)
{
	double x[1];
	double *in = x;
	x[0] = a[0];
	for (int l = 0; l < nl; l++) {
		cell(in, &h[l]); // CHECK: adjoint-pointer-two-arrays-names.c:[[@LINE]]:8: error: 'in' may point into different arrays; the reverse mode takes such a pointer only when it is set to one of two arrays (their start or an element), read through and passed whole
		in = &h[l];
	}
	in[0] *= 0.5;
	return in[0];
}
// CHECK-NOT: error:
