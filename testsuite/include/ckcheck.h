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

/* Prints the summary; 0 iff no check failed. */
static inline int ck_done(void)
{
	printf("%d checks, %d failed\n", ck_counts_()[0], ck_counts_()[1]);
	return ck_counts_()[1] != 0;
}

#endif
