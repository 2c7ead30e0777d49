// Active data stored in a struct's void or char pointer member, and cast
// back in a helper (a byte buffer, an opaque payload): ckc follows no
// derivative through such a member, so it refuses the store, in every
// mode, instead of dropping the derivative (f_d and f_b gave zeros, or
// the output did not compile, or ckc stopped with an internal error).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

typedef struct {
	const char *bytes;
	int n;
} buf;

static double total(const buf *b)
{
	const double *d = (const double *)b->bytes;
	double s = 0.0;
	for (int i = 0; i < b->n; i++)
		s += d[i] * d[i];
	return s;
}

#pragma ck_tangent wrt(x)
double bytes(const double *x, int n)
{
	buf b = { (const char *)x, n }; // CHECK: void-pointer-member.c:[[@LINE]]:6: error: member 'bytes' points to active data here, but its type holds no floating-point data (a void or char pointer), through which ckc follows no derivatives; give it the type of the data it points to
	return total(&b);
}

typedef struct {
	const void *data;
} payload;

#pragma ck_adjoint wrt(x)
double opaque(const double *x)
{
	payload p;
	p.data = x; // CHECK: void-pointer-member.c:[[@LINE]]:2: error: member 'data' points to active data here
	const double *d = p.data;
	return d[0] * d[1];
}
