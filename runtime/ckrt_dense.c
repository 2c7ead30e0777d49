/*
 * ckrt_dense.c - dense Jacobians and Hessians from vector-mode derivatives
 * (ck_jacobian from an f_dv, ck_hessian from an f_b_dv; see ckrt.h).
 *
 * Both seed the identity in chunks of nd columns: chunk c holds the unit
 * vectors e_{c*nd} ... e_{c*nd+cnt-1}, cnt = min(nd, n - c*nd), and is
 * passed with nd = cnt, so the last chunk of n mod nd directions is laid out
 * element-major with its own stride.  Scratch memory comes from the
 * allocator hook (ck_set_allocator), once per call.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ckrt.h"

/* Allocates count doubles through the allocator hook, or prints a message
 * and exits with status 1, as every other allocation of the runtime. */
static double *dalloc(size_t count, const char *what)
{
	ck_alloc_fn fn;
	void *ud, *p;
	size_t size = count * sizeof(double);

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

static void dfree(double *p, size_t count)
{
	ck_alloc_fn fn;
	void *ud;

	ck_get_allocator(&fn, &ud);
	fn(ud, p, count * sizeof(double), 0);
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
