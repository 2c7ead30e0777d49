// Local structs in every mode: a struct copy (Bone c = *b, split into
// member assignments), a local Matrix whose pointer member points to a
// local buffer (its shadow and its adjoint point to the buffer's), and a
// helper taking the local struct's address.  In reverse mode f_bwd makes
// a copy of each local struct with its integer members set as f set them
// (the "setup" stores).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr -I%S > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
#include "Inputs/skin.h"

static void matvec(const Matrix *m, const double *x, double *y)
{
	for (int i = 0; i < m->nrows; i++) {
		y[i] = 0.0;
		for (int j = 0; j < m->ncols; j++)
			y[i] += m->data[i * m->ncols + j] * x[j];
	}
}

#pragma ck_tangent wrt(b, x)
#pragma ck_adjoint wrt(b, x)
#pragma ck_hvp wrt(b, x)
double f(const Bone *b, const double *x)
{
	double buf[4], y[2];
	Matrix m;
	Bone c = *b;
	m.nrows = 2;
	m.ncols = 2;
	m.data = buf;
	for (int k = 0; k < 4; k++)
		buf[k] = c.rot.data[k] * c.scale;
	matvec(&m, x, y);
	return y[0] * y[1];
}
// CHECK-LABEL: double f_d(const Bone *b, const Bone *b_d, const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: Matrix m_d = {0};
// CHECK: Bone c_d = {0};
// CHECK: c_d.rot.data = b_d->rot.data;
// CHECK: m_d.data = buf_d;
// CHECK: matvec_d(&m, &m_d, x, x_d, y, y_d);
// CHECK-LABEL: static void f_bwd(
// CHECK: Matrix m_b = {0};
// CHECK-DAG: m{{[0-9]*}}.nrows = 2;
// CHECK-DAG: m_b.data = buf_b;
// CHECK-DAG: c_b.rot.data = b_b->rot.data;
// CHECK: matvec_bwd(&m{{[0-9]*}}, &m_b, x, x_b, y_b);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

/* the active data as one vector: rot.data[0..3], scale, x[0..1] */
#define N 7

typedef struct Args {
	double r[4], x[2];
	Bone b;
} Args;

static void unpack(Args *a, const double *v)
{
	for (int k = 0; k < 4; k++)
		a->r[k] = v ? v[k] : 0.0;
	a->x[0] = v ? v[5] : 0.0;
	a->x[1] = v ? v[6] : 0.0;
	a->b.rot.nrows = a->b.rot.ncols = 2;
	a->b.rot.data = a->r;
	a->b.scale = v ? v[4] : 0.0;
}

static void pack_add(double *g, const Args *a)
{
	for (int k = 0; k < 4; k++)
		g[k] += a->r[k];
	g[4] += a->b.scale;
	g[5] += a->x[0];
	g[6] += a->x[1];
}

static const double *base, *dir;
static double along(double t, void *ctx)
{
	double v[N];
	Args a;
	(void)ctx;
	for (int i = 0; i < N; i++)
		v[i] = base[i] + t * dir[i];
	unpack(&a, v);
	return f(&a.b, a.x);
}

static void grad(const double *v, double *g, int n, void *ctx)
{
	Args a, ab;
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0;
	unpack(&a, v);
	unpack(&ab, NULL);
	f_b(&a.b, &ab.b, a.x, ab.x, 1.0);
	pack_add(g, &ab);
}

static double hvp(const double *v, const double *vd, double *gb, double *gbd,
		  double rb, double qb, int n, void *ctx)
{
	Args a, ad, ab, abd;
	(void)ctx;
	(void)n;
	unpack(&a, v);
	unpack(&ad, vd);
	unpack(&ab, NULL);
	unpack(&abd, NULL);
	double y = f_b_d(&a.b, &ad.b, &ab.b, &abd.b, a.x, ad.x, ab.x, abd.x, rb,
			 qb);
	pack_add(gb, &ab);
	pack_add(gbd, &abd);
	return y;
}

int main(void)
{
	double v[N], d[N], u[N], g[N], td;
	Args a, ad;
	for (int i = 0; i < N; i++) {
		v[i] = ck_rand();
		d[i] = ck_rand();
		u[i] = ck_rand();
	}
	unpack(&a, v);
	unpack(&ad, d);
	double y = f_d(&a.b, &ad.b, a.x, ad.x, &td);
	ck_equal_bits("primal", y, f(&a.b, a.x));
	base = v;
	dir = d;
	ck_close("f_d against differences", td,
		 ck_richardson(along, NULL, CK_FD_H), 1e-8);
	grad(v, g, N, NULL);
	ck_close("dot product", ck_dot(g, d, N), td, 1e-12);
	ck_check_hvp("f_b_d", hvp, grad, NULL, v, d, u, NULL, N, 0.5, 3.0);
	return ck_done();
}
#endif
