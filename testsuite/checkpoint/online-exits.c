// online(K) loops that end the ways such loops end: a for loop left by
// break when a residual is small, a while (1) loop left by return, a do
// loop, a step cut short by continue, an online loop inside a counted
// loop (a new trip count each time), and one inside a checkpoint region.
// For each, f_b and f_b_d: every derivative bit for bit that of ckc
// --no-checkpoint (outputs compared with cmp), the gradient against
// Richardson differences, H v against differences of gradients and for
// symmetry.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: grep -v STATS %t.out > %t.deriv
// RUN: grep -v STATS %t.plain.out > %t.plain.deriv
// RUN: cmp %t.deriv %t.plain.deriv
// OUT: STATS brk steps 10 snapshots 2
// OUT: STATS ret steps 17 snapshots 3
// OUT: STATS dol steps 28 snapshots 2
// OUT: STATS cont steps 40 snapshots 4
// OUT: STATS nest steps 10 snapshots 2
// OUT: STATS reg steps {{[1-9][0-9]*}} snapshots 2
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

/* fixed-point iteration, left by break once the update is small */
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double brk(const double *x, int maxit)
{
	double y = x[0], z = x[1];
#pragma ck_checkpoint online(2)
	for (int k = 0; k < maxit; k++) {
		double yn = 0.5 * cos(z) + 0.3 * x[2];
		double zn = 0.4 * sin(y) + 0.2 * x[3];
		double d = fabs(yn - y) + fabs(zn - z);
		y = yn;
		z = zn;
		if (d < 1e-6)
			break;
	}
	return y * y + z;
}

/* a while (1) loop left by return, from inside an inner loop too */
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double ret(const double *x, double cap)
{
	double s = x[0], a = x[1];
#pragma ck_checkpoint online(3)
	while (1) {
		for (int i = 0; i < 3; i++) {
			s = s + 0.1 * a * sin(s + i);
			if (s > 4.0 * cap)
				return s * a;
		}
		a = a * 1.01 + 0.05 * x[2];
		if (s > cap)
			return s + a * x[3];
	}
}

/* a do loop: the condition after each step */
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double dol(const double *x, double tol)
{
	double u = x[0], v = x[1], err;
#pragma ck_checkpoint online(2)
	do {
		double un = u - 0.3 * (u * u - x[2]);
		double vn = v - 0.3 * (v * u - x[3]);
		err = fabs(un - u) + fabs(vn - v);
		u = un;
		v = vn;
	} while (err > tol);
	return u * v;
}

/* continue ends a step early; the loop goes on */
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double cont(const double *x, int n)
{
	double s = 0.0, p = x[0];
	int i = 0;
#pragma ck_checkpoint online(4)
	while (i < n) {
		i++;
		p = p * 0.97 + 0.01 * x[1];
		if (i % 3 == 0)
			continue;
		s += sin(p) * x[2] + p * x[3];
	}
	return s;
}

/* an online loop inside a counted loop: a trip count per episode */
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double nest(const double *x, double T)
{
	double f = 0.0, u = x[0];
	for (int e = 0; e < 3; e++) {
		double t = 0.0;
#pragma ck_checkpoint online(2)
		while (t < T) {
			double dt = 0.05 / (1.0 + u * u);
			u = u + dt * (x[1] - u * x[2]);
			t += dt;
		}
		f += u * u * x[3];
	}
	return f;
}
/* an online loop inside a checkpoint region */
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double reg(const double *x, double T)
{
	double u = x[0], v = x[1], f = 0.0;
#pragma ck_checkpoint
	{
		double t = 0.0;
#pragma ck_checkpoint online(2)
		while (t < T) {
			double dt = 0.05 / (1.0 + u * u);
			u = u + dt * (v - u * x[2]);
			v = v - dt * sin(u) * x[3];
			t += dt;
		}
		f = u * v;
	}
	return f + u;
}
// CHECK-LABEL: static double brk_fwd(const double *x, int maxit){{$}}
// CHECK: ck_revolve_online(2);
// CHECK-LABEL: static double ret_fwd(const double *x, double cap){{$}}
// CHECK: ck_revolve_online(3);
// CHECK-LABEL: static double dol_fwd(const double *x, double tol){{$}}
// CHECK: ck_revolve_online(2);
// CHECK-LABEL: static double cont_fwd(const double *x, int n){{$}}
// CHECK: ck_revolve_online(4);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

#define N 4

typedef double (*fn)(const double *x, double a);
typedef double (*fn_b)(const double *x, double *x_b, double a, double rb);
typedef double (*fn_b_d)(const double *x, const double *x_d, double *x_b,
			 double *x_bd, double a, double rb, double rbd);

/* the kernels, through one signature (a: the int or double argument) */
static double brk_(const double *x, double a) { return brk(x, (int)a); }
static double brk_b_(const double *x, double *xb, double a, double rb)
{
	return brk_b(x, xb, (int)a, rb);
}
static double brk_b_d_(const double *x, const double *xd, double *xb,
		       double *xbd, double a, double rb, double rbd)
{
	return brk_b_d(x, xd, xb, xbd, (int)a, rb, rbd);
}
static double cont_(const double *x, double a) { return cont(x, (int)a); }
static double cont_b_(const double *x, double *xb, double a, double rb)
{
	return cont_b(x, xb, (int)a, rb);
}
static double cont_b_d_(const double *x, const double *xd, double *xb,
			double *xbd, double a, double rb, double rbd)
{
	return cont_b_d(x, xd, xb, xbd, (int)a, rb, rbd);
}

typedef struct Case {
	const char *name;
	fn f;
	fn_b b;
	fn_b_d bd;
	double a;
	double x[N];
} Case;

static const Case *cur;

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0;
	cur->b(x, g, cur->a, 1.0);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return cur->bd(x, xd, xb, xbd, cur->a, rb, rbd);
}

static double along(double h, void *ctx)
{
	const double *v = ctx;
	double y[N];
	for (int i = 0; i < N; i++)
		y[i] = cur->x[i] + h * v[i];
	return cur->f(y, cur->a);
}

int main(void)
{
	static const Case cases[] = {
		{"brk", brk_, brk_b_, brk_b_d_, 100, {0.2, 0.1, 0.7, 0.4}},
		{"ret", ret, ret_b, ret_b_d, 2.0, {0.3, 0.8, 0.5, 0.7}},
		{"dol", dol, dol_b, dol_b_d, 1e-7, {1.2, 0.5, 1.7, 0.9}},
		{"cont", cont_, cont_b_, cont_b_d_, 40, {0.6, 0.4, 0.9, 0.3}},
		{"nest", nest, nest_b, nest_b_d, 0.3, {0.4, 0.9, 0.6, 1.1}},
		{"reg", reg, reg_b, reg_b_d, 0.7, {0.3, 0.6, 0.9, 0.4}},
	};
	for (int k = 0; k < 6; k++) {
		const Case *c = &cases[k];
		double g[N], v[N], u[N], xb[N] = {0}, xbd[N] = {0};
		ck_stats st;
		cur = c;
		for (int i = 0; i < N; i++) {
			v[i] = ck_rand();
			u[i] = ck_rand();
		}
		ck_stats_reset();
		grad(c->x, g, N, NULL);
		ck_stats_get(&st);
		printf("STATS %s steps %llu snapshots %d\n", c->name,
		       st.loop_steps, st.loop_snapshots);
		for (int i = 0; i < N; i++)
			printf("%s gradient %d %a\n", c->name, i, g[i]);
		ck_close(c->name, ck_dot(g, v, N),
			 ck_richardson(along, v, 1e-4), 1e-7);
		hvp(c->x, v, xb, xbd, 1.0, 0.25, N, NULL);
		for (int i = 0; i < N; i++)
			printf("%s hvp %d %a %a\n", c->name, i, xb[i], xbd[i]);
		double y = ck_check_hvp(c->name, hvp, grad, NULL, c->x, v, u,
					NULL, N, 1.0, 0.25);
		ck_equal_bits(c->name, y, c->f(c->x, c->a));
	}
	return ck_done();
}
#endif
