// Double buffering: local pointers that swap between two local arrays
// (tmp = cur; cur = nxt; nxt = tmp;) become row indices of one array of
// the two (double ck_buf[2][N], int cur = 0), so the reverse mode follows
// them as integers.  Pointers may also pick an array by a condition
// (p = c ? a : b).  A stencil written through the pointers, the buffers
// passed to a helper, *cur, and a binomial checkpointed time loop
// (bitwise the same without checkpoints).  Gradients, Hessian-vector
// products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nock.c
// RUN: %ckc-run --one %t.nock.c %s %t.nock > %t.nock.out
// RUN: cmp %t.out %t.nock.out
#include <math.h>

#define NX 8

static void step(const double *in, double *out, double c)
{
	for (int i = 1; i < NX - 1; i++)
		out[i] = in[i] + c * (in[i - 1] - 2 * in[i] + in[i + 1]) -
			 0.05 * sin(in[i]);
	out[0] = in[0];
	out[NX - 1] = in[NX - 1];
}

#pragma ck_tangent wrt(u)
#pragma ck_adjoint wrt(u)
#pragma ck_hvp wrt(u)
double smooth(const double *u, int iters)
{
	double a[NX], b[NX];
	double *cur = a, *nxt = b, *tmp;
	for (int i = 0; i < NX; i++)
		a[i] = u[i];
#pragma ck_checkpoint binomial(2)
	for (int it = 0; it < iters; it++) {
		if (it % 2)
			step(cur, nxt, 0.2);
		else
			for (int i = 0; i < NX; i++)
				nxt[i] = cur[i] * (1.0 + 0.1 * cur[(i + 1) % NX]);
		tmp = cur;
		cur = nxt;
		nxt = tmp;
	}
	double s = *cur;
	for (int i = 0; i < NX; i++)
		s += cur[i] * cur[i];
	return s;
}
// CHECK-LABEL: double smooth_d(const double *u, const double *u_d, int iters, double *ret_d){{$}}
// CHECK: double ck_buf[2][8];
// CHECK: int cur = 0;
// CHECK-NEXT: int nxt = 1;
// CHECK: step_d(ck_buf[cur], ck_buf_d[cur], ck_buf[nxt], ck_buf_d[nxt], 0.2);

/* two pairs of buffers in one function, each its own array of arrays; a
 * temporary they shared would make them one array of four */
#pragma ck_tangent wrt(u)
#pragma ck_adjoint wrt(u)
#pragma ck_hvp wrt(u)
double two(const double *u, int iters)
{
	double a[NX], b[NX], c[NX], d[NX];
	double *p = a, *q = b, *t, *r = c, *s = d, *w;
	for (int i = 0; i < NX; i++) {
		a[i] = u[i];
		c[i] = cos(u[i]);
	}
	for (int it = 0; it < iters; it++) {
		step(p, q, 0.1);
		step(r, s, 0.3);
		t = p;
		p = q;
		q = t;
		w = r;
		r = s;
		s = w;
	}
	return p[1] * r[2] + p[NX - 2];
}
// CHECK-LABEL: static double two_fwd(const double *u, int iters){{$}}
// (zeroed: by CKC_ZERO, being of more than 64 bytes)
// CHECK: double ck_buf[2][8];
// CHECK-NEXT: CKC_ZERO(ck_buf);
// CHECK: double ck_buf2[2][8];
// CHECK-NEXT: CKC_ZERO(ck_buf2);
// CHECK: ck_buf[0][i] = u[i];
// CHECK: ck_buf2[0][i] = cos(u[i]);

/* pointers that pick one of two arrays by a condition: a ?: of rows */
#pragma ck_tangent wrt(u)
#pragma ck_adjoint wrt(u)
#pragma ck_hvp wrt(u)
double pick(const double *u, int which)
{
	double a[NX], b[NX];
	for (int i = 0; i < NX; i++) {
		a[i] = sin(u[i]);
		b[i] = u[i] * u[(i + 1) % NX];
	}
	double *p = which ? a : b, *q = which > 1 ? p : which ? b : a;
	for (int i = 0; i < NX; i++)
		p[i] += 0.5 * q[(i + 1) % NX] * q[i];
	double s = 0;
	for (int i = 0; i < NX; i++)
		s += a[i] * b[i] + p[i];
	return s;
}
// CHECK-LABEL: static double pick_fwd(const double *u, int which){{$}}
// CHECK: p = which ? 0 : 1;
// CHECK-NEXT: q = which > 1 ? p : which ? 1 : 0;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS(smooth, 7)
KC_SCALAR_WRAPPERS_AS(kt, two, 5)
KC_SCALAR_WRAPPERS_AS(kp0, pick, 0)
KC_SCALAR_WRAPPERS_AS(kp1, pick, 1)
KC_SCALAR_WRAPPERS_AS(kp2, pick, 2)
int main(void)
{
	double v[NX];
	for (int i = 0; i < NX; i++)
		v[i] = 0.5 * ck_rand();
	kc_check_scalar("ping-pong buffers", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, NX, 3);
	kc_check_scalar("two pairs of buffers", kt, kt_d, kt_b, kt_b_d, NULL,
			v, NULL, NX, 3);
	kc_check_scalar("pick b", kp0, kp0_d, kp0_b, kp0_b_d, NULL, v, NULL,
			NX, 3);
	kc_check_scalar("pick a", kp1, kp1_d, kp1_b, kp1_b_d, NULL, v, NULL,
			NX, 3);
	kc_check_scalar("pick a twice", kp2, kp2_d, kp2_b, kp2_b_d, NULL, v,
			NULL, NX, 3);
	return ck_done();
}
#endif
