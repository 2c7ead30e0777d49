/*
 * fuse.c - f_b in one loop, where the forward sweep only computes the
 * result and the reverse loop needs nothing from the iterations after it.
 *
 * f_b runs f_fwd, then f_bwd.  For a reduction such as Rosenbrock's,
 *
 *   f = 0; for (i = 0; i < n - 1; i++) { t = ...; f += t * t + ...; }
 *   return f;
 *
 * f_fwd tapes nothing and f_bwd's loop reads only x, i and f_b, which is
 * set before the loop and constant in it: the two loops could be one, as
 * a hand-written adjoint is.  This pass writes that loop, as a function
 * f_fb of f_bwd's parameters that returns f's result; f_b calls it instead
 * of the two sweeps (and f_b_d is its tangent).
 *
 * What qualifies (adjoint.c's own output; anything else is left alone):
 *   - f_fwd: declarations, stores to scalar locals, one counted loop
 *     for (; i < B; i++) BODY whose body stores only scalar locals, and
 *     a return; no call but math functions (rules.def), and pushes of
 *     doubles or floats in BODY only, none under a condition; every
 *     parameter it reads is also one of f_bwd's; the loop is not a
 *     parallel loop (f_fwd's copy sums in thread order, as f_d does);
 *   - f_bwd: declarations, statements without loops, calls or pops
 *     before and after one reverse loop { long n; i = ...;
 *     for (n = COUNT; n > 0; n--) { i--; BODY_B } }, and the statements
 *     after it do not mention i;
 *   - BODY_B: declarations of scalar temporaries, stores to them, and
 *     A[i + c] += e or -= e into shadow arrays (f_bwd's restrict
 *     adjoint parameters) with c an integer constant; it reads no shadow
 *     array otherwise, calls only math functions, and stores no variable
 *     declared outside it, so that what it reads besides x and i is the
 *     same in every iteration; its pops (v = ck_pop_d(ck_t) into a
 *     temporary) match BODY's pushes one for one, in reverse order.
 *
 * f_fb runs f_bwd's statements before its loop, f_fwd's before its loop,
 * then f_fwd's loop, with BODY_B after BODY for the same i, f_bwd's
 * statements after its loop, and f_fwd's return.  A value BODY pushes
 * (the exp(x[i]) of a term, computed once) goes into a local instead,
 * which BODY_B reads where it popped the value: iteration i's pops take
 * back what iteration i pushed, last first, so it is the same number
 * and no tape is used.  Running BODY_B for
 * i ascending instead of descending keeps every element's sum in the
 * reverse loop's order: element j of A receives, in f_bwd, first the
 * terms of iteration j - cmin (the smallest offset), then those of
 * j - cmin - 1, and so on, each iteration's terms in BODY_B's order.  So
 * each iteration computes its terms into temporaries, adds to element
 * i + cmin its own terms at offset cmin, then the terms at offset
 * cmin + d that iteration i - d computed, held in registers since; after
 * the loop, the last elements receive the held terms of the last
 * iterations (where the loop ran far enough, by the count of iterations).
 * Before an iteration made its terms, the registers hold the identity of
 * their store, -0.0 for += and 0.0 for -=, which leave every sum as it is
 * bit for bit, without a branch on the count in every iteration.  So
 * besides those additions of an identity, every floating operation is
 * one f_bwd makes, in its order, and the gradient is bitwise that of the
 * two sweeps.  The forward loop's own operations are unchanged too.
 */
#include <string.h>

#include "ckc.h"

enum { FU_MAX_SPAN = 8 }; /* offsets cmin..cmax of one array: at most 9 */

static int fuse_enabled = 1;

void fuse_set_enabled(int on)
{
	fuse_enabled = on;
}

static Type *fu_long(void)
{
	static Type t = { TY_INT, 0, "long", NULL, 0, NULL, 0, 0, NULL, NULL };
	return &t;
}

/* A store A[i + c] op= e of BODY_B. */
typedef struct FuStore {
	int arr;     /* f_bwd's shadow parameter */
	long off;    /* c */
	AssignOp op; /* A_ADD or A_SUB */
	int item;    /* its place in BODY_B's items */
	const Expr *e; /* e, or e with a negated factor's sign taken out */
	int term;    /* f_fb's temporary with e */
	int *hold;   /* f_fb's registers: hold[d - 1] = the term of i - d */
} FuStore;

typedef struct Fuse {
	const Program *p;
	const Func *fwd, *bwd;
	Func *g;
	int *fmap, *bmap; /* var of f_fwd / f_bwd -> var of f_fb */
	int fi, bi, bn;   /* the loop indices and f_bwd's count */
	/* f_fwd: its top-level items before the loop, the loop, the return */
	const Stmt **fpre;
	int nfpre;
	const Stmt *floop, *fret;
	/* f_bwd: before its loop block, the block's loop, after it */
	const Stmt **bpre, **bpost;
	int nbpre, nbpost;
	const Stmt *bloop;
	/* BODY_B flattened (without its i--) */
	const Stmt **items;
	int nitems;
	unsigned char *temp;   /* f_bwd var declared in BODY_B */
	unsigned char *shadow; /* f_bwd var: a shadow parameter */
	FuStore **stores;
	int nstores;
	/* BODY's pushes in order (the expressions pushed, and whether a
	 * float), BODY_B's pops in order (their items) */
	const Expr **pushes;
	unsigned char *push_float;
	int npushes;
	int *pops;
	int npops;
} Fuse;

/* ------------------------------------------------------------ checks */

typedef struct FuScan {
	int bad;
	const Fuse *fu;
} FuScan;

static int fu_scalar(const Func *f, int v)
{
	const Type *t = f->vars[v]->type;
	return t->kind == TY_INT || t->kind == TY_FLOAT || t->kind == TY_DOUBLE;
}

/* ck_tape *ck_t = ck_tape_get(); */
static int fu_tape_decl(const Stmt *s)
{
	const Expr *e = s->kind == S_DECL ? s->u.decl.init : NULL;
	return e && e->kind == E_CALL && strcmp(e->u.call.name, "ck_tape_get") == 0;
}

/* Is e a call ck_push_d(t, X) or ck_push_f(t, X) with X math only?
 * Sets *is_float. */
static int fu_push(const Expr *e, int *is_float)
{
	if (!e || e->kind != E_CALL || e->u.call.nargs != 2 ||
	    !expr_math_only(e->u.call.args[1]))
		return 0;
	*is_float = !strcmp(e->u.call.name, "ck_push_f");
	return *is_float || !strcmp(e->u.call.name, "ck_push_d");
}

/* Is e a call ck_pop_d(t) or ck_pop_f(t)?  Sets *is_float. */
static int fu_pop(const Expr *e, int *is_float)
{
	if (!e || e->kind != E_CALL || e->u.call.nargs != 1)
		return 0;
	*is_float = !strcmp(e->u.call.name, "ck_pop_f");
	return *is_float || !strcmp(e->u.call.name, "ck_pop_d");
}

enum {
	FU_MEM = 1,  /* stores into shadow arrays */
	FU_PUSH = 2  /* pushes of doubles and floats (collected in fu) */
};

/* A statement without loops, ifs, calls (but math) or stores through
 * memory other than into shadow arrays (FU_MEM) or none (f_fwd); with
 * FU_PUSH, also pushes, which it lists in fu. */
static int fu_straight_in(Fuse *fu, const Func *f, const Stmt *s, int flags)
{
	int mem_ok = flags & FU_MEM, fl;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (!fu_straight_in(fu, f, s->u.block.items[i], flags))
				return 0;
		return 1;
	case S_EXPR:
		if (!(flags & FU_PUSH) || !fu_push(s->u.expr, &fl))
			return 0;
		ARENA_PUSH(fu->pushes, fu->npushes, s->u.expr->u.call.args[1]);
		{
			unsigned char *pf = arena_alloc((size_t)fu->npushes);
			if (fu->npushes > 1)
				memcpy(pf, fu->push_float, (size_t)fu->npushes - 1);
			pf[fu->npushes - 1] = (unsigned char)fl;
			fu->push_float = pf;
		}
		return 1;
	case S_DECL:
		return !s->u.decl.ninits && expr_math_only(s->u.decl.init) &&
		       (fu_scalar(f, s->u.decl.var) || !s->u.decl.init);
	case S_ASSIGN: {
		const Expr *lhs = s->u.assign.lhs;
		if (!expr_math_only(s->u.assign.rhs) || !expr_math_only(lhs))
			return 0;
		if (lhs->kind == E_VAR)
			return fu_scalar(f, lhs->u.var);
		if (!mem_ok)
			return 0;
		int r = activity_root(lhs);
		return r >= 0 && f->vars[r]->kind == VAR_PARAM &&
		       f->vars[r]->is_adjoint && f->vars[r]->type->kind == TY_PTR;
	}
	case S_EMPTY:
		return 1;
	default:
		return 0;
	}
}

static int fu_straight(const Func *f, const Stmt *s, int mem_ok)
{
	return fu_straight_in(NULL, f, s, mem_ok ? FU_MEM : 0);
}

/* f_fwd: items before one counted loop, the loop, a return. */
static int fu_forward(Fuse *fu)
{
	const Func *f = fu->fwd;
	const Stmt *b = f->body;
	int n = b->u.block.n;
	if (n < 2 || b->u.block.items[n - 1]->kind != S_RETURN ||
	    !b->u.block.items[n - 1]->u.expr)
		return 0;
	fu->fret = b->u.block.items[n - 1];
	if (!expr_math_only(fu->fret->u.expr))
		return 0;
	for (int i = 0; i < n - 1; i++) {
		const Stmt *s = b->u.block.items[i];
		if (fu_tape_decl(s))
			continue; /* for BODY's pushes, which f_fb keeps in locals */
		if (s->kind == S_FOR && !fu->floop) {
			fu->floop = s;
			continue;
		}
		if (!fu_straight(f, s, 0))
			return 0;
		if (!fu->floop)
			ARENA_PUSH(fu->fpre, fu->nfpre, (void *)s);
		else if (s->kind != S_EMPTY)
			return 0; /* something between the loop and the return */
	}
	/* (not a parallel loop: f_fwd's copy reduces into partials joined
	 * in thread order, as f_d does, which one serial loop would not) */
	const Stmt *l = fu->floop;
	if (!l || l->u.loop.omp ||
	    (l->u.loop.init && !fu_straight(f, l->u.loop.init, 0)))
		return 0;
	const Expr *cond = l->u.loop.cond;
	const Stmt *inc = l->u.loop.inc;
	if (!cond || cond->kind != E_BINARY || cond->u.bin.op != B_LT ||
	    cond->u.bin.l->kind != E_VAR || !inc || inc->kind != S_ASSIGN ||
	    inc->u.assign.op != A_INC || inc->u.assign.lhs->kind != E_VAR ||
	    inc->u.assign.lhs->u.var != cond->u.bin.l->u.var ||
	    !expr_math_only(cond->u.bin.r))
		return 0;
	fu->fi = cond->u.bin.l->u.var;
	return fu_straight_in(fu, f, l->u.loop.body, FU_PUSH);
}

/* The reverse loop's block of f_bwd: { long n; i = E; for (n = COUNT;
 * n > 0; n--) { i--; BODY_B } }; sets bloop, bi, bn. */
static int fu_reverse_block(Fuse *fu, const Stmt *s)
{
	if (s->kind != S_BLOCK || s->u.block.n != 3)
		return 0;
	const Stmt *d = s->u.block.items[0], *set = s->u.block.items[1];
	const Stmt *l = s->u.block.items[2];
	if (d->kind != S_DECL || d->u.decl.init || set->kind != S_ASSIGN ||
	    set->u.assign.op != A_SET || set->u.assign.lhs->kind != E_VAR ||
	    !expr_math_only(set->u.assign.rhs) || l->kind != S_FOR)
		return 0;
	const Stmt *init = l->u.loop.init, *inc = l->u.loop.inc;
	const Expr *cond = l->u.loop.cond;
	int n = d->u.decl.var;
	if (!init || init->kind != S_ASSIGN || init->u.assign.op != A_SET ||
	    init->u.assign.lhs->kind != E_VAR || init->u.assign.lhs->u.var != n ||
	    !expr_math_only(init->u.assign.rhs) || !cond || cond->kind != E_BINARY ||
	    cond->u.bin.op != B_GT || cond->u.bin.l->kind != E_VAR ||
	    cond->u.bin.l->u.var != n || cond->u.bin.r->kind != E_NUM ||
	    cond->u.bin.r->u.num.val != 0 || !inc || inc->kind != S_ASSIGN ||
	    inc->u.assign.op != A_DEC || inc->u.assign.lhs->kind != E_VAR ||
	    inc->u.assign.lhs->u.var != n)
		return 0;
	const Stmt *body = l->u.loop.body;
	if (body->kind != S_BLOCK || body->u.block.n < 2)
		return 0;
	const Stmt *first = body->u.block.items[0];
	int i = set->u.assign.lhs->u.var;
	if (first->kind != S_ASSIGN || first->u.assign.op != A_DEC ||
	    first->u.assign.lhs->kind != E_VAR || first->u.assign.lhs->u.var != i)
		return 0;
	fu->bloop = l;
	fu->bi = i;
	fu->bn = n;
	return 1;
}

static void fu_flatten(Fuse *fu, const Stmt *s)
{
	if (s->kind == S_BLOCK) {
		for (int i = 0; i < s->u.block.n; i++)
			fu_flatten(fu, s->u.block.items[i]);
		return;
	}
	if (s->kind == S_DECL)
		fu->temp[s->u.decl.var] = 1;
	if (s->kind != S_EMPTY)
		ARENA_PUSH(fu->items, fu->nitems, (void *)s);
}

/* Reads in BODY_B: no shadow array, not the count. */
static void fu_reads_visit(void *ctx, const Expr *e)
{
	FuScan *k = ctx;
	if (e->kind == E_VAR &&
	    (k->fu->shadow[e->u.var] || e->u.var == k->fu->bn))
		k->bad = 1;
}

static int fu_reads_ok(const Fuse *fu, const Expr *e)
{
	FuScan k = { 0, fu };
	if (e)
		ir_walk_expr(e, fu_reads_visit, &k);
	return !k.bad && expr_math_only(e);
}

/* BODY_B's items: temporaries and shadow stores only. */
static int fu_body(Fuse *fu)
{
	const Stmt *body = fu->bloop->u.loop.body;
	for (int i = 1; i < body->u.block.n; i++)
		fu_flatten(fu, body->u.block.items[i]);
	const Func *g = fu->bwd;
	for (int k = 0; k < fu->nitems; k++) {
		const Stmt *s = fu->items[k];
		if (s->kind == S_DECL) {
			if (s->u.decl.ninits || !fu_scalar(g, s->u.decl.var) ||
			    !fu_reads_ok(fu, s->u.decl.init))
				return 0;
			continue;
		}
		if (s->kind != S_ASSIGN)
			return 0;
		const Expr *lhs = s->u.assign.lhs;
		int fl;
		if (s->u.assign.op == A_SET && lhs->kind == E_VAR &&
		    fu->temp[lhs->u.var] && fu_pop(s->u.assign.rhs, &fl)) {
			/* pops take BODY's pushes back, last first */
			int m = fu->npushes - 1 - fu->npops;
			if (m < 0 || fu->push_float[m] != fl)
				return 0;
			if (!fu->pops)
				fu->pops = arena_alloc(sizeof(int) *
						       (size_t)fu->nitems);
			fu->pops[fu->npops++] = k;
			continue;
		}
		if (!fu_reads_ok(fu, s->u.assign.rhs))
			return 0;
		if (lhs->kind == E_VAR) {
			if (!fu->temp[lhs->u.var])
				return 0; /* carried from one iteration to the next */
			continue;
		}
		AssignOp op = s->u.assign.op;
		long c;
		if (lhs->kind != E_INDEX || lhs->u.index.base->kind != E_VAR ||
		    !fu->shadow[lhs->u.index.base->u.var] ||
		    !type_is_float(lhs->type) || (op != A_ADD && op != A_SUB) ||
		    !index_offset(fu->bi, lhs->u.index.idx, &c))
			return 0;
		FuStore *st = ARENA_NEW(FuStore);
		st->arr = lhs->u.index.base->u.var;
		st->off = c;
		st->op = op;
		st->item = k;
		st->e = s->u.assign.rhs;
		ARENA_PUSH(fu->stores, fu->nstores, st);
	}
	if (!fu->nstores || fu->npops != fu->npushes)
		return 0;
	/* a span of offsets that a few registers hold */
	for (int k = 0; k < fu->nstores; k++)
		for (int j = 0; j < fu->nstores; j++)
			if (fu->stores[k]->arr == fu->stores[j]->arr &&
			    fu->stores[k]->off - fu->stores[j]->off > FU_MAX_SPAN)
				return 0;
	return 1;
}

/* f_bwd: straight statements around the reverse loop's block. */
static int fu_backward(Fuse *fu)
{
	const Func *g = fu->bwd;
	const Stmt *b = g->body;
	int found = 0;
	for (int i = 0; i < b->u.block.n; i++) {
		const Stmt *s = b->u.block.items[i];
		if (fu_tape_decl(s))
			continue; /* unused: the rest calls nothing but math */
		if (!found && fu_reverse_block(fu, s)) {
			found = 1;
			continue;
		}
		if (!fu_straight(g, s, 1))
			return 0;
		if (found) {
			if (stmt_mentions(s, fu->bi))
				return 0;
			ARENA_PUSH(fu->bpost, fu->nbpost, (void *)s);
		} else {
			ARENA_PUSH(fu->bpre, fu->nbpre, (void *)s);
		}
	}
	return found && fu_body(fu);
}

/* ------------------------------------------------ negations folded */

/* Is e odd in variable v, bit for bit: with -w for v, is it -(e with w for
 * v)?  v itself is; so are -e, a product or quotient with one odd factor
 * (the other not mentioning v: (-a) * b, a * (-b), (-a) / b, a / (-b) and
 * -(-a) are -(a * b), -(a / b) and a, rounded the same), and the sum of
 * two copies of one odd number (the adjoint of x * x is a * x + x * a):
 * 2p cannot cancel to a +0 whose negation would be -0, as p + q could. */
static int fu_odd(const Expr *e, int v)
{
	if (e->kind == E_VAR)
		return e->u.var == v;
	if (e->kind == E_UNARY)
		return e->u.un.op == U_NEG && fu_odd(e->u.un.e, v);
	if (e->kind != E_BINARY)
		return 0;
	const Expr *l = e->u.bin.l, *r = e->u.bin.r;
	switch (e->u.bin.op) {
	case B_MUL:
	case B_DIV: {
		int in_l = expr_mentions(l, v) != 0,
		    in_r = expr_mentions(r, v) != 0;
		return in_l != in_r && fu_odd(in_l ? l : r, v);
	}
	case B_ADD:
		return (expr_equal(l, r) || expr_swapped_product(l, r)) &&
		       fu_odd(l, v);
	default:
		return 0;
	}
}

typedef struct FuSubst {
	int v;
	const Expr *w;
} FuSubst;

static Expr *fu_subst_visit(void *ctx, Expr *e)
{
	const FuSubst *s = ctx;
	return e->kind == E_VAR && e->u.var == s->v ? expr_clone(s->w) : NULL;
}

/* The variable item k of BODY_B assigns or declares, or -1 (a store). */
static int fu_item_var(const Fuse *fu, int k)
{
	const Stmt *s = fu->items[k];
	if (s->kind == S_DECL)
		return s->u.decl.var;
	if (s->kind == S_ASSIGN && s->u.assign.lhs->kind == E_VAR)
		return s->u.assign.lhs->u.var;
	return -1;
}

/* BODY_B negates an adjoint into a temporary that a product then stores,
 * as Rosenbrock's t = x[i + 1] - x[i] * x[i] makes it:
 *
 *   a = -t_b;  x_b[i] += 2.0 * (a * x[i]);
 *
 * f_fb stores x_b[i] -= 2.0 * (t_b * x[i]) instead, which is the same
 * number (acc + -q is acc - q; fu_odd): one operation fewer in the
 * loop, and clang's SLP vectorizer no longer pairs the negation with the
 * loop's other terms into two-wide operations with shuffles around them.
 * For each store whose e is odd in such a temporary a (fu_odd), where a's
 * last assignment before it is a = -w, with w of a's type (no
 * conversion), without calls, and reading no variable that an item in
 * between assigns: the store's op turns round and its e reads
 * w (a temporary that nothing reads then goes in cleanup_unread).
 *
 * The tangent of that is not the same: the tangent of the store adds
 * q_d = 2.0 * (a_d * x[i] + a * x_d[i]), a sum of two numbers that can
 * cancel exactly, to +0 with a and a_d negated or not, so that acc_d + q_d
 * and acc_d - (its counterpart) differ where acc_d is -0.0.  So f_fb_d is
 * the tangent of f_fb as it was before the folding (tangent_source). */
static int fu_fold_negations(Fuse *fu)
{
	const Func *g = fu->bwd;
	int folded = 0;
	for (int n = 0; n < fu->nstores; n++) {
		FuStore *st = fu->stores[n];
		for (int v = 0; v < g->nvars; v++) {
			if (!fu->temp[v] || !type_is_float(g->vars[v]->type) ||
			    !fu_odd(st->e, v))
				continue;
			int j = st->item - 1;
			while (j >= 0 && fu_item_var(fu, j) != v)
				j--;
			const Stmt *d = j >= 0 ? fu->items[j] : NULL;
			if (!d || d->kind != S_ASSIGN ||
			    d->u.assign.op != A_SET ||
			    d->u.assign.rhs->kind != E_UNARY ||
			    d->u.assign.rhs->u.un.op != U_NEG)
				break;
			const Expr *w = d->u.assign.rhs->u.un.e;
			int ok = w->type->kind == g->vars[v]->type->kind &&
				 !expr_has_call(w);
			for (int k = j + 1; ok && k < st->item; k++)
				ok = fu_item_var(fu, k) < 0 ||
				     !expr_mentions(w, fu_item_var(fu, k));
			if (!ok)
				break;
			FuSubst sub = { v, w };
			st->e = expr_map(expr_clone(st->e), fu_subst_visit,
					 &sub);
			st->op = st->op == A_ADD ? A_SUB : A_ADD;
			folded = 1;
			break;
		}
	}
	return folded;
}

/* ------------------------------------------------------------ the copy */

typedef struct FuRemap {
	const int *map;
} FuRemap;

static Expr *fu_remap_visit(void *ctx, Expr *e)
{
	const FuRemap *r = ctx;
	if (e->kind == E_VAR)
		e->u.var = r->map[e->u.var];
	return NULL;
}

static Expr *fu_expr(const Expr *e, const int *map)
{
	if (!e)
		return NULL;
	FuRemap r = { map };
	return expr_map(expr_clone(e), fu_remap_visit, &r);
}

/* A copy of s (of the kinds fu_straight and fu_forward accept) with its
 * variables renamed by map. */
static Stmt *fu_stmt(const Stmt *s, const int *map)
{
	if (!s)
		return NULL;
	Stmt *c = stmt_new(s->kind, s->loc);
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			stmt_append(c, fu_stmt(s->u.block.items[i], map));
		break;
	case S_DECL:
		c->u.decl.var = map[s->u.decl.var];
		c->u.decl.init = fu_expr(s->u.decl.init, map);
		break;
	case S_ASSIGN:
		c->u.assign.op = s->u.assign.op;
		c->u.assign.lhs = fu_expr(s->u.assign.lhs, map);
		c->u.assign.rhs = fu_expr(s->u.assign.rhs, map);
		break;
	case S_EXPR: case S_RETURN:
		c->u.expr = fu_expr(s->u.expr, map);
		break;
	case S_FOR:
		c->u.loop.init = fu_stmt(s->u.loop.init, map);
		c->u.loop.cond = fu_expr(s->u.loop.cond, map);
		c->u.loop.inc = fu_stmt(s->u.loop.inc, map);
		c->u.loop.body = fu_stmt(s->u.loop.body, map);
		break;
	case S_EMPTY:
		break;
	default:
		ck_unreachable();
	}
	return c;
}

/* A variable of f_fb like x of f (a parameter, or a local named after
 * it when taken). */
static int fu_var(Fuse *fu, const Var *x, VarKind kind)
{
	const char *name = kind == VAR_PARAM ? x->name
					     : name_fresh(fu->p, fu->g, x->name);
	int v = kind == VAR_PARAM ? func_add_param(fu->g, name, x->type, x->loc)
				  : func_add_var(fu->g, name, x->type, VAR_LOCAL,
						 x->loc);
	Var *y = fu->g->vars[v];
	y->is_adjoint = x->is_adjoint;
	return v;
}

static int fu_local(Fuse *fu, const char *base, Type *t, Stmt *decls, Loc loc)
{
	int v = func_add_var(fu->g, name_fresh(fu->p, fu->g, base), t,
			     VAR_LOCAL, loc);
	stmt_append(decls, stmt_decl_zero(fu->g, v, loc));
	return v;
}

static Expr *fu_v(Fuse *fu, int v, Loc loc)
{
	return expr_var(fu->g, v, loc);
}

/* element i + k of f_fb's array a (i: f_fb's loop index) */
static Expr *fu_elem(Fuse *fu, int a, long k, Loc loc)
{
	Expr *i = fu_v(fu, fu->fmap[fu->fi], loc);
	Expr *idx = k == 0 ? i
		    : expr_binary(k > 0 ? B_ADD : B_SUB, i,
				  expr_int(k > 0 ? k : -k, loc), NULL, loc);
	return expr_index(fu_v(fu, a, loc), idx, loc);
}

/* A hold of store st, declared in decls with the value that its op
 * leaves every number alone with, bit for bit: acc + -0.0 and acc - 0.0
 * are acc, -0.0 and NaN included (acc + 0.0 would turn a -0.0 into
 * +0.0).  So the first iterations add their missing predecessors' terms
 * as that, without a branch on the count of iterations. */
static int fu_hold(Fuse *fu, const FuStore *st, Type *t, Stmt *decls, Loc loc)
{
	int v = func_add_var(fu->g, name_fresh(fu->p, fu->g, "ck_h"), t,
			     VAR_LOCAL, loc);
	stmt_append(decls,
		    stmt_decl(v,
			      expr_num(st->op == A_ADD ? -0.0 : 0.0, t, loc),
			      loc));
	return v;
}

/* The stores of array a (f_fb's var ga) with offset off, in BODY_B's
 * order, added to acc: the current terms (age 0) or the held ones (their
 * store's identity until age iterations ran, fu_hold). */
static void fu_terms(Fuse *fu, Stmt *out, int a, long off, int acc, int age,
		     Loc loc)
{
	for (int k = 0; k < fu->nstores; k++) {
		const FuStore *st = fu->stores[k];
		if (st->arr != a || st->off != off)
			continue;
		int src = age == 0 ? st->term : st->hold[age - 1];
		stmt_append(out, stmt_assign(st->op, fu_v(fu, acc, loc),
					     fu_v(fu, src, loc), loc));
	}
}

static int fu_has(const Fuse *fu, int a, long off)
{
	for (int k = 0; k < fu->nstores; k++)
		if (fu->stores[k]->arr == a && fu->stores[k]->off == off)
			return 1;
	return 0;
}

static void fu_range(const Fuse *fu, int a, long *lo, long *hi)
{
	*lo = 1L << 30;
	*hi = -(1L << 30);
	for (int k = 0; k < fu->nstores; k++) {
		const FuStore *st = fu->stores[k];
		if (st->arr != a)
			continue;
		if (st->off < *lo)
			*lo = st->off;
		if (st->off > *hi)
			*hi = st->off;
	}
}

/* The pushes of f_fb's copy of BODY, in order, become stores into the
 * locals vals[0..). */
static void fu_pushes_to_locals(Fuse *fu, Stmt *s, const int *vals, int *n)
{
	int fl;
	if (s->kind == S_BLOCK) {
		for (int i = 0; i < s->u.block.n; i++)
			fu_pushes_to_locals(fu, s->u.block.items[i], vals, n);
		return;
	}
	if (s->kind != S_EXPR || !fu_push(s->u.expr, &fl))
		return;
	Expr *x = s->u.expr->u.call.args[1];
	s->kind = S_ASSIGN;
	s->u.assign.op = A_SET;
	s->u.assign.lhs = fu_v(fu, vals[(*n)++], s->loc);
	s->u.assign.rhs = x;
}

/* Builds f_fb. */
static Func *fu_build(Fuse *fu, const char *name)
{
	const Func *fwd = fu->fwd, *bwd = fu->bwd;
	Loc loc = fwd->loc;
	Func *g = func_new(name, fwd->ret, loc);
	g->generated = 1;
	g->is_static = 1;
	fu->g = g;
	fu->bmap = arena_alloc(sizeof(int) * (size_t)(bwd->nvars + 1));
	fu->fmap = arena_alloc(sizeof(int) * (size_t)(fwd->nvars + 1));
	for (int i = 0; i < bwd->nparams; i++)
		fu->bmap[bwd->params[i]] = fu_var(fu, bwd->vars[bwd->params[i]],
						  VAR_PARAM);
	for (int i = 0; i < fwd->nparams; i++) {
		const Var *x = fwd->vars[fwd->params[i]];
		int k = func_find_var(bwd, x->name);
		if (k < 0 || bwd->vars[k]->kind != VAR_PARAM)
			return NULL; /* f_bwd does not take it */
		fu->fmap[fwd->params[i]] = fu->bmap[k];
	}
	for (int i = 0; i < bwd->nvars; i++)
		if (bwd->vars[i]->kind == VAR_LOCAL)
			fu->bmap[i] = fu_var(fu, bwd->vars[i], VAR_LOCAL);
	for (int i = 0; i < fwd->nvars; i++)
		if (fwd->vars[i]->kind == VAR_LOCAL)
			fu->fmap[i] = fu_var(fu, fwd->vars[i], VAR_LOCAL);
	/* in the fused loop, BODY_B's i is f_fwd's */
	int *lmap = arena_alloc(sizeof(int) * (size_t)(bwd->nvars + 1));
	memcpy(lmap, fu->bmap, sizeof(int) * (size_t)bwd->nvars);
	lmap[fu->bi] = fu->fmap[fu->fi];

	Stmt *body = g->body;
	Stmt *decls = stmt_block(loc);
	for (int k = 0; k < fu->nstores; k++) {
		FuStore *st = fu->stores[k];
		long lo, hi;
		fu_range(fu, st->arr, &lo, &hi);
		long age = st->off - lo;
		Type *t = type_with_const(bwd->vars[st->arr]->type->base, 0);
		st->hold = arena_alloc(sizeof(int) * (size_t)(age + 1));
		for (long d = 0; d < age; d++)
			st->hold[d] = fu_hold(fu, st, t, decls, loc);
	}
	int count = fu_local(fu, "ck_m", fu_long(), decls, loc);
	int *vals = arena_alloc(sizeof(int) * (size_t)(fu->npushes + 1));
	for (int k = 0; k < fu->npushes; k++)
		vals[k] = fu_local(fu, "ck_p",
				   type_with_const(fu->pushes[k]->type, 0),
				   decls, loc);
	/* f_bwd's and f_fwd's declarations, then the statements before
	 * the loops */
	Stmt *head = stmt_block(loc);
	for (int i = 0; i < fu->nbpre; i++) {
		const Stmt *s = fu->bpre[i];
		stmt_append(s->kind == S_DECL ? decls : head, fu_stmt(s, fu->bmap));
	}
	for (int i = 0; i < fu->nfpre; i++) {
		const Stmt *s = fu->fpre[i];
		stmt_append(s->kind == S_DECL ? decls : head, fu_stmt(s, fu->fmap));
	}
	for (int i = 0; i < decls->u.block.n; i++)
		stmt_append(body, decls->u.block.items[i]);
	for (int i = 0; i < head->u.block.n; i++)
		stmt_append(body, head->u.block.items[i]);

	/* the loop: BODY, then BODY_B with its stores into terms; BODY's
	 * pushes go into locals, which BODY_B's pops read */
	Stmt *loop = fu_stmt(fu->floop, fu->fmap);
	int npushed = 0;
	fu_pushes_to_locals(fu, loop->u.loop.body, vals, &npushed);
	ck_assert(npushed == fu->npushes);
	Stmt *lb = stmt_block(loc);
	stmt_append(lb, loop->u.loop.body);
	for (int k = 0, s = 0, np = 0; k < fu->nitems; k++) {
		const Stmt *it = fu->items[k];
		if (np < fu->npops && fu->pops[np] == k) {
			int m = fu->npushes - 1 - np++;
			stmt_append(lb, stmt_assign(A_SET,
						    fu_expr(it->u.assign.lhs, lmap),
						    fu_v(fu, vals[m], it->loc),
						    it->loc));
			continue;
		}
		if (s < fu->nstores && fu->stores[s]->item == k) {
			FuStore *st = fu->stores[s++];
			Type *t = type_with_const(bwd->vars[st->arr]->type->base, 0);
			st->term = func_add_var(g, name_fresh(fu->p, g, "ck_q"), t,
						VAR_LOCAL, it->loc);
			stmt_append(lb,
				    stmt_decl(st->term, fu_expr(st->e, lmap),
					      it->loc));
			continue;
		}
		stmt_append(lb, fu_stmt(it, lmap));
	}
	/* each array: element i + cmin gets its sum; the registers move */
	Stmt *tail = stmt_block(loc);
	for (int k = 0; k < fu->nstores; k++) {
		int a = fu->stores[k]->arr, seen = 0;
		/* each array once, at its first store */
		for (int j = 0; j < k; j++)
			seen |= fu->stores[j]->arr == a;
		if (seen)
			continue;
		int ga = fu->bmap[a];
		long lo, hi;
		fu_range(fu, a, &lo, &hi);
		Type *t = type_with_const(bwd->vars[a]->type->base, 0);
		int acc = func_add_var(g, name_fresh(fu->p, g, "ck_acc"), t,
				       VAR_LOCAL, loc);
		Stmt *blk = stmt_block(loc);
		stmt_append(blk, stmt_decl(acc, fu_elem(fu, ga, lo, loc), loc));
		for (long d = 0; d <= hi - lo; d++)
			fu_terms(fu, blk, a, lo + d, acc, (int)d, loc);
		stmt_append(blk, stmt_assign(A_SET, fu_elem(fu, ga, lo, loc),
					     fu_v(fu, acc, loc), loc));
		stmt_append(lb, blk);
		/* after the loop (i = its end): elements i - 1 + lo + e */
		for (long e = 1; e <= hi - lo; e++) {
			long first = -1;
			for (long c = lo + e; c <= hi; c++)
				if (fu_has(fu, a, c) && first < 0)
					first = c - lo - e + 1;
			if (first < 0)
				continue;
			int acc2 = func_add_var(g, name_fresh(fu->p, g, "ck_acc"), t,
						VAR_LOCAL, loc);
			Stmt *fin = stmt_block(loc);
			stmt_append(fin, stmt_decl(acc2,
						   fu_elem(fu, ga, lo + e - 1, loc),
						   loc));
			for (long c = lo + e; c <= hi; c++)
				fu_terms(fu, fin, a, c, acc2,
					 (int)(c - lo - e + 1), loc);
			stmt_append(fin, stmt_assign(A_SET,
						     fu_elem(fu, ga, lo + e - 1, loc),
						     fu_v(fu, acc2, loc), loc));
			Stmt *c = stmt_new(S_IF, loc);
			c->u.ifs.cond = expr_binary(B_GE, fu_v(fu, count, loc),
						    expr_int(first, loc), NULL, loc);
			c->u.ifs.then = fin;
			stmt_append(tail, c);
		}
	}
	for (int k = 0; k < fu->nstores; k++) {
		const FuStore *st = fu->stores[k];
		long lo, hi;
		fu_range(fu, st->arr, &lo, &hi);
		for (long d = st->off - lo; d >= 1; d--) {
			Expr *src = d == 1 ? fu_v(fu, st->term, loc)
					   : fu_v(fu, st->hold[d - 2], loc);
			stmt_append(lb, stmt_assign(A_SET, fu_v(fu, st->hold[d - 1], loc),
						    src, loc));
		}
	}
	stmt_append(lb, stmt_assign(A_INC, fu_v(fu, count, loc), NULL, loc));
	loop->u.loop.body = lb;
	stmt_append(body, loop);
	for (int i = 0; i < tail->u.block.n; i++)
		stmt_append(body, tail->u.block.items[i]);
	for (int i = 0; i < fu->nbpost; i++)
		stmt_append(body, fu_stmt(fu->bpost[i], fu->bmap));
	stmt_append(body, fu_stmt(fu->fret, fu->fmap));
	return g;
}

Func *fuse_sweeps(const Program *p, const Func *fwd, const Func *bwd,
		  const char *name, int *tapeless)
{
	*tapeless = 0;
	if (!fuse_enabled || !type_is_float(fwd->ret))
		return NULL;
	Fuse fu;
	memset(&fu, 0, sizeof fu);
	fu.p = p;
	fu.fwd = fwd;
	fu.bwd = bwd;
	fu.temp = arena_alloc((size_t)bwd->nvars + 1);
	fu.shadow = arena_alloc((size_t)bwd->nvars + 1);
	for (int i = 0; i < bwd->nparams; i++) {
		const Var *x = bwd->vars[bwd->params[i]];
		fu.shadow[bwd->params[i]] = x->is_adjoint && x->type->kind == TY_PTR &&
					    x->type->is_restrict;
	}
	if (!fu_forward(&fu) || !fu_backward(&fu))
		return NULL;
	Func *plain = fu_build(&fu, name);
	*tapeless = plain && fu.npushes == 0;
	if (!plain || !fu_fold_negations(&fu))
		return plain;
	Func *g = fu_build(&fu, name);
	if (g)
		g->tangent_source = plain;
	return g;
}
