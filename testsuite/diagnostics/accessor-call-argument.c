// An accessor (adjoint/accessor.c) is written in place only where its
// arguments call nothing: here an argument calls a function of the file,
// so the call stays, and its pointer result into active data is refused
// as any other.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

static double *row(double *A, int i, int n)
{
	return A + i * n; // CHECK: accessor-call-argument.c:[[@LINE]]:2: error: 'row' returns a pointer to active data, which ckc cannot differentiate yet; let the caller pass the buffer as a parameter
}

static int pick(int i)
{
	return i % 2;
}

#pragma ck_adjoint wrt(A)
double f(double *A, int n)
{
	double *r = row(A, pick(n), n);
	return r[0] * r[1];
}
// CHECK-NOT: error
