// Two local arrays swapped through pointers in a time loop (the usual
// wave-equation buffer swap, tmp = q; q = p; p = tmp), one of them
// initialized with values of the input, are refused in reverse mode, once
// per pointer, saying what sets it and what the reverse mode follows
// instead: swapped buffers that malloc allocates (adjoint/heap-ping-pong.c),
// or a pointer set to one of two arrays.  (With arrays declared without
// values, or with lists of numbers, the pointers become row indices:
// adjoint/ping-pong.c, adjoint/ping-pong-initialized.c.)
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(v)
double loss(const double *v)
{
	double a[2] = {v[0], v[1]}, b[2] = {0, 0}, *p = a, *q = b, *tmp;
	for (int t = 0; t < 4; t++) {
		q[0] = 2 * p[0] + v[0]; // CHECK: adjoint-pointer-swapped-arrays.c:[[@LINE]]:3: error: 'q' may point into different arrays: it is set from 'p', as when buffers are swapped; the reverse mode follows swapped buffers that malloc allocates, or a pointer set to one of two arrays (their start or an element), read through and passed whole
		// CHECK: adjoint-pointer-swapped-arrays.c:[[@LINE-1]]:14: error: 'p' may point into different arrays: it is set from 'tmp', as when buffers are swapped; the reverse mode follows swapped buffers that malloc allocates, or a pointer set to one of two arrays (their start or an element), read through and passed whole
		tmp = q;
		q = p;
		p = tmp;
	}
	return p[0] * p[0];
}
// CHECK-NOT: error
