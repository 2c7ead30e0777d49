/*
 * ckrt_special.c - the digamma and trigamma functions, which the derivative
 * rules of lgamma and tgamma call, and the parts of modf and frexp that
 * ckc's rewrite of those calls uses (see ckrt.h).
 *
 * For x below 10 the recurrences psi(x) = psi(x + 1) - 1/x and
 * psi'(x) = psi'(x + 1) + 1/x^2 move the argument up; from 10 on, the
 * asymptotic series in 1/x^2 (Bernoulli numbers) has its first omitted
 * term below 1e-17 relative.  Negative arguments reflect:
 * psi(x) = psi(1 - x) - pi / tan(pi x) and
 * psi'(x) = -psi'(1 - x) + pi^2 / sin^2(pi x).
 */
#include <math.h>

#include "ckrt.h"

#define CK_PI 3.14159265358979323846

static double digamma_pos(double x)
{
	double acc = 0.0, r, r2;

	while (x < 10.0) {
		acc -= 1.0 / x;
		x += 1.0;
	}
	r = 1.0 / x;
	r2 = r * r;
	/* B2k / (2k x^2k): 1/12, -1/120, 1/252, -1/240, 1/132, -691/32760,
	 * 1/12 */
	return acc + log(x) - 0.5 * r -
	       r2 * (1.0 / 12 -
		     r2 * (1.0 / 120 -
			   r2 * (1.0 / 252 -
				 r2 * (1.0 / 240 -
				       r2 * (1.0 / 132 -
					     r2 * (691.0 / 32760 -
						   r2 * (1.0 / 12)))))));
}

static double trigamma_pos(double x)
{
	double acc = 0.0, r, r2;

	while (x < 10.0) {
		acc += 1.0 / (x * x);
		x += 1.0;
	}
	r = 1.0 / x;
	r2 = r * r;
	/* 1/x + 1/(2x^2) + sum B2k / x^(2k+1): 1/6, -1/30, 1/42, -1/30,
	 * 5/66, -691/2730, 7/6 */
	return acc + r + 0.5 * r2 +
	       r * r2 *
		       (1.0 / 6 -
			r2 * (1.0 / 30 -
			      r2 * (1.0 / 42 -
				    r2 * (1.0 / 30 -
					  r2 * (5.0 / 66 -
						r2 * (691.0 / 2730 -
						      r2 * (7.0 / 6)))))));
}

/* Is x 0 or a negative integer (a pole)? */
static int pole(double x)
{
	return x <= 0.0 && x == floor(x);
}

double ck_digamma(double x)
{
	if (isnan(x) || pole(x))
		return NAN;
	if (isinf(x))
		return x > 0 ? x : NAN;
	if (x < 0.0)
		return digamma_pos(1.0 - x) - CK_PI / tan(CK_PI * x);
	return digamma_pos(x);
}

double ck_trigamma(double x)
{
	if (isnan(x) || pole(x))
		return NAN;
	if (isinf(x))
		return x > 0 ? 0.0 : NAN;
	if (x < 0.0) {
		double s = sin(CK_PI * x);
		return -trigamma_pos(1.0 - x) + CK_PI * CK_PI / (s * s);
	}
	return trigamma_pos(x);
}

float ck_digammaf(float x)
{
	return (float)ck_digamma((double)x);
}

float ck_trigammaf(float x)
{
	return (float)ck_trigamma((double)x);
}

double ck_modf_frac(double x)
{
	double ip;
	return modf(x, &ip);
}

float ck_modf_fracf(float x)
{
	float ip;
	return modff(x, &ip);
}

int ck_frexp_exp(double x)
{
	int e;
	(void)frexp(x, &e);
	return e;
}

int ck_frexp_expf(float x)
{
	int e;
	(void)frexpf(x, &e);
	return e;
}
