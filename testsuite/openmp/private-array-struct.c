// Private variables of a parallel loop that code after the loop reads, as
// OpenMP has them (the threads' own; the variable outside keeps the value
// it had before the loop), beyond the scalar of openmp/private-outer-
// value.c: a private array, a private struct, a private scalar of a
// collapse(2) nest (its copy goes in the innermost body, so the nest stays
// perfectly nested), and a private scalar read after the loop through a
// pointer taken before it.  Each f is sum x_i^2 + x_0, whose gradient is
// 2 x + e_0 (3 4 6 8 at 1 2 3 4); f_b gave 2 4 6 9, sending the adjoint
// of the read after the loop into the last iteration's value (and the
// pointer case's f_b returned 34 where f is 31).  An array declared with
// a value in the parallel region that each iteration sets element by
// element before reading it carries nothing and stays accepted.
// Checked against the closed forms and the tangent, with and without
// -fopenmp.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t.omp -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: %ckc-run --one %t.c %s %t.serial | FileCheck %s --check-prefix=OUT
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

struct pair {
	double a, b;
};

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double arr(const double *x, int n)
{
	double s = 0.0, t[1] = { x[0] };
	int i;
#pragma omp parallel for private(t) reduction(+ : s)
	for (i = 0; i < n; i++) {
		t[0] = x[i];
		s += t[0] * t[0];
	}
	return s + t[0];
}
// CHECK-LABEL: double arr_d(
// CHECK: #pragma omp for{{$}}
// CHECK-NEXT: for (i = 0; i < n; i++) {
// CHECK-NEXT: double t2_d[1] = {0.0};
// CHECK-NEXT: double t2[1];

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double st(const double *x, int n)
{
	double s = 0.0;
	struct pair q = { x[0], 0.0 };
	int i;
#pragma omp parallel for private(q) reduction(+ : s)
	for (i = 0; i < n; i++) {
		q.a = x[i];
		q.b = q.a * q.a;
		s += q.b;
	}
	return s + q.a;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double col(const double *x, int n)
{
	double s = 0.0, t = x[0];
	int i, j;
	(void)n;
#pragma omp parallel for collapse(2) private(t) reduction(+ : s)
	for (i = 0; i < 2; i++)
		for (j = 0; j < 2; j++) {
			t = x[2 * i + j];
			s += t * t;
		}
	return s + t;
}
// CHECK-LABEL: double col_d(
// CHECK: #pragma omp for collapse(2){{$}}
// CHECK-NEXT: for (i = 0; i < 2; i++) {
// CHECK-NEXT: for (j = 0; j < 2; j++) {
// CHECK-NEXT: double t2_d = 0.0;
// CHECK-NEXT: double t2;

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double ptr(const double *x, int n)
{
	double s = 0.0, t = x[0];
	double *pt = &t;
	int i;
#pragma omp parallel for private(t) reduction(+ : s)
	for (i = 0; i < n; i++) {
		double *q = &t;
		*q = x[i];
		s += t * t;
	}
	return s + *pt;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double elem(const double *x, int n)
{
	double s = 0.0;
	int i;
#pragma omp parallel
	{
		double w[3] = { x[0], x[1], x[2] };
#pragma omp for reduction(+ : s)
		for (i = 0; i < n; i++) {
			w[0] = x[i];
			w[1] = x[(i + 1) % n];
			w[2] = w[0] * w[1];
			s += w[2] * w[2];
		}
	}
	return s;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

typedef double (*fn)(const double *, int);
typedef double (*fn_b)(const double *, double *, int, double);
typedef double (*fn_d)(const double *, const double *, int, double *);

int main(void)
{
	volatile double one = 1.0;
	static const char *name[5] = { "arr", "st", "col", "ptr", "elem" };
	fn_b b[5] = { arr_b, st_b, col_b, ptr_b, elem_b };
	fn_d d[5] = { arr_d, st_d, col_d, ptr_d, elem_d };
	double x[4], xd[4] = { 0.5, -1.0, 0.25, 2.0 };
	for (int i = 0; i < 4; i++)
		x[i] = one * (i + 1);
	for (int k = 0; k < 5; k++) {
		double g[4] = { 0.0 }, want[4], yd = 0.0, dot = 0.0;
		double y = b[k](x, g, 4, 1.0), f = 0.0;
		for (int i = 0; i < 4; i++) {
			double l = x[(i + 3) % 4], r = x[(i + 1) % 4];
			want[i] = k == 4 ? 2.0 * x[i] * (r * r + l * l)
					 : 2.0 * x[i] + (i == 0);
			f += k == 4 ? x[i] * x[i] * r * r : x[i] * x[i];
			dot += g[i] * xd[i];
		}
		f += k == 4 ? 0.0 : x[0];
		printf("%s\n", name[k]);
		ck_close("primal of f_b", y, f, 1e-15);
		for (int i = 0; i < 4; i++)
			ck_close("f_b", g[i], want[i], 1e-14);
		ck_close("primal of f_d", d[k](x, xd, 4, &yd), f, 1e-15);
		ck_close("f_d against f_b", yd, dot, 1e-14);
	}
	return ck_done();
}
#endif
