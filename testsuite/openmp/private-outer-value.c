// A private(t) of a parallel loop is the threads' own variable, as OpenMP
// has it: the t outside keeps the value it had before the loop, and
// `return s + t` reads that value (a here).  The loop's t becomes a
// variable of its body (t2).  The reverse sweep sent the adjoint of that
// read into the last iteration's t (x_b = 2 5, a_b = 0 where 2 4 and 1
// are right).  A private variable that nothing reads after the loop
// before setting it stays in the clause (openmp/reverse-blocks-2d.c).
// Checked against the values and the tangent, with and without -fopenmp:
// the derivatives follow OpenMP's meaning in both builds (the input's own
// f, compiled without -fopenmp, returns the last iteration's t instead,
// so its value is compared under OpenMP only).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t.omp -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: %ckc-run --one %t.c %s %t.serial | FileCheck %s --check-prefix=OUT

#pragma ck_tangent wrt(x, a)
#pragma ck_adjoint wrt(x, a)
#pragma ck_hvp wrt(x, a)
double f(const double *x, double a, int n)
{
	double t = a, s = 0.0;
	int i;
#pragma omp parallel for private(t) reduction(+ : s)
	for (i = 0; i < n; i++) {
		t = x[i] * a;
		s += t * t;
	}
	return s + t * t;
}
// CHECK-LABEL: double f_d(
// CHECK: #pragma omp for{{$}}
// CHECK-NEXT: for (i = 0; i < n; i++) {
// CHECK-NEXT: double t2_d = 0.0;
// CHECK-NEXT: double t2;
// CHECK-LABEL: static double f_fwd(

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

int main(void)
{
	double x[3] = { 1.0, 2.0, -0.5 }, xb[3] = { 0 }, ab = 0.0, a = 1.5;
	double xd[3] = { 0.3, -0.2, 0.7 }, ad = 0.4, yd, xbd[3] = { 0 },
	       abd = 0.0, xb2[3] = { 0 }, ab2 = 0.0;
	double sx = 0.0;
	for (int i = 0; i < 3; i++)
		sx += x[i] * x[i];
	/* f = a^2 (sum x^2 + 1) */
	ck_close("primal of f_b", f_b(x, xb, a, &ab, 3, 1.0), a * a * (sx + 1.0),
		 1e-15);
#ifdef _OPENMP
	ck_close("f", f(x, a, 3), a * a * (sx + 1.0), 1e-15);
#endif
	for (int i = 0; i < 3; i++)
		ck_close("x_b", xb[i], 2.0 * a * a * x[i], 1e-14);
	ck_close("a_b", ab, 2.0 * a * (sx + 1.0), 1e-14);
	f_d(x, xd, a, ad, 3, &yd);
	ck_close("f_d against f_b", yd,
		 ck_dot(xb, xd, 3) + ab * ad, 1e-14);
	f_b_d(x, xd, xb2, xbd, a, ad, &ab2, &abd, 3, 1.0, 0.0);
	/* H (xd, ad): d/dx_i = 2 a^2 xd_i + 4 a x_i ad */
	double xdx = ck_dot(x, xd, 3);
	for (int i = 0; i < 3; i++)
		ck_close("x_bd", xbd[i], 2.0 * a * a * xd[i] + 4.0 * a * x[i] * ad,
			 1e-14);
	ck_close("a_bd", abd, 4.0 * a * xdx + 2.0 * (sx + 1.0) * ad, 1e-14);
	printf("f_b: %g %g %g, %g\n", xb[0], xb[1], xb[2], ab);
	return ck_done();
}
#endif
// OUT: f_b: 4.5 9 -2.25, 18.75
// OUT: 0 failed
