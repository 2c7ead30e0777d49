// Reverse mode refuses a local array of structs used whole whose integer
// member is set from a value that changes later (once, at the
// declaration; structs/local-arrays.c and structs/local-struct-array.c
// show those it supports) and a change to a local struct's pointer
// member after the struct is first used, where the struct is used whole,
// and a buffer malloc'd into a member in a loop (structs/locals.c, structs/local-struct-members.c and
// memory/struct-member-alloc.c show the local structs it supports), and a
// member set from a running offset that changes after the store.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

#include <stdlib.h>

struct item {
	double a;
	int n;
};

static double use2(const struct item *p)
{
	return p->a * p->n;
}

/* an integer member set from a value that changes later, the array used
 * through a pointer */
#pragma ck_adjoint wrt(x)
double f(double x)
{
	int k = 1;
	struct item it[2] = { { x, k }, { 2 * x, 3 } }; // CHECK: adjoint-local-struct.c:[[@LINE]]:14: error: the reverse mode supports a local array of structs ('it') only when its integer and pointer members are set by its initializer, from values that do not change later in its block, or when nothing but its members are used (it[i].m); otherwise let the caller pass it by pointer
	k++;
	return use2(&it[0]) * k + it[1].a;
}

struct view {
	const double *v;
	int n;
};

static double use(const struct view *p)
{
	return p->v[0] * p->n;
}

/* (an integer member may change: structs/int-members-changed.c) */
#pragma ck_adjoint wrt(x)
double g(const double *x, int k)
{
	struct view p = { x, 2 };
	double s = use(&p);
	p.v = x + k; // CHECK: adjoint-local-struct.c:[[@LINE]]:2: error: the reverse mode does not support changing pointer members of structs yet; keep such pointers in local variables
	return s + use(&p);
}

typedef struct {
	int n;
	double *v;
} work;

static void fill(work *w, double x)
{
	for (int i = 0; i < w->n; i++)
		w->v[i] = x * i;
}

/* a buffer malloc'd into the member in a loop, the struct passed on
 * (outside loops: memory/struct-member-alloc.c) */
#pragma ck_adjoint wrt(x)
double h(double x, int n)
{
	double s = 0;
	for (int t = 0; t < 2; t++) {
		work w; // CHECK: adjoint-local-struct.c:[[@LINE]]:8: error: the reverse mode supports a local struct ('w') only when its integer and pointer members are set by its initializer, from values that do not change later in its block
		w.n = n;
		w.v = malloc(n * sizeof(double));
		fill(&w, x);
		s += w.v[0] * w.v[n - 1];
		free(w.v);
	}
	return s;
}

typedef struct {
	const double *W, *b;
	int n;
} lin_t;

static double lin(const lin_t *l, const double *x)
{
	double s = l->b[0];
	for (int i = 0; i < l->n; i++)
		s += l->W[i] * x[i];
	return s;
}

/* weights carved from one buffer with a running offset (an RNN's
 * parameters): the error is at the store that reads the offset, which
 * changes after it, and names it (stores from values that do not change
 * are accepted: structs/local-struct-members.c) */
#pragma ck_adjoint wrt(p, x)
double carve(const double *p, const double *x)
{
	lin_t l;
	int o = 0;
	l.n = 2;
	l.W = p + o; // CHECK: adjoint-local-struct.c:[[@LINE]]:2: error: the reverse mode supports a local struct ('l') only when its integer and pointer members are set by its initializer or the stores right after its declaration, from values that do not change later in its block; 'o', which this store reads, changes later
	o += 2;
	l.b = p + o;
	return lin(&l, x);
}
