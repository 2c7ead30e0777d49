/* ck_jacobian_sparse and ck_hessian_sparse: a tridiagonal Jacobian of a
 * hand-written f_dv and a tridiagonal Hessian of a hand-written f_b_dv
 * (n = 12) from their patterns: 3 colours, columns j in colour j % 3, so
 * ceil(3 / nd) calls whatever n, each seeded with the sums of its colours'
 * unit vectors; every entry against the analytic one and equal to the
 * dense helper's; y and g bitwise f's; the Hessian's pattern given as its
 * upper triangle, its lower one, or both; entries listed twice; no entry
 * (0 colours: one call with a zero direction when y or g is wanted, none
 * otherwise); columns of no entry (no direction); a full row (one colour
 * per column); scratch memory through the allocator hook, all freed;
 * EINVAL on bad sizes, indices and NULL pointers, with no call. */
// RUN: %cc %s -o %t %ckrt
// RUN: %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: 0 failed
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ckcheck.h"
#include "ckrt.h"

#define N 12

static long live_blocks;

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
	if (!ptr)
		live_blocks++;
	return realloc(ptr, new_size);
}

/* ---- y_i = x_i^2 - x_{i-1} sin(x_{i+1}) (missing neighbours: 0) */

static double at(const double *v, int i)
{
	return i >= 0 && i < N ? v[i] : 0.0;
}

static void model(const double *x, double *y)
{
	int i;

	for (i = 0; i < N; i++)
		y[i] = x[i] * x[i] - at(x, i - 1) * sin(at(x, i + 1));
}

/* What ckc writes for model with wrt(x) out(y) vector, by hand. */
static void model_dv(const double *x, const double *x_dv, double *y,
		     double *y_dv, int nd)
{
	int i, k;

	for (i = 0; i < N; i++)
		for (k = 0; k < nd; k++) {
			double d = 2 * x[i] * x_dv[i * nd + k];

			if (i > 0)
				d -= x_dv[(i - 1) * nd + k] *
				     sin(at(x, i + 1));
			if (i < N - 1)
				d -= at(x, i - 1) * cos(x[i + 1]) *
				     x_dv[(i + 1) * nd + k];
			y_dv[i * nd + k] = d;
		}
	model(x, y);
}

static double model_entry(const double *x, int i, int j)
{
	if (j == i)
		return 2 * x[i];
	if (j == i - 1)
		return -sin(at(x, i + 1));
	if (j == i + 1)
		return -at(x, i - 1) * cos(x[i + 1]);
	return 0.0;
}

/* ---- f = sum_{i < n-1} x_i^2 x_{i+1}: H tridiagonal */

static double loss_b_dv(const double *x, const double *x_dv, double *x_b,
			double *x_bdv, int nd)
{
	double s = 0;
	int i, k;

	for (i = 0; i < N - 1; i++) {
		s += x[i] * x[i] * x[i + 1];
		x_b[i] += 2 * x[i] * x[i + 1];
		x_b[i + 1] += x[i] * x[i];
		for (k = 0; k < nd; k++) {
			double di = x_dv[i * nd + k];
			double dn = x_dv[(i + 1) * nd + k];

			x_bdv[i * nd + k] += 2 * (di * x[i + 1] + x[i] * dn);
			x_bdv[(i + 1) * nd + k] += 2 * x[i] * di;
		}
	}
	return s;
}

static double loss_entry(const double *x, int i, int j)
{
	if (j == i)
		return i < N - 1 ? 2 * x[i + 1] : 0.0;
	if (j == i + 1)
		return 2 * x[i];
	if (j == i - 1)
		return 2 * x[j];
	return 0.0;
}

/* ---- what the wrappers see */

struct calls {
	int count, nds[16];
	int colours; /* the colouring the seeds must follow: j % colours */
	int done;    /* colours seeded so far */
	int bad_seed, not_zero;
	int full;  /* a full first row: every column its own colour */
	int ncols; /* the columns of entries: those below ncols */
};

static void note_call(struct calls *c, const double *x_dv, int nd)
{
	int j, k;

	if (c->count < 16)
		c->nds[c->count] = nd;
	c->count++;
	for (j = 0; j < N; j++)
		for (k = 0; k < nd; k++) {
			int q = -1;

			if (c->colours && j < c->ncols)
				q = c->full ? j : j % c->colours;
			if (x_dv[j * nd + k] != (q == c->done + k ? 1.0 : 0.0))
				c->bad_seed = 1;
		}
	c->done += nd;
}

static void model_wrap(void *ctx, const double *x, const double *x_dv,
		       double *y, double *y_dv, int nd)
{
	note_call(ctx, x_dv, nd);
	model_dv(x, x_dv, y, y_dv, nd);
}

static void loss_wrap(void *ctx, const double *x, const double *x_dv,
		      double *x_b, double *x_bdv, int nd)
{
	struct calls *c = ctx;
	int i;

	for (i = 0; i < N; i++)
		if (x_b[i] != 0.0)
			c->not_zero = 1;
	for (i = 0; i < N * nd; i++)
		if (x_bdv[i] != 0.0)
			c->not_zero = 1;
	note_call(c, x_dv, nd);
	loss_b_dv(x, x_dv, x_b, x_bdv, nd);
}

static void start(struct calls *c, int colours)
{
	memset(c, 0, sizeof *c);
	c->colours = colours;
	c->ncols = N;
}

/* Were the calls those of p colours in chunks of nd? */
static int chunked(const struct calls *c, int p, int nd)
{
	int eff = nd < p ? nd : p, want = (p + eff - 1) / eff, i;

	if (c->count != want || c->done != p || c->bad_seed)
		return 0;
	for (i = 0; i < want; i++)
		if (c->nds[i] !=
		    (i < want - 1 || p % eff == 0 ? eff : p % eff))
			return 0;
	return 1;
}

/* the tridiagonal pattern: which 0 both sides, 1 upper, 2 lower; twice:
 * every entry listed twice */
static int tridiagonal(int which, int twice, int *rows, int *cols)
{
	int i, e = 0, t;

	for (t = 0; t <= twice; t++)
		for (i = 0; i < N; i++) {
			rows[e] = i;
			cols[e++] = i;
			if (i + 1 < N && which != 2) {
				rows[e] = i;
				cols[e++] = i + 1;
			}
			if (i > 0 && which != 1) {
				rows[e] = i;
				cols[e++] = i - 1;
			}
		}
	return e;
}

static void check_jacobian(const double *x)
{
	static const int nds[] = { 1, 2, 3, 8 };
	int rows[6 * N], cols[6 * N], nnz, t, e, r;
	double vals[6 * N], J[N * N], y[N], ywant[N];
	struct calls c;
	char name[160];

	model(x, ywant);
	start(&c, 0);
	ck_jacobian(model_wrap, &c, N, N, x, 4, NULL, J);
	for (t = 0; t < 4; t++) {
		int nd = nds[t], twice;

		for (twice = 0; twice < 2; twice++) {
			nnz = tridiagonal(0, twice, rows, cols);
			start(&c, 3);
			memset(y, 0, sizeof y);
			r = ck_jacobian_sparse(model_wrap, &c, N, N, x, nd,
					       nnz, rows, cols, y, vals);
			snprintf(name, sizeof name,
				 "jacobian nd=%d%s: 3 colours, %d calls in "
				 "colour chunks",
				 nd, twice ? " (entries twice)" : "", c.count);
			ck_check(name, r == 3 && chunked(&c, 3, nd));
			for (e = 0; e < nnz; e++) {
				int i = rows[e], j = cols[e];

				snprintf(name, sizeof name,
					 "jacobian nd=%d J[%d][%d]", nd, i, j);
				ck_close(name, vals[e], model_entry(x, i, j),
					 1e-14);
				snprintf(name, sizeof name,
					 "jacobian nd=%d J[%d][%d] is the "
					 "dense helper's",
					 nd, i, j);
				ck_check(name, vals[e] == J[i * N + j]);
			}
			snprintf(name, sizeof name,
				 "jacobian nd=%d: y is f's (bitwise)", nd);
			ck_check(name, memcmp(y, ywant, sizeof y) == 0);
		}
	}
	/* columns 0..3 only: 3 colours still, the others no direction */
	nnz = 0;
	for (int i = 0; i < N; i++)
		for (int j = i - 1; j <= i + 1; j++)
			if (j >= 0 && j < 4) {
				rows[nnz] = i;
				cols[nnz++] = j;
			}
	start(&c, 3);
	c.ncols = 4;
	r = ck_jacobian_sparse(model_wrap, &c, N, N, x, 8, nnz, rows, cols,
			       NULL, vals);
	ck_check("jacobian of columns 0..3: 3 colours, one call",
		 r == 3 && chunked(&c, 3, 8));
	for (e = 0; e < nnz; e++) {
		snprintf(name, sizeof name,
			 "jacobian of columns 0..3: J[%d][%d] is the dense "
			 "helper's",
			 rows[e], cols[e]);
		ck_check(name, vals[e] == J[rows[e] * N + cols[e]]);
	}
	/* a full first row: every column its own colour */
	nnz = tridiagonal(0, 0, rows, cols);
	for (int j = 2; j < N; j++) {
		rows[nnz] = 0;
		cols[nnz++] = j;
	}
	start(&c, 1);
	c.full = 1;
	r = ck_jacobian_sparse(model_wrap, &c, N, N, x, 5, nnz, rows, cols,
			       NULL, vals);
	ck_check("jacobian with a full row: one colour per column, 3 calls",
		 r == N && chunked(&c, N, 5));
	/* no entry: y alone, from one call with a zero direction */
	start(&c, 0);
	memset(y, 0, sizeof y);
	r = ck_jacobian_sparse(model_wrap, &c, N, N, x, 4, 0, NULL, NULL, y,
			       NULL);
	ck_check("jacobian of no entry: 0 colours, one zero direction, y",
		 r == 0 && c.count == 1 && c.nds[0] == 1 && !c.bad_seed &&
			 memcmp(y, ywant, sizeof y) == 0);
	start(&c, 0);
	r = ck_jacobian_sparse(model_wrap, &c, N, N, x, 4, 0, NULL, NULL, NULL,
			       NULL);
	ck_check("jacobian of no entry without y: no call",
		 r == 0 && c.count == 0);
}

static void check_hessian(const double *x)
{
	static const char *forms[3] = { "both triangles", "upper triangle",
					"lower triangle" };
	int rows[6 * N], cols[6 * N], nnz, which, e, r, nd;
	double vals[6 * N], H[N * N], g[N], g2[N];
	struct calls c;
	char name[160];

	start(&c, 0);
	ck_hessian(loss_wrap, &c, N, x, 4, g2, H);
	for (which = 0; which < 3; which++)
		for (nd = 1; nd <= 4; nd += 3) {
			nnz = tridiagonal(which, 0, rows, cols);
			start(&c, 3);
			memset(g, 0, sizeof g);
			r = ck_hessian_sparse(loss_wrap, &c, N, x, nd, nnz,
					      rows, cols, g, vals);
			snprintf(name, sizeof name,
				 "hessian (%s) nd=%d: 3 colours, %d calls, "
				 "x_b and x_bdv zeroed",
				 forms[which], nd, c.count);
			ck_check(name,
				 r == 3 && chunked(&c, 3, nd) && !c.not_zero);
			for (e = 0; e < nnz; e++) {
				int i = rows[e], j = cols[e];

				snprintf(name, sizeof name,
					 "hessian (%s) nd=%d H[%d][%d]",
					 forms[which], nd, i, j);
				ck_close(name, vals[e], loss_entry(x, i, j),
					 1e-14);
				snprintf(name, sizeof name,
					 "hessian (%s) nd=%d H[%d][%d] is the "
					 "dense helper's",
					 forms[which], nd, i, j);
				ck_check(name, vals[e] == H[i * N + j]);
			}
			snprintf(name, sizeof name,
				 "hessian (%s) nd=%d: g is the dense helper's",
				 forms[which], nd);
			ck_check(name, memcmp(g, g2, sizeof g) == 0);
		}
}

static void check_errors(const double *x)
{
	int rows[3] = { 0, 1, 2 }, cols[3] = { 0, 1, 2 };
	int bad_row[3] = { 0, N, 2 }, bad_col[3] = { 0, 1, -1 };
	double vals[3] = { 42, 42, 42 }, y[N];
	struct calls c;
	struct {
		const char *what;
		int n, m, nd, nnz;
		const int *rows, *cols;
		double *vals;
	} bad[] = {
		{ "n = 0", 0, N, 2, 3, rows, cols, vals },
		{ "m = 0", N, 0, 2, 3, rows, cols, vals },
		{ "nd = 0", N, N, 0, 3, rows, cols, vals },
		{ "nnz < 0", N, N, 2, -1, rows, cols, vals },
		{ "rows = NULL", N, N, 2, 3, NULL, cols, vals },
		{ "cols = NULL", N, N, 2, 3, rows, NULL, vals },
		{ "vals = NULL", N, N, 2, 3, rows, cols, NULL },
		{ "a row out of range", N, N, 2, 3, bad_row, cols, vals },
		{ "a column out of range", N, N, 2, 3, rows, bad_col, vals },
	};
	char name[160];
	int i, r;

	for (i = 0; i < (int)(sizeof bad / sizeof bad[0]); i++) {
		start(&c, 0);
		errno = 0;
		r = ck_jacobian_sparse(model_wrap, &c, bad[i].n, bad[i].m, x,
				       bad[i].nd, bad[i].nnz, bad[i].rows,
				       bad[i].cols, y, bad[i].vals);
		snprintf(name, sizeof name,
			 "ck_jacobian_sparse %s: -1, EINVAL, no call",
			 bad[i].what);
		ck_check(name, r == -1 && errno == EINVAL && c.count == 0 &&
				       vals[0] == 42);
		if (bad[i].m != N)
			continue;
		start(&c, 0);
		errno = 0;
		r = ck_hessian_sparse(loss_wrap, &c, bad[i].n, x, bad[i].nd,
				      bad[i].nnz, bad[i].rows, bad[i].cols,
				      NULL, bad[i].vals);
		snprintf(name, sizeof name,
			 "ck_hessian_sparse %s: -1, EINVAL, no call",
			 bad[i].what);
		ck_check(name, r == -1 && errno == EINVAL && c.count == 0 &&
				       vals[0] == 42);
	}
	errno = 0;
	ck_check("ck_jacobian_sparse f = NULL: EINVAL",
		 ck_jacobian_sparse(NULL, NULL, N, N, x, 2, 3, rows, cols, y,
				    vals) == -1 &&
			 errno == EINVAL);
	errno = 0;
	ck_check("ck_hessian_sparse x = NULL: EINVAL",
		 ck_hessian_sparse(loss_wrap, &c, N, NULL, 2, 3, rows, cols,
				   NULL, vals) == -1 &&
			 errno == EINVAL);
}

int main(void)
{
	double x[N];
	int i;

	ck_set_allocator(counting, NULL);
	for (i = 0; i < N; i++)
		x[i] = 0.3 + 0.17 * i - 0.05 * i * i;
	check_jacobian(x);
	check_hessian(x);
	check_errors(x);
	ck_check("scratch memory all freed", live_blocks == 0);
	return ck_done();
}
