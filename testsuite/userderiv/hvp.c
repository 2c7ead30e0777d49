// Second order: f_b_d is the tangent of f_b, so the user's g_d and upd_d
// replace g and upd in its forward sweep, and the hvp functions g_b_d and
// upd_b_d replace g_b and upd_b in its reverse sweep (shadows follow their
// arguments, null where there is no derivative).
// f_b_d against Richardson differences of gradients (f_b), symmetry,
// accumulation (ck_check_hvp).
// RUN: %ckc -I%S/Inputs %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S/Inputs %S/Inputs/g.c %S/Inputs/upd.c > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include "g.h"
#include "upd.h"

#pragma ck_derivative upd wrt(a, x, y) out(y) tangent(upd_d) adjoint(upd_b) hvp(upd_b_d)
#pragma ck_derivative g wrt(a, b) tangent(g_d) adjoint(g_b) hvp(g_b_d)

#define N 4

#pragma ck_adjoint wrt(x, a)
#pragma ck_hvp wrt(x, a)
double f(const double *x, double a)
{
	double y[N], s = 0.0;
	for (int i = 0; i < N; i++)
		y[i] = x[i] * x[i] + 0.5;
	upd(N, a, x, y);
	for (int i = 0; i < N; i++)
		s += g(y[i], x[i] * a);
	upd(N, 0.25, x, y);
	for (int i = 0; i < N; i++)
		s += y[i] * y[i] * x[i];
	return s;
}
// CHECK-LABEL: static double f_fwd_d(const double *x, const double *x_d, double a, double a_d){{$}}
// CHECK: upd_d(4, a, a_d, x, x_d, y, y_d);
// CHECK: g_d(y[i2], y_d[i2], x[i2] * a, x_d[i2] * a + x[i2] * a_d, &
// CHECK: upd_d(4, 0.25, 0.0, x, x_d, y, y_d);
// CHECK-LABEL: static void f_bwd_d(
// CHECK: upd_b_d(4, 0.25, 0.0, (double *)0, (double *)0, x, x_d, x_b, x_bd, [[Y:y[0-9]+]], [[Y]]_d, y_b, y_bd);
// CHECK: g_b_d(
// CHECK: upd_b_d(4, a, a_d, &ck_p{{[0-9]*}}, &ck_p{{[0-9]*}}_d, x, x_d, x_b, x_bd, [[Y2:y[0-9]+]], [[Y2]]_d, y_b, y_bd);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define P (N + 1)

static void grad(const double *p, double *gr, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		gr[i] = 0.0;
	f_b(p, gr, p[N], &gr[N], 1.0);
}

static double hvp(const double *p, const double *pd, double *pb, double *pbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return f_b_d(p, pd, pb, pbd, p[N], pd[N], &pb[N], &pbd[N], rb, qb);
}

int main(void)
{
	double p[P], v[P], u[P];
	for (int i = 0; i < P; i++) {
		p[i] = 0.5 * ck_rand();
		v[i] = ck_rand();
		u[i] = ck_rand();
	}
	double y = ck_check_hvp("user hvp", hvp, grad, NULL, p, v, u, NULL, P,
				0.75, -1.25);
	ck_equal_bits("primal", y, f(p, p[N]));
	return ck_done();
}
#endif
