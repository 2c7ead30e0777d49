// Constant tables of structs (and single constant structs), at file
// scope or static const in the function: coefficient tables of a series (each entry a weight, an
// exponent and a flag), entries with an array and a struct member (the
// elements a member leaves out are zero).  ckc keeps their initializers,
// braced per entry and per member as -Wmissing-braces wants, and the
// reverse sweep reads the table as f declares it instead of taping what
// it read.  Gradients, Hessian-vector products and the dot-product test
// against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 6

typedef struct {
	double c, e;
	int use;
} term;

static const term terms[4] = {
	{ 1.0, 0.5, 1 }, { -0.3, 1.5, 1 }, { 2.0, 2.0, 0 }, { 0.7, -1.0, 1 },
};
// CHECK: static const term terms[4] = {{[{][{]}}1.0, 0.5, 1}, {-0.3, 1.5, 1}, {2.0, 2.0, 0}, {0.7, -1.0, 1{{[}][}]}};

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double series(const double *x)
{
	double s = 0.0;
	for (int i = 0; i < N; i++)
		for (int k = 0; k < 4; k++)
			if (terms[k].use)
				s += terms[k].c * pow(x[i], terms[k].e);
	return s;
}

typedef struct {
	int k;
	double s;
} shift;

typedef struct {
	double w[2];
	shift in;
} entry;

static const entry tab[3] = { { { 1.0, 2.0 }, { 0, 0.5 } },
			      { { -1.0 }, { 2, 1.5 } },
			      { { 0.25, 0.75 }, { 1, 0.0 } } };
// CHECK: static const entry tab[3] = {{[{][{]}}{1.0, 2.0}, {0, 0.5{{[}][}]}}, {{[{][{]}}-1.0, 0}, {2, 1.5{{[}][}]}}, {{[{][{]}}0.25, 0.75}, {1, 0.0{{[}][}]}}};

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double mixed(const double *x)
{
	static const term pick[2] = { { 2.0, 1.0, 1 }, { -0.5, 3.0, 3 } };
	double s = 0.0;
	for (int i = 0; i < N; i++)
		for (int e = 0; e < 3; e++)
			s += tab[e].w[0] * x[(i + tab[e].in.k) % N] *
				     sin(tab[e].in.s * x[i]) +
			     tab[e].w[1] * x[i];
	for (int p = 0; p < 2; p++)
		s += pick[p].c * x[pick[p].use] * x[pick[p].use] * pick[p].e;
	return s;
}
// CHECK-LABEL: static void mixed_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK: static const term pick[2] = {{[{][{]}}2.0, 1.0, 1}, {-0.5, 3.0, 3{{[}][}]}};
// CHECK: x_b[pick[p].use] +=

typedef struct {
	int k;
	double w[3];
	double c;
} params;

static const params G = { 2, { 0.5, -1.0, 2.0 }, 0.25 };

/* single constant structs of parameters, at file scope and static const
 * in the function */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double single(const double *x)
{
	static const params L = { 1, { 1.5, 0.5, 0.0 }, -0.75 };
	double s = 0.0;
	for (int i = 0; i < N; i++)
		s += G.w[i % 3] * x[(i + G.k) % N] * sin(L.c * x[i]) +
		     L.w[i % 2] * x[(i + L.k) % N] * x[i] + G.c;
	return s;
}
// CHECK-LABEL: static void single_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK: static const params L = {1, {1.5, 0.5, 0.0}, -0.75};
// CHECK: x_b[(i + L.k) % 6] +=

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN_AS(kseries, series)
KC_SCALAR_WRAPPERS_PLAIN_AS(kmixed, mixed)
KC_SCALAR_WRAPPERS_PLAIN_AS(ksingle, single)

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = 0.3 + 0.6 * fabs(ck_rand());
	kc_check_scalar("a global table of structs", kseries, kseries_d,
			kseries_b, kseries_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("nested members, a static const local table", kmixed,
			kmixed_d, kmixed_b, kmixed_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("single constant structs", ksingle, ksingle_d,
			ksingle_b, ksingle_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
