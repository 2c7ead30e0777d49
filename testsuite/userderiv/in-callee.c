// The call with a user-supplied derivative sits in a callee (part), called
// once per k: its helpers part_d, part_fwd/part_bwd and their tangents use
// solve_d, solve_b and solve_b_d (from examples/linsolve), A and b are read
// again in the reverse sweep (nothing changes them), x is taped.
// Gradient against Richardson differences and f_d; f_b_d against
// differences of gradients (ck_check_hvp).
// RUN: %ckc -I%srcroot/examples/linsolve %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%srcroot/examples/linsolve %srcroot/examples/linsolve/linsolve.c > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include "linsolve.h"
#pragma ck_derivative solve wrt(A, b) out(x) tangent(solve_d) adjoint(solve_b) hvp(solve_b_d)

static double part(const double *A, const double *b, int k)
{
	double x[3];
	solve(3, A, b, x);
	return x[k] * x[k];
}

#pragma ck_tangent wrt(A, b)
#pragma ck_adjoint wrt(A, b)
#pragma ck_hvp wrt(A, b)
double f(const double *A, const double *b)
{
	double s = 0;
	for (int k = 0; k < 3; k++)
		s += part(A, b, k) * (k + 1);
	return s;
}
// CHECK-LABEL: static double part_d(const double *A, const double *A_d, const double *b, const double *b_d, int k, double *ret_d){{$}}
// CHECK: solve_d(3, A, A_d, b, b_d, x, x_d);
// CHECK-LABEL: static double part_fwd(const double *A, const double *b, int k){{$}}
// CHECK: ck_push_nd(ck_t, x, 3);
// CHECK-NEXT: solve(3, A, b, x);
// CHECK-LABEL: static void part_bwd(const double *A, double *restrict A_b, const double *b, double *restrict b_b, int k, double ret_b){{$}}
// CHECK: ck_pop_nd(ck_t, x2, 3);
// CHECK-NEXT: solve_b(3, A, A_b, b, b_b, x2, x_b);
// CHECK-LABEL: static void part_bwd_d(
// CHECK: solve_b_d(3, A, A_d, A_b, A_bd, b, b_d, b_b, b_bd, x2, x2_d, x_b, x_bd);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define P 12 /* A (9), then b (3) */

static double p0[P], v[P];

static void grad(const double *p, double *gr, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		gr[i] = 0.0;
	f_b(p, gr, p + 9, gr + 9, 1.0);
}

static double hvp(const double *p, const double *pd, double *pb, double *pbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return f_b_d(p, pd, pb, pbd, p + 9, pd + 9, pb + 9, pbd + 9, rb, qb);
}

static double at(double t, void *ctx)
{
	double q[P];
	(void)ctx;
	for (int i = 0; i < P; i++)
		q[i] = p0[i] + t * v[i];
	return f(q, q + 9);
}

int main(void)
{
	double u[P], gr[P], d, dot = 0.0;
	for (int i = 0; i < P; i++) {
		p0[i] = 0.3 * ck_rand() + (i < 9 && i % 4 == 0 ? 2.0 : 0.0);
		v[i] = ck_rand();
		u[i] = ck_rand();
	}
	grad(p0, gr, P, NULL);
	ck_equal_bits("primal", f_d(p0, v, p0 + 9, v + 9, &d), f(p0, p0 + 9));
	for (int i = 0; i < P; i++)
		dot += gr[i] * v[i];
	ck_close("dot product", dot, d, 1e-12);
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	ck_check_hvp("in a callee", hvp, grad, NULL, p0, v, u, NULL, P, 0.75,
		     -1.25);
	return ck_done();
}
#endif
