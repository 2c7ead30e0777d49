// Structs whose pointer members hold the active data: Matrix by value
// (a), by pointer (b), and as an output (out, written through
// out->data).  The shadows are Matrix structs too, whose data members
// point to the caller's shadow arrays; their nrows and ncols are never
// read.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr -I%S > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
#include <math.h>

#include "Inputs/matrix.h"

/* out = tanh(a b) */
static void mul_tanh(Matrix a, const Matrix *b, Matrix *out)
{
	for (int j = 0; j < b->ncols; j++)
		for (int i = 0; i < a.nrows; i++) {
			double s = 0.0;
			for (int k = 0; k < a.ncols; k++)
				s += a.data[k * a.nrows + i] *
				     b->data[j * b->nrows + k];
			out->data[j * out->nrows + i] = tanh(s);
		}
}

#pragma ck_tangent wrt(a, b) out(out)
#pragma ck_adjoint wrt(a, b) out(out)
#pragma ck_hvp wrt(a, b) out(out)
double layer(Matrix a, const Matrix *b, Matrix *out)
{
	double r = 0.0;
	mul_tanh(a, b, out);
	for (int i = 0; i < out->nrows * out->ncols; i++)
		r += out->data[i] * out->data[i];
	return r;
}
// CHECK-LABEL: double layer_d(Matrix a, Matrix a_d, const Matrix *b, const Matrix *b_d, Matrix *out, Matrix *out_d, double *ret_d){{$}}
// CHECK-LABEL: double layer_b(Matrix a, Matrix *a_b, const Matrix *b, Matrix *b_b, Matrix *out, Matrix *out_b, double ret_b){{$}}
// CHECK: out_b->data[

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define R 3
#define K 2
#define C 2
#define N (R * K + K * C)

typedef struct Args {
	double ad[R * K], bd[K * C], od[R * C];
	Matrix a, b, out;
} Args;

static void unpack(Args *s, const double *x)
{
	for (int i = 0; i < R * K; i++)
		s->ad[i] = x ? x[i] : 0.0;
	for (int i = 0; i < K * C; i++)
		s->bd[i] = x ? x[R * K + i] : 0.0;
	for (int i = 0; i < R * C; i++)
		s->od[i] = 0.0;
	s->a.nrows = R;
	s->a.ncols = K;
	s->a.data = s->ad;
	s->b.nrows = K;
	s->b.ncols = C;
	s->b.data = s->bd;
	s->out.nrows = R;
	s->out.ncols = C;
	s->out.data = s->od;
}

static void pack_add(double *g, const Args *s)
{
	for (int i = 0; i < R * K; i++)
		g[i] += s->ad[i];
	for (int i = 0; i < K * C; i++)
		g[R * K + i] += s->bd[i];
}

static double primal(const double *x)
{
	Args s;
	unpack(&s, x);
	return layer(s.a, &s.b, &s.out);
}

static const double *base, *dir;
static double along(double t, void *ctx)
{
	double x[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		x[i] = base[i] + t * dir[i];
	return primal(x);
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	Args s, sb;
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0;
	unpack(&s, x);
	unpack(&sb, NULL);
	layer_b(s.a, &sb.a, &s.b, &sb.b, &s.out, &sb.out, 1.0);
	pack_add(g, &sb);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double qb, int n, void *ctx)
{
	Args s, d, b, bd;
	(void)ctx;
	(void)n;
	unpack(&s, x);
	unpack(&d, xd);
	unpack(&b, NULL);
	unpack(&bd, NULL);
	double y = layer_b_d(s.a, d.a, &b.a, &bd.a, &s.b, &d.b, &b.b, &bd.b,
			     &s.out, &d.out, &b.out, &bd.out, rb, qb);
	pack_add(xb, &b);
	pack_add(xbd, &bd);
	return y;
}

int main(void)
{
	double x[N], v[N], u[N], g[N], td;
	Args s, d;
	for (int i = 0; i < N; i++) {
		x[i] = ck_rand();
		v[i] = ck_rand();
		u[i] = ck_rand();
	}
	unpack(&s, x);
	unpack(&d, v);
	double y = layer_d(s.a, d.a, &s.b, &d.b, &s.out, &d.out, &td);
	ck_equal_bits("primal of f_d", y, primal(x));
	base = x;
	dir = v;
	ck_close("f_d against differences", td,
		 ck_richardson(along, NULL, CK_FD_H), 1e-8);
	grad(x, g, N, NULL);
	ck_close("dot product", ck_dot(g, v, N), td, 1e-12);
	ck_check_hvp("f_b_d", hvp, grad, NULL, x, v, u, NULL, N, 0.5, 3.0);
	return ck_done();
}
#endif
