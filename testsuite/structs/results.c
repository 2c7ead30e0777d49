// Helpers that return structs: ckc makes them fill the struct through a
// pointer (make_sret(x, y, &p)), in every mode; a result returned from
// another call (return make(...)) and a result assigned to a variable
// declared earlier (q = twice(...)).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr -I%S > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
#include <math.h>

#include "Inputs/pair.h"

static struct pair make(double x, double y)
{
	struct pair p;
	p.a = sin(x) * y;
	p.b = x * y;
	return p;
}

static struct pair twice(double x)
{
	return make(x, 2.0 * x);
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(double x)
{
	struct pair p = make(x, x * x);
	struct pair q;
	q = twice(p.a);
	return p.a * p.b + q.a * q.b;
}
// CHECK-LABEL: double f_d(double x, double x_d, double *ret_d){{$}}
// CHECK: make_sret_d(x, x_d, x * x, 2.0 * (x_d * x), &p, &p_d);
// CHECK: twice_sret_d(p.a, p_d.a, &q, &q_d);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double t, void *ctx)
{
	return f(*(const double *)ctx + t);
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	g[0] = 0.0;
	f_b(x[0], g, 1.0);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return f_b_d(x[0], xd[0], xb, xbd, rb, qb);
}

int main(void)
{
	for (int k = 0; k < 5; k++) {
		double x = 0.3 + 0.4 * k, d, g = 0.0, v = 1.0, u = -0.5;
		ck_equal_bits("primal", f_d(x, 1.0, &d), f(x));
		ck_close("f_d against differences", d,
			 ck_richardson(at, &x, CK_FD_H), 1e-8);
		ck_equal_bits("primal of f_b", f_b(x, &g, 1.0), f(x));
		ck_close("f_b against f_d", g, d, 1e-13);
		ck_check_hvp("f_b_d", hvp, grad, NULL, &x, &v, &u, NULL, 1, 0.5,
			     3.0);
	}
	return ck_done();
}
#endif
