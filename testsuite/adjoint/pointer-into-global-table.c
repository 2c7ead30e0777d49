// A local pointer into a table at file scope that nothing changes: a
// row of a tetrahedron's face table (const int *fn = face[f]), an atom
// type in a table of structs (const Atom *t = &types[type[i]]), a pointer
// into a flat index table moved along it (q = perm + 3 * k; q++), one
// passed whole to a helper, and one set in a checkpoint region from a
// null start.  The reverse sweep could not read the table through the
// pointer again, and refused ("cannot read the integers behind the
// pointer", "cannot follow the pointer").  The pointer is now an offset
// into the table (a table of rows through its flat view), which f_bwd
// reads as f does.  Gradients, Hessian-vector products and the
// dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// CHECK-LABEL: double pair_energy_d(const double *x, const double *x_d, const int *type, int n, double *ret_d){{$}}
// CHECK: sqrt(types[ck_t].eps * types[ck_u].eps)
// CHECK: ck_tri_area2 = tri_area2_fwd(x, (const int *)face + ck_fn);
// CHECK-LABEL: static void faces_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK: x_b[((const int *)face)[ck_fn + 2]] +=
// CHECK-LABEL: static void walk_bwd(const double *x, double *restrict x_b, int k, double ret_b){{$}}
// CHECK: x_b[perm[ck_q + 1]] +=
// CHECK: x_b[order[ck_o]] += ret_b;
#include <math.h>
#define N 6
static const int face[4][3] = {{1, 2, 3}, {0, 3, 2}, {0, 1, 3}, {0, 2, 1}};

static double tri_area2(const double *x, const int *v)
{
	double a = x[v[1]] - x[v[0]], b = x[v[2]] - x[v[0]];
	return a * a + b * b + a * b;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double faces(const double *x)
{
	double s = 0.0;
	for (int f = 0; f < 4; f++) {
		const int *fn = face[f];
		s += x[fn[0]] * sin(x[fn[1]]) + x[fn[2]] * x[fn[2]];
		s += tri_area2(x, fn);
	}
	return s;
}

typedef struct {
	double eps, sig;
	int charge;
} Atom;
static const Atom types[3] = {
	{ 0.2, 1.1, 1 }, { 0.5, 0.9, -1 }, { 0.3, 1.3, 0 } };

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double pair_energy(const double *x, const int *type, int n)
{
	double e = 0.0;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			const Atom *t = &types[type[i]], *u = types + type[j];
			double r = x[j] - x[i] + 2.0;
			double s = 0.5 * (t->sig + u->sig) / r;
			double s6 = s * s * s * s * s * s;
			e += 4.0 * sqrt(t->eps * u->eps) * (s6 * s6 - s6) +
			     t->charge * u->charge / r;
		}
	return e;
}

/* a flat table walked by a moving pointer, and a non-const one that
 * nothing changes */
static const int perm[12] = {2, 0, 1, 5, 3, 4, 1, 5, 0, 4, 2, 3};
static int order[N] = {5, 3, 1, 0, 2, 4};

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double walk(const double *x, int k)
{
	const int *q = perm + 3 * k, *o = &order[1];
	double s = 0.0;
	for (int i = 0; i < 3; i++) {
		s += x[*q] * x[i] + cos(x[o[i]]);
		q++;
	}
	q -= 2;
	o = order;
	return s * x[q[1]] + x[*o];
}

/* set in a checkpoint region, in either arm of an if, from a null
 * start */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double steps(const double *x, int n)
{
	const int *g = 0;
	double s = 1.0;
	for (int k = 0; k < n; k++) {
#pragma ck_checkpoint
		{
			if (k % 2)
				g = face[k % 4];
			else
				g = &face[3][1] - 1;
			s = s * 0.9 + x[g[0]] * sin(x[g[2]] * s);
		}
	}
	return s;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static const int TYPE[N] = {0, 1, 2, 2, 1, 0};
KC_SCALAR_WRAPPERS_PLAIN_AS(kf, faces)
KC_SCALAR_WRAPPERS_AS(kp, pair_energy, TYPE, N)
KC_SCALAR_WRAPPERS_AS(kw, walk, 2)
KC_SCALAR_WRAPPERS_AS(ks, steps, 5)

int main(void)
{
	double v[N];
	volatile double one = 1.0;
	for (int i = 0; i < N; i++)
		v[i] = 0.1 * (i + 3) * one;
	kc_check_scalar("face rows", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, N,
			3);
	kc_check_scalar("atom types", kp, kp_d, kp_b, kp_b_d, NULL, v, NULL, N,
			3);
	kc_check_scalar("walked table", kw, kw_d, kw_b, kw_b_d, NULL, v, NULL,
			N, 3);
	kc_check_scalar("set in a region", ks, ks_d, ks_b, ks_b_d, NULL, v,
			NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
