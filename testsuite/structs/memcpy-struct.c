// memcpy and memset of structs that hold floating data become struct
// assignments, member by member, in every mode: one struct
// (memcpy(&t, &b[i], sizeof t), memset(&acc, 0, sizeof acc)) or a loop of
// them (memcpy(out, b, n * sizeof *out) into an out() array).  Gradients,
// Hessian-vector products and the dot-product test against differences;
// the out() function's J d and J^T yb against differences and each other.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S > %t.out
#include <math.h>
#include <string.h>

#include "Inputs/body.h"

#define NB 3

#pragma ck_tangent wrt(b)
#pragma ck_adjoint wrt(b)
#pragma ck_hvp wrt(b)
double energy(const body *b, int n)
{
	body t, acc;
	double e = 0;
	memset(&acc, 0, sizeof acc);
	for (int i = 0; i < n; i++) {
		memcpy(&t, &b[i], sizeof t);
		if (t.m <= 0)
			continue;
		e += 0.5 * t.m * (t.p[0] * t.p[0] + sin(t.p[1]) + t.p[2] * t.m);
		for (int k = 0; k < 3; k++)
			acc.p[k] += t.m * t.p[k];
		acc.m += t.m;
	}
	return e + (acc.p[0] * acc.p[1] + acc.p[2]) / acc.m;
}
// CHECK-LABEL: double energy_d(const body *b, const body *b_d, int n, double *ret_d){{$}}
// CHECK: acc_d.m = 0.0;
// CHECK: t_d.p[0] = b_d[i].p[0];
// CHECK-NEXT: t.p[0] = b[i].p[0];

#pragma ck_tangent wrt(b) out(out)
#pragma ck_adjoint wrt(b) out(out)
void moved(const body *b, body *out, int n)
{
	memcpy(out, b, (size_t)n * sizeof *out);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < 3; k++)
			out[i].p[k] += 0.1 * out[i].m * cos(out[(i + 1) % n].p[k]);
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

enum { NV = NB * 4 };

static void unpack(const double *v, body *b)
{
	for (int i = 0; i < NB; i++) {
		for (int k = 0; k < 3; k++)
			b[i].p[k] = v[4 * i + k];
		b[i].m = v[4 * i + 3];
	}
}
static void pack(const body *b, double *v)
{
	for (int i = 0; i < NB; i++) {
		for (int k = 0; k < 3; k++)
			v[4 * i + k] = b[i].p[k];
		v[4 * i + 3] = b[i].m;
	}
}

static double kf(const double *v, void *ctx)
{
	body b[NB];
	(void)ctx;
	unpack(v, b);
	return energy(b, NB);
}
static double kf_d(const double *v, const double *vd, double *dot, void *ctx)
{
	body b[NB], bd[NB];
	(void)ctx;
	unpack(v, b);
	unpack(vd, bd);
	return energy_d(b, bd, NB, dot);
}
static double kf_b(const double *v, double *vb, double rb, void *ctx)
{
	body b[NB], bb[NB];
	(void)ctx;
	unpack(v, b);
	unpack(vb, bb);
	double r = energy_b(b, bb, NB, rb);
	pack(bb, vb);
	return r;
}
static double kf_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int nv, void *ctx)
{
	body b[NB], bd[NB], bb[NB], bbd[NB];
	(void)ctx;
	(void)nv;
	unpack(v, b);
	unpack(vd, bd);
	unpack(vb, bb);
	unpack(vbd, bbd);
	double r = energy_b_d(b, bd, bb, bbd, NB, rb, rbd);
	pack(bb, vb);
	pack(bbd, vbd);
	return r;
}

static void km(const double *v, double *y, void *ctx)
{
	body b[NB], o[NB];
	(void)ctx;
	unpack(v, b);
	moved(b, o, NB);
	pack(o, y);
}
static void km_d(const double *v, const double *vd, double *y, double *yd,
		 void *ctx)
{
	body b[NB], bd[NB], o[NB], od[NB];
	(void)ctx;
	unpack(v, b);
	unpack(vd, bd);
	moved_d(b, bd, o, od, NB);
	pack(o, y);
	pack(od, yd);
}
static void km_b(const double *v, double *vb, double *y, double *yb,
		 void *ctx)
{
	body b[NB], bb[NB], o[NB], ob[NB];
	(void)ctx;
	unpack(v, b);
	unpack(vb, bb);
	unpack(yb, ob);
	moved_b(b, bb, o, ob, NB);
	pack(o, y);
	pack(bb, vb);
}

int main(void)
{
	double v[NV];
	for (int i = 0; i < NV; i++)
		v[i] = 0.5 * ck_rand() + ((i % 4) == 3 ? 1.0 : 0.0);
	kc_check_scalar("memcpy of one struct", kf, kf_d, kf_b, kf_b_d, NULL,
			v, NULL, NV, 3);
	kc_check_vector("memcpy of structs", km, km_d, km_b, NULL, v, NULL, NV,
			NV, 3);
	return ck_done();
}
#endif
