/*
 * ckcheck.h - numeric checks for ckc's tests.
 *
 * C99, static inline functions only, so a test includes it and uses what it
 * needs without warnings.  Every check prints one line, "ok: what" or
 * "FAIL: what: got G want W", and counts; a test ends with
 * `return ck_done();`, which prints "N checks, M failed" and returns 0 iff
 * nothing failed.
 *
 *   ck_richardson  derivative at 0 by Richardson-extrapolated central
 *                  differences
 *   ck_close       relative comparison (rtol, plus an atol of CK_ATOL)
 *   ck_equal_bits  bitwise comparison (checkpointed vs plain, reproducibility)
 *   ck_check       any condition
 *   ck_rand        deterministic numbers in [-1, 1]
 *
 * Second order (Hessian-vector products, f_b_d):
 *   ck_dot             u . v of n doubles
 *   ck_close_vec       ck_close of each element of a vector, relative to the
 *                      largest magnitude of the vectors (so that small
 *                      elements of a large H v may carry its rounding)
 *   ck_hvp_richardson  H v at x by Richardson-extrapolated central
 *                      differences of a gradient function along v; expect
 *                      about 1e-9 relative accuracy for smooth, moderately
 *                      scaled functions (CK_HVP_RTOL is the tolerance the
 *                      tests use)
 *   ck_hessian_fd      the whole Hessian, column by column, the same way
 *   ck_symmetric       u . (H v) against v . (H u)
 *   ck_check_hvp       the usual set of checks of one f_b_d wrapped as a
 *                      ck_hvpfn: the x_b part against a gradient, the
 *                      second-order part (ret_bd = 0) against differences of
 *                      the gradient and, when given, a hand-derived H v, the
 *                      ret_bd * gradient part (x_d = 0), their sum,
 *                      accumulation into nonzero x_b and x_bd, and symmetry
 */
#ifndef CKCHECK_H
#define CKCHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Default step of ck_richardson. */
#define CK_FD_H 1e-3
/* Absolute tolerance added to every ck_close, so that values that should be
 * 0 may be rounding noise. */
#define CK_ATOL 1e-13

typedef double (*ck_fn1)(double t, void *ctx);

/* counts[0]: checks made, counts[1]: checks failed. */
static inline int *ck_counts_(void)
{
	static int counts[2];
	return counts;
}

static inline int ck_record_(int ok)
{
	ck_counts_()[0]++;
	if (!ok)
		ck_counts_()[1]++;
	return ok;
}

/* Central difference (g(h) - g(-h)) / 2h. */
static inline double ck_central(ck_fn1 g, void *ctx, double h)
{
	return (g(h, ctx) - g(-h, ctx)) / (2 * h);
}

/* g'(0) by Richardson extrapolation of central differences D:
 * (4 D(h/2) - D(h)) / 3, whose error is O(h^4).  With h = CK_FD_H and a
 * smooth g of moderate size, expect about 1e-10 relative accuracy. */
static inline double ck_richardson(ck_fn1 g, void *ctx, double h)
{
	double d1 = ck_central(g, ctx, h);
	double d2 = ck_central(g, ctx, h / 2);

	return (4 * d2 - d1) / 3;
}

/* Is |got - want| <= rtol * max(|got|, |want|, 1e-300) + CK_ATOL?  NaN never
 * is close; equal infinities are. */
static inline int ck_close(const char *what, double got, double want,
			   double rtol)
{
	double scale = fmax(fmax(fabs(got), fabs(want)), 1e-300);
	int ok;

	if (isnan(got) || isnan(want))
		ok = 0;
	else if (got == want)
		ok = 1;
	else
		ok = fabs(got - want) <= rtol * scale + CK_ATOL;
	/* the value in hex: runs of the same test under different options
	 * (--no-tbr, --no-activity, --no-checkpoint) compare their outputs
	 * bitwise */
	if (ok)
		printf("ok: %s = %a\n", what, got);
	else
		printf("FAIL: %s: got %.17g want %.17g (rel diff %.3g)\n",
		       what, got, want, fabs(got - want) / scale);
	return ck_record_(ok);
}

/* Are a and b the same bits? */
static inline int ck_equal_bits(const char *what, double a, double b)
{
	int ok = memcmp(&a, &b, sizeof a) == 0;

	if (ok)
		printf("ok: %s = %a\n", what, a);
	else
		printf("FAIL: %s: got %.17g want %.17g (not bitwise equal)\n",
		       what, a, b);
	return ck_record_(ok);
}

/* Counts cond as a check. */
static inline int ck_check(const char *what, int cond)
{
	if (cond)
		printf("ok: %s\n", what);
	else
		printf("FAIL: %s\n", what);
	return ck_record_(cond != 0);
}

/* xorshift64* state. */
static inline unsigned long long *ck_rand_state_(void)
{
	static unsigned long long state = 0x9e3779b97f4a7c15ULL;
	return &state;
}

/* Restarts the sequence of ck_rand from seed. */
static inline void ck_srand(unsigned seed)
{
	*ck_rand_state_() = 0x9e3779b97f4a7c15ULL ^ (unsigned long long)seed;
}

/* The next number of a fixed sequence, uniform in [-1, 1]. */
static inline double ck_rand(void)
{
	unsigned long long *s = ck_rand_state_();
	unsigned long long x = *s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	x *= 0x2545f4914f6cdd1dULL;
	return (double)(x >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

/* ---- second order */

/* Largest vector ck_hvp_richardson, ck_hessian_fd and ck_check_hvp handle
 * (a test may define a larger one before including this). */
#ifndef CK_VEC_MAX
#define CK_VEC_MAX 64
#endif
/* Relative tolerance of second derivatives against ck_hvp_richardson. */
#define CK_HVP_RTOL 1e-7

/* g = the gradient of some f at x (n entries). */
typedef void (*ck_gradfn)(const double *x, double *g, int n, void *ctx);

/* One call of a generated f_b_d, wrapped: with x_d = xd, seeds ret_b and
 * ret_bd, accumulate into xb and xbd (n entries each) and return the
 * primal. */
typedef double (*ck_hvpfn)(const double *x, const double *xd, double *xb,
			   double *xbd, double ret_b, double ret_bd, int n,
			   void *ctx);

static inline double ck_dot(const double *u, const double *v, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += u[i] * v[i];
	return s;
}

/* ck_close of got[i] against want[i] for every i, "what[i]" in the output,
 * where the tolerance scale is the largest |got[j]| or |want[j]|: each
 * element may be off by rtol times the size of the whole vector.  Returns
 * 1 iff all are close. */
static inline int ck_close_vec(const char *what, const double *got,
			       const double *want, int n, double rtol)
{
	double scale = 1e-300;
	int all = 1;

	for (int i = 0; i < n; i++)
		scale = fmax(scale, fmax(fabs(got[i]), fabs(want[i])));
	for (int i = 0; i < n; i++) {
		double d = fabs(got[i] - want[i]);
		int ok = !isnan(got[i]) && !isnan(want[i]) &&
			 (got[i] == want[i] || d <= rtol * scale + CK_ATOL);
		if (ok)
			printf("ok: %s[%d] = %a\n", what, i, got[i]);
		else
			printf("FAIL: %s[%d]: got %.17g want %.17g (diff %.3g, "
			       "vector scale %.3g)\n",
			       what, i, got[i], want[i], d, scale);
		all &= ck_record_(ok);
	}
	return all;
}

/* hv = H v at x, H the Hessian of the function whose gradient grad
 * computes: Richardson extrapolation (4 D(h/2) - D(h)) / 3 of the central
 * differences D(h) = (grad(x + h v) - grad(x - h v)) / 2h, componentwise.
 * Error O(h^4) plus rounding of about eps |grad| / h: with h = CK_FD_H
 * about 1e-10 relative for smooth functions of moderate size. */
static inline void ck_hvp_richardson(ck_gradfn grad, void *ctx,
				     const double *x, const double *v, int n,
				     double h, double *hv)
{
	double xp[CK_VEC_MAX] = {0}, gp[CK_VEC_MAX] = {0};
	double gm[CK_VEC_MAX] = {0};
	double d1[CK_VEC_MAX] = {0};

	for (int i = 0; i < n; i++)
		xp[i] = x[i] + h * v[i];
	grad(xp, gp, n, ctx);
	for (int i = 0; i < n; i++)
		xp[i] = x[i] - h * v[i];
	grad(xp, gm, n, ctx);
	for (int i = 0; i < n; i++)
		d1[i] = (gp[i] - gm[i]) / (2 * h);
	for (int i = 0; i < n; i++)
		xp[i] = x[i] + h / 2 * v[i];
	grad(xp, gp, n, ctx);
	for (int i = 0; i < n; i++)
		xp[i] = x[i] - h / 2 * v[i];
	grad(xp, gm, n, ctx);
	for (int i = 0; i < n; i++)
		hv[i] = (4 * ((gp[i] - gm[i]) / h) - d1[i]) / 3;
}

/* H (n x n, row-major: H[i * n + j] = d2f/dxi dxj) by ck_hvp_richardson
 * with the unit vectors, one column at a time. */
static inline void ck_hessian_fd(ck_gradfn grad, void *ctx, const double *x,
				 int n, double h, double *H)
{
	double e[CK_VEC_MAX] = {0}, col[CK_VEC_MAX] = {0};

	for (int j = 0; j < n; j++) {
		for (int i = 0; i < n; i++)
			e[i] = i == j;
		ck_hvp_richardson(grad, ctx, x, e, n, h, col);
		for (int i = 0; i < n; i++)
			H[i * n + j] = col[i];
	}
}

/* Is u . hv close to v . hu, where hv = H v and hu = H u (a Hessian is
 * symmetric)?  The scale is the larger of the two sums of |terms|, so
 * cancellation does not make the check impossible. */
static inline int ck_symmetric(const char *what, const double *u,
			       const double *hv, const double *v,
			       const double *hu, int n, double rtol)
{
	double a = 0, b = 0, sa = 0, sb = 0, scale;
	int ok;

	for (int i = 0; i < n; i++) {
		a += u[i] * hv[i];
		b += v[i] * hu[i];
		sa += fabs(u[i] * hv[i]);
		sb += fabs(v[i] * hu[i]);
	}
	scale = fmax(fmax(sa, sb), 1e-300);
	ok = !isnan(a) && !isnan(b) &&
	     (a == b || fabs(a - b) <= rtol * scale + CK_ATOL);
	if (ok)
		printf("ok: %s: u.Hv = %a\n", what, a);
	else
		printf("FAIL: %s: u.Hv %.17g v.Hu %.17g (diff %.3g, scale "
		       "%.3g)\n",
		       what, a, b, fabs(a - b), scale);
	return ck_record_(ok);
}

/* The checks every Hessian-vector test makes, at point x (n entries) with
 * directions v and u, through hvp (a wrapped f_b_d), against grad (a
 * gradient independent of f_b_d: hand-derived or f_b) and, when hv_hand is
 * not NULL, a hand-derived H v:
 *   1. seeds (ret_b, ret_bd) = (rb, 0), x_d = v: x_b = rb * grad (1e-12
 *      relative to the vector), x_bd = rb * H v against differences
 *      (CK_HVP_RTOL) and against rb * hv_hand (1e-12);
 *   2. (rb, qb) with x_d = 0: x_bd = qb * grad (1e-12);
 *   3. (rb, qb) with x_d = v: x_bd is the sum of 1 and 2 (1e-12), x_b is
 *      the x_b of 1 bit for bit (ret_bd and x_d do not touch x_b);
 *   4. the same with x_b and x_bd starting at nonzero values: they
 *      accumulate (+=);
 *   5. u . (H v) = v . (H u) (1e-12);
 *   and that every call returns the same primal, bit for bit, which is
 *   returned (compare it with the original function).
 * what prefixes the names of the checks. */
static inline double ck_check_hvp(const char *what, ck_hvpfn hvp,
				  ck_gradfn grad, void *ctx, const double *x,
				  const double *v, const double *u,
				  const double *hv_hand, int n, double rb,
				  double qb)
{
	/* all initialised: gcc -O1 warns about arrays it cannot follow */
	double g[CK_VEC_MAX] = {0}, want[CK_VEC_MAX] = {0};
	double fd[CK_VEC_MAX] = {0}, xb1[CK_VEC_MAX] = {0};
	double xbd1[CK_VEC_MAX] = {0}, xb2[CK_VEC_MAX] = {0};
	double xbd2[CK_VEC_MAX] = {0}, xb3[CK_VEC_MAX] = {0};
	double xbd3[CK_VEC_MAX] = {0}, xb4[CK_VEC_MAX] = {0};
	double xbd4[CK_VEC_MAX] = {0}, hu[CK_VEC_MAX] = {0};
	double hub[CK_VEC_MAX] = {0}, zero[CK_VEC_MAX] = {0};
	double hvn[CK_VEC_MAX] = {0};
	double y1, y2, y3, y4, y5;
	char name[256];
	int same_xb = 1, same_y;

	for (int i = 0; i < n; i++) {
		xb1[i] = xbd1[i] = xb2[i] = xbd2[i] = xb3[i] = xbd3[i] = 0.0;
		hub[i] = hu[i] = zero[i] = 0.0;
		xb4[i] = 0.25 + 0.125 * i;
		xbd4[i] = -0.5 + 0.0625 * i;
	}
	grad(x, g, n, ctx);

	/* 1 */
	y1 = hvp(x, v, xb1, xbd1, rb, 0.0, n, ctx);
	for (int i = 0; i < n; i++)
		want[i] = rb * g[i];
	snprintf(name, sizeof name, "%s: x_b = ret_b * grad", what);
	ck_close_vec(name, xb1, want, n, 1e-12);
	ck_hvp_richardson(grad, ctx, x, v, n, CK_FD_H, fd);
	for (int i = 0; i < n; i++)
		want[i] = rb * fd[i];
	snprintf(name, sizeof name,
		 "%s: x_bd = ret_b * H v (ret_bd = 0) vs differences", what);
	ck_close_vec(name, xbd1, want, n, CK_HVP_RTOL);
	if (hv_hand) {
		for (int i = 0; i < n; i++)
			want[i] = rb * hv_hand[i];
		snprintf(name, sizeof name,
			 "%s: x_bd = ret_b * H v (ret_bd = 0) vs hand", what);
		ck_close_vec(name, xbd1, want, n, 1e-12);
	}

	/* 2 */
	y2 = hvp(x, zero, xb2, xbd2, rb, qb, n, ctx);
	for (int i = 0; i < n; i++)
		want[i] = qb * g[i];
	snprintf(name, sizeof name, "%s: x_bd = ret_bd * grad (x_d = 0)",
		 what);
	ck_close_vec(name, xbd2, want, n, 1e-12);

	/* 3 */
	y3 = hvp(x, v, xb3, xbd3, rb, qb, n, ctx);
	for (int i = 0; i < n; i++) {
		want[i] = xbd1[i] + xbd2[i];
		same_xb &= memcmp(&xb3[i], &xb1[i], sizeof xb1[i]) == 0 &&
			   memcmp(&xb2[i], &xb1[i], sizeof xb1[i]) == 0;
	}
	snprintf(name, sizeof name,
		 "%s: x_bd = ret_b * H v + ret_bd * grad", what);
	ck_close_vec(name, xbd3, want, n, 1e-12);
	snprintf(name, sizeof name,
		 "%s: x_b does not depend on x_d and ret_bd (bitwise)", what);
	ck_check(name, same_xb);

	/* 4 */
	y4 = hvp(x, v, xb4, xbd4, rb, qb, n, ctx);
	for (int i = 0; i < n; i++) {
		xb4[i] -= 0.25 + 0.125 * i;
		xbd4[i] -= -0.5 + 0.0625 * i;
	}
	snprintf(name, sizeof name, "%s: x_b accumulates", what);
	ck_close_vec(name, xb4, xb3, n, 1e-12);
	snprintf(name, sizeof name, "%s: x_bd accumulates", what);
	ck_close_vec(name, xbd4, xbd3, n, 1e-12);

	/* 5 */
	y5 = hvp(x, u, hub, hu, 1.0, 0.0, n, ctx);
	for (int i = 0; i < n; i++)
		hvn[i] = xbd1[i] / rb;
	snprintf(name, sizeof name, "%s: symmetry u.(H v) = v.(H u)", what);
	ck_symmetric(name, u, hvn, v, hu, n, 1e-12);

	same_y = memcmp(&y1, &y2, sizeof y1) == 0 &&
		 memcmp(&y1, &y3, sizeof y1) == 0 &&
		 memcmp(&y1, &y4, sizeof y1) == 0 &&
		 memcmp(&y1, &y5, sizeof y1) == 0;
	snprintf(name, sizeof name, "%s: the same primal from every call",
		 what);
	ck_check(name, same_y);
	return y1;
}

/* Prints the summary; 0 iff no check failed. */
static inline int ck_done(void)
{
	printf("%d checks, %d failed\n", ck_counts_()[0], ck_counts_()[1]);
	return ck_counts_()[1] != 0;
}

#endif
