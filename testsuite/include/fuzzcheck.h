/*
 * fuzzcheck.h - the numeric checks of ckc's differential fuzzer.
 *
 * testsuite/fuzz/gen.py writes random kernels together with a driver that
 * includes this header; testsuite/fuzz/run.py compiles them next to ckc's
 * output and reads what fz_main prints.  C99, static functions only.
 *
 * A kernel is seen as a map y = F(u) from the vector u of its active inputs
 * (the scalars and array elements named in wrt, in parameter order) to the
 * vector y of its outputs (the floating-point result, then the arrays named
 * in out, in parameter order).  The driver describes a kernel by an
 * fz_kernel with callbacks:
 *
 *   eval(u, y)            y = F(u), by the original function f
 *   tangent(u, ud, y, yd) f_d: y its primal results, yd = J ud
 *   adjoint(u, yb, y, ub) f_b: y[0] its primal result (when has_ret),
 *                         ub = J^T yb (NULL when f_b is not requested)
 *   hvp(u, ud, yb, ybd, y, ub, ubd)
 *                         f_b_d: y[0] its primal result, ub = J^T yb,
 *                         ubd = (d/dt J(u + t ud)^T yb) + J^T ybd, the
 *                         Hessian of yb.F times ud plus the gradient
 *                         seeded by ybd (NULL without f_b_d; needs adjoint)
 *
 * fz_check tries up to FZ_POINTS random points u with random directions v:
 *   - the primal results of f_d (and f_b) must be bitwise those of f (at
 *     -O0; optimizing, within FZ_OPT_ULPS units in the last place: GCC
 *     folds libm calls on constants, correctly rounded, where inlining
 *     and propagation make their arguments constant, and that differs
 *     between f and f_d, which are different functions in different
 *     files; glibc's own results may be one ulp off);
 *   - each component of J v must match Richardson-extrapolated central
 *     differences of F along v.  The differences are taken at two step
 *     sizes; where those disagree, that output is not smooth enough there
 *     (a branch or a kink inside the stencil, or rounding noise) and says
 *     nothing about ckc;
 *   - with f_b, the dot-product test yb . (J v) = (J^T yb) . v;
 *   - with f_b_d: its ub equal to f_b's, its Hessian-vector product
 *     against Richardson-extrapolated differences of f_b along v (where
 *     those converge), symmetric (w . H v = v . H w for another direction
 *     w), and its ybd part equal to f_b's J^T ybd.
 * It prints one line per kernel and nothing else:
 *
 *   NAME: pass
 *   NAME: skip: WHY       (no point where the differences converged)
 *   NAME: FAIL: WHAT      (with the numbers)
 *
 * With FZ_DUMP set in the environment, each kernel also prints the exact
 * derivatives of its first point, "NAME: dump: tangent %a ...; adjoint
 * %a ...", for comparing two builds bitwise (run.py: checkpointed
 * against --no-checkpoint).
 */
#ifndef FUZZCHECK_H
#define FUZZCHECK_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FZ_MAXV 64        /* the most inputs or outputs of one kernel */
#define FZ_POINTS 3       /* points tried per kernel */
#define FZ_H 1e-3         /* the larger finite-difference step */
#define FZ_RTOL 1e-7      /* derivative against differences, relative */
#define FZ_ATOL 1e-9      /* ... plus this times (1 + the largest |output|) */
#define FZ_DOT_RTOL 1e-8  /* dot-product test, relative to the terms */
#define FZ_DOT_ATOL 1e-12 /* ... plus this times (1 + the largest |output|) */
#ifdef __OPTIMIZE__
#define FZ_OPT_ULPS 4 /* primal results, when optimizing (see above) */
#else
#define FZ_OPT_ULPS 0
#endif

typedef struct fz_kernel {
	const char *name;
	unsigned seed;
	int nin, nout;
	int has_ret; /* y[0] is the function's result */
	const char *const *out_names;
	void (*eval)(const double *u, double *y);
	void (*tangent)(const double *u, const double *ud, double *y,
			double *yd);
	void (*adjoint)(const double *u, const double *yb, double *y,
			double *ub);
	void (*hvp)(const double *u, const double *ud, const double *yb,
		    const double *ybd, double *y, double *ub, double *ubd);
} fz_kernel;

/* xorshift64*, uniform in [-1, 1]. */
static inline double fz_rand(unsigned long long *s)
{
	unsigned long long x = *s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	x *= 0x2545f4914f6cdd1dULL;
	return (double)(x >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

/* Are a and b the same bits, or (when optimizing) within FZ_OPT_ULPS units
 * in the last place of each other? */
static inline int fz_same_primal(double a, double b)
{
	long long ia, ib;

	if (memcmp(&a, &b, sizeof a) == 0)
		return 1;
	if (FZ_OPT_ULPS == 0 || !isfinite(a) || !isfinite(b) ||
	    (a < 0) != (b < 0))
		return 0;
	memcpy(&ia, &a, sizeof ia);
	memcpy(&ib, &b, sizeof ib);
	return ia - ib <= FZ_OPT_ULPS && ib - ia <= FZ_OPT_ULPS;
}

/* y = F(u + t v) */
static inline void fz_eval_at(const fz_kernel *k, const double *u,
			      const double *v, double t, double *y)
{
	double ut[FZ_MAXV];
	int i;

	for (i = 0; i < k->nin; i++)
		ut[i] = u[i] + t * v[i];
	k->eval(ut, y);
}

/* d[j] = central difference of output j along v with step h. */
static inline void fz_central(const fz_kernel *k, const double *u,
			      const double *v, double h, double *d,
			      double *ymax)
{
	double yp[FZ_MAXV], ym[FZ_MAXV];
	int j;

	fz_eval_at(k, u, v, h, yp);
	fz_eval_at(k, u, v, -h, ym);
	for (j = 0; j < k->nout; j++) {
		d[j] = (yp[j] - ym[j]) / (2 * h);
		*ymax = fmax(*ymax, fmax(fabs(yp[j]), fabs(ym[j])));
	}
}

static inline int fz_close(double a, double b, double atol)
{
	if (!isfinite(a) || !isfinite(b))
		return 0;
	return fabs(a - b) <= FZ_RTOL * fmax(fabs(a), fabs(b)) + atol;
}

/* Are the two sides of an identity equal up to rounding: relative to the
 * sum of the absolute values of their terms, plus an absolute floor? */
static inline int fz_same_sum(double a, double b, double terms, double ymax)
{
	return a == b ||
	       fabs(a - b) <= FZ_DOT_RTOL * terms + FZ_DOT_ATOL * (1.0 + ymax);
}

/* The second-order checks of f_b_d at u along v (see the top); returns 1
 * checked, 0 nothing checkable (the differences do not converge), -1
 * failed (printed). */
static inline int fz_hvp(const fz_kernel *k, unsigned long long *rs,
			 const double *u, const double *v, const double *y,
			 double ymax)
{
	double yb[FZ_MAXV], ybd[FZ_MAXV], zero[FZ_MAXV], w[FZ_MAXV];
	double ya[FZ_MAXV], ub[FZ_MAXV], ub1[FZ_MAXV], hv[FZ_MAXV];
	double hw[FZ_MAXV], ubd2[FZ_MAXV], jt[FZ_MAXV];
	double d[4][FZ_MAXV], ut[FZ_MAXV], gp[FZ_MAXV], gm[FZ_MAXV];
	double lhs = 0.0, rhs = 0.0, terms = 0.0, ra, rb, atol;
	int i, j, s, checked = 0;

	for (j = 0; j < k->nout; j++) {
		yb[j] = fz_rand(rs);
		ybd[j] = fz_rand(rs);
		zero[j] = 0.0;
	}
	for (i = 0; i < k->nin; i++)
		w[i] = fz_rand(rs);
	ya[0] = NAN;
	k->hvp(u, v, yb, zero, ya, ub, hv);
	if (k->has_ret && !fz_same_primal(ya[0], y[0])) {
		printf("%s: FAIL: primal result of f_b_d differs: got %.17g "
		       "want %.17g\n",
		       k->name, ya[0], y[0]);
		return -1;
	}
	k->adjoint(u, yb, ya, ub1);
	for (i = 0; i < k->nin; i++) {
		if (!fz_same_sum(ub[i], ub1[i], fabs(ub1[i]), ymax)) {
			printf("%s: FAIL: the gradient of f_b_d differs from "
			       "f_b's: input %d: got %.17g want %.17g\n",
			       k->name, i, ub[i], ub1[i]);
			return -1;
		}
	}
	/* Symmetry: w . H v = v . H w */
	k->hvp(u, w, yb, zero, ya, ub, hw);
	for (i = 0; i < k->nin; i++) {
		lhs += w[i] * hv[i];
		rhs += v[i] * hw[i];
		terms += fabs(w[i] * hv[i]) + fabs(v[i] * hw[i]);
	}
	if (!fz_same_sum(lhs, rhs, terms, ymax)) {
		printf("%s: FAIL: Hessian not symmetric: w.(H v) = %.17g, "
		       "v.(H w) = %.17g\n",
		       k->name, lhs, rhs);
		return -1;
	}
	/* The ybd part: f_b_d(ybd) - f_b_d(0) = J^T ybd */
	k->hvp(u, v, yb, ybd, ya, ub, ubd2);
	k->adjoint(u, ybd, ya, jt);
	for (i = 0; i < k->nin; i++) {
		if (!fz_same_sum(ubd2[i] - hv[i], jt[i],
				 fabs(ubd2[i]) + fabs(hv[i]) + fabs(jt[i]),
				 ymax)) {
			printf("%s: FAIL: the ret_bd part of f_b_d, input %d: "
			       "got %.17g want %.17g (f_b)\n",
			       k->name, i, ubd2[i] - hv[i], jt[i]);
			return -1;
		}
	}
	/* H v against differences of the gradient along v */
	for (s = 0; s < 4; s++) {
		double h = FZ_H / (1 << s);
		for (i = 0; i < k->nin; i++)
			ut[i] = u[i] + h * v[i];
		k->adjoint(ut, yb, ya, gp);
		for (i = 0; i < k->nin; i++)
			ut[i] = u[i] - h * v[i];
		k->adjoint(ut, yb, ya, gm);
		for (i = 0; i < k->nin; i++)
			d[s][i] = (gp[i] - gm[i]) / (2 * h);
	}
	atol = FZ_ATOL * (1.0 + ymax);
	for (i = 0; i < k->nin; i++) {
		ra = (4 * d[1][i] - d[0][i]) / 3;
		rb = (4 * d[3][i] - d[2][i]) / 3;
		if (!fz_close(ra, rb, atol))
			continue;
		checked++;
		if (!fz_close(hv[i], rb, atol) && !fz_close(hv[i], ra, atol)) {
			printf("%s: FAIL: Hessian-vector product, input %d: "
			       "got "
			       "%.17g want %.17g (differences of f_b at two "
			       "steps: %.17g, %.17g)\n",
			       k->name, i, hv[i], rb, ra, rb);
			return -1;
		}
	}
	return checked > 0;
}

/* Checks one point; returns 1 pass, 0 skip (*why set), -1 fail (printed). */
static inline int fz_point(const fz_kernel *k, unsigned long long *rs,
			   const char **why, int dump)
{
	double u[FZ_MAXV], v[FZ_MAXV], y[FZ_MAXV], yt[FZ_MAXV], yd[FZ_MAXV];
	double d[4][FZ_MAXV], ra, rb, ymax = 0.0, atol;
	int i, j, s, checked = 0;

	for (i = 0; i < k->nin; i++) {
		u[i] = fz_rand(rs);
		v[i] = fz_rand(rs);
	}
	k->eval(u, y);
	for (j = 0; j < k->nout; j++) {
		if (!isfinite(y[j])) {
			*why = "an output is not finite";
			return 0;
		}
		ymax = fmax(ymax, fabs(y[j]));
	}
	for (j = 0; j < k->nout; j++)
		yt[j] = yd[j] = NAN;
	k->tangent(u, v, yt, yd);
	if (dump) {
		printf("%s: dump: tangent", k->name);
		for (j = 0; j < k->nout; j++)
			printf(" %a", yd[j]);
	}
	for (j = 0; j < k->nout; j++) {
		if (!fz_same_primal(yt[j], y[j])) {
			if (dump)
				printf("\n");
			printf("%s: FAIL: primal %s of the tangent differs: "
			       "got %.17g want %.17g\n",
			       k->name, k->out_names[j], yt[j], y[j]);
			return -1;
		}
	}
	if (k->adjoint) {
		double yb[FZ_MAXV], ub[FZ_MAXV], ya[FZ_MAXV];
		double lhs = 0.0, rhs = 0.0, scale = 0.0;

		for (j = 0; j < k->nout; j++)
			yb[j] = fz_rand(rs);
		for (i = 0; i < k->nin; i++)
			ub[i] = NAN;
		ya[0] = NAN;
		k->adjoint(u, yb, ya, ub);
		if (dump) {
			printf("; adjoint");
			for (i = 0; i < k->nin; i++)
				printf(" %a", ub[i]);
		}
		if (k->has_ret && !fz_same_primal(ya[0], y[0])) {
			if (dump)
				printf("\n");
			printf("%s: FAIL: primal result of the adjoint "
			       "differs: "
			       "got %.17g want %.17g\n",
			       k->name, ya[0], y[0]);
			return -1;
		}
		for (j = 0; j < k->nout; j++) {
			lhs += yb[j] * yd[j];
			scale += fabs(yb[j] * yd[j]);
		}
		for (i = 0; i < k->nin; i++) {
			rhs += ub[i] * v[i];
			scale += fabs(ub[i] * v[i]);
		}
		/* The terms may be small differences of large intermediate
		 * values, whose rounding errors the absolute part covers. */
		if (!(fabs(lhs - rhs) <= FZ_DOT_RTOL * scale +
						 FZ_DOT_ATOL * (1.0 + ymax) ||
		      lhs == rhs)) {
			if (dump)
				printf("\n");
			printf("%s: FAIL: dot-product test: yb.(J v) = %.17g, "
			       "(J^T yb).v = %.17g\n",
			       k->name, lhs, rhs);
			return -1;
		}
	}
	if (dump)
		printf("\n");
	/* D(h), D(h/2), D(h/4), D(h/8) */
	for (s = 0; s < 4; s++)
		fz_central(k, u, v, FZ_H / (1 << s), d[s], &ymax);
	atol = FZ_ATOL * (1.0 + ymax);
	for (j = 0; j < k->nout; j++) {
		ra = (4 * d[1][j] - d[0][j]) / 3;
		rb = (4 * d[3][j] - d[2][j]) / 3;
		if (!fz_close(ra, rb, atol))
			continue; /* not smooth enough here */
		checked++;
		if (!fz_close(yd[j], rb, atol) && !fz_close(yd[j], ra, atol)) {
			printf("%s: FAIL: tangent of %s: got %.17g want %.17g "
			       "(differences at two steps: %.17g, %.17g)\n",
			       k->name, k->out_names[j], yd[j], rb, ra, rb);
			return -1;
		}
	}
	if (k->hvp && k->adjoint) {
		int r = fz_hvp(k, rs, u, v, y, ymax);
		if (r < 0)
			return -1;
		checked += r;
	}
	if (!checked) {
		*why = "the differences do not converge at the points tried "
		       "(not differentiable there)";
		return 0;
	}
	return 1;
}

/* Checks kernel k, prints its line; returns 0 unless it failed. */
static inline int fz_check(const fz_kernel *k)
{
	unsigned long long rs = 0x9e3779b97f4a7c15ULL ^ k->seed;
	const char *why = "no point tried";
	int p, passed = 0;

	if (k->nin > FZ_MAXV || k->nout > FZ_MAXV) {
		printf("%s: FAIL: too many inputs or outputs for "
		       "fuzzcheck.h\n",
		       k->name);
		return 1;
	}
	for (p = 0; p < FZ_POINTS; p++) {
		int r = fz_point(k, &rs, &why, p == 0 && getenv("FZ_DUMP"));
		if (r < 0)
			return 1;
		passed += r;
	}
	if (passed)
		printf("%s: pass\n", k->name);
	else
		printf("%s: skip: %s\n", k->name, why);
	return 0;
}

/* Checks the kernels named on the command line, or all of them; the exit
 * status is 1 when one failed. */
static inline int fz_main(const fz_kernel *ks, int n, int argc, char **argv)
{
	int i, a, failed = 0;

	for (i = 0; i < n; i++) {
		int run = argc < 2;
		for (a = 1; a < argc; a++)
			run |= strcmp(argv[a], ks[i].name) == 0;
		if (run) {
			failed |= fz_check(&ks[i]);
			fflush(stdout);
		}
	}
	return failed;
}

#endif
