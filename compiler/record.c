/*
 * record.c - what the forward sweep records, and what it need not: values
 * f_bwd computes again instead of taping them (rematerialization),
 * counted loops, whose trip count and index f_bwd recomputes from their
 * bounds, and arrays a loop tapes once before it runs instead of element
 * by element (loop copies), and values several statements of a block need,
 * taped once for all of them.  Also the statements these touch: assignments,
 * declarations, returns, ifs, blocks and loops.
 *
 * adjoint.c describes the overall scheme (f_fwd, f_bwd and the tape);
 * adjoint.h has what the reverse mode's files share.
 */
#include "ckc.h"
#include "adjoint.h"

#include <stdlib.h>
#include <string.h>

static int lc_assigns(const Stmt *s, int v);
static int lc_assigns_any(const Stmt *s, const Expr *e);
static int lb_addr_taken(Adj *c, int v);

/* ---- rematerialization
 *
 * A floating local whose last assignment was v = e, with e something f_bwd
 * can evaluate (stable data, integers, other such locals), is computed
 * again in f_bwd instead of being taped, as long as nothing e reads has
 * changed since.  Kept in forward order; everything a loop, an if or a
 * call may change is forgotten around it.
 *
 * adj_bw_value writes e with the locals it reads expanded in turn, which
 * ends: when remat[v] reads w, remat[w] was set before remat[v] (setting
 * w forgets every value that reads w, and forgetting w forgets them too),
 * so the expansion follows a chain of ever older values.  A value whose
 * expansion would exceed ADJ_REMAT_MAX nodes is taped instead (a chain
 * v1 = v0 * v0, v2 = v1 * v1, ... doubles at each step), and so is one
 * that needs a math call other than fabs, fmin, fmax and copysign (a push
 * and a pop cost less than cos or sqrt at every use); the taped value is
 * the same number, so only the size of f_bwd and the tape change.
 *
 * Each value is listed under every variable it reads (c->readers), and
 * every value set is listed in c->live, so that forgetting costs what it
 * forgets, not a pass over all variables. */

enum { ADJ_REMAT_MAX = 64 };

typedef struct RematUse {
	int var;        /* remat[var] ... */
	const Expr *e;  /* ... was set to e, which reads the list's variable */
	struct RematUse *next;
} RematUse;

static void adj_remat_use(RematUse **list, int var, const Expr *e)
{
	RematUse *u = ARENA_NEW(RematUse);
	u->var = var;
	u->e = e;
	u->next = *list;
	*list = u;
}

/* Lists remat[var] = e under every variable e reads (the variables
 * adj_reads_var finds). */
static void adj_remat_list(Adj *c, const Expr *x, int var, const Expr *e)
{
	if (!x)
		return;
	switch (x->kind) {
	case E_VAR:
		adj_remat_use(&c->readers[x->u.var], var, e);
		break;
	case E_UNARY:
		adj_remat_list(c, x->u.un.e, var, e);
		break;
	case E_BINARY:
		adj_remat_list(c, x->u.bin.l, var, e);
		adj_remat_list(c, x->u.bin.r, var, e);
		break;
	case E_COND:
		adj_remat_list(c, x->u.cond.c, var, e);
		adj_remat_list(c, x->u.cond.a, var, e);
		adj_remat_list(c, x->u.cond.b, var, e);
		break;
	case E_CALL:
		for (int i = 0; i < x->u.call.nargs; i++)
			adj_remat_list(c, x->u.call.args[i], var, e);
		break;
	case E_INDEX:
		adj_remat_list(c, x->u.index.base, var, e);
		adj_remat_list(c, x->u.index.idx, var, e);
		break;
	case E_DEREF: case E_ADDR: case E_CAST:
		adj_remat_list(c, x->u.e, var, e);
		break;
	default:
		break;
	}
}

/* The size of e as adj_bw_value writes it, at most ADJ_REMAT_MAX + 1
 * (also for a value that needs a math call other than the cheap ones). */
static long adj_remat_cost(Adj *c, const Expr *e)
{
	long n = 1;
	switch (e->kind) {
	case E_VAR:
		if (c->remat[e->u.var])
			n = c->remat_cost[e->u.var];
		break;
	case E_UNARY:
		n += adj_remat_cost(c, e->u.un.e);
		break;
	case E_BINARY:
		n += adj_remat_cost(c, e->u.bin.l) + adj_remat_cost(c, e->u.bin.r);
		break;
	case E_COND:
		n += adj_remat_cost(c, e->u.cond.c) + adj_remat_cost(c, e->u.cond.a) +
		     adj_remat_cost(c, e->u.cond.b);
		break;
	case E_CALL:
		/* a math call costs more than a push and a pop: a value that
		 * needs one is taped (ba's c = cos(t) and s = sin(t) were
		 * computed again, with t = sqrt(...), at each of their uses) */
		if (!rules_cheap(e->u.call.name))
			return ADJ_REMAT_MAX + 1;
		for (int i = 0; i < e->u.call.nargs; i++)
			n += adj_remat_cost(c, e->u.call.args[i]);
		break;
	case E_INDEX:
		n += adj_remat_cost(c, e->u.index.base) +
		     adj_remat_cost(c, e->u.index.idx);
		break;
	case E_DEREF: case E_ADDR: case E_CAST:
		n += adj_remat_cost(c, e->u.e);
		break;
	default:
		break;
	}
	return n > ADJ_REMAT_MAX ? ADJ_REMAT_MAX + 1 : n;
}

/* Forgets v's value and every value that reads it, directly or through
 * other values (a value reading a forgotten one cannot be expanded).
 * Each listed use is looked at once: the list of a forgotten variable
 * is dropped. */
static void adj_remat_kill(Adj *c, int v)
{
	c->remat[v] = NULL;
	int *stack = NULL, n = 0, cap = 0;
	for (;;) {
		RematUse *u = c->readers[v];
		c->readers[v] = NULL;
		for (; u; u = u->next) {
			if (c->remat[u->var] != u->e)
				continue; /* set again since, or forgotten */
			c->remat[u->var] = NULL;
			if (n == cap) {
				cap = cap ? 2 * cap : 16;
				int *s = arena_alloc(sizeof(int) * (size_t)cap);
				if (n)
					memcpy(s, stack, sizeof(int) * (size_t)n);
				stack = s;
			}
			stack[n++] = u->var;
		}
		if (!n)
			return;
		v = stack[--n];
	}
}

void adj_remat_kill_all(Adj *c)
{
	for (RematUse *u = c->live; u; u = u->next)
		c->remat[u->var] = NULL;
	c->live = NULL;
}

/* Forgets what statement s may assign. */
/* Is e a call of the file's functions (or with a ck_derivative) given a
 * pointer, through which it may store into what a value reads? */
static int adj_call_passes_pointer(const Expr *e)
{
	while (e && e->kind == E_CAST)
		e = e->u.e;
	if (!adj_is_user_call(e))
		return 0;
	for (int i = 0; i < e->u.call.nargs; i++)
		if (type_is_pointerish(e->u.call.args[i]->type) ||
		    e->u.call.args[i]->type->kind == TY_STRUCT)
			return 1;
	return 0;
}

void adj_remat_kill_stmt(Adj *c, const Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			adj_remat_kill_stmt(c, s->u.block.items[i]);
		break;
	case S_DECL:
		adj_remat_kill(c, s->u.decl.var);
		/* (double t = g(3.0, &o): g may store into o) */
		if (adj_call_passes_pointer(s->u.decl.init))
			adj_remat_kill_all(c);
		break;
	case S_ASSIGN:
		if (s->u.assign.lhs->kind == E_VAR)
			adj_remat_kill(c, s->u.assign.lhs->u.var);
		if (adj_is_user_call(s->u.assign.rhs))
			adj_remat_kill_all(c);
		break;
	case S_EXPR:
		adj_remat_kill_all(c);
		break;
	case S_IF:
		adj_remat_kill_stmt(c, s->u.ifs.then);
		adj_remat_kill_stmt(c, s->u.ifs.els);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		adj_remat_kill_stmt(c, s->u.loop.init);
		adj_remat_kill_stmt(c, s->u.loop.inc);
		adj_remat_kill_stmt(c, s->u.loop.body);
		break;
	case S_CHECKPOINT:
		adj_remat_kill_stmt(c, s->u.ckpt.body);
		break;
	default:
		break;
	}
}

/* After lhs op= rhs ran. */
static void adj_remat_set(Adj *c, AssignOp op, const Expr *lhs, const Expr *rhs)
{
	if (lhs->kind != E_VAR)
		return;
	int v = lhs->u.var;
	adj_remat_kill(c, v);
	if (op == A_SET && c->f->vars[v]->kind == VAR_LOCAL &&
	    type_is_float(c->f->vars[v]->type) && !c->f->vars[v]->is_static &&
	    !adj_reads_var(rhs, v) && !adj_is_user_call(rhs) &&
	    c->a->node[v] == v && adj_tbr && adj_bw_ok(c, rhs)) {
		long cost = adj_remat_cost(c, rhs);
		if (cost > ADJ_REMAT_MAX)
			return;
		c->remat[v] = rhs;
		c->remat_cost[v] = cost;
		adj_remat_list(c, rhs, v, rhs);
		adj_remat_use(&c->live, v, rhs);
	}
}

/* ---- values taped once per block
 *
 * Statements of a block that need the same value (t in c = cos(t) and in
 * s = sin(t), X[0] in three rows of a rotation) share one tape entry.  It
 * is pushed before the last of them, not the first: the reverse sweep
 * pops it before that statement's adjoint, which runs first, into a
 * variable that the earlier statements' adjoints read after it, so the
 * tape stays a stack.  The earlier statements' pushes and pops go, and the
 * variable is declared at the start of the block's reverse.
 *
 * A value is shared while nothing can have changed it: among the
 * statements directly in the block, assignments, declarations and a
 * return whose expressions call nothing but math functions; a store
 * forgets the values that mention what it stores to (constant elements of
 * one array told apart), and a store through a pointer or into an array
 * also those that read memory it may reach (see share_alias).  An if, a
 * loop or a nested block that always ends at the next statement (no
 * break, continue or return of the block's scope inside: adj_site) and
 * calls nothing forgets what its stores may change; any other statement
 * (a call, a checkpoint) forgets everything.  Only the latest
 * SHARE_MAX values are kept, which bounds the work per statement: a
 * lookup compares with each kept value's canonical form (below), which is
 * computed again only when the definitions have changed.  (With 64, a
 * dense layer of more than about 45 unrolled outputs, each reading every
 * input, taped every input again for every output.)
 *
 * Copies are followed: after s = sin(t) (or c = ck_e), while neither s
 * nor what its value reads has changed, s names the same number as
 * sin(t), so a statement that needs s shares the entry taped for sin(t).
 * The same rules forget such a definition as forget a taped value (a
 * store to s forgets it too); only a floating scalar whose address
 * nobody takes, set from a value of its own type of at most
 * SHARE_DEF_NODES nodes, has one, and the latest SHARE_DEFS_MAX are
 * kept.  (Every store tests every definition: the sums of a dense layer
 * written out, kept as definitions, made that quadratic in the layer's
 * size.) */

enum { SHARE_MAX = 1024, SHARE_DEFS_MAX = 1024, SHARE_DEF_NODES = 64 };

typedef struct ShareDef {
	int var;       /* a floating local or parameter ... */
	const Expr *e; /* ... equal to e, as long as the definition is kept */
} ShareDef;

typedef struct ShareScan {
	Adj *c;
	int w;       /* the variable stored to */
	int hit;
} ShareScan;

/* Can a store to lhs, rooted in variable w, change what e reads by
 * naming w?  Not an element w[k2] for a store to w[k], both constants,
 * k2 != k (distinct elements of one array, or behind one pointer). */
static int share_hits(const Expr *e, int w, const Expr *lhs)
{
	if (!e)
		return 0;
	switch (e->kind) {
	case E_VAR:
		return e->u.var == w;
	case E_INDEX:
		if (e->u.index.base->kind == E_VAR && e->u.index.base->u.var == w &&
		    lhs->kind == E_INDEX && lhs->u.index.base->kind == E_VAR &&
		    lhs->u.index.idx->kind == E_NUM && lhs->u.index.idx->u.num.is_int &&
		    e->u.index.idx->kind == E_NUM && e->u.index.idx->u.num.is_int)
			return e->u.index.idx->u.num.ival == lhs->u.index.idx->u.num.ival;
		return share_hits(e->u.index.base, w, lhs) ||
		       share_hits(e->u.index.idx, w, lhs);
	case E_UNARY:
		return share_hits(e->u.un.e, w, lhs);
	case E_BINARY:
		return share_hits(e->u.bin.l, w, lhs) || share_hits(e->u.bin.r, w, lhs);
	case E_COND:
		return share_hits(e->u.cond.c, w, lhs) ||
		       share_hits(e->u.cond.a, w, lhs) ||
		       share_hits(e->u.cond.b, w, lhs);
	case E_CALL:
		for (int i = 0; i < e->u.call.nargs; i++)
			if (share_hits(e->u.call.args[i], w, lhs))
				return 1;
		return 0;
	case E_DEREF: case E_ADDR: case E_CAST:
		return share_hits(e->u.e, w, lhs);
	case E_MEMBER:
		return share_hits(e->u.mem.base, w, lhs);
	default:
		return 0;
	}
}

/* May a store through (or into) variable w change data that r reaches?
 * Not when they are in different alias nodes and one of them reaches
 * data nothing else does (a local array or buffer, a parameter its caller
 * passed unaliased: adj_unaliased). */
static int share_may_alias(Adj *c, int w, int r)
{
	if (w < 0 || r < 0 || w == r || c->a->node[w] == c->a->node[r])
		return 1;
	return !adj_unaliased(c, w) && !adj_unaliased(c, r);
}

static void share_alias_visit(void *ctx, const Expr *e)
{
	ShareScan *k = ctx;
	switch (e->kind) {
	case E_GLOBAL:
		k->hit = 1;
		break;
	case E_INDEX: case E_DEREF: case E_MEMBER: {
		/* memory rooted in w itself: share_hits decides */
		int r = activity_root(e);
		if (r != k->w && share_may_alias(k->c, k->w, r))
			k->hit = 1;
		break;
	}
	case E_VAR:
		if (e->u.var != k->w && lb_addr_taken(k->c, e->u.var) &&
		    share_may_alias(k->c, k->w, e->u.var))
			k->hit = 1;
		break;
	default:
		break;
	}
}

/* Does e read memory that a store through w may change? */
static int share_alias(Adj *c, const Expr *e, int w)
{
	ShareScan k = { c, w, 0 };
	ir_walk_expr(e, share_alias_visit, &k);
	return k.hit;
}

static void share_clear(ShareCache *sc)
{
	sc->n = 0;
	sc->ndefs = 0;
	sc->gen++;
}

static void share_drop_def(ShareCache *sc, int i)
{
	sc->gen++;
	memmove(sc->defs + i, sc->defs + i + 1,
		sizeof(ShareDef *) * (size_t)(sc->ndefs - i - 1));
	sc->ndefs--;
}

/* e with the block's definitions followed (s, then sin(t) for s =
 * sin(t)); they never form a cycle: setting a variable forgets every
 * definition that reads it. */
static const Expr *share_canon(const ShareCache *sc, const Expr *e)
{
	for (int hops = 0; e->kind == E_VAR && hops < SHARE_DEFS_MAX; hops++) {
		int i = sc->ndefs - 1;
		while (i >= 0 && sc->defs[i]->var != e->u.var)
			i--;
		if (i < 0)
			break;
		e = sc->defs[i]->e;
	}
	return e;
}

static void share_count_visit(void *ctx, const Expr *e)
{
	(void)e;
	++*(int *)ctx;
}

/* After a plain v = e that share_store has seen. */
static void share_define(Adj *c, const Expr *lhs, AssignOp op, const Expr *e)
{
	ShareCache *sc = c->share;
	if (op != A_SET || lhs->kind != E_VAR || !type_is_float(lhs->type) ||
	    e->type->kind != lhs->type->kind || lb_addr_taken(c, lhs->u.var) ||
	    expr_mentions(e, lhs->u.var))
		return;
	int nodes = 0;
	ir_walk_expr(e, share_count_visit, &nodes);
	if (nodes > SHARE_DEF_NODES)
		return;
	if (sc->ndefs == SHARE_DEFS_MAX)
		share_drop_def(sc, 0);
	ShareDef *d = ARENA_NEW(ShareDef);
	d->var = lhs->u.var;
	d->e = e;
	ARENA_PUSH(sc->defs, sc->ndefs, d);
	sc->gen++;
}

static void share_drop(ShareCache *sc, int i)
{
	memmove(sc->ents + i, sc->ents + i + 1,
		sizeof(Shared *) * (size_t)(sc->n - i - 1));
	sc->n--;
}

/* After a store to lhs. */
static void share_store(Adj *c, const Expr *lhs)
{
	ShareCache *sc = c->share;
	int w = activity_root(lhs);
	/* a local or parameter scalar whose address nobody takes changes
	 * only by name */
	int by_name = lhs->kind == E_VAR && w >= 0 && !lb_addr_taken(c, w);
	for (int i = sc->n - 1; i >= 0; i--) {
		const Expr *e = sc->ents[i]->e;
		if (w < 0 || share_hits(e, w, lhs) ||
		    (!by_name && share_alias(c, e, w)))
			share_drop(sc, i);
	}
	for (int i = sc->ndefs - 1; i >= 0; i--) {
		const ShareDef *d = sc->defs[i];
		if (w < 0 || d->var == w || share_hits(d->e, w, lhs) ||
		    (!by_name && share_alias(c, d->e, w)))
			share_drop_def(sc, i);
	}
}

static void share_forget_var(Adj *c, int v)
{
	ShareCache *sc = c->share;
	for (int i = sc->n - 1; i >= 0; i--)
		if (expr_mentions(sc->ents[i]->e, v))
			share_drop(sc, i);
	for (int i = sc->ndefs - 1; i >= 0; i--)
		if (sc->defs[i]->var == v || expr_mentions(sc->defs[i]->e, v))
			share_drop_def(sc, i);
}


/* After statement s (not an assignment or declaration of the block):
 * forgets what its stores may change and returns 1, or returns 0 when
 * everything must be forgotten (a call, a return, a checkpoint). */
static int share_stmt(Adj *c, const Stmt *s)
{
	if (!s)
		return 1;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (!share_stmt(c, s->u.block.items[i]))
				return 0;
		return 1;
	case S_DECL:
		if (!stmt_math_only(s))
			return 0;
		share_forget_var(c, s->u.decl.var);
		return 1;
	case S_ASSIGN:
		if (!stmt_math_only(s))
			return 0;
		share_store(c, s->u.assign.lhs);
		return 1;
	case S_EXPR:
		return expr_math_only(s->u.expr);
	case S_IF:
		return expr_math_only(s->u.ifs.cond) && share_stmt(c, s->u.ifs.then) &&
		       share_stmt(c, s->u.ifs.els);
	case S_FOR: case S_WHILE: case S_DO:
		return expr_math_only(s->u.loop.cond) && share_stmt(c, s->u.loop.init) &&
		       share_stmt(c, s->u.loop.inc) && share_stmt(c, s->u.loop.body);
	case S_BREAK: case S_CONTINUE: case S_EMPTY:
		return 1;
	default:
		return 0;
	}
}

Shared *share_find(Adj *c, const Expr *e)
{
	ShareCache *sc = c->share;
	if (!sc || !adj_tbr)
		return NULL;
	const Expr *k = share_canon(sc, e);
	for (int i = sc->n - 1; i >= 0; i--) {
		Shared *sh = sc->ents[i];
		if (!sh->canon || sh->canon_gen != sc->gen) {
			sh->canon = share_canon(sc, sh->e);
			sh->canon_gen = sc->gen;
		}
		if (expr_equal(sh->canon, k))
			return sh;
	}
	return NULL;
}

/* A value pushed for the first time: temp in decl (of the plan), push and
 * pop its entry, which is returned (NULL outside a block's cache). */
Shared *share_taped(Adj *c, const Expr *e, int temp, Stmt *push, Stmt *pop,
		    Stmt *decl)
{
	ShareCache *sc = c->share;
	if (!sc || !adj_tbr)
		return NULL;
	if (sc->n == SHARE_MAX)
		share_drop(sc, 0);
	Shared *sh = ARENA_NEW(Shared);
	sh->e = e;
	sh->temp = temp;
	sh->push = push;
	sh->pop = pop;
	sh->decl = decl;
	ARENA_PUSH(sc->ents, sc->n, sh);
	return sh;
}

/* sh's temporary, declared at the start of the block's f_bwd on first
 * use: an entry of a loop's copy has none until a statement shares it. */
int share_temp(Adj *c, Shared *sh, Type *t, Loc loc)
{
	if (sh->temp < 0) {
		sh->temp = adj_local(c, c->bwd, "ck_v", t);
		sh->decl = stmt_decl_zero(c->bwd, sh->temp, loc);
		ARENA_PUSH(c->share->decls, c->share->ndecls, sh->decl);
		sh->moved = 1;
	}
	return sh->temp;
}

/* sh pushed again by a later statement (push, pop into sh->temp): the
 * earlier push and pop go (a loop's copy reads sh->temp instead). */
void share_reuse(Adj *c, Shared *sh, Stmt *push, Stmt *pop)
{
	ShareCache *sc = c->share;
	ARENA_PUSH(sc->dead, sc->ndead, sh->push);
	if (sh->pop)
		ARENA_PUSH(sc->dead, sc->ndead, sh->pop);
	if (sh->popdecl)
		sh->popdecl->u.decl.init =
			expr_var(c->bwd, sh->temp, sh->popdecl->loc);
	if (sh->popcopy)
		ARENA_PUSH(sc->dead, sc->ndead, sh->popcopy);
	sh->popdecl = sh->popcopy = NULL;
	if (!sh->moved) {
		ARENA_PUSH(sc->dead, sc->ndead, sh->decl);
		ARENA_PUSH(sc->decls, sc->ndecls, sh->decl);
		sh->moved = 1;
	}
	sh->push = push;
	sh->pop = pop;
}

/* Removes the statements of map dead from block b (and the blocks in
 * it); returns how many. */
static int share_remove(Stmt *b, const PtrMap *dead)
{
	if (!b || b->kind != S_BLOCK)
		return 0;
	int removed = 0, n = 0;
	for (int i = 0; i < b->u.block.n; i++) {
		Stmt *it = b->u.block.items[i];
		if (pm_get(dead, it) >= 0) {
			removed++;
			continue;
		}
		removed += share_remove(it, dead);
		b->u.block.items[n++] = it;
	}
	b->u.block.n = n;
	return removed;
}

/* The end of the block: what share_reuse made dead leaves fwd (its
 * top level) and the statements' reverses rev[0..n). */
static void share_finish(ShareCache *sc, Stmt *fwd, Stmt **rev, int n)
{
	if (!sc->ndead)
		return;
	PtrMap dead = { 0 };
	for (int i = 0; i < sc->ndead; i++)
		pm_put(&dead, sc->dead[i], 1);
	int removed = 0, k = 0;
	for (int i = 0; i < fwd->u.block.n; i++) {
		Stmt *it = fwd->u.block.items[i];
		if (pm_get(&dead, it) >= 0)
			removed++;
		else
			fwd->u.block.items[k++] = it;
	}
	fwd->u.block.n = k;
	for (int i = 0; i < n; i++)
		removed += share_remove(rev[i], &dead);
	if (removed != sc->ndead)
		diag_internal(__FILE__, __LINE__,
			      "a shared tape entry's push or pop was not found");
}

/* An assignment statement (or a declaration's initializer, as v = init). */
static Stmt *adj_assign1(Adj *c, const Stmt *s, Stmt *fout);

Stmt *adj_assign(Adj *c, const Stmt *s, Stmt *fout)
{
	ShareCache *sc = c->share;
	const Expr *lhs = s->u.assign.lhs;
	/* calls and heap pointers tape in their own ways */
	int plain = expr_math_only(s->u.assign.rhs) &&
		    !(lhs->kind == E_VAR && (c->v->heap[lhs->u.var] ||
					     adj_heap_int(c, lhs->u.var))) &&
		    pm_get(&c->v->setup, s) <= 0;
	if (!plain)
		c->share = NULL;
	Stmt *b = adj_assign1(c, s, fout);
	c->share = sc;
	if (sc && !plain)
		share_clear(sc);
	else if (sc) {
		share_store(c, lhs);
		share_define(c, lhs, s->u.assign.op, s->u.assign.rhs);
	}
	if (adj_is_user_call(s->u.assign.rhs))
		adj_remat_kill_all(c);
	adj_remat_set(c, s->u.assign.op, s->u.assign.lhs, s->u.assign.rhs);
	return b;
}

static Stmt *adj_assign1(Adj *c, const Stmt *s, Stmt *fout)
{
	const Expr *lhs = s->u.assign.lhs, *rhs = s->u.assign.rhs;
	AssignOp op = s->u.assign.op;
	Stmt *primal = stmt_assign(op, expr_clone(lhs), expr_clone(rhs), s->loc);
	if (pm_get(&c->v->setup, s) > 0) { /* replayed by adj_block in f_bwd */
		stmt_append(fout, primal);
		return NULL;
	}
	if (lhs->kind == E_VAR &&
	    (c->v->heap[lhs->u.var] || adj_heap_int(c, lhs->u.var)))
		return adj_heap_assign(c, s, fout);
	/* what calls change through &k, then the store's own undo: f_bwd
	 * pops them in the other order */
	Stmt *u = adj_addr_updates(c, rhs, fout, s->loc);
	Stmt *undo = NULL;
	const Expr *ptr = lhs->kind == E_DEREF   ? lhs->u.e
			  : lhs->kind == E_INDEX ? lhs->u.index.base
						 : NULL;
	int k = ptr && ptr->kind == E_VAR ? adj_int_target(c, ptr->u.var) : -1;
	int cell =
		ptr && ptr->kind == E_VAR &&
		adj_int_cell_param(c, ptr->u.var) &&
		(lhs->kind == E_DEREF || (lhs->u.index.idx->kind == E_NUM &&
					  lhs->u.index.idx->u.num.ival == 0));
	/* n = keep(x, n, B): the call's reverse reads n as it was when the
	 * call ran, so the store's undo runs before it, and f_fwd tapes
	 * the old value after the call (adj_push_late).  When the call may
	 * change the integer itself (k = g(&k), *p = g(x, *p) through the
	 * cell p or int *p = &k), f_fwd splits the store: the result into
	 * a temporary, the tape of what the call left, then the store
	 * (split), so that the call's reverse starts from the value the
	 * call left and undoes its own changes from there */
	int user = op == A_SET && adj_is_user_call(rhs);
	int lv = lhs->kind == E_VAR ? lhs->u.var
		 : lhs->kind == E_INDEX && lhs->u.index.base->kind == E_VAR
			 ? lhs->u.index.base->u.var
			 : -1;
	int split =
		user &&
		(cell || k >= 0 ||
		 (lv >= 0 && lhs->kind == E_VAR && adj_takes_addr(rhs, lv)));
	Stmt *late = split || (user && lv >= 0 && !cell && k < 0 &&
			       !adj_takes_addr(rhs, lv))
			     ? stmt_block(s->loc)
			     : fout;
	if (cell) /* *p = e, p the cell of the caller's &k */
		undo = adj_cell_update(c, lhs, op, rhs, late, s->loc);
	else if (k < 0 && ptr && ptr->kind == E_VAR &&
		 adj_int_store_unknown(c, ptr->u.var, s->loc))
		undo = NULL;
	else if (lhs->kind == E_VAR && !type_is_float(lhs->type))
		undo = adj_int_update(c, lhs->u.var, op, rhs, late, s->loc);
	else if (k >= 0) /* *p = e with int *p = &k: an update of k */
		undo = adj_int_update(c, k, op, rhs, late, s->loc);
	else if (lhs->kind == E_INDEX && lhs->type->kind == TY_INT)
		undo = adj_int_elem_update(c, lhs, late, s->loc);
	if (split) {
		Type *t = type_with_const(lhs->type, 0);
		int tmp = adj_local(c, c->fwd, "ck_s", t);
		stmt_append(c->fdecls, stmt_decl(tmp, NULL, s->loc));
		primal->u.assign.lhs = expr_var(c->fwd, tmp, s->loc);
		Stmt *b = adj_user_call(c, lhs, rhs, fout, primal,
					&primal->u.assign.rhs);
		for (int i = 0; i < late->u.block.n; i++)
			stmt_append(fout, late->u.block.items[i]);
		stmt_append(fout, stmt_assign(A_SET, expr_clone(lhs),
					      expr_var(c->fwd, tmp, s->loc),
					      s->loc));
		return adj_then(adj_then(undo, b), u);
	}
	if (user) {
		Stmt *after = stmt_block(s->loc);
		int moved = late != fout && late->u.block.n &&
			    adj_push_late(c, late, fout, after);
		for (int i = 0; late != fout && !moved && i < late->u.block.n;
		     i++)
			stmt_append(fout, late->u.block.items[i]);
		Stmt *b = adj_user_call(c, lhs, rhs, fout, primal,
					&primal->u.assign.rhs);
		if (!moved)
			return adj_then(b, adj_then(undo, u));
		for (int i = 0; i < after->u.block.n; i++)
			stmt_append(fout, after->u.block.items[i]);
		return adj_then(adj_then(undo, b), u);
	}
	undo = adj_then(undo, u);
	if (!adj_lv_active(c, lhs)) {
		stmt_append(fout, primal);
		return undo;
	}
	Plan *pl = plan_new(s->loc);
	pl->can_hoist = 1;
	pl->share = 1;
	adj_active_assign(c, pl, op, lhs, rhs);
	plan_hoisted(c, pl, &primal->u.assign.rhs);
	plan_fwd(pl, fout);
	stmt_append(fout, primal);
	return adj_then(plan_bwd(pl), undo);
}

/* The type of element k of a (multi-dimensional) array and its lvalue. */
Expr *adj_elem(Func *g, int var, long k, Loc loc)
{
	Expr *e = expr_var(g, var, loc);
	Type *t = g->vars[var]->type;
	long stride = 1;
	for (Type *u = t->base; u->kind == TY_ARRAY; u = u->base)
		stride *= u->len;
	while (e->type->kind == TY_ARRAY) {
		long i = k / stride;
		k %= stride;
		e = expr_index(e, expr_int(i, loc), loc);
		if (e->type->kind == TY_ARRAY)
			stride /= e->type->len;
	}
	return e;
}

long adj_elems(const Type *t)
{
	return t->kind == TY_ARRAY ? t->len * adj_elems(t->base) : 1;
}

/* A declaration: f_fwd declares every local at its top, so here it is an
 * assignment of the initializer. */
Stmt *adj_decl(Adj *c, const Stmt *s, Stmt *fout)
{
	int v = s->u.decl.var;
	const Var *x = c->f->vars[v];
	if (x->is_static)
		return NULL;
	Loc loc = s->loc;
	if (s->u.decl.init) {
		Stmt *as = stmt_assign(A_SET, expr_var((Func *)c->f, v, loc),
				       s->u.decl.init, loc);
		c->in_decl = 1;
		Stmt *r = adj_assign(c, as, fout);
		c->in_decl = 0;
		return r;
	}
	if (!s->u.decl.ninits)
		return NULL;
	/* T a[n] = {...}: element by element, the rest zero */
	Stmt *b = stmt_block(loc);
	long n = adj_elems(x->type);
	/* an integer array that f_bwd keeps a copy of: in a loop, its old
	 * values go on the tape whole, and come back whole */
	int whole = adj_int_array(c, v) && c->v->needed[v];
	if (whole && c->loops)
		stmt_append(fout, adj_int_array_io(c, v, 0, loc));
	c->in_decl = whole;
	for (long k = 0; k < s->u.decl.ninits && k < n; k++) {
		Stmt *as = stmt_assign(A_SET, adj_elem((Func *)c->f, v, k, loc),
				       s->u.decl.inits[k], loc);
		Stmt *r = adj_assign(c, as, fout);
		if (!adj_empty(r))
			stmt_append(b, r);
	}
	c->in_decl = 0;
	if (s->u.decl.ninits < n) {
		Type *el = x->type;
		while (el->kind == TY_ARRAY)
			el = el->base;
		el = type_with_const(el, 0);
		int k = adj_local(c, c->fwd, "ck_k", type_int());
		stmt_append(c->fdecls, stmt_decl(k, NULL, loc));
		Stmt *loop = stmt_new(S_FOR, loc);
		loop->u.loop.init = stmt_assign(A_SET, expr_var(c->fwd, k, loc),
						expr_int(s->u.decl.ninits, loc), loc);
		loop->u.loop.cond = expr_binary(B_LT, expr_var(c->fwd, k, loc),
						expr_int(n, loc), NULL, loc);
		loop->u.loop.inc = stmt_assign(A_INC, expr_var(c->fwd, k, loc),
					       NULL, loc);
		Expr *flat = expr_cast(type_ptr(el), expr_var(c->fwd, v, loc), loc);
		Stmt *zero = stmt_assign(A_SET,
					 expr_index(flat, expr_var(c->fwd, k, loc),
						    loc),
					 expr_num(0, el, loc), loc);
		loop->u.loop.body = stmt_block(loc);
		stmt_append(loop->u.loop.body, zero);
		stmt_append(fout, loop);
		/* the adjoints of zero-initialized elements simply die */
	}
	/* reverse order of the elements */
	Stmt *r = stmt_block(loc);
	for (int i = b->u.block.n - 1; i >= 0; i--)
		stmt_append(r, b->u.block.items[i]);
	if (whole && c->loops)
		stmt_append(r, adj_int_array_io(c, v, 1, loc));
	return r;
}

/* The pushes f_fwd makes when control leaves the enclosing ifs and loops
 * at a site: each if records its branch, each loop left records the code
 * of the site and its count.  stop: the loop a break/continue leaves. */
void adj_site_pushes(Adj *c, const Stmt *site, const Stmt *stop,
		     Stmt *fout)
{
	SiteInfo *si = adj_site(c, site);
	for (int i = c->nframes - 1; i >= 0; i--) {
		Frame *fr = &c->frames[i];
		if (fr->s->kind == S_IF) {
			if (fr->bits)
				stmt_append(fout, adj_push_bit(c, fr->branch, site->loc));
			continue;
		}
		/* a loop */
		int id = si->id;
		if (site->kind == S_RETURN)
			for (int k = 0; k < si->nloops; k++)
				if (si->loops[k] == fr->s)
					id = si->loop_ids[k];
		if (adj_site(c, fr->s)->nsites)
			stmt_append(fout, adj_push(c, expr_int(id, site->loc)));
		if (fr->s == stop)
			return;
		stmt_append(fout, adj_push(c, expr_var(c->fwd, fr->count_var,
							site->loc)));
	}
}

/* What f_fwd hands to f_bwd through the tape where it returns: the
 * integers and pointers f_bwd reads that f may have changed (but counted
 * indices, which f_bwd sets itself: lb_get), then the exit code. */
void adj_turn(Adj *c, int code, Stmt *fout, Loc loc)
{
	const Func *f = c->f;
	for (int v = 0; v < f->nvars; v++)
		if (c->v->heap[v] || adj_heap_int(c, v))
			adj_heap_push(c, v, fout, loc);
	for (int v = 0; v < f->nvars; v++) {
		if (!c->v->needed[v] || lb_index(c, v) || rp_replayed(c, v) ||
		    c->v->heap_int[v])
			continue;
		if (f->vars[v]->kind == VAR_PARAM && !adj_reassigned(c->v, v))
			continue;
		if (f->vars[v]->type->kind == TY_ARRAY)
			stmt_append(fout, adj_int_array_io(c, v, 0, loc));
		else
			stmt_append(fout,
				    adj_push(c, adj_fwd_saved(c, v, loc)));
	}
	if (c->fn_code >= 0)
		stmt_append(fout, adj_push(c, expr_int(code, loc)));
}

Stmt *adj_return(Adj *c, const Stmt *s, Stmt *fout)
{
	SiteInfo *si = adj_site(c, s);
	Plan *pl = plan_new(s->loc);
	const Expr *e = s->u.expr;
	pl->share = expr_math_only(e);
	pl->can_hoist = e != NULL;
	if (e && c->v->ret_b) {
		int rb = c->bwd->params[c->bwd->nparams - 1];
		adj_expr(c, pl, e, expr_var(c->bwd, rb, s->loc));
	}
	Expr *re = e ? expr_clone(e) : NULL;
	if (re)
		plan_hoisted(c, pl, &re);
	plan_fwd(pl, fout);
	adj_site_pushes(c, s, NULL, fout);
	adj_turn(c, si->fn_id, fout, s->loc);
	stmt_append(fout, stmt_expr(S_RETURN, re, s->loc));
	Stmt *b = plan_bwd(pl);
	if (c->fn_code < 0 || adj_empty(b))
		return b;
	Stmt *g = stmt_new(S_IF, s->loc);
	g->u.ifs.cond = expr_binary(B_EQ, expr_var(c->bwd, c->fn_code, s->loc),
				    expr_int(si->fn_id, s->loc), NULL, s->loc);
	g->u.ifs.then = b;
	return g;
}

static void adj_push_frame(Adj *c, const Stmt *s, int branch, int count_var,
			   int bits)
{
	/* for a loop, bits carries its bwd code variable */
	Frame *fr = arena_alloc(sizeof(Frame) * (size_t)(c->nframes + 1));
	if (c->nframes)
		memcpy(fr, c->frames, sizeof(Frame) * (size_t)c->nframes);
	fr[c->nframes].s = s;
	fr[c->nframes].branch = branch;
	fr[c->nframes].count_var = count_var;
	fr[c->nframes].bits = s->kind == S_IF ? bits : 0;
	fr[c->nframes].code_var = s->kind == S_IF ? -1 : bits;
	c->frames = fr;
	c->nframes++;
}

/* Generates one branch of an if (or a loop body) into a fresh fwd block. */
static Stmt *adj_branch(Adj *c, const Stmt *s, Stmt *fblock)
{
	if (!s)
		return NULL;
	return adj_stmt(c, s, fblock);
}

static int adj_ends_in_site(const Stmt *s)
{
	while (s && s->kind == S_BLOCK && s->u.block.n)
		s = s->u.block.items[s->u.block.n - 1];
	return s && adj_is_site_stmt(s);
}

/* Primal variables condition e reads, through the values of
 * rematerialized locals too: does either branch of s assign one? */
static int adj_cond_changed(Adj *c, const Expr *e, const Stmt *s, int depth)
{
	if (!e)
		return 0;
	if (depth > ADJ_REMAT_MAX)
		return 1;
	switch (e->kind) {
	case E_VAR: {
		int v = e->u.var;
		/* through a pointer to v, anything may change it */
		if (lb_addr_taken(c, v) || lc_assigns(s->u.ifs.then, v) ||
		    lc_assigns(s->u.ifs.els, v))
			return 1;
		return c->remat[v] && adj_cond_changed(c, c->remat[v], s, depth + 1);
	}
	case E_UNARY:
		return adj_cond_changed(c, e->u.un.e, s, depth + 1);
	case E_BINARY:
		return adj_cond_changed(c, e->u.bin.l, s, depth + 1) ||
		       adj_cond_changed(c, e->u.bin.r, s, depth + 1);
	case E_COND:
		return adj_cond_changed(c, e->u.cond.c, s, depth + 1) ||
		       adj_cond_changed(c, e->u.cond.a, s, depth + 1) ||
		       adj_cond_changed(c, e->u.cond.b, s, depth + 1);
	case E_CALL:
		for (int i = 0; i < e->u.call.nargs; i++)
			if (adj_cond_changed(c, e->u.call.args[i], s, depth + 1))
				return 1;
		return 0;
	case E_INDEX:
		return adj_cond_changed(c, e->u.index.base, s, depth + 1) ||
		       adj_cond_changed(c, e->u.index.idx, s, depth + 1);
	case E_DEREF: case E_ADDR: case E_CAST:
		return adj_cond_changed(c, e->u.e, s, depth + 1);
	case E_MEMBER:
		return adj_cond_changed(c, e->u.mem.base, s, depth + 1);
	default:
		return 0;
	}
}

/* The if's condition as f_bwd can evaluate it again, with the value it
 * had in f_fwd, or NULL (then f_fwd tapes the branch taken).  It can when
 * its operands are values the reverse sweep has anyway (integers kept
 * exact, stable data, a loop's copy, rematerialized locals) and neither
 * branch changes them: in f_bwd the condition is evaluated where the if
 * ends, which then holds what the if started with.  Floating data the
 * condition reads is stable (never written) or a loop's copy (not written
 * in the loop): the branches write neither. */
/* Arithmetic on integers, floating scalars and elements a[k] of floating
 * arrays: no pointer values, calls or members. */
static int adj_cond_simple(const Expr *e)
{
	if (type_is_pointerish(e->type) || e->type->kind == TY_STRUCT)
		return 0;
	switch (e->kind) {
	case E_NUM: case E_VAR:
		return 1;
	case E_UNARY: case E_CAST:
		return adj_cond_simple(e->kind == E_CAST ? e->u.e : e->u.un.e);
	case E_BINARY:
		return adj_cond_simple(e->u.bin.l) && adj_cond_simple(e->u.bin.r);
	case E_COND:
		return adj_cond_simple(e->u.cond.c) && adj_cond_simple(e->u.cond.a) &&
		       adj_cond_simple(e->u.cond.b);
	case E_INDEX:
		return e->u.index.base->kind == E_VAR && type_is_float(e->type) &&
		       adj_cond_simple(e->u.index.idx);
	default:
		return 0;
	}
}

static int adj_if_cond_again(Adj *c, const Stmt *s, int any)
{
	const Expr *e = s->u.ifs.cond;
	return adj_tbr && !any && !c->in_region && adj_cond_simple(e) &&
	       adj_bw_ok(c, e) && !adj_cond_changed(c, e, s, 0);
}

Stmt *adj_if(Adj *c, const Stmt *s, Stmt *fout)
{
	Loc loc = s->loc;
	int any = adj_site(c, s)->any;
	Stmt *ft = stmt_block(loc), *fe = stmt_block(loc);
	int again_ok = adj_if_cond_again(c, s, any);
	adj_remat_kill_stmt(c, s);
	adj_push_frame(c, s, 1, -1, any);
	Stmt *bt = adj_branch(c, s->u.ifs.then, ft);
	c->nframes--;
	adj_remat_kill_stmt(c, s);
	adj_push_frame(c, s, 0, -1, any);
	Stmt *be = adj_branch(c, s->u.ifs.els, fe);
	c->nframes--;
	adj_remat_kill_stmt(c, s);
	int record = any || !adj_empty(bt) || !adj_empty(be);
	/* checked again: a call in a branch forgets rematerialized values */
	Expr *again = record && again_ok && adj_bw_ok(c, s->u.ifs.cond)
			      ? adj_bw_value(c, s->u.ifs.cond)
			      : NULL;
	Stmt *f = stmt_new(S_IF, loc);
	f->u.ifs.cond = expr_clone(s->u.ifs.cond);
	f->u.ifs.then = ft;
	if (record && !again) {
		if (!adj_ends_in_site(s->u.ifs.then))
			stmt_append(ft, adj_push_bit(c, 1, loc));
		if (!adj_ends_in_site(s->u.ifs.els))
			stmt_append(fe, adj_push_bit(c, 0, loc));
	}
	if (fe->u.block.n)
		f->u.ifs.els = fe;
	stmt_append(fout, f);
	if (!record)
		return NULL;
	Stmt *b = stmt_new(S_IF, loc);
	b->u.ifs.cond = again ? again : adj_pop_bit(c, loc);
	b->u.ifs.then = bt ? bt : stmt_block(loc);
	if (!adj_empty(be))
		b->u.ifs.els = be;
	return b;
}

/* The guard of a statement of a block whose earlier statements hold
 * `seen` sites of the block's scope, the first numbered `first`: the
 * statement ran unless one of those sites was taken. */
static Stmt *adj_guard(Adj *c, Stmt *b, int code_var, int first, int seen,
		       Loc loc)
{
	if (!seen || code_var < 0 || adj_empty(b))
		return b;
	Stmt *g = stmt_new(S_IF, loc);
	g->u.ifs.cond = expr_binary(
		B_LOR,
		expr_binary(B_EQ, expr_var(c->bwd, code_var, loc), expr_int(0, loc),
			    NULL, loc),
		expr_binary(B_GE, expr_var(c->bwd, code_var, loc),
			    expr_int(first + seen, loc), NULL, loc),
		NULL, loc);
	g->u.ifs.then = b;
	return g;
}

static int adj_loop_code_var(Adj *c);

/* The f_bwd copies of the local structs block s declares, made before
 * the block's statements are reversed (they read them). */
static void adj_struct_twins(Adj *c, const Stmt *s)
{
	for (int i = 0; i < s->u.block.n; i++) {
		const Stmt *it = s->u.block.items[i];
		if (it->kind != S_DECL)
			continue;
		int v = it->u.decl.var;
		const Var *x = c->f->vars[v];
		if (adj_struct_local(x) && c->stwin[v] < 0)
			c->stwin[v] = adj_local(c, c->bwd, x->name,
						type_with_const(x->type, 0));
	}
}

/* What item st of a block sets again at the start of the block's reverse
 * (see adj_local_structs), when it is a setup of local struct v's member:
 * the member of v's f_bwd copy (an integer, or a pointer to integers), or
 * of its adjoint (a pointer to floating data); else NULL. */
static Stmt *adj_struct_member_replay(Adj *c, int v, const Stmt *st)
{
	if (pm_get(&c->v->setup, st) <= 0 || !adj_member_of(st->u.assign.lhs, v))
		return NULL;
	const Expr *lhs = st->u.assign.lhs, *rhs = st->u.assign.rhs;
	/* (a pointer to integers, a CSR pattern's const int *col: f_bwd's
	 * copy reads it, as in x_b[P->col[k]], and gets it as an integer
	 * member) */
	int ints = type_is_pointerish(lhs->type) &&
		   lhs->type->base->kind == TY_INT;
	if (type_is_pointerish(lhs->type) && !ints) {
		if (!type_float_elem(lhs->type) || !activity_var_varied(c->a, v))
			return NULL;
		return stmt_assign(A_SET, adj_lv(c, lhs),
				   rhs->kind == E_NUM ? expr_clone(rhs)
						      : adj_shadow_ptr(c, rhs),
				   st->loc);
	}
	/* (a member the program changes: f_bwd never reads it) */
	const Expr *mem = ir_lv_member(lhs);
	if (mem && ir_field_changed(mem))
		return NULL;
	return stmt_assign(A_SET, adj_bw_value(c, lhs), adj_bw_value(c, rhs),
			   st->loc);
}

static Stmt *rp_item(Adj *c, const Stmt *it);

/* The start of block s's reverse: the f_bwd copies of the local structs
 * it declares, then in the block's order what its items set again: the
 * structs' member setups and the replayed variables (rp_item), so that a
 * setup reads the replayed offsets before it (fv_b.p = w_b + p + 1 after
 * p = 0) and a replay the members set before it. */
static void adj_block_replay(Adj *c, const Stmt *s, Stmt *out)
{
	/* the local structs the block declares, in order (their positions) */
	int *decl = NULL, nd = 0;
	for (int i = 0; i < s->u.block.n; i++) {
		const Stmt *it = s->u.block.items[i];
		if (it->kind == S_DECL &&
		    adj_struct_local(c->f->vars[it->u.decl.var])) {
			stmt_append(out, stmt_decl_zero(c->bwd,
							c->stwin[it->u.decl.var],
							it->loc));
			VEC_PUSH(decl, nd, i);
		}
	}
	for (int j = 0; j < s->u.block.n; j++) {
		const Stmt *st = s->u.block.items[j];
		Stmt *r = rp_item(c, st);
		if (r)
			stmt_append(out, r);
		for (int k = 0; k < nd && decl[k] < j; k++) {
			int v = s->u.block.items[decl[k]]->u.decl.var;
			if ((r = adj_struct_member_replay(c, v, st)))
				stmt_append(out, r);
		}
	}
}

/* A block: its statements forward, their reverses backwards under guards,
 * with the adjoints of the variables it declares declared first. */
Stmt *adj_block(Adj *c, const Stmt *s, Stmt *fout)
{
	Loc loc = s->loc;
	int n = s->u.block.n;
	Stmt **rev = arena_alloc(sizeof(Stmt *) * (size_t)(n + 1));
	int *first = arena_alloc(sizeof(int) * (size_t)(n + 1));
	int *seen = arena_alloc(sizeof(int) * (size_t)(n + 1));
	int f0 = 0, cnt = 0;
	ShareCache *outer = c->share;
	ShareCache sc = { 0 };
	adj_struct_twins(c, s);
	for (int i = 0; i < n; i++) {
		const Stmt *it = s->u.block.items[i];
		/* a return may share too: nothing runs between it and the
		 * statements before it (a site would forget everything) */
		int plain = it->kind == S_ASSIGN || it->kind == S_DECL ||
			    it->kind == S_RETURN;
		first[i] = f0;
		seen[i] = cnt;
		c->share = plain ? &sc : NULL;
		c->share_item = plain ? NULL : it;
		c->share_blk = plain ? NULL : &sc;
		rev[i] = adj_stmt(c, it, fout);
		c->share = &sc;
		c->share_item = NULL;
		c->share_blk = NULL;
		SiteInfo *si = adj_site(c, it);
		/* an if or a loop that always ends at the next statement keeps
		 * the values it does not change */
		if ((!plain && (si->count || !share_stmt(c, it))) ||
		    it->kind == S_RETURN)
			share_clear(&sc);
		else if (it->kind == S_DECL &&
			 (!it->u.decl.init ||
			  c->f->vars[it->u.decl.var]->is_static))
			/* one with an initializer was an assignment */
			share_forget_var(c, it->u.decl.var);
		if (si->count) {
			if (!cnt)
				f0 = si->first;
			cnt += si->count;
		}
	}
	c->share = outer;
	share_finish(&sc, fout, rev, n);
	int code = adj_loop_code_var(c);
	Stmt *b = stmt_block(loc);
	for (int i = 0; i < sc.ndecls; i++)
		stmt_append(b, sc.decls[i]);
	/* first: the replay may make the adjoint of an array a struct's
	 * member points into, which the declarations below declare */
	Stmt *setup = stmt_block(loc);
	adj_block_replay(c, s, setup);
	for (int i = 0; i < n; i++) {
		const Stmt *it = s->u.block.items[i];
		if (it->kind != S_DECL || c->adjv[it->u.decl.var] < 0 ||
		    c->v->heap[it->u.decl.var])
			continue;
		int av = c->adjv[it->u.decl.var];
		stmt_append(b, stmt_decl_zero(c->bwd, av, loc));
	}
	for (int i = 0; i < setup->u.block.n; i++)
		stmt_append(b, setup->u.block.items[i]);
	for (int i = n - 1; i >= 0; i--)
		if (!adj_empty(rev[i]))
			stmt_append(b, adj_guard(c, rev[i], code, first[i],
						 seen[i], loc));
	return b;
}

/* The bwd variable holding the exit code of the current scope: the
 * innermost loop's iteration code, or the function's exit code. */
static int adj_loop_code_var(Adj *c)
{
	for (int i = c->nframes - 1; i >= 0; i--)
		if (c->frames[i].s->kind != S_IF)
			return c->frames[i].code_var;
	return c->fn_code;
}

/* ran || code == k for every continue k of the loop (not of inner
 * loops): the iterations after which the increment ran. */
static Expr *adj_continue_codes(Adj *c, const Stmt *s, int code, Expr *ran)
{
	if (!s)
		return ran;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			ran = adj_continue_codes(c, s->u.block.items[i], code, ran);
		return ran;
	case S_IF:
		ran = adj_continue_codes(c, s->u.ifs.then, code, ran);
		return adj_continue_codes(c, s->u.ifs.els, code, ran);
	case S_CHECKPOINT:
		return adj_continue_codes(c, s->u.ckpt.body, code, ran);
	case S_CONTINUE:
		return expr_binary(B_LOR, ran,
				   expr_binary(B_EQ, expr_var(c->bwd, code, s->loc),
					       expr_int(adj_site(c, s)->id, s->loc),
					       NULL, s->loc),
				   NULL, s->loc);
	default:
		return ran;
	}
}

/* The continues of loop body s's own scope (see adj_continue_codes). */
static int adj_count_continues(const Stmt *s)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case S_BLOCK: {
		int n = 0;
		for (int i = 0; i < s->u.block.n; i++)
			n += adj_count_continues(s->u.block.items[i]);
		return n;
	}
	case S_IF:
		return adj_count_continues(s->u.ifs.then) +
		       adj_count_continues(s->u.ifs.els);
	case S_CHECKPOINT:
		return adj_count_continues(s->u.ckpt.body);
	case S_CONTINUE:
		return 1;
	default:
		return 0;
	}
}

/* Adjoints of variables declared in a for's init live around the
 * reversed loop. */
static void adj_declare_init_adjoints(Adj *c, const Stmt *init, Stmt *out)
{
	if (!init)
		return;
	if (init->kind == S_BLOCK) {
		for (int i = 0; i < init->u.block.n; i++)
			adj_declare_init_adjoints(c, init->u.block.items[i], out);
		return;
	}
	if (init->kind != S_DECL || c->adjv[init->u.decl.var] < 0)
		return;
	int av = c->adjv[init->u.decl.var];
	Stmt *d = stmt_decl(av, expr_num(0, c->bwd->vars[av]->type, init->loc),
			    init->loc);
	stmt_prepend(out, d);
}

/* ------------------------------------------------ counted loops
 *
 * A counted loop is a for loop
 *
 *   for (i = A; i < B; i++)     (also <=, ++i, i += 1, int i = A, and the
 *   for (i = A; i > B; i--)      decreasing forms with >, >=, i -= 1)
 *
 * of a signed integer local i, left only by its condition (no break,
 * continue or return inside: nsites == 0), whose body assigns neither i
 * nor what A and B read, and whose bounds f_bwd can evaluate to the values
 * they had: A and B are signed integer arithmetic (+ - * / %, casts) of
 * literals and of integer variables whose address f never takes that are
 * either kept exact in f_bwd already (needed), or never assigned after
 * their declaration (parameters, and locals declared outside any loop,
 * whose one value f_fwd hands over where it returns).  f_bwd computes its
 * trip count from A and B; f_fwd counts and tapes nothing for it.
 *
 * Its index needs nothing on the tape either when i is a counted index:
 * every mention of i in f (reads and assignments) is in the condition,
 * increment or body of a counted loop with index i, or is that loop's
 * init.  f_bwd then sets i to its exit value (B > A ? B : A for i < B)
 * before the reversed loop, and nothing in f_bwd reads i before that or
 * after the reversed loop has undone the increments, so the old value
 * the init overwrites (pushed before it) and the value where f returns
 * (pushed by adj_turn) are not taped.  Any other mention, or &i, keeps
 * the old code for i.
 *
 * The facts are computed once per round of adj_generate, from the needed
 * set at that time (lb_get): within a round every decision agrees, and in
 * the last round the needed set no longer changes.  --no-counted-loops
 * turns this off (no loop is counted), for comparison. */

typedef struct LbLoop {
	int index;       /* i */
	const Expr *lo;  /* A */
	const Expr *hi;  /* B */
	int down;        /* i-- with > or >=, else i++ with < or <= */
	int incl;        /* <= or >= */
} LbLoop;

typedef struct LoopBounds {
	PtrMap loops;         /* counted for loop -> index in info */
	LbLoop **info;
	int ninfo;
	unsigned char *addr;  /* var whose address f takes */
	unsigned char *inloop; /* local declared inside a loop */
	unsigned char *index; /* counted index (see above) */
	int *inside;          /* var -> counted loops with that index around */
} LoopBounds;

static int lb_signed(const Type *t)
{
	static const char *const ok[] = { "int", "long", "long long", "short",
					  "signed char" };
	if (t->kind != TY_INT || !t->name)
		return 0;
	for (size_t k = 0; k < sizeof ok / sizeof ok[0]; k++)
		if (!strcmp(t->name, ok[k]))
			return 1;
	return 0;
}

/* An index type: int or wider. */
static int lb_wide(const Type *t)
{
	return lb_signed(t) && (!strcmp(t->name, "int") ||
				!strcmp(t->name, "long") ||
				!strcmp(t->name, "long long"));
}

static void lb_addr_visit(void *ctx, const Expr *e)
{
	unsigned char *addr = ctx;
	if (e->kind != E_ADDR)
		return;
	const Expr *r = e->u.e;
	while (r->kind == E_INDEX || r->kind == E_MEMBER)
		r = r->kind == E_INDEX ? r->u.index.base : r->u.mem.base;
	if (r->kind == E_VAR)
		addr[r->u.var] = 1;
}

/* Marks the locals declared inside a loop. */
static void lb_mark_inloop(const Stmt *s, int loops, unsigned char *inloop)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			lb_mark_inloop(s->u.block.items[i], loops, inloop);
		break;
	case S_DECL:
		if (loops)
			inloop[s->u.decl.var] = 1;
		break;
	case S_IF:
		lb_mark_inloop(s->u.ifs.then, loops, inloop);
		lb_mark_inloop(s->u.ifs.els, loops, inloop);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		/* a for's init runs once per run of the loop */
		lb_mark_inloop(s->u.loop.init, loops, inloop);
		lb_mark_inloop(s->u.loop.body, loops + 1, inloop);
		break;
	case S_CHECKPOINT:
		lb_mark_inloop(s->u.ckpt.body, loops, inloop);
		break;
	default:
		break;
	}
}

/* Can f_bwd evaluate bound e of loop (index i) before the reversed loop,
 * with the value it had in f? */
static int lb_bound_ok(Adj *c, LoopBounds *lb, const Expr *e,
		       const Stmt *loop, int i)
{
	if (!lb_signed(e->type))
		return 0;
	switch (e->kind) {
	case E_NUM:
		return e->u.num.is_int;
	case E_VAR: {
		int w = e->u.var;
		const Var *x = c->f->vars[w];
		if (w == i || x->is_static || lb->addr[w] ||
		    adj_first_assign(loop->u.loop.body, w))
			return 0;
		if (c->v->needed[w])
			return 1;
		return !adj_reassigned(c->v, w) &&
		       (x->kind == VAR_PARAM || !lb->inloop[w]);
	}
	case E_UNARY:
		return (e->u.un.op == U_NEG || e->u.un.op == U_PLUS) &&
		       lb_bound_ok(c, lb, e->u.un.e, loop, i);
	case E_BINARY:
		switch (e->u.bin.op) {
		case B_ADD: case B_SUB: case B_MUL: case B_DIV: case B_MOD:
			return lb_bound_ok(c, lb, e->u.bin.l, loop, i) &&
			       lb_bound_ok(c, lb, e->u.bin.r, loop, i);
		default:
			return 0;
		}
	case E_CAST:
		return lb_bound_ok(c, lb, e->u.e, loop, i);
	default:
		return 0;
	}
}

/* Is s (a for loop) counted?  Fills *out. */
static int lb_counted(Adj *c, LoopBounds *lb, const Stmt *s, LbLoop *out)
{
	const Stmt *init = s->u.loop.init, *inc = s->u.loop.inc;
	const Expr *cond = s->u.loop.cond;
	if (s->kind != S_FOR || !init || !cond || !inc ||
	    adj_site(c, s)->nsites)
		return 0;
	int i;
	const Expr *lo;
	if (init->kind == S_ASSIGN && init->u.assign.op == A_SET &&
	    init->u.assign.lhs->kind == E_VAR) {
		i = init->u.assign.lhs->u.var;
		lo = init->u.assign.rhs;
	} else if (init->kind == S_DECL && init->u.decl.init &&
		   !init->u.decl.ninits) {
		i = init->u.decl.var;
		lo = init->u.decl.init;
	} else {
		return 0;
	}
	const Var *x = c->f->vars[i];
	if (x->kind != VAR_LOCAL || x->is_static || !lb_wide(x->type) ||
	    lb->addr[i])
		return 0;
	/* a literal A keeps its value in i */
	if (lo->kind == E_NUM && strcmp(lo->type->name, "int") &&
	    strcmp(lo->type->name, x->type->name))
		return 0;
	/* i++, ++i, i += 1; i--, i -= 1 */
	if (inc->kind != S_ASSIGN || inc->u.assign.lhs->kind != E_VAR ||
	    inc->u.assign.lhs->u.var != i)
		return 0;
	AssignOp op = inc->u.assign.op;
	const Expr *step = inc->u.assign.rhs;
	int one = step && step->kind == E_NUM && step->u.num.is_int &&
		  step->u.num.ival == 1;
	if (op == A_INC || (op == A_ADD && one))
		out->down = 0;
	else if (op == A_DEC || (op == A_SUB && one))
		out->down = 1;
	else
		return 0;
	/* i < B, or B > i */
	if (cond->kind != E_BINARY)
		return 0;
	BinOp cop = cond->u.bin.op;
	const Expr *hi;
	if (cond->u.bin.l->kind == E_VAR && cond->u.bin.l->u.var == i) {
		hi = cond->u.bin.r;
	} else if (cond->u.bin.r->kind == E_VAR && cond->u.bin.r->u.var == i) {
		hi = cond->u.bin.l;
		cop = cop == B_LT ? B_GT : cop == B_GT ? B_LT
		    : cop == B_LE ? B_GE : cop == B_GE ? B_LE : cop;
	} else {
		return 0;
	}
	if (out->down ? cop != B_GT && cop != B_GE : cop != B_LT && cop != B_LE)
		return 0;
	out->incl = cop == B_LE || cop == B_GE;
	if (adj_first_assign(s->u.loop.body, i) ||
	    !lb_bound_ok(c, lb, lo, s, i) || !lb_bound_ok(c, lb, hi, s, i))
		return 0;
	out->index = i;
	out->lo = lo;
	out->hi = hi;
	return 1;
}

/* Registers the counted loops of s. */
static void lb_find(Adj *c, LoopBounds *lb, const Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			lb_find(c, lb, s->u.block.items[i]);
		break;
	case S_IF:
		lb_find(c, lb, s->u.ifs.then);
		lb_find(c, lb, s->u.ifs.els);
		break;
	case S_FOR: case S_WHILE: case S_DO: {
		LbLoop l;
		if (adj_counted && lb_counted(c, lb, s, &l)) {
			LbLoop *p = ARENA_NEW(LbLoop);
			*p = l;
			ARENA_PUSH(lb->info, lb->ninfo, p);
			pm_put(&lb->loops, s, lb->ninfo - 1);
		}
		lb_find(c, lb, s->u.loop.body);
		break;
	}
	case S_CHECKPOINT:
		/* a binomial loop (or a budget's counted one) is
		 * adj_binomial's, not adj_loop's: only the loops in its
		 * body */
		if (adj_binomial_loop(c, s))
			lb_find(c, lb, s->u.ckpt.body->u.loop.body);
		else
			lb_find(c, lb, s->u.ckpt.body);
		break;
	default:
		break;
	}
}

static LbLoop *lb_loop(LoopBounds *lb, const Stmt *s)
{
	int k = pm_get(&lb->loops, s);
	return k >= 0 ? lb->info[k] : NULL;
}

/* A mention of a var outside the counted loops of its own: not a
 * counted index. */
static void lb_mention_visit(void *ctx, const Expr *e)
{
	LoopBounds *lb = ctx;
	if (e->kind == E_VAR && !lb->inside[e->u.var])
		lb->index[e->u.var] = 0;
}

static void lb_mentions(LoopBounds *lb, const Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			lb_mentions(lb, s->u.block.items[i]);
		break;
	case S_DECL:
		if ((s->u.decl.init || s->u.decl.ninits) &&
		    !lb->inside[s->u.decl.var])
			lb->index[s->u.decl.var] = 0;
		ir_walk_stmt(s, lb_mention_visit, lb);
		break;
	case S_IF:
		ir_walk_expr(s->u.ifs.cond, lb_mention_visit, lb);
		lb_mentions(lb, s->u.ifs.then);
		lb_mentions(lb, s->u.ifs.els);
		break;
	case S_FOR: case S_WHILE: case S_DO: {
		LbLoop *l = lb_loop(lb, s);
		if (!l) {
			lb_mentions(lb, s->u.loop.init);
			ir_walk_expr(s->u.loop.cond, lb_mention_visit, lb);
			lb_mentions(lb, s->u.loop.inc);
			lb_mentions(lb, s->u.loop.body);
			break;
		}
		/* the init: i = A, A read outside the loop */
		ir_walk_expr(l->lo, lb_mention_visit, lb);
		lb->inside[l->index]++;
		ir_walk_expr(s->u.loop.cond, lb_mention_visit, lb);
		lb_mentions(lb, s->u.loop.inc);
		lb_mentions(lb, s->u.loop.body);
		lb->inside[l->index]--;
		break;
	}
	case S_CHECKPOINT:
		for (int i = 0; i < s->u.ckpt.nsaves; i++) {
			ir_walk_expr(s->u.ckpt.saves[i]->lo, lb_mention_visit, lb);
			ir_walk_expr(s->u.ckpt.saves[i]->len, lb_mention_visit, lb);
		}
		lb_mentions(lb, s->u.ckpt.body);
		break;
	default:
		ir_walk_stmt(s, lb_mention_visit, lb);
		break;
	}
}

/* The counted loops and indices of this round (see above). */
static LoopBounds *lb_get(Adj *c)
{
	if (c->lb)
		return c->lb;
	const Func *f = c->f;
	size_t n = (size_t)f->nvars + 1;
	LoopBounds *lb = ARENA_NEW(LoopBounds);
	lb->addr = arena_alloc(n);
	lb->inloop = arena_alloc(n);
	lb->index = arena_alloc(n);
	lb->inside = arena_alloc(sizeof(int) * n);
	ir_walk_stmt(f->body, lb_addr_visit, lb->addr);
	lb_mark_inloop(f->body, 0, lb->inloop);
	lb_find(c, lb, f->body);
	for (int k = 0; k < lb->ninfo; k++)
		lb->index[lb->info[k]->index] = 1;
	lb_mentions(lb, f->body);
	c->lb = lb;
	return lb;
}

/* Does f take the address of var v (of an element or member of it)? */
static int lb_addr_taken(Adj *c, int v)
{
	return lb_get(c)->addr[v];
}

/* Is v a counted index: f_bwd sets it itself, nothing tapes it? */
int lb_index(Adj *c, int v)
{
	return lb_get(c)->index[v];
}

/* (long)e, unless e is a long already or a literal. */
static Expr *lb_long(Expr *e)
{
	if (e->kind == E_NUM || (e->type->kind == TY_INT && e->type->name &&
				 !strcmp(e->type->name, "long")))
		return e;
	return expr_cast(adj_long(), e, e->loc);
}

/* l - r in long, r == 0 left out. */
static Expr *lb_sub(Expr *l, Expr *r, Loc loc)
{
	if (r->kind == E_NUM && r->u.num.ival == 0)
		return lb_long(l);
	return expr_binary(B_SUB, lb_long(l), lb_long(r), adj_long(), loc);
}

/* The trip count of counted loop l as an expression of f_bwd, and in
 * *exit the index's value after the loop:
 *   i < B:   B > A ? B - A : 0          exit B > A ? B : A
 *   i <= B:  B >= A ? B - A + 1 : 0     exit B >= A ? B + 1 : A
 *   i > B:   A > B ? A - B : 0          exit A > B ? B : A
 *   i >= B:  A >= B ? A - B + 1 : 0     exit A >= B ? B - 1 : A
 * where A is the init's value converted to i's type, and the count is
 * computed in long; literal bounds give literals. */
static Expr *lb_trip_in(Adj *c, const LbLoop *l, Expr **exit, Loc loc,
			int fwd);

static Expr *lb_trip(Adj *c, const LbLoop *l, Expr **exit, Loc loc)
{
	return lb_trip_in(c, l, exit, loc, 0);
}

/* lb_trip, as an expression of f_fwd (fwd set) or of f_bwd. */
static Expr *lb_trip_in(Adj *c, const LbLoop *l, Expr **exit, Loc loc, int fwd)
{
	Type *it = type_with_const(c->f->vars[l->index]->type, 0);
	const Expr *lo = l->lo, *hi = l->hi;
	if (lo->kind == E_NUM && hi->kind == E_NUM) {
		long long a = lo->u.num.ival, b = hi->u.num.ival;
		long long d = l->down ? a - b : b - a;
		long long n = d + l->incl > 0 ? d + l->incl : 0;
		long long e = !n ? a : l->down ? b - l->incl : b + l->incl;
		*exit = expr_int(e, loc);
		return expr_int(n, loc);
	}
	/* A and B each as often as used: pure integer arithmetic */
	int lo_fits = lo->kind == E_NUM || !strcmp(lo->type->name, it->name);
#define LB_V(x) (fwd ? expr_clone(x) : adj_bw_value(c, (x)))
#define LB_A() (lo_fits ? LB_V(lo) : expr_cast(it, LB_V(lo), loc))
#define LB_B() LB_V(hi)
	BinOp cmp = l->incl ? B_GE : B_GT;
	Expr *runs = l->down ? expr_binary(cmp, LB_A(), LB_B(), NULL, loc)
			     : expr_binary(cmp, LB_B(), LB_A(), NULL, loc);
	Expr *d = l->down ? lb_sub(LB_A(), LB_B(), loc) : lb_sub(LB_B(), LB_A(), loc);
	if (l->incl)
		d = expr_binary(B_ADD, d, expr_int(1, loc), adj_long(), loc);
	Expr *last = LB_B();
	if (l->incl && hi->kind == E_NUM)
		last = expr_int(hi->u.num.ival + (l->down ? -1 : 1), loc);
	else if (l->incl)
		last = expr_binary(l->down ? B_SUB : B_ADD, last, expr_int(1, loc),
				   NULL, loc);
	*exit = expr_cond(expr_clone(runs), last, LB_A(), loc);
#undef LB_V
#undef LB_A
#undef LB_B
	return expr_cond(runs, d, expr_int(0, loc), loc);
}

/* ---------------------------------------- indices and pointers set again
 *
 * An integer or pointer local v whose one store is v = e, an item of a
 * block B (an assignment or a declaration), and whose every read lies in
 * the items of B after it, needs nothing on the tape: f_bwd sets v = e
 * again at the start of B's reverse, before the reverses of the items
 * that read v, and nothing else in f_bwd reads v.  e must be something
 * f_bwd evaluates to the value it had: for an integer, integer arithmetic
 * of integers and of stable data; for a pointer, the address of an element
 * of the array v points into (&a[k], a + k), k such an integer; and the
 * items of B after the store assign nothing e reads, so that at the start
 * of B's reverse, where f_bwd's integers hold their values at the end of
 * B, e is what it was.  hand's T = &transform_data[16 * b] in its loop
 * over bones was taped once per vertex and bone, ba's camIdx = obs[2 * i]
 * once per observation.  Not for a variable whose address f takes, a
 * counted loop's index (lb_get), or one that a checkpointed body mentions
 * (its recomputation has rules of its own). */

typedef struct Replay {
	PtrMap stores;       /* the store of a replayed var -> the var */
	unsigned char *is;   /* var is replayed */
} Replay;

typedef struct RpCount {
	int var;
	int n;
} RpCount;

static void rp_count_visit(void *ctx, const Expr *e)
{
	RpCount *k = ctx;
	if (e->kind == E_VAR && e->u.var == k->var)
		k->n++;
}

static int rp_mentions(const Stmt *s, int v)
{
	RpCount k = { v, 0 };
	ir_walk_stmt(s, rp_count_visit, &k);
	return k.n;
}

/* The store of v in s, and the block and item holding it: sets *store,
 * *blk, *item for a store that is an item of a block; counts every store
 * of v into *n. */
static void rp_find(const Stmt *s, const Stmt *parent, int item, int v,
		    const Stmt **store, const Stmt **blk, int *at, int *n)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			rp_find(s->u.block.items[i], s, i, v, store, blk, at, n);
		return;
	case S_DECL:
		if (s->u.decl.var != v || (!s->u.decl.init && !s->u.decl.ninits))
			return;
		break;
	case S_ASSIGN:
		if (s->u.assign.lhs->kind != E_VAR || s->u.assign.lhs->u.var != v)
			return;
		break;
	case S_IF:
		rp_find(s->u.ifs.then, NULL, 0, v, store, blk, at, n);
		rp_find(s->u.ifs.els, NULL, 0, v, store, blk, at, n);
		return;
	case S_FOR: case S_WHILE: case S_DO:
		rp_find(s->u.loop.init, NULL, 0, v, store, blk, at, n);
		rp_find(s->u.loop.inc, NULL, 0, v, store, blk, at, n);
		rp_find(s->u.loop.body, NULL, 0, v, store, blk, at, n);
		return;
	case S_CHECKPOINT:
		rp_find(s->u.ckpt.body, NULL, 0, v, store, blk, at, n);
		return;
	default:
		return;
	}
	(*n)++;
	*store = s;
	*blk = parent;
	*at = item;
}

/* Does a checkpointed body in s mention v? */
static int rp_in_region(const Stmt *s, int v)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (rp_in_region(s->u.block.items[i], v))
				return 1;
		return 0;
	case S_IF:
		return rp_in_region(s->u.ifs.then, v) ||
		       rp_in_region(s->u.ifs.els, v);
	case S_FOR: case S_WHILE: case S_DO:
		return rp_in_region(s->u.loop.body, v);
	case S_CHECKPOINT:
		for (int i = 0; i < s->u.ckpt.nsaves; i++)
			if (s->u.ckpt.saves[i]->var == v)
				return 1;
		return stmt_mentions(s, v);
	default:
		return 0;
	}
}

/* Can f_bwd write e, a pointer into the array of base var b, as an offset
 * from b (rp_offset)? */
static int rp_offset_ok(Adj *c, const Expr *e, int b)
{
	switch (e->kind) {
	case E_VAR:
		return e->u.var == b;
	case E_ADDR:
		return e->u.e->kind == E_INDEX &&
		       rp_offset_ok(c, e->u.e->u.index.base, b) &&
		       !type_is_float(e->u.e->u.index.idx->type) &&
		       adj_bw_ok(c, e->u.e->u.index.idx);
	case E_BINARY:
		return (e->u.bin.op == B_ADD || e->u.bin.op == B_SUB) &&
		       type_is_pointerish(e->u.bin.l->type) &&
		       rp_offset_ok(c, e->u.bin.l, b) &&
		       !type_is_float(e->u.bin.r->type) &&
		       adj_bw_ok(c, e->u.bin.r);
	default:
		return 0;
	}
}

/* base + (long)k, base + k's offset being base, or just (long)k */
static Expr *rp_add(BinOp op, Expr *base, Expr *k, Loc loc)
{
	k = expr_cast(adj_long(), k, loc);
	if (base->kind == E_NUM && base->u.num.ival == 0)
		return op == B_ADD ? k : expr_unary(U_NEG, k, loc);
	return expr_binary(op, base, k, adj_long(), loc);
}

/* e's offset from b in f_bwd (rp_offset_ok said it can). */
static Expr *rp_offset(Adj *c, const Expr *e, int b)
{
	switch (e->kind) {
	case E_VAR:
		return expr_int(0, e->loc);
	case E_ADDR:
		return rp_add(B_ADD, rp_offset(c, e->u.e->u.index.base, b),
			      adj_bw_value(c, e->u.e->u.index.idx), e->loc);
	default:
		return rp_add(e->u.bin.op, rp_offset(c, e->u.bin.l, b),
			      adj_bw_value(c, e->u.bin.r), e->loc);
	}
}

/* Does e read a floating local whose value depends on where f_bwd reads
 * it (a rematerialized or loop-copied value, which f_bwd has at the
 * reverse of the statement that uses it, not at the start of a block
 * that an int replayed from e begins)?  Parameters f_bwd takes and
 * locals with a constant initializer that nothing assigns again hold the
 * same value everywhere. */
struct rp_float_ctx {
	Adj *c;
	int found;
};

static void rp_float_visit(void *ctx, const Expr *e)
{
	struct rp_float_ctx *x = ctx;
	if (e->kind == E_VAR && type_is_float(e->type) &&
	    !adj_stable_scalar(x->c, e->u.var) && !x->c->cinit[e->u.var])
		x->found = 1;
}

static int rp_reads_moving_float(Adj *c, const Expr *e)
{
	struct rp_float_ctx x = { c, 0 };
	ir_walk_expr(e, rp_float_visit, &x);
	return x.found;
}

static Replay *rp_get(Adj *c)
{
	if (c->rp)
		return c->rp;
	const Func *f = c->f;
	Replay *rp = ARENA_NEW(Replay);
	rp->is = arena_alloc((size_t)f->nvars + 1);
	c->rp = rp;
	if (!adj_tbr || !adj_counted)
		return rp;
	for (int v = 0; v < f->nvars; v++) {
		const Var *x = f->vars[v];
		if (x->kind != VAR_LOCAL || x->is_static || x->dropped ||
		    (x->type->kind != TY_INT && x->type->kind != TY_PTR) ||
		    lb_addr_taken(c, v) || lb_index(c, v) || c->v->heap[v] ||
		    c->v->heap_int[v])
			continue;
		const Stmt *store = NULL, *blk = NULL;
		int at = 0, n = 0;
		rp_find(f->body, NULL, 0, v, &store, &blk, &at, &n);
		if (n != 1 || !blk || rp_in_region(f->body, v))
			continue;
		const Expr *e = store->kind == S_DECL ? store->u.decl.init
						       : store->u.assign.rhs;
		if (!e || (store->kind == S_ASSIGN && store->u.assign.op != A_SET) ||
		    expr_mentions(e, v))
			continue;
		if (x->type->kind == TY_INT
			    ? type_is_float(e->type) || !adj_bw_ok(c, e) ||
				      rp_reads_moving_float(c, e)
			    : c->v->base[v] < 0 || c->v->base[v] == v ||
				      !rp_offset_ok(c, e, c->v->base[v]))
			continue;
		/* every mention but the store is in the items after it */
		int after = 0;
		for (int i = at + 1; i < blk->u.block.n; i++)
			after += rp_mentions(blk->u.block.items[i], v);
		if (rp_mentions(f->body, v) - (store->kind == S_ASSIGN) != after)
			continue;
		/* and nothing after it changes what e reads */
		int changed = 0;
		for (int i = at + 1; i < blk->u.block.n && !changed; i++)
			changed = lc_assigns_any(blk->u.block.items[i], e);
		if (changed)
			continue;
		rp->is[v] = 1;
		pm_put(&rp->stores, store, v);
	}
	return rp;
}

int rp_replayed(Adj *c, int v)
{
	return rp_get(c)->is[v];
}

/* At the start of a block's reverse: the replayed variable item it of the
 * block stores, set again (or NULL). */
static Stmt *rp_item(Adj *c, const Stmt *it)
{
	Replay *rp = rp_get(c);
	int v = pm_get(&rp->stores, it);
	if (v < 0 || !c->v->needed[v])
		return NULL;
	const Expr *e = it->kind == S_DECL ? it->u.decl.init : it->u.assign.rhs;
	Expr *val = c->f->vars[v]->type->kind == TY_INT
			    ? adj_bw_value(c, e)
			    : rp_offset(c, e, c->v->base[v]);
	return stmt_assign(A_SET, expr_var(c->bwd, adj_bvar(c, v, it->loc), it->loc),
			   val, it->loc);
}

/* ------------------------------------------- loop copies (taped once)
 *
 * A loop that reads floating elements a[k] of an array or pointer a and
 * never writes a's data (nor moves a) sees the same values in every
 * iteration: the ones a holds when the loop ends.  Instead of taping each
 * read that the reverse sweep needs (a stencil's un[i-1], un[i], un[i+1],
 * once per statement; a layer's h[j], once per output), f_fwd tapes the
 * elements the loop reads in one block after the loop, and f_bwd pops
 * them into a local array before reversing the loop, and reads them from
 * there:
 *
 *   f_fwd:  for (...) { ... un[i] ... }  push count;  ck_push_nd(t, &un[lo], len);
 *   f_bwd:  double un[len];  ck_pop_nd(t, un, len);  for (...) { ... un[i - lo] ... }
 *
 * (batch.c then reads them on the tape instead, without the copy, where
 * nothing in the reversed loop can push: ck_release_d.)
 *
 * A read qualifies when its index is an affine expression of integer
 * constants and of the variables of counted loops around it
 * (for (i = A; i < B; i++) with constant A < B and a body that does
 * not assign i), so that [lo, lo + len) is known when ckc runs.  The
 * range is made of reads that run in every iteration (not under an if,
 * in counted loops or do loops only, in a loop without break, continue
 * or return): f_fwd reads only elements the loop read, so the block is
 * valid memory (everything between two elements of one array is too).
 * In a one-dimensional local array every element is valid memory, so
 * there a read counts also where it may not run (the rotation G that a
 * loop over vertices of unknown count reads in an inner loop).
 * Other reads of a inside that range use the copy as well.  The block is
 * at most LC_MAX elements and at most twice the number of such reads the
 * loop makes, so that it never costs more than the reads it replaces
 * would; the outermost loop that qualifies tapes it, once.
 * Nothing changes when no read ends up needed (the block is only written
 * then), and the values are the same numbers, so derivatives are bitwise
 * what per-read taping gives.
 *
 * "Never writes" is decided conservatively: a store whose target has a's
 * alias node, or any call that receives a pointer (or a struct) with that
 * node, or a checkpoint region anywhere in the loop, disqualifies a. */

/* A copy of at most LC_SMALL elements is taped element by element (into
 * the block batch.c makes of consecutive pushes), not by ck_push_nd, which
 * takes the array's address: C compilers then keep a small local array
 * the loop accumulates into (p[i] += ...) in registers. */
enum { LC_MAX = 8192, LC_SMALL = 8 };

/* Makes room for one more item in the arena array (a, n, cap). */
#define LC_GROW(a, n, cap)                                                    \
	do {                                                                  \
		if ((n) == (cap)) {                                           \
			int nc_ = (cap) ? 2 * (cap) : 8;                      \
			void *na_ = arena_alloc(sizeof(*(a)) * (size_t)nc_);  \
			if (n)                                                \
				memcpy(na_, (a), sizeof(*(a)) * (size_t)(n)); \
			(a) = na_;                                            \
			(cap) = nc_;                                          \
		}                                                             \
	} while (0)

typedef struct IdxRange {
	int var;       /* an integer loop variable ... */
	long lo, hi;   /* ... takes values in [lo, hi] in the loop's body */
	const Expr *shi; /* or in [lo, shi): shi known only at run time */
} IdxRange;

typedef struct LoopCopy {
	int var;       /* f var: the array or pointer read */
	long lo, len;  /* elements [lo, lo + len) of var */
	int bcopy;     /* bwd local array, -1 until a read needs it */
	Type *elem;
	/* elements [lo, shi + offmax) when guard holds, none else: a copy
	 * whose length is known only at run time, kept in a scratch buffer
	 * in f_bwd (bcopy a pointer) */
	const Expr *shi, *guard;
	long offmax;
	int scalar; /* var is a floating scalar, taped as one value */
	/* the values the block around the loop has taped (or NULL), and
	 * the entry of a scalar's value taped already by a statement before
	 * the loop (lc_shared) */
	struct Shared *shared;
	struct ShareCache *sblk;
	Stmt *spush; /* the scalar's push after the loop */
} LoopCopy;

/* Does s assign integer variable v, or take its address? */
typedef struct LcAddr {
	int var, found;
} LcAddr;

static void lc_addr_visit(void *ctx, const Expr *e)
{
	LcAddr *a = ctx;
	if (e->kind == E_ADDR && activity_root(e->u.e) == a->var)
		a->found = 1;
}

static int lc_assigns(const Stmt *s, int v)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (lc_assigns(s->u.block.items[i], v))
				return 1;
		return 0;
	case S_DECL:
		return s->u.decl.var == v;
	case S_ASSIGN:
		if (s->u.assign.lhs->kind == E_VAR &&
		    s->u.assign.lhs->u.var == v)
			return 1;
		break;
	case S_IF:
		if (lc_assigns(s->u.ifs.then, v) || lc_assigns(s->u.ifs.els, v))
			return 1;
		break;
	case S_FOR: case S_WHILE: case S_DO:
		if (lc_assigns(s->u.loop.init, v) || lc_assigns(s->u.loop.inc, v) ||
		    lc_assigns(s->u.loop.body, v))
			return 1;
		break;
	case S_CHECKPOINT:
		return lc_assigns(s->u.ckpt.body, v);
	default:
		break;
	}
	LcAddr a = {v, 0};
	ir_walk_stmt(s, lc_addr_visit, &a);
	return a.found;
}

/* Is e a bound f_bwd can evaluate again: integer arithmetic (+ - *,
 * casts) of literals and integer variables? */
static int lc_sym_bound(const Expr *e)
{
	switch (e->kind) {
	case E_NUM:
		return e->u.num.is_int;
	case E_VAR:
		return e->type->kind == TY_INT;
	case E_CAST:
		return e->type->kind == TY_INT && lc_sym_bound(e->u.e);
	case E_UNARY:
		return (e->u.un.op == U_NEG || e->u.un.op == U_PLUS) &&
		       lc_sym_bound(e->u.un.e);
	case E_BINARY:
		return (e->u.bin.op == B_ADD || e->u.bin.op == B_SUB ||
			e->u.bin.op == B_MUL) &&
		       lc_sym_bound(e->u.bin.l) && lc_sym_bound(e->u.bin.r);
	default:
		return 0;
	}
}

typedef struct LcAny {
	const Stmt *s;
	int hit;
} LcAny;

static void lc_any_visit(void *ctx, const Expr *e)
{
	LcAny *k = ctx;
	if (e->kind == E_VAR && lc_assigns(k->s, e->u.var))
		k->hit = 1;
}

/* Does s assign (or take the address of) a variable that e reads? */
static int lc_assigns_any(const Stmt *s, const Expr *e)
{
	LcAny k = { s, 0 };
	ir_walk_expr(e, lc_any_visit, &k);
	return k.hit;
}

/* The single statement of a for's init or inc (a block of one), or s. */
static const Stmt *lc_single(const Stmt *s)
{
	while (s && s->kind == S_BLOCK && s->u.block.n == 1)
		s = s->u.block.items[0];
	return s;
}

/* Is s a counted loop: for (i = A; i < B; i++) (or i <= B, ++i, i += 1,
 * int i = A) with integer constants A, B and a body that leaves i alone?
 * Sets the range of i in the body; *trips to its trip count. */
static int lc_counted(const Stmt *s, IdxRange *r, long *trips)
{
	if (s->kind != S_FOR || !s->u.loop.init || !s->u.loop.cond ||
	    !s->u.loop.inc)
		return 0;
	const Stmt *in = lc_single(s->u.loop.init), *inc = lc_single(s->u.loop.inc);
	int v;
	long a, b;
	if (in->kind == S_DECL && in->u.decl.init) {
		v = in->u.decl.var;
		if (!ir_int_const(in->u.decl.init, &a))
			return 0;
	} else if (in->kind == S_ASSIGN && in->u.assign.op == A_SET &&
		   in->u.assign.lhs->kind == E_VAR) {
		v = in->u.assign.lhs->u.var;
		if (!ir_int_const(in->u.assign.rhs, &a))
			return 0;
	} else {
		return 0;
	}
	const Expr *c = s->u.loop.cond;
	if (c->kind != E_BINARY || (c->u.bin.op != B_LT && c->u.bin.op != B_LE) ||
	    c->u.bin.l->kind != E_VAR || c->u.bin.l->u.var != v ||
	    c->u.bin.l->type->kind != TY_INT)
		return 0;
	const Expr *shi = NULL;
	if (!ir_int_const(c->u.bin.r, &b)) {
		/* a bound known at run time, the same in every iteration */
		if (!lc_sym_bound(c->u.bin.r) ||
		    lc_assigns_any(s->u.loop.body, c->u.bin.r))
			return 0;
		shi = c->u.bin.op == B_LE
			      ? expr_binary(B_ADD, expr_clone(c->u.bin.r),
					    expr_int(1, c->loc), NULL, c->loc)
			      : c->u.bin.r;
		b = a + 1;
	} else if (c->u.bin.op == B_LE) {
		b++;
	}
	long one;
	if (inc->kind != S_ASSIGN || inc->u.assign.lhs->kind != E_VAR ||
	    inc->u.assign.lhs->u.var != v ||
	    !(inc->u.assign.op == A_INC ||
	      (inc->u.assign.op == A_ADD &&
	       ir_int_const(inc->u.assign.rhs, &one) && one == 1)))
		return 0;
	if (lc_assigns(s->u.loop.body, v) || b <= a)
		return 0;
	r->var = v;
	r->lo = a;
	r->hi = b - 1;
	r->shi = shi;
	*trips = shi ? -1 : b - a;
	return 1;
}

/* The values integer index e takes, given the loop ranges rs[0..n). */
static int lc_interval(const Expr *e, const IdxRange *rs, int n, long *lo,
		       long *hi)
{
	long a, b, c, d;
	switch (e->kind) {
	case E_NUM:
		if (!ir_int_const(e, lo))
			return 0;
		*hi = *lo;
		return 1;
	case E_VAR:
		for (int i = n - 1; i >= 0; i--)
			if (rs[i].var == e->u.var) {
				if (rs[i].shi)
					return 0;
				*lo = rs[i].lo;
				*hi = rs[i].hi;
				return 1;
			}
		return 0;
	case E_CAST:
		return e->type->kind == TY_INT && lc_interval(e->u.e, rs, n, lo, hi);
	case E_UNARY:
		if (e->u.un.op == U_PLUS)
			return lc_interval(e->u.un.e, rs, n, lo, hi);
		if (e->u.un.op != U_NEG || !lc_interval(e->u.un.e, rs, n, &a, &b))
			return 0;
		*lo = -b;
		*hi = -a;
		return 1;
	case E_BINARY:
		if (e->u.bin.op != B_ADD && e->u.bin.op != B_SUB &&
		    e->u.bin.op != B_MUL)
			return 0;
		if (!lc_interval(e->u.bin.l, rs, n, &a, &b) ||
		    !lc_interval(e->u.bin.r, rs, n, &c, &d))
			return 0;
		if (e->u.bin.op == B_ADD) {
			*lo = a + c;
			*hi = b + d;
		} else if (e->u.bin.op == B_SUB) {
			*lo = a - d;
			*hi = b - c;
		} else {
			/* a constant times a range */
			long k, x, y;
			if (a == b) {
				k = a; x = c; y = d;
			} else if (c == d) {
				k = c; x = a; y = b;
			} else {
				return 0;
			}
			if (k > (1L << 20) || k < -(1L << 20))
				return 0;
			*lo = k >= 0 ? k * x : k * y;
			*hi = k >= 0 ? k * y : k * x;
		}
		return *lo > -(1L << 40) && *hi < (1L << 40);
	default:
		return 0;
	}
}

/* Does read e (base[idx], base a variable) qualify: the variable, and the
 * range of its index under rs? */
static int lc_read_range(const Expr *e, const IdxRange *rs, int n, int *var,
			 long *lo, long *hi)
{
	if (e->kind != E_INDEX || e->u.index.base->kind != E_VAR ||
	    !type_is_float(e->type))
		return 0;
	*var = e->u.index.base->u.var;
	return lc_interval(e->u.index.idx, rs, n, lo, hi);
}

/* Is read e base[j + c] (also c + j, j - c, j) with j the variable of a
 * range known at run time, rs[*at]?  Sets the variable, c and *at. */
static int lc_sym_read(const Expr *e, const IdxRange *rs, int n, int *var,
		       long *off, int *at)
{
	if (e->kind != E_INDEX || e->u.index.base->kind != E_VAR ||
	    !type_is_float(e->type))
		return 0;
	const Expr *idx = e->u.index.idx;
	for (int i = n - 1; i >= 0; i--) {
		if (!rs[i].shi)
			continue;
		if (index_offset(rs[i].var, idx, off)) {
			*var = e->u.index.base->u.var;
			*at = i;
			return 1;
		}
	}
	return 0;
}

/* The scan of a loop for the arrays it may tape once. */
typedef struct LcScan {
	Adj *c;
	IdxRange *rs;
	int nrs, caprs;
	long mult;            /* executions of the statement per loop run */
	unsigned char *bad;   /* f var: moved or declared in the loop */
	unsigned char *wnode; /* alias node: written in the loop */
	long *lo, *hi, *reads; /* f var: the range its reads cover, their count */
	int certain;          /* the statement runs in every iteration */
	int all_bad;
	int nsym;             /* ranges known at run time on rs */
	int first;            /* rs index of the scanned loop's first range */
	int shared;           /* a store to memory other than a local array */
	/* f var: its reads in ranges known at run time: the range's end, the
	 * first element, the largest offset, the condition that the loops
	 * around them ran, their count, and whether they disagree (or mix
	 * with other reads) */
	const Expr **sshi, **sguard;
	long *slo, *soff, *sreads;
	unsigned char *smix;
} LcScan;

static void lc_scan_expr(LcScan *w, const Expr *e);

/* A read of v[j + off] in the range known at run time rs[at], in every
 * iteration of the loops around it.  It counts when that range's loop is
 * inside the scanned one (so the copy serves its every iteration) and
 * the loops around the read all ran: guard, their trip counts above 0. */
static void lc_scan_sym(LcScan *w, int v, long off, int at)
{
	const IdxRange *r = &w->rs[at];
	if (at < w->first) {
		w->smix[v] = 1;
		return;
	}
	Expr *guard = NULL;
	for (int i = 0; i < w->nrs; i++) {
		if (!w->rs[i].shi)
			continue;
		Loc loc = w->rs[i].shi->loc;
		Expr *ran = expr_binary(B_GT, expr_clone(w->rs[i].shi),
					expr_int(w->rs[i].lo, loc), NULL, loc);
		guard = guard ? expr_binary(B_LAND, guard, ran, NULL, loc) : ran;
	}
	if (w->sreads[v] && (!expr_equal(w->sshi[v], r->shi) ||
			     !expr_equal(w->sguard[v], guard))) {
		w->smix[v] = 1;
		return;
	}
	if (!w->sreads[v] || r->lo + off < w->slo[v])
		w->slo[v] = r->lo + off;
	if (!w->sreads[v] || off > w->soff[v])
		w->soff[v] = off;
	w->sshi[v] = r->shi;
	w->sguard[v] = guard;
	w->sreads[v]++;
}

static void lc_scan_args(LcScan *w, const Expr *e)
{
	/* a call other than math may store anywhere it can reach */
	if (e->u.call.fn >= 0 || !rules_find(e->u.call.name))
		w->shared = 1;
	for (int i = 0; i < e->u.call.nargs; i++) {
		const Expr *a = e->u.call.args[i];
		TypeKind k = a->type->kind;
		if (k == TY_PTR || k == TY_ARRAY || k == TY_STRUCT) {
			int r = activity_root(a);
			if (r < 0)
				w->all_bad = 1;
			else
				w->wnode[w->c->a->node[r]] = 1;
		}
	}
}

/* Are elements lo..hi of v elements of a one-dimensional local array? */
static int lc_in_local(const Func *f, int v, long lo, long hi)
{
	const Var *x = f->vars[v];
	return x->kind == VAR_LOCAL && x->type->kind == TY_ARRAY &&
	       x->type->base->kind != TY_ARRAY && lo >= 0 && hi < x->type->len;
}

static void lc_scan_expr(LcScan *w, const Expr *e)
{
	if (!e)
		return;
	switch (e->kind) {
	case E_UNARY:
		lc_scan_expr(w, e->u.un.e);
		break;
	case E_BINARY: {
		lc_scan_expr(w, e->u.bin.l);
		/* the right operand of && and || may not run */
		int certain = w->certain;
		if (e->u.bin.op == B_LAND || e->u.bin.op == B_LOR)
			w->certain = 0;
		lc_scan_expr(w, e->u.bin.r);
		w->certain = certain;
		break;
	}
	case E_COND: {
		lc_scan_expr(w, e->u.cond.c);
		/* nor an arm of ?: (u[i - 1] under i > 0) */
		int certain = w->certain;
		w->certain = 0;
		lc_scan_expr(w, e->u.cond.a);
		lc_scan_expr(w, e->u.cond.b);
		w->certain = certain;
		break;
	}
	case E_CALL:
		lc_scan_args(w, e);
		for (int i = 0; i < e->u.call.nargs; i++)
			lc_scan_expr(w, e->u.call.args[i]);
		break;
	case E_INDEX: {
		int v, at;
		long lo, hi, off;
		/* a read that may not run counts for a local array: f_fwd may
		 * read any of its elements */
		if (lc_read_range(e, w->rs, w->nrs, &v, &lo, &hi) &&
		    ((w->certain && !w->nsym) || lc_in_local(w->c->f, v, lo, hi))) {
			if (!w->reads[v] || lo < w->lo[v])
				w->lo[v] = lo;
			if (!w->reads[v] || hi > w->hi[v])
				w->hi[v] = hi;
			w->reads[v] += w->mult;
		} else if (lc_sym_read(e, w->rs, w->nrs, &v, &off, &at) &&
			   w->certain) {
			lc_scan_sym(w, v, off, at);
		}
		lc_scan_expr(w, e->u.index.base);
		lc_scan_expr(w, e->u.index.idx);
		break;
	}
	case E_MEMBER:
		lc_scan_expr(w, e->u.mem.base);
		break;
	case E_DEREF: case E_ADDR: case E_CAST:
		lc_scan_expr(w, e->u.e);
		break;
	default:
		break;
	}
}

static void lc_scan_store(LcScan *w, const Expr *lhs)
{
	int r = activity_root(lhs);
	if (r < 0) {
		w->all_bad = 1;
		return;
	}
	if (lhs->kind != E_VAR &&
	    (w->c->f->vars[r]->kind != VAR_LOCAL ||
	     w->c->f->vars[r]->type->kind != TY_ARRAY))
		w->shared = 1;
	if (lhs->kind == E_VAR)
		w->bad[r] = 1;
	if (lhs->kind != E_VAR || !type_is_pointerish(lhs->type))
		w->wnode[w->c->a->node[r]] = 1;
	/* the indices and bases of the target are reads */
	switch (lhs->kind) {
	case E_INDEX:
		lc_scan_expr(w, lhs->u.index.base);
		lc_scan_expr(w, lhs->u.index.idx);
		break;
	case E_MEMBER:
		lc_scan_expr(w, lhs->u.mem.base);
		break;
	case E_DEREF:
		lc_scan_expr(w, lhs->u.e);
		break;
	default:
		break;
	}
}

static void lc_scan_stmt(LcScan *w, const Stmt *s)
{
	if (!s || w->all_bad)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			lc_scan_stmt(w, s->u.block.items[i]);
		break;
	case S_DECL:
		w->bad[s->u.decl.var] = 1;
		w->wnode[w->c->a->node[s->u.decl.var]] = 1;
		lc_scan_expr(w, s->u.decl.init);
		for (int i = 0; i < s->u.decl.ninits; i++)
			lc_scan_expr(w, s->u.decl.inits[i]);
		break;
	case S_ASSIGN:
		lc_scan_store(w, s->u.assign.lhs);
		if (s->u.assign.op != A_SET && s->u.assign.op != A_INC &&
		    s->u.assign.op != A_DEC)
			lc_scan_expr(w, s->u.assign.lhs);
		lc_scan_expr(w, s->u.assign.rhs);
		break;
	case S_EXPR:
		lc_scan_expr(w, s->u.expr);
		break;
	case S_RETURN: case S_BREAK: case S_CONTINUE:
		/* f_fwd would not reach the copy, or reads would be skipped */
		w->all_bad = 1;
		break;
	case S_IF: {
		int certain = w->certain;
		lc_scan_expr(w, s->u.ifs.cond);
		w->certain = 0;
		lc_scan_stmt(w, s->u.ifs.then);
		lc_scan_stmt(w, s->u.ifs.els);
		w->certain = certain;
		break;
	}
	case S_FOR: case S_WHILE: case S_DO: {
		IdxRange r;
		long trips, mult = w->mult;
		int certain = w->certain;
		lc_scan_stmt(w, s->u.loop.init);
		lc_scan_expr(w, s->u.loop.cond);
		int counted = lc_counted(s, &r, &trips);
		/* a counted loop runs at least once, and so does a do; one
		 * with a bound known at run time, where its trip count is
		 * above 0 (nsym) */
		w->certain = certain && (counted || s->kind == S_DO);
		lc_scan_stmt(w, s->u.loop.inc);
		if (counted) {
			LC_GROW(w->rs, w->nrs, w->caprs);
			w->rs[w->nrs++] = r;
			if (r.shi)
				w->nsym++;
			else
				w->mult = mult * trips > (1L << 40) ? (1L << 40)
								    : mult * trips;
		}
		lc_scan_stmt(w, s->u.loop.body);
		if (counted) {
			w->nrs--;
			w->nsym -= r.shi != NULL;
		}
		w->mult = mult;
		w->certain = certain;
		break;
	}
	case S_CHECKPOINT:
		w->all_bad = 1;
		break;
	default:
		break;
	}
}

/* The copy covering read e (base[idx]) in the loops being generated. */
LoopCopy *lc_covering(Adj *c, const Expr *e)
{
	int v, at;
	long lo, hi, off;
	if (!c->nlcopies)
		return NULL;
	if (lc_read_range(e, c->ranges, c->nranges, &v, &lo, &hi)) {
		for (int i = c->nlcopies - 1; i >= 0; i--) {
			LoopCopy *lc = &c->lcopies[i];
			if (lc->var == v)
				return !lc->shi && lo >= lc->lo &&
					       hi < lc->lo + lc->len
					       ? lc
					       : NULL;
		}
		return NULL;
	}
	if (!lc_sym_read(e, c->ranges, c->nranges, &v, &off, &at))
		return NULL;
	const IdxRange *r = &c->ranges[at];
	for (int i = c->nlcopies - 1; i >= 0; i--) {
		LoopCopy *lc = &c->lcopies[i];
		if (lc->var == v)
			return lc->shi && expr_equal(lc->shi, r->shi) &&
				       r->lo + off >= lc->lo && off <= lc->offmax
				       ? lc
				       : NULL;
	}
	return NULL;
}

/* Read e from its copy in f_bwd (declared on the first read). */
Expr *lc_read(Adj *c, LoopCopy *lc, const Expr *e)
{
	Loc loc = e->loc;
	if (lc->bcopy < 0) {
		Type *t = type_new(lc->shi ? TY_PTR : TY_ARRAY);
		t->base = lc->elem;
		t->len = lc->shi ? 0 : lc->len;
		lc->bcopy = adj_local(c, c->bwd, c->f->vars[lc->var]->name, t);
	}
	Expr *idx = adj_bw_value(c, e->u.index.idx);
	if (lc->lo)
		idx = expr_binary(B_SUB, idx, expr_int(lc->lo, loc), idx->type,
				  loc);
	Expr *r = expr_index(expr_var(c->bwd, lc->bcopy, loc), idx, loc);
	r->type = e->type;
	return r;
}

/* Scalars too: a floating local or parameter that loop s reads and does
 * not assign, whose address nobody takes, holds one value in every
 * iteration.  f_fwd tapes it once after the loop (when a read needs it)
 * instead of once per iteration and statement (w[i] = r[i] / t), and
 * f_bwd pops it before the reversed loop. */

typedef struct LcVars {
	unsigned char *read, *set;
} LcVars;

static void lc_vars_visit(void *ctx, const Expr *e)
{
	LcVars *m = ctx;
	int r = e->kind == E_ADDR ? activity_root(e->u.e) : -1;
	if (e->kind == E_VAR)
		m->read[e->u.var] = 1;
	else if (r >= 0)
		m->set[r] = 1;
}

static void lc_vars_sets(void *ctx, const Stmt *s)
{
	LcVars *m = ctx;
	if (s->kind == S_DECL)
		m->set[s->u.decl.var] = 1;
	else if (s->kind == S_ASSIGN && s->u.assign.lhs->kind == E_VAR)
		m->set[s->u.assign.lhs->u.var] = 1;
}

/* The entry of block cache blk (the block's values before the loop)
 * that already tapes scalar v's value, or NULL.  The loop does not assign
 * v, so v after the loop is that value: one push serves both (lc_share). */
static Shared *lc_shared(Adj *c, ShareCache *blk, int v, const Type *t)
{
	if (!blk)
		return NULL;
	ShareCache *keep = c->share;
	c->share = blk;
	Loc loc = c->f->vars[v]->loc;
	Shared *sh = share_find(c, expr_var(c->fwd, v, loc));
	c->share = keep;
	if (sh && sh->e->type->kind != t->kind)
		return NULL;
	return sh;
}

/* The scalars loop s can tape once, pushed on c->lcopies (their count
 * returned).  The caller has checked that every iteration runs to its
 * end and that no checkpoint is inside (lc_scan_stmt).  blk: the values
 * the block around s has taped, or NULL. */
static int lc_scalars(Adj *c, const Stmt *s, ShareCache *blk)
{
	const Func *f = c->f;
	size_t n = (size_t)f->nvars + 1;
	LcVars m = { scratch_alloc(n), scratch_alloc(n) };
	ir_walk_stmt(s, lc_vars_visit, &m);
	ir_visit_stmts(s, lc_vars_sets, &m);
	int added = 0;
	for (int v = 0; v < f->nvars; v++) {
		Type *t = f->vars[v]->type;
		if (!m.read[v] || m.set[v] || !type_is_float(t) ||
		    lb_addr_taken(c, v) || c->cinit[v] ||
		    adj_stable_scalar(c, v) || lc_scalar(c, v))
			continue;
		LoopCopy lc = { 0 };
		lc.var = v;
		lc.bcopy = -1;
		lc.elem = type_with_const(t, 0);
		lc.scalar = 1;
		lc.shared = lc_shared(c, blk, v, t);
		lc.sblk = blk;
		LC_GROW(c->lcopies, c->nlcopies, c->caplcopies);
		c->lcopies[c->nlcopies++] = lc;
		added++;
	}
	free(m.read);
	free(m.set);
	return added;
}

/* The copy of scalar v in the loops being generated, or NULL. */
LoopCopy *lc_scalar(Adj *c, int v)
{
	for (int i = c->nlcopies - 1; i >= 0; i--)
		if (c->lcopies[i].scalar && c->lcopies[i].var == v)
			return &c->lcopies[i];
	return NULL;
}

/* v's value from its copy in f_bwd (declared on the first read). */
Expr *lc_scalar_read(Adj *c, LoopCopy *lc, Loc loc)
{
	if (lc->bcopy < 0)
		lc->bcopy = adj_local(c, c->bwd, c->f->vars[lc->var]->name,
				      lc->elem);
	return expr_var(c->bwd, lc->bcopy, loc);
}

/* Scalar copy lc of a loop that is a statement of a block, popped by
 * decl (T v2 = pop, in out): one entry of the block's values taped once.
 * When an earlier statement of the block taped the same value
 * (lc->shared), its push and pop go and its reverse reads the copy
 * (temp = v2 after decl, share_reuse); else the copy is a new entry.
 * Either way a later statement of the block that needs the value takes
 * the push over, and decl then reads the temporary the later statement
 * pops into (share_reuse). */
static void lc_share(Adj *c, LoopCopy *lc, Stmt *decl, Stmt *out, Loc loc)
{
	ShareCache *keep = c->share;
	c->share = lc->sblk;
	Shared *sh = lc->shared;
	if (sh) {
		int tv = share_temp(c, sh, lc->elem, loc);
		Stmt *copy =
			stmt_assign(A_SET, expr_var(c->bwd, tv, loc),
				    expr_var(c->bwd, lc->bcopy, loc), loc);
		stmt_append(out, copy);
		share_reuse(c, sh, lc->spush, NULL);
		sh->popcopy = copy;
	} else {
		sh = share_taped(c, expr_var(c->fwd, lc->var, loc), -1,
				 lc->spush, NULL, NULL);
	}
	if (sh)
		sh->popdecl = decl;
	c->share = keep;
}

/* The arrays (and scalars, lc_scalars) loop s can tape once, pushed on
 * c->lcopies (their count returned); the loop's own range goes on
 * c->ranges when it is counted. */
static int adj_loop_copies(Adj *c, const Stmt *s, ShareCache *blk)
{
	if (!adj_tbr || c->in_region)
		return 0;
	const Func *f = c->f;
	size_t n = (size_t)f->nvars + 1;
	LcScan w;
	memset(&w, 0, sizeof w);
	w.c = c;
	w.mult = 1;
	w.certain = 1;
	w.bad = scratch_alloc(n);
	w.wnode = scratch_alloc(n);
	w.lo = scratch_alloc(sizeof(long) * n);
	w.hi = scratch_alloc(sizeof(long) * n);
	w.reads = scratch_alloc(sizeof(long) * n);
	w.sshi = scratch_alloc(sizeof(Expr *) * n);
	w.sguard = scratch_alloc(sizeof(Expr *) * n);
	w.slo = scratch_alloc(sizeof(long) * n);
	w.soff = scratch_alloc(sizeof(long) * n);
	w.sreads = scratch_alloc(sizeof(long) * n);
	w.smix = scratch_alloc(n);
	for (int i = 0; i < c->nranges; i++) {
		LC_GROW(w.rs, w.nrs, w.caprs);
		w.rs[w.nrs++] = c->ranges[i];
		w.nsym += c->ranges[i].shi != NULL;
	}
	/* the ranges of the loops inside s (its own is not: each element
	 * would be read once) */
	IdxRange own;
	long own_trips;
	w.first = w.nrs + lc_counted(s, &own, &own_trips);
	lc_scan_stmt(&w, s);
	int added = w.all_bad ? 0 : lc_scalars(c, s, blk);
	for (int v = 0; v < f->nvars && !w.all_bad; v++) {
		const Type *t = f->vars[v]->type;
		/* (the loop reads v, first: most variables it does not) */
		if ((!w.reads[v] && !w.sreads[v]) || w.bad[v] ||
		    w.wnode[c->a->node[v]] || !type_is_pointerish(t) ||
		    !type_is_float(t->base) || adj_stable(c, v) ||
		    c->ctab[v] || (!adj_unaliased(c, v) && w.shared))
			continue;
		LoopCopy lc = { 0 };
		lc.var = v;
		lc.bcopy = -1;
		lc.elem = type_with_const(t->base, 0);
		if (w.sreads[v] && !w.reads[v] && !w.smix[v] &&
		    !lc_assigns_any(s, w.sshi[v]) &&
		    !lc_assigns_any(s, w.sguard[v])) {
			lc.lo = w.slo[v];
			lc.shi = w.sshi[v];
			lc.guard = w.sguard[v];
			lc.offmax = w.soff[v];
		} else {
			if (!w.reads[v])
				continue;
			lc.lo = w.lo[v];
			lc.len = w.hi[v] - w.lo[v] + 1;
			if (lc.len > LC_MAX || lc.len > 2 * w.reads[v])
				continue;
			/* an enclosing loop's copy of v serves these reads */
			int outer = 0;
			for (int i = 0; i < c->nlcopies; i++)
				outer |= c->lcopies[i].var == v;
			if (outer)
				continue;
		}
		LC_GROW(c->lcopies, c->nlcopies, c->caplcopies);
		c->lcopies[c->nlcopies++] = lc;
		added++;
	}
	/* per-variable tables: on the heap, so that a function of many loops
	 * does not keep one set per loop */
	void *tables[] = { w.bad,   w.wnode,  w.lo,     w.hi,
			   w.reads, w.sshi,   w.sguard, w.slo,
			   w.soff,  w.sreads, w.smix };
	for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++)
		free(tables[i]);
	return added;
}

/* The length of copy lc known at run time, guard ? shi + offmax - lo : 0,
 * as f_fwd (bw 0) or f_bwd (bw 1) writes it. */
static Expr *lc_sym_len(Adj *c, const LoopCopy *lc, int bw, Loc loc)
{
	Expr *shi = bw ? adj_bw_value(c, lc->shi) : expr_clone(lc->shi);
	Expr *guard = bw ? adj_bw_value(c, lc->guard) : expr_clone(lc->guard);
	Expr *len = expr_cast(adj_long(), shi, loc);
	if (lc->offmax != lc->lo)
		len = expr_binary(B_ADD, len, expr_int(lc->offmax - lc->lo, loc),
				  adj_long(), loc);
	return expr_cond(guard, len, expr_int(0, loc), loc);
}

/* After loop s's body: f_fwd tapes the copies that reads needed, f_bwd
 * pops them (into out, before the reversed loop, and frees the scratch
 * buffers of those with a length known at run time in after); all are
 * dropped. */
static void adj_loop_copies_end(Adj *c, int added, Stmt *fout, Stmt *out,
				Stmt *after, Loc loc)
{
	for (int i = c->nlcopies - added; i < c->nlcopies; i++) {
		LoopCopy *lc = &c->lcopies[i];
		if (lc->scalar) {
			if (lc->bcopy >= 0) {
				lc->spush = adj_push(
					c, expr_var(c->fwd, lc->var, loc));
				stmt_append(fout, lc->spush);
			}
			continue;
		}
		adj_remat_kill(c, lc->var);
		if (lc->bcopy < 0)
			continue;
		if (!lc->shi && lc->len <= LC_SMALL) {
			for (long k = 0; k < lc->len; k++) {
				Expr *el = expr_index(
					expr_var(c->fwd, lc->var, loc),
					expr_int(lc->lo + k, loc), loc);
				stmt_append(fout, adj_push(c, el));
			}
			continue;
		}
		Expr *a = expr_var(c->fwd, lc->var, loc);
		Expr *len;
		if (lc->shi) {
			if (lc->lo)
				a = expr_binary(B_ADD, a, expr_int(lc->lo, loc),
						a->type, loc);
			len = lc_sym_len(c, lc, 0, loc);
		} else {
			if (lc->lo) {
				Expr *at = expr_index(a, expr_int(lc->lo, loc),
						      loc);
				a = expr_addr(at, loc);
				a->type = type_ptr(
					c->f->vars[lc->var]->type->base);
			}
			len = expr_int(lc->len, loc);
		}
		const char *push = lc->elem->kind == TY_DOUBLE ? "ck_push_nd"
							       : "ck_push_nf";
		Expr *t = expr_var(c->fwd, c->ft, loc);
		stmt_append(fout, stmt_expr(S_EXPR,
					    expr_call_n(push, adj_void(), loc,
							t, a, len),
					    loc));
	}
	/* popped the other way */
	for (int i = c->nlcopies - 1; i >= c->nlcopies - added; i--) {
		LoopCopy *lc = &c->lcopies[i];
		if (lc->bcopy < 0)
			continue;
		if (lc->scalar) {
			Stmt *d = stmt_decl(lc->bcopy,
					    adj_pop(c, lc->elem, loc), loc);
			stmt_append(out, d);
			if (lc->sblk)
				lc_share(c, lc, d, out, loc);
			continue;
		}
		int dbl = lc->elem->kind == TY_DOUBLE;
		Expr *n;
		if (lc->shi) {
			/* long n = len; T *a = ck_scratch_alloc_d(n);
			 * ck_pop_nd(t, a, n); ... ck_scratch_free_d(a, n); */
			int blen = adj_local(c, c->bwd, "ck_len", adj_long());
			n = expr_var(c->bwd, blen, loc);
			stmt_append(out,
				    stmt_decl(blen, lc_sym_len(c, lc, 1, loc),
					      loc));
			stmt_append(out, stmt_decl(lc->bcopy,
				expr_call_n(dbl ? "ck_scratch_alloc_d"
						: "ck_scratch_alloc_f",
					    c->bwd->vars[lc->bcopy]->type, loc,
					    expr_clone(n), NULL, NULL),
				loc));
			/* freed in the other order */
			stmt_prepend(
				after,
				stmt_expr(
					S_EXPR,
					expr_call_n(dbl ? "ck_scratch_free_d"
							: "ck_scratch_free_f",
						    adj_void(), loc,
						    expr_var(c->bwd, lc->bcopy,
							     loc),
						    expr_clone(n), NULL),
					loc));
		} else if (lc->len <= LC_SMALL) {
			stmt_append(out, stmt_decl(lc->bcopy, NULL, loc));
			for (long k = lc->len - 1; k >= 0; k--) {
				Expr *el = expr_index(
					expr_var(c->bwd, lc->bcopy, loc),
					expr_int(k, loc), loc);
				stmt_append(
					out,
					stmt_assign(A_SET, el,
						    adj_pop(c, lc->elem, loc),
						    loc));
			}
			continue;
		} else {
			n = expr_int(lc->len, loc);
			stmt_append(out, stmt_decl(lc->bcopy, NULL, loc));
		}
		stmt_append(
			out,
			stmt_expr(S_EXPR,
				  expr_call_n(dbl ? "ck_pop_nd" : "ck_pop_nf",
					      adj_void(), loc,
					      expr_var(c->bwd, c->bt, loc),
					      expr_var(c->bwd, lc->bcopy, loc),
					      n),
				  loc));
	}
	c->nlcopies -= added;
}

/* ---------------------------------------------- tape blocks of a parallel loop
 *
 * An OpenMP loop whose iterations each push the same values (pushes of
 * doubles and floats not under a condition or an inner loop, nothing else
 * on the tape, no call but math functions) and whose reverse pops them
 * the same way records into one block per stack instead (ckrt.h,
 * ck_block_push_d): iteration q = i - lo of K pushes writes entries
 * K * q .. K * q + K - 1, in push order, and the reverse of iteration i
 * reads them where it popped.  The entries are the tape's, in the same
 * order, so the tape's size and the derivatives are unchanged; but the
 * loops record nothing any more, so f_fwd's copy runs parallel
 * (omp_finish) and the reverse loop may (gather.c, adj_loop_phases):
 *
 *   f_fwd:  lo = A; b = ck_block_push_d(t, K * count);
 *           for (i = A; i < B; i++) { ... b[K * (i - lo) + j] = v; ... }
 *   f_bwd:  lo = exit - count; b = ck_block_pop_d(t, K * count);
 *           for (...) { i--; ... u = b[K * (i - lo) + K - 1 - m]; ... }
 *
 * for a counted loop upwards, left only at its end, whose reverse knows i. */

/* The call of statement s that may push (a statement of its own) or pop
 * (also v = call, and T v = call with decl): the expression, else NULL. */
static const Expr *tb_tape_expr(const Stmt *s, int pop, int decl)
{
	if (s->kind == S_EXPR)
		return s->u.expr;
	if (pop && s->kind == S_ASSIGN && s->u.assign.op == A_SET &&
	    s->u.assign.lhs->kind == E_VAR)
		return s->u.assign.rhs;
	if (pop && decl && s->kind == S_DECL && !s->u.decl.ninits)
		return s->u.decl.init;
	return NULL;
}

/* Do loop s's init, condition and increment record nothing? */
static int tb_plain_header(const Stmt *s)
{
	return omp_records_nothing(s->u.loop.init) &&
	       omp_records_nothing(s->u.loop.inc) &&
	       expr_math_only(s->u.loop.cond);
}

typedef struct TbScan {
	/* the pushes or pops of doubles [.][0] and floats [.][1], in the
	 * body [0][.] or in its inner loop [1][.] */
	Stmt **st[2][2];
	int n[2][2];
	Stmt *loop; /* the inner loop that holds some, or NULL */
	int bad;
} TbScan;

static void tb_scan(TbScan *w, Stmt *s, int pop, int in)
{
	if (!s || w->bad)
		return;
	if (s->kind == S_BLOCK) {
		for (int i = 0; i < s->u.block.n; i++)
			tb_scan(w, s->u.block.items[i], pop, in);
		return;
	}
	if (s->kind == S_FOR && !omp_records_nothing(s->u.loop.body)) {
		if (in || w->loop || !tb_plain_header(s)) {
			w->bad = 1;
			return;
		}
		w->loop = s;
		tb_scan(w, s->u.loop.body, pop, 1);
		return;
	}
	const Expr *e = tb_tape_expr(s, pop, 1);
	if (ir_rt_call(e) == (pop ? RT_POP_F : RT_PUSH_F)) {
		int fl = !strcmp(e->u.call.name,
				 pop ? "ck_pop_f" : "ck_push_f");
		if (!pop && !expr_math_only(e->u.call.args[1]))
			w->bad = 1;
		ARENA_PUSH(w->st[in][fl], w->n[in][fl], s);
		return;
	}
	if (!omp_records_nothing(s))
		w->bad = 1;
}

/* (long)i - lo */
static Expr *tb_rel(Func *g, int i, int lo, Loc loc)
{
	return expr_binary(B_SUB, lb_long(expr_var(g, i, loc)),
			   expr_var(g, lo, loc), adj_long(), loc);
}

/* k * e, k a constant or a variable (kv >= 0) */
static Expr *tb_times(Func *g, long k, int kv, Expr *e, Loc loc)
{
	if (kv < 0 && k == 1)
		return e;
	Expr *ke = kv >= 0 ? expr_var(g, kv, loc) : expr_int(k, loc);
	return expr_binary(B_MUL, ke, e, adj_long(), loc);
}

static Expr *tb_plus(Expr *e, long k, Loc loc)
{
	return k ? expr_binary(B_ADD, e, expr_int(k, loc), adj_long(), loc)
		 : e;
}

/* Is e integer arithmetic of variables and constants (no memory read)? */
static int tb_plain(const Expr *e)
{
	switch (e->kind) {
	case E_NUM:
	case E_VAR:
		return 1;
	case E_UNARY:
	case E_CAST:
		return tb_plain(e->kind == E_UNARY ? e->u.un.e : e->u.e);
	case E_BINARY:
		return tb_plain(e->u.bin.l) && tb_plain(e->u.bin.r);
	case E_COND:
		return tb_plain(e->u.cond.c) && tb_plain(e->u.cond.a) &&
		       tb_plain(e->u.cond.b);
	default:
		return 0;
	}
}

/* The inner loop of primal loop s whose f_fwd copy is floop (its index and
 * condition), when it is counted upwards with bounds that s does not
 * change; else NULL. */
static const LbLoop *tb_inner(Adj *c, const Stmt *s, const LbLoop *cl,
			      const Stmt *floop)
{
	const Stmt *b = s->u.loop.body;
	const Stmt *found = NULL;
	if (b && b->kind != S_BLOCK)
		found = b->kind == S_FOR ? b : NULL;
	for (int k = 0; b && b->kind == S_BLOCK && k < b->u.block.n; k++) {
		const Stmt *x = b->u.block.items[k];
		if (x->kind == S_FOR &&
		    expr_equal(x->u.loop.cond, floop->u.loop.cond)) {
			if (found)
				return NULL;
			found = x;
		}
	}
	const LbLoop *il = found ? lb_loop(lb_get(c), found) : NULL;
	if (!il || il->down || !lb_index(c, il->index) ||
	    !expr_equal(found->u.loop.cond, floop->u.loop.cond))
		return NULL;
	const Expr *bounds[2] = { il->lo, il->hi };
	for (int k = 0; k < 2; k++)
		if (!tb_plain(bounds[k]) ||
		    expr_mentions(bounds[k], cl->index) ||
		    lc_assigns_any(s->u.loop.body, bounds[k]))
			return NULL;
	return il;
}

/* The first statement of a reverse loop's body `{ j--; ... }` decrements
 * j? */
static int tb_reverse_of(const Stmt *bloop, int j)
{
	const Stmt *b = bloop->u.loop.body;
	if (!b || b->kind != S_BLOCK || !b->u.block.n)
		return 0;
	const Stmt *d = b->u.block.items[0];
	return d->kind == S_ASSIGN && d->u.assign.op == A_DEC &&
	       d->u.assign.lhs->kind == E_VAR && d->u.assign.lhs->u.var == j;
}

/* lo = A (f_fwd) or exit - count (f_bwd), and n = count of counted loop l,
 * declared into pre (bwd) or at f_fwd's top and set in pre (fwd). */
static void tb_bounds(Adj *c, const LbLoop *l, int fwd, Stmt *pre, int *lo,
		      int *n, Loc loc)
{
	Func *g = fwd ? c->fwd : c->bwd;
	*lo = adj_local(c, g, "ck_lo", adj_long());
	*n = adj_local(c, g, "ck_nb", adj_long());
	Expr *exit = NULL;
	Expr *cnt = lb_trip_in(c, l, &exit, loc, fwd);
	if (!fwd) {
		stmt_append(pre, stmt_decl(*n, cnt, loc));
		stmt_append(pre,
			    stmt_decl(*lo,
				      lb_sub(exit, expr_var(g, *n, loc), loc),
				      loc));
		return;
	}
	Type *it = type_with_const(c->f->vars[l->index]->type, 0);
	stmt_append(c->fdecls, stmt_decl(*lo, NULL, loc));
	stmt_append(c->fdecls, stmt_decl(*n, NULL, loc));
	Expr *a = expr_clone(l->lo);
	if (a->kind != E_NUM)
		a = expr_cast(it, a, loc);
	stmt_append(pre, stmt_assign(A_SET, expr_var(g, *lo, loc), lb_long(a),
				     loc));
	stmt_append(pre, stmt_assign(A_SET, expr_var(g, *n, loc), cnt, loc));
}

/* ---- slots: iterations that record under conditions
 *
 * An iteration whose pushes lie under ifs (so that iterations push
 * different numbers of values), or which pushes branch codes, records
 * into a slot of K entries of a block of doubles instead, K - 1 the most
 * it may push (a push statement in inner loops with literal bounds
 * counts once per iteration of them): the values in push order, as on a
 * stack of its own, and the number pushed in the slot's last entry.
 * Floats and branch codes are doubles exactly.
 *
 *   f_fwd:  for (...) { c = 0; ... b[K * (i - lo) + c] = v; c = c + 1; ...
 *                       b[K * (i - lo) + K - 1] = c; }
 *   f_bwd:  for (...) { i--; long c = b[K * (i - lo) + K - 1]; ...
 *                       c = c - 1; u = b[K * (i - lo) + c]; ...
 *                       c = c - 1; if (b[K * (i - lo) + c] != 0) ... }
 *
 * The reverse pops what the iteration pushed, last first, so slot entry c
 * is the value popped there.  The tape holds K entries per iteration
 * instead of the ones pushed. */

enum { TS_MAX_SLOT = 4096 }; /* values an iteration's slot may hold */

typedef struct TsScan {
	Stmt **st; /* the pushes, or the statements that pop */
	int n;
	int bad;
	/* f_fwd: the most values an iteration pushes (a push in an inner
	 * loop with constant bounds counts once per iteration of it), and
	 * the primal loop's body and the context, to find those bounds */
	long most;
	Adj *c;
	const Stmt *prim;
} TsScan;

typedef struct TsTrips {
	Adj *c;
	const Expr *cond;
	long trips; /* the most of the loops with that condition, or -1 */
	int found;
} TsTrips;

/* The loops of primal statement s with condition t->cond: their largest
 * constant trip count (-1 when one is not counted with literal bounds). */
static void ts_trips(TsTrips *t, const Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			ts_trips(t, s->u.block.items[i]);
		break;
	case S_IF:
		ts_trips(t, s->u.ifs.then);
		ts_trips(t, s->u.ifs.els);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		if (s->kind == S_FOR && expr_equal(s->u.loop.cond, t->cond)) {
			const LbLoop *l = lb_loop(lb_get(t->c), s);
			long n = -1;
			if (l && l->lo->kind == E_NUM && l->hi->kind == E_NUM) {
				long a = (long)l->lo->u.num.ival;
				long b = (long)l->hi->u.num.ival;
				long d = (l->down ? a - b : b - a) + l->incl;
				n = d > 0 ? d : 0;
			}
			t->found = 1;
			if (n < 0 || t->trips < 0)
				t->trips = -1;
			else if (n > t->trips)
				t->trips = n;
		}
		ts_trips(t, s->u.loop.body);
		break;
	default:
		break;
	}
}

/* ck_push_d, _f, _b (1, 2, 3), or ck_pop_d, _f, _b (-1, -2, -3), else 0. */
static int ts_call(const Expr *e)
{
	static const char *const names[] = { "ck_push_d", "ck_push_f",
					     "ck_push_b", "ck_pop_d",
					     "ck_pop_f", "ck_pop_b" };
	if (!e || e->kind != E_CALL || e->u.call.fn >= 0)
		return 0;
	for (int k = 0; k < 6; k++)
		if (!strcmp(e->u.call.name, names[k]))
			return k < 3 ? k + 1 : 2 - k;
	return 0;
}

static void ts_scan(TsScan *w, Stmt *s, int pop, long mult)
{
	if (!s || w->bad)
		return;
	if (s->kind == S_BLOCK) {
		for (int i = 0; i < s->u.block.n; i++)
			ts_scan(w, s->u.block.items[i], pop, mult);
		return;
	}
	if ((s->kind == S_FOR || s->kind == S_WHILE || s->kind == S_DO) &&
	    !omp_records_nothing(s->u.loop.body)) {
		/* an inner loop that records: in f_fwd, counted with literal
		 * bounds (at most TS_MAX_SLOT values an iteration) */
		if (!tb_plain_header(s)) {
			w->bad = 1;
			return;
		}
		if (!pop) {
			TsTrips t = { w->c, s->u.loop.cond, 0, 0 };
			if (s->kind == S_FOR)
				ts_trips(&t, w->prim);
			if (!t.found || t.trips < 0 ||
			    mult * t.trips > TS_MAX_SLOT) {
				w->bad = 1;
				return;
			}
			mult *= t.trips;
		}
		ts_scan(w, s->u.loop.body, pop, mult);
		return;
	}
	if (s->kind == S_IF) {
		if (pop && ts_call(s->u.ifs.cond) == -3)
			ARENA_PUSH(w->st, w->n, s);
		else if (!expr_math_only(s->u.ifs.cond))
			w->bad = 1;
		ts_scan(w, s->u.ifs.then, pop, mult);
		ts_scan(w, s->u.ifs.els, pop, mult);
		return;
	}
	const Expr *e = tb_tape_expr(s, pop, 0);
	int k = ts_call(e);
	if (k && (pop ? k < 0 : k > 0)) {
		if (!pop && !expr_math_only(e->u.call.args[1]))
			w->bad = 1;
		ARENA_PUSH(w->st, w->n, s);
		w->most += mult;
		return;
	}
	if (!omp_records_nothing(s))
		w->bad = 1;
}

/* b[K * ((long)i - lo) + off]: entry off of iteration i's slot. */
static Expr *ts_entry(long k, Func *g, int b, int i, int lo, Expr *off,
		      Loc loc)
{
	return expr_index(expr_var(g, b, loc),
			  expr_binary(B_ADD,
				      tb_times(g, k, -1, tb_rel(g, i, lo, loc),
					       loc),
				      off, adj_long(), loc),
			  loc);
}

/* The tape blocks' slots (see above); 0 when the loop does not qualify. */
static int adj_loop_slots(Adj *c, const Stmt *s, const LbLoop *cl, int bi,
			  Stmt *fbody, Stmt *bbody, Stmt *fpre, Stmt *bpre)
{
	TsScan fw = { NULL, 0, 0, 0, c, s->u.loop.body },
	       bw = { NULL, 0, 0, 0, c, NULL };
	ts_scan(&fw, fbody, 0, 1);
	ts_scan(&bw, bbody, 1, 1);
	if (fw.bad || bw.bad || !fw.n || !bw.n)
		return 0;
	const OmpLoop *om = s->u.loop.omp;
	for (int r = 0; r < om->nred; r++) {
		if (om->red[r].op != OMP_RED_ADD &&
		    om->red[r].op != OMP_RED_SUB)
			return 0;
		for (int j = 0; j < fw.n; j++)
			if (expr_mentions(fw.st[j]->u.expr, om->red[r].var))
				return 0;
	}
	Loc loc = s->loc;
	long k = fw.most + 1;
	int flo, fn, blo, bn;
	tb_bounds(c, cl, 1, fpre, &flo, &fn, loc);
	tb_bounds(c, cl, 0, bpre, &blo, &bn, loc);
	Type *pt = type_ptr(type_double());
	int fb = adj_local(c, c->fwd, "ck_bd", pt);
	c->fwd->vars[fb]->tape_block = 1;
	stmt_append(c->fdecls, stmt_decl(fb, NULL, loc));
	stmt_append(fpre, stmt_assign(A_SET, expr_var(c->fwd, fb, loc),
				      expr_call_n("ck_block_push_d", pt, loc,
						  expr_var(c->fwd, c->ft, loc),
						  tb_times(c->fwd, k, -1,
							   expr_var(c->fwd, fn,
								    loc),
							   loc),
						  NULL),
				      loc));
	int bb = adj_local(c, c->bwd, "ck_bd", pt);
	c->bwd->vars[bb]->tape_block = 1;
	stmt_append(bpre, stmt_decl(bb, expr_call_n("ck_block_pop_d", pt, loc,
						    expr_var(c->bwd, c->bt,
							     loc),
						    tb_times(c->bwd, k, -1,
							     expr_var(c->bwd,
								      bn, loc),
							     loc),
						    NULL),
				    loc));
	/* f_fwd: the count, pushes into the slot */
	int fc = adj_local(c, c->fwd, "ck_c", adj_long());
	stmt_append(c->fdecls, stmt_decl(fc, NULL, loc));
	for (int j = 0; j < fw.n; j++) {
		Stmt *ps = fw.st[j];
		Loc l = ps->loc;
		Expr *v = ps->u.expr->u.call.args[1];
		Stmt *b = stmt_block(l);
		stmt_append(b, stmt_assign(A_SET,
					   ts_entry(k, c->fwd, fb, cl->index, flo,
						    expr_var(c->fwd, fc, l), l),
					   expr_cast(type_double(), v, l), l));
		stmt_append(b, stmt_assign(A_SET, expr_var(c->fwd, fc, l),
					   expr_binary(B_ADD,
						       expr_var(c->fwd, fc, l),
						       expr_int(1, l),
						       adj_long(), l),
					   l));
		*ps = *b;
	}
	Stmt *old = ARENA_NEW(Stmt);
	*old = *fbody;
	*fbody = *stmt_block(loc);
	stmt_append(fbody, stmt_assign(A_SET, expr_var(c->fwd, fc, loc),
				       expr_int(0, loc), loc));
	stmt_append(fbody, old);
	stmt_append(fbody,
		    stmt_assign(A_SET,
				ts_entry(k, c->fwd, fb, cl->index, flo,
					 expr_int(k - 1, loc), loc),
				expr_cast(type_double(),
					  expr_var(c->fwd, fc, loc), loc),
				loc));
	/* f_bwd: the count from the slot, pops from it */
	int bc = adj_local(c, c->bwd, "ck_c", adj_long());
	for (int j = 0; j < bw.n; j++) {
		Stmt *qs = bw.st[j];
		Loc l = qs->loc;
		Stmt *b = stmt_block(l);
		stmt_append(b, stmt_assign(A_SET, expr_var(c->bwd, bc, l),
					   expr_binary(B_SUB,
						       expr_var(c->bwd, bc, l),
						       expr_int(1, l),
						       adj_long(), l),
					   l));
		Expr *e = ts_entry(k, c->bwd, bb, bi, blo,
				   expr_var(c->bwd, bc, l), l);
		Stmt *q = ARENA_NEW(Stmt);
		*q = *qs;
		if (q->kind == S_IF) {
			q->u.ifs.cond = expr_binary(B_NE, e,
						    expr_num(0.0, type_double(),
							     l),
						    type_int(), l);
			stmt_append(b, q);
		} else if (q->kind == S_ASSIGN) {
			q->u.assign.rhs = expr_cast(
				type_with_const(q->u.assign.lhs->type, 0), e,
				l);
			stmt_append(b, q);
		}
		*qs = *b;
	}
	old = ARENA_NEW(Stmt);
	*old = *bbody;
	*bbody = *stmt_block(loc);
	stmt_append(bbody,
		    stmt_decl(bc,
			      expr_cast(adj_long(),
					ts_entry(k, c->bwd, bb, bi, blo,
						 expr_int(k - 1, loc), loc),
					loc),
			      loc));
	stmt_append(bbody, old);
	return 1;
}

/* Rewrites the pushes of fbody and the pops of bbody into blocks (see
 * above), the blocks' set-up into fpre (f_fwd, before the loop) and bpre
 * (f_bwd, before the reverse loop); 0 when the loop does not qualify. */
static int adj_loop_blocks(Adj *c, const Stmt *s, const LbLoop *cl, int nsites,
			   Stmt *binc, Stmt *fbody, Stmt *bbody, Stmt *fpre,
			   Stmt *bpre)
{
	if (s->kind != S_FOR || !s->u.loop.omp || !cl || cl->down || nsites ||
	    !s->u.loop.init || !lb_index(c, cl->index))
		return 0;
	Loc loc = s->loc;
	/* the reverse must set i: ask for it (the next pass has it) */
	int bi = adj_bvar(c, cl->index, loc);
	if (adj_empty(binc) || binc->kind != S_ASSIGN ||
	    binc->u.assign.op != A_DEC || binc->u.assign.lhs->kind != E_VAR ||
	    binc->u.assign.lhs->u.var != bi)
		return 0;
	TbScan fw, bw;
	memset(&fw, 0, sizeof fw);
	memset(&bw, 0, sizeof bw);
	tb_scan(&fw, fbody, 0, 0);
	tb_scan(&bw, bbody, 1, 0);
	if (fw.bad || bw.bad)
		return adj_loop_slots(c, s, cl, bi, fbody, bbody, fpre, bpre);
	if (!fw.loop != !bw.loop)
		return 0;
	int total = 0;
	for (int in = 0; in < 2; in++)
		for (int k = 0; k < 2; k++) {
			if (fw.n[in][k] != bw.n[in][k])
				return 0;
			total += fw.n[in][k];
		}
	if (!total)
		return 0;
	/* the inner loop: counted, the same number of iterations in every
	 * iteration of s, and its reverse sets its index */
	const LbLoop *il = NULL;
	int bj = -1;
	if (fw.loop) {
		il = tb_inner(c, s, cl, fw.loop);
		if (!il)
			return 0;
		bj = adj_bvar(c, il->index, loc);
		if (!tb_reverse_of(bw.loop, bj))
			return 0;
	}
	/* a reduction's values in the iterations are each thread's partial
	 * ones, not the serial loop's: nothing may record them, and the
	 * reverse of max, min or * needs them (a sum's needs none) */
	const OmpLoop *om = s->u.loop.omp;
	for (int r = 0; r < om->nred; r++) {
		if (om->red[r].op != OMP_RED_ADD &&
		    om->red[r].op != OMP_RED_SUB)
			return 0;
		for (int in = 0; in < 2; in++)
			for (int k = 0; k < 2; k++)
				for (int j = 0; j < fw.n[in][k]; j++)
					if (expr_mentions(
						    fw.st[in][k][j]->u.expr,
						    om->red[r].var))
						return 0;
	}
	Type *elem[2] = { type_double(), type_new(TY_FLOAT) };
	static const char *const push[2] = { "ck_block_push_d",
					     "ck_block_push_f" };
	static const char *const popn[2] = { "ck_block_pop_d",
					     "ck_block_pop_f" };
	/* the loops' bounds: lo, the count; an iteration of s records K =
	 * Ktop + Kin * m values of a type, the inner loop's from Ktop on */
	int flo, fn, blo, bn, fjlo = -1, fm = -1, bjlo = -1, bm = -1;
	tb_bounds(c, cl, 1, fpre, &flo, &fn, loc);
	tb_bounds(c, cl, 0, bpre, &blo, &bn, loc);
	if (il) {
		tb_bounds(c, il, 1, fpre, &fjlo, &fm, loc);
		tb_bounds(c, il, 0, bpre, &bjlo, &bm, loc);
	}
	for (int k = 0; k < 2; k++) {
		long ktop = fw.n[0][k], kin = fw.n[1][k];
		if (!ktop && !kin)
			continue;
		Type *pt = type_ptr(elem[k]);
		/* K, a constant or f_fwd's and f_bwd's variable */
		int fk = -1, bk = -1;
		if (kin) {
			fk = adj_local(c, c->fwd, "ck_k", adj_long());
			stmt_append(c->fdecls, stmt_decl(fk, NULL, loc));
			stmt_append(
				fpre,
				stmt_assign(A_SET, expr_var(c->fwd, fk, loc),
					    tb_plus(tb_times(c->fwd, kin, -1,
							     expr_var(c->fwd,
								      fm, loc),
							     loc),
						    ktop, loc),
					    loc));
			bk = adj_local(c, c->bwd, "ck_k", adj_long());
			stmt_append(
				bpre,
				stmt_decl(bk,
					  tb_plus(tb_times(c->bwd, kin, -1,
							   expr_var(c->bwd, bm,
								    loc),
							   loc),
						  ktop, loc),
					  loc));
		}
		int fb = adj_local(c, c->fwd, k ? "ck_bf" : "ck_bd", pt);
		c->fwd->vars[fb]->tape_block = 1;
		stmt_append(c->fdecls, stmt_decl(fb, NULL, loc));
		Expr *size = tb_times(c->fwd, ktop, fk,
				      expr_var(c->fwd, fn, loc), loc);
		stmt_append(fpre, stmt_assign(A_SET, expr_var(c->fwd, fb, loc),
					      expr_call_n(push[k], pt, loc,
							  expr_var(c->fwd,
								   c->ft, loc),
							  size, NULL),
					      loc));
		int bb = adj_local(c, c->bwd, k ? "ck_bf" : "ck_bd", pt);
		c->bwd->vars[bb]->tape_block = 1;
		size = tb_times(c->bwd, ktop, bk, expr_var(c->bwd, bn, loc),
				loc);
		stmt_append(bpre,
			    stmt_decl(bb,
				      expr_call_n(popn[k], pt, loc,
						  expr_var(c->bwd, c->bt, loc),
						  size, NULL),
				      loc));
		/* push r of the body: entry K * q + r, popped the other way;
		 * push r of the inner loop: K * q + Ktop + Kin * p + r, p the
		 * inner loop's iteration */
		for (int in = 0; in < 2; in++) {
			long n = fw.n[in][k];
			for (long r = 0; r < n; r++) {
				Stmt *ps = fw.st[in][k][r];
				Stmt *qs = bw.st[in][k][r];
				Loc pl = ps->loc, ql = qs->loc;
				Expr *fo = expr_int(r, pl);
				Expr *bo = expr_int(n - 1 - r, ql);
				if (in) {
					fo = tb_plus(tb_times(c->fwd, kin, -1,
							      tb_rel(c->fwd,
								     il->index,
								     fjlo, pl),
							      pl),
						     ktop + r, pl);
					bo = tb_plus(
						tb_times(c->bwd, kin, -1,
							 tb_rel(c->bwd, bj,
								bjlo, ql),
							 ql),
						ktop + n - 1 - r, ql);
				} else if (!r) {
					fo = NULL;
				}
				if (!in && n - 1 - r == 0)
					bo = NULL;
				Expr *fq = tb_times(
					c->fwd, ktop, fk,
					tb_rel(c->fwd, cl->index, flo, pl),
					pl);
				Expr *bq = tb_times(
					c->bwd, ktop, bk,
					tb_rel(c->bwd, bi, blo, ql), ql);
				if (fo)
					fq = expr_binary(B_ADD, fq, fo,
							 adj_long(), pl);
				if (bo)
					bq = expr_binary(B_ADD, bq, bo,
							 adj_long(), ql);
				Expr *v = ps->u.expr->u.call.args[1];
				*ps = *stmt_assign(
					A_SET,
					expr_index(expr_var(c->fwd, fb, pl),
						   fq, pl),
					v, pl);
				Expr *e = expr_index(expr_var(c->bwd, bb, ql),
						     bq, ql);
				if (qs->kind == S_ASSIGN)
					qs->u.assign.rhs = e;
				else if (qs->kind == S_DECL)
					qs->u.decl.init = e;
				else
					*qs = *stmt_new(S_EMPTY, ql);
			}
		}
	}
	return 1;
}

/* The reverse of parallel loop s (an OpenMP loop around other loops) in
 * phases that run parallel (omp.c, omp_phases), or NULL:
 *
 *   hi = exit; n = count;
 *   for (ph = 0; ph < D; ph++)
 *       for (q = ph; q < n; q += D) { i = hi - 1 - q; body^-1 }   parallel
 *   i = hi - n;
 *
 * for a counted loop upwards whose reverse records nothing. */
static Stmt *adj_loop_phases(Adj *c, const Stmt *s, const LbLoop *cl,
			     int bcount, int bcode, Stmt *binc, Stmt *bbody,
			     Loc loc)
{
	if (s->kind != S_FOR || !s->u.loop.omp || !cl || cl->down ||
	    bcode >= 0 || adj_empty(bbody) || !omp_records_nothing(bbody))
		return NULL;
	int bi = -1;
	if (!adj_empty(binc)) {
		if (binc->kind != S_ASSIGN || binc->u.assign.op != A_DEC ||
		    binc->u.assign.lhs->kind != E_VAR)
			return NULL;
		bi = binc->u.assign.lhs->u.var;
	}
	long d = omp_phases(c->a, c->f, s, c->v->heap);
	if (d <= 0)
		return NULL;
	Expr *exit = NULL;
	Expr *cnt = lb_trip(c, cl, &exit, loc);
	int hi = adj_local(c, c->bwd, "ck_hi", adj_long());
	int ph = adj_local(c, c->bwd, "ck_ph", adj_long());
	int q = adj_local(c, c->bwd, "ck_q", adj_long());
	Stmt *out = stmt_block(loc);
	stmt_append(out, stmt_decl(hi, expr_cast(adj_long(), exit, loc), loc));
	stmt_append(out, stmt_assign(A_SET, expr_var(c->bwd, bcount, loc), cnt,
				     loc));
	stmt_append(out, stmt_decl(ph, NULL, loc));
	stmt_append(out, stmt_decl(q, NULL, loc));
	Stmt *body = stmt_block(loc);
	stmt_append(body, bbody);
	omp_phase_nest(c->bwd, s->u.loop.omp, bcount, bi, hi, ph, q, d, body,
		       out, loc);
	return out;
}

/* for, while, do.  f_fwd counts the iterations and pushes the count
 * after the loop; f_bwd runs the reversed body that many times.  A
 * counted loop (see lb_get) is not counted in f_fwd: f_bwd computes its
 * trip count, and sets a counted index to its exit value first. */
Stmt *adj_loop(Adj *c, const Stmt *s, Stmt *fout)
{
	Loc loc = s->loc;
	/* the enclosing block's taped values, as they are before the loop,
	 * when the loop is one of its statements */
	ShareCache *blk = c->share_item == s ? c->share_blk : NULL;
	if (s->kind == S_FOR && s->u.loop.omp && s->u.loop.omp->carried) {
		diag_error(
			loc,
			"the reverse mode does not support this parallel "
			"loop: '%s' is private to each thread with the "
			"value it had before the loop (firstprivate, or "
			"declared in the parallel region), and the loop "
			"reads it before setting it, so its value goes "
			"from one iteration to the next of a thread; set it "
			"in each iteration before reading it, or use a "
			"reduction",
			c->f->vars[s->u.loop.omp->carried - 1]->name);
		diag_note(s->u.loop.omp->loc, "the loop's OpenMP pragma is "
					      "here");
	}
	if (s->kind == S_FOR && s->u.loop.omp && s->u.loop.omp->red_read) {
		diag_error(s->u.loop.omp->red_read_loc,
			   "the reverse mode does not support this parallel "
			   "loop: it reads its reduction variable '%s' other "
			   "than to update it, which in OpenMP reads the "
			   "thread's partial result (it depends on how the "
			   "iterations are split among the threads); keep the "
			   "running value in a variable of its own",
			   c->f->vars[s->u.loop.omp->red_read - 1]->name);
		diag_note(s->u.loop.omp->loc, "the loop's OpenMP pragma is "
					      "here");
	}
	SiteInfo *li = adj_site(c, s);
	int nsites = li->nsites;
	const LbLoop *cl = lb_loop(lb_get(c), s);
	int fcount = -1;
	if (!cl) {
		fcount = adj_local(c, c->fwd, "ck_n", adj_long());
		stmt_append(c->fdecls, stmt_decl(fcount, NULL, loc));
	}
	int bcount = adj_local(c, c->bwd, "ck_n", adj_long());
	int bcode = nsites ? adj_local(c, c->bwd, "ck_c", adj_long()) : -1;

	/* init runs once, before the loop */
	Stmt *binit = NULL;
	adj_remat_kill_stmt(c, s);
	int fout_before = fout->u.block.n;
	if (s->kind == S_FOR && s->u.loop.init)
		binit = adj_stmt(c, s->u.loop.init, fout);
	Stmt *finit = s->kind == S_FOR && s->u.loop.omp
			      ? omp_take_init(fout, fout_before)
			      : NULL;
	adj_remat_kill_stmt(c, s->u.loop.body);
	adj_remat_kill_stmt(c, s->u.loop.inc);
	if (fcount >= 0)
		stmt_append(fout, stmt_assign(A_SET, expr_var(c->fwd, fcount, loc),
					      expr_int(0, loc), loc));

	int lc_added = adj_loop_copies(c, s, blk);
	IdxRange range;
	long trips;
	int counted = lc_counted(s, &range, &trips);
	Stmt *loop = stmt_new(s->kind, loc);
	loop->u.loop.cond = expr_clone(s->u.loop.cond);
	Stmt *finc = stmt_block(loc);
	Stmt *binc = NULL;
	int inc_in_body = 0, inc_always = 0;
	if (s->kind == S_FOR && s->u.loop.inc) {
		c->loops++;
		binc = s->u.loop.inc->kind == S_BLOCK
			       ? adj_block(c, s->u.loop.inc, finc)
			       : adj_stmt(c, s->u.loop.inc, finc);
		c->loops--;
		adj_remat_kill_stmt(c, s);
		int pushes = 0;
		for (int i = 0; i < finc->u.block.n; i++)
			pushes += finc->u.block.items[i]->kind != S_ASSIGN;
		/* a taped increment (i = next[i], a linked cell list) with
		 * continues only: every iteration runs it, after its exit
		 * code, so the reverse pops it first (inc_always) */
		inc_always = pushes && nsites && !s->u.loop.omp &&
			     adj_count_continues(s->u.loop.body) == nsites;
		if (pushes && nsites && !inc_always)
			diag_error(loc,
				   "the reverse mode does not support this "
				   "loop: its increment must be taped and "
				   "the loop is left by break or return; "
				   "compute the update in the body");
		/* a branch taped in the step (t += t < h ? dt : 2 * dt)
		 * is no for clause: with nothing leaving the body early,
		 * the step ends the body instead */
		inc_in_body = finc->u.block.n && !ir_for_clause_ok(finc, 0);
		loop->u.loop.inc = finc->u.block.n == 1 ? finc->u.block.items[0]
							: finc;
		if (!finc->u.block.n || inc_in_body)
			loop->u.loop.inc = NULL;
	}
	Stmt *fbody = stmt_block(loc);
	if (fcount >= 0)
		stmt_append(fbody, stmt_assign(A_INC, expr_var(c->fwd, fcount, loc),
					       NULL, loc));
	adj_push_frame(c, s, 0, fcount, bcode);
	c->loops++;
	if (counted) {
		LC_GROW(c->ranges, c->nranges, c->capranges);
		c->ranges[c->nranges++] = range;
	}
	Stmt *bbody = adj_stmt(c, s->u.loop.body, fbody);
	c->nranges -= counted;
	c->loops--;
	c->nframes--;
	adj_remat_kill_stmt(c, s);
	if (nsites && !adj_ends_in_site(s->u.loop.body))
		stmt_append(fbody, adj_push(c, expr_int(0, loc)));
	if (inc_always && inc_in_body) {
		/* do { body } while (0), then the increment: a continue
		 * of the body (after pushing its code) ends the do, and
		 * the increment runs, as C's continue runs it */
		Stmt *d = stmt_new(S_DO, loc);
		d->u.loop.body = fbody;
		d->u.loop.cond = expr_int(0, loc);
		fbody = stmt_block(loc);
		stmt_append(fbody, d);
	}
	if (inc_in_body)
		for (int i = 0; i < finc->u.block.n; i++)
			stmt_append(fbody, finc->u.block.items[i]);
	loop->u.loop.body = fbody;
	Stmt *fpre = stmt_block(loc), *bpre = stmt_block(loc);
	adj_loop_blocks(c, s, cl, nsites, binc, fbody, bbody, fpre, bpre);
	for (int i = 0; i < fpre->u.block.n; i++)
		stmt_append(fout, fpre->u.block.items[i]);
	if (finit) {
		loop->u.loop.init = finit;
		loop->u.loop.omp = omp_forward(c->f, s);
	}
	stmt_append(fout, loop);
	if (fcount >= 0)
		stmt_append(fout, adj_push(c, expr_var(c->fwd, fcount, loc)));
	Stmt *copies = stmt_block(loc), *copies_after = stmt_block(loc);
	adj_loop_copies_end(c, lc_added, fout, copies, copies_after, loc);

	/* f_bwd: for (n = pop; n > 0; n--) { code = pop; inc^-1; body^-1 },
	 * a counted loop: i = exit; for (n = count; n > 0; n--) ... */
	Stmt *rb = stmt_block(loc);
	if (inc_always)
		stmt_append(rb, binc);
	if (bcode >= 0)
		stmt_append(rb, stmt_assign(A_SET, expr_var(c->bwd, bcode, loc),
					    adj_pop(c, adj_long(), loc), loc));
	if (!adj_empty(binc) && !inc_always) {
		/* the increment ran after the iteration unless it was left by
		 * break or return */
		Stmt *ci = binc;
		if (bcode >= 0) {
			Expr *ran = expr_binary(B_EQ, expr_var(c->bwd, bcode, loc),
						expr_int(0, loc), NULL, loc);
			ci = stmt_new(S_IF, loc);
			ci->u.ifs.cond = adj_continue_codes(c, s->u.loop.body,
							    bcode, ran);
			ci->u.ifs.then = binc;
		}
		stmt_append(rb, ci);
	}
	if (!adj_empty(bbody))
		stmt_append(rb, bbody);
	/* a counted loop with nothing to reverse: nothing in f_bwd (and
	 * nothing taped for it: a copy is taped only for a read in the
	 * reversed body) */
	if (cl && adj_empty(rb)) {
		if (copies->u.block.n || copies_after->u.block.n)
			diag_internal(__FILE__, __LINE__,
				      "a loop's taped copies have no reverse");
		return binit;
	}
	Stmt *out = stmt_block(loc);
	Stmt *rl = stmt_new(S_FOR, loc);
	Expr *exit = NULL;
	Expr *count = cl ? lb_trip(c, cl, &exit, loc) : adj_pop(c, adj_long(), loc);
	rl->u.loop.init = stmt_assign(A_SET, expr_var(c->bwd, bcount, loc), count,
				      loc);
	rl->u.loop.cond = expr_binary(B_GT, expr_var(c->bwd, bcount, loc),
				      expr_int(0, loc), NULL, loc);
	rl->u.loop.inc = stmt_assign(A_DEC, expr_var(c->bwd, bcount, loc), NULL,
				     loc);
	rl->u.loop.body = rb;
	if (s->kind == S_FOR && s->u.loop.omp)
		rl->u.loop.omp = omp_reverse_candidate(s->u.loop.omp);
	stmt_append(out, stmt_decl(bcount, NULL, loc));
	if (bcode >= 0)
		stmt_append(out, stmt_decl(bcode, NULL, loc));
	adj_declare_init_adjoints(c, s->kind == S_FOR ? s->u.loop.init : NULL,
				  out);
	if (cl && lb_index(c, cl->index) && c->v->needed[cl->index])
		stmt_append(out, stmt_assign(A_SET,
					     expr_var(c->bwd,
						      adj_bvar(c, cl->index, loc),
						      loc),
					     exit, loc));
	for (int i = 0; i < copies->u.block.n; i++)
		stmt_append(out, copies->u.block.items[i]);
	for (int i = 0; i < bpre->u.block.n; i++)
		stmt_append(out, bpre->u.block.items[i]);
	Stmt *phased =
		adj_loop_phases(c, s, cl, bcount, bcode, binc, bbody, loc);
	stmt_append(out, phased ? phased : rl);
	for (int i = 0; i < copies_after->u.block.n; i++)
		stmt_append(out, copies_after->u.block.items[i]);
	if (!adj_empty(binit))
		stmt_append(out, binit);
	return out;
}
