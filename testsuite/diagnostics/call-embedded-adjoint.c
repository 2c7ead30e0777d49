// A call of the file that changes active data, where ckc cannot move it
// into a statement of its own, in reverse mode: an arm of a ?: of
// integers (either arm), of pointers, and a for loop's increment that
// adds the call's integer result.  The tangent refused these; f_b
// accepted them, called the plain function in f_fwd and lost its
// derivative (df/dx = 0 where 6 is right).  Now refused there too.
// RUN: rm -f %t.c
// RUN: bash -c '%ckc %s -o %t.c 2> %t.err; test $? -eq 1'
// RUN: FileCheck %s < %t.err
// RUN: test ! -e %t.c

static int fill(const double *x, double *out)
{
	out[0] += x[0] * x[0];
	return 1;
}

static const double *prep(const double *x, double *out)
{
	out[0] = x[0] * x[0];
	return out;
}

#pragma ck_adjoint wrt(x)
double f(const double *x, int flag)
{
	double b[1] = { 0.0 };
	int m = flag ? fill(x, b) : 0; // CHECK: call-embedded-adjoint.c:[[@LINE]]:17: error: the call to 'fill' cannot be differentiated here, where ckc cannot move it into a statement of its own (a for loop's increment, an arm of a ?: of integers or pointers); assign its result to a variable in a statement of its own
	return b[0] + m;
}

#pragma ck_adjoint wrt(x)
double g(const double *x, int flag)
{
	double b[1] = { 0.0 };
	int m = flag ? 2 : fill(x, b); // CHECK: call-embedded-adjoint.c:[[@LINE]]:21: error: the call to 'fill' cannot be differentiated here
	return b[0] + m;
}

#pragma ck_adjoint wrt(x)
double h(const double *x, int flag)
{
	double B[1] = { 0.0 };
	const double *p = flag ? prep(x, B) : x; // CHECK: call-embedded-adjoint.c:[[@LINE]]:27: error: the call to 'prep' cannot be differentiated here
	return p[0];
}

#pragma ck_adjoint wrt(x)
double k(const double *x)
{
	double b[1] = { 0.0 };
	for (int i = 0; i < 3; i += fill(x, b)) // CHECK: call-embedded-adjoint.c:[[@LINE]]:30: error: the call to 'fill' cannot be differentiated here
		b[0] *= 0.5;
	return b[0];
}
// CHECK-NOT: error
