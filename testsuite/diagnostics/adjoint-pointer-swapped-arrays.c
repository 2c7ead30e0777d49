// Two local arrays swapped through pointers in a time loop (the usual
// wave-equation buffer swap, tmp = q; q = p; p = tmp), one of them
// initialized with values of the input, are refused in reverse mode, once
// per pointer, saying what sets it and why the reverse mode does not
// follow these swapped arrays (it said what it follows instead: swapped
// buffers that malloc allocates, or a pointer set to one of two arrays);
// members of a local struct are named as the source names them (g.p, not
// ckc's local g_p).  (With arrays declared without values, or with lists
// of numbers, the pointers become row indices: adjoint/ping-pong.c,
// adjoint/ping-pong-initialized.c; arrays of rows take only zeros,
// checkpoint/ping-pong-rows.c.)
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(v)
double loss(const double *v)
{
	double a[2] = {v[0], v[1]}, b[2] = {0, 0}, *p = a, *q = b, *tmp;
	for (int t = 0; t < 4; t++) {
		q[0] = 2 * p[0] + v[0]; // CHECK: adjoint-pointer-swapped-arrays.c:[[@LINE]]:3: error: 'q' may point into different arrays: it is set from 'p', as when buffers are swapped; the reverse mode follows swapped local arrays, but not these: 'a' is declared with values other than numbers
		// CHECK: adjoint-pointer-swapped-arrays.c:[[@LINE-1]]:14: error: 'p' may point into different arrays: it is set from 'tmp', as when buffers are swapped; the reverse mode follows swapped local arrays, but not these: 'a' is declared with values other than numbers
		tmp = q;
		q = p;
		p = tmp;
	}
	return p[0] * p[0];
}

/* the pointers as members of a local struct, which ckc splits into one
 * local per member: named as the source names them */
typedef struct {
	double *p, *pold;
} grid;

#pragma ck_adjoint wrt(v)
double loss2(const double *v)
{
	double a[2] = {v[0], 0}, b[2] = {0, 0};
	grid g = { a, b };
	double *tmp;
	for (int t = 0; t < 4; t++) {
		g.pold[0] = 2 * g.p[0] + v[1]; // CHECK: adjoint-pointer-swapped-arrays.c:[[@LINE]]:5: error: 'g.pold' may point into different arrays: it is set from 'g.p', as when buffers are swapped; the reverse mode follows swapped local arrays, but not these: 'a' is declared with values other than numbers
		// CHECK: adjoint-pointer-swapped-arrays.c:[[@LINE-1]]:21: error: 'g.p' may point into different arrays: it is set from 'tmp', as when buffers are swapped; the reverse mode follows swapped local arrays, but not these: 'a' is declared with values other than numbers
		tmp = g.pold;
		g.pold = g.p;
		g.p = tmp;
	}
	return g.p[0] * g.p[0];
}
/* arrays of rows declared with values other than zeros */
#pragma ck_adjoint wrt(v)
double loss3(const double *v)
{
	double A[2][2] = { { 1, 0 }, { 0, 1 } }, B[2][2];
	double (*cur)[2] = A, (*nxt)[2] = B, (*tmp)[2];
	for (int t = 0; t < 4; t++) {
		nxt[0][0] = v[0] * cur[0][0]; // CHECK: adjoint-pointer-swapped-arrays.c:[[@LINE]]:3: error: 'nxt' may point into different arrays: it is set from 'tmp', as when buffers are swapped; the reverse mode follows swapped local arrays, but not these: 'A' is an array of rows or structs declared with values other than zeros
		// CHECK: adjoint-pointer-swapped-arrays.c:[[@LINE-1]]:22: error: 'cur' may point into different arrays: it is set from 'nxt', as when buffers are swapped; the reverse mode follows swapped local arrays, but not these: 'A' is an array of rows or structs declared with values other than zeros
		tmp = cur;
		cur = nxt;
		nxt = tmp;
	}
	return cur[0][0];
}
// CHECK-NOT: error
