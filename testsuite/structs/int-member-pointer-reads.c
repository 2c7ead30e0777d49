// Element reads of an integer member of a local struct through a pointer
// into it: a mesh's connectivity, const int *c = m->conn + 2 * e; (also
// &m.conn[2 * e], *(m.conn + k), (m.conn + 2 * e)[1] in a for's init),
// where the member is an array filled by the initializer, by a helper
// through the struct (build(&m)) or through the array itself (fill(m.conn,
// n), memcpy), or an int * member pointing to a local buffer a helper
// fills, and the struct passed by pointer or by value.  f_bwd's copy of a
// local struct holds only its setup (integer members it sets again), so
// ckc moves each such read into an integer local, which the reverse sweep
// keeps, as it does for m.conn[k].  Before, the pointer spellings read
// f_bwd's copy, whose conn is zeros (a wrong gradient and HVP) or null (a
// crash), and &m.conn[k] was refused with a message about ?:.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>
#include <string.h>

#define N 4

struct mesh {
	int ne;
	int conn[4];
};

static double energy(const struct mesh *m, const double *u)
{
	double W = 0;
	for (int e = 0; e < m->ne; e++) {
		const int *c = m->conn + 2 * e;
		W += u[c[0]] * sin(u[c[1]]);
	}
	return W;
}
// CHECK-LABEL: static double energy_fwd(const struct mesh *m, const double *u){{$}}
// CHECK: ck_conn = (m->conn + 2 * e)[0];
// CHECK-LABEL: static void energy_bwd(
// CHECK-NOT: m->conn
// CHECK: }{{$}}

/* the table from the initializer, read in a helper */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double mesh_init(const double *x)
{
	struct mesh m = { 2, { 3, 2, 1, 0 } };
	return energy(&m, x);
}

static void build(struct mesh *m)
{
	for (int i = 0; i < 4; i++)
		m->conn[i] = (i + 3) % 4;
}

/* the table from a helper, read in the caller through &m.conn[k] and *c,
 * and in a for's init */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double mesh_build(const double *x)
{
	struct mesh m = { 2, { 0 } };
	build(&m);
	double W = 0;
	for (int e = 0; e < m.ne; e++) {
		const int *c = &m.conn[2 * e];
		W += x[c[0]] * x[c[1]] * cos(x[*c]);
		for (int k = (m.conn + 2 * e)[1]; k < N; k++)
			W += x[k] * x[*(m.conn + 2 * e)];
	}
	return W;
}

static double energy_val(struct mesh m, const double *u)
{
	double W = 0;
	for (int e = 0; e < 2; e++) {
		const int *c = m.conn + 2 * e;
		W += u[c[0]] * u[c[1]] * u[c[1]];
	}
	return W;
}

static void fill(int *c, int n)
{
	for (int i = 0; i < n; i++)
		c[i] = n - 1 - i;
}

/* the table from a helper given the array, and from memcpy; the struct
 * passed by value */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double mesh_fill(const double *x)
{
	static const int tab[4] = { 1, 3, 0, 2 };
	struct mesh m, q;
	m.ne = 2;
	fill(m.conn, 4);
	q.ne = 2;
	memcpy(q.conn, tab, sizeof tab);
	return energy(&m, x) + energy_val(m, x) + energy(&q, x);
}

struct pmesh {
	int ne;
	int *conn;
};

static void gen(struct pmesh *m)
{
	for (int i = 0; i < 2 * m->ne; i++)
		m->conn[i] = 3 - i;
}

static double penergy(const struct pmesh *m, const double *u)
{
	double W = 0;
	for (int e = 0; e < m->ne; e++) {
		const int *c = m->conn + 2 * e;
		W += u[c[0]] * u[c[1]] * u[c[0]];
	}
	return W;
}

/* an int * member pointing to a local buffer a helper fills */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double mesh_ptr(const double *x)
{
	int conn[4];
	struct pmesh m = { 2, conn };
	gen(&m);
	return penergy(&m, x);
}
// CHECK-LABEL: static void mesh_ptr_bwd(
// CHECK-NOT: m2.conn
// CHECK: }{{$}}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN_AS(kinit, mesh_init)
KC_SCALAR_WRAPPERS_PLAIN_AS(kbuild, mesh_build)
KC_SCALAR_WRAPPERS_PLAIN_AS(kfill, mesh_fill)
KC_SCALAR_WRAPPERS_PLAIN_AS(kptr, mesh_ptr)

int main(void)
{
	volatile double one = 1.0;
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = 0.1 * (i + 3) * one;
	/* the gradient of the initializer's mesh, by hand: x3 sin x2 + x1
	 * sin x0 */
	double g[N] = { 0 };
	mesh_init_b(v, g, 1.0);
	double want[N] = { v[1] * cos(v[0]), sin(v[0]), v[3] * cos(v[2]),
			   sin(v[2]) };
	for (int i = 0; i < N; i++)
		ck_close("mesh_init_b by hand", g[i], want[i], 1e-14);
	kc_check_scalar("a table from the initializer", kinit, kinit_d,
			kinit_b, kinit_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("a table from a helper, through &m.conn[k]", kbuild,
			kbuild_d, kbuild_b, kbuild_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("a table from fill(m.conn) and memcpy", kfill,
			kfill_d, kfill_b, kfill_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("an int * member to a local buffer", kptr, kptr_d,
			kptr_b, kptr_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
