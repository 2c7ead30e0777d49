/*
 * ckrt_dense.c - whole Jacobians and Hessians from vector-mode derivatives
 * (ck_jacobian from an f_dv, ck_hessian from an f_b_dv, and their sparse
 * forms ck_jacobian_sparse and ck_hessian_sparse; see ckrt.h).
 *
 * The dense ones seed the identity in chunks of nd columns: chunk c holds
 * the unit vectors e_{c*nd} ... e_{c*nd+cnt-1}, cnt = min(nd, n - c*nd),
 * and is passed with nd = cnt, so the last chunk of n mod nd directions is
 * laid out element-major with its own stride.  The sparse ones colour the
 * columns of the caller's pattern (colour_columns) and seed one direction
 * per colour, the sum of its columns' unit vectors, in chunks the same
 * way.  Scratch memory comes from the allocator hook (ck_set_allocator),
 * once per call.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ckrt.h"

/* Allocates size bytes through the allocator hook, or prints a message
 * and exits with status 1, as every other allocation of the runtime. */
static void *balloc(size_t size, const char *what)
{
	ck_alloc_fn fn;
	void *ud, *p;

	ck_get_allocator(&fn, &ud);
	p = fn(ud, NULL, 0, size);
	if (!p) {
		fprintf(stderr,
			"ckrt: out of memory %s (%zu bytes requested)\n", what,
			size);
		exit(1);
	}
	return p;
}

static void bfree(void *p, size_t size)
{
	ck_alloc_fn fn;
	void *ud;

	ck_get_allocator(&fn, &ud);
	fn(ud, p, size, 0);
}

static double *dalloc(size_t count, const char *what)
{
	return balloc(count * sizeof(double), what);
}

static void dfree(double *p, size_t count)
{
	bfree(p, count * sizeof(double));
}

static int *ialloc(size_t count, const char *what)
{
	return balloc(count * sizeof(int), what);
}

static void ifree(int *p, size_t count)
{
	bfree(p, count * sizeof(int));
}

/* seeds (n x cnt, element-major) = the unit vectors e_c0 ... e_{c0+cnt-1}. */
static void seed_chunk(double *seeds, int n, int c0, int cnt)
{
	int k;

	memset(seeds, 0, (size_t)n * (size_t)cnt * sizeof(double));
	for (k = 0; k < cnt; k++)
		seeds[(size_t)(c0 + k) * (size_t)cnt + (size_t)k] = 1.0;
}

int ck_jacobian(ck_jacobian_fn *f, void *ctx, int n, int m, const double *x,
		int nd, double *y, double *J)
{
	double *seeds, *yv, *ydv;
	int c0, cnt, j, k;

	if (!f || !x || !J || n <= 0 || m <= 0 || nd <= 0) {
		errno = EINVAL;
		return -1;
	}
	if (nd > n)
		nd = n;
	seeds = dalloc((size_t)n * (size_t)nd,
		       "allocating ck_jacobian's seeds");
	yv = dalloc((size_t)m, "allocating ck_jacobian's y");
	ydv = dalloc((size_t)m * (size_t)nd, "allocating ck_jacobian's y_dv");
	for (c0 = 0; c0 < n; c0 += nd) {
		cnt = n - c0 < nd ? n - c0 : nd;
		seed_chunk(seeds, n, c0, cnt);
		f(ctx, x, seeds, yv, ydv, cnt);
		for (j = 0; j < m; j++)
			for (k = 0; k < cnt; k++)
				J[(size_t)j * (size_t)n + (size_t)(c0 + k)] =
					ydv[(size_t)j * (size_t)cnt +
					    (size_t)k];
	}
	if (y)
		memcpy(y, yv, (size_t)m * sizeof(double));
	dfree(ydv, (size_t)m * (size_t)nd);
	dfree(yv, (size_t)m);
	dfree(seeds, (size_t)n * (size_t)nd);
	return 0;
}

int ck_hessian(ck_hessian_fn *f, void *ctx, int n, const double *x, int nd,
	       double *g, double *H)
{
	double *seeds, *xb, *xbdv;
	int c0, cnt, i, k;

	if (!f || !x || !H || n <= 0 || nd <= 0) {
		errno = EINVAL;
		return -1;
	}
	if (nd > n)
		nd = n;
	seeds = dalloc((size_t)n * (size_t)nd,
		       "allocating ck_hessian's seeds");
	xb = dalloc((size_t)n, "allocating ck_hessian's x_b");
	xbdv = dalloc((size_t)n * (size_t)nd, "allocating ck_hessian's x_bdv");
	for (c0 = 0; c0 < n; c0 += nd) {
		cnt = n - c0 < nd ? n - c0 : nd;
		seed_chunk(seeds, n, c0, cnt);
		memset(xb, 0, (size_t)n * sizeof(double));
		memset(xbdv, 0, (size_t)n * (size_t)cnt * sizeof(double));
		f(ctx, x, seeds, xb, xbdv, cnt);
		/* Column c0 + k of H is H e_{c0+k}, direction k of x_bdv. */
		for (i = 0; i < n; i++)
			for (k = 0; k < cnt; k++)
				H[(size_t)i * (size_t)n + (size_t)(c0 + k)] =
					xbdv[(size_t)i * (size_t)cnt +
					     (size_t)k];
	}
	if (g)
		memcpy(g, xb, (size_t)n * sizeof(double));
	dfree(xbdv, (size_t)n * (size_t)nd);
	dfree(xb, (size_t)n);
	dfree(seeds, (size_t)n * (size_t)nd);
	return 0;
}

/* ---- sparse forms */

/* Checks the arguments every sparse form shares (has_f: f is not NULL);
 * m rows, n columns. */
static int sparse_args_ok(int has_f, const double *x, int n, int m, int nd,
			  int nnz, const int *rows, const int *cols,
			  const double *vals)
{
	int e;

	if (!has_f || !x || n <= 0 || m <= 0 || nd <= 0 || nnz < 0 ||
	    (nnz > 0 && (!rows || !cols || !vals)))
		return 0;
	for (e = 0; e < nnz; e++)
		if (rows[e] < 0 || rows[e] >= m || cols[e] < 0 || cols[e] >= n)
			return 0;
	return 1;
}

/* colour[j] for the n columns of the pattern (rows[e], cols[e]) of a
 * matrix of m rows, and with sym each entry also as (cols[e], rows[e]):
 * -1 for a column of no entry; else, columns in order, the smallest
 * colour that no column sharing a row with j has taken.  Columns of one
 * colour then have no row in common, and H d for d the sum of their unit
 * vectors holds each of their entries alone.  Returns the colours'
 * count. */
static int colour_columns(int n, int m, int nnz, const int *rows,
			  const int *cols, int sym, int *colour)
{
	size_t ne = (size_t)nnz * (sym ? 2 : 1);
	int *rstart = ialloc((size_t)m + 1, "allocating a sparsity pattern");
	int *cstart = ialloc((size_t)n + 1, "allocating a sparsity pattern");
	int *rcols = ialloc(ne ? ne : 1, "allocating a sparsity pattern");
	int *crows = ialloc(ne ? ne : 1, "allocating a sparsity pattern");
	int *mark = ialloc((size_t)n, "allocating a sparsity pattern");
	int *rfill = ialloc((size_t)m + 1, "allocating a sparsity pattern");
	int *cfill = ialloc((size_t)n + 1, "allocating a sparsity pattern");
	int e, i, j, t, u, p = 0;

	memset(rstart, 0, ((size_t)m + 1) * sizeof(int));
	memset(cstart, 0, ((size_t)n + 1) * sizeof(int));
	/* (sym: m == n) */
	for (e = 0; e < nnz; e++) {
		rstart[rows[e] + 1]++;
		cstart[cols[e] + 1]++;
		if (sym) {
			rstart[cols[e] + 1]++;
			cstart[rows[e] + 1]++;
		}
	}
	for (i = 0; i < m; i++)
		rstart[i + 1] += rstart[i];
	for (j = 0; j < n; j++)
		cstart[j + 1] += cstart[j];
	memcpy(rfill, rstart, ((size_t)m + 1) * sizeof(int));
	memcpy(cfill, cstart, ((size_t)n + 1) * sizeof(int));
	for (e = 0; e < nnz; e++) {
		rcols[rfill[rows[e]]++] = cols[e];
		crows[cfill[cols[e]]++] = rows[e];
		if (sym) {
			rcols[rfill[cols[e]]++] = rows[e];
			crows[cfill[rows[e]]++] = cols[e];
		}
	}
	for (j = 0; j < n; j++) {
		colour[j] = -1;
		mark[j] = -1;
	}
	for (j = 0; j < n; j++) {
		int c = 0;

		if (cstart[j] == cstart[j + 1])
			continue;
		for (t = cstart[j]; t < cstart[j + 1]; t++) {
			i = crows[t];
			for (u = rstart[i]; u < rstart[i + 1]; u++)
				if (colour[rcols[u]] >= 0)
					mark[colour[rcols[u]]] = j;
		}
		while (mark[c] == j)
			c++;
		colour[j] = c;
		if (c + 1 > p)
			p = c + 1;
	}
	ifree(cfill, (size_t)n + 1);
	ifree(rfill, (size_t)m + 1);
	ifree(mark, (size_t)n);
	ifree(crows, ne ? ne : 1);
	ifree(rcols, ne ? ne : 1);
	ifree(cstart, (size_t)n + 1);
	ifree(rstart, (size_t)m + 1);
	return p;
}

/* seeds (n x cnt, element-major): direction k the sum of the unit vectors
 * of the columns of colour c0 + k. */
static void seed_colours(double *seeds, int n, const int *colour, int c0,
			 int cnt)
{
	int j;

	memset(seeds, 0, (size_t)n * (size_t)cnt * sizeof(double));
	for (j = 0; j < n; j++)
		if (colour[j] >= c0 && colour[j] < c0 + cnt)
			seeds[(size_t)j * (size_t)cnt +
			      (size_t)(colour[j] - c0)] = 1.0;
}

/* vals[e] for the entries whose column's colour is in [c0, c0 + cnt), from
 * out (rows x cnt, element-major). */
static void gather_colours(const double *out, const int *colour, int c0,
			   int cnt, int nnz, const int *rows, const int *cols,
			   double *vals)
{
	int e;

	for (e = 0; e < nnz; e++) {
		int q = colour[cols[e]];

		if (q >= c0 && q < c0 + cnt)
			vals[e] = out[(size_t)rows[e] * (size_t)cnt +
				      (size_t)(q - c0)];
	}
}

int ck_jacobian_sparse(ck_jacobian_fn *f, void *ctx, int n, int m,
		       const double *x, int nd, int nnz, const int *rows,
		       const int *cols, double *y, double *vals)
{
	double *seeds, *yv, *ydv;
	int *colour, p, c0, cnt, width;

	if (!sparse_args_ok(f != NULL, x, n, m, nd, nnz, rows, cols, vals)) {
		errno = EINVAL;
		return -1;
	}
	colour = ialloc((size_t)n, "allocating ck_jacobian_sparse's colours");
	p = colour_columns(n, m, nnz, rows, cols, 0, colour);
	if (!p && !y) {
		ifree(colour, (size_t)n);
		return 0;
	}
	/* (no colour and y wanted: one call with one zero direction) */
	width = !p ? 1 : nd > p ? p : nd;
	seeds = dalloc((size_t)n * (size_t)width,
		       "allocating ck_jacobian_sparse's seeds");
	yv = dalloc((size_t)m, "allocating ck_jacobian_sparse's y");
	ydv = dalloc((size_t)m * (size_t)width,
		     "allocating ck_jacobian_sparse's y_dv");
	c0 = 0;
	do {
		cnt = !p ? 1 : p - c0 < width ? p - c0 : width;
		seed_colours(seeds, n, colour, c0, cnt);
		f(ctx, x, seeds, yv, ydv, cnt);
		gather_colours(ydv, colour, c0, cnt, nnz, rows, cols, vals);
		c0 += cnt;
	} while (c0 < p);
	if (y)
		memcpy(y, yv, (size_t)m * sizeof(double));
	dfree(ydv, (size_t)m * (size_t)width);
	dfree(yv, (size_t)m);
	dfree(seeds, (size_t)n * (size_t)width);
	ifree(colour, (size_t)n);
	return p;
}

int ck_hessian_sparse(ck_hessian_fn *f, void *ctx, int n, const double *x,
		      int nd, int nnz, const int *rows, const int *cols,
		      double *g, double *vals)
{
	double *seeds, *xb, *xbdv;
	int *colour, p, c0, cnt, width;

	if (!sparse_args_ok(f != NULL, x, n, n, nd, nnz, rows, cols, vals)) {
		errno = EINVAL;
		return -1;
	}
	colour = ialloc((size_t)n, "allocating ck_hessian_sparse's colours");
	p = colour_columns(n, n, nnz, rows, cols, 1, colour);
	if (!p && !g) {
		ifree(colour, (size_t)n);
		return 0;
	}
	width = !p ? 1 : nd > p ? p : nd;
	seeds = dalloc((size_t)n * (size_t)width,
		       "allocating ck_hessian_sparse's seeds");
	xb = dalloc((size_t)n, "allocating ck_hessian_sparse's x_b");
	xbdv = dalloc((size_t)n * (size_t)width,
		      "allocating ck_hessian_sparse's x_bdv");
	c0 = 0;
	do {
		cnt = !p ? 1 : p - c0 < width ? p - c0 : width;
		seed_colours(seeds, n, colour, c0, cnt);
		memset(xb, 0, (size_t)n * sizeof(double));
		memset(xbdv, 0, (size_t)n * (size_t)cnt * sizeof(double));
		f(ctx, x, seeds, xb, xbdv, cnt);
		gather_colours(xbdv, colour, c0, cnt, nnz, rows, cols, vals);
		c0 += cnt;
	} while (c0 < p);
	if (g)
		memcpy(g, xb, (size_t)n * sizeof(double));
	dfree(xbdv, (size_t)n * (size_t)width);
	dfree(xb, (size_t)n);
	dfree(seeds, (size_t)n * (size_t)width);
	ifree(colour, (size_t)n);
	return p;
}
