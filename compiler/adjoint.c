/*
 * adjoint.c - reverse mode: f -> f_b.
 *
 * Every function is split in two, once per calling pattern:
 *
 *   f_fwd  runs f and records on the tape what the reverse sweep needs;
 *   f_bwd  replays f backwards from the tape, accumulating adjoints.
 *
 * The public f_b calls f_fwd, then f_bwd, and returns f's result.  A call
 * y = g(a) in f becomes y = g_fwd(a) in f_fwd and g_bwd(...) at the same
 * place of f_bwd (split mode), so no function needs snapshots of its inputs.
 *
 * What is recorded:
 * - Floating values: the operands an adjoint statement needs (the b of
 *   y = a * b) are pushed just before the statement runs, when their
 *   storage may change later ("save at use"); data that nothing writes
 *   (pure inputs, const globals) is read again in f_bwd.  Floating
 *   variables are never restored, so arrays hold f's outputs after f_b.
 * - Integers and pointers that the reverse sweep reads (indices, counters,
 *   pointers into active data) are kept exact: updates with an inverse
 *   (i++, i += k, p += k) are undone in f_bwd, others push the old value.
 *   Pointers travel as offsets from the array they point into.
 * - Control flow: a bit per if that needs reversing, an iteration count
 *   per loop (none for a counted loop, whose count f_bwd computes from
 *   its bounds: see lb_get), and for loops left by break, continue or
 *   return, a code per iteration telling where it ended.  The statements
 *   of a block are reversed under guards "code == 0 || code >= k" where k
 *   numbers the exit sites in source order, so only the statements that
 *   ran are reversed.
 *
 * f_fwd hoists its local declarations to the top (initializers become
 * assignments), so the state at each return can be handed to f_bwd through
 * the tape.  The adjoint rules (expression level) are:
 *
 *   v = e:     t = v_b; v_b = 0; e_b += t
 *   v += e:    e_b += v_b
 *   v *= e:    t = v_b; v_b = t * e; e_b += t * v
 *   a * b:     a_b += t * b; b_b += a * t
 *   a / b:     a_b += t / b; b_b -= t * a / (b * b)
 *   f(a, b):   a_b += t * df/da; b_b += t * df/db   (rules.def)
 *   c ? a : b: the branch recorded in f_fwd gets t
 *
 * A call with a user-supplied derivative (#pragma ck_derivative, see
 * userrules.c) runs as it is in f_fwd; f_bwd calls the user's adjoint
 * with the values the call saw (adj_rule_call).
 *
 * The reverse mode spans three files: this one (the scheme, expressions,
 * statements, functions), record.c (rematerialization, counted loops and
 * loop copies: what f_fwd records and what f_bwd computes again) and
 * checkpoint.c (checkpoint regions, binomial loops); adjoint.h has what
 * they share.
 */
#include "ckc.h"
#include "adjoint.h"

#include <math.h>
#include <string.h>

/* ---------------------------------------------------------------- maps */

static unsigned pm_hash(const void *k, int cap)
{
	unsigned long x = (unsigned long)k;
	x ^= x >> 17;
	x *= 0x9E3779B1UL;
	return (unsigned)(x >> 7) & (unsigned)(cap - 1);
}

int pm_get(const PtrMap *m, const void *k)
{
	if (!m->cap)
		return -1;
	for (unsigned i = pm_hash(k, m->cap);; i = (i + 1) & (unsigned)(m->cap - 1)) {
		if (!m->keys[i])
			return -1;
		if (m->keys[i] == k)
			return m->vals[i];
	}
}

void pm_put(PtrMap *m, const void *k, int v)
{
	if (2 * (m->n + 1) > m->cap) {
		PtrMap g;
		g.cap = m->cap ? 2 * m->cap : 64;
		g.n = 0;
		g.keys = arena_alloc(sizeof(void *) * (size_t)g.cap);
		g.vals = arena_alloc(sizeof(int) * (size_t)g.cap);
		for (int i = 0; i < m->cap; i++)
			if (m->keys[i])
				pm_put(&g, m->keys[i], m->vals[i]);
		*m = g;
	}
	unsigned i = pm_hash(k, m->cap);
	while (m->keys[i] && m->keys[i] != k)
		i = (i + 1) & (unsigned)(m->cap - 1);
	if (!m->keys[i])
		m->n++;
	m->keys[i] = k;
	m->vals[i] = v;
}

/* --------------------------------------------------------- exit sites
 *
 * A site is a break, continue or return.  Each loop numbers the sites that
 * leave its iterations (its breaks and continues, and every return inside
 * it), and the function numbers its returns, 1, 2, ... in source order.
 * Every statement knows the sites of its own scope (the innermost loop
 * around it, or the function) that lie inside it: the first id and how
 * many. */

static SiteInfo *site_info(SiteWalk *w, const Stmt *s)
{
	int i = pm_get(&w->map, s);
	if (i >= 0)
		return w->infos[i];
	SiteInfo *si = ARENA_NEW(SiteInfo);
	ARENA_PUSH(w->infos, w->ninfos, si);
	pm_put(&w->map, s, w->ninfos - 1);
	return si;
}

/* Gives the next id of scope sc to a site and counts it in every
 * statement on the path that belongs to scope sc. */
static int site_number(SiteWalk *w, int sc)
{
	int id = ++w->next_id[sc];
	for (int i = 0; i < w->depth; i++) {
		SiteInfo *si = site_info(w, w->path[i]);
		si->any = 1;
		if (w->path_scope[i] != sc)
			continue;
		if (!si->count)
			si->first = id;
		si->count++;
	}
	return id;
}

static void site_walk(SiteWalk *w, const Stmt *s);

static void site_walk_in_scope(SiteWalk *w, const Stmt *s, const Stmt *loop)
{
	if (!s)
		return;
	if (w->nscopes == w->cap) {
		/* grow both stacks together */
		int cap = w->cap ? 2 * w->cap : 16;
		const Stmt **sc = arena_alloc(sizeof(Stmt *) * (size_t)cap);
		int *ids = arena_alloc(sizeof(int) * (size_t)cap);
		if (w->nscopes) {
			memcpy(sc, w->scopes, sizeof(Stmt *) * (size_t)w->nscopes);
			memcpy(ids, w->next_id, sizeof(int) * (size_t)w->nscopes);
		}
		w->scopes = sc;
		w->next_id = ids;
		w->cap = cap;
	}
	w->scopes[w->nscopes] = loop;
	w->next_id[w->nscopes] = 0;
	w->nscopes++;
	site_walk(w, s);
	w->nscopes--;
	site_info(w, loop)->nsites = w->next_id[w->nscopes];
}

static void site_walk(SiteWalk *w, const Stmt *s)
{
	if (!s)
		return;
	/* the path grows like the scope stack; 4096 nested statements is far
	 * beyond real code, and deeper nesting is refused by the caller */
	if (w->depth >= 4096)
		return;
	w->path[w->depth] = s;
	w->path_scope[w->depth] = w->nscopes - 1;
	w->depth++;
	SiteInfo *si = site_info(w, s);
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			site_walk(w, s->u.block.items[i]);
		break;
	case S_IF:
		site_walk(w, s->u.ifs.then);
		site_walk(w, s->u.ifs.els);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		site_walk_in_scope(w, s->u.loop.body, s);
		break;
	case S_CHECKPOINT:
		site_walk(w, s->u.ckpt.body);
		break;
	case S_BREAK: case S_CONTINUE:
		si->id = site_number(w, w->nscopes - 1);
		break;
	case S_RETURN:
		si->nloops = w->nscopes - 1;
		si->loops = arena_alloc(sizeof(Stmt *) * (size_t)(si->nloops + 1));
		si->loop_ids = arena_alloc(sizeof(int) * (size_t)(si->nloops + 1));
		for (int k = 1; k < w->nscopes; k++) {
			si->loops[k - 1] = w->scopes[k];
			si->loop_ids[k - 1] = site_number(w, k);
		}
		si->fn_id = site_number(w, 0);
		si->id = si->nloops ? si->loop_ids[si->nloops - 1] : si->fn_id;
		break;
	default:
		break;
	}
	w->depth--;
}

/* ---------------------------------------------------------- variants */

static AdjVariant **adj_variants;
static int adj_nvariants;
int adj_tbr = 1; /* off: tape every floating operand (--no-tbr) */
/* What may change a global before f_bwd reads it again (adj_globals_scan),
 * for the note of a refusal: per global, the first store into it or
 * pointer taken to it; for all of them, the first call of a function that
 * may change globals (a ck_inactive or unknown external one, not exit or
 * abort) or the first pointer that may point into one. */
typedef struct GlobalChange {
	Loc at; /* at.file NULL: nothing seen */
	const char *what;
	int sure; /* a store into the global itself */
} GlobalChange;
static GlobalChange *adj_global_changes; /* per global */
static int adj_nglobal_changes;
static GlobalChange adj_globals_any;
static const GlobalChange *adj_global_change(int i);

void adjoint_set_tbr(int on)
{
	adj_tbr = on;
}

int adj_counted = 1; /* off: every loop tapes its count (lb_get) */

void adjoint_set_counted(int on)
{
	adj_counted = on;
}


/* ----------------------------------------------------------- helpers */

static Type *adj_tape_type(void)
{
	static Type *t;
	if (!t) {
		Type *o = type_new(TY_OTHER);
		o->name = "ck_tape";
		t = type_ptr(o);
	}
	return t;
}

Type *adj_long(void)
{
	return type_long();
}

static Loc adj_noloc(void)
{
	Loc l = {NULL, 0, 0};
	return l;
}

Expr *adj_call(const char *name, Type *ret, Expr *a, Expr *b)
{
	return expr_call_n(name, ret, a ? a->loc : adj_noloc(), a, b, NULL);
}

/* What an expression that could not be built stands for once its error
 * is reported: a null pointer of the right type, so building goes on. */
static Expr *adj_bad_ptr(const Expr *e)
{
	Type *t = type_is_pointerish(e->type) ? e->type : type_ptr(type_double());
	if (t->kind == TY_ARRAY)
		t = type_ptr(t->base);
	return expr_cast(t, expr_int(0, e->loc), e->loc);
}

Type *adj_void(void)
{
	static Type t = { TY_VOID, 0, NULL, NULL, 0, NULL, 0, 0, NULL, NULL };
	return &t;
}

/* ck_push_X(ck_t, e) as a statement of fwd. */
Stmt *adj_push(Adj *c, Expr *e)
{
	const char *fn;
	Type *t = e->type;
	if (t->kind == TY_DOUBLE)
		fn = "ck_push_d";
	else if (t->kind == TY_FLOAT)
		fn = "ck_push_f";
	else if (t->kind == TY_PTR)
		fn = "ck_push_p"; /* (an MPI_Op of Open MPI held in a variable) */
	else
		fn = "ck_push_i";
	Expr *tape = expr_var(c->fwd, c->ft, e->loc);
	return stmt_expr(S_EXPR, adj_call(fn, adj_void(), tape, e), e->loc);
}

Stmt *adj_push_bit(Adj *c, int bit, Loc loc)
{
	Expr *tape = expr_var(c->fwd, c->ft, loc);
	return stmt_expr(S_EXPR,
			 adj_call("ck_push_b", adj_void(), tape, expr_int(bit, loc)),
			 loc);
}

/* ck_pop_X(ck_t) in bwd, of the type of t. */
Expr *adj_pop(Adj *c, Type *t, Loc loc)
{
	if (t->kind == TY_PTR)
		return expr_cast(type_with_const(t, 0),
				 adj_call("ck_pop_p", type_ptr(adj_void()),
					  expr_var(c->bwd, c->bt, loc), NULL),
				 loc);
	const char *fn = t->kind == TY_DOUBLE  ? "ck_pop_d"
			 : t->kind == TY_FLOAT ? "ck_pop_f"
					       : "ck_pop_i";
	Type *rt = type_is_float(t) ? type_with_const(t, 0) : adj_long();
	return adj_call(fn, rt, expr_var(c->bwd, c->bt, loc), NULL);
}

Expr *adj_pop_bit(Adj *c, Loc loc)
{
	return adj_call("ck_pop_b", type_int(), expr_var(c->bwd, c->bt, loc),
			NULL);
}

const char *adj_fresh(Adj *c, Func *g, const char *base)
{
	return name_fresh2(c->p, c->f, g, base);
}

/* A new local of bwd (or fwd), declared where decls collects it. */
int adj_local(Adj *c, Func *g, const char *base, Type *t)
{
	return func_add_var(g, adj_fresh(c, g, base), t, VAR_LOCAL,
			    adj_noloc());
}

/* Marks var id of g as an adjoint (Var.is_adjoint); returns id. */
static int adj_mark(Func *g, int id)
{
	g->vars[id]->is_adjoint = 1;
	return id;
}

int adj_is_site_stmt(const Stmt *s)
{
	return s->kind == S_BREAK || s->kind == S_CONTINUE ||
	       s->kind == S_RETURN;
}

SiteInfo *adj_site(Adj *c, const Stmt *s)
{
	return site_info(&c->v->sites, s);
}

int adj_empty(const Stmt *b)
{
	return !b || (b->kind == S_BLOCK && b->u.block.n == 0);
}

/* ------------------------------------------------ storage and bases
 *
 * A pointer variable points into one base: a pointer parameter, a local
 * array, or a scalar whose address is taken.  In f_bwd a pointer is its
 * offset from that base, and its adjoint is the base's adjoint plus the
 * offset.  Storage is stable when nothing changes it during f: the
 * reverse sweep may read it again instead of taping it. */

static int adj_var_is_param(const Func *f, int v)
{
	return f->vars[v]->kind == VAR_PARAM;
}

static int adj_param_pos(const Func *f, int v)
{
	for (int i = 0; i < f->nparams; i++)
		if (f->params[i] == v)
			return i;
	return -1;
}

/* Marks in assigned every var that s assigns as a whole (v = ..., v++),
 * declarations apart.  One walk per function: adj_reassigned asks it
 * for every parameter read, which was quadratic in f's size. */
static void adj_mark_reassigned(const Stmt *s, unsigned char *assigned)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			adj_mark_reassigned(s->u.block.items[i], assigned);
		break;
	case S_ASSIGN:
		if (s->u.assign.lhs->kind == E_VAR)
			assigned[s->u.assign.lhs->u.var] = 1;
		break;
	case S_IF:
		adj_mark_reassigned(s->u.ifs.then, assigned);
		adj_mark_reassigned(s->u.ifs.els, assigned);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		adj_mark_reassigned(s->u.loop.init, assigned);
		adj_mark_reassigned(s->u.loop.inc, assigned);
		adj_mark_reassigned(s->u.loop.body, assigned);
		break;
	case S_CHECKPOINT:
		adj_mark_reassigned(s->u.ckpt.body, assigned);
		break;
	default:
		break;
	}
}

/* &k of an integer or pointer variable k: a callee may change k through
 * it, which counts as an assignment of k. */
static void adj_addr_reassigned(void *ctx, const Expr *e)
{
	unsigned char *assigned = ctx;
	if (e->kind == E_ADDR && e->u.e->kind == E_VAR &&
	    !type_is_float(e->u.e->type) &&
	    (type_is_arith(e->u.e->type) || e->u.e->type->kind == TY_PTR))
		assigned[e->u.e->u.var] = 1;
}

/* The &k call arguments of statement s (in expression e) into fresh. */
typedef struct FreshAddr {
	PtrMap *fresh;
	int var;
} FreshAddr;

static void adj_fresh_args(FreshAddr *x, const Expr *e)
{
	if (!e)
		return;
	if (e->kind == E_CALL) {
		for (int i = 0; i < e->u.call.nargs; i++) {
			const Expr *a = e->u.call.args[i];
			if ((a->kind == E_ADDR && a->u.e->kind == E_VAR &&
			     a->u.e->u.var == x->var) ||
			    (a->kind == E_VAR && a->u.var == x->var &&
			     type_is_pointerish(a->type)))
				pm_put(x->fresh, a, 1);
			else
				adj_fresh_args(x, a);
		}
		return;
	}
	switch (e->kind) {
	case E_UNARY:
		adj_fresh_args(x, e->u.un.e);
		return;
	case E_BINARY:
		adj_fresh_args(x, e->u.bin.l);
		adj_fresh_args(x, e->u.bin.r);
		return;
	case E_COND:
		adj_fresh_args(x, e->u.cond.c);
		return;
	case E_CAST:
		adj_fresh_args(x, e->u.e);
		return;
	default:
		return;
	}
}

static const Type *adj_array_elem(const Type *t);

/* The local array of integers that call argument a hands over, whole
 * (h(perm)) or from an element on (h(&perm[k]), h(perm + k)), or -1;
 * *uses gets how many uses of the array the argument's nodes count
 * (adj_int_passed_visit). */
static int adj_int_passed_root(const Expr *a, int *uses)
{
	int n = 1;
	if (a->kind == E_BINARY && a->u.bin.op == B_ADD &&
	    !type_is_pointerish(a->u.bin.r->type))
		a = a->u.bin.l;
	if (a->kind == E_INDEX && a->type->kind == TY_ARRAY) {
		/* a row, fill(t[r], n): a itself counts 1 */
		while (a->kind == E_INDEX)
			a = a->u.index.base;
	} else if (a->kind == E_ADDR && a->u.e->kind == E_INDEX) {
		n = 2; /* & counts 2, the element -1, a itself 1 */
		if (a->u.e->type->kind == TY_ARRAY)
			n = 3; /* &t[r], a row: no element */
		a = a->u.e;
		while (a->kind == E_INDEX)
			a = a->u.index.base;
	}
	if (a->kind != E_VAR || a->type->kind != TY_ARRAY ||
	    adj_array_elem(a->type)->kind != TY_INT)
		return -1;
	*uses = n;
	return a->u.var;
}

/* Uses of local arrays other than as a in a[k] or as a call argument
 * (IntPassed.other), and such call arguments (IntPassed.passed). */
typedef struct IntPassed {
	int *other, *passed;
} IntPassed;

static void adj_int_passed_visit(void *ctx, const Expr *e)
{
	IntPassed *x = ctx;
	if (e->kind == E_VAR) {
		x->other[e->u.var]++;
	} else if (e->kind == E_INDEX) {
		if (ir_elem_root(e) >= 0) /* (a row alone is a use) */
			x->other[ir_elem_root(e)]--;
	} else if (e->kind == E_ADDR) {
		int r = activity_root(e->u.e);
		if (r >= 0)
			x->other[r] += 2;
	} else if (e->kind == E_CALL) {
		for (int i = 0; i < e->u.call.nargs; i++) {
			int n, r = adj_int_passed_root(e->u.call.args[i], &n);
			if (r >= 0) {
				x->other[r] -= n;
				x->passed[r]++;
			}
		}
	}
}

/* Marks v->int_passed: local arrays of integers (not static, named in no
 * checkpoint region) that f hands to calls, h(perm) or h(&perm[k]), and
 * otherwise uses only through elements.  f_bwd keeps a copy of such an array as
 * of one filled by element stores alone (adj_int_array); a call that may
 * change it is one update of the whole array (adj_addr_updates). */
static void adj_find_int_passed(AdjVariant *v)
{
	const Func *f = v->f;
	IntPassed x = { arena_alloc(sizeof(int) * ((size_t)f->nvars + 1)),
			arena_alloc(sizeof(int) * ((size_t)f->nvars + 1)) };
	ir_walk_stmt(f->body, adj_int_passed_visit, &x);
	v->int_passed = arena_alloc((size_t)f->nvars + 1);
	for (int i = 0; i < f->nvars; i++) {
		const Var *a = f->vars[i];
		if (a->kind == VAR_LOCAL && !a->is_static &&
		    a->type->kind == TY_ARRAY && x.passed[i] > 0 &&
		    x.other[i] <= 0 && adj_array_elem(a->type)->kind == TY_INT)
			/* 2: for adj_bw_ptr's error only */
			v->int_passed[i] =
				stmt_in_region(f->body, i, 0) ? 2 : 1;
	}
}

/* The integer table that statement s allocates, int *perm = malloc(n) or
 * perm = calloc(n, s), or -1. */
static int adj_fresh_table(const Func *f, const Stmt *s)
{
	int k = -1;
	const Expr *rhs = NULL;
	if (s->kind == S_DECL) {
		k = s->u.decl.var;
		rhs = s->u.decl.init;
	} else if (s->kind == S_ASSIGN && s->u.assign.op == A_SET &&
		   s->u.assign.lhs->kind == E_VAR) {
		k = s->u.assign.lhs->u.var;
		rhs = s->u.assign.rhs;
	}
	const AllocRule *r = rhs ? alloc_find(rhs) : NULL;
	if (!r || r->kind != ALLOC_NEW)
		return -1;
	const Type *t = f->vars[k]->type;
	return t->kind == TY_PTR && t->base->kind == TY_INT ? k : -1;
}

/* v->fresh_addr of f's body: for each `int k;` (no value) of the body's
 * own items, the &k call arguments of the next item that mentions k, an
 * expression statement or an assignment or declaration whose value is
 * computed by calls (the arms of ?: excluded, they may not run). */
static void adj_find_fresh(AdjVariant *v)
{
	const Func *f = v->f;
	const Stmt *b = f->body;
	for (int i = 0; i < b->u.block.n; i++) {
		const Stmt *d = b->u.block.items[i];
		int k = adj_fresh_table(f, d);
		if (k < 0) {
			if (d->kind != S_DECL || d->u.decl.init ||
			    d->u.decl.ninits)
				continue;
			k = d->u.decl.var;
			const Type *t = f->vars[k]->type;
			if (t->kind == TY_ARRAY) /* int perm[n]; h(perm) */
				t = adj_array_elem(t);
			if (type_is_float(t) || !type_is_arith(t))
				continue;
		}
		for (int j = i + 1; j < b->u.block.n; j++) {
			const Stmt *s = b->u.block.items[j];
			if (!stmt_mentions(s, k))
				continue;
			FreshAddr x = { &v->fresh_addr, k };
			if (s->kind == S_EXPR)
				adj_fresh_args(&x, s->u.expr);
			else if (s->kind == S_ASSIGN &&
				 s->u.assign.op == A_SET &&
				 !adj_reads_var(s->u.assign.lhs, k))
				adj_fresh_args(&x, s->u.assign.rhs);
			else if (s->kind == S_DECL)
				adj_fresh_args(&x, s->u.decl.init);
			break;
		}
	}
}

/* Is var v of v->f ever assigned after its declaration? */
int adj_reassigned(const AdjVariant *v, int var)
{
	return v->reassigned[var];
}

/* The first statement that assigns var v, or NULL. */
const Stmt *adj_first_assign(const Stmt *s, int v)
{
	const Stmt *r = NULL;
	if (!s)
		return NULL;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n && !r; i++)
			r = adj_first_assign(s->u.block.items[i], v);
		return r;
	case S_ASSIGN:
		return s->u.assign.lhs->kind == E_VAR &&
				       s->u.assign.lhs->u.var == v
			       ? s
			       : NULL;
	case S_IF:
		r = adj_first_assign(s->u.ifs.then, v);
		return r ? r : adj_first_assign(s->u.ifs.els, v);
	case S_FOR: case S_WHILE: case S_DO:
		r = adj_first_assign(s->u.loop.init, v);
		r = r ? r : adj_first_assign(s->u.loop.body, v);
		return r ? r : adj_first_assign(s->u.loop.inc, v);
	case S_CHECKPOINT:
		return adj_first_assign(s->u.ckpt.body, v);
	default:
		return NULL;
	}
}

/* Reverse mode keeps each pointer parameter where the caller put it: the
 * base that local pointers are offsets from.  The front end walks a
 * parameter that the body assigns through a local copy (walked_param), so
 * this only guards against a pass that assigns one. */
static int adj_check_params(const Func *f)
{
	int ok = 1;
	for (int i = 0; i < f->nparams; i++) {
		int v = f->params[i];
		if (f->vars[v]->type->kind != TY_PTR)
			continue;
		const Stmt *s = adj_first_assign(f->body, v);
		if (!s)
			continue;
		diag_error(s->loc, "the reverse mode does not support assigning "
				   "the pointer parameter '%s'; use a local "
				   "pointer or an index",
			   f->vars[v]->name);
		ok = 0;
	}
	return ok;
}

/* ---- local structs
 *
 * f_bwd cannot see f_fwd's locals.  A local struct s is supported when
 * its integer and pointer members are set only by the stores right after
 * its declaration (what an initializer becomes: Matrix m = {4, 4, buf})
 * from values that nothing changes later in its block, and the stores
 * call nothing.  f_bwd then declares, where the block's reverse starts, a
 * copy of s whose integer members the same stores set again, and the
 * adjoint s_b, whose pointer members point to the adjoints of what s's
 * point to:
 *
 *   Matrix m = {4, 4, buf};  ->  f_bwd:  Matrix m = {0}; m.nrows = 4; ...
 *                                        Matrix m_b = {0}; m_b.data = buf_b;
 *
 * Floating members are ordinary floating storage (taped where needed).
 * A local array of structs is the same, element by element (layer L[2] =
 * {{4, 8, W1, b1}, ...}: L_b[0].W = W1_b); other local structs and
 * arrays of them are refused at their declaration. */

/* Is x a struct, or an array of structs (the same setup, per element)? */
int adj_struct_local(const Var *x)
{
	const Type *t = x->type;
	while (t->kind == TY_ARRAY)
		t = t->base;
	/* (not a static const table, which f_bwd declares as f does) */
	return t->kind == TY_STRUCT &&
	       !(x->is_static && type_is_readonly(x->type));
}

/* Is lvalue lv a member (or an element of a member) of local var v? */
int adj_member_of(const Expr *lv, int v)
{
	if (lv->kind != E_MEMBER && lv->kind != E_INDEX)
		return 0;
	while (lv->kind == E_MEMBER || lv->kind == E_INDEX)
		lv = lv->kind == E_MEMBER ? lv->u.mem.base : lv->u.index.base;
	return lv->kind == E_VAR && lv->u.var == v;
}

/* Variables an expression reads, and whether it calls anything. */
typedef struct ExprUses {
	int *vars;
	int n;
	int call;
} ExprUses;

static void adj_uses_visit(void *ctx, const Expr *e)
{
	ExprUses *u = ctx;
	if (e->kind == E_CALL)
		u->call = 1;
	if (e->kind == E_VAR) {
		int *g = arena_alloc(sizeof(int) * (size_t)(u->n + 1));
		for (int i = 0; i < u->n; i++)
			g[i] = u->vars[i];
		g[u->n++] = e->u.var;
		u->vars = g;
	}
}

/* Do the indices in lvalue lv mention v? */
static int adj_index_mentions(const Expr *lv, int v)
{
	while (lv->kind == E_MEMBER || lv->kind == E_INDEX) {
		if (lv->kind == E_INDEX && expr_mentions(lv->u.index.idx, v))
			return 1;
		lv = lv->kind == E_MEMBER ? lv->u.mem.base : lv->u.index.base;
	}
	return 0;
}

/* Why adj_struct_setup found a setup unsound: the variable a store of it
 * reads that changes later in the block (or -1), and that store. */
typedef struct SetupWhy {
	int changed;
	const Stmt *store;
} SetupWhy;

/* Finds the declaration of local struct v in block b (recursively) and
 * records its setup; returns 1 when v's declaration was found and its
 * setup is sound, 0 when found and not (saying why in *why when a value
 * changes), -1 when not in b. */
static int adj_struct_setup(AdjVariant *av, const Stmt *b, int v,
			    SetupWhy *why)
{
	if (!b)
		return -1;
	switch (b->kind) {
	case S_BLOCK:
		for (int i = 0; i < b->u.block.n; i++) {
			const Stmt *it = b->u.block.items[i];
			if (it->kind != S_DECL || it->u.decl.var != v) {
				int r = adj_struct_setup(av, it, v, why);
				if (r >= 0)
					return r;
				continue;
			}
			/* the member stores that come before any other use of
			 * v; those of integer and pointer members are its
			 * setup */
			for (int j = i + 1; j < b->u.block.n; j++) {
				const Stmt *st = b->u.block.items[j];
				if (!stmt_mentions(st, v))
					continue;
				if (st->kind != S_ASSIGN || st->u.assign.op != A_SET ||
				    !adj_member_of(st->u.assign.lhs, v) ||
				    expr_mentions(st->u.assign.rhs, v) ||
				    adj_index_mentions(st->u.assign.lhs, v))
					break;
				if (type_is_float(st->u.assign.lhs->type))
					continue;
				if (expr_has_call(st->u.assign.rhs) ||
				    expr_has_call(st->u.assign.lhs))
					return 0;
				Stmt *const *rest = b->u.block.items + j + 1;
				int nrest = b->u.block.n - j - 1;
				ExprUses u = { NULL, 0, 0 };
				ir_walk_expr(st->u.assign.rhs, adj_uses_visit, &u);
				ir_walk_expr(st->u.assign.lhs, adj_uses_visit, &u);
				for (int q = 0; q < u.n; q++)
					if (u.vars[q] != v &&
					    views_changes(rest, nrest,
							  u.vars[q])) {
						why->changed = u.vars[q];
						why->store = st;
						return 0;
					}
				pm_put(&av->setup, st, 1);
			}
			return 1;
		}
		return -1;
	case S_IF: {
		int r = adj_struct_setup(av, b->u.ifs.then, v, why);
		return r >= 0 ? r : adj_struct_setup(av, b->u.ifs.els, v, why);
	}
	case S_FOR: case S_WHILE: case S_DO: {
		int r = adj_struct_setup(av, b->u.loop.init, v, why);
		return r >= 0 ? r : adj_struct_setup(av, b->u.loop.body, v, why);
	}
	case S_CHECKPOINT:
		return adj_struct_setup(av, b->u.ckpt.body, v, why);
	default:
		return -1;
	}
}

/* Checks every local struct of v's function (once per variable). */
static int adj_local_structs(AdjVariant *av)
{
	const Func *f = av->f;
	int ok = 1;
	for (int v = 0; v < f->nvars; v++) {
		Var *x = f->vars[v];
		const Type *t = x->type;
		while (t->kind == TY_ARRAY)
			t = t->base;
		if (x->kind != VAR_LOCAL || t->kind != TY_STRUCT || x->dropped)
			continue;
		SetupWhy why = { -1, NULL };
		if (!x->is_static && adj_struct_setup(av, f->body, v, &why) == 1)
			continue;
		/* a static const table: every call reads what it declares */
		if (x->is_static && type_is_readonly(x->type))
			continue;
		ok = 0;
		if (x->refused++)
			continue;
		if (x->type->kind != TY_STRUCT)
			diag_error(x->loc,
				   "the reverse mode supports a local array "
				   "of structs ('%s') only when its integer "
				   "and pointer members are set by its "
				   "initializer, from values that do not "
				   "change later in its block, or when "
				   "nothing but its members are used "
				   "(%s[i].m); otherwise let the caller pass "
				   "it by pointer",
				   x->name, x->name);
		else if (why.changed >= 0) {
			diag_error(why.store->loc,
				   "the reverse mode supports a local struct "
				   "('%s') only when its integer and pointer "
				   "members are set by its initializer or "
				   "the stores right after its declaration, "
				   "from values that do not change later in "
				   "its block; '%s', which this store reads, "
				   "changes later",
				   x->name, f->vars[why.changed]->name);
			diag_note(x->loc, "'%s' declared here", x->name);
		} else
			diag_error(x->loc, "the reverse mode supports a local "
					   "struct ('%s') only when its integer "
					   "and pointer members are set by its "
					   "initializer, from values that do not "
					   "change later in its block",
				   x->name);
	}
	return ok;
}

/* ---- buffers from malloc
 *
 * A heap variable is a local pointer to floating data with a shadow, set
 * only from allocation calls (alloc.c): p = malloc(n), calloc(k, s), or
 * p = realloc(p, n) of itself.  It is its own base.  f_fwd keeps, next to
 * it, the size of its buffer (p_bytes); every allocation pushes the old
 * pointer and size, a free(p) waits (does nothing in f_fwd), and at a
 * return f_fwd hands the pointer and size to f_bwd, which gives the buffer
 * a zeroed shadow there (the buffer's data is dead after it: a zero
 * adjoint).  f_bwd reverses an allocation by freeing the buffer and its
 * shadow and taking back the old buffer with a fresh shadow:
 *
 *   p = malloc(n)     fwd:  ck_push_p(t, p); ck_push_i(t, p_bytes);
 *                           p = malloc(n); p_bytes = n;
 *                     bwd:  free(p); ck_shadow_free(p_b);
 *                           p_bytes = ck_pop_i(t); p = ck_pop_p(t);
 *                           p_b = ck_shadow_alloc(p_bytes);
 *   p = realloc(p, n) fwd:  (pushes) p = ck_fwd_realloc(p, p_bytes, n);
 *                           p_bytes = n;   (the old buffer stays alive)
 *                     bwd:  free(p); p_bytes = ck_pop_i(t); p = ck_pop_p(t);
 *                           p_b = ck_shadow_unrealloc(p_b, p_bytes);
 *                           (the moved data's adjoints move back)
 *   free(p)           fwd, bwd: nothing
 *
 * The floating values in the buffer are taped like any other storage's.
 * Other local pointers may point into a heap buffer only when its
 * variable is set once, outside loops. */

typedef struct HeapScan {
	int var;
	int sets;    /* assignments (and initializers) of var */
	int in_loop; /* one of them in a loop */
	int bad;     /* one that is not an allocation of var's own */
	int loops;
} HeapScan;

/* Is e a null pointer constant (NULL, 0, (double *)0)? */
static int adj_is_null(const Expr *e)
{
	while (e && e->kind == E_CAST)
		e = e->u.e;
	return e && e->kind == E_NUM && e->u.num.is_int && e->u.num.ival == 0;
}

static void adj_heap_set(HeapScan *h, const Expr *rhs, AssignOp op)
{
	const AllocRule *r = rhs ? alloc_find(rhs) : NULL;
	const Expr *old = r ? alloc_old(rhs) : NULL;
	h->sets++;
	h->in_loop |= h->loops > 0;
	if (op == A_SET && adj_is_null(rhs))
		return; /* no buffer */
	if (op != A_SET || !r || r->kind == ALLOC_FREE || !r->user ||
	    (old && !(old->kind == E_VAR && old->u.var == h->var)))
		h->bad = 1;
}

static void adj_heap_scan(HeapScan *h, const Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			adj_heap_scan(h, s->u.block.items[i]);
		break;
	case S_DECL:
		if (s->u.decl.var == h->var && s->u.decl.init)
			adj_heap_set(h, s->u.decl.init, A_SET);
		break;
	case S_ASSIGN:
		if (s->u.assign.lhs->kind == E_VAR &&
		    s->u.assign.lhs->u.var == h->var)
			adj_heap_set(h, s->u.assign.rhs, s->u.assign.op);
		break;
	case S_IF:
		adj_heap_scan(h, s->u.ifs.then);
		adj_heap_scan(h, s->u.ifs.els);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		h->loops++;
		adj_heap_scan(h, s->u.loop.init);
		adj_heap_scan(h, s->u.loop.inc);
		adj_heap_scan(h, s->u.loop.body);
		h->loops--;
		break;
	case S_CHECKPOINT:
		adj_heap_scan(h, s->u.ckpt.body);
		break;
	default:
		break;
	}
}

typedef struct IntAllocs {
	int var, bad;
} IntAllocs;

static void adj_int_allocs(void *ctx, const Stmt *s)
{
	IntAllocs *a = ctx;
	const Expr *rhs =
		s->kind == S_DECL && s->u.decl.var == a->var ? s->u.decl.init
		: s->kind == S_ASSIGN && s->u.assign.lhs->kind == E_VAR &&
				s->u.assign.lhs->u.var == a->var
			? s->u.assign.rhs
			: NULL;
	if (!rhs)
		return;
	const AllocRule *r = alloc_find(rhs);
	if (!r || r->kind != ALLOC_NEW || !r->user)
		a->bad = 1;
}

/* Marks v->heap_int: local int pointers to buffers they allocate
 * themselves with malloc or calloc (never resized), named in no
 * checkpoint region. */
static void adj_find_heap_int(AdjVariant *v)
{
	const Func *f = v->f;
	v->heap_int = arena_alloc((size_t)f->nvars + 1);
	for (int i = 0; i < f->nvars; i++) {
		const Var *x = f->vars[i];
		if (x->kind != VAR_LOCAL || x->is_static || x->dropped ||
		    x->type->kind != TY_PTR || x->type->base->kind != TY_INT ||
		    stmt_in_region(f->body, i, 0))
			continue;
		HeapScan h = { i, 0, 0, 0, 0 };
		adj_heap_scan(&h, f->body);
		IntAllocs a = { i, 0 };
		ir_visit_stmts(f->body, adj_int_allocs, &a);
		v->heap_int[i] = h.sets > 0 && !h.bad && !a.bad;
	}
}

/* Is v an integer table in malloc'd buffers that f_bwd reads (see
 * AdjVariant.heap_int)?  f_fwd then keeps its buffers until f_bwd frees
 * them, hands their pointers over as for active buffers, and tapes the
 * old values of its element stores. */
int adj_heap_int(const Adj *c, int v)
{
	/* (as needed was when the round began: adj_heap_vars) */
	return c->v->heap_int[v] && c->hptr_b && c->hptr_b[v] >= 0;
}

/* Marks v->heap; members counts the variables of each activity node. */
static void adj_find_heap(AdjVariant *v, const int *members)
{
	const Func *f = v->f;
	v->heap = arena_alloc((size_t)f->nvars + 1);
	v->heap_alias = arena_alloc((size_t)f->nvars + 1);
	adj_find_heap_int(v);
	for (int i = 0; i < f->nvars; i++) {
		const Var *x = f->vars[i];
		if (x->kind != VAR_LOCAL || x->is_static || x->dropped ||
		    x->type->kind != TY_PTR || !type_float_elem(x->type))
			continue;
		/* buffers of inactive data only where a region's
		 * recomputation makes them again, or reads them */
		if (!activity_var_varied(v->a, i) &&
		    !stmt_in_region(f->body, i, 0))
			continue;
		HeapScan h = { i, 0, 0, 0, 0 };
		adj_heap_scan(&h, f->body);
		if (h.sets == 0 || h.bad)
			continue;
		if (members[v->a->node[i]] > 1 && (h.sets > 1 || h.in_loop)) {
			v->heap_alias[i] = 1;
			continue;
		}
		v->heap[i] = 1;
	}
}

static void adj_find_bases(AdjVariant *v)
{
	const Func *f = v->f;
	const Activity *a = v->a;
	int n = f->nvars;
	int *node_base = arena_alloc(sizeof(int) * (size_t)(n + 1));
	int *members = arena_alloc(sizeof(int) * (size_t)(n + 1));
	unsigned char *cand = arena_alloc((size_t)(n + 1));
	for (int i = 0; i < n; i++) {
		node_base[i] = -1;
		members[a->node[i]]++;
	}
	adj_find_heap(v, members);
	for (int i = 0; i < n; i++) {
		Type *t = f->vars[i]->type;
		cand[i] = t->kind == TY_ARRAY || v->heap[i] ||
			  (t->kind == TY_PTR && adj_var_is_param(f, i)) ||
			  (t->kind != TY_PTR && members[a->node[i]] > 1);
		if (!cand[i])
			continue;
		/* a struct variable joins its node through its pointer
		 * members; no local pointer counts from it (those that would
		 * are refused by adj_check_struct_pointers) */
		if (t->kind == TY_STRUCT)
			continue;
		int *nb = &node_base[a->node[i]];
		*nb = *nb == -1 ? i : -2;
	}
	/* A base is its own base, also when a local pointer may point into
	 * it or another array (the node's -2): only that pointer is refused,
	 * not the arrays (`in = x; ... in = &h[k]` named 'h' too). */
	v->base = arena_alloc(sizeof(int) * (size_t)(n + 1));
	for (int i = 0; i < n; i++)
		v->base[i] = cand[i] ? i : node_base[a->node[i]];
	/* a struct is the base of its own storage, and so is a pointer
	 * parameter to structs, also where a struct's pointer members join
	 * its node to other storage */
	for (int i = 0; i < n; i++)
		if (type_bottom(f->vars[i]->type)->kind == TY_STRUCT &&
		    (f->vars[i]->type->kind != TY_PTR ||
		     adj_var_is_param(f, i)))
			v->base[i] = i;
}

/* The element type a pointer into var b's storage counts in. */
static const Type *adj_elem_type(const Type *t)
{
	return type_is_pointerish(t) ? t->base : t;
}

typedef struct MemberStore {
	AdjVariant *v;
	int ok;
} MemberStore;

/* Is lvalue lv (or what it indexes) a member of a struct? */
static int adj_in_member(const Expr *lv)
{
	while (lv->kind == E_INDEX || lv->kind == E_DEREF)
		lv = lv->kind == E_INDEX ? lv->u.index.base : lv->u.e;
	return lv->kind == E_MEMBER;
}

static void adj_member_stores(MemberStore *m, const Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			adj_member_stores(m, s->u.block.items[i]);
		break;
	case S_ASSIGN: {
		const Expr *lv = s->u.assign.lhs, *mem = ir_lv_member(lv);
		/* (a changed integer member: f_bwd reads it nowhere,
		 * normalize.c hoists every read of it into a local) */
		if (type_is_float(lv->type) || !adj_in_member(lv) ||
		    pm_get(&m->v->setup, s) > 0 ||
		    (mem && !type_is_pointerish(lv->type) &&
		     ir_field_changed(mem)))
			break;
		m->ok = 0;
		if (type_is_pointerish(lv->type))
			diag_error(
				s->loc,
				"the reverse mode does not support changing "
				"pointer members of structs yet; keep such "
				"pointers in local variables");
		else
			diag_error(
				s->loc,
				"the reverse mode cannot follow this change "
				"of an integer member of a struct: the "
				"struct's initializer set it from values "
				"that change later; keep such values in "
				"local variables");
		break;
	}
	case S_IF:
		adj_member_stores(m, s->u.ifs.then);
		adj_member_stores(m, s->u.ifs.els);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		adj_member_stores(m, s->u.loop.init);
		adj_member_stores(m, s->u.loop.inc);
		adj_member_stores(m, s->u.loop.body);
		break;
	case S_CHECKPOINT:
		adj_member_stores(m, s->u.ckpt.body);
		break;
	default:
		break;
	}
}

/* Pointers travel to f_bwd as offsets from their base, counted in the
 * base's elements, so a local pointer into storage that holds structs
 * must point to whole elements of the base (a Bone * into Bone bones[]),
 * not into a struct's members (&m.data[k], p->w + i). */
typedef struct IntoStruct {
	const Func *f;
	int var;   /* the local pointer */
	int found; /* one of its values is taken from a struct variable */
} IntoStruct;

static void adj_into_struct_stmt(IntoStruct *w, const Stmt *s);

static void adj_into_struct_value(IntoStruct *w, const Expr *e)
{
	int *roots, n;
	if (!e)
		return;
	n = activity_roots(e, &roots);
	for (int i = 0; i < n; i++)
		if (w->f->vars[roots[i]]->type->kind == TY_STRUCT)
			w->found = 1;
}

static void adj_into_struct_stmt(IntoStruct *w, const Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			adj_into_struct_stmt(w, s->u.block.items[i]);
		break;
	case S_DECL:
		if (s->u.decl.var == w->var)
			adj_into_struct_value(w, s->u.decl.init);
		break;
	case S_ASSIGN:
		if (s->u.assign.lhs->kind == E_VAR &&
		    s->u.assign.lhs->u.var == w->var && s->u.assign.rhs)
			adj_into_struct_value(w, s->u.assign.rhs);
		break;
	case S_IF:
		adj_into_struct_stmt(w, s->u.ifs.then);
		adj_into_struct_stmt(w, s->u.ifs.els);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		adj_into_struct_stmt(w, s->u.loop.init);
		adj_into_struct_stmt(w, s->u.loop.inc);
		adj_into_struct_stmt(w, s->u.loop.body);
		break;
	case S_CHECKPOINT:
		adj_into_struct_stmt(w, s->u.ckpt.body);
		break;
	default:
		break;
	}
}

/* Is t a struct whose members are all numbers of scalar type e (or
 * arrays or structs of them), so that an array of e holds t's in turn? */
static int adj_struct_of(const Type *t, const Type *e)
{
	if (t->kind == TY_ARRAY)
		return adj_struct_of(t->base, e);
	if (t->kind != TY_STRUCT)
		return type_is_float(t) && t->kind == e->kind;
	if (!type_is_float(e) || !t->st->complete || !t->st->nfields)
		return 0;
	for (int i = 0; i < t->st->nfields; i++)
		if (!adj_struct_of(t->st->fields[i].type, e))
			return 0;
	return 1;
}

static int adj_check_struct_pointers(AdjVariant *v)
{
	const Func *f = v->f;
	int ok = 1;
	for (int i = 0; i < f->nvars; i++) {
		Var *x = f->vars[i];
		int b = v->base[i];
		if (x->kind == VAR_LOCAL && x->type->kind == TY_PTR &&
		    !x->dropped) {
			/* a pointer into a struct variable's members */
			IntoStruct w = { f, i, 0 };
			adj_into_struct_stmt(&w, f->body);
			if (w.found) {
				ok = 0;
				if (!x->refused++)
					diag_error(x->loc,
						   "the reverse mode cannot follow "
						   "the local pointer '%s' into the "
						   "members of a struct yet; index "
						   "the member itself (s.data[k], "
						   "p->w[i])",
						   x->name);
				continue;
			}
		}
		if (x->kind != VAR_LOCAL || x->type->kind != TY_PTR || b < 0 ||
		    b == i)
			continue;
		const Type *be = adj_elem_type(f->vars[b]->type), *pe = x->type->base;
		/* a pointer to an element of an array of rows of structs
		 * (Q *q = &U[j][i]) */
		while (be->kind == TY_ARRAY && pe->kind != TY_ARRAY)
			be = be->base;
		if (type_bottom(be)->kind != TY_STRUCT &&
		    type_bottom(pe)->kind != TY_STRUCT)
			continue;
		if (be->kind == pe->kind &&
		    (be->kind != TY_STRUCT || be->st == pe->st))
			continue;
		/* a view of a void * parameter's data as its structs
		 * (GSL's struct par *p = (struct par *)params), or of a
		 * parameter's or local array's numbers as structs of
		 * those numbers only (quat *Q = (quat *)q): the pointer's
		 * type is the data's (adj_typed_base) */
		if ((f->vars[b]->kind == VAR_PARAM && be->kind == TY_VOID) ||
		    ((f->vars[b]->kind == VAR_PARAM ||
		      f->vars[b]->type->kind == TY_ARRAY) &&
		     adj_struct_of(pe, be)))
			continue;
		ok = 0;
		if (x->refused++)
			continue;
		if (type_ptr_rows(f->vars[b]->type))
			diag_error(x->loc,
				   "the reverse mode cannot follow the local "
				   "pointer '%s' along a row of '%s', a "
				   "pointer to row pointers; index the row "
				   "itself (%s[i][k])",
				   x->name, f->vars[b]->name,
				   f->vars[b]->name);
		else
			diag_error(x->loc,
				   "the reverse mode cannot follow the local "
				   "pointer '%s' into the members of a struct "
				   "yet; index the member itself (s.data[k], "
				   "p->w[i])",
				   x->name);
	}
	return ok;
}

/* Stable storage of var v's node: a parameter's data that nothing writes,
 * and that the caller's pattern marks stable too. */
static unsigned char *adj_stable_mask(AdjVariant *v);
static int adj_param_changed(const AdjVariant *v, int pv);

/* (adj_stable without the --no-tbr switch: whether f_bwd may receive the
 * data, which a checkpoint region's recomputation needs whatever is taped) */
static int adj_stable_data(Adj *c, int var)
{
	if (var < 0)
		return 0;
	int b = c->v->base[var];
	if (b < 0 || !adj_var_is_param(c->f, b))
		return 0;
	/* a struct passed by value: its members and the data its pointer
	 * members reach, when f changes neither (f_bwd receives the same
	 * struct) */
	if (c->f->vars[b]->type->kind == TY_STRUCT) {
		if (adj_param_changed(c->v, b))
			return 0;
	} else if (c->f->vars[b]->type->kind != TY_PTR) {
		return 0;
	}
	if (c->a->written[c->a->node[var]])
		return 0;
	return adj_stable_mask(c->v)[adj_param_pos(c->f, b)] == 1;
}

int adj_stable(Adj *c, int var)
{
	return adj_tbr && adj_stable_data(c, var);
}

/* A floating scalar parameter that f never assigns and whose argument
 * f_bwd's caller can pass again: f_bwd receives it too. */
/* Does f change parameter variable pv: by assigning it, or through its
 * address (a callee writing *r for h(&s))? */
static int adj_param_changed(const AdjVariant *v, int pv)
{
	return adj_reassigned(v, pv) ||
	       v->a->written[v->a->node[pv]];
}

/* Does f_bwd of v take floating scalar parameter i (its value)? */
static int adj_bwd_takes_scalar(const AdjVariant *v, int i)
{
	return adj_tbr && v->stable[i] == 1 &&
	       !adj_param_changed(v, v->f->params[i]);
}

int adj_stable_scalar(Adj *c, int v)
{
	if (!adj_var_is_param(c->f, v) || !type_is_float(c->f->vars[v]->type))
		return 0;
	return adj_bwd_takes_scalar(c->v, adj_param_pos(c->f, v));
}

/* ------------------------------------------------- values in f_bwd */

static void adj_mark_needed(Adj *c, int v)
{
	if (!c->v->needed[v]) {
		c->v->needed[v] = 1;
		c->changed = 1;
	}
}

/* The scalar type of the elements of (multi-dimensional) array type t. */
static const Type *adj_array_elem(const Type *t)
{
	while (t->kind == TY_ARRAY)
		t = t->base;
	return t;
}

/* Is v a local array of integers (an index table: a permutation, pivots)
 * that f fills at run time and that f_bwd keeps a copy of?  Only element
 * stores a[k] = e in f's own body change it, and calls it is handed to
 * whole (AdjVariant.int_passed; never pointed into or copied whole), so
 * f_fwd tapes each store's old value, or the whole array before such a
 * call, and f_bwd puts them back when it reverses the store or the call
 * (adj_int_elem_update, adj_addr_updates), starting from the values f
 * ends with (adj_turn). */
int adj_int_array(const Adj *c, int v)
{
	const Var *x = c->f->vars[v];
	return x->kind == VAR_LOCAL && x->type->kind == TY_ARRAY &&
	       adj_array_elem(x->type)->kind == TY_INT && !x->is_static &&
	       !c->ctab[v] &&
	       (!rg_escaped(c->f)[v] || c->v->int_passed[v] == 1);
}

/* The bwd variable holding primal integer var v, or pointer var v's
 * offset from its base, or the values of integer array v
 * (adj_int_array). */
int adj_bvar(Adj *c, int v, Loc loc)
{
	adj_mark_needed(c, v);
	if (c->bmap[v] >= 0)
		return c->bmap[v];
	const Var *x = c->fwd->vars[v];
	Type *t = x->type->kind == TY_PTR ? adj_long() : type_with_const(x->type, 0);
	if (x->type->kind == TY_ARRAY && adj_int_array(c, v))
		t = adj_unconst_array(x->type);
	else if (x->type->kind != TY_INT && x->type->kind != TY_PTR) {
		diag_error(loc, "'%s' is needed by the reverse sweep, which "
				"ckc does not support for this kind of variable",
			   x->name);
		t = adj_long();
	}
	c->bmap[v] = func_add_var(c->bwd, x->name, t, VAR_LOCAL, x->loc);
	return c->bmap[v];
}

/* Array type t with writable elements (a copy; t stays as it is). */
Type *adj_unconst_array(const Type *t)
{
	if (t->kind != TY_ARRAY)
		return type_with_const((Type *)t, 0);
	Type *a = ARENA_NEW(Type);
	*a = *t;
	a->is_const = 0;
	a->base = adj_unconst_array(t->base);
	return a;
}

/* The bwd copy of const table v (adj_const_tables): declared once, at
 * the top of f_bwd, as f declares it. */
int adj_ctab_var(Adj *c, int v)
{
	if (c->ctab_b[v] >= 0)
		return c->ctab_b[v];
	const Var *x = c->f->vars[v];
	const Stmt *d = c->ctab[v];
	int b = func_add_var(c->bwd, x->name, x->type, VAR_LOCAL, x->loc);
	c->bwd->vars[b]->is_static = x->is_static;
	Stmt *decl = stmt_decl(b, NULL, x->loc);
	decl->u.decl.inits = d->u.decl.inits;
	decl->u.decl.ninits = d->u.decl.ninits;
	stmt_append(c->bdecls, decl);
	c->ctab_b[v] = b;
	return b;
}

/* f_bwd reads the data of pointer parameter v again, which holds what f
 * left there: integers that f (or a callee) changes are refused, since
 * their old values are gone.  (Floating data f changes is restored by
 * the reverse sweep itself.) */
static void adj_param_ints_changed(Adj *c, int v, Loc loc)
{
	const Type *t = c->f->vars[v]->type;
	if (!type_is_pointerish(t))
		return;
	const Type *el = type_bottom(t);
	if (type_is_float(el) || !type_is_arith(el) ||
	    !c->a->data_written[c->a->node[v]] || c->v->ints_said ||
	    adj_int_cell_param(c, v))
		return;
	c->v->ints_said = 1;
	diag_error(loc,
		   "the reverse sweep reads the integers behind parameter "
		   "'%s' again, but '%s' changes them, so their old values "
		   "are gone; copy them into a local array (or a malloc'd "
		   "buffer) and change the copy",
		   c->f->vars[v]->name, c->f->name);
}

/* A pointer-typed primal expression as a bwd value (stable data only).
 *
 * adj_bw_ptr and adj_bw_value end: adj_bw_value recurses on strict
 * subexpressions, and hands adj_bw_ptr only a pointer variable, which
 * adj_bw_ptr resolves itself (through its base, whose base is itself);
 * adj_bw_ptr hands anything else to adj_bw_value, which never hands it
 * back.  A rematerialized local expands into an older value (see
 * adj_remat_set). */
static Expr *adj_bw_ptr(Adj *c, const Expr *e)
{
	if (e->kind == E_VAR) {
		int v = e->u.var;
		if (c->bmap[v] >= 0 && adj_var_is_param(c->f, v)) {
			adj_param_ints_changed(c, v, e->loc);
			return expr_var(c->bwd, c->bmap[v], e->loc);
		}
		if (c->stwin[v] >= 0) /* a local array of structs */
			return expr_var(c->bwd, c->stwin[v], e->loc);
		if (c->v->heap[v] && c->hptr_b)
			return expr_var(c->bwd, c->hptr_b[v], e->loc);
		if (c->v->heap_int[v]) {
			/* from the next round on, the buffer itself */
			adj_mark_needed(c, v);
			if (c->hptr_b[v] >= 0)
				return expr_var(c->bwd, c->hptr_b[v], e->loc);
			return adj_bad_ptr(e);
		}
		if (c->ctab[v])
			return expr_var(c->bwd, adj_ctab_var(c, v), e->loc);
		if (adj_int_array(c, v))
			return expr_var(c->bwd, adj_bvar(c, v, e->loc),
					e->loc);
		int b = c->v->base[v];
		if (b < 0 && adj_heap_alias_error(c, v, e->loc))
			return adj_bad_ptr(e);
		if (b < 0 || b == v) {
			const char *vn = c->f->vars[v]->name;
			if (c->v->int_passed[v] == 2)
				diag_error(
					e->loc,
					"the reverse sweep cannot read the "
					"local array '%s' again: '%s' passes "
					"it to a call, and names it in a "
					"checkpoint region, whose snapshot "
					"cannot follow what calls change; "
					"fill it with stores '%s[k] = ...', "
					"or pass it in as a parameter",
					vn, c->f->name, vn);
			else if (c->f->vars[v]->type->kind == TY_ARRAY &&
				 adj_array_elem(c->f->vars[v]->type)->kind ==
					 TY_INT &&
				 !c->f->vars[v]->is_static)
				diag_error(
					e->loc,
					"the reverse sweep cannot read the "
					"local array '%s' again: '%s' points "
					"into it or uses it whole, and ckc "
					"follows such an array only through "
					"its element stores and the calls it "
					"is passed to; fill it with stores "
					"'%s[k] = ...' or calls 'h(%s)', or "
					"pass it in as a parameter",
					vn, c->f->name, vn, vn);
			else if (c->f->vars[v]->type->kind == TY_ARRAY)
				diag_error(
					e->loc,
					"the reverse sweep cannot read the "
					"local array '%s' again; declare it "
					"const with constant values, or "
					"pass it in as a parameter",
					c->f->vars[v]->name);
			else if (c->f->vars[v]->type->kind == TY_PTR &&
				 c->f->vars[v]->type->base->kind == TY_INT)
				diag_error(
					e->loc,
					"the reverse sweep cannot read the "
					"integers behind the pointer '%s' "
					"again: ckc keeps integer tables in "
					"local arrays, and in buffers that "
					"a local pointer allocates with "
					"malloc or calloc, never resizes and "
					"names in no checkpoint region, read "
					"through that pointer",
					c->f->vars[v]->name);
			else
				diag_error(e->loc,
					   "the reverse sweep cannot follow "
					   "the pointer '%s'",
					   c->f->vars[v]->name);
			return adj_bad_ptr(e);
		}
		Expr *base = adj_flat_base(
			adj_bw_ptr(c, expr_var((Func *)c->f, b, e->loc)),
			c->f->vars[v]->type);
		Expr *off = expr_var(c->bwd, adj_bvar(c, v, e->loc), e->loc);
		return adj_rows_view(
			expr_binary(B_ADD, base, off, base->type, e->loc),
			c->f->vars[v]->type, 0);
	}
	return adj_bw_value(c, e);
}

/* A read of an integer member that the program changes (ir_field_changed),
 * or of an element of one (also through a pointer into it, (m->conn +
 * k)[1]), that normalize.c could not move into an integer local (in an
 * arm of ?:, on the right of && or ||, in a for's step): f_bwd's copy of
 * the struct does not follow the member's changes. */
static void adj_changed_member_error(const Adj *c, const Expr *e)
{
	const Expr *m = e->kind == E_MEMBER ? e : ir_elem_member(c->f, e);
	diag_error(
		e->loc,
		"the reverse sweep needs the value of %s '%s' here, and the "
		"program changes that member; ckc moves such a read into "
		"an integer variable only where it always runs, not in an "
		"arm of ?:, on the right of && or ||, or in a for loop's "
		"step; read it into an integer variable before the "
		"statement",
		e->kind == E_MEMBER ? "the integer member"
				    : "an element of the member",
		m->u.mem.base->type->st->fields[m->u.mem.field].name);
}

Expr *adj_bw_value(Adj *c, const Expr *e)
{
	Expr *r;
	if (e->spelled) /* an MPI constant (MPI_DOUBLE) */
		return expr_clone(e);
	switch (e->kind) {
	case E_GLOBAL:
		if (!adj_bw_ok(c, e)) {
			/* (an index, x_b[pos]: what f_fwd saw is gone) */
			const GlobalChange *why =
				adj_global_change(e->u.global);
			diag_error(e->loc,
				   "the reverse sweep reads the global '%s' "
				   "again here, but the program %s it, so "
				   "the value it had is gone; copy it into a "
				   "local variable and use that",
				   c->p->globals[e->u.global]->name,
				   why->sure ? "changes" : "may change");
			diag_note(why->at, "%s", why->what);
			return expr_int(0, e->loc);
		}
		return expr_clone(e);
	case E_NUM:
	case E_STR:
		return expr_clone(e);
	case E_VAR:
		if (e->type->kind == TY_ARRAY && c->stwin[e->u.var] >= 0)
			/* a local array of structs: f_bwd's copy */
			return expr_var(c->bwd, c->stwin[e->u.var], e->loc);
		if (e->type->kind == TY_PTR || e->type->kind == TY_ARRAY)
			return adj_bw_ptr(c, e);
		if (e->type->kind == TY_STRUCT) {
			/* a struct parameter by value: f_bwd gets it too */
			int v = e->u.var;
			if (c->bmap[v] >= 0 && adj_var_is_param(c->f, v))
				return expr_var(c->bwd, c->bmap[v], e->loc);
			if (c->stwin[v] >= 0)
				return expr_var(c->bwd, c->stwin[v], e->loc);
			if (c->ctab[v]) /* static const params P = {...} */
				return expr_var(c->bwd, adj_ctab_var(c, v),
						e->loc);
			diag_error(e->loc, "the reverse sweep needs the local "
					   "struct '%s', which ckc does not "
					   "support yet; use separate variables "
					   "or pass it as a parameter",
				   c->f->vars[v]->name);
			return expr_clone(e);
		}
		if (c->f->vars[e->u.var]->type->kind == TY_INT)
			return expr_var(c->bwd, adj_bvar(c, e->u.var, e->loc),
					e->loc);
		if (c->cinit[e->u.var]) {
			/* as the variable holds it: double n = 2 is
			 * (double)2, which 1 / n divides by as a double */
			const Expr *in = c->cinit[e->u.var];
			Type *t =
				type_with_const(c->f->vars[e->u.var]->type, 0);
			Expr *v = adj_bw_value(c, in);
			if (in->type->kind != t->kind)
				v = expr_cast(t, v, e->loc);
			return v;
		}
		if (c->remat[e->u.var])
			return adj_bw_value(c, c->remat[e->u.var]);
		if (!adj_stable_scalar(c, e->u.var)) {
			struct LoopCopy *lc = lc_scalar(c, e->u.var);
			if (!lc) {
				/* an index read under ?:, && or || (which
				 * normalize.c does not move out) */
				diag_error(e->loc,
					   "the reverse sweep needs the value "
					   "'%s' has here, in an index, which "
					   "ckc does not keep; compute the "
					   "index into an integer variable "
					   "before the statement",
					   c->f->vars[e->u.var]->name);
				return expr_num(0, e->type, e->loc);
			}
			return lc_scalar_read(c, lc, e->loc);
		}
		ck_assert(c->bmap[e->u.var] >= 0);
		return expr_var(c->bwd, c->bmap[e->u.var], e->loc);
	case E_UNARY:
		return expr_unary(e->u.un.op, adj_bw_value(c, e->u.un.e), e->loc);
	case E_BINARY:
		return expr_binary(e->u.bin.op, adj_bw_value(c, e->u.bin.l),
				   adj_bw_value(c, e->u.bin.r), e->type, e->loc);
	case E_COND:
		return expr_cond(adj_bw_value(c, e->u.cond.c),
				 adj_bw_value(c, e->u.cond.a),
				 adj_bw_value(c, e->u.cond.b), e->loc);
	case E_CAST:
		return expr_cast(e->type, adj_bw_value(c, e->u.e), e->loc);
	case E_CALL:
		r = expr_clone(e);
		for (int i = 0; i < e->u.call.nargs; i++)
			r->u.call.args[i] = adj_bw_value(c, e->u.call.args[i]);
		return r;
	case E_INDEX: {
		struct LoopCopy *lc = lc_covering(c, e);
		if (lc)
			return lc_read(c, lc, e);
		if (e->type->kind == TY_INT && ir_elem_member(c->f, e) &&
		    ir_field_changed(ir_elem_member(c->f, e)))
			adj_changed_member_error(c, e);
		r = expr_index(adj_bw_ptr(c, e->u.index.base),
			       adj_bw_value(c, e->u.index.idx), e->loc);
		r->type = e->type;
		return r;
	}
	case E_DEREF:
		/* *p with int *p = &k: k */
		if (e->u.e->kind == E_VAR &&
		    adj_int_target(c, e->u.e->u.var) >= 0)
			return adj_bw_value(
				c, expr_var((Func *)c->f,
					    adj_int_target(c, e->u.e->u.var),
					    e->loc));
		if (e->type->kind == TY_INT && ir_elem_member(c->f, e) &&
		    ir_field_changed(ir_elem_member(c->f, e)))
			adj_changed_member_error(c, e);
		r = expr_deref(adj_bw_ptr(c, e->u.e), e->loc);
		r->type = e->type;
		return r;
	case E_MEMBER:
		if (e->type->kind == TY_INT && ir_field_changed(e))
			adj_changed_member_error(c, e);
		r = expr_member(adj_bw_value(c, e->u.mem.base), e->u.mem.field,
				e->loc);
		r->type = e->type;
		return r;
	case E_ADDR:
		/* &a[k], &*p, &s.f: the address of an element of stable
		 * data; &g of a global (an MPI handle): a constant */
		if (e->u.e->kind == E_GLOBAL)
			return expr_clone(e);
		if (e->u.e->kind == E_INDEX || e->u.e->kind == E_DEREF ||
		    e->u.e->kind == E_MEMBER ||
		    (e->u.e->kind == E_VAR && c->stwin[e->u.e->u.var] >= 0) ||
		    (e->u.e->kind == E_VAR && type_is_arith(e->u.e->type) &&
		     !type_is_float(e->u.e->type))) {
			/* &k of an integer: f_bwd's k, which the callee's
			 * reverse sweep puts back (adj_int_cell); &m.conn[k]
			 * reads no element (those read through it are
			 * checked where they are read) */
			const Expr *x = e->u.e;
			if (x->kind == E_INDEX && !lc_covering(c, x)) {
				Expr *in = expr_index(
					adj_bw_ptr(c, x->u.index.base),
					adj_bw_value(c, x->u.index.idx),
					x->loc);
				in->type = x->type;
				r = expr_addr(in, e->loc);
			} else
				r = expr_addr(adj_bw_value(c, x), e->loc);
			r->type = e->type;
			return r;
		}
		diag_error(e->loc, "the reverse sweep cannot follow this "
				   "address; pass a pointer or an element "
				   "address (&a[k]) instead");
		return adj_bad_ptr(e);
	default:
		ck_unreachable();
	}
}

/* Can e be evaluated again in f_bwd with its value from f_fwd?  Integers
 * and pointers are kept exact; floating data only when stable. */
int adj_bw_ok(Adj *c, const Expr *e)
{
	if (e->spelled) /* an MPI constant (MPI_DOUBLE) */
		return 1;
	switch (e->kind) {
	case E_NUM: case E_STR:
		return 1;
	case E_GLOBAL:
		/* a global that something may change before f_bwd reads it
		 * is taped (a counter, ncalls++, as a floating value) */
		return e->type->is_const || !adj_global_change(e->u.global) ||
		       c->p->globals[e->u.global]->unwritten ||
		       !type_is_arith(e->type) || e->spelled;
	case E_VAR: {
		const Var *x = c->f->vars[e->u.var];
		if (x->type->kind == TY_INT)
			return 1;
		if (x->type->kind == TY_PTR || x->type->kind == TY_ARRAY)
			return adj_stable(c, e->u.var) || c->ctab[e->u.var];
		if (c->remat[e->u.var] || c->cinit[e->u.var])
			return 1;
		return adj_stable_scalar(c, e->u.var) ||
		       lc_scalar(c, e->u.var) != NULL;
	}
	case E_UNARY:
		return adj_bw_ok(c, e->u.un.e);
	case E_BINARY:
		return adj_bw_ok(c, e->u.bin.l) && adj_bw_ok(c, e->u.bin.r);
	case E_COND:
		return adj_bw_ok(c, e->u.cond.c) && adj_bw_ok(c, e->u.cond.a) &&
		       adj_bw_ok(c, e->u.cond.b);
	case E_CAST:
		return adj_bw_ok(c, e->u.e);
	case E_CALL:
		if (e->u.call.fn >= 0)
			return 0;
		for (int i = 0; i < e->u.call.nargs; i++)
			if (!adj_bw_ok(c, e->u.call.args[i]))
				return 0;
		return rules_find(e->u.call.name) != NULL;
	case E_INDEX:
		if (lc_covering(c, e))
			return adj_bw_ok(c, e->u.index.idx);
		return (adj_stable(c, activity_root(e)) ||
			(activity_root(e) >= 0 &&
			 c->ctab[activity_root(e)])) &&
		       adj_bw_ok(c, e->u.index.idx) &&
		       adj_bw_ok(c, e->u.index.base);
	case E_DEREF:
		return adj_stable(c, activity_root(e)) && adj_bw_ok(c, e->u.e);
	case E_MEMBER: {
		/* a member of a struct parameter by value that f never
		 * changes, or of stable data behind a pointer */
		const Expr *b = e->u.mem.base;
		if (ir_field_changed(e))
			return 0;
		while (b->kind == E_MEMBER)
			b = b->u.mem.base;
		/* not its floating members: a caller's f_bwd passes the copy
		 * of a local struct, which has only its setup (integer and
		 * pointer members) */
		if (b->kind == E_VAR && b->type->kind == TY_STRUCT)
			return c->ctab[b->u.var] ||
			       (adj_tbr && !type_is_float(e->type) &&
				adj_var_is_param(c->f, b->u.var) &&
				!adj_param_changed(c->v, b->u.var));
		return (adj_stable(c, activity_root(e)) ||
			(activity_root(e) >= 0 &&
			 c->ctab[activity_root(e)])) &&
		       adj_bw_ok(c, e->u.mem.base);
	}
	case E_ADDR:
		return adj_bw_ok(c, e->u.e);
	default:
		return 0;
	}
}

/* ------------------------------------------------- adjoint variables */

/* The bwd adjoint of floating var v (scalar or array), created on first
 * use; blocks declare it where v's declaration is reversed. */
static int adj_var(Adj *c, int v)
{
	if (c->adjv[v] >= 0)
		return c->adjv[v];
	const Var *x = c->f->vars[v];
	Type *t = adj_unconst_array(x->type);
	c->adjv[v] = adj_mark(c->bwd, adj_local(c, c->bwd,
						arena_printf("%s_b", x->name), t));
	return c->adjv[v];
}

/* The first pointer variable that a statement of the body assigns to
 * pointer v whole (v = w, a swap of buffers), for adj_no_base_error. */
typedef struct PtrFrom {
	int v, from;
} PtrFrom;

static void adj_ptr_from_visit(void *ctx, const Stmt *s)
{
	PtrFrom *pf = ctx;
	if (pf->from < 0 && s->kind == S_ASSIGN && s->u.assign.op == A_SET &&
	    s->u.assign.lhs->kind == E_VAR &&
	    s->u.assign.lhs->u.var == pf->v &&
	    s->u.assign.rhs->kind == E_VAR &&
	    s->u.assign.rhs->type->kind == TY_PTR)
		pf->from = s->u.assign.rhs->u.var;
}

/* Var x as the source names it: a member of a local struct that
 * normalize.c split into one local per member (g_p) as g.p. */
static const char *var_src_name(const Var *x)
{
	return x->member_of ? x->member_of : x->name;
}

/* Pointer v has no one array (base b: -2, it may point into different
 * arrays; -1, ckc cannot tell which).  Said once per pointer. */
static void adj_no_base_error(const Adj *c, int v, int b, Loc loc)
{
	Var *x = c->f->vars[v];
	if (x->refused++)
		return;
	PtrFrom pf = { v, -1 };
	if (b == -2)
		ir_visit_stmts(c->f->body, adj_ptr_from_visit, &pf);
	if (pf.from >= 0 && x->ping_why)
		diag_error(loc,
			   "'%s' may point into different arrays: it is set "
			   "from '%s', as when buffers are swapped; the "
			   "reverse mode follows swapped local arrays, but "
			   "not these: %s",
			   var_src_name(x), var_src_name(c->f->vars[pf.from]),
			   x->ping_why);
	else if (pf.from >= 0)
		diag_error(loc,
			   "'%s' may point into different arrays: it is set "
			   "from '%s', as when buffers are swapped; the "
			   "reverse mode follows swapped buffers that malloc "
			   "allocates, or a pointer set to one of two arrays "
			   "(their start or an element), read through and "
			   "passed whole",
			   var_src_name(x), var_src_name(c->f->vars[pf.from]));
	else
		diag_error(
			loc,
			b == -2 ? "'%s' may point into different arrays; "
				  "the reverse mode takes such a pointer "
				  "only when it is set to one of two arrays "
				  "(their start or an element), read "
				  "through and passed whole"
				: "the reverse mode cannot tell which array "
				  "'%s' points into",
			var_src_name(x));
}

/* The adjoint storage of base var b (param, array, or scalar) as a
 * pointer expression of bwd. */
static Expr *adj_base_shadow(Adj *c, int b, Loc loc)
{
	const Var *x = c->f->vars[b];
	if (adj_var_is_param(c->f, b) && x->type->kind == TY_PTR) {
		ck_assert(c->adj_ptr[b] >= 0);
		return expr_var(c->bwd, c->adj_ptr[b], loc);
	}
	if (x->type->kind == TY_ARRAY || c->v->heap[b])
		return expr_var(c->bwd, adj_var(c, b), loc);
	return expr_addr(expr_var(c->bwd, adj_var(c, b), loc), loc);
}

/* The adjoint of a pointer expression: same offsets from the adjoint of
 * its base. */
Expr *adj_shadow_ptr(Adj *c, const Expr *e)
{
	switch (e->kind) {
	case E_VAR: {
		int v = e->u.var;
		int b = c->v->base[v];
		if (b == v || c->f->vars[v]->type->kind == TY_ARRAY)
			return adj_base_shadow(c, v, e->loc);
		if (b < 0 && adj_heap_alias_error(c, v, e->loc))
			return adj_bad_ptr(e);
		if (b < 0) {
			adj_no_base_error(c, v, b, e->loc);
			return adj_bad_ptr(e);
		}
		Expr *base = adj_flat_base(adj_base_shadow(c, b, e->loc),
					   c->f->vars[v]->type);
		Expr *off = expr_var(c->bwd, adj_bvar(c, v, e->loc), e->loc);
		return adj_rows_view(
			expr_binary(B_ADD, base, off, base->type, e->loc),
			c->f->vars[v]->type, 1);
	}
	case E_INDEX:
		return expr_index(adj_shadow_ptr(c, e->u.index.base),
				  adj_bw_value(c, e->u.index.idx), e->loc);
	case E_MEMBER: { /* p->data: the adjoint struct's member */
		Expr *m = adj_lv(c, e);
		/* a member declared const double *: the adjoint it points
		 * to is the caller's (or ckc's) writable shadow */
		if (m->type->kind == TY_PTR && m->type->base->is_const &&
		    type_is_float(m->type->base))
			m = expr_cast(
				type_ptr(type_with_const(m->type->base, 0)), m,
				e->loc);
		return m;
	}
	case E_ADDR: {
		const Expr *lv = e->u.e;
		Expr *s;
		if (lv->kind == E_VAR)
			s = expr_var(c->bwd, adj_var(c, lv->u.var), e->loc);
		else if (lv->kind == E_INDEX)
			s = expr_index(adj_shadow_ptr(c, lv->u.index.base),
				       adj_bw_value(c, lv->u.index.idx), e->loc);
		else if (lv->kind == E_MEMBER)
			s = adj_lv(c, lv);
		else
			s = expr_deref(adj_shadow_ptr(c, lv->u.e), e->loc);
		return expr_addr(s, e->loc);
	}
	case E_CAST: {
		Expr *inner = adj_shadow_ptr(c, e->u.e);
		Type *t = e->type;
		/* writable, rows too: (const double (*)[2])A's adjoint is
		 * (double (*)[2])A_b */
		if (t->kind == TY_PTR)
			t = type_ptr(adj_unconst_array(t->base));
		return expr_cast(t, inner, e->loc);
	}
	case E_BINARY:
		if (type_is_pointerish(e->u.bin.l->type))
			return expr_binary(e->u.bin.op, adj_shadow_ptr(c, e->u.bin.l),
					   adj_bw_value(c, e->u.bin.r), NULL,
					   e->loc);
		return expr_binary(e->u.bin.op, adj_bw_value(c, e->u.bin.l),
				   adj_shadow_ptr(c, e->u.bin.r), NULL, e->loc);
	case E_COND:
		return expr_cond(adj_bw_value(c, e->u.cond.c),
				 adj_shadow_ptr(c, e->u.cond.a),
				 adj_shadow_ptr(c, e->u.cond.b), e->loc);
	case E_NUM: /* a null pointer (NULL, 0) has a null adjoint */
		if (adj_is_null(e))
			return expr_clone(e);
		/* fall through */
	default:
		if (e->kind == E_GLOBAL)
			diag_global_shadow(c->p, e, e->u.global);
		else
			diag_error(e->loc, "the reverse mode cannot follow "
					   "this pointer expression");
		return adj_bad_ptr(e);
	}
}

/* The adjoint of an active floating lvalue. */
Expr *adj_lv(Adj *c, const Expr *e)
{
	switch (e->kind) {
	case E_VAR: {
		int v = e->u.var;
		/* a scalar parameter that f never assigns: straight into *s_b */
		if (c->adjv[v] < 0 && c->adj_ptr[v] >= 0)
			return expr_deref(expr_var(c->bwd, c->adj_ptr[v], e->loc),
					  e->loc);
		return expr_var(c->bwd, adj_var(c, v), e->loc);
	}
	case E_INDEX: {
		Expr *sp = adj_shadow_ptr(c, e->u.index.base);
		if (!type_is_pointerish(sp->type)) {
			/* rows over flat data: (const double (*)[2])x */
			const Type *row = e->u.index.base->type;
			if (row->kind == TY_ARRAY && row->len > 0)
				diag_error(e->loc,
					   "the reverse mode cannot follow "
					   "this pointer to rows over data of "
					   "another shape; index the data "
					   "through its own type (x[%ld * i + "
					   "j] for rows of %ld)",
					   row->len, row->len);
			else
				diag_error(e->loc,
					   "the reverse mode cannot follow "
					   "this pointer to rows over data of "
					   "another shape; index the data "
					   "through its own type (x[m * i + "
					   "j] for rows of m)");
			return adj_bad_ptr(e);
		}
		return expr_index(sp, adj_bw_value(c, e->u.index.idx), e->loc);
	}
	case E_DEREF:
		return expr_deref(adj_shadow_ptr(c, e->u.e), e->loc);
	case E_MEMBER: { /* s.f: s_b->f for a parameter by value */
		const Expr *b = e->u.mem.base;
		Expr *sb;
		if (b->kind == E_VAR && c->adj_ptr[b->u.var] >= 0)
			sb = expr_deref(expr_var(c->bwd, c->adj_ptr[b->u.var],
						 e->loc),
					e->loc);
		else if (b->kind == E_VAR)
			sb = expr_var(c->bwd, adj_var(c, b->u.var), e->loc);
		else
			sb = adj_lv(c, b);
		return expr_member(sb, e->u.mem.field, e->loc);
	}
	default:
		ck_unreachable();
	}
}

int adj_lv_active(Adj *c, const Expr *lv)
{
	int root = activity_root(lv);
	return type_is_float(lv->type) && root >= 0 &&
	       activity_var_varied(c->a, root);
}

/* ------------------------------------------------ statement plans
 *
 * The reverse of one statement: what f_fwd pushes just before it (fwd),
 * the pops in f_bwd (in reverse order), the temporaries they fill, and
 * the adjoint statements. */

Plan *plan_new(Loc loc)
{
	Plan *pl = ARENA_NEW(Plan);
	pl->fwd = stmt_block(loc);
	pl->pops = stmt_block(loc);
	pl->decls = stmt_block(loc);
	pl->adj = stmt_block(loc);
	pl->loc = loc;
	return pl;
}

static int plan_temp(Adj *c, Plan *pl, const char *base, Type *t)
{
	t = type_with_const(t, 0);
	int v = adj_local(c, c->bwd, base, t);
	/* with a value: a temporary filled on one path of a ?: only must not
	 * look uninitialized to a compiler */
	Expr *zero = type_is_float(t) ? expr_num(0, t, pl->loc)
				      : expr_int(0, pl->loc);
	stmt_append(pl->decls, stmt_decl(v, zero, pl->loc));
	return v;
}

/* The index of e among the values the plan taped, or -1. */
static int plan_key(const Plan *pl, const Expr *e)
{
	for (int i = 0; i < pl->nkeys; i++)
		if (expr_equal(pl->keys[i], e))
			return i;
	return -1;
}

static void adj_costly_visit(void *ctx, const Expr *e)
{
	if (rules_costly_call(e))
		*(int *)ctx = 1;
}

/* Does floating expression e hold a call rules_costly_call names? */
static int adj_costly(const Expr *e)
{
	int found = 0;
	ir_walk_expr(e, adj_costly_visit, &found);
	return found;
}

static Expr *adj_call_value(Adj *c, Plan *pl, const Expr *e);
static Expr *adj_taped(Adj *c, Plan *pl, const Expr *e, Expr *fv);

/* Is e arithmetic on a pointer operand (q - y, q == p, !q, (long)q)? */
static int adj_has_ptr_operand(const Expr *e)
{
	switch (e->kind) {
	case E_UNARY:
		return type_is_pointerish(e->u.un.e->type);
	case E_BINARY:
		return type_is_pointerish(e->u.bin.l->type) ||
		       type_is_pointerish(e->u.bin.r->type);
	case E_CAST:
		return type_is_pointerish(e->u.e->type);
	default:
		return 0;
	}
}

/* An expression of f_bwd equal to e's value just before the statement
 * ran: e again when it can be re-evaluated, else a popped copy.  A math
 * call other than the cheap ones is never evaluated again: its value is
 * taped (adj_call_value), since a push and a pop cost less than exp or
 * cos, and the statement's own call computes it. */
static Expr *adj_value(Adj *c, Plan *pl, const Expr *e)
{
	if (adj_bw_ok(c, e) && !adj_costly(e))
		return adj_bw_value(c, e);
	/* arithmetic is recomputed from its operands' values: a multiply in
	 * f_bwd is cheaper than a tape entry; but not from pointers (q - y,
	 * !q), which f_bwd has as offsets or not at all: their integer
	 * result is taped */
	if (adj_has_ptr_operand(e))
		return adj_taped(c, pl, e, NULL);
	switch (e->kind) {
	case E_UNARY:
		return expr_unary(e->u.un.op, adj_value(c, pl, e->u.un.e), e->loc);
	case E_BINARY:
		/* (the right operand of && and || may not run: its values,
		 * a math call's, cannot be taped before the statement, where
		 * they may read memory C does not read; the chain's value is
		 * taped whole) */
		if (e->u.bin.op == B_LAND || e->u.bin.op == B_LOR)
			break;
		return expr_binary(e->u.bin.op, adj_value(c, pl, e->u.bin.l),
				   adj_value(c, pl, e->u.bin.r), e->type, e->loc);
	case E_CAST:
		return expr_cast(e->type, adj_value(c, pl, e->u.e), e->loc);
	case E_CALL:
		if (type_is_float(e->type) && adj_costly(e))
			return adj_call_value(c, pl, e);
		break;
	default:
		break;
	}
	return adj_taped(c, pl, e, NULL);
}

/* The popped copy of e's value: pushed once per plan (keys), and once for
 * the statements of a block that need it (share_find).  f_fwd pushes fv
 * when given (a temporary holding e), else e. */
static Expr *adj_taped(Adj *c, Plan *pl, const Expr *e, Expr *fv)
{
	int k = plan_key(pl, e);
	if (k >= 0)
		return expr_var(c->bwd, pl->temps[k], e->loc);
	Type *t = type_is_float(e->type)    ? e->type
		  : e->type->kind == TY_PTR ? type_with_const(e->type, 0)
					    : adj_long();
	/* an earlier statement of the block taped the same value: one push,
	 * here, serves both (see record.c) */
	Shared *sh = pl->share ? share_find(c, e) : NULL;
	int tv;
	Stmt *decl = NULL;
	if (sh) {
		tv = share_temp(c, sh, t, e->loc);
	} else {
		tv = plan_temp(c, pl, "ck_v", t);
		decl = pl->decls->u.block.items[pl->decls->u.block.n - 1];
	}
	Stmt *push = adj_push(c, fv ? fv : expr_clone(e));
	Stmt *pop = stmt_assign(A_SET, expr_var(c->bwd, tv, e->loc),
				adj_pop(c, t, e->loc), e->loc);
	stmt_append(pl->fwd, push);
	stmt_prepend(pl->pops, pop);
	if (sh)
		share_reuse(c, sh, push, pop);
	else if (pl->share)
		share_taped(c, e, tv, push, pop, decl);
	ARENA_PUSH(pl->keys, pl->nkeys, (void *)e);
	int *temps = arena_alloc(sizeof(int) * (size_t)pl->nkeys);
	if (pl->nkeys > 1)
		memcpy(temps, pl->temps, sizeof(int) * (size_t)(pl->nkeys - 1));
	temps[pl->nkeys - 1] = tv;
	pl->temps = temps;
	return expr_var(c->bwd, tv, e->loc);
}

/* adj as an expression that may be used several times: a variable or a
 * literal, else a temporary holding it. */
static Expr *adj_share(Adj *c, Plan *pl, Expr *adj)
{
	ExprKind k = adj->kind;
	if (k == E_VAR || k == E_NUM ||
	    (k == E_DEREF && adj->u.e->kind == E_VAR))
		return adj;
	int tv = plan_temp(c, pl, "ck_a", adj->type);
	stmt_append(pl->adj, stmt_assign(A_SET, expr_var(c->bwd, tv, adj->loc),
					 adj, adj->loc));
	return expr_var(c->bwd, tv, adj->loc);
}

static Expr *adj_mul(Expr *a, Expr *b, Loc loc)
{
	if (a->kind == E_NUM && a->u.num.val == 1.0)
		return b;
	if (b->kind == E_NUM && b->u.num.val == 1.0)
		return a;
	return expr_binary(B_MUL, a, b, NULL, loc);
}

/* The adjoint times the partial of rule r in argument i of call: through
 * ck_mulz where the partial may be infinite (rules_mul), so a zero
 * adjoint adds nothing. */
static Expr *adj_mul_rule(const MathRule *r, const Expr *call, int i,
			  Expr *adj, Expr *pd, Loc loc)
{
	Expr *m = rules_mul(r, call, i, pd, adj, loc);
	return m ? m : adj_mul(adj, pd, loc);
}

/* ?: in an active expression: f_fwd records the branch (after the values
 * its arm tapes), f_bwd sends the adjoint down that arm. */
static void adj_cond(Adj *c, Plan *pl, const Expr *e, Expr *adj)
{
	Plan *pa = plan_new(e->loc), *pb = plan_new(e->loc);
	adj = adj_share(c, pl, adj);
	adj_expr(c, pa, e->u.cond.a, adj);
	adj_expr(c, pb, e->u.cond.b, expr_clone(adj));
	int bit = plan_temp(c, pl, "ck_br", type_int());

	Stmt *f = stmt_new(S_IF, e->loc);
	f->u.ifs.cond = expr_clone(e->u.cond.c);
	f->u.ifs.then = pa->fwd;
	f->u.ifs.els = pb->fwd;
	stmt_append(pa->fwd, adj_push_bit(c, 1, e->loc));
	stmt_append(pb->fwd, adj_push_bit(c, 0, e->loc));
	stmt_append(pl->fwd, f);

	Stmt *p = stmt_new(S_IF, e->loc);
	p->u.ifs.cond = expr_var(c->bwd, bit, e->loc);
	p->u.ifs.then = pa->pops;
	p->u.ifs.els = pb->pops;
	Stmt *both = stmt_block(e->loc);
	stmt_append(both, stmt_assign(A_SET, expr_var(c->bwd, bit, e->loc),
				      adj_pop_bit(c, e->loc), e->loc));
	if (pa->pops->u.block.n || pb->pops->u.block.n)
		stmt_append(both, p);
	stmt_prepend(pl->pops, both);
	for (int i = 0; i < pa->decls->u.block.n; i++)
		stmt_append(pl->decls, pa->decls->u.block.items[i]);
	for (int i = 0; i < pb->decls->u.block.n; i++)
		stmt_append(pl->decls, pb->decls->u.block.items[i]);

	Stmt *a = stmt_new(S_IF, e->loc);
	a->u.ifs.cond = expr_var(c->bwd, bit, e->loc);
	a->u.ifs.then = pa->adj;
	a->u.ifs.els = pb->adj;
	if (pa->adj->u.block.n || pb->adj->u.block.n)
		stmt_append(pl->adj, a);
}

typedef struct MathUse {
	const Expr *marker;
	int found;
} MathUse;

static void adj_find_marker(void *ctx, const Expr *e)
{
	MathUse *u = ctx;
	if (e->kind == E_VAR && e->u.var == u->marker->u.var)
		u->found = 1;
}

/* A stand-in for a value (a call's, an argument's) in a rule's partial;
 * never emitted. */
static Expr *adj_marker(Type *t, Loc loc)
{
	Expr *m = expr_new(E_VAR, t, loc);
	m->u.var = -1;
	return m;
}

/* Does e read marker? */
static int adj_reads_marker(const Expr *e, Expr *marker)
{
	MathUse u = { marker, 0 };
	ir_walk_expr(e, adj_find_marker, &u);
	return u.found;
}

/* The derivative of one-argument math call e (exp, tanh, sqrt, tan,
 * cbrt, exp2) as a function of the call's value alone, given as the bwd
 * expression v; NULL when it needs the argument too. */
static Expr *adj_partial_of_value(const MathRule *r, const Expr *e, Expr *v)
{
	if (r->arity != 1 || e->u.call.nargs != 1)
		return NULL;
	Expr *marker = adj_marker(e->u.call.args[0]->type, e->loc);
	Expr *call = expr_clone(e);
	call->u.call.args[0] = marker;
	Expr *d = expr_replace(rules_partial(r, call, 0), call, v);
	return adj_reads_marker(d, marker) ? NULL : d;
}

/* The taped value of math call e (adj_value): f_fwd computes e once
 * into a temporary ck_e where the plan can hoist it (the statement's
 * primal copy then reads ck_e instead of calling again: plan_hoisted),
 * pushes it, and f_bwd pops it; where it cannot, f_fwd pushes e itself. */
static Expr *adj_call_value(Adj *c, Plan *pl, const Expr *e)
{
	Loc loc = e->loc;
	int k = plan_key(pl, e);
	if (k >= 0)
		return expr_var(c->bwd, pl->temps[k], loc);
	if (!pl->can_hoist)
		return adj_taped(c, pl, e, NULL);
	Type *t = type_with_const(e->type, 0);
	int fv = adj_local(c, c->fwd, "ck_e", t);
	stmt_append(c->fdecls, stmt_decl(fv, expr_num(0, t, loc), loc));
	/* computed first: every push of the plan reads values from before
	 * the statement, and so does the call */
	Stmt *first = stmt_block(loc);
	stmt_append(first, stmt_assign(A_SET, expr_var(c->fwd, fv, loc),
				       expr_clone(e), loc));
	for (int i = 0; i < pl->fwd->u.block.n; i++)
		stmt_append(first, pl->fwd->u.block.items[i]);
	pl->fwd = first;
	ARENA_PUSH(pl->hoists, pl->nhoists, (void *)e);
	int *vars = arena_alloc(sizeof(int) * (size_t)pl->nhoists);
	if (pl->nhoists > 1)
		memcpy(vars, pl->hoist_vars, sizeof(int) * (size_t)(pl->nhoists - 1));
	vars[pl->nhoists - 1] = fv;
	pl->hoist_vars = vars;
	return adj_taped(c, pl, e, expr_var(c->fwd, fv, loc));
}

/* The partial of math call e when the derivative needs only the call's
 * value (exp, tanh, sqrt, tan, cbrt, exp2): y = exp(u) becomes ck_e =
 * exp(u); push ck_e; y = ck_e in f_fwd, and f_bwd reads exp'(u) = ck_e
 * from the tape without calling exp again.  Also when f_bwd could
 * evaluate u again: a push and a pop cost less than the call.  Returns
 * the partial in f_bwd, or NULL. */
static Expr *adj_tape_value(Adj *c, Plan *pl, const Expr *e,
			    const MathRule *r)
{
	if (!type_is_float(e->type))
		return NULL;
	Expr *mark = adj_marker(e->type, e->loc);
	Expr *d = adj_partial_of_value(r, e, mark);
	if (!d)
		return NULL;
	/* a constant partial (floor's 0) reads nothing: nothing to tape */
	if (!adj_reads_marker(d, mark))
		return d;
	if (plan_key(pl, e) < 0 && !pl->can_hoist)
		return NULL;
	return adj_partial_of_value(r, e, adj_call_value(c, pl, e));
}

/* The primal copy s of a statement (and the plan's pushes) read the
 * temporaries of adj_tape_value instead of calling again. */
void plan_hoisted(Adj *c, Plan *pl, Expr **primal)
{
	for (int i = 0; i < pl->nhoists; i++) {
		Expr *v = expr_var(c->fwd, pl->hoist_vars[i], pl->loc);
		*primal = expr_replace(*primal, pl->hoists[i], v);
		/* the pushes after the temporary's assignment (item 0) */
		for (int k = 1; k < pl->fwd->u.block.n; k++) {
			Stmt *st = pl->fwd->u.block.items[k];
			if (st->kind == S_EXPR)
				st->u.expr = expr_replace(st->u.expr,
							  pl->hoists[i], v);
		}
	}
}

/* Does a partial of rule r, for call e, read argument k (among the
 * partials over e's active arguments)? */
static int adj_rule_reads_arg(Adj *c, const MathRule *r, const Expr *e, int k)
{
	Expr *call = expr_clone(e);
	Expr *marker = adj_marker(e->u.call.args[k]->type, e->loc);
	call->u.call.args[k] = marker;
	for (int i = 0; i < r->arity && i < e->u.call.nargs; i++)
		if (activity_expr_varied(c->a, e->u.call.args[i]) &&
		    adj_reads_marker(rules_partial(r, call, i), marker))
			return 1;
	return 0;
}

/* Call e with f_bwd's values of the arguments its partials read (fmod's
 * 1 reads none: nothing is taped for it); the others stay as they are,
 * unread. */
static Expr *adj_rule_args(Adj *c, Plan *pl, const MathRule *r, const Expr *e)
{
	Expr *vals = expr_clone(e);
	for (int k = 0; k < e->u.call.nargs; k++)
		if (adj_rule_reads_arg(c, r, e, k))
			vals->u.call.args[k] =
				adj_value(c, pl, e->u.call.args[k]);
	return vals;
}

static void adj_math(Adj *c, Plan *pl, const Expr *e, Expr *adj)
{
	const MathRule *r = rules_find(e->u.call.name);
	if (!r)
		return; /* no active argument: activity checked it */
	Expr *dv = adj_tape_value(c, pl, e, r);
	if (dv) {
		adj_expr(c, pl, e->u.call.args[0],
			 adj_mul_rule(r, e, 0, adj, dv, e->loc));
		return;
	}
	/* the partials over the arguments' values in f_bwd; a partial that
	 * calls a math function (cos(a) for sin(a)) has that call's value
	 * taped like any other (adj_value), not computed again in f_bwd:
	 * f_fwd computes it, once for the block (cse.c) when the primal
	 * calls it too, as in c = cos(t); s = sin(t) */
	Expr *vals = NULL;
	int nactive = 0;
	for (int i = 0; i < e->u.call.nargs; i++)
		nactive += activity_expr_varied(c->a, e->u.call.args[i]);
	if (nactive > 1)
		adj = adj_share(c, pl, adj);
	for (int i = 0; i < r->arity && i < e->u.call.nargs; i++) {
		const Expr *arg = e->u.call.args[i];
		if (!activity_expr_varied(c->a, arg))
			continue;
		Expr *pd = rules_partial(r, e, i);
		if (adj_costly(pd)) {
			pd = adj_value(c, pl, pd);
		} else {
			if (!vals)
				vals = adj_rule_args(c, pl, r, e);
			pd = rules_partial(r, vals, i);
		}
		adj_expr(c, pl, arg,
			 adj_mul_rule(r, e, i, expr_clone(adj), pd, e->loc));
	}
}

/* (K * x) * x, (x * K) * x or x * (K * x), K a literal: x_b += 2K * (t * x),
 * one term instead of K * (t * x) + K * x * t.  The two forms round
 * differently in the last bit; this one is also the derivative of K x^2
 * as a hand-written adjoint computes it. */
static int adj_scaled_square(Adj *c, Plan *pl, const Expr *e, Expr *adj)
{
	const Expr *l = e->u.bin.l, *r = e->u.bin.r, *m = NULL, *x = NULL;
	if (l->kind == E_BINARY && l->u.bin.op == B_MUL) {
		m = l;
		x = r;
	} else if (r->kind == E_BINARY && r->u.bin.op == B_MUL) {
		m = r;
		x = l;
	} else {
		return 0;
	}
	const Expr *k = m->u.bin.l, *y = m->u.bin.r;
	if (k->kind != E_NUM) {
		k = m->u.bin.r;
		y = m->u.bin.l;
	}
	if (k->kind != E_NUM || !expr_equal(x, y) || !type_is_float(e->type) ||
	    !isfinite(2 * k->u.num.val))
		return 0;
	Expr *two_k = expr_num(2 * k->u.num.val, e->type, e->loc);
	adj_expr(c, pl, x,
		 adj_mul(two_k, adj_mul(adj, adj_value(c, pl, x), e->loc),
			 e->loc));
	return 1;
}

static void adj_binary(Adj *c, Plan *pl, const Expr *e, Expr *adj)
{
	const Expr *l = e->u.bin.l, *r = e->u.bin.r;
	int al = activity_expr_varied(c->a, l);
	int ar = activity_expr_varied(c->a, r);
	Loc loc = e->loc;
	if (al && ar)
		adj = adj_share(c, pl, adj);
	switch (e->u.bin.op) {
	case B_ADD: /* a + b:  a_b += t;  b_b += t */
		if (al)
			adj_expr(c, pl, l, adj);
		if (ar)
			adj_expr(c, pl, r, expr_clone(adj));
		break;
	case B_SUB: /* a - b:  a_b += t;  b_b -= t */
		if (al)
			adj_expr(c, pl, l, adj);
		if (ar)
			adj_expr(c, pl, r, expr_unary(U_NEG, expr_clone(adj), loc));
		break;
	case B_MUL: /* a * b:  a_b += t * b;  b_b += a * t */
		if (al && ar && adj_scaled_square(c, pl, e, adj))
			break;
		if (al)
			adj_expr(c, pl, l, adj_mul(adj, adj_value(c, pl, r), loc));
		if (ar)
			adj_expr(c, pl, r,
				 adj_mul(adj_value(c, pl, l), expr_clone(adj), loc));
		break;
	case B_DIV: { /* a / b:  a_b += t / b;  b_b -= t * a / b / b */
		/* with rb = 1 / b computed once: a_b += t * rb and
		 * b_b -= t * a * rb * rb, one division where there were two;
		 * one the C compiler moves out of a loop whose b does not
		 * change (w[i] = r[i] / t) or shares between statements with
		 * the same b.  Rounds differently from t / b. */
		Expr *vb = adj_value(c, pl, r);
		Expr *rb = expr_binary(B_DIV, expr_num(1.0, e->type, loc), vb,
				       e->type, loc);
		if (ar)
			rb = adj_share(c, pl, rb);
		Expr *d = adj_mul(adj, rb, loc);
		if (al && ar)
			d = adj_share(c, pl, d);
		if (al)
			adj_expr(c, pl, l, d);
		if (ar) {
			Expr *q = expr_binary(B_MUL,
					      expr_binary(B_MUL, expr_clone(d),
							  adj_value(c, pl, l),
							  NULL, loc),
					      expr_clone(rb), NULL, loc);
			adj_expr(c, pl, r, expr_unary(U_NEG, q, loc));
		}
		break;
	}
	default:
		break;
	}
}

/* Adds adj (the adjoint of e's value) to the adjoints of e's active
 * parts. */
void adj_expr(Adj *c, Plan *pl, const Expr *e, Expr *adj)
{
	if (!type_is_float(e->type) || !activity_expr_varied(c->a, e))
		return;
	switch (e->kind) {
	case E_VAR: case E_INDEX: case E_DEREF: case E_MEMBER:
		stmt_append(pl->adj, stmt_assign(A_ADD, adj_lv(c, e), adj, e->loc));
		break;
	case E_UNARY:
		if (e->u.un.op == U_NEG) /* -a:  a_b -= t */
			adj_expr(c, pl, e->u.un.e, expr_unary(U_NEG, adj, e->loc));
		else if (e->u.un.op == U_PLUS)
			adj_expr(c, pl, e->u.un.e, adj);
		break;
	case E_BINARY:
		adj_binary(c, pl, e, adj);
		break;
	case E_COND:
		adj_cond(c, pl, e, adj);
		break;
	case E_CAST: /* (T)a:  a_b += t */
		adj_expr(c, pl, e->u.e, adj);
		break;
	case E_CALL:
		if (e->u.call.fn < 0 && userrules_call(e->u.call.name))
			break; /* only as a statement: activity refused it */
		if (e->u.call.fn >= 0)
			calls_not_here(e);
		else
			adj_math(c, pl, e, adj);
		break;
	default:
		break;
	}
}

/* ------------------------------------------------ integers and pointers
 *
 * An integer or pointer variable that f_bwd reads is kept exact: f_bwd
 * undoes each update, by its inverse when it has one, else by popping the
 * value f_fwd pushed before the update. */

int adj_reads_var(const Expr *e, int v)
{
	if (!e)
		return 0;
	switch (e->kind) {
	case E_VAR:
		return e->u.var == v;
	case E_UNARY:
		return adj_reads_var(e->u.un.e, v);
	case E_BINARY:
		return adj_reads_var(e->u.bin.l, v) || adj_reads_var(e->u.bin.r, v);
	case E_COND:
		return adj_reads_var(e->u.cond.c, v) ||
		       adj_reads_var(e->u.cond.a, v) || adj_reads_var(e->u.cond.b, v);
	case E_CALL:
		for (int i = 0; i < e->u.call.nargs; i++)
			if (adj_reads_var(e->u.call.args[i], v))
				return 1;
		return 0;
	case E_INDEX:
		return adj_reads_var(e->u.index.base, v) ||
		       adj_reads_var(e->u.index.idx, v);
	case E_MEMBER:
		return adj_reads_var(e->u.mem.base, v);
	case E_DEREF: case E_ADDR: case E_CAST:
		return adj_reads_var(e->u.e, v);
	default:
		return 0;
	}
}

/* Array levels in t's element (double (*)[3][4]: 2). */
static int adj_array_depth(const Type *t)
{
	int n = 0;
	for (t = t->base; t && t->kind == TY_ARRAY; t = t->base)
		n++;
	return n;
}

/* A pointer p that sees rows over flat data ((const double (*)[3])src,
 * whose offset counts the data's numbers): sum, the data's pointer plus
 * the offset, as p's type (a shadow's without const); else sum. */
Expr *adj_rows_view(Expr *sum, const Type *p, int shadow)
{
	if (p->kind != TY_PTR || !type_is_pointerish(sum->type) ||
	    adj_array_depth(p) <= adj_array_depth(sum->type))
		return sum;
	Type *t = (Type *)p;
	if (shadow)
		t = type_ptr(adj_unconst_array(type_with_const(p->base, 0)));
	return expr_cast(t, sum, sum->loc);
}

/* Base pointer expression base as a pointer to the elements pointer
 * type p steps over: *A for p = A[i] into const double (*A)[3], whose
 * offsets count doubles. */
Expr *adj_flat_base(Expr *base, const Type *p)
{
	if (!type_is_pointerish(p) || !type_is_pointerish(base->type))
		return base;
	int want = adj_array_depth(p);
	int have = adj_array_depth(base->type);
	if (have > want &&
	    (base->type->kind == TY_PTR || base->type->kind == TY_ARRAY)) {
		/* (a cast, not *A: an offset past A's first row through *A,
		 * an array of one row, is undefined, and UBSan says so) */
		Type *el = base->type->base;
		for (int d = have; d > want; d--)
			el = el->base;
		return adj_typed_base(expr_cast(type_ptr(el), base, base->loc),
				      p);
	}
	for (int d = have; d > want; d--)
		base = expr_deref(base, base->loc);
	return adj_typed_base(base, p);
}

/* Base pointer expression base as a pointer of type p when it points to
 * no elements of p's kind: double *p = (double *)params for void *params
 * (or char *buf) counts doubles from (double *)params. */
Expr *adj_typed_base(Expr *base, const Type *p)
{
	const Type *bt = base->type;
	if (p->kind == TY_PTR && bt->kind == TY_PTR &&
	    ((bt->base->kind == TY_VOID && p->base->kind != TY_VOID) ||
	     (bt->base->kind == TY_INT && p->base->kind != TY_INT)))
		return expr_cast((Type *)p, base, base->loc);
	/* numbers seen as structs of them: a shadow's are writable */
	if (p->kind == TY_PTR &&
	    (bt->kind == TY_PTR || bt->kind == TY_ARRAY) &&
	    type_is_float(bt->base) && p->base->kind == TY_STRUCT)
		return expr_cast(
			type_ptr(type_with_const(p->base, bt->base->is_const)),
			base, base->loc);
	return base;
}

/* Is pointer var v, or a pointer aliasing it, one that holds several
 * malloc'd buffers in turn (realloc, a malloc in a loop) while another
 * pointer points into them (adj_find_heap's heap_alias)?  Then the error
 * that says so (once per function) replaces the one about v's base. */
int adj_heap_alias_error(Adj *c, int v, Loc loc)
{
	for (int h = 0; h < c->f->nvars; h++) {
		if (!c->v->heap_alias[h] || c->a->node[h] != c->a->node[v])
			continue;
		if (!c->v->heap_alias_said && c->f->vars[h]->joins) {
			/* (h: normalize.c's buffer of a stepped pointer) */
			diag_error(loc,
				   "%s is stepped off the start of buffers "
				   "from malloc that the function allocates "
				   "in turn (in a loop): the reverse mode "
				   "cannot tell which buffer it sees; "
				   "allocate the buffer once, or index it "
				   "from its start",
				   c->f->vars[h]->joins);
			c->v->heap_alias_said = 1;
		}
		if (!c->v->heap_alias_said) {
			int other = h == v ? -1 : v;
			for (int w = 0; other < 0 && w < c->f->nvars; w++)
				if (w != h && c->a->node[w] == c->a->node[h] &&
				    c->f->vars[w]->type->kind == TY_PTR)
					other = w;
			diag_error(
				loc,
				"'%s' holds buffers from malloc or realloc in "
				"turn, and '%s' points into them too: the "
				"reverse mode cannot tell which buffer each "
				"pointer sees; index '%s' itself",
				c->f->vars[h]->name,
				other >= 0 ? c->f->vars[other]->name : "?",
				c->f->vars[h]->name);
			c->v->heap_alias_said = 1;
		}
		return 1;
	}
	return 0;
}

/* The value f_fwd pushes to restore pointer or integer var v. */
Expr *adj_fwd_saved(Adj *c, int v, Loc loc)
{
	Expr *x = expr_var(c->fwd, v, loc);
	if (c->f->vars[v]->type->kind != TY_PTR)
		return x;
	int b = c->v->base[v];
	if (b < 0 && adj_heap_alias_error(c, v, loc))
		return expr_int(0, loc);
	if (b < 0) {
		adj_no_base_error(c, v, b, loc);
		return expr_int(0, loc);
	}
	Expr *base = expr_var(c->fwd, b, loc);
	if (c->f->vars[b]->type->kind != TY_PTR &&
	    c->f->vars[b]->type->kind != TY_ARRAY)
		base = expr_addr(base, loc);
	base = adj_flat_base(base, c->f->vars[v]->type);
	/* rows over flat data, (const double (*)[3])src: the offset counts
	 * the data's own elements (adj_rows_view) */
	if (adj_array_depth(x->type) > adj_array_depth(base->type) &&
	    type_is_pointerish(base->type))
		x = expr_cast(type_ptr(base->type->base), x, loc);
	/* C before C2X subtracts pointers to rows of the same qualifiers
	 * only: R - (const double (*)[2])A for const double (*R)[2] */
	const Type *xt = x->type, *bt = base->type;
	if (xt->base->kind == TY_ARRAY && type_is_pointerish(bt) &&
	    bt->base->kind == TY_ARRAY &&
	    type_is_readonly(xt->base) != type_is_readonly(bt->base))
		base = expr_cast(type_ptr(xt->base), base, loc);
	return expr_cast(adj_long(), expr_binary(B_SUB, x, base, adj_long(), loc),
			 loc);
}

/* An update of integer or pointer var v in f: fwd gets what must run
 * before it, the result is its undo in f_bwd (or NULL). */
Stmt *adj_int_update(Adj *c, int v, AssignOp op, const Expr *rhs,
		     Stmt *fout, Loc loc)
{
	if (!c->v->needed[v])
		return NULL;
	/* the init of a counted loop whose index f_bwd sets itself, and
	 * the one store of a variable it sets again (rp_get) */
	if (op == A_SET && (lb_index(c, v) || rp_replayed(c, v)))
		return NULL;
	/* a declaration that runs once: nothing before it can read v */
	if (c->in_decl && !c->loops)
		return NULL;
	Expr *bv = expr_var(c->bwd, adj_bvar(c, v, loc), loc);
	switch (op) {
	case A_INC: /* i++  undone by  i-- */
		return stmt_assign(A_DEC, bv, NULL, loc);
	case A_DEC:
		return stmt_assign(A_INC, bv, NULL, loc);
	case A_ADD: case A_SUB: /* i += k  undone by  i -= k */
		if (!adj_reads_var(rhs, v) && !type_is_float(rhs->type))
			return stmt_assign(op == A_ADD ? A_SUB : A_ADD, bv,
					   adj_bw_value(c, rhs), loc);
		break;
	default:
		break;
	}
	stmt_append(fout, adj_push(c, adj_fwd_saved(c, v, loc)));
	return stmt_assign(A_SET, bv, adj_pop(c, adj_long(), loc), loc);
}

/* The integer and pointer variables &k that e passes to calls, each once,
 * in order; an &k anywhere else, of a k that f_bwd reads, is refused
 * (a pointer that may change k behind its back). */
typedef struct AddrVars {
	Adj *c;
	int *v;
	int n;
} AddrVars;

/* The integer scalar that pointer variable p always points to (its base
 * in f: int *p = &k), or -1. */
int adj_int_target(Adj *c, int p)
{
	const Type *t = c->f->vars[p]->type;
	if (t->kind != TY_PTR || type_is_float(t->base))
		return -1;
	int b = c->v->base[p];
	if (b < 0 || b == p)
		return -1;
	const Type *bt = c->f->vars[b]->type;
	return type_is_arith(bt) && !type_is_float(bt) ? b : -1;
}

/* A store through local pointer p into an integer that ckc cannot name
 * (p = &k, later p = &j), or p passed to a call that may store through
 * it: refused when f_bwd reads one of the integers p may point to, whose
 * update it could not undo.  Returns 1 then. */
int adj_int_store_unknown(Adj *c, int p, Loc loc)
{
	const Func *f = c->f;
	const Type *t = f->vars[p]->type;
	if (t->kind != TY_PTR || type_is_float(t->base) ||
	    !type_is_arith(t->base) || adj_var_is_param(f, p) ||
	    adj_int_target(c, p) >= 0)
		return 0;
	for (int w = 0; w < f->nvars; w++) {
		const Type *wt = f->vars[w]->type;
		if (w == p || c->a->node[w] != c->a->node[p] ||
		    !type_is_arith(wt) || type_is_float(wt) ||
		    !c->v->needed[w])
			continue;
		diag_error(
			loc,
			"a change through '%s' may be one of '%s', which the "
			"reverse sweep reads, and ckc cannot tell which "
			"integer '%s' points to here; keep one pointer per "
			"integer",
			f->vars[p]->name, f->vars[w]->name, f->vars[p]->name);
		return 1;
	}
	return 0;
}

static void adj_addr_add(AddrVars *a, int k)
{
	for (int i = 0; i < a->n; i++)
		if (a->v[i] == k)
			return;
	a->v = arena_room(a->v, a->n, sizeof(int));
	a->v[a->n++] = k;
}

static void adj_addr_vars(AddrVars *a, const Expr *e, int arg);

/* Does call argument a point into an integer table on the heap that
 * f_bwd reads (adj_heap_int)?  Its variable into *root. */
static int adj_heap_int_arg(Adj *c, const Expr *a, int *root)
{
	if (!type_is_pointerish(a->type) ||
	    type_is_float(type_bottom(a->type)))
		return 0;
	*root = activity_root(a);
	return *root >= 0 && c->v->heap_int[*root] && adj_heap_int(c, *root);
}

/* May call e change the data behind its argument i?  Not when it is a
 * function of the file whose parameter points to const, nor free(p). */
static int adj_call_may_change(Adj *c, const Expr *e, int i)
{
	const AllocRule *r = alloc_find(e);
	if (r && r->kind == ALLOC_FREE)
		return 0;
	if (e->u.call.fn < 0)
		return 1;
	const Func *g = c->p->funcs[e->u.call.fn];
	if (i >= g->nparams)
		return 1;
	const Type *t = g->vars[g->params[i]]->type;
	return !type_is_pointerish(t) || !type_bottom(t)->is_const;
}

static void adj_addr_kid(void *a, const Expr *e)
{
	adj_addr_vars(a, e, 0);
}

static void adj_addr_vars(AddrVars *a, const Expr *e, int arg)
{
	if (!e)
		return;
	if (arg && e->kind == E_VAR && adj_int_cell_param(a->c, e->u.var)) {
		/* h(p) for a cell p: *p, coded -1 - p */
		adj_addr_add(a, -1 - e->u.var);
		return;
	}
	if (arg && e->kind == E_VAR &&
	    adj_int_store_unknown(a->c, e->u.var, e->loc))
		return; /* h(p) with p = &k, later p = &j */
	if (arg && e->kind == E_VAR && adj_int_target(a->c, e->u.var) >= 0) {
		/* h(p) with int *p = &k */
		int k = adj_int_target(a->c, e->u.var);
		if (a->c->v->needed[k])
			adj_addr_add(a, k);
		return;
	}
	if (e->kind == E_ADDR && e->u.e->kind == E_VAR &&
	    !type_is_float(e->u.e->type) &&
	    (type_is_arith(e->u.e->type) || e->u.e->type->kind == TY_PTR)) {
		int k = e->u.e->u.var;
		if (!a->c->v->needed[k])
			return;
		if (arg && pm_get(&a->c->v->fresh_addr, e) >= 0)
			return; /* k's first value: nothing reads the old */
		if (!arg) {
			diag_error(e->loc,
				   "the reverse sweep reads '%s', and a "
				   "pointer taken here may change it where "
				   "ckc cannot see; change '%s' directly, or "
				   "through a function's parameter",
				   a->c->f->vars[k]->name,
				   a->c->f->vars[k]->name);
			return;
		}
		adj_addr_add(a, k);
		return;
	}
	switch (e->kind) {
	case E_CALL:
		for (int i = 0; i < e->u.call.nargs; i++) {
			const Expr *x = e->u.call.args[i];
			int n, r = adj_int_passed_root(x, &n);
			if (r >= 0 && a->c->v->int_passed[r] == 1) {
				/* h(perm), h(&perm[k]) */
				if (a->c->v->needed[r] &&
				    adj_call_may_change(a->c, e, i) &&
				    pm_get(&a->c->v->fresh_addr, x) < 0)
					adj_addr_add(a, r);
				adj_addr_vars(a, x, 0); /* k */
			} else if (adj_heap_int_arg(a->c, x, &r)) {
				/* h(perm) of an integer table on the heap */
				if (adj_call_may_change(a->c, e, i) &&
				    pm_get(&a->c->v->fresh_addr, x) < 0)
					adj_addr_add(a, a->c->f->nvars + r);
				adj_addr_vars(a, x, 0);
			} else {
				adj_addr_vars(a, x, 1);
			}
		}
		return;
	case E_INDEX:
		adj_addr_vars(a, e->u.index.base, 0);
		adj_addr_vars(a, e->u.index.idx, 0);
		return;
	case E_DEREF:
		adj_addr_vars(a, e->u.e, 0);
		return;
	default:
		ir_plain_kids(e, adj_addr_kid, a);
		return;
	}
}

/* for (k = 0; k < n; k++) body, or down: for (k = n - 1; k >= 0; k--)
 * body, in function g. */
static Stmt *adj_count_loop(Func *g, int k, Expr *n, int down, Stmt *body,
			    Loc loc)
{
	Stmt *loop = stmt_new(S_FOR, loc);
	Expr *last = n->kind == E_NUM && n->u.num.is_int
			     ? expr_int(n->u.num.ival - 1, loc)
			     : expr_binary(B_SUB, n, expr_int(1, loc), n->type,
					   loc);
	loop->u.loop.init = stmt_assign(A_SET, expr_var(g, k, loc),
					down ? last : expr_int(0, loc), loc);
	loop->u.loop.cond = down ? expr_binary(B_GE, expr_var(g, k, loc),
					       expr_int(0, loc), NULL, loc)
				 : expr_binary(B_LT, expr_var(g, k, loc),
					       expr_clone(n), NULL, loc);
	loop->u.loop.inc = stmt_assign(down ? A_DEC : A_INC,
				       expr_var(g, k, loc), NULL, loc);
	loop->u.loop.body = stmt_block(loc);
	stmt_append(loop->u.loop.body, body);
	return loop;
}

/* Every element of the integer table on the heap that v points to
 * (adj_heap_int), which a call may change: f_fwd tapes them and their
 * count into fout, and f_bwd, after the call's reverse, takes them back
 * into the buffer (the statements go first into b). */
static void adj_heap_int_io(Adj *c, int v, Stmt *fout, Stmt *b, Loc loc)
{
	const Type *el = type_bottom(c->f->vars[v]->type);
	Expr *size = expr_int(0, loc); /* sizeof(el) */
	size->spelled = arena_printf("sizeof(%s)", el->name);
	size->type = adj_long();
	int m = adj_local(c, c->fwd, "ck_m", adj_long());
	int k = adj_local(c, c->fwd, "ck_k", adj_long());
	stmt_append(c->fdecls, stmt_decl(m, NULL, loc));
	stmt_append(c->fdecls, stmt_decl(k, NULL, loc));
	stmt_append(
		fout,
		stmt_assign(A_SET, expr_var(c->fwd, m, loc),
			    expr_binary(B_DIV,
					expr_var(c->fwd, c->hbytes_f[v], loc),
					size, adj_long(), loc),
			    loc));
	Expr *e = expr_index(expr_var(c->fwd, v, loc),
			     expr_var(c->fwd, k, loc), loc);
	e->type = (Type *)el;
	stmt_append(fout, adj_count_loop(c->fwd, k, expr_var(c->fwd, m, loc),
					 0, adj_push(c, e), loc));
	stmt_append(fout, adj_push(c, expr_var(c->fwd, m, loc)));
	int mb = adj_local(c, c->bwd, "ck_m", adj_long());
	int kb = adj_local(c, c->bwd, "ck_k", adj_long());
	stmt_append(c->bdecls, stmt_decl(mb, NULL, loc));
	stmt_append(c->bdecls, stmt_decl(kb, NULL, loc));
	Expr *eb = expr_index(expr_var(c->bwd, c->hptr_b[v], loc),
			      expr_var(c->bwd, kb, loc), loc);
	eb->type = (Type *)el;
	Stmt *r = stmt_block(loc);
	stmt_append(r, stmt_assign(A_SET, expr_var(c->bwd, mb, loc),
				   adj_pop(c, adj_long(), loc), loc));
	stmt_append(r, adj_count_loop(c->bwd, kb, expr_var(c->bwd, mb, loc), 1,
				      stmt_assign(A_SET, eb,
						  adj_pop(c, (Type *)el, loc),
						  loc),
				      loc));
	stmt_prepend(b, r);
}

/* Does e use variable v other than by value or as an element, v[i]: its
 * address (&v, &v[i]) or an array v passed whole? */
typedef struct TakesAddr {
	int v, hit;
} TakesAddr;

static void adj_takes_addr_kid(void *ctx, const Expr *e);

static void adj_takes_addr_walk(TakesAddr *t, const Expr *e)
{
	if (!e || t->hit)
		return;
	switch (e->kind) {
	case E_VAR:
		t->hit = e->u.var == t->v && e->type->kind == TY_ARRAY;
		return;
	case E_ADDR: {
		const Expr *l = e->u.e;
		while (l->kind == E_INDEX || l->kind == E_MEMBER)
			l = l->kind == E_INDEX ? l->u.index.base
					       : l->u.mem.base;
		if (l->kind == E_VAR && l->u.var == t->v)
			t->hit = 1;
		else
			adj_takes_addr_walk(t, e->u.e);
		return;
	}
	case E_INDEX: /* v[i] reads an element; its base is no address */
		if (e->u.index.base->kind != E_VAR)
			adj_takes_addr_walk(t, e->u.index.base);
		adj_takes_addr_walk(t, e->u.index.idx);
		return;
	case E_CALL:
		for (int i = 0; i < e->u.call.nargs; i++)
			adj_takes_addr_walk(t, e->u.call.args[i]);
		return;
	default:
		ir_plain_kids(e, adj_takes_addr_kid, t);
		return;
	}
}

static void adj_takes_addr_kid(void *ctx, const Expr *e)
{
	adj_takes_addr_walk(ctx, e);
}

int adj_takes_addr(const Expr *e, int v)
{
	TakesAddr t = { v, 0 };
	adj_takes_addr_walk(&t, e);
	return t.hit;
}

/* A statement whose calls may change integer or pointer variables through
 * their addresses, h(&k): f_fwd tapes the value of each one that f_bwd
 * reads before the statement runs, and the result puts them back, last
 * first (or NULL).  f_bwd runs it after the statement's own reverse.  An
 * e that is &k itself is the value of a pointer, p = &k, whose stores
 * *p = v update k (adj_int_target). */
/* A call of the file that gets integer k both by value and by address,
 * advance(x, k, &k, &acc): its reverse gets k's value after the call
 * changed it, since the caller puts k back after that reverse, which
 * undoes its own changes through the pointer.  Refused at the value. */
static void adj_value_and_addr(void *ctx, const Expr *e)
{
	Adj *c = ctx;
	if (e->kind != E_CALL || e->u.call.fn < 0)
		return;
	/* (a call without a derivative has no reverse to read the value:
	 * f_bwd only puts back what it changed) */
	if (pattern_empty(activity_call_pattern(c->a, c->p, e), c->p))
		return;
	for (int j = 0; j < e->u.call.nargs; j++) {
		const Expr *p = e->u.call.args[j];
		/* the pointer: &k, or pointer variable q, the cell of the
		 * caller's &k (a parameter) or int *q = &k (k its target) */
		int k = -1, q = -1;
		if (p->kind == E_ADDR && p->u.e->kind == E_VAR &&
		    type_is_arith(p->u.e->type) &&
		    !type_is_float(p->u.e->type))
			k = p->u.e->u.var;
		else if (p->kind == E_VAR &&
			 (adj_int_cell_param(c, p->u.var) ||
			  adj_int_target(c, p->u.var) >= 0)) {
			q = p->u.var;
			k = adj_int_target(c, q);
		}
		/* (a callee that cannot change it, const int *, reads it) */
		if ((k < 0 && q < 0) ||
		    (q >= 0 && !adj_call_may_change(c, e, j)))
			continue;
		for (int i = 0; i < e->u.call.nargs; i++) {
			const Expr *a = e->u.call.args[i];
			if (i == j || type_is_pointerish(a->type) ||
			    type_is_float(a->type) ||
			    !((k >= 0 && expr_mentions(a, k)) ||
			      (q >= 0 && expr_mentions(a, q))))
				continue;
			if (q >= 0)
				diag_error(
					a->loc,
					"the integer behind '%s' goes to "
					"'%s' both by value and through "
					"'%s', which the reverse mode does "
					"not follow: the value would be the "
					"one the call leaves; pass a copy "
					"made before the call",
					c->f->vars[q]->name, e->u.call.name,
					c->f->vars[q]->name);
			else
				diag_error(a->loc,
					   "'%s' goes to '%s' both by value "
					   "and by address ('&%s'), which the "
					   "reverse mode does not follow: the "
					   "value would be the one the call "
					   "leaves; pass a copy made before "
					   "the call",
					   c->f->vars[k]->name, e->u.call.name,
					   c->f->vars[k]->name);
			return;
		}
	}
}

Stmt *adj_addr_updates(Adj *c, const Expr *e, Stmt *fout, Loc loc)
{
	AddrVars a = { c, NULL, 0 };
	if (e && e->kind == E_ADDR && e->u.e->kind == E_VAR)
		return NULL;
	ir_walk_expr(e, adj_value_and_addr, c);
	adj_addr_vars(&a, e, 0);
	if (!a.n)
		return NULL;
	Stmt *b = stmt_block(loc);
	for (int i = 0; i < a.n; i++) {
		int k = a.v[i];
		if (k < 0) { /* *p of a cell parameter p */
			Expr *pv = expr_var(c->fwd, -1 - k, loc);
			stmt_append(fout, adj_push(c, expr_deref(pv, loc)));
			stmt_prepend(
				b,
				stmt_assign(
					A_SET,
					adj_bw_value(
						c,
						expr_deref(
							expr_var((Func *)c->f,
								 -1 - k, loc),
							loc)),
					adj_pop(c, adj_long(), loc), loc));
			continue;
		}
		if (k >= c->f->nvars) { /* h(perm), perm on the heap */
			adj_heap_int_io(c, k - c->f->nvars, fout, b, loc);
			continue;
		}
		if (c->f->vars[k]->type->kind == TY_ARRAY) { /* h(perm) */
			stmt_append(fout, adj_int_array_io(c, k, 0, loc));
			stmt_prepend(b, adj_int_array_io(c, k, 1, loc));
			continue;
		}
		stmt_append(fout, adj_push(c, adj_fwd_saved(c, k, loc)));
		stmt_prepend(b, stmt_assign(A_SET,
					    expr_var(c->bwd,
						     adj_bvar(c, k, loc), loc),
					    adj_pop(c, adj_long(), loc), loc));
	}
	return b;
}

/* The pushes of block pushes (the old value of what a statement's store
 * of a user call's result changes) moved
 * after the call: each value into a temporary of f_fwd before the call
 * (in before), then pushed after it (in after), so that f_bwd pops them
 * before the call's reverse.  That reverse reads the integers the call's
 * arguments name as they were when it ran: n = keep(x, n, B) passes the
 * old n as keep_bwd's nin.  Returns 0, moving nothing, when pushes holds
 * anything but single pushes (whole integer arrays), which keep their
 * order. */
static int adj_late_push(const Stmt *st)
{
	if (st->kind != S_EXPR || st->u.expr->kind != E_CALL ||
	    st->u.expr->u.call.nargs != 2)
		return 0;
	const char *n = st->u.expr->u.call.name;
	return !strcmp(n, "ck_push_i") || !strcmp(n, "ck_push_p");
}

/* The statements of s, blocks opened, into flat. */
static void adj_flatten(Stmt *flat, Stmt *s)
{
	if (s->kind != S_BLOCK) {
		stmt_append(flat, s);
		return;
	}
	for (int i = 0; i < s->u.block.n; i++)
		adj_flatten(flat, s->u.block.items[i]);
}

int adj_push_late(Adj *c, Stmt *pushes, Stmt *before, Stmt *after)
{
	Stmt *flat = stmt_block(pushes->loc);
	adj_flatten(flat, pushes);
	for (int i = 0; i < flat->u.block.n; i++)
		if (!adj_late_push(flat->u.block.items[i]))
			return 0;
	for (int i = 0; i < flat->u.block.n; i++) {
		Stmt *st = flat->u.block.items[i];
		Expr *v = st->u.expr->u.call.args[1];
		Type *t = !strcmp(st->u.expr->u.call.name, "ck_push_i")
				  ? adj_long()
				  : type_ptr(adj_void());
		int tmp = adj_local(c, c->fwd, "ck_s", t);
		stmt_append(c->fdecls, stmt_decl(tmp, NULL, st->loc));
		stmt_append(before,
			    stmt_assign(A_SET, expr_var(c->fwd, tmp, st->loc),
					v, st->loc));
		st->u.expr->u.call.args[1] = expr_var(c->fwd, tmp, st->loc);
		stmt_append(after, st);
	}
	return 1;
}

/* A store into *p (p[0]) of a cell parameter p (adj_int_cell): fwd gets
 * what must run before it, the result undoes it in f_bwd through f_bwd's
 * p, which points to the caller's f_bwd copy of the integer. */
Stmt *adj_cell_update(Adj *c, const Expr *lhs, AssignOp op, const Expr *rhs,
		      Stmt *fout, Loc loc)
{
	Expr *bv = adj_bw_value(c, lhs);
	switch (op) {
	case A_INC:
		return stmt_assign(A_DEC, bv, NULL, loc);
	case A_DEC:
		return stmt_assign(A_INC, bv, NULL, loc);
	case A_ADD:
	case A_SUB: {
		const Expr *p =
			lhs->kind == E_DEREF ? lhs->u.e : lhs->u.index.base;
		if (!adj_reads_var(rhs, p->u.var) && !type_is_float(rhs->type))
			return stmt_assign(op == A_ADD ? A_SUB : A_ADD, bv,
					   adj_bw_value(c, rhs), loc);
		break;
	}
	default:
		break;
	}
	stmt_append(fout, adj_push(c, expr_clone(lhs)));
	return stmt_assign(A_SET, bv, adj_pop(c, adj_long(), loc), loc);
}

/* a then b in one statement (either may be NULL). */
Stmt *adj_then(Stmt *a, Stmt *b)
{
	if (!a || !b)
		return a ? a : b;
	Stmt *both = stmt_block(a->loc);
	stmt_append(both, a);
	stmt_append(both, b);
	return both;
}

/* A store into an element of integer array v (adj_int_array) that f_bwd
 * reads: fwd tapes the element's old value before it runs, the result
 * puts the value back in f_bwd's copy (or NULL). */
Stmt *adj_int_elem_update(Adj *c, const Expr *lhs, Stmt *fout, Loc loc)
{
	int v = activity_root(lhs);
	if (v < 0 || !(adj_int_array(c, v) || c->v->heap_int[v]) ||
	    !c->v->needed[v])
		return NULL;
	/* a declaration's initializer: adj_decl puts the array back whole */
	if (c->in_decl)
		return NULL;
	for (const Expr *e = lhs; e->kind == E_INDEX; e = e->u.index.base)
		if (adj_reads_var(e->u.index.idx, v)) {
			diag_error(e->u.index.idx->loc,
				   "the reverse sweep cannot tell which "
				   "element of '%s' this store changed: its "
				   "index reads '%s'; compute the index into "
				   "a variable first",
				   c->f->vars[v]->name, c->f->vars[v]->name);
			return NULL;
		}
	stmt_append(fout, adj_push(c, expr_clone(lhs)));
	Expr *back = adj_bw_value(c, lhs);
	return stmt_assign(A_SET, back, adj_pop(c, lhs->type, loc), loc);
}

/* Every element of integer array v (adj_int_array), first to last: f_fwd
 * tapes them (pop 0), or f_bwd takes them back into its copy, last to
 * first (pop 1). */
Stmt *adj_int_array_io(Adj *c, int v, int pop, Loc loc)
{
	const Type *t = c->f->vars[v]->type;
	Type *el = type_with_const((Type *)adj_array_elem(t), 0);
	Func *g = pop ? c->bwd : c->fwd;
	int k = adj_local(c, g, "ck_k", type_int());
	stmt_append(pop ? c->bdecls : c->fdecls, stmt_decl(k, NULL, loc));
	long n = adj_elems(t);
	Expr *a = pop ? expr_var(c->bwd, adj_bvar(c, v, loc), loc)
		      : expr_var(c->fwd, v, loc);
	if (t->base->kind == TY_ARRAY)
		a = expr_cast(type_ptr(el), a, loc);
	Expr *elem = expr_index(a, expr_var(g, k, loc), loc);
	elem->type = el;
	return adj_count_loop(
		g, k, expr_int(n, loc), pop,
		pop ? stmt_assign(A_SET, elem, adj_pop(c, el, loc), loc)
		    : adj_push(c, elem),
		loc);
}

/* ---- heap variables (see adj_find_heap) */

static Stmt *adj_heap_shadow(Adj *c, int v, Loc loc);

/* Is heap var v local to checkpointed body r (a region, or the body of a
 * binomial loop): declared inside it?  Its buffers then live and die in
 * one run of r, so r's snapshot needs nothing of them; f_fwd runs r as f
 * does and leaves v null after it, and the recomputation in f_bwd gives
 * the buffer it ends with a zeroed shadow. */
int rg_heap_local(Adj *c, const Stmt *r, int v)
{
	return r && c->v->heap[v] && stmt_find_decl(r, v);
}

/* After f_fwd's plain run of checkpointed body r: its local buffers are
 * gone (f freed them), their variables null. */
void rg_heap_null(Adj *c, const Stmt *r, Stmt *fout, Loc loc)
{
	for (int v = 0; v < c->f->nvars; v++) {
		/* (and the pointers r declares into them, a = ck_a - 1 of a
		 * stepped buffer: their offsets are pushed later) */
		int b = c->v->base[v];
		if (b >= 0 && b != v && rg_heap_local(c, r, b) &&
		    stmt_find_decl(r, v) &&
		    c->f->vars[v]->type->kind == TY_PTR) {
			stmt_append(fout, stmt_assign(A_SET,
						      expr_var(c->fwd, v, loc),
						      expr_int(0, loc), loc));
			continue;
		}
		if (!rg_heap_local(c, r, v))
			continue;
		stmt_append(fout, stmt_assign(A_SET, expr_var(c->fwd, v, loc),
					      expr_int(0, loc), loc));
		stmt_append(fout, stmt_assign(A_SET,
					      expr_var(c->fwd, c->hbytes_f[v], loc),
					      expr_int(0, loc), loc));
	}
}

/* In f_bwd after the recomputation of r, before its reverse sweep: the
 * shadows of the buffers r's local variables hold. */
void rg_heap_shadows(Adj *c, const Stmt *r, Stmt *b, Loc loc)
{
	for (int v = 0; v < c->f->nvars; v++) {
		if (!rg_heap_local(c, r, v))
			continue;
		stmt_append(b, stmt_expr(S_EXPR,
					 adj_call("ck_shadow_free", adj_void(),
						  expr_var(c->bwd, adj_var(c, v),
							   loc),
						  NULL),
					 loc));
		stmt_append(b, adj_heap_shadow(c, v, loc));
	}
}

static Type *adj_void_ptr(void)
{
	static Type v = { TY_VOID, 0, NULL, NULL, 0, NULL, 0, 0, NULL, NULL };
	static Type p = { TY_PTR, 0, NULL, &v, 0, NULL, 0, 0, NULL, NULL };
	return &p;
}

/* f_fwd pushes heap var v's pointer and size (the old ones before an
 * allocation, the last ones where it returns). */
void adj_heap_push(Adj *c, int v, Stmt *fout, Loc loc)
{
	Expr *tape = expr_var(c->fwd, c->ft, loc);
	stmt_append(fout, stmt_expr(S_EXPR,
				    adj_call("ck_push_p", adj_void(), tape,
					     expr_var(c->fwd, v, loc)),
				    loc));
	stmt_append(fout, adj_push(c, expr_var(c->fwd, c->hbytes_f[v], loc)));
}

/* ... and f_bwd pops them, in the reverse order. */
static void adj_heap_pop(Adj *c, int v, Stmt *out, Loc loc)
{
	stmt_append(out, stmt_assign(A_SET, expr_var(c->bwd, c->hbytes_b[v], loc),
				     adj_pop(c, adj_long(), loc), loc));
	stmt_append(out, stmt_assign(A_SET, expr_var(c->bwd, c->hptr_b[v], loc),
				     adj_call("ck_pop_p", adj_void_ptr(),
					      expr_var(c->bwd, c->bt, loc), NULL),
				     loc));
}

/* p_b = ck_shadow_alloc(p_bytes) in f_bwd: a buffer's shadow, zero
 * where the reverse sweep enters its life from its end. */
static Stmt *adj_heap_shadow(Adj *c, int v, Loc loc)
{
	return stmt_assign(A_SET, expr_var(c->bwd, adj_var(c, v), loc),
			   adj_call("ck_shadow_alloc", adj_void_ptr(),
				    expr_var(c->bwd, c->hbytes_b[v], loc), NULL),
			   loc);
}

/* The declarations of a round for its heap variables. */
static void adj_heap_vars(Adj *c)
{
	const Func *f = c->f;
	size_t n = (size_t)f->nvars + 1;
	c->hbytes_f = arena_alloc(sizeof(int) * n);
	c->hptr_b = arena_alloc(sizeof(int) * n);
	c->hbytes_b = arena_alloc(sizeof(int) * n);
	for (int v = 0; v < f->nvars; v++) {
		c->hbytes_f[v] = c->hptr_b[v] = c->hbytes_b[v] = -1;
		if (!c->v->heap[v] && !(c->v->heap_int[v] && c->v->needed[v]))
			continue;
		Loc loc = f->vars[v]->loc;
		/* f_fwd's name of it (locals of nested blocks may share one) */
		const char *name = c->fwd->vars[v]->name;
		const char *bn = arena_printf("%s_bytes", name);
		c->hbytes_f[v] = adj_local(c, c->fwd, bn, adj_long());
		stmt_append(c->fdecls, stmt_decl(c->hbytes_f[v], expr_int(0, loc),
						 loc));
		Type *pt = type_with_const(f->vars[v]->type, 0);
		c->hptr_b[v] = func_add_var(c->bwd, name, pt, VAR_LOCAL, loc);
		/* (where a region's recomputation reads it) */
		if (c->v->heap[v] && stmt_in_region(f->body, v, 0))
			c->fwd->vars[v]->handed =
				c->bwd->vars[c->hptr_b[v]]->handed =
					activity_var_varied(c->a, v) ? 1 : 2;
		stmt_append(c->bdecls, stmt_decl(c->hptr_b[v], NULL, loc));
		c->hbytes_b[v] = adj_local(c, c->bwd, bn, adj_long());
		stmt_append(c->bdecls, stmt_decl(c->hbytes_b[v], NULL, loc));
		if (c->v->heap[v]) /* (an integer table has no shadow) */
			stmt_append(c->bdecls,
				    stmt_decl(adj_var(c, v), NULL, loc));
	}
}

/* p = malloc(n), calloc(k, s) or realloc(p, n) of heap var p (see
 * adj_find_heap): the fwd statements into fout, the bwd reverse as the
 * result. */
Stmt *adj_heap_assign(Adj *c, const Stmt *s, Stmt *fout)
{
	int v = s->u.assign.lhs->u.var;
	const Expr *rhs = s->u.assign.rhs;
	const AllocRule *r = alloc_find(rhs);
	Loc loc = s->loc;
	if (c->in_region && !rg_heap_local(c, c->region, v)) {
		diag_error(loc, "the checkpoint region's snapshot cannot cover "
				"the buffer '%s', which the region %s but which "
				"lives on after it; allocate it before the region "
				"or free it inside",
			   c->f->vars[v]->name,
			   !r ? "sets" : r->kind == ALLOC_NEW ? "allocates"
							   : "reallocates");
		return NULL;
	}
	Expr *bytes = r ? alloc_bytes(rhs) : expr_int(0, loc); /* or NULL */
	if (adj_reads_var(bytes, v)) {
		diag_error(loc, "the size of the buffer '%s' is computed from "
				"itself; compute it into a variable first",
			   c->f->vars[v]->name);
		return NULL;
	}
	adj_heap_push(c, v, fout, loc);
	Expr *pv = expr_var(c->fwd, v, loc);
	Expr *nv = expr_var(c->fwd, c->hbytes_f[v], loc);
	if (!r || r->kind == ALLOC_NEW) {
		stmt_append(fout, stmt_assign(A_SET, pv, expr_clone(rhs), loc));
	} else {
		/* the old buffer stays alive for the reverse sweep */
		Expr *call = expr_call_n("ck_fwd_realloc", adj_void_ptr(), loc,
					 expr_var(c->fwd, v, loc), nv,
					 alloc_bytes(rhs));
		stmt_append(fout, stmt_assign(A_SET, pv, call, loc));
	}
	stmt_append(fout, stmt_assign(A_SET, expr_var(c->fwd, c->hbytes_f[v], loc),
				      bytes, loc));
	Stmt *b = stmt_block(loc);
	Expr *pb = expr_var(c->bwd, c->hptr_b[v], loc);
	stmt_append(b, stmt_expr(S_EXPR, adj_call("free", adj_void(), pb, NULL),
				 loc));
	if (!c->v->heap[v]) { /* an integer table (adj_heap_int) */
		adj_heap_pop(c, v, b, loc);
		return b;
	}
	Expr *sb = expr_var(c->bwd, adj_var(c, v), loc);
	if (!r || r->kind == ALLOC_NEW)
		stmt_append(b, stmt_expr(S_EXPR, adj_call("ck_shadow_free",
							  adj_void(), sb, NULL),
					 loc));
	adj_heap_pop(c, v, b, loc);
	if (!r || r->kind == ALLOC_NEW) {
		stmt_append(b, adj_heap_shadow(c, v, loc));
	} else {
		/* the adjoints of the moved data move back */
		Expr *call = adj_call("ck_shadow_unrealloc", adj_void_ptr(),
				      expr_var(c->bwd, adj_var(c, v), loc),
				      expr_var(c->bwd, c->hbytes_b[v], loc));
		stmt_append(b, stmt_assign(A_SET,
					   expr_var(c->bwd, adj_var(c, v), loc),
					   call, loc));
	}
	return b;
}

/* free(p): a heap buffer's free waits for f_bwd's end of it; the free
 * of other active data (that f did not allocate) is refused.  Returns 1
 * when s was such a free. */
static int adj_free(Adj *c, const Stmt *s)
{
	const AllocRule *r = alloc_find(s->u.expr);
	if (!r || r->kind != ALLOC_FREE)
		return 0;
	int root = activity_root(alloc_old(s->u.expr));
	if (root >= 0 && adj_heap_int(c, root) &&
	    alloc_old(s->u.expr)->kind == E_VAR)
		return 1; /* f_bwd frees it */
	if (root < 0 || !type_float_elem(c->f->vars[root]->type) ||
	    (!activity_var_varied(c->a, root) && !c->v->heap[root]))
		return 0;
	if ((!c->v->heap[root] || alloc_old(s->u.expr)->kind != E_VAR) &&
	    !adj_heap_alias_error(c, root, s->loc))
		diag_error(s->loc, "the reverse mode can only free a buffer of "
				   "active data that this function allocated, "
				   "through the variable it allocated it to");
	return 1;
}

/* -------------------------------------------------------- statements */

/* Does e read storage of node n? */
static int adj_reads_node(Adj *c, const Expr *e, int n)
{
	if (!e)
		return 0;
	switch (e->kind) {
	case E_VAR: case E_INDEX: case E_DEREF: case E_MEMBER: {
		int r = activity_root(e);
		if (r >= 0 && c->a->node[r] == n && type_is_float(e->type))
			return 1;
		if (e->kind == E_INDEX)
			return adj_reads_node(c, e->u.index.idx, n) ||
			       adj_reads_node(c, e->u.index.base, n);
		if (e->kind == E_MEMBER)
			return adj_reads_node(c, e->u.mem.base, n);
		if (e->kind == E_DEREF)
			return adj_reads_node(c, e->u.e, n);
		return 0;
	}
	case E_UNARY:
		return adj_reads_node(c, e->u.un.e, n);
	case E_BINARY:
		return adj_reads_node(c, e->u.bin.l, n) ||
		       adj_reads_node(c, e->u.bin.r, n);
	case E_COND:
		return adj_reads_node(c, e->u.cond.a, n) ||
		       adj_reads_node(c, e->u.cond.b, n);
	case E_CALL:
		for (int i = 0; i < e->u.call.nargs; i++)
			if (adj_reads_node(c, e->u.call.args[i], n))
				return 1;
		return 0;
	case E_CAST:
		return adj_reads_node(c, e->u.e, n);
	default:
		return 0;
	}
}

/* The root variable of lvalue e, or -1. */
static int adj_lv_root_var(const Expr *e)
{
	while (e->kind == E_INDEX || e->kind == E_DEREF || e->kind == E_MEMBER)
		e = e->kind == E_INDEX	  ? e->u.index.base
		    : e->kind == E_MEMBER ? e->u.mem.base
					  : e->u.e;
	return e->kind == E_VAR ? e->u.var : -1;
}

/* e as base + constant: i + 1 -> (i, 1), i - 1 -> (i, -1), i -> (i, 0). */
static const Expr *adj_offset(const Expr *e, long long *c)
{
	*c = 0;
	if (e->kind == E_BINARY && (e->u.bin.op == B_ADD || e->u.bin.op == B_SUB) &&
	    e->u.bin.r->kind == E_NUM && e->u.bin.r->u.num.is_int) {
		*c = e->u.bin.op == B_ADD ? e->u.bin.r->u.num.ival
					  : -e->u.bin.r->u.num.ival;
		return e->u.bin.l;
	}
	return e;
}

/* Are lvalues p and q surely different storage?  Different scalar
 * variables; an element of a local array and any other variable; two
 * elements of one array at i + c1 and i + c2 with c1 != c2. */
static int adj_lv_distinct(const Expr *p, const Expr *q)
{
	if (p->kind == E_VAR && q->kind == E_VAR)
		return p->u.var != q->u.var;
	if (p->kind == E_VAR)
		return adj_lv_distinct(q, p);
	if (p->kind != E_INDEX || p->u.index.base->kind != E_VAR)
		return 0;
	const Expr *pb = p->u.index.base;
	if (q->kind == E_VAR)
		return pb->type->kind == TY_ARRAY && q->u.var != pb->u.var;
	if (q->kind != E_INDEX || q->u.index.base->kind != E_VAR)
		return 0;
	const Expr *qb = q->u.index.base;
	if (pb->u.var != qb->u.var)
		return pb->type->kind == TY_ARRAY || qb->type->kind == TY_ARRAY;
	long long cp, cq;
	const Expr *ip = adj_offset(p->u.index.idx, &cp);
	const Expr *iq = adj_offset(q->u.index.idx, &cq);
	return cp != cq && expr_equal(ip, iq);
}

/* Do the index expressions of lvalue lv read variable v? */
static int adj_index_reads(const Expr *lv, int v)
{
	for (;;) {
		if (lv->kind == E_INDEX) {
			if (adj_reads_var(lv->u.index.idx, v))
				return 1;
			lv = lv->u.index.base;
		} else if (lv->kind == E_DEREF) {
			lv = lv->u.e;
		} else if (lv->kind == E_MEMBER) {
			lv = lv->u.mem.base;
		} else {
			return lv->kind != E_VAR && adj_reads_var(lv, v);
		}
	}
}

/* Can L += a move past statement s (an adjoint statement between it and
 * the next update of L)? */
static int adj_add_moves_past(const Stmt *add, const Stmt *s)
{
	if (s->kind != S_ASSIGN)
		return 0;
	const Expr *l = add->u.assign.lhs, *m = s->u.assign.lhs;
	int rl = adj_lv_root_var(l), rm = adj_lv_root_var(m);
	return rl >= 0 && rm >= 0 && adj_lv_distinct(l, m) &&
	       !adj_reads_var(s->u.assign.rhs, rl) && !adj_index_reads(m, rl) &&
	       !adj_reads_var(add->u.assign.rhs, rm) && !adj_index_reads(l, rm);
}

/* L += a; ...; L += b;  ->  ...; L += a + b  (one load and store of L,
 * not two), when b does not read L's variable and the statements between
 * neither touch L nor change what a and L's index read. */
static void adj_merge_adds(Stmt *b)
{
	Stmt **it = b->u.block.items;
	unsigned char *gone = arena_alloc((size_t)b->u.block.n + 1);
	for (int i = 0; i < b->u.block.n; i++) {
		Stmt *s = it[i];
		if (s->kind != S_ASSIGN || s->u.assign.op != A_ADD)
			continue;
		int root = adj_lv_root_var(s->u.assign.lhs);
		if (root < 0 || adj_reads_var(s->u.assign.rhs, root))
			continue;
		for (int k = i + 1; k < b->u.block.n; k++) {
			Stmt *t = it[k];
			if (gone[k])
				continue;
			if (t->kind == S_ASSIGN && t->u.assign.op == A_ADD &&
			    expr_equal(t->u.assign.lhs, s->u.assign.lhs)) {
				if (adj_reads_var(t->u.assign.rhs, root))
					break;
				t->u.assign.rhs = expr_binary(B_ADD, s->u.assign.rhs,
							      t->u.assign.rhs,
							      NULL, t->loc);
				gone[i] = 1;
				break;
			}
			if (!adj_add_moves_past(s, t))
				break;
		}
	}
	int n = 0;
	for (int i = 0; i < b->u.block.n; i++)
		if (!gone[i])
			it[n++] = it[i];
	b->u.block.n = n;
}

/* The bwd block of a plan: temporaries, pops, adjoint statements. */
Stmt *plan_bwd(Plan *pl)
{
	adj_merge_adds(pl->adj);
	Stmt *b = stmt_block(pl->loc);
	for (int i = 0; i < pl->decls->u.block.n; i++)
		stmt_append(b, pl->decls->u.block.items[i]);
	for (int i = 0; i < pl->pops->u.block.n; i++)
		stmt_append(b, pl->pops->u.block.items[i]);
	for (int i = 0; i < pl->adj->u.block.n; i++)
		stmt_append(b, pl->adj->u.block.items[i]);
	return b;
}

void plan_fwd(Plan *pl, Stmt *fout)
{
	for (int i = 0; i < pl->fwd->u.block.n; i++)
		stmt_append(fout, pl->fwd->u.block.items[i]);
}

/* lhs op= rhs with an active floating lhs. */
void adj_active_assign(Adj *c, Plan *pl, AssignOp op, const Expr *lhs,
		       const Expr *rhs)
{
	Loc loc = lhs->loc;
	int n = c->a->node[activity_root(lhs)];
	int alias = rhs && adj_reads_node(c, rhs, n);
	/* v += c, v++: the adjoint passes through unchanged */
	if ((op == A_ADD || op == A_SUB || op == A_INC || op == A_DEC) &&
	    !(rhs && activity_expr_varied(c->a, rhs)))
		return;
	Expr *lb = adj_lv(c, lhs);
	Expr *t;
	switch (op) {
	case A_SET: /* v = e:  t = v_b; v_b = 0; e_b += t */
		if (!alias && lhs->kind == E_VAR) {
			adj_expr(c, pl, rhs, lb);
			/* a declaration's adjoint ends with its scope */
			if (!c->in_decl)
				stmt_append(pl->adj,
					    stmt_assign(A_SET, expr_clone(lb),
							expr_num(0, lhs->type, loc),
							loc));
			return;
		}
		t = expr_var(c->bwd, plan_temp(c, pl, "ck_a", lhs->type), loc);
		stmt_append(pl->adj, stmt_assign(A_SET, t, lb, loc));
		stmt_append(pl->adj, stmt_assign(A_SET, expr_clone(lb),
						 expr_num(0, lhs->type, loc), loc));
		adj_expr(c, pl, rhs, expr_clone(t));
		return;
	case A_ADD: case A_SUB: /* v += e:  e_b += v_b */
		t = lb;
		/* memory may alias what the right side updates (a callee's
		 * parameters can): read its adjoint once */
		if (alias || lhs->kind != E_VAR) {
			t = expr_var(c->bwd, plan_temp(c, pl, "ck_a", lhs->type), loc);
			stmt_append(pl->adj, stmt_assign(A_SET, t, lb, loc));
			t = expr_clone(t);
		}
		adj_expr(c, pl, rhs, op == A_ADD ? t : expr_unary(U_NEG, t, loc));
		return;
	case A_MUL: case A_DIV: {
		/* v *= e:  t = v_b; v_b = t * e; e_b += t * v
		 * v /= e:  t = v_b; v_b = t / e; e_b -= t * v / e / e */
		Expr *ve = adj_value(c, pl, rhs);
		Expr *vv = activity_expr_varied(c->a, rhs) ? adj_value(c, pl, lhs)
							   : NULL;
		t = expr_var(c->bwd, plan_temp(c, pl, "ck_a", lhs->type), loc);
		stmt_append(pl->adj, stmt_assign(A_SET, t, lb, loc));
		stmt_append(pl->adj,
			    stmt_assign(A_SET, expr_clone(lb),
					expr_binary(op == A_MUL ? B_MUL : B_DIV,
						    expr_clone(t), ve, NULL, loc),
					loc));
		if (!vv)
			return;
		Expr *d = expr_binary(B_MUL, expr_clone(t), vv, NULL, loc);
		if (op == A_DIV)
			d = expr_unary(U_NEG,
				       expr_binary(B_DIV,
						   expr_binary(B_DIV, d,
							       expr_clone(ve), NULL,
							       loc),
						   expr_clone(ve), NULL, loc),
				       loc);
		adj_expr(c, pl, rhs, d);
		return;
	}
	default: /* ++ and -- on floating values: derivative 1 */
		return;
	}
}

/* A call at statement level that adj_user_call differentiates: to a
 * function of the file, or to one with a user-supplied derivative. */
int adj_is_user_call(const Expr *e)
{
	return e && e->kind == E_CALL &&
	       (e->u.call.fn >= 0 || userrules_call(e->u.call.name));
}

/* Is pointer type t an int *: the one integer a caller passes by address
 * (h(&k)), which the callee may change? */
static int adj_int_cell(const Type *t)
{
	return t->kind == TY_PTR && type_is_arith(t->base) &&
	       !type_is_float(t->base);
}

/* Is arg &k of an integer variable k, or a parameter p that is such a
 * cell itself (passed on)? */
static int adj_int_cell_arg(Adj *c, const Expr *arg)
{
	if (arg->kind == E_ADDR && arg->u.e->kind == E_VAR)
		return type_is_arith(arg->u.e->type) &&
		       !type_is_float(arg->u.e->type);
	return arg->kind == E_VAR && adj_int_cell_param(c, arg->u.var);
}

int adj_int_cell_param(Adj *c, int p)
{
	return adj_var_is_param(c->f, p) &&
	       adj_stable_mask(c->v)[adj_param_pos(c->f, p)] == 3;
}

/* Is arg a local integer table of f that f_bwd keeps a copy of (a local
 * array, adj_int_array, or malloc'd buffers, adj_heap_int)?  When f_bwd
 * reverses the call, its copy holds the values the call saw, so the
 * callee's reverse sweep may read them as stable data. */
static int adj_int_table_arg(Adj *c, const Expr *arg)
{
	int n, v = adj_int_passed_root(arg, &n);
	if (v >= 0)
		return adj_int_array(c, v);
	return arg->kind == E_VAR && arg->type->kind == TY_PTR &&
	       c->v->heap_int[arg->u.var];
}

static AdjVariant *adj_variant_for_call(Adj *c, const Expr *call,
					Pattern **patp, unsigned char **copyp);

/* Is arg the address of a const global or a const table of the function
 * (adj_const_tables), or of data in one (f2c's (integer *)&c__1, a table
 * S or &S[k] or S + k, a row T[e], through casts)?  Data as stable as a
 * const table: f_bwd has the same values. */
static int adj_const_table_arg(const Adj *c, const Expr *arg)
{
	while (arg->kind == E_CAST)
		arg = arg->u.e;
	if (arg->kind == E_BINARY && arg->u.bin.op == B_ADD)
		arg = arg->u.bin.l; /* S + k, (int *)S + k */
	while (arg->kind == E_CAST)
		arg = arg->u.e;
	/* (an array object: the table, or a row of it, tri[e]) */
	if (arg->kind != E_ADDR && arg->type->kind != TY_ARRAY)
		return 0;
	const Expr *g = adj_lv_base(arg->kind == E_ADDR ? arg->u.e : arg);
	if (g->kind == E_VAR)
		return c->ctab[g->u.var] != NULL;
	return g->kind == E_GLOBAL && (type_is_readonly(g->type) ||
				       c->p->globals[g->u.global]->unwritten);
}

/* ck_push_nd(t, a, n) or ck_pop_nd(t, a, n) for local array a. */
static Expr *adj_block_call(int pop, Expr *tape, Expr *a, Loc loc)
{
	int dbl = a->type->base->kind == TY_DOUBLE;
	const char *fn = pop ? (dbl ? "ck_pop_nd" : "ck_pop_nf")
			     : (dbl ? "ck_push_nd" : "ck_push_nf");
	return expr_call_n(fn, adj_void(), loc, tape, a,
			   expr_int(a->type->len, loc));
}

/* adj_copy_arg's array v: f_fwd tapes it whole, once... */
static void adj_copy_fwd(Adj *c, int v, Stmt *fout, Loc loc)
{
	stmt_append(fout, stmt_expr(S_EXPR,
				    adj_block_call(0, expr_var(c->fwd, c->ft, loc),
						   expr_var(c->fwd, v, loc), loc),
				    loc));
}

/* ... and f_bwd pops it into a copy (before the callee's reverse sweep,
 * in out), which it passes instead of the array. */
static Expr *adj_copy_bwd(Adj *c, int v, Stmt *out, Loc loc)
{
	const Var *x = c->f->vars[v];
	int cp = adj_local(c, c->bwd, x->name, adj_unconst_array(x->type));
	stmt_append(c->bdecls, stmt_decl(cp, NULL, loc));
	stmt_append(out, stmt_expr(S_EXPR,
				   adj_block_call(1, expr_var(c->bwd, c->bt, loc),
						  expr_var(c->bwd, cp, loc), loc),
				   loc));
	return expr_var(c->bwd, cp, loc);
}

/* The adjoint of the arguments the user's F_b received the addresses of
 * (temporaries), added after F_b ran (adj_user_call does the same). */
static void adj_after(Adj *c, Plan *pl, Stmt *after, const Expr *arg, Expr *t)
{
	Plan sub = *pl;
	sub.adj = after;
	adj_expr(c, &sub, arg, t);
	pl->fwd = sub.fwd;
	pl->pops = sub.pops;
	pl->decls = sub.decls;
	pl->keys = sub.keys;
	pl->temps = sub.temps;
	pl->nkeys = sub.nkeys;
}

/* A null pointer of type pt's element type. */
static Expr *adj_null(Type *pt, Loc loc)
{
	return expr_cast(type_ptr(type_with_const(pt->base, 0)),
			 expr_int(0, loc), loc);
}

/* A pointer argument of a call with a user rule, as f_bwd passes it to
 * F_b: the data the call saw.  &v for a scalar v points to a temporary
 * with v's value before the call; stable data is read again; a whole local
 * array is taped before the call and popped into a copy; anything else
 * has no length ckc knows, so it is refused. */
static Expr *adj_rule_ptr(Adj *c, Plan *pl, const CallRule *cr,
			  const Expr *arg, const Type *pt)
{
	Loc loc = arg->loc;
	if (arg->kind == E_ADDR && arg->u.e->kind == E_VAR &&
	    type_is_arith(arg->u.e->type) && !type_is_float(arg->u.e->type) &&
	    !pt->base->is_const) {
		/* f_bwd keeps integers exact by undoing their updates, and
		 * cannot undo this one */
		diag_error(loc, "'%s' may change the integer '%s' through this "
				"pointer, which the reverse sweep cannot undo; "
				"pass the address of a copy",
			   cr->rule->name, c->f->vars[arg->u.e->u.var]->name);
		return expr_clone(arg);
	}
	if (arg->kind == E_ADDR && arg->u.e->kind == E_VAR &&
	    type_is_arith(arg->u.e->type)) {
		/* &v for a scalar v: its value before the call, in a
		 * temporary of f_bwd */
		const Expr *v = arg->u.e;
		Expr *val = adj_value(c, pl, v);
		int tv = plan_temp(c, pl, "ck_s", v->type);
		/* after every pop of the plan (val may be one) */
		stmt_append(pl->pops, stmt_assign(A_SET, expr_var(c->bwd, tv, loc),
						  val, loc));
		return expr_addr(expr_var(c->bwd, tv, loc), loc);
	}
	if (adj_bw_ok(c, arg))
		return adj_bw_value(c, arg);
	if (arg->kind == E_VAR) {
		const Var *x = c->f->vars[arg->u.var];
		if (x->kind == VAR_LOCAL && !x->is_static &&
		    x->type->kind == TY_ARRAY && type_is_float(x->type->base)) {
			int cp = adj_local(c, c->bwd, x->name,
					   type_with_const(x->type, 0));
			stmt_append(c->bdecls, stmt_decl(cp, NULL, loc));
			stmt_append(pl->fwd,
				    stmt_expr(S_EXPR,
					      adj_block_call(
						      0, expr_var(c->fwd, c->ft, loc),
						      expr_var(c->fwd, arg->u.var,
							       loc),
						      loc),
					      loc));
			Expr *pop =
				adj_block_call(1, expr_var(c->bwd, c->bt, loc),
					       expr_var(c->bwd, cp, loc), loc);
			stmt_prepend(pl->pops, stmt_expr(S_EXPR, pop, loc));
			return expr_var(c->bwd, cp, loc);
		}
	}
	int root = activity_root(arg);
	diag_error(loc,
		   "the reverse sweep must call '%s' with the data behind '%s' "
		   "as this call saw it, but the function changes that data "
		   "and ckc does not know its length; pass a whole local array "
		   "(double a[N]), or data that nothing changes",
		   cr->rule->fn[UR_ADJOINT],
		   root >= 0 ? c->f->vars[root]->name : "this argument");
	if (!adj_tbr)
		diag_note(loc, "with --no-tbr the reverse sweep reads no data "
			       "again, so only local arrays can be passed");
	return expr_clone(arg);
}

/* Reverse mode: may a pointer argument that the call writes point into the
 * same data as another pointer argument?  The copy of one argument's data
 * that f_bwd hands the user's adjoint would not alias the other as it did
 * in the call: refused. */
static int adj_rule_aliased(Adj *c, const CallRule *cr, const Expr *call)
{
	const Func *g = cr->callee;
	for (int i = 0; i < g->nparams && i < call->u.call.nargs; i++) {
		Type *pt = g->vars[g->params[i]]->type;
		int ri = activity_root(call->u.call.args[i]);
		if (pt->kind != TY_PTR || pt->base->is_const || ri < 0)
			continue;
		for (int k = 0; k < g->nparams && k < call->u.call.nargs; k++) {
			int rk = activity_root(call->u.call.args[k]);
			if (k == i || rk < 0 ||
			    g->vars[g->params[k]]->type->kind != TY_PTR ||
			    c->a->node[rk] != c->a->node[ri])
				continue;
			diag_error(call->u.call.args[k]->loc,
				   "arguments %d and %d of '%s' may point into "
				   "the same data, which '%s' writes; its "
				   "user-supplied adjoint cannot be given that "
				   "data as the call saw it; pass separate arrays",
				   k < i ? k + 1 : i + 1, k < i ? i + 1 : k + 1,
				   cr->rule->name, cr->rule->name);
			return 1;
		}
	}
	return 0;
}

/* A call with a user-supplied derivative at statement level (lhs may be
 * NULL), for #pragma ck_derivative NAME ... adjoint(F_b):
 *   f_fwd:  [tape what the reverse sweep cannot read again]
 *           y = NAME(a, s);
 *   f_bwd:  ck_a = y_b; y_b = 0; ck_p = 0;
 *           F_b(a', a_b, s', &ck_p, ck_a);  s_b += ck_p
 * where a', s' are the values the call saw; a_b is a null pointer (&ck_p
 * too) where the argument carries no derivative. */
static Stmt *adj_rule_call(Adj *c, const CallRule *cr, const Expr *lhs,
			   const Expr *call, Stmt *fout, Stmt *primal,
			   Expr **primal_call)
{
	Loc loc = call->loc;
	const UserRule *r = cr->rule;
	const Func *g = cr->callee;
	*primal_call = expr_clone(call);
	/* a taped forward sweep keeps the records of nonblocking MPI calls
	 * for the reverse sweep (mpi.c) */
	if (r->mpi_taped)
		(*primal_call)->u.call.name = r->mpi_taped;
	if (!activity_rule_any(c->a, cr, call)) {
		stmt_append(fout, primal);
		if (lhs && adj_lv_active(c, lhs))
			return stmt_assign(A_SET, adj_lv(c, lhs),
					   expr_num(0, lhs->type, loc), loc);
		return NULL;
	}
	/* MPI's buffers of one call are disjoint (MPI requires it), and its
	 * helpers' adjoints take no primal data */
	if (!r->mpi && adj_rule_aliased(c, cr, call)) {
		stmt_append(fout, primal);
		return NULL;
	}
	Plan *pl = plan_new(loc);
	Expr *seed = NULL;
	if (r->ret_active) {
		if (lhs && adj_lv_active(c, lhs)) {
			Expr *lb = adj_lv(c, lhs);
			seed = expr_var(c->bwd, plan_temp(c, pl, "ck_a", lhs->type),
					loc);
			stmt_append(pl->adj, stmt_assign(A_SET, seed, lb, loc));
			stmt_append(pl->adj,
				    stmt_assign(A_SET, expr_clone(lb),
						expr_num(0, lhs->type, loc), loc));
			seed = expr_clone(seed);
		} else {
			seed = expr_num(0, type_with_const(g->ret, 0), loc);
		}
	} else if (lhs && adj_lv_active(c, lhs)) {
		stmt_append(pl->adj, stmt_assign(A_SET, adj_lv(c, lhs),
						 expr_num(0, lhs->type, loc), loc));
	}
	Expr **args = NULL;
	int nargs = 0;
	Stmt *after = stmt_block(loc);
	for (int i = 0; i < g->nparams && i < call->u.call.nargs; i++) {
		const Expr *arg = call->u.call.args[i];
		Type *pt = g->vars[g->params[i]]->type;
		int act = cr->active[i] && activity_arg_active(c->a, arg);
		if (r->mpi && r->mpi_drop[i]) {
			/* an MPI helper's adjoint reads no primal data */
			if (cr->active[i])
				ARENA_PUSH(args, nargs,
					   act ? adj_shadow_ptr(c, arg)
					       : adj_null(pt, loc));
			continue;
		}
		/* MPI handles (pointers in Open MPI) are values */
		if (pt->kind == TY_PTR && !(r->mpi && !type_float_elem(pt))) {
			ARENA_PUSH(args, nargs, adj_rule_ptr(c, pl, cr, arg, pt));
			if (cr->active[i])
				ARENA_PUSH(args, nargs,
					   act ? adj_shadow_ptr(c, arg)
					       : adj_null(pt, loc));
			continue;
		}
		if (pt->kind == TY_STRUCT) {
			diag_error(arg->loc, "a struct argument of '%s' cannot be "
					     "passed to its user-supplied adjoint "
					     "yet; pass its members",
				   r->name);
			continue;
		}
		ARENA_PUSH(args, nargs, adj_value(c, pl, arg));
		if (!cr->active[i])
			continue;
		if (!act) {
			ARENA_PUSH(args, nargs,
				   adj_null(type_ptr(type_with_const(pt, 0)), loc));
			continue;
		}
		/* through a temporary, added after F_b: F_b may update the
		 * same variable through a pointer too */
		int tv = plan_temp(c, pl, "ck_p", pt);
		stmt_append(pl->adj, stmt_assign(A_SET, expr_var(c->bwd, tv, loc),
						 expr_num(0, pt, loc), loc));
		ARENA_PUSH(args, nargs, expr_addr(expr_var(c->bwd, tv, loc), loc));
		adj_after(c, pl, after, arg, expr_var(c->bwd, tv, loc));
	}
	if (seed)
		ARENA_PUSH(args, nargs, seed);
	stmt_append(pl->adj, stmt_expr(S_EXPR,
				       expr_call(r->fn[UR_ADJOINT], -1, args,
						 nargs, adj_void(), loc),
				       loc));
	plan_fwd(pl, fout);
	stmt_append(fout, primal);
	Stmt *b = stmt_block(loc);
	for (int i = 0; i < pl->decls->u.block.n; i++)
		stmt_append(b, pl->decls->u.block.items[i]);
	for (int i = 0; i < pl->pops->u.block.n; i++)
		stmt_append(b, pl->pops->u.block.items[i]);
	for (int i = 0; i < pl->adj->u.block.n; i++)
		stmt_append(b, pl->adj->u.block.items[i]);
	for (int i = 0; i < after->u.block.n; i++)
		stmt_append(b, after->u.block.items[i]);
	return b;
}

/* A call to a user function at statement level (lhs may be NULL):
 * f_fwd calls g_fwd, f_bwd calls g_bwd with the result's adjoint. */
Stmt *adj_user_call(Adj *c, const Expr *lhs, const Expr *call,
		    Stmt *fout, Stmt *primal, Expr **primal_call)
{
	Loc loc = call->loc;
	if (call->u.call.fn < 0)
		return adj_rule_call(c, userrules_call(call->u.call.name), lhs,
				     call, fout, primal, primal_call);
	Pattern *pat;
	unsigned char *copy;
	AdjVariant *gv = adj_variant_for_call(c, call, &pat, &copy);
	if (!gv) {
		*primal_call = expr_clone(call);
		stmt_append(fout, primal);
		/* y = g(inactive): y's old value no longer reaches anything */
		if (lhs && adj_lv_active(c, lhs))
			return stmt_assign(A_SET, adj_lv(c, lhs),
					   expr_num(0, lhs->type, loc), loc);
		return NULL;
	}
	Plan *pl = plan_new(loc);
	const Func *g = gv->f;
	Expr *seed = NULL;
	if (gv->ret_b) {
		if (lhs && adj_lv_active(c, lhs)) {
			Expr *lb = adj_lv(c, lhs);
			seed = expr_var(c->bwd, plan_temp(c, pl, "ck_a", lhs->type),
					loc);
			stmt_append(pl->adj, stmt_assign(A_SET, seed, lb, loc));
			stmt_append(pl->adj,
				    stmt_assign(A_SET, expr_clone(lb),
						expr_num(0, lhs->type, loc), loc));
			seed = expr_clone(seed);
		} else {
			seed = expr_num(0, g->ret, loc);
		}
	} else if (lhs && adj_lv_active(c, lhs)) {
		/* the result carries no derivative: its adjoint dies here */
		stmt_append(pl->adj, stmt_assign(A_SET, adj_lv(c, lhs),
						 expr_num(0, lhs->type, loc), loc));
	}
	Expr **args = NULL;
	int nargs = 0;
	Stmt *after = stmt_block(loc);
	for (int i = 0; i < g->nparams && i < call->u.call.nargs; i++) {
		const Expr *arg = call->u.call.args[i];
		Type *pt = g->vars[g->params[i]]->type;
		if (type_is_float(pt)) {
			if (adj_bwd_takes_scalar(gv, i))
				ARENA_PUSH(args, nargs, adj_bw_value(c, arg));
			if (!pat->active[i])
				continue;
			/* the argument's adjoint is added after the callee's
			 * reverse sweep, through a temporary: the callee may
			 * also update the same variable through a pointer
			 * (h(s, &s)) */
			Expr *ab;
			{
				int tv = plan_temp(c, pl, "ck_p", pt);
				stmt_append(pl->adj,
					    stmt_assign(A_SET, expr_var(c->bwd, tv, loc),
							expr_num(0, pt, loc), loc));
				ab = expr_addr(expr_var(c->bwd, tv, loc), loc);
				Plan sub = *pl;
				sub.adj = after;
				adj_expr(c, &sub, arg, expr_var(c->bwd, tv, loc));
				pl->fwd = sub.fwd;
				pl->pops = sub.pops;
				pl->decls = sub.decls;
				pl->keys = sub.keys;
				pl->temps = sub.temps;
				pl->nkeys = sub.nkeys;
			}
			ARENA_PUSH(args, nargs, ab);
			continue;
		}
		if (type_is_pointerish(pt)) {
			if (copy[i])
				ARENA_PUSH(args, nargs,
					   adj_copy_bwd(c, arg->u.var, pl->adj, loc));
			else if (adj_stable_mask(gv)[i])
				ARENA_PUSH(args, nargs, adj_bw_ptr(c, arg));
			if (pat->active[i])
				ARENA_PUSH(args, nargs, adj_shadow_ptr(c, arg));
			continue;
		}
		ARENA_PUSH(args, nargs, adj_bw_value(c, arg));
		/* g(s) for a struct s: g_bwd(s, &s_b) adds to s's adjoint */
		if (pt->kind == TY_STRUCT && pat->active[i]) {
			Expr *lb = adj_lv(c, arg);
			ARENA_PUSH(args, nargs,
				   lb->kind == E_DEREF ? lb->u.e
						       : expr_addr(lb, loc));
		}
	}
	if (seed)
		ARENA_PUSH(args, nargs, seed);
	stmt_append(pl->adj, stmt_expr(S_EXPR,
				       expr_call(gv->bwd->name, -1, args, nargs,
						 adj_void(), loc),
				       loc));

	plan_fwd(pl, fout);
	Expr *fc = expr_clone(call);
	fc->u.call.name = gv->fwd->name;
	fc->u.call.fn = -1;
	*primal_call = fc;
	stmt_append(fout, primal);
	/* the copies for g_bwd, taped after the call (g does not change
	 * them) so that they are on top of the tape when g_bwd runs */
	for (int i = g->nparams - 1; i >= 0; i--)
		if (i < call->u.call.nargs && copy[i])
			adj_copy_fwd(c, call->u.call.args[i]->u.var, fout, loc);
	/* f_fwd taped the arguments' values before g_fwd's own entries, so
	 * f_bwd pops them after g_bwd */
	Stmt *b = stmt_block(loc);
	for (int i = 0; i < pl->decls->u.block.n; i++)
		stmt_append(b, pl->decls->u.block.items[i]);
	for (int i = 0; i < pl->adj->u.block.n; i++)
		stmt_append(b, pl->adj->u.block.items[i]);
	for (int i = 0; i < pl->pops->u.block.n; i++)
		stmt_append(b, pl->pops->u.block.items[i]);
	for (int i = 0; i < after->u.block.n; i++)
		stmt_append(b, after->u.block.items[i]);
	return b;
}

Stmt *adj_stmt(Adj *c, const Stmt *s, Stmt *fout)
{
	Stmt *b;
	switch (s->kind) {
	case S_BLOCK: {
		Stmt *fb = stmt_block(s->loc);
		b = adj_block(c, s, fb);
		stmt_append(fout, fb);
		return b;
	}
	case S_DECL:
		return adj_decl(c, s, fout);
	case S_ASSIGN:
		return adj_assign(c, s, fout);
	case S_EXPR: {
		Stmt *u = adj_addr_updates(c, s->u.expr, fout, s->loc);
		if (adj_is_user_call(s->u.expr)) {
			Stmt *primal = stmt_expr(S_EXPR, NULL, s->loc);
			b = adj_user_call(c, NULL, s->u.expr, fout, primal,
					  &primal->u.expr);
			adj_remat_kill_all(c);
			return adj_then(b, u);
		}
		if (adj_free(c, s))
			return u;
		b = stmt_expr(S_EXPR, expr_clone(s->u.expr), s->loc);
		/* stdio output runs once: not again when f_bwd recomputes
		 * this code (calls.c) */
		stmt_append(fout, calls_is_output_stmt(s) ? calls_guard_output(b)
							  : b);
		return u;
	}
	case S_RETURN:
		return adj_return(c, s, fout);
	case S_IF:
		return adj_if(c, s, fout);
	case S_FOR: case S_WHILE: case S_DO:
		return adj_loop(c, s, fout);
	case S_BREAK: case S_CONTINUE: {
		const Stmt *loop = NULL;
		for (int i = c->nframes - 1; i >= 0 && !loop; i--)
			if (c->frames[i].s->kind != S_IF)
				loop = c->frames[i].s;
		adj_site_pushes(c, s, loop, fout);
		stmt_append(fout, stmt_new(s->kind, s->loc));
		return NULL;
	}
	case S_CHECKPOINT:
		if (s->u.ckpt.binomial)
			return adj_binomial(c, s, fout);
		if (s->u.ckpt.online || s->u.ckpt.budget)
			return adj_online(c, s, fout);
		return adj_region(c, s, fout);
	case S_EMPTY:
		return NULL;
	default:
		ck_unreachable();
	}
}

/* ------------------------------------------------------------ functions */

static unsigned char *adj_stable_mask(AdjVariant *v)
{
	return v->stable;
}

static AdjVariant *adj_variant_get(Program *p, Pattern *pat,
				   unsigned char *stable, const char *public_name);

int adj_param_reached(const Adj *c, int v)
{
	return c->bmap[v] >= 0 &&
	       adj_stable_mask(c->v)[adj_param_pos(c->f, v)] != 2;
}

/* Does s read the data of pointer parameter pv (node n of ga) inside a
 * loop? */
static int adj_reads_in_loop(const Activity *ga, const Stmt *s, int n,
			     int inloop);

typedef struct LoopRead {
	const Activity *ga;
	int node, found;
} LoopRead;

static void adj_loop_read(void *ctx, const Expr *e)
{
	LoopRead *r = ctx;
	if (e->kind != E_INDEX && e->kind != E_DEREF && e->kind != E_MEMBER)
		return;
	int root = activity_root(e);
	if (root >= 0 && r->ga->node[root] == r->node)
		r->found = 1;
}

static int adj_reads_in_loop(const Activity *ga, const Stmt *s, int n,
			     int inloop)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (adj_reads_in_loop(ga, s->u.block.items[i], n, inloop))
				return 1;
		return 0;
	case S_IF:
		return adj_reads_in_loop(ga, s->u.ifs.then, n, inloop) ||
		       adj_reads_in_loop(ga, s->u.ifs.els, n, inloop);
	case S_FOR: case S_WHILE: case S_DO:
		return adj_reads_in_loop(ga, s->u.loop.body, n, 1) ||
		       adj_reads_in_loop(ga, s->u.loop.inc, n, 1);
	case S_CHECKPOINT:
		return adj_reads_in_loop(ga, s->u.ckpt.body, n, inloop);
	default:
		if (!inloop)
			return 0;
		{
			LoopRead r = {ga, n, 0};
			ir_walk_stmt(s, adj_loop_read, &r);
			return r.found;
		}
	}
}

/* A whole local floating array of f passed to a callee that never writes
 * it and reads it in a loop (a layer reading its input vector once per
 * output): instead of the callee taping every read, f_fwd tapes the array
 * once after the call and f_bwd hands the callee's reverse sweep a copy,
 * so that the callee sees the data as stable.  Costs one copy of the
 * array per call; only arrays, whose size is fixed, qualify. */
static int adj_copy_arg(Adj *c, const Expr *call, const Pattern *pat, int i)
{
	const Expr *arg = call->u.call.args[i];
	if (!adj_tbr || arg->kind != E_VAR)
		return 0;
	/* passed once: axpy(a, w, w, n) writes w through its other name,
	 * and so does axpy(a, w, p, n) with p = w, or p = &w[1]: compare the
	 * arguments' alias nodes, not their variables (h(w, p) with p = w
	 * used to hand g_bwd the values of w after the call) */
	for (int k = 0; k < call->u.call.nargs; k++) {
		int r = activity_root(call->u.call.args[k]);
		if (k != i && type_is_pointerish(call->u.call.args[k]->type) &&
		    r >= 0 && c->a->node[r] == c->a->node[arg->u.var])
			return 0;
	}
	const Var *x = c->f->vars[arg->u.var];
	if (x->kind != VAR_LOCAL || x->is_static || x->type->kind != TY_ARRAY ||
	    !type_is_float(x->type->base))
		return 0;
	const Func *g = c->p->funcs[pat->fn];
	Activity *ga = activity_analyze(c->p, pat);
	if (!ga)
		return 0;
	int n = ga->node[g->params[i]];
	return !ga->written[n] && adj_reads_in_loop(ga, g->body, n, 0);
}

/* Is the data var v points into reachable through nothing but v's alias
 * node in f: a local array or buffer, or a parameter that the caller
 * passed unaliased?  (Stable top-level parameters are not copied, so
 * their flag is never asked.) */
int adj_unaliased(Adj *c, int v)
{
	if (v < 0)
		return 0;
	int b = c->v->base[v];
	if (b < 0 && c->f->vars[v]->kind == VAR_LOCAL &&
	    type_is_float(c->f->vars[v]->type))
		b = v; /* (&s of a scalar s) */
	if (b < 0)
		return 0;
	const Var *x = c->f->vars[b];
	if (x->kind == VAR_PARAM)
		return x->type->kind == TY_PTR &&
		       c->v->stable[c->f->nparams + adj_param_pos(c->f, b)] == 1;
	/* (a local floating scalar, passed as &s: an accumulator) */
	return x->type->kind == TY_ARRAY || c->v->heap[b] ||
	       (x->kind == VAR_LOCAL && type_is_float(x->type));
}

/* ---- disjoint parts of one array
 *
 * Two arguments that point into one array, lstm_cell(..., &h[(l - 1) *
 * n], &h[l * n], ...), reach distinct data when the callee reads and
 * writes each only at [0, m) (m its parameter n) and the offsets are at
 * least that far apart: l * n - (l - 1) * n - n is 0.  Offsets and
 * extents are polynomials in the caller's integers at the call, compared
 * term by term. */

#define POLY_TERMS 16
#define POLY_VARS 4

typedef struct PolyTerm {
	long long coef;
	int n;              /* variables in the product */
	int var[POLY_VARS]; /* sorted */
} PolyTerm;

typedef struct Poly {
	PolyTerm t[POLY_TERMS];
	int n, ok;
} Poly;

static void poly_add_term(Poly *p, const PolyTerm *t)
{
	if (!t->coef)
		return;
	for (int i = 0; i < p->n; i++)
		if (p->t[i].n == t->n &&
		    !memcmp(p->t[i].var, t->var, sizeof(int) * (size_t)t->n)) {
			p->t[i].coef += t->coef;
			return;
		}
	if (p->n == POLY_TERMS) {
		p->ok = 0;
		return;
	}
	p->t[p->n++] = *t;
}

/* a + sign * b */
static Poly poly_sum(const Poly *a, const Poly *b, int sign)
{
	Poly r = *a;
	r.ok = a->ok && b->ok;
	for (int i = 0; i < b->n; i++) {
		PolyTerm t = b->t[i];
		t.coef *= sign;
		poly_add_term(&r, &t);
	}
	return r;
}

static Poly poly_mul(const Poly *a, const Poly *b)
{
	Poly r = { .n = 0, .ok = a->ok && b->ok };
	for (int i = 0; i < a->n && r.ok; i++)
		for (int j = 0; j < b->n && r.ok; j++) {
			const PolyTerm *x = &a->t[i], *y = &b->t[j];
			if (x->n + y->n > POLY_VARS) {
				r.ok = 0;
				break;
			}
			PolyTerm t = { x->coef * y->coef, 0, { 0 } };
			int p = 0, q = 0;
			while (p < x->n || q < y->n)
				t.var[t.n++] =
					q >= y->n || (p < x->n &&
						      x->var[p] <= y->var[q])
						? x->var[p++]
						: y->var[q++];
			poly_add_term(&r, &t);
		}
	return r;
}

/* Integer expression e of f as a polynomial in f's integer variables. */
static Poly poly_of(const Func *f, const Expr *e)
{
	Poly r = { .n = 0, .ok = 1 };
	switch (e->kind) {
	case E_NUM:
		if (!e->u.num.is_int)
			r.ok = 0;
		else if (e->u.num.ival)
			r.t[r.n++] = (PolyTerm){ e->u.num.ival, 0, { 0 } };
		return r;
	case E_VAR:
		if (f->vars[e->u.var]->type->kind != TY_INT)
			r.ok = 0;
		else
			r.t[r.n++] = (PolyTerm){ 1, 1, { e->u.var } };
		return r;
	case E_CAST:
		if (e->type->kind != TY_INT || e->u.e->type->kind != TY_INT)
			r.ok = 0;
		else
			r = poly_of(f, e->u.e);
		return r;
	case E_UNARY: {
		if (e->u.un.op != U_NEG) {
			r.ok = 0;
			return r;
		}
		Poly a = poly_of(f, e->u.un.e);
		return poly_sum(&r, &a, -1);
	}
	case E_BINARY: {
		Poly a = poly_of(f, e->u.bin.l), b = poly_of(f, e->u.bin.r);
		if (e->u.bin.op == B_ADD || e->u.bin.op == B_SUB)
			return poly_sum(&a, &b, e->u.bin.op == B_ADD ? 1 : -1);
		if (e->u.bin.op == B_MUL)
			return poly_mul(&a, &b);
		r.ok = 0;
		return r;
	}
	default:
		r.ok = 0;
		return r;
	}
}

/* Is p a constant at least 0? */
static int poly_nonneg_const(const Poly *p)
{
	if (!p->ok)
		return 0;
	for (int i = 0; i < p->n; i++)
		if (p->t[i].coef && (p->t[i].n || p->t[i].coef < 0))
			return 0;
	return 1;
}

/* The extent of pointer parameter p of g: every use is p[j], j the index
 * of an enclosing loop for (j = 0; j < B; j++) that nothing else changes,
 * with one B of g's integer parameters that g never changes. */
typedef struct Extent {
	const Func *g;
	int p;
	const Expr *bound; /* B, or NULL before a use */
	int uses, good;    /* mentions of p, and those that are p[j] */
	int bad;           /* a bound that is not of g's fixed integers */
	int loop[16];
	const Expr *lb[16];
	int nl;
} Extent;

static void ext_bound_visit(void *ctx, const Expr *e)
{
	Extent *x = ctx;
	if (e->kind == E_CALL ||
	    (e->kind == E_VAR && (x->g->vars[e->u.var]->kind != VAR_PARAM ||
				  x->g->vars[e->u.var]->type->kind != TY_INT ||
				  stmt_assigns_var(x->g->body, e->u.var))) ||
	    (e->kind != E_VAR && e->kind != E_NUM && e->kind != E_BINARY &&
	     e->kind != E_CAST && e->kind != E_UNARY))
		x->bad = 1;
}

static void ext_expr(void *ctx, const Expr *e)
{
	Extent *x = ctx;
	if (e->kind == E_VAR && e->u.var == x->p)
		x->uses++;
	if (e->kind != E_INDEX || e->u.index.base->kind != E_VAR ||
	    e->u.index.base->u.var != x->p || e->u.index.idx->kind != E_VAR)
		return;
	for (int i = x->nl - 1; i >= 0; i--)
		if (x->loop[i] == e->u.index.idx->u.var) {
			if (x->bound && !expr_equal(x->bound, x->lb[i]))
				return;
			x->bound = x->lb[i];
			x->good++;
			return;
		}
}

/* The loop variable of s, for (j = 0; j < B; j++), with *b = B; or -1. */
static int ext_counted(const Stmt *s, const Expr **b)
{
	const Stmt *in = s->u.loop.init, *inc = s->u.loop.inc;
	const Expr *c = s->u.loop.cond;
	if (!in || !inc || !c || c->kind != E_BINARY || c->u.bin.op != B_LT ||
	    c->u.bin.l->kind != E_VAR)
		return -1;
	int j = c->u.bin.l->u.var;
	const Expr *v0 = in->kind == S_DECL && in->u.decl.var == j
				 ? in->u.decl.init
			 : in->kind == S_ASSIGN && in->u.assign.op == A_SET &&
					 in->u.assign.lhs->kind == E_VAR &&
					 in->u.assign.lhs->u.var == j
				 ? in->u.assign.rhs
				 : NULL;
	if (!v0 || v0->kind != E_NUM || !v0->u.num.is_int || v0->u.num.ival)
		return -1;
	if (inc->kind != S_ASSIGN || inc->u.assign.op != A_INC ||
	    inc->u.assign.lhs->kind != E_VAR ||
	    inc->u.assign.lhs->u.var != j ||
	    stmt_assigns_var(s->u.loop.body, j))
		return -1;
	*b = c->u.bin.r;
	return j;
}

static void ext_stmt(Extent *x, const Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			ext_stmt(x, s->u.block.items[i]);
		return;
	case S_IF:
		ir_walk_expr(s->u.ifs.cond, ext_expr, x);
		ext_stmt(x, s->u.ifs.then);
		ext_stmt(x, s->u.ifs.els);
		return;
	case S_FOR:
	case S_WHILE:
	case S_DO: {
		ir_walk_stmt(s->u.loop.init, ext_expr, x);
		ir_walk_expr(s->u.loop.cond, ext_expr, x);
		ir_walk_stmt(s->u.loop.inc, ext_expr, x);
		const Expr *b;
		int j = s->kind == S_FOR ? ext_counted(s, &b) : -1;
		if (j >= 0 && x->nl < 16) {
			x->loop[x->nl] = j;
			x->lb[x->nl++] = b;
			ext_stmt(x, s->u.loop.body);
			x->nl--;
		} else {
			ext_stmt(x, s->u.loop.body);
		}
		return;
	}
	case S_CHECKPOINT:
		ext_stmt(x, s->u.ckpt.body);
		return;
	default:
		ir_walk_stmt(s, ext_expr, x);
		return;
	}
}

typedef struct ExtMap {
	const Func *g;
	const Expr *call;
} ExtMap;

static Expr *ext_map_visit(void *ctx, Expr *e)
{
	const ExtMap *m = ctx;
	if (e->kind != E_VAR)
		return NULL;
	int pos = adj_param_pos(m->g, e->u.var);
	return pos >= 0 && pos < m->call->u.call.nargs
		       ? expr_clone(m->call->u.call.args[pos])
		       : NULL;
}

/* The extent of call's argument i in the callee, as a polynomial in the
 * caller's integers (ok 0: unknown). */
static Poly adj_arg_extent(Adj *c, const Expr *call, int i)
{
	Poly none = { .n = 0, .ok = 0 };
	const Func *g = c->p->funcs[call->u.call.fn];
	if (i >= g->nparams)
		return none;
	Extent x = { g, g->params[i], NULL, 0, 0, 0, { 0 }, { NULL }, 0 };
	ext_stmt(&x, g->body);
	if (x.uses <= 0 || x.good != x.uses || !x.bound)
		return none;
	ir_walk_expr(x.bound, ext_bound_visit, &x);
	if (x.bad)
		return none;
	ExtMap m = { g, call };
	return poly_of(c->f, expr_map(expr_clone(x.bound), ext_map_visit, &m));
}

/* The place argument arm a names: its base variable (its own base,
 * adj_find_bases) and offset (v, &v[e], v + e); -1 when it is no such
 * place. */
static int adj_arm_place(Adj *c, const Expr *a, Poly *off)
{
	while (a->kind == E_CAST && type_is_pointerish(a->type))
		a = a->u.e;
	const Expr *o = NULL;
	if (a->kind == E_ADDR && a->u.e->kind == E_INDEX) {
		o = a->u.e->u.index.idx;
		a = a->u.e->u.index.base;
	} else if (a->kind == E_BINARY && a->u.bin.op == B_ADD &&
		   a->u.bin.r->type->kind == TY_INT) {
		o = a->u.bin.r;
		a = a->u.bin.l;
	}
	if (a->kind != E_VAR || c->v->base[a->u.var] != a->u.var ||
	    !type_is_float(type_bottom(a->type)) ||
	    (a->type->kind == TY_ARRAY && a->type->base->kind == TY_ARRAY))
		return -1;
	if (o)
		*off = poly_of(c->f, o);
	else
		*off = (Poly){ .n = 0, .ok = 1 };
	return off->ok ? a->u.var : -1;
}

/* Do the arms a and b (arguments i and k of call) reach distinct data? */
static int adj_arms_disjoint(Adj *c, const Expr *a, const Expr *b,
			     const Poly *ea, const Poly *eb)
{
	if (a->kind == E_COND)
		return adj_arms_disjoint(c, a->u.cond.a, b, ea, eb) &&
		       adj_arms_disjoint(c, a->u.cond.b, b, ea, eb);
	if (b->kind == E_COND)
		return adj_arms_disjoint(c, a, b->u.cond.a, ea, eb) &&
		       adj_arms_disjoint(c, a, b->u.cond.b, ea, eb);
	Poly oa, ob;
	int va = adj_arm_place(c, a, &oa), vb = adj_arm_place(c, b, &ob);
	if (va < 0 || vb < 0)
		return 0;
	if (va != vb) /* distinct storage, each reached through itself */
		return adj_unaliased(c, va) && adj_unaliased(c, vb);
	if (!ea->ok || !eb->ok)
		return 0;
	Poly d = poly_sum(&ob, &oa, -1);
	Poly ab = poly_sum(&d, ea, -1); /* ob - oa - ea >= 0 */
	Poly neg = { .n = 0, .ok = 1 };
	Poly ba = poly_sum(&neg, &d, -1); /* oa - ob - eb >= 0 */
	ba = poly_sum(&ba, eb, -1);
	return poly_nonneg_const(&ab) || poly_nonneg_const(&ba);
}

/* Arguments i and k of call, which may point into one array: does the
 * callee reach distinct parts of it through them? */
static int adj_args_disjoint(Adj *c, const Expr *call, int i, int k)
{
	Poly ei = adj_arg_extent(c, call, i), ek = adj_arg_extent(c, call, k);
	return adj_arms_disjoint(c, call->u.call.args[i], call->u.call.args[k],
				 &ei, &ek);
}

/* Argument i of call: its data is unaliased in f (every root of a ?:)
 * and no other pointer (or struct) argument has its alias node, or it
 * reaches a part of that data the argument does not (adj_args_disjoint). */
static int adj_arg_unaliased(Adj *c, const Expr *call, int i)
{
	int *roots, nr = activity_roots(call->u.call.args[i], &roots);
	if (!nr)
		return 0;
	for (int j = 0; j < nr; j++)
		if (!adj_unaliased(c, roots[j]))
			return 0;
	int r = roots[0];
	for (int k = 0; k < call->u.call.nargs; k++) {
		const Expr *a = call->u.call.args[k];
		TypeKind tk = a->type->kind;
		if (k == i || (tk != TY_PTR && tk != TY_ARRAY && tk != TY_STRUCT))
			continue;
		int rk = activity_root(a);
		if (rk < 0)
			return 0;
		if (c->a->node[rk] == c->a->node[r] &&
		    (tk == TY_STRUCT || !adj_args_disjoint(c, call, i, k)))
			return 0;
	}
	return 1;
}

/* A call of the file that gets a derivative where the reverse mode
 * cannot run its forward and reverse sweeps: anywhere but as a statement
 * of its own, v = g(...) or the value of a declaration (a for loop's
 * increment, an arm of a ?: of integers or pointers, i += g(...)): f_fwd
 * would call the plain function and the derivative would be lost.
 * Refused, as the tangent does (calls_not_here). */
static void adj_embedded_visit(void *ctx, const Expr *e)
{
	Adj *c = ctx;
	if (e->kind != E_CALL || e->u.call.fn < 0)
		return;
	if (!pattern_no_effect(c->p, activity_call_pattern(c->a, c->p, e)))
		calls_not_here(e);
}

static void adj_embedded_args(Adj *c, const Expr *call)
{
	for (int i = 0; i < call->u.call.nargs; i++)
		ir_walk_expr(call->u.call.args[i], adj_embedded_visit, c);
}

static void adj_embedded_calls(void *ctx, const Stmt *s)
{
	Adj *c = ctx;
	switch (s->kind) {
	case S_EXPR:
		if (adj_is_user_call(s->u.expr))
			adj_embedded_args(c, s->u.expr);
		else
			ir_walk_expr(s->u.expr, adj_embedded_visit, c);
		break;
	case S_ASSIGN:
		ir_walk_expr(s->u.assign.lhs, adj_embedded_visit, c);
		if (s->u.assign.op == A_SET &&
		    adj_is_user_call(s->u.assign.rhs))
			adj_embedded_args(c, s->u.assign.rhs);
		else
			ir_walk_expr(s->u.assign.rhs, adj_embedded_visit, c);
		break;
	case S_DECL:
		if (s->u.decl.init && adj_is_user_call(s->u.decl.init))
			adj_embedded_args(c, s->u.decl.init);
		else
			ir_walk_expr(s->u.decl.init, adj_embedded_visit, c);
		ir_walk_exprs(s->u.decl.inits, s->u.decl.ninits,
			      adj_embedded_visit, c);
		break;
	case S_RETURN:
		ir_walk_expr(s->u.expr, adj_embedded_visit, c);
		break;
	case S_IF:
		ir_walk_expr(s->u.ifs.cond, adj_embedded_visit, c);
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		ir_walk_expr(s->u.loop.cond, adj_embedded_visit, c);
		break;
	default:
		break;
	}
}

static AdjVariant *adj_variant_for_call(Adj *c, const Expr *call,
					Pattern **patp, unsigned char **copyp)
{
	Pattern *pat = activity_call_pattern(c->a, c->p, call);
	*patp = pat;
	if (pattern_empty(pat, c->p))
		return NULL;
	const Func *g = c->p->funcs[call->u.call.fn];
	int np = g->nparams;
	/* stable[0..np), then whether each pointer param's data is
	 * reachable through no other parameter (adj_unaliased) */
	unsigned char *stable = arena_alloc((size_t)(2 * np) + 1);
	unsigned char *copy = arena_alloc((size_t)g->nparams + 1);
	for (int i = 0; i < g->nparams && i < call->u.call.nargs; i++) {
		const Expr *arg = call->u.call.args[i];
		Type *pt = g->vars[g->params[i]]->type;
		if (type_is_pointerish(pt)) {
			stable[i] = (unsigned char)adj_stable_data(
				c, activity_root(arg));
			if (!stable[i] && adj_int_cell(pt) &&
			    adj_int_cell_arg(c, arg))
				stable[i] = 3;
			else if (!stable[i] && adj_const_table_arg(c, arg))
				stable[i] = 1; /* (f_bwd has its copy) */
			else if (!stable[i] && adj_copy_arg(c, call, pat, i))
				stable[i] = copy[i] = 1;
			else if (!stable[i] &&
				 type_bottom(pt)->kind == TY_STRUCT)
				stable[i] = 2;
			else if (!stable[i] && adj_int_table_arg(c, arg))
				stable[i] = 1;
			if (type_is_float(pt->base))
				stable[np + i] =
					(unsigned char)adj_arg_unaliased(c, call, i);
		} else if (type_is_float(pt)) {
			stable[i] = (unsigned char)adj_bw_ok(c, arg);
		} else if (pt->kind == TY_STRUCT) {
			/* the data the struct's pointer members reach */
			stable[i] = (unsigned char)adj_stable_data(
				c, activity_root(arg));
		}
	}
	*copyp = copy;
	return adj_variant_get(c->p, pat, stable, NULL);
}

/* Copies f's variables into fwd, renaming locals whose names repeat
 * (f_fwd declares them all at its top). */
static void adj_fwd_vars(Adj *c)
{
	const Func *f = c->f;
	for (int i = 0; i < f->nvars; i++) {
		Var *x = ARENA_NEW(Var);
		*x = *f->vars[i];
		if (x->kind == VAR_LOCAL && !x->is_static)
			x->type = type_with_const(x->type, 0);
		/* the first of name2, name3, ... that neither f nor the
		 * variables copied so far use */
		if (func_find_var(c->fwd, x->name) >= 0)
			x->name = name_fresh2(c->p, f, c->fwd, x->name);
		ARENA_PUSH(c->fwd->vars, c->fwd->nvars, x);
	}
	c->fwd->params = f->params;
	c->fwd->nparams = f->nparams;
}

/* The start value in f_fwd of local pointer v into the doubles or floats
 * of a parameter, or of a local array declared before it: that base, not
 * null, since f_fwd tapes v as an offset from it, (long)(v - x), also
 * before f's own declaration of v sets it (a declaration in a loop tapes
 * the value of the iteration before; the first has none).  NULL for other
 * variables. */
static Expr *adj_start_pointer(Adj *c, int v)
{
	const Type *t = c->fwd->vars[v]->type;
	int b = c->v->base[v];
	if (t->kind != TY_PTR || !type_is_float(t->base) || b < 0)
		return NULL;
	const Var *bv = c->f->vars[b];
	if (bv->kind != VAR_PARAM &&
	    (bv->kind != VAR_LOCAL || bv->type->kind != TY_ARRAY || b > v ||
	     c->fwd->vars[b]->dropped))
		return NULL;
	const Type *bt = c->fwd->vars[b]->type;
	if (!type_is_pointerish(bt) || bt->base->kind != t->base->kind)
		return NULL;
	Expr *e = expr_var(c->fwd, b, c->f->vars[v]->loc);
	if (type_is_readonly(bt->base) != type_is_readonly(t->base))
		e = expr_cast((Type *)t, e, e->loc);
	return e;
}

/* Declarations at the top of f_fwd: the tape, then every local. */
static void adj_fwd_prologue(Adj *c)
{
	const Func *f = c->f;
	Loc loc = f->loc;
	c->ft = adj_local(c, c->fwd, "ck_t", adj_tape_type());
	stmt_append(c->fdecls,
		    stmt_decl(c->ft, adj_call("ck_tape_get", adj_tape_type(),
					      NULL, NULL),
			      loc));
	/* f's static locals keep their initializers; the other locals get
	 * theirs where they were declared */
	for (int v = 0; v < f->nvars; v++) {
		Var *x = c->fwd->vars[v];
		if (x->kind != VAR_LOCAL || x->dropped)
			continue;
		Stmt *d = stmt_decl(v, NULL, x->loc);
		const Stmt *orig =
			x->is_static ? stmt_find_decl(f->body, v) : NULL;
		/* a const array gets its values where it was declared, one
		 * element at a time: f_fwd's copy is not const */
		if (!orig && x->type->kind == TY_ARRAY &&
		    type_is_readonly(x->type)) {
			Var *w = ARENA_NEW(Var);
			*w = *x;
			w->type = adj_unconst_array(x->type);
			c->fwd->vars[v] = x = w;
		}
		if (orig) {
			d->u.decl.init = orig->u.decl.init;
			d->u.decl.inits = orig->u.decl.inits;
			d->u.decl.ninits = orig->u.decl.ninits;
		} else if (!(d->u.decl.init = adj_start_pointer(c, v))) {
			/* zero, so that no compiler suspects an uninitialized
			 * read where f_fwd tapes or passes an array */
			d = stmt_decl_zero(c->fwd, v, x->loc);
		}
		stmt_append(c->fdecls, d);
	}
}

/* The shadow type of pointer parameter type t: same element, writable. */
static Type *adj_shadow_ptr_type(Type *t)
{
	/* const double (*A)[3]: double (*A_b)[3] */
	Type *s = type_ptr(adj_unconst_array(t->base));
	s->rows = t->rows; /* rows as the primal's (public_rows) */
	return s;
}

/* The name of the adjoint of f's parameter x: x_b, or when f already
 * names something so (a bound u_b next to u), x_b2 and on: the names of
 * a prototype's parameters are no part of its interface. */
static const char *adj_shadow_name(const Program *p, const Func *f,
				   const char *x)
{
	return name_fresh(p, f, arena_printf("%s_b", x));
}

/* The parameters of f_bwd: integers and stable pointers as in f, each
 * active parameter's adjoint (by pointer), and the result's seed. */
static void adj_bwd_signature(Adj *c)
{
	const Func *f = c->f;
	const Pattern *pat = c->v->pat;
	for (int i = 0; i < f->nparams; i++) {
		int v = f->params[i];
		const Var *x = f->vars[v];
		Type *t = x->type;
		const char *bn = adj_shadow_name(c->p, f, x->name);
		if (type_is_float(t)) {
			if (adj_stable_scalar(c, v))
				c->bmap[v] = func_add_param(c->bwd, x->name, t,
							    x->loc);
			if (!pat->active[i])
				continue;
			c->adj_ptr[v] = adj_mark(
				c->bwd, func_add_param(c->bwd, bn,
						       type_ptr(type_with_const(t, 0)),
						       x->loc));
			if (adj_param_changed(c->v, v))
				c->adjv[v] = adj_mark(
					c->bwd, adj_local(c, c->bwd, bn,
							  type_with_const(t, 0)));
			continue;
		}
		if (type_is_pointerish(t)) {
			if (c->v->stable[i])
				c->bmap[v] = func_add_param(c->bwd, x->name, t,
							    x->loc);
			if (pat->active[i]) {
				Type *st = adj_shadow_ptr_type(t);
				/* the adjoint of data no other parameter
				 * reaches: only f_bwd's x_b touches it */
				if (adj_tbr && t->kind == TY_PTR &&
				    type_is_float(t->base) &&
				    c->v->stable[f->nparams + i] == 1)
					st->is_restrict = 1;
				c->adj_ptr[v] = adj_mark(
					c->bwd, func_add_param(c->bwd, bn, st,
							       x->loc));
			}
			continue;
		}
		c->bmap[v] = func_add_param(c->bwd, x->name, t, x->loc);
		if (t->kind == TY_STRUCT && adj_param_changed(c->v, v) &&
		    type_float_elem(t)) {
			/* (the struct itself, changed, is a local copy:
			 * normalize.c; this is the data its pointers reach) */
			diag_error(x->loc,
				   "reverse mode does not support "
				   "changing the data that the pointer "
				   "members of struct parameter '%s' "
				   "(passed by value) point to; pass "
				   "that data as a pointer parameter",
				   x->name);
			c->v->failed = 1;
		}
		if (t->kind == TY_STRUCT && pat->active[i])
			c->adj_ptr[v] = func_add_param(
				c->bwd, bn, type_ptr(type_with_const(t, 0)), x->loc);
	}
	if (c->v->ret_b)
		adj_mark(c->bwd,
			 func_add_param(c->bwd,
					arena_printf("%s_b", func_ret_base(f)),
					type_with_const(f->ret, 0), f->loc));
}

static int adj_last_is_return(const Stmt *body)
{
	return body->u.block.n &&
	       body->u.block.items[body->u.block.n - 1]->kind == S_RETURN;
}

/* One round of generation of f_fwd and f_bwd with the current set of
 * needed variables; returns whether that set grew. */
/* A floating constant: literals and arithmetic on them. */
static int adj_float_const(const Expr *e)
{
	switch (e->kind) {
	case E_NUM:
		return 1;
	case E_UNARY:
		return (e->u.un.op == U_NEG || e->u.un.op == U_PLUS) &&
		       adj_float_const(e->u.un.e);
	case E_BINARY:
		return (e->u.bin.op == B_ADD || e->u.bin.op == B_SUB ||
			e->u.bin.op == B_MUL || e->u.bin.op == B_DIV) &&
		       adj_float_const(e->u.bin.l) && adj_float_const(e->u.bin.r);
	case E_CAST:
		return type_is_arith(e->type) && adj_float_const(e->u.e);
	default:
		return 0;
	}
}

typedef struct ConstLocals {
	const Func *f;
	const Expr **init;
	unsigned char *out; /* declared twice, or its address taken */
} ConstLocals;

static void adj_const_addr(void *ctx, const Expr *e)
{
	ConstLocals *k = ctx;
	if (e->kind == E_ADDR) {
		int r = activity_root(e->u.e);
		if (r >= 0)
			k->out[r] = 1;
	}
}

static void adj_const_decls(ConstLocals *k, const Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			adj_const_decls(k, s->u.block.items[i]);
		return;
	case S_DECL: {
		int v = s->u.decl.var;
		const Var *x = k->f->vars[v];
		if (k->init[v] || !s->u.decl.init || x->is_static ||
		    !type_is_float(x->type) || !adj_float_const(s->u.decl.init))
			k->out[v] = 1;
		else
			k->init[v] = s->u.decl.init;
		break;
	}
	case S_IF:
		adj_const_decls(k, s->u.ifs.then);
		adj_const_decls(k, s->u.ifs.els);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		adj_const_decls(k, s->u.loop.init);
		adj_const_decls(k, s->u.loop.inc);
		adj_const_decls(k, s->u.loop.body);
		break;
	case S_CHECKPOINT:
		adj_const_decls(k, s->u.ckpt.body);
		break;
	default:
		break;
	}
}

/* Floating locals declared with a constant initializer (const double
 * dx = 1.0 / 256) that nothing assigns again nor takes the address of:
 * f_bwd evaluates the initializer again wherever it needs the value,
 * instead of taping it (remat values are forgotten at calls; these
 * cannot change). */
static const Expr **adj_const_locals(const AdjVariant *v)
{
	const Func *f = v->f;
	size_t n = (size_t)f->nvars + 1;
	ConstLocals k = {f, arena_alloc(sizeof(Expr *) * n), arena_alloc(n)};
	if (!adj_tbr)
		return k.init;
	adj_const_decls(&k, f->body);
	ir_walk_stmt(f->body, adj_const_addr, &k);
	for (int i = 0; i < f->nvars; i++)
		if (k.out[i] || adj_reassigned(v, i) || f->vars[i]->kind != VAR_LOCAL)
			k.init[i] = NULL;
	return k.init;
}

typedef struct ConstTables {
	const Func *f;
	const Stmt **decl;  /* a table's declaration */
	unsigned char *out; /* declared twice, or not as a table */
} ConstTables;

static void adj_ctab_visit(void *ctx, const Stmt *s)
{
	ConstTables *k = ctx;
	if (s->kind != S_DECL)
		return;
	int v = s->u.decl.var;
	const Var *x = k->f->vars[v];
	int ok = x->kind == VAR_LOCAL &&
		 (x->type->kind == TY_ARRAY ||
		  (x->type->kind == TY_STRUCT && x->is_static)) &&
		 type_is_readonly(x->type) && s->u.decl.ninits > 0 &&
		 !s->u.decl.init && !k->decl[v];
	for (int i = 0; ok && i < s->u.decl.ninits; i++)
		ok = adj_float_const(s->u.decl.inits[i]);
	if (ok)
		k->decl[v] = s;
	else
		k->out[v] = 1;
}

/* Local arrays of const elements declared with constant values
 * (static const int perm[4] = {3, 0, 2, 1}): every read gives the
 * declared value, so f_bwd declares the table as f does and reads it
 * (an index x[perm[i]], a weight) instead of taping what it read. */
static const Stmt **adj_const_tables(const AdjVariant *v)
{
	const Func *f = v->f;
	size_t n = (size_t)f->nvars + 1;
	ConstTables k = { f, arena_alloc(sizeof(Stmt *) * n), arena_alloc(n) };
	ir_visit_stmts(f->body, adj_ctab_visit, &k);
	for (int i = 0; i < f->nvars; i++)
		if (k.out[i])
			k.decl[i] = NULL;
	return k.decl;
}

static int adj_round(Program *p, AdjVariant *v, Func *fwd, Func *bwd)
{
	const Func *f = v->f;
	Loc loc = f->loc;
	Adj c;
	memset(&c, 0, sizeof c);
	c.p = p;
	c.v = v;
	c.f = f;
	c.a = v->a;
	c.fwd = fwd;
	c.bwd = bwd;
	size_t n = (size_t)f->nvars + 1;
	c.bmap = arena_alloc(sizeof(int) * n);
	c.adjv = arena_alloc(sizeof(int) * n);
	c.adj_ptr = arena_alloc(sizeof(int) * n);
	for (int i = 0; i < f->nvars; i++)
		c.bmap[i] = c.adjv[i] = c.adj_ptr[i] = -1;
	c.fn_code = -1;
	c.fdecls = stmt_block(loc);
	c.remat = arena_alloc(sizeof(Expr *) * n);
	c.remat_cost = arena_alloc(sizeof(long) * n);
	c.readers = arena_alloc(sizeof(struct RematUse *) * n);
	c.pcopy = arena_alloc(sizeof(int) * n);
	c.rgscr = arena_alloc(sizeof(int) * n);
	for (int i = 0; i < f->nvars; i++)
		c.rgscr[i] = -1;
	c.cinit = adj_const_locals(v);
	c.ctab = adj_const_tables(v);
	c.ctab_b = arena_alloc(sizeof(int) * n);
	for (int i = 0; i < f->nvars; i++)
		c.ctab_b[i] = -1;
	c.stwin = arena_alloc(sizeof(int) * n);
	for (int i = 0; i < f->nvars; i++)
		c.pcopy[i] = c.stwin[i] = -1;
	c.bdecls = stmt_block(loc);

	adj_fwd_vars(&c);
	adj_fwd_prologue(&c);
	adj_bwd_signature(&c);
	c.bt = adj_local(&c, bwd, "ck_t", adj_tape_type());
	adj_heap_vars(&c);
	if (v->fn_sites > 1 || (v->fn_sites == 1 && !adj_last_is_return(f->body)))
		c.fn_code = adj_local(&c, bwd, "ck_exit", adj_long());

	ir_visit_stmts(f->body, adj_embedded_calls, &c);
	Stmt *fbody = stmt_block(loc);
	Stmt *rev = adj_block(&c, f->body, fbody);
	if (!adj_last_is_return(f->body))
		adj_turn(&c, 0, fbody, loc);
	for (int i = 0; i < c.fdecls->u.block.n; i++)
		stmt_append(fwd->body, c.fdecls->u.block.items[i]);
	for (int i = 0; i < fbody->u.block.n; i++)
		stmt_append(fwd->body, fbody->u.block.items[i]);

	/* f_bwd: the tape, the state f_fwd handed over, the reversed body */
	Stmt *pops = stmt_block(loc);
	if (c.fn_code >= 0)
		stmt_append(pops, stmt_assign(A_SET, expr_var(bwd, c.fn_code, loc),
					      adj_pop(&c, adj_long(), loc), loc));
	for (int i = f->nvars - 1; i >= 0; i--) {
		if (!v->needed[i] || lb_index(&c, i) || rp_replayed(&c, i) ||
		    (f->vars[i]->kind == VAR_PARAM && !adj_reassigned(v, i)) ||
		    v->heap_int[i])
			continue;
		if (f->vars[i]->type->kind == TY_ARRAY) {
			stmt_append(pops, adj_int_array_io(&c, i, 1, loc));
			continue;
		}
		int bv = adj_bvar(&c, i, loc);
		stmt_append(pops, stmt_assign(A_SET, expr_var(bwd, bv, loc),
					      adj_pop(&c, adj_long(), loc), loc));
	}
	for (int i = f->nvars - 1; i >= 0; i--) {
		if (!v->heap[i] && !adj_heap_int(&c, i))
			continue;
		adj_heap_pop(&c, i, pops, loc);
		if (v->heap[i])
			stmt_append(pops, adj_heap_shadow(&c, i, loc));
	}
	Stmt *body = bwd->body;
	stmt_append(body, stmt_decl(c.bt, adj_call("ck_tape_get", adj_tape_type(),
						   NULL, NULL),
				    loc));
	if (c.fn_code >= 0)
		stmt_append(body, stmt_decl(c.fn_code, NULL, loc));
	for (int i = 0; i < f->nvars; i++) {
		if (c.bmap[i] >= 0 && f->vars[i]->kind != VAR_PARAM)
			stmt_append(body, stmt_decl(c.bmap[i], NULL, loc));
		if (c.adjv[i] >= 0 && f->vars[i]->kind == VAR_PARAM)
			stmt_append(body, stmt_decl(c.adjv[i],
						    expr_num(0, bwd->vars[c.adjv[i]]->type,
							     loc),
						    loc));
	}
	for (int i = 0; i < c.bdecls->u.block.n; i++)
		stmt_append(body, c.bdecls->u.block.items[i]);
	for (int i = 0; i < pops->u.block.n; i++)
		stmt_append(body, pops->u.block.items[i]);
	for (int i = 0; i < rev->u.block.n; i++)
		stmt_append(body, rev->u.block.items[i]);
	/* a scalar parameter f assigns: its adjoint was kept locally */
	for (int i = 0; i < f->nparams; i++) {
		int pv = f->params[i];
		if (c.adjv[pv] < 0 || c.adj_ptr[pv] < 0)
			continue;
		stmt_append(body,
			    stmt_assign(A_ADD,
					expr_deref(expr_var(bwd, c.adj_ptr[pv], loc),
						   loc),
					expr_var(bwd, c.adjv[pv], loc), loc));
	}
	return c.changed;
}

static void adj_walk_sites(AdjVariant *v)
{
	SiteWalk *w = &v->sites;
	memset(w, 0, sizeof *w);
	w->path = arena_alloc(sizeof(Stmt *) * 4096);
	w->path_scope = arena_alloc(sizeof(int) * 4096);
	w->cap = 64;
	w->scopes = arena_alloc(sizeof(Stmt *) * (size_t)w->cap);
	w->next_id = arena_alloc(sizeof(int) * (size_t)w->cap);
	w->nscopes = 1; /* the function */
	site_walk(w, v->f->body);
	v->fn_sites = w->next_id[0];
}

static const char *adj_comment(const AdjVariant *v, const char *what)
{
	const Func *f = v->f;
	char *act = "";
	for (int i = 0; i < f->nparams; i++)
		if (v->pat->active[i])
			act = arena_printf("%s%s%s", act, *act ? ", " : "",
					   f->vars[f->params[i]]->name);
	return arena_printf("%s of %s.\nActive: %s%s.", what, f->name,
			    *act ? act : "none",
			    v->ret_b ? arena_printf("; %s_b seeds the result",
						    func_ret_base(f))
				     : "");
}

/* Generates f_fwd and f_bwd until the set of integers f_bwd reads stops
 * growing, then installs them in the shells already in p->out. */
/* Generates f_fwd and f_bwd again until the needed set stops growing.
 * Ends: a round that marks no new variable needed is the last, and the
 * needed set (a subset of f's variables) only grows, so there are at most
 * nvars + 1 rounds; more would be a bug in ckc, reported as one. */
static void adj_generate(Program *p, AdjVariant *v)
{
	int max_rounds = v->f->nvars + 1;
	for (int round = 0;; round++) {
		if (round == max_rounds) {
			diag_note(v->f->loc, "differentiating '%s'", v->f->name);
			ck_unreachable();
		}
		Func *fwd = func_new(v->fwd->name, v->f->ret, v->f->loc);
		Func *bwd = func_new(v->bwd->name, adj_void(), v->f->loc);
		fwd->ret_base = bwd->ret_base = func_ret_base(v->f);
		int before = diag_errors();
		int grew = adj_round(p, v, fwd, bwd);
		if (diag_errors() > before)
			v->failed = 1;
		if (!grew || v->failed) {
			const char *nf = v->fwd->name, *nb = v->bwd->name;
			cse_calls(p, fwd);
			cse_calls(p, bwd);
			cleanup_unread(fwd, v->f->nvars);
			omp_finish(fwd);
			if (!v->failed) {
				v->fused = fuse_sweeps(p, fwd, bwd, "ck_fused",
							&v->fused_tapeless);
				for (Func *u = v->fused; u;
				     u = u->tangent_source) {
					cleanup_unread(u, 0);
					cleanup_arith(u);
				}
			}
			zeroed_loops(bwd);
			interchange_loops(p, v->f, bwd);
			gather_loops(p, v->f, bwd);
			cleanup_unread(bwd, 0);
			omp_finish(bwd); /* checkpoints' recomputations */
			cleanup_arith(bwd);
			*v->fwd = *fwd;
			*v->bwd = *bwd;
			v->fwd->name = nf;
			v->bwd->name = nb;
			v->fwd->is_static = v->bwd->is_static = 1;
			v->fwd->generated = v->bwd->generated = 1;
			v->fwd->comment = adj_comment(v, arena_printf(
				"%s: forward sweep (primal and tape)", nf));
			v->bwd->comment = adj_comment(v, arena_printf(
				"%s: reverse sweep (adjoints from the tape)", nb));
			return;
		}
	}
}

/* f_b: f_fwd, then f_bwd, and f's result; or f_fb's result where the
 * sweeps are fused, unless sweeps is set. */
static Func *adj_wrapper(Program *p, AdjVariant *v, const char *name,
			 int sweeps)
{
	const Func *f = v->f;
	Loc loc = f->loc;
	Func *w = func_new(name, f->ret, loc);
	w->generated = 1;
	w->ret_base = func_ret_base(f);
	Expr **fargs = NULL, **bargs = NULL;
	int nf = 0, nb = 0;
	for (int i = 0; i < f->nparams; i++) {
		const Var *x = f->vars[f->params[i]];
		int pv = func_add_param(w, x->name, x->type, x->loc);
		ARENA_PUSH(fargs, nf, expr_var(w, pv, loc));
		int sv = -1;
		if (v->pat->active[i]) {
			Type *st = type_is_float(x->type) ||
						   x->type->kind == TY_STRUCT
					   ? type_ptr(type_with_const(x->type, 0))
					   : adj_shadow_ptr_type(x->type);
			sv = adj_mark(
				w, func_add_param(
					   w, adj_shadow_name(p, f, x->name),
					   st, x->loc));
		}
		if (type_is_float(x->type)) {
			if (adj_bwd_takes_scalar(v, i))
				ARENA_PUSH(bargs, nb, expr_var(w, pv, loc));
			if (sv >= 0)
				ARENA_PUSH(bargs, nb, expr_var(w, sv, loc));
			continue;
		}
		if (!type_is_pointerish(x->type) || v->stable[i])
			ARENA_PUSH(bargs, nb, expr_var(w, pv, loc));
		if (sv >= 0)
			ARENA_PUSH(bargs, nb, expr_var(w, sv, loc));
	}
	if (type_is_float(f->ret)) {
		int rb = adj_mark(
			w, func_add_param(
				   w, arena_printf("%s_b", func_ret_base(f)),
				   type_with_const(f->ret, 0), loc));
		if (v->ret_b)
			ARENA_PUSH(bargs, nb, expr_var(w, rb, loc));
	}
	/* one function runs both sweeps (fuse.c) */
	if (v->fused && !sweeps) {
		if (!v->fused_out) {
			v->fused->name = name_fresh(p, NULL,
						    arena_printf("%s_fb", f->name));
			if (v->fused->tangent_source)
				v->fused->tangent_source->name =
					v->fused->name;
			ARENA_PUSH(p->out, p->nout, v->fused);
			v->fused_out = 1;
		}
		int r = func_add_var(w, name_fresh(p, w, "ck_r"),
				     type_with_const(f->ret, 0), VAR_LOCAL, loc);
		stmt_append(w->body,
			    stmt_decl(r, expr_call(v->fused->name, -1, bargs, nb,
						   f->ret, loc),
				      loc));
		stmt_append(w->body,
			    stmt_expr(S_EXPR,
				      adj_call("ck_tape_note_peak", adj_void(),
					       adj_call("ck_tape_get",
							adj_tape_type(), NULL,
							NULL),
					       NULL),
				      loc));
		stmt_append(w->body, stmt_expr(S_RETURN, expr_var(w, r, loc), loc));
		w->comment = adj_comment(
			v, arena_printf("%s: adjoint (reverse mode)", name));
		return w;
	}
	Expr *fc = expr_call(v->fwd->name, -1, fargs, nf, f->ret, loc);
	int r = -1;
	if (f->ret->kind == TY_VOID) {
		stmt_append(w->body, stmt_expr(S_EXPR, fc, loc));
	} else {
		r = func_add_var(w, name_fresh(p, w, "ck_r"),
				 type_with_const(f->ret, 0), VAR_LOCAL, loc);
		stmt_append(w->body, stmt_decl(r, fc, loc));
	}
	stmt_append(w->body,
		    stmt_expr(S_EXPR,
			      adj_call("ck_tape_note_peak", adj_void(),
				       adj_call("ck_tape_get", adj_tape_type(),
						NULL, NULL),
				       NULL),
			      loc));
	/* everything f_bwd runs of f is a recomputation: stdio output in
	 * the forward sweeps it runs is skipped (calls.c) */
	int out = calls_program_has_output(p);
	if (out)
		stmt_append(w->body, stmt_expr(S_EXPR,
					       adj_call("ck_recompute_enter",
							adj_void(), NULL, NULL),
					       loc));
	stmt_append(w->body, stmt_expr(S_EXPR,
				       expr_call(v->bwd->name, -1, bargs, nb,
						 adj_void(), loc),
				       loc));
	if (out)
		stmt_append(w->body, stmt_expr(S_EXPR,
					       adj_call("ck_recompute_leave",
							adj_void(), NULL, NULL),
					       loc));
	if (r >= 0)
		stmt_append(w->body, stmt_expr(S_RETURN, expr_var(w, r, loc), loc));
	w->comment = adj_comment(
		v, arena_printf("%s: adjoint (reverse mode)", name));
	return w;
}

static AdjVariant *adj_variant_get(Program *p, Pattern *pat,
				   unsigned char *stable, const char *public_name)
{
	const Func *f = p->funcs[pat->fn];
	size_t np = (size_t)f->nparams;
	for (int i = 0; i < adj_nvariants; i++) {
		AdjVariant *v = adj_variants[i];
		if (v->pat->fn == pat->fn && v->pat->force_ret == pat->force_ret &&
		    memcmp(v->pat->active, pat->active, np) == 0 &&
		    memcmp(v->stable, stable, 2 * np) == 0)
			return v->failed ? NULL : v;
	}
	AdjVariant *v = ARENA_NEW(AdjVariant);
	v->pat = pat;
	v->stable = stable;
	v->f = f;
	ARENA_PUSH(adj_variants, adj_nvariants, v);
	v->a = activity_analyze(p, pat);
	if (!v->a) {
		v->failed = 1;
		return NULL;
	}
	if (!adj_check_params(f)) {
		v->failed = 1;
		return NULL;
	}
	v->needed = arena_alloc((size_t)f->nvars + 1);
	v->reassigned = arena_alloc((size_t)f->nvars + 1);
	adj_mark_reassigned(f->body, v->reassigned);
	ir_walk_stmt(f->body, adj_addr_reassigned, v->reassigned);
	adj_find_fresh(v);
	adj_find_int_passed(v);
	v->ret_b = type_is_float(f->ret) && v->a->ret_varied;
	adj_find_bases(v);
	int structs_ok = adj_local_structs(v);
	MemberStore ms = { v, 1 };
	if (structs_ok)
		adj_member_stores(&ms, f->body);
	if (!structs_ok || !adj_check_struct_pointers(v) || !ms.ok) {
		v->failed = 1;
		return NULL;
	}
	adj_walk_sites(v);
	const char *nf = name_fresh(p, NULL, arena_printf("%s_fwd", f->name));
	v->fwd = func_new(nf, f->ret, f->loc);
	v->fwd->ret_base = func_ret_base(f);
	ARENA_PUSH(p->out, p->nout, v->fwd);
	const char *nb = name_fresh(p, NULL, arena_printf("%s_bwd", f->name));
	v->bwd = func_new(nb, adj_void(), f->loc);
	v->bwd->ret_base = func_ret_base(f);
	ARENA_PUSH(p->out, p->nout, v->bwd);
	adj_generate(p, v);
	if (v->failed)
		return NULL;
	(void)public_name;
	return v;
}

/* The adjoint wrapper for request r: the public f_b, or for ck_hvp a
 * static one that f_b_d is the tangent of (removed once that exists). */
/* Does var v's storage node hold a struct (whose stores make the whole
 * node count as written, so that writes to v's data cannot be told)? */
static int adj_node_has_struct(const Func *f, const Activity *a, int v)
{
	for (int i = 0; i < f->nvars; i++)
		if (a->node[i] == a->node[v] &&
		    type_bottom(f->vars[i]->type)->kind == TY_STRUCT)
			return 1;
	return 0;
}

/* Does f cast a pointer into v's data to one of writable data, (double
 * *)x? */
typedef struct UnconstCast {
	int v, hit;
} UnconstCast;

static void adj_unconst_visit(void *ctx, const Expr *e)
{
	UnconstCast *u = ctx;
	if (e->kind == E_CAST && type_is_pointerish(e->type) &&
	    !type_bottom(e->type)->is_const && activity_root(e->u.e) == u->v)
		u->hit = 1;
}

static int adj_casts_away_const(const Func *f, int v)
{
	UnconstCast u = { v, 0 };
	ir_walk_stmt(f->body, adj_unconst_visit, &u);
	return u.hit;
}

/* A pointer in wrt() but not in out() whose data f changes: its adjoint
 * would have to add the gradient of f's result to what x_b holds, and
 * seed nothing for x's final values, which needs x's extent.  ckc asks
 * for out() instead, whose meaning (x_b seeds the final values on entry
 * and holds the adjoint of the input values on return) it implements. */
static int adj_check_written_wrt(Program *p, const Request *r,
				 const AdjVariant *v)
{
	const Func *f = p->funcs[r->fn];
	int ok = 1;
	for (int j = 0; j < r->nwrt; j++) {
		int pv = func_find_var(f, r->wrt[j]);
		if (pv < 0 || !type_is_pointerish(f->vars[pv]->type) ||
		    !v->a->written[v->a->node[pv]] ||
		    adj_node_has_struct(f, v->a, pv))
			continue;
		/* const data that shares its node with written data (a
		 * pointer ?: of x and a local array), which only a cast
		 * could change */
		if (type_bottom(f->vars[pv]->type)->is_const &&
		    !adj_casts_away_const(f, pv))
			continue;
		int in_out = 0;
		for (int k = 0; k < r->nout; k++)
			in_out |= strcmp(r->out[k], r->wrt[j]) == 0;
		if (in_out)
			continue;
		diag_error(r->wrt_loc[j],
			   "'%s' is in wrt() and '%s' changes the data it points "
			   "to; name it in out() too (%s_b then seeds its final "
			   "values on entry and holds the adjoint of its input "
			   "values on return)",
			   r->wrt[j], f->name, r->wrt[j]);
		ok = 0;
	}
	return ok;
}

static Func *adj_request(Program *p, Request *r, const char *name,
			 int is_static)
{
	const Func *f = p->funcs[r->fn];
	Pattern *pat = activity_request_pattern(p, r);
	/* the parameters are stable and reach distinct data (the caller's
	 * contract; see adj_unaliased) */
	unsigned char *stable = arena_alloc((size_t)(2 * f->nparams) + 1);
	for (int k = 0; k < f->nparams; k++)
		stable[k] = stable[f->nparams + k] = 1;
	/* reserve the name before helpers take names */
	Func *w = func_new(name, f->ret, f->loc);
	ARENA_PUSH(p->out, p->nout, w);
	AdjVariant *v = adj_variant_get(p, pat, stable, name);
	if (!v)
		return NULL;
	if (!adj_check_written_wrt(p, r, v))
		return NULL;
	*w = *adj_wrapper(p, v, name, 0);
	w->is_static = is_static;
	/* f_b_d may run the tangents of the two sweeps instead of the fused
	 * loop's (hvp.c): an f_b that calls them, for its tangent */
	if (r->mode == MODE_HVP && !r->vector && v->fused &&
	    v->fused_tapeless) {
		Func *s = adj_wrapper(
			p, v,
			name_fresh(p, NULL, arena_printf("%s_sweeps", name)),
			1);
		s->is_static = 1;
		ARENA_PUSH(p->out, p->nout, s);
		r->adj_sweeps = s;
	}
	return w;
}

typedef struct GlobalScan {
	const Program *p;
	const Expr *indexed; /* the base of the E_INDEX just seen */
} GlobalScan;

const Expr *adj_lv_base(const Expr *lv)
{
	while (lv->kind == E_INDEX || lv->kind == E_MEMBER)
		lv = lv->kind == E_INDEX ? lv->u.index.base : lv->u.mem.base;
	return lv;
}

/* Where the global a store or pointer reaches may change: if lv's path
 * to its global goes through no pointer (W, G[i], S.a[i]), that global
 * alone; else (gp[i], S.p[i]) any global.  So too a pointer to data that
 * holds pointers (&S of a struct with a pointer member). */
static void adj_global_changed(const Program *p, const Expr *lv, Loc at,
			       int addr)
{
	const Type *t = lv->type;
	while (t->kind == TY_ARRAY)
		t = t->base;
	int ptr = addr && !type_is_arith(t);
	while (lv->kind == E_INDEX || lv->kind == E_MEMBER) {
		if (lv->kind == E_INDEX &&
		    lv->u.index.base->type->kind != TY_ARRAY)
			ptr = 1;
		lv = lv->kind == E_INDEX ? lv->u.index.base : lv->u.mem.base;
	}
	if (lv->kind != E_GLOBAL)
		return;
	const char *name = p->globals[lv->u.global]->name;
	GlobalChange *c = ptr ? &adj_globals_any
			  : lv->u.global < adj_nglobal_changes
				  ? &adj_global_changes[lv->u.global]
				  : NULL;
	if (!c || c->at.file)
		return;
	c->at = at;
	if (ptr && addr)
		c->what = arena_printf("a pointer into '%s' is taken here, "
				       "through which any global may change",
				       name);
	else if (ptr)
		c->what = arena_printf(
			"a store through a pointer held in '%s' here may "
			"change any global",
			name);
	else if (addr)
		c->what = arena_printf("a pointer to '%s' is taken here, "
				       "through which it may change",
				       name);
	else
		c->what = arena_printf("'%s' changes here", name);
	c->sure = !ptr && !addr;
}

static void adj_globals_visit(void *ctx, const Expr *e)
{
	GlobalScan *g = ctx;
	const Expr *indexed = g->indexed;
	g->indexed = NULL;
	if (e->kind == E_CALL) {
		CallKind k = calls_kind(g->p, e);
		if ((k == CALL_INACTIVE || k == CALL_OTHER ||
		     k == CALL_DERIV || k == CALL_MPI) &&
		    !calls_ends_program(g->p, e) && !adj_globals_any.at.file) {
			adj_globals_any.at = e->loc;
			adj_globals_any.what =
				arena_printf("'%s' may change globals; it is "
					     "called here",
					     e->u.call.name);
		}
	} else if (e->kind == E_ADDR &&
		   adj_lv_base(e->u.e)->kind == E_GLOBAL) {
		adj_global_changed(g->p, e->u.e, e->loc, 1);
	} else if (e->kind == E_GLOBAL && type_is_pointerish(e->type)) {
		/* a global array or pointer used other than indexed */
		if (e != indexed && !adj_globals_any.at.file) {
			adj_globals_any.at = e->loc;
			adj_globals_any.what = arena_printf(
				"'%s' is used as a pointer here, through "
				"which any global may change",
				g->p->globals[e->u.global]->name);
		}
	} else if ((e->kind == E_MEMBER || e->kind == E_INDEX) &&
		   e->type->kind == TY_PTR && e != indexed &&
		   adj_lv_base(e)->kind == E_GLOBAL) {
		/* a pointer a global holds (S.p, P[k]) used other than
		 * indexed: fill(S.p) may change what it points to */
		if (!adj_globals_any.at.file) {
			adj_globals_any.at = e->loc;
			adj_globals_any.what = arena_printf(
				"a pointer held in '%s' is used here, "
				"through which any global may change",
				g->p->globals[adj_lv_base(e)->u.global]->name);
		}
	}
	if (e->kind == E_INDEX)
		g->indexed = e->u.index.base; /* visited next */
}

static void adj_globals_stores(const Program *p, const Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			adj_globals_stores(p, s->u.block.items[i]);
		return;
	case S_IF:
		adj_globals_stores(p, s->u.ifs.then);
		adj_globals_stores(p, s->u.ifs.els);
		return;
	case S_FOR: case S_WHILE: case S_DO:
		adj_globals_stores(p, s->u.loop.init);
		adj_globals_stores(p, s->u.loop.inc);
		adj_globals_stores(p, s->u.loop.body);
		return;
	case S_CHECKPOINT:
		adj_globals_stores(p, s->u.ckpt.body);
		return;
	case S_ASSIGN:
		adj_global_changed(p, s->u.assign.lhs, s->loc, 0);
		return;
	default:
		return;
	}
}

/* Fills adj_global_changes and adj_globals_any for p's converted
 * functions: a store into a global, a pointer to one (an array global
 * used other than indexed), or a call that may change one. */
static void adj_globals_scan(const Program *p)
{
	GlobalScan g = { p, NULL };
	adj_nglobal_changes = p->nglobals;
	adj_global_changes =
		arena_alloc(sizeof(GlobalChange) * (size_t)(p->nglobals + 1));
	memset(adj_global_changes, 0,
	       sizeof(GlobalChange) * (size_t)(p->nglobals + 1));
	memset(&adj_globals_any, 0, sizeof adj_globals_any);
	for (int i = 0; i < p->nfuncs; i++) {
		adj_globals_stores(p, p->funcs[i]->body);
		ir_walk_stmt(p->funcs[i]->body, adj_globals_visit, &g);
	}
}

/* What may change global i before f_bwd reads it, or NULL. */
static const GlobalChange *adj_global_change(int i)
{
	if (i < adj_nglobal_changes && adj_global_changes[i].at.file)
		return &adj_global_changes[i];
	if (adj_globals_any.at.file)
		return &adj_globals_any;
	return NULL;
}

void adjoint_program(Program *p)
{
	adj_globals_scan(p);
	ir_fields_scan(p);
	for (int i = 0; i < p->nreqs; i++) {
		Request *r = p->reqs[i];
		if (r->mode != MODE_ADJOINT || r->fn < 0)
			continue;
		const char *name = arena_printf("%s_b", r->fname);
		if (name_taken(p, NULL, name)) {
			diag_error(r->loc, "cannot generate '%s': the name is "
					   "already used",
				   name);
			continue;
		}
		adj_request(p, r, name, 0);
	}
	for (int i = 0; i < p->nreqs; i++) {
		Request *r = p->reqs[i];
		if (r->mode != MODE_HVP || r->fn < 0)
			continue;
		const char *name = arena_printf(
			r->vector ? "%s_b_dv" : "%s_b_d", r->fname);
		if (name_taken(p, NULL, name)) {
			diag_error(r->loc, "cannot generate '%s': the name is "
					   "already used",
				   name);
			continue;
		}
		r->adj_wrapper = adj_request(
			p, r, name_fresh(p, NULL, arena_printf("%s_b", r->fname)),
			1);
	}
}
