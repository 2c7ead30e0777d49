// A pointer to an element of a local 2-D array of structs, Q *q =
// &U[j][i], read and written through its members (q->u, (*q).h).  The
// reverse mode refused it ("cannot follow the local pointer 'q' into the
// members of a struct yet") while a binomial loop over the same body
// accepted it, so --no-checkpoint refused a file that compiled with
// checkpoints.  The pointer now goes as for a 1-D array of structs.
// Gradients, Hessian-vector products and the dot-product test against
// differences; the checkpointed kernel bitwise against --no-checkpoint,
// which took the square q->u * q->u for two products in the binomial step
// (((Q *)U)[ck_q].u twice: two casts compared unequal).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nock.c
// RUN: %ckc-run --one %t.nock.c %s %t.nock > %t.nock.out
// RUN: cmp %t.out %t.nock.out
// The pointer becomes an offset into U and U_b, in f and in g's step:
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK: Q U_b[3][4] = {0};
// CHECK: ((Q *)U_b + q{{[0-9]*}})->u += ck_a{{[0-9]*}} * ck_v{{[0-9]*}};
// CHECK-LABEL: static void g_bwd(const double *x, double *restrict x_b, int steps, double ret_b){{$}}
// q->u * q->u is one square here as well, as without checkpoints:
// CHECK: ((Q *)U_b)[ck_q].u += 0.1 * (ck_a{{[0-9]*}} * ck_v{{[0-9]*}});
// OUT-NOT: FAIL
// OUT: checks, 0 failed
#include <math.h>
#define NJ 3
#define NI 4
#define N (NJ * NI)

typedef struct {
	double h, u;
} Q;

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	Q U[NJ][NI];
	int i, j;
	for (j = 0; j < NJ; j++)
		for (i = 0; i < NI; i++) {
			Q *q = &U[j][i];
			q->h = x[j * NI + i];
			(*q).u = 0.5 * x[(j * NI + i + 1) % N];
		}
	for (j = 0; j < NJ; j++)
		for (i = 0; i < NI; i++) {
			Q *q = &U[j][i];
			q->u = q->u * q->h + sin(q->h);
			if (i > 0)
				q->h += 0.25 * U[j][i - 1].u * q->u;
		}
	double e = 0.0;
	for (j = 0; j < NJ; j++)
		for (i = 0; i < NI; i++) {
			const Q *q = &U[j][i];
			e += q->u * q->h;
		}
	return e;
}

/* the same steps in a time loop under binomial checkpointing */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double g(const double *x, int steps)
{
	Q U[NJ][NI];
	int i, j, t;
	for (j = 0; j < NJ; j++)
		for (i = 0; i < NI; i++) {
			U[j][i].h = x[j * NI + i];
			U[j][i].u = 0.1 * x[(j * NI + i + 3) % N];
		}
#pragma ck_checkpoint binomial(2)
	for (t = 0; t < steps; t++)
		for (j = 0; j < NJ; j++)
			for (i = 0; i < NI; i++) {
				Q *q = &U[j][i];
				q->u += 0.1 * tanh(q->h * q->u + q->h);
				q->h -= 0.05 * q->u * q->u;
			}
	double e = 0.0;
	for (j = 0; j < NJ; j++)
		for (i = 0; i < NI; i++)
			e += U[j][i].u * exp(0.1 * U[j][i].h);
	return e;
}

/* a helper walking a row with q++, and a pointer into a row moved by +=;
 * a view of a 2-D array of numbers as structs */
static void step(Q U[][NI], double dt)
{
	for (int j = 0; j < NJ; j++) {
		Q *q = &U[j][0];
		for (int i = 0; i < NI; i++, q++) {
			q->u += dt * cos(q->h) * q->u;
			if (i > 0)
				q->h += dt * q[-1].u;
		}
	}
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double h(const double *x)
{
	Q U[NJ][NI];
	double A[NJ][NI];
	for (int j = 0; j < NJ; j++)
		for (int i = 0; i < NI; i++) {
			U[j][i].h = x[j * NI + i];
			U[j][i].u = x[(j * NI + i + 5) % N];
			A[j][i] = x[(j * NI + i + 7) % N];
		}
	step(U, 0.1);
	Q *p = U[1];
	p += 2;
	step(U, 0.2);
	double e = p->u * p[1].h;
	for (int j = 0; j < NJ; j++) {
		Q *r = (Q *)A[j];
		r[1].u = r[0].h * sin(r[1].h) + r[0].u;
		e += r->h * r[1].u;
	}
	for (int j = 0; j < NJ; j++)
		for (int i = 0; i < NI; i++)
			e += U[j][i].u * U[j][i].h;
	return e;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)
KC_SCALAR_WRAPPERS_AS(kg, g, 5)
KC_SCALAR_WRAPPERS_PLAIN_AS(kh, h)

int main(void)
{
	double v[N];
	volatile double one = 1.0;
	for (int i = 0; i < N; i++)
		v[i] = 0.1 * (i + 2) * one;
	kc_check_scalar("q = &U[j][i]", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, N, 3);
	kc_check_scalar("q = &U[j][i] in a binomial loop", kg, kg_d, kg_b,
			kg_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("q++ along U[j], p = U[1] + 2, (Q *)A[j]", kh, kh_d,
			kh_b, kh_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
