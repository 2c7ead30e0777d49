// The index of an inner counted loop under a branch of a parallel loop's
// body is private in the reverse sweep's phases: every iteration sets it
// (k = 3 before the reversed loop) before it reads it, on the path that
// reads it.  The sweep listed it as firstprivate(k), copying the
// uninitialised k declared at the top of f_bwd, which gcc -fopenmp -Wall
// -Werror rejects ("'k' is used uninitialized"); the derivatives were
// right.  A scalar each iteration reads before it sets, the adjoint of
// the private w (w_b += ... from its zero), stays firstprivate.  The three
// forms: a plain loop, a loop with reduction(+:s) whose branches each have
// a loop (and its f_bwd_d), and a phase loop with private(w).  Checked
// on 1 and 2 threads and without -fopenmp.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: env OMP_NUM_THREADS=1 %ckc-run %t.c %s %t.omp1 -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: env OMP_NUM_THREADS=2 %ckc-run --one %t.c %s %t.omp2 -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: %ckc-run --one %t.c %s %t.serial | FileCheck %s --check-prefix=OUT
#include <math.h>

#pragma ck_adjoint wrt(x) out(y)
void pair(const double *x, double *y, int n)
{
	int i;
#pragma omp parallel for
	for (i = 0; i < n; i++) {
		double e = 0;
		if (i > 0)
			for (int k = 0; k < 3; k++)
				e += x[i - 1] * x[i] * k;
		y[i] = e;
	}
}
// CHECK-LABEL: {{^}}static void pair_bwd({{.*}}){{$}}
// CHECK: #pragma omp parallel for private(i, k) schedule(static)

#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double red(const double *x, int n)
{
	int i;
	double s = 0;
#pragma omp parallel for reduction(+ : s)
	for (i = 0; i < n; i++) {
		double e = 0;
		if (x[i] > 0.5) {
			for (int k = 0; k < 3; k++)
				e += sin(x[i] * k);
		} else {
			double t = 0;
			for (int m = 0; m < 2; m++)
				t += x[i] * x[i];
			e = t;
		}
		s += e;
	}
	return s;
}
// CHECK-LABEL: {{^}}static void red_bwd({{.*}}){{$}}
// CHECK: #pragma omp parallel for private(i, k) schedule(static)

#pragma ck_adjoint wrt(x) out(y)
void phase(const double *x, double *y, int n)
{
	int i;
	double w;
#pragma omp parallel for private(w)
	for (i = 1; i < n - 1; i++) {
		w = x[i] * x[i - 1];
		double a = 0;
		if (i > 1)
			for (int k = 0; k < 3; k++)
				a += w * x[i + 1] * k;
		y[i] = a;
	}
}
// CHECK-LABEL: {{^}}static void phase_bwd({{.*}}){{$}}
// CHECK: #pragma omp parallel for private(i, k) firstprivate(w_b) schedule(static)
// f_bwd_d of red, printed after the adjoints:
// CHECK-LABEL: {{^}}static void red_bwd_d({{.*}}){{$}}
// CHECK: #pragma omp parallel for private(i, k) schedule(static)
// CHECK-NOT: firstprivate(

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 9

int main(void)
{
	volatile double one = 1.0;
	double x[N], y[N], yb[N], xb[N], xd[N], xbd[N];
	char name[64];
	for (int j = 0; j < N; j++)
		x[j] = (j + 2) * 0.125 * one; /* exact: no contraction */
	/* pair: y_i = 3 x_{i-1} x_i for i > 0 */
	for (int j = 0; j < N; j++) {
		yb[j] = 1.0;
		xb[j] = 0.0;
	}
	pair_b(x, xb, y, yb, N);
	for (int j = 0; j < N; j++) {
		double want = (j > 0 ? 3 * x[j - 1] : 0.0) +
			      (j + 1 < N ? 3 * x[j + 1] : 0.0);
		snprintf(name, sizeof name, "pair_b x_b[%d]", j);
		ck_close(name, xb[j], want, 1e-14);
	}
	/* red: sum over x_i > 0.5 of sin(x_i) + sin(2 x_i), over the others
	 * of 2 x_i^2; the Hessian is diagonal */
	for (int j = 0; j < N; j++) {
		xb[j] = xbd[j] = 0.0;
		xd[j] = (1.0 + 0.5 * j) * one;
	}
	red_b_d(x, xd, xb, xbd, N, 1.0, 0.0);
	for (int j = 0; j < N; j++) {
		double g = x[j] > 0.5 ? cos(x[j]) + 2 * cos(2 * x[j])
				      : 4 * x[j];
		double h = x[j] > 0.5 ? -sin(x[j]) - 4 * sin(2 * x[j]) : 4.0;
		snprintf(name, sizeof name, "red_b_d x_b[%d]", j);
		ck_close(name, xb[j], g, 1e-14);
		snprintf(name, sizeof name, "red_b_d x_bd[%d]", j);
		ck_close(name, xbd[j], h * xd[j], 1e-14);
		xb[j] = 0.0;
	}
	red_b(x, xb, N, 1.0);
	for (int j = 0; j < N; j++) {
		double g = x[j] > 0.5 ? cos(x[j]) + 2 * cos(2 * x[j])
				      : 4 * x[j];
		snprintf(name, sizeof name, "red_b x_b[%d]", j);
		ck_close(name, xb[j], g, 1e-14);
	}
	/* phase: y_i = 3 x_{i-1} x_i x_{i+1} for 2 <= i <= N - 2 */
	double want[N] = { 0 };
	for (int i = 2; i <= N - 2; i++) {
		want[i - 1] += 3 * x[i] * x[i + 1];
		want[i] += 3 * x[i - 1] * x[i + 1];
		want[i + 1] += 3 * x[i - 1] * x[i];
	}
	for (int j = 0; j < N; j++) {
		yb[j] = 1.0;
		xb[j] = 0.0;
	}
	phase_b(x, xb, y, yb, N);
	for (int j = 0; j < N; j++) {
		snprintf(name, sizeof name, "phase_b x_b[%d]", j);
		ck_close(name, xb[j], want[j], 1e-14);
	}
	return ck_done();
}
#endif
// OUT: 0 failed
