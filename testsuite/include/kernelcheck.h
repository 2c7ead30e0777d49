/*
 * kernelcheck.h - the checks of testsuite/kernels/: a whole kernel's f_d,
 * f_b and f_b_d, seen through wrappers as functions of one flat vector v
 * of its active inputs (the test packs and unpacks its arrays).
 *
 *   kc_check_scalar  a kernel with a scalar result: f_d and f_b return f's
 *                    value bit for bit; f_d's directional derivatives
 *                    against Richardson differences of f; f_b's gradient,
 *                    element by element, against Richardson differences;
 *                    the dot-product test grad . d = f_d; f_b_d through
 *                    ck_check_hvp against differences of f_b gradients,
 *                    with symmetry
 *   kc_check_vector  a kernel with out() arrays: the outputs of f_d and
 *                    f_b bit for bit f's; J d against Richardson
 *                    differences of every output; the dot-product test
 *                    yb . (J d) = (J^T yb) . d
 *
 * Directions are random, times a mask (NULL: none) that is 0 where v must
 * stay put, e.g. to keep the differences' stencil inside one branch of the
 * kernel.  Each check prints its largest relative error as an "accuracy:"
 * line (the figures of the kernel's accuracy) before ckcheck.h's ok/FAIL
 * lines.  Define CK_VEC_MAX before including this (and ckcheck.h) for
 * vectors longer than 64.
 */
#ifndef KERNELCHECK_H
#define KERNELCHECK_H

#include "ckcheck.h"

/* Tolerance of a derivative against Richardson differences, relative to
 * the largest value it is compared with; of exact identities (dot-product
 * test), relative to the sum of the terms' magnitudes. */
#define KC_FD_RTOL 1e-7
#define KC_DOT_RTOL 1e-12

typedef double (*kc_fn)(const double *v, void *ctx);
/* returns f, *dot = grad f . vd */
typedef double (*kc_fn_d)(const double *v, const double *vd, double *dot,
			  void *ctx);
/* returns f, vb += rb * grad f */
typedef double (*kc_fn_b)(const double *v, double *vb, double rb, void *ctx);

/* m outputs y of v; the tangent also gives yd = J vd; the adjoint takes
 * the output seed in yb (which it may change) and adds J^T yb to vb. */
typedef void (*kc_vfn)(const double *v, double *y, void *ctx);
typedef void (*kc_vfn_d)(const double *v, const double *vd, double *y,
			 double *yd, void *ctx);
typedef void (*kc_vfn_b)(const double *v, double *vb, double *y, double *yb,
			 void *ctx);

/* The wrappers K, K_d, K_b and K_b_d that kc_check_scalar takes, of a
 * kernel F(v, ARGS) with more arguments ARGS (usually globals the test
 * sets before each check) and its F_d, F_b and F_b_d. */
#define KC_SCALAR_WRAPPERS_AS(K, F, ...)                                    \
	static double K(const double *v, void *ctx)                         \
	{                                                                   \
		(void)ctx;                                                  \
		return F(v, __VA_ARGS__);                                   \
	}                                                                   \
	static double K##_d(const double *v, const double *vd, double *dot, \
			    void *ctx)                                      \
	{                                                                   \
		(void)ctx;                                                  \
		return F##_d(v, vd, __VA_ARGS__, dot);                      \
	}                                                                   \
	static double K##_b(const double *v, double *vb, double rb,         \
			    void *ctx)                                      \
	{                                                                   \
		(void)ctx;                                                  \
		return F##_b(v, vb, __VA_ARGS__, rb);                       \
	}                                                                   \
	static double K##_b_d(const double *v, const double *vd, double *vb, \
			      double *vbd, double rb, double rbd, int nv,   \
			      void *ctx)                                    \
	{                                                                   \
		(void)ctx;                                                  \
		(void)nv;                                                   \
		return F##_b_d(v, vd, vb, vbd, __VA_ARGS__, rb, rbd);       \
	}
/* The same, named kf, kf_d, kf_b and kf_b_d. */
#define KC_SCALAR_WRAPPERS(F, ...) KC_SCALAR_WRAPPERS_AS(kf, F, __VA_ARGS__)
/* K, K_d, K_b and K_b_d of a kernel F(v) without more arguments. */
#define KC_SCALAR_WRAPPERS_PLAIN_AS(K, F)                                    \
	static double K(const double *v, void *ctx)                         \
	{                                                                   \
		(void)ctx;                                                  \
		return F(v);                                                \
	}                                                                   \
	static double K##_d(const double *v, const double *vd, double *dot, \
			    void *ctx)                                      \
	{                                                                   \
		(void)ctx;                                                  \
		return F##_d(v, vd, dot);                                   \
	}                                                                   \
	static double K##_b(const double *v, double *vb, double rb,         \
			    void *ctx)                                      \
	{                                                                   \
		(void)ctx;                                                  \
		return F##_b(v, vb, rb);                                    \
	}                                                                   \
	static double K##_b_d(const double *v, const double *vd, double *vb, \
			      double *vbd, double rb, double rbd, int nv,   \
			      void *ctx)                                    \
	{                                                                   \
		(void)ctx;                                                  \
		(void)nv;                                                   \
		return F##_b_d(v, vd, vb, vbd, rb, rbd);                    \
	}
/* The same, named kf, kf_d, kf_b and kf_b_d. */
#define KC_SCALAR_WRAPPERS_PLAIN(F) KC_SCALAR_WRAPPERS_PLAIN_AS(kf, F)

typedef struct kc_line_ {
	kc_fn f;
	const double *v, *d;
	double *vt;
	int n;
	void *ctx;
} kc_line_;

/* f(v + t d) */
static inline double kc_along_(double t, void *p)
{
	kc_line_ *l = p;
	for (int i = 0; i < l->n; i++)
		l->vt[i] = l->v[i] + t * l->d[i];
	return l->f(l->vt, l->ctx);
}

typedef struct kc_vline_ {
	kc_vfn f;
	const double *v, *d;
	double *vt, *y;
	int n, k;
	void *ctx;
} kc_vline_;

/* output k of f(v + t d) */
static inline double kc_valong_(double t, void *p)
{
	kc_vline_ *l = p;
	for (int i = 0; i < l->n; i++)
		l->vt[i] = l->v[i] + t * l->d[i];
	l->f(l->vt, l->y, l->ctx);
	return l->y[l->k];
}

/* a random direction times mask */
static inline void kc_direction_(double *d, const double *mask, int n)
{
	for (int i = 0; i < n; i++)
		d[i] = ck_rand() * (mask ? mask[i] : 1.0);
}

static inline void kc_error_(const char *what, const char *check, double e)
{
	printf("accuracy: %s: %s: %.1e\n", what, check, e);
}

typedef struct kc_grad_ {
	kc_fn_b fb;
	void *ctx;
} kc_grad_;

/* ck_gradfn from f_b */
static inline void kc_grad_of_(const double *x, double *g, int n, void *p)
{
	kc_grad_ *gr = p;
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	gr->fb(x, g, 1.0, gr->ctx);
}

/* The checks of a kernel with a scalar result (see the top), at v with
 * ndir random directions; hvp may be NULL (no f_b_d).  f, fd and fb get
 * ctx; hvp, as ck_check_hvp calls it, a kc_grad_ whose ctx is ctx.
 * Returns f(v). */
static inline double kc_check_scalar(const char *what, kc_fn f, kc_fn_d fd,
				     kc_fn_b fb, ck_hvpfn hvp, void *ctx,
				     const double *v, const double *mask,
				     int n, int ndir)
{
	double d[CK_VEC_MAX] = {0}, u[CK_VEC_MAX] = {0};
	double vt[CK_VEC_MAX] = {0}, g[CK_VEC_MAX] = {0};
	double gfd[CK_VEC_MAX] = {0}, e[CK_VEC_MAX] = {0};
	double y = f(v, ctx), y_d, y_b, dot, err_t = 0, err_dot = 0, sc;
	char name[256];
	kc_line_ line = { f, v, d, vt, n, ctx };
	kc_grad_ gr = { fb, ctx };

	/* the gradient, element by element */
	y_b = fb(v, g, 1.0, ctx);
	snprintf(name, sizeof name, "%s: f_b returns f (bitwise)", what);
	ck_equal_bits(name, y_b, y);
	line.d = e;
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < n; j++)
			e[j] = i == j;
		gfd[i] = (mask && mask[i] == 0) ? g[i]
						: ck_richardson(kc_along_, &line,
								CK_FD_H);
	}
	{
		double num = 0, den = 1e-300;
		for (int i = 0; i < n; i++) {
			num = fmax(num, fabs(g[i] - gfd[i]));
			den = fmax(den, fabs(gfd[i]));
		}
		kc_error_(what, "f_b gradient vs differences", num / den);
	}
	snprintf(name, sizeof name, "%s: f_b gradient vs differences", what);
	ck_close_vec(name, g, gfd, n, KC_FD_RTOL);
	line.d = d;

	/* the tangent along ndir directions, and the dot-product test */
	for (int k = 0; k < ndir; k++) {
		double want, scale = 1e-300;
		kc_direction_(d, mask, n);
		y_d = fd(v, d, &dot, ctx);
		snprintf(name, sizeof name, "%s: f_d returns f (bitwise)", what);
		ck_equal_bits(name, y_d, y);
		want = ck_richardson(kc_along_, &line, CK_FD_H);
		sc = fmax(fmax(fabs(dot), fabs(want)), 1e-300);
		err_t = fmax(err_t, fabs(dot - want) / sc);
		snprintf(name, sizeof name,
			 "%s: f_d vs differences (direction %d)", what, k);
		ck_close(name, dot, want, KC_FD_RTOL);
		want = ck_dot(g, d, n);
		for (int i = 0; i < n; i++)
			scale += fabs(g[i] * d[i]);
		err_dot = fmax(err_dot, fabs(dot - want) / scale);
		snprintf(name, sizeof name,
			 "%s: dot product grad . d = f_d (direction %d)", what,
			 k);
		ck_check(name, fabs(dot - want) <= KC_DOT_RTOL * scale);
	}
	kc_error_(what, "f_d vs differences", err_t);
	kc_error_(what, "dot product f_b vs f_d", err_dot);

	/* second order */
	if (hvp) {
		kc_direction_(d, mask, n);
		kc_direction_(u, mask, n);
		char hname[128];
		snprintf(hname, sizeof hname, "%.100s: f_b_d", what);
		y_d = ck_check_hvp(hname, hvp, kc_grad_of_, &gr, v, d, u, NULL, n,
				   0.75, -1.25);
		snprintf(name, sizeof name, "%s: f_b_d returns f (bitwise)",
			 what);
		ck_equal_bits(name, y_d, y);
		{
			/* the figure: f_b_d's H d against differences */
			double xb[CK_VEC_MAX] = {0}, xbd[CK_VEC_MAX] = {0};
			double hfd[CK_VEC_MAX] = {0}, num = 0, den = 1e-300;
			hvp(v, d, xb, xbd, 1.0, 0.0, n, &gr);
			ck_hvp_richardson(kc_grad_of_, &gr, v, d, n, CK_FD_H,
					  hfd);
			for (int i = 0; i < n; i++) {
				num = fmax(num, fabs(xbd[i] - hfd[i]));
				den = fmax(den, fabs(hfd[i]));
			}
			kc_error_(what, "f_b_d H d vs differences of f_b",
				  num / den);
		}
	}
	return y;
}

/* The checks of a kernel with m outputs (see the top), at v with ndir
 * random directions. */
static inline void kc_check_vector(const char *what, kc_vfn f, kc_vfn_d fd,
				   kc_vfn_b fb, void *ctx, const double *v,
				   const double *mask, int n, int m, int ndir)
{
	double d[CK_VEC_MAX] = {0}, vt[CK_VEC_MAX] = {0};
	double vb[CK_VEC_MAX] = {0};
	double y[CK_VEC_MAX] = {0}, y2[CK_VEC_MAX] = {0};
	double yd[CK_VEC_MAX] = {0}, yb[CK_VEC_MAX] = {0};
	double yb0[CK_VEC_MAX] = {0}, want[CK_VEC_MAX] = {0};
	double err_t = 0, err_dot = 0;
	char name[256];
	kc_vline_ line = { f, v, d, vt, y2, n, 0, ctx };
	int same;

	f(v, y, ctx);
	for (int k = 0; k < ndir; k++) {
		double lhs, rhs, scale = 1e-300, num = 0, den = 1e-300;
		kc_direction_(d, mask, n);
		fd(v, d, y2, yd, ctx);
		same = memcmp(y, y2, m * sizeof *y) == 0;
		snprintf(name, sizeof name, "%s: f_d's outputs are f's (bitwise)",
			 what);
		ck_check(name, same);
		for (int i = 0; i < m; i++) {
			line.k = i;
			want[i] = ck_richardson(kc_valong_, &line, CK_FD_H);
			num = fmax(num, fabs(yd[i] - want[i]));
			den = fmax(den, fabs(want[i]));
		}
		err_t = fmax(err_t, num / den);
		snprintf(name, sizeof name,
			 "%s: J d vs differences (direction %d)", what, k);
		ck_close_vec(name, yd, want, m, KC_FD_RTOL);

		for (int i = 0; i < m; i++)
			yb[i] = yb0[i] = ck_rand();
		for (int i = 0; i < n; i++)
			vb[i] = 0.0;
		fb(v, vb, y2, yb, ctx);
		same = memcmp(y, y2, m * sizeof *y) == 0;
		snprintf(name, sizeof name, "%s: f_b's outputs are f's (bitwise)",
			 what);
		ck_check(name, same);
		lhs = ck_dot(yb0, yd, m);
		rhs = ck_dot(vb, d, n);
		for (int i = 0; i < m; i++)
			scale += fabs(yb0[i] * yd[i]);
		for (int i = 0; i < n; i++)
			scale += fabs(vb[i] * d[i]);
		err_dot = fmax(err_dot, fabs(lhs - rhs) / scale);
		snprintf(name, sizeof name,
			 "%s: dot product yb . (J d) = (J^T yb) . d (direction "
			 "%d)",
			 what, k);
		ck_check(name, fabs(lhs - rhs) <= KC_DOT_RTOL * scale);
	}
	kc_error_(what, "J d vs differences", err_t);
	kc_error_(what, "dot product f_b vs f_d", err_dot);
}

#endif
