// A static const table of structs written with designated initializers,
// { .c = 0.5, .p = 2 }, also out of order and with members left out (zero)
// or following a designated one, and by index, [2] = { ... } (entries
// left out zero; an entry of a table of structs was refused as a nested
// list): the generated code declares the same table with its members in
// order.  Gradients, Hessian-vector products
// and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 3

typedef struct {
	double c;
	int p;
	double s;
} term;

static const term T[] = {
	{ .c = 0.5, .p = 2 },
	{ .c = -1.5, .p = 1, 0.25 },
	{ .s = 2.0, .p = 1 },
};

static const term U[4] = {
	[2] = { .c = 0.75, .p = 3 },
	[0] = { 1.0, 1, 0.5 },
};

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double r = 1.0;
	for (int i = 0; i < N; i++)
		for (unsigned k = 0; k < sizeof T / sizeof T[0]; k++)
			r += T[k].c * pow(x[i], T[k].p) + T[k].s * x[i];
	for (int i = 0; i < N; i++)
		for (int k = 0; k < 4; k++)
			r += U[k].c * pow(x[i], U[k].p) * U[k].s + U[k].c * x[i];
	return r;
}
// CHECK: static const term T[3] = {{[{][{]}}0.5, 2, 0}, {-1.5, 1, 0.25}, {0, 1, 2.0{{[}][}]}};
// CHECK: static const term U[4] = {{[{][{]}}1.0, 1, 0.5}, {0, 0, 0}, {0.75, 3, 0}, {0, 0, 0{{[}][}]}};

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {0.3, -0.7, 1.1};
	kc_check_scalar("designated table of structs", kf, kf_d, kf_b, kf_b_d,
			NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
