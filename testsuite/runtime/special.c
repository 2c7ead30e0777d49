/* ck_digamma and ck_trigamma, which the derivative rules of lgamma and
 * tgamma call, against known values: psi(1) = -gamma, psi(1/2) = -gamma -
 * 2 log 2, psi(-1/2) = psi(1/2) + 2 + ..., psi'(1) = pi^2 / 6, psi'(1/2) =
 * pi^2 / 2, psi'(-1/2) = pi^2 / 2 + 4; large arguments (the series) and
 * small ones (the recurrence); NaN at the poles and for NaN; the float
 * versions; and the recurrences psi(x + 1) = psi(x) + 1 / x and
 * psi'(x + 1) = psi'(x) - 1 / x^2 across the switch to the series. */
// RUN: %cc %s -o %t %ckrt
// RUN: %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: 0 failed
#include <math.h>
#include <stdio.h>

#include "ckrt.h"

static int failed;

static void close_to(const char *what, double got, double want, double tol)
{
	int ok = fabs(got - want) <= tol * fabs(want);
	failed += !ok;
	printf("%s: %s = %.17g (want %.17g)\n", ok ? "ok" : "FAIL", what, got,
	       want);
}

static void is_nan(const char *what, double got)
{
	failed += !isnan(got);
	printf("%s: %s = %g (want nan)\n", isnan(got) ? "ok" : "FAIL", what,
	       got);
}

int main(void)
{
	const double g = 0.57721566490153286, pi = 3.14159265358979324;
	close_to("psi(1)", ck_digamma(1.0), -g, 1e-15);
	close_to("psi(1/2)", ck_digamma(0.5), -g - 2 * log(2.0), 1e-15);
	close_to("psi(-1/2)", ck_digamma(-0.5), -g - 2 * log(2.0) + 2, 1e-14);
	close_to("psi(10)", ck_digamma(10.0), 2.2517525890667211, 1e-15);
	close_to("psi(1e6)", ck_digamma(1e6), 13.81551005796419, 1e-15);
	close_to("psi(1e-8)", ck_digamma(1e-8), -100000000.57721567, 1e-15);
	close_to("psi'(1)", ck_trigamma(1.0), pi * pi / 6, 1e-15);
	close_to("psi'(1/2)", ck_trigamma(0.5), pi * pi / 2, 1e-15);
	close_to("psi'(-1/2)", ck_trigamma(-0.5), pi * pi / 2 + 4, 1e-14);
	close_to("psi'(1e6)", ck_trigamma(1e6), 1.0000005000001667e-06, 1e-14);
	for (double x = 0.3; x < 30; x += 1.7) {
		char w[64];
		snprintf(w, sizeof w, "psi(%g + 1) - psi(%g)", x, x);
		close_to(w, ck_digamma(x + 1) - ck_digamma(x), 1 / x, 1e-13);
		snprintf(w, sizeof w, "psi'(%g) - psi'(%g + 1)", x, x);
		close_to(w, ck_trigamma(x) - ck_trigamma(x + 1), 1 / (x * x),
			 1e-12);
	}
	is_nan("psi(0)", ck_digamma(0.0));
	is_nan("psi(-3)", ck_digamma(-3.0));
	is_nan("psi'(-2)", ck_trigamma(-2.0));
	is_nan("psi(nan)", ck_digamma(NAN));
	close_to("psif(1/2)", ck_digammaf(0.5f), -g - 2 * log(2.0), 1e-6);
	close_to("psi'f(1)", ck_trigammaf(1.0f), pi * pi / 6, 1e-6);
	printf("%d failed\n", failed);
	return failed != 0;
}
