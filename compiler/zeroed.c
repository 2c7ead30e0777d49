/*
 * zeroed.c - adjoint arrays that a reverse loop finds zero.
 *
 * A time loop that copies un to u at the end of each step (heat, Burgers:
 * `un[i] = stencil(u); u[i] = un[i];`) has, per step of f_bwd,
 *
 *   for (n = C; n > 0; n--) { i--; ... un_b[i] += u_b[i]; ... }     (U1)
 *   ...
 *   for (n = C; n > 0; n--) { i--; a = un_b[i]; un_b[i] = 0.0; ... } (Um)
 *
 * Um clears un_b[i] after reading it (un[i] was overwritten), and the
 * next step's U1 is the first to touch un_b again, over the same range:
 * each of its adds lands on a zero.  So U1 can store (un_b[i] = e), and
 * then Um's clearing is dead: U1 overwrites every element it cleared
 * before anything reads it, and after the time loop nothing does.  The
 * clearing is a whole extra pass over the array per step once gather.c
 * has split Um (its read-write stores stay in a loop of their own).
 *
 * This pass makes both changes when, for a local floating array X of
 * f_bwd (one dimension, declared at the top of the function with zeros)
 * and a loop T reached from the function's body through blocks only (it
 * runs at most once per call):
 *   - every mention of X in the function is inside T's body, as the base
 *     of an element X[...] (its address goes nowhere);
 *   - T's body, its nested blocks flattened, holds no break, continue or
 *     return, and its condition and increment do not mention X;
 *   - the first statement of the flattened body that mentions X is a
 *     counted loop U1 (`i = S; for (n = C; n > 0; n--) { i--; BODY }`, as
 *     adjoint.c writes it) whose only mention of X is one unconditional
 *     X[i] += e, e not reading X;
 *   - the last statement that mentions X is a counted loop Um with the same
 *     S and C (expressions of literals and scalars that T does not store)
 *     that reads X only as X[i], with its own index i, and stores it once,
 *     X[i] = 0.0, unconditionally and after every read;
 *   - neither loop body stores its index i (but for the leading i--).
 * On the first iteration of T, X is all zeros (nothing before T touched
 * it); on the others, Um cleared X[i] for every i U1 adds to, and nothing
 * after Um touches X.  So U1's adds see zeros, and 0.0 + e is e except
 * that a -0.0 becomes +0.0 (the sign of a zero that is added into other
 * adjoints, as cleanup.c's v = 0.0; v += e rewrite takes it).  Without
 * the clearing, the values Um leaves in X[S - C .. S - 1] are overwritten
 * by the next U1 before anything reads them (statements before U1 do not
 * mention X, and U1 reads only e), or never read (T ends, and nothing
 * after T mentions X).
 *
 * Cleared, then gathered.  The same copy, reversed, also reads and clears
 * the other array (heat: u[i] = un[i] gives a = u_b[i]; u_b[i] = 0.0;
 * un_b[i] = a), and the stencil's reverse right after it adds into that
 * array at i - 1, i and i + 1.  Once gather.c has rewritten the stencil's
 * loop so that each element takes all its terms in one iteration, the
 * clearing is a pass over the array that only makes the first add land on
 * a zero.  So, for a counted loop Lc and the next counted loop Lg in the
 * same block (blocks opened; any function body, loop body or branch):
 *   - Lc and Lg start from the same S and run the same count C
 *     (expressions of literals and scalars that nothing in the block
 *     stores), so they cover the same indices;
 *   - X is a floating local array or restrict pointer parameter, named
 *     in g only in its elements X[...], that Lc reads only as X[i] and
 *     clears once, X[i] = 0.0, after every read (zr_last);
 *   - the statements between the two loops are stores and declarations
 *     that do not mention X or call anything but the tape's pops;
 *   - Lg mentions X only as unconditional X[i + c] += e or -= e, c an
 *     integer literal and e not reading X;
 * this pass hangs (X, the clearing) on Lg as a ZeroFold, and changes
 * nothing.  gather.c decides: when it gathers Lg with offsets on both
 * sides of 0 (so that every element of its middle loop lies in Lc's
 * range), it takes the clearing out of Lc (zeroed_take), stores the first
 * term of each element of X in the middle loop, and clears X[j] in its
 * two edge loops when Lc would have (lo <= j < hi) before their terms.
 * Every element Lc cleared is then either stored or cleared and added to
 * before anything reads it, as before, and 0.0 + e is e but for the sign
 * of a zero, as above.
 */
#include <stdlib.h>
#include <string.h>

#include "ckc.h"

/* The flattened body of a loop: its statements, blocks opened. */
typedef struct ZrFlat {
	Stmt **items;
	int n;
	int jumps; /* a break, continue or return anywhere inside */
} ZrFlat;

static void zr_jumps(ZrFlat *fl, const Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BREAK:
	case S_CONTINUE:
	case S_RETURN:
		fl->jumps = 1;
		break;
	case S_BLOCK:
		for (int k = 0; k < s->u.block.n; k++)
			zr_jumps(fl, s->u.block.items[k]);
		break;
	case S_IF:
		zr_jumps(fl, s->u.ifs.then);
		zr_jumps(fl, s->u.ifs.els);
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		zr_jumps(fl, s->u.loop.body);
		break;
	case S_CHECKPOINT:
		zr_jumps(fl, s->u.ckpt.body);
		break;
	default:
		break;
	}
}

static void zr_flatten(ZrFlat *fl, Stmt *b)
{
	for (int k = 0; k < b->u.block.n; k++) {
		Stmt *s = b->u.block.items[k];
		if (s->kind == S_BLOCK) {
			zr_flatten(fl, s);
			continue;
		}
		zr_jumps(fl, s);
		VEC_PUSH(fl->items, fl->n, s);
	}
}

/* Mentions of X: every one, and those as the base of an element. */
typedef struct ZrUse {
	int x;
	int all, elems;
} ZrUse;

static void zr_use_visit(void *ctx, const Expr *e)
{
	ZrUse *u = ctx;
	if (e->kind == E_VAR && e->u.var == u->x)
		u->all++;
	if (e->kind == E_INDEX && e->u.index.base->kind == E_VAR &&
	    e->u.index.base->u.var == u->x)
		u->elems++;
}

static int zr_uses(const Stmt *s, int x)
{
	ZrUse u = { x, 0, 0 };
	ir_walk_stmt(s, zr_use_visit, &u);
	return u.all;
}

/* The mentions of every variable at once (ZrUse's, per variable), kept
 * for the whole function and counted for one statement: one walk each,
 * not one per variable (a long function has many loops and many
 * arrays). */
typedef struct ZrCounts {
	int n;
	int *all, *elems;
	int sign; /* +1 counts a statement in, -1 takes one out */
} ZrCounts;

static void zr_count_visit(void *ctx, const Expr *e)
{
	ZrCounts *c = ctx;
	if (e->kind == E_VAR && e->u.var < c->n)
		c->all[e->u.var] += c->sign;
	if (e->kind == E_INDEX && e->u.index.base->kind == E_VAR &&
	    e->u.index.base->u.var < c->n)
		c->elems[e->u.index.base->u.var] += c->sign;
}

static void zr_count(ZrCounts *c, const Stmt *s, int sign)
{
	c->sign = sign;
	ir_walk_stmt(s, zr_count_visit, c);
}

static void zr_counts_init(ZrCounts *c, int n)
{
	c->n = n;
	c->all = scratch_alloc(sizeof(int) * (size_t)(n + 1));
	c->elems = scratch_alloc(sizeof(int) * (size_t)(n + 1));
	memset(c->all, 0, sizeof(int) * (size_t)(n + 1));
	memset(c->elems, 0, sizeof(int) * (size_t)(n + 1));
}

static void zr_counts_free(ZrCounts *c)
{
	free(c->all);
	free(c->elems);
}

/* The pass over one function: its candidates (zr_candidate), the
 * mentions in its whole body, and room to count one statement's. */
typedef struct Zr {
	Func *g;
	unsigned char *cand;
	ZrCounts whole, one;
} Zr;

static void zr_count_one(Zr *z, const Stmt *s)
{
	memset(z->one.all, 0, sizeof(int) * (size_t)z->one.n);
	memset(z->one.elems, 0, sizeof(int) * (size_t)z->one.n);
	zr_count(&z->one, s, 1);
}

/* Literals and scalar variables under arithmetic, casts and ?:, none of
 * them stored by T (stored[v]). */
static int zr_invariant(const Expr *e, const unsigned char *stored)
{
	switch (e->kind) {
	case E_NUM:
		return 1;
	case E_VAR:
		return !stored[e->u.var];
	case E_CAST:
		return zr_invariant(e->u.e, stored);
	case E_UNARY:
		return zr_invariant(e->u.un.e, stored);
	case E_BINARY:
		return zr_invariant(e->u.bin.l, stored) &&
		       zr_invariant(e->u.bin.r, stored);
	case E_COND:
		return zr_invariant(e->u.cond.c, stored) &&
		       zr_invariant(e->u.cond.a, stored) &&
		       zr_invariant(e->u.cond.b, stored);
	default:
		return 0;
	}
}

/* Calls fn(ctx, v) for each variable v that s stores into: declares, or
 * assigns (itself, an element or a member); stops when fn returns 1. */
static int zr_store_walk(const Stmt *s, int (*fn)(void *, int), void *ctx)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case S_ASSIGN: {
		const Expr *l = s->u.assign.lhs;
		while (l->kind == E_INDEX || l->kind == E_MEMBER ||
		       l->kind == E_DEREF)
			l = l->kind == E_INDEX    ? l->u.index.base
			    : l->kind == E_MEMBER ? l->u.mem.base
						  : l->u.e;
		return l->kind == E_VAR && fn(ctx, l->u.var);
	}
	case S_DECL:
		return fn(ctx, s->u.decl.var);
	case S_BLOCK:
		for (int k = 0; k < s->u.block.n; k++)
			if (zr_store_walk(s->u.block.items[k], fn, ctx))
				return 1;
		return 0;
	case S_IF:
		return zr_store_walk(s->u.ifs.then, fn, ctx) ||
		       zr_store_walk(s->u.ifs.els, fn, ctx);
	case S_FOR:
	case S_WHILE:
	case S_DO:
		return zr_store_walk(s->u.loop.init, fn, ctx) ||
		       zr_store_walk(s->u.loop.inc, fn, ctx) ||
		       zr_store_walk(s->u.loop.body, fn, ctx);
	case S_CHECKPOINT:
		return zr_store_walk(s->u.ckpt.body, fn, ctx);
	default:
		return 0;
	}
}

static int zr_mark(void *ctx, int v)
{
	((unsigned char *)ctx)[v] = 1;
	return 0;
}

static int zr_is(void *ctx, int v)
{
	return v == *(int *)ctx;
}

/* Sets stored[v] for each variable s stores into. */
static void zr_stores(const Stmt *s, unsigned char *stored)
{
	zr_store_walk(s, zr_mark, stored);
}

/* Does s store into variable v? */
static int zr_stores_var(const Stmt *s, int v)
{
	return zr_store_walk(s, zr_is, &v);
}

/* Is lhs X[i]? */
static int zr_elem(const Expr *lhs, int x, int i)
{
	return lhs->kind == E_INDEX && lhs->u.index.base->kind == E_VAR &&
	       lhs->u.index.base->u.var == x &&
	       lhs->u.index.idx->kind == E_VAR && lhs->u.index.idx->u.var == i;
}

/* Every element of X that e reads is X[i]. */
typedef struct ZrAt {
	int x, i, bad;
} ZrAt;

static void zr_at_visit(void *ctx, const Expr *e)
{
	ZrAt *a = ctx;
	if (e->kind == E_INDEX && e->u.index.base->kind == E_VAR &&
	    e->u.index.base->u.var == a->x &&
	    !(e->u.index.idx->kind == E_VAR && e->u.index.idx->u.var == a->i))
		a->bad = 1;
}

/* The counted loop at fl->items[k] (with i = S before it), its body
 * flattened: sets *pi, *ps (S) and the body; 0 when it is not one. */
static int zr_unit(const ZrFlat *fl, int k, int *pi, const Expr **ps,
		   ZrFlat *body)
{
	int n, i;
	Stmt *s = fl->items[k];
	if (s->kind != S_FOR || !counted_loop_header(s, &n, &i) || k == 0)
		return 0;
	/* i = S, then statements that do not store i (the pops of values
	 * the loop reads) */
	int q = k - 1;
	for (;; q--) {
		const Stmt *st = fl->items[q];
		if (st->kind == S_ASSIGN && st->u.assign.op == A_SET &&
		    st->u.assign.lhs->kind == E_VAR &&
		    st->u.assign.lhs->u.var == i)
			break;
		if (q == 0 || zr_stores_var(st, i) || st->kind == S_FOR ||
		    st->kind == S_WHILE || st->kind == S_DO ||
		    st->kind == S_IF)
			return 0;
	}
	*ps = fl->items[q]->u.assign.rhs;
	memset(body, 0, sizeof *body);
	zr_flatten(body, s->u.loop.body);
	/* items[0] is i--; nothing else stores i */
	for (int j = 1; j < body->n; j++)
		if (zr_stores_var(body->items[j], i))
			return 0;
	*pi = i;
	return 1;
}

/* U1: its one mention of X is an unconditional X[i] += e; returns that
 * statement, or NULL. */
static Stmt *zr_first(const ZrFlat *body, int x, int i)
{
	Stmt *add = NULL;
	for (int j = 1; j < body->n; j++) {
		Stmt *s = body->items[j];
		int m = zr_uses(s, x);
		if (!m)
			continue;
		if (add || m != 1 || s->kind != S_ASSIGN ||
		    s->u.assign.op != A_ADD || !zr_elem(s->u.assign.lhs, x, i))
			return NULL;
		add = s;
	}
	return add;
}

/* Um: reads only X[i], then X[i] = 0.0 once, after every read; returns
 * the position of that store in body, or -1. */
static int zr_last(const ZrFlat *body, int x, int i)
{
	int clear = -1;
	for (int j = 1; j < body->n; j++) {
		Stmt *s = body->items[j];
		if (!zr_uses(s, x))
			continue;
		if (clear >= 0)
			return -1; /* a mention after the clearing */
		if (s->kind == S_ASSIGN && s->u.assign.op == A_SET &&
		    zr_elem(s->u.assign.lhs, x, i)) {
			const Expr *r = s->u.assign.rhs;
			if (r->kind != E_NUM || r->u.num.val != 0)
				return -1;
			clear = j;
			continue;
		}
		/* a read: a statement that does not store into X */
		if (s->kind != S_ASSIGN && s->kind != S_DECL)
			return -1;
		if (zr_stores_var(s, x))
			return -1;
		ZrAt a = { x, i, 0 };
		ir_walk_stmt(s, zr_at_visit, &a);
		if (a.bad)
			return -1;
	}
	return clear;
}

/* Is X local array x declared at the top of g with zeros? */
static int zr_candidate(const Func *g, int x)
{
	const Type *t = g->vars[x]->type;
	if (g->vars[x]->kind != VAR_LOCAL || g->vars[x]->is_static ||
	    t->kind != TY_ARRAY || !type_is_float(t->base))
		return 0;
	for (int k = 0; k < g->body->u.block.n; k++) {
		const Stmt *d = g->body->u.block.items[k];
		if (d->kind != S_DECL || d->u.decl.var != x)
			continue;
		if (d->u.decl.init || d->u.decl.ninits != 1 ||
		    d->u.decl.inits[0]->kind != E_NUM ||
		    d->u.decl.inits[0]->u.num.val != 0)
			return 0;
		return 1;
	}
	return 0;
}

/* Takes statement s out of block b or a block nested in it. */
static int zr_remove(Stmt *b, const Stmt *s)
{
	for (int k = 0; k < b->u.block.n; k++) {
		Stmt *it = b->u.block.items[k];
		if (it == s) {
			memmove(b->u.block.items + k, b->u.block.items + k + 1,
				sizeof(Stmt *) *
					(size_t)(b->u.block.n - k - 1));
			b->u.block.n--;
			return 1;
		}
		if (it->kind == S_BLOCK && zr_remove(it, s))
			return 1;
	}
	return 0;
}

static void zr_loop(Zr *z, Stmt *t)
{
	Func *g = z->g;
	ZrFlat fl;
	memset(&fl, 0, sizeof fl);
	if (t->u.loop.body->kind != S_BLOCK)
		return;
	zr_flatten(&fl, t->u.loop.body);
	if (fl.jumps || fl.n < 4)
		return;
	/* (what the loop stores, when a pair needs it: scratch, as the
	 * loops and blocks of a long function are many) */
	unsigned char *stored = NULL;
	zr_count_one(z, t->u.loop.body);
	for (int x = 0; x < z->whole.n; x++) {
		if (!z->cand[x] || !z->one.all[x] ||
		    z->whole.all[x] != z->one.all[x] ||
		    z->whole.elems[x] != z->whole.all[x])
			continue;
		int a = -1, b = -1;
		for (int k = 0; k < fl.n; k++)
			if (zr_uses(fl.items[k], x)) {
				if (a < 0)
					a = k;
				b = k;
			}
		int i1, im;
		const Expr *s1, *sm;
		ZrFlat b1, bm;
		if (a == b || !zr_unit(&fl, a, &i1, &s1, &b1) ||
		    !zr_unit(&fl, b, &im, &sm, &bm))
			continue;
		const Stmt *u1 = fl.items[a], *um = fl.items[b];
		const Expr *c1 = u1->u.loop.init->u.assign.rhs;
		const Expr *cm = um->u.loop.init->u.assign.rhs;
		if (!stored) {
			stored = scratch_alloc((size_t)g->nvars + 1);
			zr_stores(t, stored);
		}
		if (!expr_equal(s1, sm) || !expr_equal(c1, cm) ||
		    !zr_invariant(s1, stored) || !zr_invariant(c1, stored))
			continue;
		Stmt *add = zr_first(&b1, x, i1);
		int clear = zr_last(&bm, x, im);
		if (!add || clear < 0)
			continue;
		add->u.assign.op = A_SET;
		zr_count(&z->whole, bm.items[clear], -1);
		zr_count(&z->one, bm.items[clear], -1);
		zr_remove(um->u.loop.body, bm.items[clear]);
	}
	free(stored);
}

/* The loops reached from b through blocks only. */
static void zr_walk(Zr *z, Stmt *b)
{
	for (int k = 0; k < b->u.block.n; k++) {
		Stmt *s = b->u.block.items[k];
		if (s->kind == S_BLOCK)
			zr_walk(z, s);
		else if (s->kind == S_FOR || s->kind == S_WHILE ||
			 s->kind == S_DO)
			zr_loop(z, s);
	}
}

/* ---------------------------------------------- cleared, then gathered */

/* Every mention of X in Lg's BODY is an unconditional X[i + c] += e or -=
 * e, e not reading X; and there is one. */
static int zr_adds_only(const ZrFlat *body, int x, int i)
{
	int any = 0;
	long c;
	for (int j = 1; j < body->n; j++) {
		const Stmt *s = body->items[j];
		int m = zr_uses(s, x);
		if (!m)
			continue;
		if (m != 1 || s->kind != S_ASSIGN ||
		    (s->u.assign.op != A_ADD && s->u.assign.op != A_SUB))
			return 0;
		const Expr *l = s->u.assign.lhs;
		if (l->kind != E_INDEX || l->u.index.base->kind != E_VAR ||
		    l->u.index.base->u.var != x ||
		    !index_offset(i, l->u.index.idx, &c))
			return 0;
		any = 1;
	}
	return any;
}

/* A call other than a pop from the tape. */
static void zr_call_visit(void *ctx, const Expr *e)
{
	if (e->kind == E_CALL && strncmp(e->u.call.name, "ck_pop_", 7) != 0)
		*(int *)ctx = 1;
}

/* Is x an array the gather form may store into (gather.c's rule), that g
 * names only in its elements x[...] (no pointer or view derived from it
 * can reach them another way)? */
static int zr_fold_target(const Zr *z, int x)
{
	if (!gather_store_target(z->g, x) || z->g->vars[x]->is_static)
		return 0;
	return z->whole.all[x] == z->whole.elems[x];
}

/* The pairs Lc, Lg in block b (see the top of the file). */
static void zr_fold_block(Zr *z, Stmt *b)
{
	Func *g = z->g;
	ZrFlat fl;
	memset(&fl, 0, sizeof fl);
	zr_flatten(&fl, b);
	unsigned char *stored = NULL; /* (as in zr_loop) */
	for (int k = 0; k < fl.n; k++) {
		int ic, ig;
		const Expr *sc, *sg;
		ZrFlat bc, bg;
		if (!zr_unit(&fl, k, &ic, &sc, &bc))
			continue;
		int k2 = k + 1;
		while (k2 < fl.n && fl.items[k2]->kind != S_FOR)
			k2++;
		if (k2 >= fl.n || !zr_unit(&fl, k2, &ig, &sg, &bg))
			continue;
		Stmt *lc = fl.items[k], *lg = fl.items[k2];
		const Expr *cc = lc->u.loop.init->u.assign.rhs;
		const Expr *cg = lg->u.loop.init->u.assign.rhs;
		if (!stored) {
			stored = scratch_alloc((size_t)g->nvars + 1);
			zr_stores(b, stored);
		}
		if (!expr_equal(sc, sg) || !expr_equal(cc, cg) ||
		    !zr_invariant(sc, stored) || !zr_invariant(cc, stored))
			continue;
		int between = 1;
		for (int q = k + 1; q < k2; q++) {
			const Stmt *st = fl.items[q];
			int calls = 0;
			ir_walk_stmt(st, zr_call_visit, &calls);
			if ((st->kind != S_ASSIGN && st->kind != S_DECL) ||
			    calls)
				between = 0;
		}
		if (!between)
			continue;
		zr_count_one(z, lc);
		for (int x = 0; x < z->whole.n; x++) {
			if (!z->one.all[x] || !zr_fold_target(z, x))
				continue;
			int mentioned = 0;
			for (int q = k + 1; q < k2; q++)
				mentioned |= zr_uses(fl.items[q], x) != 0;
			if (mentioned || !zr_adds_only(&bg, x, ig))
				continue;
			int clear = zr_last(&bc, x, ic);
			if (clear < 0)
				continue;
			ZeroFold *zf = ARENA_NEW(ZeroFold);
			zf->x = x;
			zf->clear = bc.items[clear];
			zf->next = lg->u.loop.zfold;
			lg->u.loop.zfold = zf;
		}
	}
	free(stored);
}

/* Every block that is a statement's body (an if's branch, a loop's or a
 * checkpoint's). */
static void zr_fold_visit(void *ctx, const Stmt *s)
{
	Zr *z = ctx;
	Stmt *body[2] = { NULL, NULL };
	if (s->kind == S_IF) {
		body[0] = s->u.ifs.then;
		body[1] = s->u.ifs.els;
	} else if (s->kind == S_FOR || s->kind == S_WHILE || s->kind == S_DO) {
		body[0] = s->u.loop.body;
	} else if (s->kind == S_CHECKPOINT) {
		body[0] = s->u.ckpt.body;
	}
	for (int k = 0; k < 2; k++)
		if (body[k] && body[k]->kind == S_BLOCK)
			zr_fold_block(z, body[k]);
}

/* Where s occurs under root: the number of times, and the last block. */
typedef struct ZrFind {
	const Stmt *s;
	Stmt *block;
	int k, times;
} ZrFind;

static void zr_find_visit(void *ctx, const Stmt *s)
{
	ZrFind *f = ctx;
	if (s->kind != S_BLOCK)
		return;
	for (int k = 0; k < s->u.block.n; k++)
		if (s->u.block.items[k] == f->s) {
			f->block = (Stmt *)s;
			f->k = k;
			f->times++;
		}
}

int zeroed_take(Stmt *root, const Stmt *s)
{
	ZrFind f = { s, NULL, 0, 0 };
	ir_visit_stmts(root, zr_find_visit, &f);
	if (f.times != 1)
		return 0;
	Stmt *b = f.block;
	memmove(b->u.block.items + f.k, b->u.block.items + f.k + 1,
		sizeof(Stmt *) * (size_t)(b->u.block.n - f.k - 1));
	b->u.block.n--;
	return 1;
}

static int zr_enabled = 1;

void zeroed_set_enabled(int on)
{
	zr_enabled = on;
}

void zeroed_loops(Func *g)
{
	if (!zr_enabled)
		return;
	Zr z;
	z.g = g;
	z.cand = scratch_alloc((size_t)g->nvars + 1);
	for (int x = 0; x < g->nvars; x++)
		z.cand[x] = (unsigned char)zr_candidate(g, x);
	zr_counts_init(&z.whole, g->nvars);
	zr_counts_init(&z.one, g->nvars);
	zr_count(&z.whole, g->body, 1);
	zr_walk(&z, g->body);
	zr_fold_block(&z, g->body);
	ir_visit_stmts(g->body, zr_fold_visit, &z);
	zr_counts_free(&z.whole);
	zr_counts_free(&z.one);
	free(z.cand);
}
