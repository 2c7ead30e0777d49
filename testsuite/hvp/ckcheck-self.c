// The second-order helpers of ckcheck.h on hand-written Hessian-vector
// products that are right or deliberately wrong (a check that cannot fail
// checks nothing): f(x) = sin(x0) x1 + x2^2 x0 + exp(x1 x2).
// RUN: %cc %s -o %t -lm
// RUN: not %t > %t.out
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=NOFAIL-RIGHT < %t.out
// NOFAIL-RIGHT-NOT: FAIL: right
// CHECK: ok: fd H v[0]
// CHECK: ok: fd Hessian
// CHECK: ok: symmetric
// CHECK: FAIL: asymmetric
// CHECK: FAIL: vec[1]: got 2.00000{{[0-9]+}} want 2 (diff 1e-07
// CHECK: ok: right: x_b = ret_b * grad[2]
// CHECK: ok: right: x_bd = ret_b * H v (ret_bd = 0) vs differences[2]
// CHECK: ok: right: x_bd = ret_b * H v (ret_bd = 0) vs hand[2]
// CHECK: ok: right: x_bd = ret_b * H v + ret_bd * grad[2]
// CHECK: ok: right: symmetry u.(H v) = v.(H u)
// CHECK: ok: right: the same primal from every call
// CHECK: FAIL: wrong-h: x_bd = ret_b * H v (ret_bd = 0) vs differences[0]
// CHECK: FAIL: wrong-h: symmetry
// CHECK: FAIL: no-ret-bd: x_bd = ret_bd * grad (x_d = 0)[0]
// CHECK: FAIL: assigns: x_b accumulates[0]
// CHECK: FAIL: assigns: x_bd accumulates[0]
// CHECK: FAIL: xb-uses-xd: x_b does not depend on x_d and ret_bd (bitwise)
// CHECK: {{[0-9]+}} checks, {{[1-9][0-9]*}} failed
#include "ckcheck.h"

static double f(const double *x)
{
	return sin(x[0]) * x[1] + x[2] * x[2] * x[0] + exp(x[1] * x[2]);
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	double e = exp(x[1] * x[2]);
	(void)n;
	(void)ctx;
	g[0] = cos(x[0]) * x[1] + x[2] * x[2];
	g[1] = sin(x[0]) + x[2] * e;
	g[2] = 2 * x[2] * x[0] + x[1] * e;
}

static void hess(const double *x, double *H)
{
	double e = exp(x[1] * x[2]);
	H[0] = -sin(x[0]) * x[1];
	H[1] = H[3] = cos(x[0]);
	H[2] = H[6] = 2 * x[2];
	H[4] = x[2] * x[2] * e;
	H[5] = H[7] = e + x[1] * x[2] * e;
	H[8] = 2 * x[0] + x[1] * x[1] * e;
}

static void matvec(const double *H, const double *v, double *out)
{
	for (int i = 0; i < 3; i++)
		out[i] = H[3 * i] * v[0] + H[3 * i + 1] * v[1] + H[3 * i + 2] * v[2];
}

/* flavour: 0 right, 1 H off in one entry (asymmetric), 2 ignores ret_bd,
 * 3 assigns instead of accumulating, 4 x_b depends on x_d */
static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double qb, int n, void *ctx)
{
	int flavour = *(int *)ctx;
	double g[3], H[9], hv[3];
	grad(x, g, n, ctx);
	hess(x, H);
	if (flavour == 1)
		H[1] += 0.01;
	matvec(H, xd, hv);
	for (int i = 0; i < 3; i++) {
		double b = rb * g[i], bd = rb * hv[i] + (flavour == 2 ? 0 : qb) * g[i];
		if (flavour == 4)
			b += 1e-3 * xd[i];
		if (flavour == 3) {
			xb[i] = b;
			xbd[i] = bd;
		} else {
			xb[i] += b;
			xbd[i] += bd;
		}
	}
	return f(x);
}

int main(void)
{
	double x[3] = {0.3, -0.7, 0.9}, v[3] = {0.5, 0.25, -1.0};
	double u[3] = {-0.3, 0.8, 0.1}, H[9], Hfd[9], hv[3], hu[3], fd[3];
	double a[2] = {1.0, 2.0}, b[2] = {1.0, 2.0000001};
	int flavour;

	hess(x, H);
	matvec(H, v, hv);
	matvec(H, u, hu);
	ck_hvp_richardson(grad, NULL, x, v, 3, CK_FD_H, fd);
	ck_close_vec("fd H v", fd, hv, 3, CK_HVP_RTOL);
	ck_hessian_fd(grad, NULL, x, 3, CK_FD_H, Hfd);
	ck_close_vec("fd Hessian", Hfd, H, 9, CK_HVP_RTOL);
	ck_symmetric("symmetric", u, hv, v, hu, 3, 1e-12);
	hu[0] += 1e-3;
	ck_symmetric("asymmetric", u, hv, v, hu, 3, 1e-12);
	ck_close_vec("vec", b, a, 2, 1e-8);

	flavour = 0;
	ck_check_hvp("right", hvp, grad, &flavour, x, v, u, hv, 3, 0.75, -1.25);
	flavour = 1;
	ck_check_hvp("wrong-h", hvp, grad, &flavour, x, v, u, NULL, 3, 0.75,
		     -1.25);
	flavour = 2;
	ck_check_hvp("no-ret-bd", hvp, grad, &flavour, x, v, u, NULL, 3, 0.75,
		     -1.25);
	flavour = 3;
	ck_check_hvp("assigns", hvp, grad, &flavour, x, v, u, NULL, 3, 0.75,
		     -1.25);
	flavour = 4;
	ck_check_hvp("xb-uses-xd", hvp, grad, &flavour, x, v, u, NULL, 3, 0.75,
		     -1.25);
	return ck_done();
}
