// A helper reading an integer table of the file through a const int *
// parameter: CasADi's sparsity patterns (static const casadi_int
// casadi_s0[] = {nrow, ncol, colind..., row...}) passed to its matrix
// helpers, whole (S), from an element on (&S[2]) or offset (S + 2, also
// through a cast), and a row of a 2-D table (tri[e]); the
// same with a static table without const that nothing changes.  The
// reverse sweep reads the table again as it reads a const table.
// Gradients, Hessian-vector products and the dot-product test against
// differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

typedef long long casadi_int;
typedef double casadi_real;

/* 3 x 3, column-compressed: 5 entries */
static const casadi_int casadi_s0[11] = { 3, 3, 0, 2, 3, 5, 0, 2, 1, 0, 2 };
static casadi_int perm[3] = { 2, 0, 1 };
/* a mesh's triangles: each row passed on, tri[e] */
static const int tri[2][3] = { { 0, 1, 2 }, { 1, 2, 0 } };

/* y += A x, A's nonzeros in a, pattern sp */
static void casadi_mv(const casadi_real *a, const casadi_int *sp,
		      const casadi_real *x, casadi_real *y)
{
	casadi_int ncol = sp[1], i, el;
	const casadi_int *colind = sp + 2, *row = sp + 2 + ncol + 1;
	for (i = 0; i < ncol; ++i)
		for (el = colind[i]; el < colind[i + 1]; ++el)
			y[row[el]] += a[el] * x[i];
}

static casadi_real gather(const casadi_real *x, const casadi_int *p, int n)
{
	casadi_real s = 0;
	for (int k = 0; k < n; k++)
		s += x[p[k]] * sin(x[k]);
	return s;
}
static double tri3(const double *x, const int *c)
{
	return x[c[0]] * x[c[1]] * x[c[2]];
}

// CHECK-LABEL: static void f_bwd(
// CHECK: casadi_mv_bwd({{.*}}casadi_s0

static double elems(const double *x)
{
	double s = 0;
	for (int e = 0; e < 2; e++)
		s += tri3(x, tri[e]);
	return s;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	casadi_real y[3] = { 0, 0, 0 }, a[5];
	for (int k = 0; k < 5; k++)
		a[k] = x[k % 3] * (k + 1);
	casadi_mv(a, casadi_s0, x, y);
	return y[0] * y[1] + y[2] * y[2] + gather(y, perm, 3) +
	       gather(x, &casadi_s0[6], 2) + gather(y, casadi_s0 + 8, 3) +
	       gather(x, (const casadi_int *)casadi_s0 + 7, 2) + elems(x);
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[3] = { 0.4, -0.9, 1.3 };
	kc_check_scalar("integer tables of the file passed to helpers", kf,
			kf_d, kf_b, kf_b_d, NULL, v, NULL, 3, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
