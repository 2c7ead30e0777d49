// Local structs in tangent mode: a struct copy (Bone c = *b, split into
// member assignments), a local Matrix whose pointer member points to a
// local buffer (its shadow points to the buffer's shadow), and a helper
// taking the local struct's address.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run --sanitize %t.c %s %t -I%S > %t.out
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

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double r0[4], v[6], x0[2];
static double s0;

static double at(double t, void *ctx)
{
	double r[4], x[2];
	Bone b;
	(void)ctx;
	for (int k = 0; k < 4; k++)
		r[k] = r0[k] + t * v[k];
	x[0] = x0[0] + t * v[4];
	x[1] = x0[1] + t * v[5];
	b.rot.nrows = b.rot.ncols = 2;
	b.rot.data = r;
	b.scale = s0 + t * v[0];
	return f(&b, x);
}

int main(void)
{
	double rd[4], xd[2], td;
	Bone b, bd;
	for (int k = 0; k < 4; k++) {
		r0[k] = ck_rand();
		v[k] = ck_rand();
		rd[k] = v[k];
	}
	for (int k = 4; k < 6; k++)
		v[k] = ck_rand();
	x0[0] = ck_rand();
	x0[1] = ck_rand();
	xd[0] = v[4];
	xd[1] = v[5];
	s0 = ck_rand();
	b.rot.nrows = b.rot.ncols = 2;
	b.rot.data = r0;
	b.scale = s0;
	bd.rot.data = rd;
	bd.scale = v[0];
	double y = f_d(&b, &bd, x0, xd, &td);
	ck_equal_bits("primal", y, f(&b, x0));
	ck_close("differences", td, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
