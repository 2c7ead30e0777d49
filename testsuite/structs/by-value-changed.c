// A struct parameter passed by value that the function changes, as its
// own copy (p.m *= 2, p.c[0] = ...), in the requested function and in a
// helper: ckc works on a local copy made first thing (ck_p), whose
// adjoint flows back into the parameter's; the signatures keep the
// parameter as declared.  Gradients with respect to the struct's members
// and x, Hessian-vector products and the dot-product test against
// differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: FileCheck %s --check-prefix=TAIL --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S
#include <math.h>

#include "Inputs/spring.h"

static double stretch(P q, double t)
{
	q.k = q.k * t;
	q.c[1] += sin(t);
	return q.k * q.c[1] + q.m;
}

#pragma ck_tangent wrt(p, x)
#pragma ck_adjoint wrt(p, x)
#pragma ck_hvp wrt(p, x)
double energy(P p, const double *x, int n)
{
	double e = 0.0;
	for (int i = 0; i < n; i++) {
		double d = x[i] - p.c[i];
		e += 0.5 * p.k * d * d;
	}
	p.m *= 2.0;
	p.c[0] = p.c[1] * x[0];
	return e * p.m + p.c[0] + stretch(p, x[1]);
}

/* no copy where only the data a pointer member reaches is used, also by
 * address (a copy of r would have its pointer into that data) */
static double pair(const double *a)
{
	return a[0] * a[1];
}

#pragma ck_adjoint wrt(x)
double tail(Row r, const double *x)
{
	return pair(&r.p[1]) * x[0] * x[0];
}
// CHECK-LABEL: double energy_d(P p, P p_d, const double *x, const double *x_d, int n, double *ret_d){{$}}
// CHECK: P ck_p;
// CHECK-NEXT: ck_p_d.k = p_d.k;
// CHECK-NEXT: ck_p.k = p.k;
// CHECK-LABEL: double energy_b(P p, P *p_b, const double *x, double *x_b, int n, double ret_b){{$}}
// CHECK-LABEL: double energy_b_d(P p, P p_d, P *p_b, P *p_bd, const double *x, const double *x_d, double *x_b, double *x_bd, int n, double ret_b, double ret_bd){{$}}
// TAIL-LABEL: static double tail_fwd(Row r, const double *x){{$}}
// TAIL-NOT: Row ck_
// TAIL: {{^}$}}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

#define NV (N + 2 + N)

static P unpack(const double *v)
{
	P p;
	p.k = v[0];
	for (int i = 0; i < N; i++)
		p.c[i] = v[1 + i];
	p.m = v[N + 1];
	return p;
}

static void pack_add(const P *p, double *v)
{
	v[0] += p->k;
	for (int i = 0; i < N; i++)
		v[1 + i] += p->c[i];
	v[N + 1] += p->m;
}

static double k0(const double *v, void *ctx)
{
	(void)ctx;
	return energy(unpack(v), v + N + 2, N);
}

static double k0_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return energy_d(unpack(v), unpack(vd), v + N + 2, vd + N + 2, N, dot);
}

static double k0_b(const double *v, double *vb, double rb, void *ctx)
{
	P pb = { 0 };
	(void)ctx;
	double y = energy_b(unpack(v), &pb, v + N + 2, vb + N + 2, N, rb);
	pack_add(&pb, vb);
	return y;
}

static double k0_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int nv, void *ctx)
{
	P pb = { 0 }, pbd = { 0 };
	(void)ctx;
	(void)nv;
	double y = energy_b_d(unpack(v), unpack(vd), &pb, &pbd, v + N + 2,
			      vd + N + 2, vb + N + 2, vbd + N + 2, N, rb, rbd);
	pack_add(&pb, vb);
	pack_add(&pbd, vbd);
	return y;
}

int main(void)
{
	double v[NV];
	for (int i = 0; i < NV; i++)
		v[i] = ck_rand();
	kc_check_scalar("struct changed by value", k0, k0_d, k0_b, k0_b_d,
			NULL, v, NULL, NV, 3);
	double data[3] = { 0.5, 1.5, -2.0 }, x[1] = { 0.7 }, xb[1] = { 0 };
	Row r = { 3, data };
	ck_equal_bits("tail_b's primal", tail_b(r, x, xb, 1.0), tail(r, x));
	ck_close("tail_b", xb[0], 2.0 * 1.5 * -2.0 * 0.7, 1e-15);
	return ck_done();
}
#endif
