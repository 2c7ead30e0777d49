// Integer members of structs that the code changes after the struct's
// initializer: a running-statistics accumulator (Welford, w->n++), a
// cursor that a helper moves (c->pos), a ring buffer's head and count, a
// stack's top (s->v[s->top++] = v, return s->v[--s->top], whose steps
// move out of their statements), a local struct's member set again by
// the caller, and an integer array member (a permutation a helper
// rotates; each element read moves into a local too).  The reverse sweep never reads
// such a member from its copies: ckc moves each read of it into an
// integer local (int ck_pos = c->pos;), which the reverse sweep keeps as
// any other; conditions and trip counts that read one are taped.
// Gradients, Hessian-vector products and the dot-product test against
// differences; a binomial loop around the accumulator, bitwise against
// the same code without checkpoints.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nock.c
// RUN: %ckc-run --one %t.nock.c %s %t.nock > %t.nock.out
// RUN: grep '^stats:' %t.out > %t.bits
// RUN: grep '^stats:' %t.nock.out > %t.nock.bits
// RUN: cmp %t.bits %t.nock.bits
#include <math.h>

#define N 8

typedef struct {
	double mean, m2;
	int n;
} welford;

static void wf_push(welford *w, double x)
{
	w->n++;
	double d = x - w->mean;
	w->mean += d / w->n;
	w->m2 += d * (x - w->mean);
}

/* the variance and mean of sin(u) over the steps of a binomial loop */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double stats(const double *x)
{
	welford w = { 0.0, 0.0, 0 };
	double u[N];
	for (int i = 0; i < N; i++)
		u[i] = x[i];
#pragma ck_checkpoint binomial(3) save(u[0:N])
	for (int t = 0; t < 6; t++) {
		for (int i = 0; i < N; i++)
			u[i] = sin(u[i]) + 0.1 * u[(i + 1) % N];
		wf_push(&w, u[t % N] * u[t % N]);
	}
	return w.m2 / (w.n - 1) + w.mean;
}
// CHECK-LABEL: static void wf_push_bwd(welford *w, welford *w_b, double *x_b){{$}}
// CHECK: ck_n = ck_pop_i(ck_t);
// CHECK-NOT: w->n
// CHECK: d_b += ck_a * (1.0 / ck_n);

typedef struct {
	int pos, len;
} cursor;

static double take(const double *x, cursor *c)
{
	double v = x[c->pos];
	c->pos = (c->pos + 3) % c->len;
	return v * v;
}

/* a cursor moved by a helper, and set again by the caller */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double walk(const double *x)
{
	cursor c = { 1, N };
	double s = 0.0;
	for (int i = 0; i < 5; i++)
		s += take(x, &c) * x[c.pos];
	c.pos = 2;
	for (int i = 0; i < 4; i++)
		s += cos(take(x, &c)) * x[(c.pos + i) % N];
	return s;
}
// CHECK-LABEL: static double take_fwd(const double *x, cursor *c){{$}}
// CHECK: ck_pos = c->pos;
// CHECK-NEXT: v = x[ck_pos];

typedef struct {
	double buf[4];
	int head, count;
} ring;

static void ring_add(ring *r, double v)
{
	r->buf[r->head] = v;
	r->head = (r->head + 1) % 4;
	if (r->count < 4)
		r->count++;
}

static double ring_mean(const ring *r)
{
	double s = 0.0;
	for (int i = 0; i < r->count; i++)
		s += r->buf[i];
	return s / r->count;
}

typedef struct {
	double v[N];
	int top;
} stack;

static void push(stack *s, double v)
{
	s->v[s->top++] = v;
}

static double pop(stack *s)
{
	return s->v[--s->top];
}

/* a moving average over a ring, then a stack emptied in a while loop */
// CHECK-LABEL: static double pop_fwd(stack *s){{$}}
// CHECK: s->top--;
// CHECK-NEXT: ck_top = s->top;
// CHECK-NEXT: ck_push_i(ck_t, ck_top);
// CHECK-NEXT: return s->v[ck_top];
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double buffers(const double *x)
{
	ring r = { { 0.0 }, 0, 0 };
	stack st;
	st.top = 0;
	double s = 0.0;
	for (int i = 0; i < N; i++) {
		ring_add(&r, x[i] * x[i]);
		s += ring_mean(&r) * x[(i + r.head) % N];
		push(&st, sin(x[i]));
	}
	while (st.top > 0)
		s = 0.5 * s + pop(&st) * x[st.top];
	return s;
}

typedef struct {
	int perm[N];
	int n;
} order;

static void rot(order *p)
{
	int t = p->perm[0];
	for (int i = 0; i + 1 < p->n; i++)
		p->perm[i] = p->perm[i + 1];
	p->perm[p->n - 1] = t;
}

/* an integer array member, read as indices before and after a helper
 * rotates it, and set again by the caller */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double perms(const double *x)
{
	order p;
	p.n = N;
	for (int i = 0; i < N; i++)
		p.perm[i] = (i * 5) % N;
	double s = 0.0;
	for (int k = 0; k < 3; k++) {
		for (int i = 0; i < N; i++)
			s += x[p.perm[i]] * x[i] * (k + 1);
		rot(&p);
		s *= 0.9;
	}
	p.perm[0] = 2;
	return s + x[p.perm[0]] * sin(x[p.perm[1]]);
}
// CHECK-LABEL: static double perms_fwd(const double *x){{$}}
// CHECK: ck_perm = p.perm[i{{[0-9]*}}];
// CHECK-NEXT: s += x[ck_perm] * x[i{{[0-9]*}}] * (k + 1);

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN_AS(kstats, stats)
KC_SCALAR_WRAPPERS_PLAIN_AS(kwalk, walk)
KC_SCALAR_WRAPPERS_PLAIN_AS(kbuffers, buffers)
KC_SCALAR_WRAPPERS_PLAIN_AS(kperms, perms)

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	double g[N] = { 0 }, hv[N] = { 0 }, gb[N] = { 0 };
	stats_b(v, g, 1.0);
	stats_b_d(v, v, gb, hv, 1.0, 0.0);
	for (int i = 0; i < N; i++)
		printf("stats: %a %a\n", g[i], hv[i]);
	kc_check_scalar("Welford accumulator in a binomial loop", kstats,
			kstats_d, kstats_b, kstats_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("cursor moved by a helper", kwalk, kwalk_d, kwalk_b,
			kwalk_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("ring buffer and stack", kbuffers, kbuffers_d,
			kbuffers_b, kbuffers_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("an integer array member a helper rotates", kperms,
			kperms_d, kperms_b, kperms_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
