// Vector mode: f_dv carries ck_nd directions in one call.  A vector
// function (m outputs through out(r)) of an array and a by-value scalar that
// the body changes, with a helper taking a local array and returning through
// a pointer, branches, a loop that reads the previous output, and math
// calls.  f_d and f_dv are stacked on the same function.
//   - each direction of f_dv is bitwise f_d's, for nd = 1, 2, 7 and 16, and
//     the primal outputs are bitwise f's;
//   - the Jacobian from ck_jacobian (libckrt) equals the one from n calls of
//     f_d bitwise, for every chunk size, and Richardson differences to 1e-8;
//   - a direction loop holds no math call: the primal parts of a tangent
//     statement are computed once before it;
//   - each direction loop starts with CKC_DIRECTIONS, which asks clang not
//     to interleave it where it has AVX (the builds with clang compile it,
//     and one with -mavx2).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: FileCheck %s --check-prefix=HDR --input-file %t.h
// RUN: awk -f %S/../tools/direction-loops.awk %t.c > %t.loops
// RUN: grep -q "r_dv\[" %t.loops
// RUN: not grep -E "(exp|cos|sin|pow|fabs|sqrt|act|rot)[_a-z]*\(" %t.loops
// RUN: %if clang %{ %clang -std=c99 -Wall -Wextra -pedantic -Werror -O2 -mavx2 -I%srcroot/runtime -c %t.c -o %t.avx2.o %}
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

static double act(double u, double w)
{
	return u > 0 ? u * w : exp(u) - 1;
}

static void rot(const double *a, double th, double *out)
{
	double c = cos(th), s = sin(th);
	out[0] = c * a[0] - s * a[1];
	out[1] = s * a[0] + c * a[1];
}

#pragma ck_tangent wrt(p, s) out(r)
#pragma ck_tangent wrt(p, s) out(r) vector
void model(const double *p, double s, const double *t, double *r, int m)
{
	double q[2], a[2] = {p[0], p[1] * s};
	rot(a, p[2], q);
	for (int j = 0; j < m; j++) {
		double u = q[0] * t[j] + q[1] / (1 + t[j] * t[j]);
		r[j] = act(u, p[3]) + pow(fabs(u) + 1, s) * 0.5;
		if (j > 0)
			r[j] += r[j - 1] * 0.25;
	}
	s *= s;
	r[0] += s;
}
// HDR: void model_d(const double *p, const double *p_d, double s, double s_d, const double *t, double *r, double *r_d, int m);
// HDR: void model_dv(const double *p, const double *p_dv, double s, const double *s_dv, const double *t, double *r, double *r_dv, int m, int ck_nd);

// The by-value scalar's directions are copied into a local array, which
// the body changes; shadows of scalars are arrays of ck_nd values.
// gcc vectorizes the direction loops under the file's dynamic cost model
// CHECK: #pragma GCC optimize("vect-cost-model=dynamic") /* as -O3 */
// CHECK: #if defined(__clang__) && defined(__AVX__)
// CHECK-NEXT: #define CKC_DIRECTIONS _Pragma("clang loop interleave_count(1)")
// CHECK-NEXT: #else
// CHECK-NEXT: #define CKC_DIRECTIONS
// CHECK-NEXT: #endif
// CHECK-LABEL: void model_dv(
// CHECK: double ck_s_dv[ck_nd];
// CHECK: double a_dv[2 * ck_nd];
// CHECK: rot_dv(a, a_dv, p[2], &p_dv[2 * ck_nd], q, q_dv, ck_nd);
// The loop's statement: its partials once, then one loop over the directions
// CHECK: double ck_f{{[0-9]*}} = ck_e + 1 == 0.0 ? (s == 0.0 ? 0.0 : s * pow(
// CHECK: CKC_DIRECTIONS for (int ck_k = 0; ck_k < ck_nd; ck_k++) {
// CHECK-NEXT: r_dv[j * ck_nd + ck_k] =
// CHECK-NEXT: }
// The helper's straight-line code: the primal statements first (they change
// nothing the directions read), then one loop for all the directions
// CHECK-NOT: CKC_VECTORIZE
// CHECK: static void rot_dv(const double *a, const double *a_dv, double th, const double *th_dv, double *out, double *out_dv, int ck_nd)
// CHECK: out[1] = s * a[0] + c * a[1];
// and the shadows that only this loop uses are scalars of its body
// CHECK-NEXT: CKC_DIRECTIONS for (int ck_k = 0; ck_k < ck_nd; ck_k++) {
// CHECK-NEXT: double ck_th_dv = th_dv[ck_k];
// CHECK-NEXT: double c_dv = ck_f * ck_th_dv;
// CHECK-NEXT: double s_dv = c * ck_th_dv;
// CHECK-NEXT: out_dv[ck_k] = c_dv * ck_f2 + c * a_dv[ck_k] - (s_dv * ck_f3 + s * a_dv[ck_nd + ck_k]);
// CHECK-NEXT: out_dv[ck_nd + ck_k] =
// CHECK-NEXT: }

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

#define M 6
#define N 5 /* p[0..3], s */

static const double T[M] = {0.3, -0.7, 1.1, 0.05, -1.6, 2.2};

static void run(const double *x, double *r)
{
	model(x, x[4], T, r, M);
}

/* ck_jacobian's shape, by n calls of f_d (one direction each) */
static void jac_d(void *ctx, const double *x, const double *x_dv, double *y,
		  double *y_dv, int nd)
{
	(void)ctx;
	for (int k = 0; k < nd; k++) {
		double pd[4], rd[M];
		for (int i = 0; i < 4; i++)
			pd[i] = x_dv[i * nd + k];
		model_d(x, pd, x[4], x_dv[4 * nd + k], T, y, rd, M);
		for (int j = 0; j < M; j++)
			y_dv[j * nd + k] = rd[j];
	}
}

/* and by f_dv: p's directions are x_dv's first 4 * nd values */
static void jac_dv(void *ctx, const double *x, const double *x_dv, double *y,
		   double *y_dv, int nd)
{
	(void)ctx;
	model_dv(x, x_dv, x[4], x_dv + 4 * nd, T, y, y_dv, M, nd);
}

typedef struct Dir {
	const double *x;
	int i, j;
} Dir;

static double along(double h, void *ctx)
{
	const Dir *d = ctx;
	double x[N], r[M];
	memcpy(x, d->x, sizeof x);
	x[d->i] += h;
	run(x, r);
	return r[d->j];
}

int main(void)
{
	static const double x0[N] = {0.8, -0.4, 0.6, 1.7, 1.3};
	static const int nds[] = {1, 2, 7, 16};
	double r0[M];
	run(x0, r0);

	/* every direction of f_dv is f_d's, bits and all */
	for (int c = 0; c < 4; c++) {
		int nd = nds[c];
		double p_dv[4 * 16], s_dv[16], r[M], r_dv[M * 16];
		for (int i = 0; i < 4 * nd; i++)
			p_dv[i] = ck_rand() - 0.5;
		for (int k = 0; k < nd; k++)
			s_dv[k] = ck_rand() - 0.5;
		model_dv(x0, p_dv, x0[4], s_dv, T, r, r_dv, M, nd);
		int same = 1;
		for (int j = 0; j < M; j++)
			same &= memcmp(&r[j], &r0[j], sizeof r[j]) == 0;
		ck_check("f_dv's primal outputs are f's", same);
		for (int k = 0; k < nd; k++) {
			double pd[4], rd[M], r1[M];
			for (int i = 0; i < 4; i++)
				pd[i] = p_dv[i * nd + k];
			model_d(x0, pd, x0[4], s_dv[k], T, r1, rd, M);
			same = 1;
			for (int j = 0; j < M; j++)
				same &= memcmp(&rd[j], &r_dv[j * nd + k],
					       sizeof rd[j]) == 0;
			char what[64];
			snprintf(what, sizeof what,
				 "nd %d: direction %d bitwise f_d's", nd, k);
			ck_check(what, same);
		}
	}

	/* the Jacobian: ck_jacobian over f_dv in chunks, over f_d, and
	 * differences */
	double Jd[M * N], J[M * N], y[M];
	ck_check("ck_jacobian by f_d",
		 ck_jacobian(jac_d, NULL, N, M, x0, 1, y, Jd) == 0);
	for (int c = 0; c < 4; c++) {
		ck_jacobian(jac_dv, NULL, N, M, x0, nds[c], y, J);
		int same = memcmp(J, Jd, sizeof J) == 0;
		char what[64];
		snprintf(what, sizeof what, "Jacobian by f_dv, nd %d, is f_d's",
			 nds[c]);
		ck_check(what, same);
	}
	for (int j = 0; j < M; j++)
		for (int i = 0; i < N; i++) {
			Dir d = {x0, i, j};
			char what[32];
			snprintf(what, sizeof what, "J[%d][%d]", j, i);
			ck_close(what, J[j * N + i], ck_richardson(along, &d, CK_FD_H),
				 1e-8);
		}
	return ck_done();
}
#endif
