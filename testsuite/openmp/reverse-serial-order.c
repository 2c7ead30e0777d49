// A parallel loop that f_fwd runs serially (a reduction by * or max, whose
// reverse needs each iteration's running value; a call in the body) reduces
// in the team's order all the same: f_fwd runs the iterations thread by
// thread, as the team of f_d's loop splits them (ck_omp_split), each
// thread's floating-point sums and products into a partial of its own,
// and joins the partials in thread order, as f_d does.  So f_b and f_b_d
// return f_d's result, bit for bit, at 1, 2, 3 and 4 threads, and in the
// serial build (where the loop is the serial loop).  The derivatives are
// checked against differences, the tangent and for symmetry.
// RUN: %ckc %s -o %t.c 2>&1 | count 0
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t.omp -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: %ckc-run --one %t.c %s %t.serial | FileCheck %s --check-prefix=OUT
#include <math.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double prod(const double *x, int n)
{
	double p = 1.5;
#pragma omp parallel for reduction(* : p)
	for (int i = 0; i < n; i++)
		p *= 0.5 + x[i] * x[i];
	return p;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double maxsum(const double *x, int n)
{
	double m = -1e300, s = 0.25;
#pragma omp parallel for reduction(max : m) reduction(+ : s)
	for (int i = 0; i < n; i++) {
		m = fmax(m, x[i] * x[i]);
		s += x[i] * x[i] * x[i];
	}
	return m + s;
}

static double helper(double a)
{
	return sin(a) * a;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double calls(const double *x, int n)
{
	double s = 0.75;
	int i;
#pragma omp parallel for reduction(- : s) schedule(static)
	for (i = 1; i <= n - 1; i++)
		s -= helper(x[i]) * x[i - 1];
	return s;
}
// CHECK-LABEL: {{^}}static double prod_fwd({{.*}}){{$}}
// CHECK: ck_sp = ck_omp_split(ck_niter, 0);
// CHECK: for (; ck_th < ck_omp_threads(ck_sp); ck_th++) {
// CHECK: ck_part_p = ck_sp ? 1.0 : p;
// CHECK-NEXT: ck_lo = ck_a + ck_omp_lo(ck_niter, ck_sp, ck_th);
// CHECK-NEXT: ck_hi = ck_a + ck_omp_lo(ck_niter, ck_sp, ck_th + 1);
// CHECK: ck_part_p *= 0.5 + x[i] * x[i];
// CHECK: p = ck_sp ? p * ck_part_p : ck_part_p;
// CHECK-LABEL: {{^}}static double maxsum_fwd({{.*}}){{$}}
// CHECK: m = fmax(m, x[i] * x[i]);
// CHECK: ck_part_s += x[i] * x[i] * x[i];
// CHECK: s = ck_sp ? s + ck_part_s : ck_part_s;
// CHECK-LABEL: {{^}}static double calls_fwd({{.*}}){{$}}
// CHECK: ck_a = (long)1;
// CHECK-NEXT: ck_niter = (long)(n - 1) - ck_a + 1;
// CHECK-NEXT: ck_sp = ck_omp_split(ck_niter, 1);
// CHECK: ck_part_s -= {{.*}} * x[i - 1];
// CHECK: s = ck_sp ? s + ck_part_s : ck_part_s;

#ifdef CK_TEST_MAIN
#ifdef _OPENMP
#include <omp.h>
#endif
#include "ckcheck.h"

#define N 41
typedef double (*fn)(const double *, int);
typedef double (*fn_d)(const double *, const double *, int, double *);
typedef double (*fn_b)(const double *, double *, int, double);
typedef double (*fn_b_d)(const double *, const double *, double *, double *,
			 int, double, double);
static const fn F[3] = { prod, maxsum, calls };
static const fn_d FD[3] = { prod_d, maxsum_d, calls_d };
static const fn_b FB[3] = { prod_b, maxsum_b, calls_b };
static const fn_b_d FBD[3] = { prod_b_d, maxsum_b_d, calls_b_d };
static const char *const name[3] = { "prod", "maxsum", "calls" };
static int k;
static double x0[N], dir[N], u[N];

static double at(double h, void *ctx)
{
	double xs[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		xs[i] = x0[i] + h * dir[i];
	return F[k](xs, N);
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	FB[k](x, g, n, 1.0);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	return FBD[k](x, xd, xb, xbd, n, rb, rbd);
}

int main(void)
{
	char what[64];
	ck_srand(7);
	for (int i = 0; i < N; i++)
		x0[i] = 0.5 + ck_rand(), dir[i] = ck_rand(), u[i] = ck_rand();
	for (k = 0; k < 3; k++) {
		for (int t = 1; t <= 4; t++) {
			double g[N] = { 0 }, xb[N] = { 0 }, xbd[N] = { 0 }, d;
#ifdef _OPENMP
			omp_set_num_threads(t);
#endif
			double r = FD[k](x0, dir, N, &d);
			snprintf(what, sizeof what, "%s: f_b's result is f_d's",
				 name[k]);
			ck_equal_bits(what, FB[k](x0, g, N, 1.0), r);
			snprintf(what, sizeof what,
				 "%s: f_b_d's result is f_d's", name[k]);
			ck_equal_bits(what, FBD[k](x0, dir, xb, xbd, N, 1.0,
						   0.0),
				      r);
			snprintf(what, sizeof what, "%s: tangent", name[k]);
			ck_close(what, d, ck_richardson(at, NULL, CK_FD_H),
				 1e-8);
			snprintf(what, sizeof what, "%s: dot product", name[k]);
			ck_close(what, ck_dot(g, dir, N), d, 1e-12);
			if (t == 1 || t == 3) {
				snprintf(what, sizeof what, "%s: hvp", name[k]);
				ck_check_hvp(what, hvp, grad, NULL, x0, dir, u,
					     NULL, N, 1.5, -0.5);
			}
		}
	}
	return ck_done();
}
#endif
// OUT: 0 failed
