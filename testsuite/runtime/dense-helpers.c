/* ck_jacobian and ck_hessian: the dense Jacobian of a hand-written f_dv and
 * the dense Hessian of a hand-written f_b_dv against analytic ones, for nd
 * from 1 to beyond n (taken as n); the calls they make (ceil(n / nd), each
 * seeded with its chunk of the identity, x_b and x_bdv zeroed); y and g,
 * also NULL; H as f gives it (a non-symmetric one comes back as it is);
 * scratch memory through the allocator hook, all freed; EINVAL on bad
 * sizes.  "oom": running out of memory is reported as elsewhere in libckrt,
 * with exit status 1. */
// RUN: %cc %s -o %t %ckrt
// RUN: %t | FileCheck %s
// RUN: bash -c '%t oom; test $? -eq 1' 2>&1 | FileCheck %s --check-prefix=OOM
// CHECK-NOT: FAIL
// CHECK: 0 failed
// OOM: ckrt: out of memory allocating ck_jacobian's y (24 bytes requested)
// OOM-NOT: reached
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ckcheck.h"
#include "ckrt.h"

#define N 5 /* inputs of both functions */
#define M 3 /* outputs of the vector function */
#define MAXND 8

/* ---- allocator hook: counts blocks, fails on its fail_at-th call */

static long live_blocks, allocs, fail_at;

static void *counting(void *ud, void *ptr, size_t old_size, size_t new_size)
{
	(void)ud;
	(void)old_size;
	if (new_size == 0) {
		if (ptr)
			live_blocks--;
		free(ptr);
		return NULL;
	}
	if (++allocs == fail_at)
		return NULL;
	if (!ptr)
		live_blocks++;
	return realloc(ptr, new_size);
}

/* ---- the vector function and its hand-written f_dv
 *   y0 = x0 x1 + sin(x2)
 *   y1 = exp(x3) x4 - x0^2
 *   y2 = sin(x1 x4) + x2 x3 x0                                       */

static void model(const double *x, double *y, int n)
{
	(void)n;
	y[0] = x[0] * x[1] + sin(x[2]);
	y[1] = exp(x[3]) * x[4] - x[0] * x[0];
	y[2] = sin(x[1] * x[4]) + x[2] * x[3] * x[0];
}

/* What ckc writes for model with wrt(x) out(y) vector, by hand. */
static void model_dv(const double *x, const double *x_dv, double *y,
		     double *y_dv, int n, int ck_nd)
{
	double e3 = exp(x[3]), c2 = cos(x[2]), c14 = cos(x[1] * x[4]);
	int k;

	(void)n;
	for (k = 0; k < ck_nd; k++) {
		const double *d0 = &x_dv[0 * ck_nd + k],
			     *d1 = &x_dv[1 * ck_nd + k],
			     *d2 = &x_dv[2 * ck_nd + k],
			     *d3 = &x_dv[3 * ck_nd + k],
			     *d4 = &x_dv[4 * ck_nd + k];

		y_dv[0 * ck_nd + k] = *d0 * x[1] + x[0] * *d1 + c2 * *d2;
		y_dv[1 * ck_nd + k] =
			e3 * *d3 * x[4] + e3 * *d4 - 2 * x[0] * *d0;
		y_dv[2 * ck_nd + k] =
			c14 * (*d1 * x[4] + x[1] * *d4) +
			((*d2 * x[3] + x[2] * *d3) * x[0] + x[2] * x[3] * *d0);
	}
	model(x, y, n);
}

static void model_jacobian(const double *x, double *J)
{
	double e3 = exp(x[3]), c14 = cos(x[1] * x[4]);
	double want[M][N] = {
		{ x[1], x[0], cos(x[2]), 0, 0 },
		{ -2 * x[0], 0, 0, e3 * x[4], e3 },
		{ x[2] * x[3], c14 * x[4], x[3] * x[0], x[2] * x[0],
		  c14 * x[1] },
	};

	memcpy(J, want, sizeof want);
}

/* ---- what the wrappers see: the calls, their nd, their seeds */

struct calls {
	int n;        /* passed on to f_dv, f_b_dv */
	int count;    /* calls so far */
	int done;     /* directions seeded so far */
	int nds[16];  /* nd of each call */
	int bad_seed; /* a call got other seeds than its identity chunk */
	int not_zero; /* x_b or x_bdv was not zero on entry */
};

static void note_call(struct calls *c, const double *x_dv, int nd)
{
	int i, k;

	if (c->count < 16)
		c->nds[c->count] = nd;
	c->count++;
	for (i = 0; i < c->n; i++)
		for (k = 0; k < nd; k++)
			if (x_dv[i * nd + k] != (i == c->done + k ? 1.0 : 0.0))
				c->bad_seed = 1;
	c->done += nd;
}

static void model_wrap(void *ctx, const double *x, const double *x_dv,
		       double *y, double *y_dv, int nd)
{
	struct calls *c = ctx;

	note_call(c, x_dv, nd);
	model_dv(x, x_dv, y, y_dv, c->n, nd);
}

/* ---- the scalar function and its hand-written f_b_dv
 *   f = sum_{i < n-1} x_i^2 x_{i+1} + exp(x0 x2)                     */

static double loss(const double *x, int n)
{
	double s = 0;
	int i;

	for (i = 0; i < n - 1; i++)
		s += x[i] * x[i] * x[i + 1];
	return s + exp(x[0] * x[2]);
}

/* What ckc writes for loss with ck_hvp wrt(x) vector, by hand: the
 * adjoint of each term, and the tangent of that adjoint per direction. */
static double loss_b_dv(const double *x, const double *x_dv, double *x_b,
			double *x_bdv, int n, int ck_nd, double ret_b,
			const double *ret_bdv)
{
	double e = exp(x[0] * x[2]);
	int i, k;

	for (i = 0; i < n - 1; i++) {
		double a = 2 * x[i] * x[i + 1], b = x[i] * x[i];

		x_b[i] += ret_b * a;
		x_b[i + 1] += ret_b * b;
		for (k = 0; k < ck_nd; k++) {
			double di = x_dv[i * ck_nd + k];
			double dn = x_dv[(i + 1) * ck_nd + k];
			double ad = 2 * (di * x[i + 1] + x[i] * dn);
			double bd = 2 * x[i] * di;

			x_bdv[i * ck_nd + k] += ret_b * ad + ret_bdv[k] * a;
			x_bdv[(i + 1) * ck_nd + k] +=
				ret_b * bd + ret_bdv[k] * b;
		}
	}
	x_b[0] += ret_b * e * x[2];
	x_b[2] += ret_b * e * x[0];
	for (k = 0; k < ck_nd; k++) {
		double d0 = x_dv[0 * ck_nd + k], d2 = x_dv[2 * ck_nd + k];
		double ed = e * (d0 * x[2] + x[0] * d2);

		x_bdv[0 * ck_nd + k] +=
			ret_b * (ed * x[2] + e * d2) + ret_bdv[k] * e * x[2];
		x_bdv[2 * ck_nd + k] +=
			ret_b * (ed * x[0] + e * d0) + ret_bdv[k] * e * x[0];
	}
	return loss(x, n);
}

static void loss_grad(const double *x, int n, double *g)
{
	double e = exp(x[0] * x[2]);
	int i;

	for (i = 0; i < n; i++) {
		g[i] = 0;
		if (i < n - 1)
			g[i] += 2 * x[i] * x[i + 1];
		if (i > 0)
			g[i] += x[i - 1] * x[i - 1];
	}
	g[0] += e * x[2];
	g[2] += e * x[0];
}

static void loss_hessian(const double *x, int n, double *H)
{
	double e = exp(x[0] * x[2]);
	int i;

	memset(H, 0, (size_t)n * (size_t)n * sizeof *H);
	for (i = 0; i < n - 1; i++) {
		H[i * n + i] += 2 * x[i + 1];
		H[i * n + i + 1] += 2 * x[i];
		H[(i + 1) * n + i] += 2 * x[i];
	}
	H[0 * n + 0] += e * x[2] * x[2];
	H[2 * n + 2] += e * x[0] * x[0];
	H[0 * n + 2] += e * (1 + x[0] * x[2]);
	H[2 * n + 0] += e * (1 + x[0] * x[2]);
}

static int all_zero(const double *v, int count)
{
	int i;

	for (i = 0; i < count; i++)
		if (v[i] != 0.0)
			return 0;
	return 1;
}

static void loss_wrap(void *ctx, const double *x, const double *x_dv,
		      double *x_b, double *x_bdv, int nd)
{
	static const double zeros[MAXND];
	struct calls *c = ctx;

	if (!all_zero(x_b, c->n) || !all_zero(x_bdv, c->n * nd))
		c->not_zero = 1;
	note_call(c, x_dv, nd);
	loss_b_dv(x, x_dv, x_b, x_bdv, c->n, nd, 1.0, zeros);
}

/* A non-symmetric "Hessian" A with gradient b (n = 4): H must come back as
 * A, not transposed, not symmetrised. */
static const double A4[4][4] = {
	{ 1, 2, 3, 4 }, { 5, 6, 7, 8 }, { 9, 10, 11, 12 }, { 13, 14, 15, 16 }
};
static const double b4[4] = { -1, -2, -3, -4 };

static void skew_wrap(void *ctx, const double *x, const double *x_dv,
		      double *x_b, double *x_bdv, int nd)
{
	struct calls *c = ctx;
	int i, j, k;

	(void)x;
	note_call(c, x_dv, nd);
	for (i = 0; i < 4; i++) {
		x_b[i] += b4[i];
		for (k = 0; k < nd; k++)
			for (j = 0; j < 4; j++)
				x_bdv[i * nd + k] +=
					A4[i][j] * x_dv[j * nd + k];
	}
}

/* f = x^3 (n = 1). */
static void cube_wrap(void *ctx, const double *x, const double *x_dv,
		      double *x_b, double *x_bdv, int nd)
{
	note_call(ctx, x_dv, nd);
	x_b[0] += 3 * x[0] * x[0];
	x_bdv[0] += 6 * x[0] * x_dv[0];
}

static void start(struct calls *c, int n)
{
	memset(c, 0, sizeof *c);
	c->n = n;
}

/* Are the calls of c those of n directions in chunks of nd (nd > n
 * taken as n)? */
static int chunked(const struct calls *c, int n, int nd)
{
	int eff = nd < n ? nd : n, want = (n + eff - 1) / eff, i;

	if (c->count != want || c->done != n || c->bad_seed)
		return 0;
	for (i = 0; i < want; i++)
		if (c->nds[i] !=
		    (i < want - 1 || n % eff == 0 ? eff : n % eff))
			return 0;
	return 1;
}

static void check_errors(const double *x)
{
	struct calls c;
	double J[M * N], H[N * N], y[M];
	char name[128];
	int i;
	struct {
		int n, m, nd;
	} bad[] = { { 0, M, 2 },  { N, 0, 2 },  { N, M, 0 },
		    { -1, M, 2 }, { N, -3, 2 }, { N, M, -1 } };

	for (i = 0; i < (int)(sizeof bad / sizeof bad[0]); i++) {
		int r;

		start(&c, N);
		J[0] = 42;
		errno = 0;
		r = ck_jacobian(model_wrap, &c, bad[i].n, bad[i].m, x,
				bad[i].nd, y, J);
		snprintf(name, sizeof name,
			 "ck_jacobian n=%d m=%d nd=%d: -1, EINVAL, no call",
			 bad[i].n, bad[i].m, bad[i].nd);
		ck_check(name, r == -1 && errno == EINVAL && c.count == 0 &&
				       J[0] == 42);
		if (bad[i].m != M)
			continue;
		start(&c, N);
		H[0] = 42;
		errno = 0;
		r = ck_hessian(loss_wrap, &c, bad[i].n, x, bad[i].nd, NULL, H);
		snprintf(name, sizeof name,
			 "ck_hessian n=%d nd=%d: -1, EINVAL, no call",
			 bad[i].n, bad[i].nd);
		ck_check(name, r == -1 && errno == EINVAL && c.count == 0 &&
				       H[0] == 42);
	}
	errno = 0;
	ck_check("ck_jacobian f = NULL: EINVAL",
		 ck_jacobian(NULL, NULL, N, M, x, 2, y, J) == -1 &&
			 errno == EINVAL);
	errno = 0;
	ck_check("ck_hessian H = NULL: EINVAL",
		 ck_hessian(loss_wrap, &c, N, x, 2, NULL, NULL) == -1 &&
			 errno == EINVAL);
}

static int oom(const double *x)
{
	struct calls c;
	double J[M * N];

	/* seeds, then y: the second allocation fails */
	allocs = 0;
	fail_at = 2;
	start(&c, N);
	ck_jacobian(model_wrap, &c, N, M, x, 2, NULL, J);
	printf("reached the end\n");
	return 0;
}

int main(int argc, char **argv)
{
	static const int nds[] = { 1, 2, 3, 4, 5, 7, 100 };
	const double x[N] = { 0.3, -0.7, 1.1, 0.4, -0.9 };
	double J[M * N], Jwant[M * N], J2[M * N], y[M], ywant[M];
	double H[N * N], Hwant[N * N], H2[N * N], g[N], gwant[N];
	double x4[4] = { 0.5, 0.25, -1, 2 }, H4[16], g4[4];
	struct calls c;
	char name[128];
	int t, i, r;

	ck_set_allocator(counting, NULL);
	if (argc > 1 && strcmp(argv[1], "oom") == 0)
		return oom(x);

	model_jacobian(x, Jwant);
	model(x, ywant, N);
	loss_hessian(x, N, Hwant);
	loss_grad(x, N, gwant);

	for (t = 0; t < (int)(sizeof nds / sizeof nds[0]); t++) {
		int nd = nds[t];

		/* Jacobian */
		start(&c, N);
		allocs = 0;
		memset(y, 0, sizeof y);
		r = ck_jacobian(model_wrap, &c, N, M, x, nd, y, J);
		snprintf(name, sizeof name, "jacobian nd=%d returns 0", nd);
		ck_check(name, r == 0);
		snprintf(name, sizeof name,
			 "jacobian nd=%d: %d calls in identity chunks", nd,
			 c.count);
		ck_check(name, chunked(&c, N, nd));
		for (i = 0; i < M * N; i++) {
			snprintf(name, sizeof name, "jacobian nd=%d J[%d][%d]",
				 nd, i / N, i % N);
			ck_close(name, J[i], Jwant[i], 1e-14);
		}
		for (i = 0; i < M; i++) {
			snprintf(name, sizeof name, "jacobian nd=%d y[%d]", nd,
				 i);
			ck_equal_bits(name, y[i], ywant[i]);
		}
		snprintf(name, sizeof name,
			 "jacobian nd=%d: 3 blocks from the hook, all freed",
			 nd);
		ck_check(name, allocs == 3 && live_blocks == 0);
		start(&c, N);
		r = ck_jacobian(model_wrap, &c, N, M, x, nd, NULL, J2);
		snprintf(name, sizeof name,
			 "jacobian nd=%d, y = NULL: the same J (bitwise)", nd);
		ck_check(name, r == 0 && chunked(&c, N, nd) &&
				       memcmp(J, J2, sizeof J) == 0);

		/* Hessian */
		start(&c, N);
		allocs = 0;
		memset(g, 0, sizeof g);
		r = ck_hessian(loss_wrap, &c, N, x, nd, g, H);
		snprintf(name, sizeof name, "hessian nd=%d returns 0", nd);
		ck_check(name, r == 0);
		snprintf(name, sizeof name,
			 "hessian nd=%d: %d calls in identity chunks", nd,
			 c.count);
		ck_check(name, chunked(&c, N, nd));
		snprintf(name, sizeof name,
			 "hessian nd=%d: x_b and x_bdv zero on every call",
			 nd);
		ck_check(name, !c.not_zero);
		for (i = 0; i < N * N; i++) {
			snprintf(name, sizeof name, "hessian nd=%d H[%d][%d]",
				 nd, i / N, i % N);
			ck_close(name, H[i], Hwant[i], 1e-14);
		}
		for (i = 0; i < N; i++) {
			snprintf(name, sizeof name, "hessian nd=%d g[%d]", nd,
				 i);
			ck_close(name, g[i], gwant[i], 1e-14);
		}
		snprintf(name, sizeof name,
			 "hessian nd=%d: 3 blocks from the hook, all freed",
			 nd);
		ck_check(name, allocs == 3 && live_blocks == 0);
		start(&c, N);
		r = ck_hessian(loss_wrap, &c, N, x, nd, NULL, H2);
		snprintf(name, sizeof name,
			 "hessian nd=%d, g = NULL: the same H (bitwise)", nd);
		ck_check(name, r == 0 && chunked(&c, N, nd) &&
				       memcmp(H, H2, sizeof H) == 0);

		/* not symmetric: as f gives it */
		start(&c, 4);
		r = ck_hessian(skew_wrap, &c, 4, x4, nd, g4, H4);
		snprintf(name, sizeof name,
			 "hessian nd=%d of a non-symmetric A: A itself, "
			 "and b",
			 nd);
		ck_check(name, r == 0 && chunked(&c, 4, nd) &&
				       memcmp(H4, A4, sizeof H4) == 0 &&
				       memcmp(g4, b4, sizeof g4) == 0);
	}

	/* n = 1: f = x^3, one call of nd = 1 whatever nd is asked for */
	{
		double x1 = 2, g1 = 0, h1 = 0;

		start(&c, 1);
		r = ck_hessian(cube_wrap, &c, 1, &x1, 3, &g1, &h1);
		ck_check("hessian n = 1: f' = 12, f'' = 12",
			 r == 0 && chunked(&c, 1, 3) && g1 == 12 && h1 == 12);
	}

	check_errors(x);
	ck_check("nothing left allocated", live_blocks == 0);
	return ck_done();
}
