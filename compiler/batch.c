/*
 * batch.c - consecutive pushes and pops of generated code as one tape
 * operation each.
 *
 * A forward sweep pushes the values a statement's adjoint needs one after
 * the other, and the reverse sweep pops them the same way: each push and
 * pop checks the end of the tape's chunk and moves its top.  This pass,
 * run last on every generated function, makes a run of them one
 * reservation or release (ckrt.h):
 *
 *   ck_push_d(ck_t, a); x = ...; ck_push_d(ck_t, b);
 *     ->  double *ck_p = ck_reserve_d(ck_t, 2);
 *         ck_p[0] = a; x = ...; ck_p[1] = b;
 *
 *   u = ck_pop_d(ck_t); v = ck_pop_d(ck_t);
 *     ->  double ck_buf[2];
 *         const double *ck_q = ck_release_d(ck_t, 2, ck_buf);
 *         u = ck_q[1]; v = ck_q[0];
 *
 * The tape holds the same values in the same order, so nothing else
 * changes.  A run is the pushes (or pops) of doubles, or of floats, among
 * the statements of one block, with only these between them: assignments
 * and declarations that call nothing but math functions, and pushes or
 * pops of the other stacks (integers, branch codes, pointers, and floats
 * for doubles).  So nothing else moves the stack between the reservation
 * and its last store, or between the release and its last read.  A run
 * holds at most CK_RESERVE_MAX_ bytes (ckrt.h).
 */
#include <string.h>

#include "ckc.h"

enum { BATCH_MAX_BYTES = 1024 }; /* CK_RESERVE_MAX_ */

/* A run of one stack in a block: its items and, per item, the value
 * pushed or the variable popped into (NULL: a pop whose value is
 * dropped). */
typedef struct Run {
	int is_float;
	int is_pop;
	Expr *tape; /* the tape argument of the first one */
	int at;     /* the item of the scanned block where it begins */
	Stmt **items;
	int n, cap;
} Run;

typedef struct Batch {
	const Program *p;
	Func *g;
	Inserts ins; /* the declarations of the block being scanned */
} Batch;

static Type *batch_float(void)
{
	static Type t = { TY_FLOAT, 0, NULL, NULL, 0, NULL, 0, 0, NULL, NULL };
	return &t;
}

/* Is e a call of name with nargs arguments? */
static int batch_call(const Expr *e, const char *name, int nargs)
{
	return e && e->kind == E_CALL && e->u.call.fn < 0 &&
	       e->u.call.nargs == nargs && !strcmp(e->u.call.name, name);
}

/* The stack of a push or pop statement: 'd', 'f', 'o' (another stack:
 * integers, branch codes, pointers), or 0 (not one).  *pop tells which. */
static int batch_kind(const Stmt *s, int *pop)
{
	static const char *const other_push[] = {"ck_push_i", "ck_push_b",
						 "ck_push_p"};
	static const char *const other_pop[] = {"ck_pop_i", "ck_pop_b",
						"ck_pop_p"};
	const Expr *e = NULL;
	*pop = 0;
	if (s->kind == S_EXPR)
		e = s->u.expr;
	else if (s->kind == S_ASSIGN && s->u.assign.op == A_SET &&
		 (s->u.assign.lhs->kind == E_VAR ||
		  (s->u.assign.lhs->kind == E_INDEX &&
		   s->u.assign.lhs->u.index.base->kind == E_VAR &&
		   s->u.assign.lhs->u.index.idx->kind == E_NUM)))
		/* a variable, or a constant element of a local array (a
		 * short loop copy, record.c) */
		e = s->u.assign.rhs;
	else if (s->kind == S_DECL && !s->u.decl.ninits)
		e = s->u.decl.init;
	if (!e || e->kind != E_CALL || e->u.call.fn >= 0)
		return 0;
	if (s->kind == S_EXPR) {
		if (batch_call(e, "ck_push_d", 2))
			return 'd';
		if (batch_call(e, "ck_push_f", 2))
			return 'f';
		for (int i = 0; i < 3; i++)
			if (batch_call(e, other_push[i], 2))
				return 'o';
	}
	*pop = 1;
	if (batch_call(e, "ck_pop_d", 1))
		return 'd';
	if (batch_call(e, "ck_pop_f", 1))
		return 'f';
	for (int i = 0; i < 3; i++)
		if (batch_call(e, other_pop[i], 1))
			return 'o';
	*pop = 0;
	return 0;
}

/* A statement that does not touch the tape: an assignment or declaration
 * calling nothing but math functions. */
static int batch_neutral(const Stmt *s)
{
	return s->kind == S_EMPTY || stmt_math_only(s);
}

/* The run as one reservation or release, when it has two or more. */
static void batch_close(Batch *b, Run *r)
{
	if (r->n < 2) {
		r->n = 0;
		return;
	}
	Stmt *first = r->items[0];
	Loc loc = first->loc;
	Type *el = r->is_float ? batch_float() : type_double();
	const char *sfx = r->is_float ? "f" : "d";
	Expr *n = expr_int(r->n, loc);
	if (!r->is_pop) {
		int p = func_add_var(b->g, name_fresh(b->p, b->g, "ck_p"),
				     type_ptr(el), VAR_LOCAL, loc);
		inserts_add(&b->ins, stmt_decl(p, expr_call_n(arena_printf("ck_reserve_%s",
								      sfx),
							 type_ptr(el), loc,
							 expr_clone(r->tape), n,
							 NULL),
					  loc),
			     r->at);
		for (int k = 0; k < r->n; k++) {
			Stmt *s = r->items[k];
			Expr *v = s->u.expr->u.call.args[1];
			s->kind = S_ASSIGN;
			s->u.assign.op = A_SET;
			s->u.assign.lhs = expr_index(expr_var(b->g, p, s->loc),
						     expr_int(k, s->loc), s->loc);
			s->u.assign.rhs = v;
		}
		r->n = 0;
		return;
	}
	Type *arr = type_new(TY_ARRAY);
	arr->base = el;
	arr->len = r->n;
	int buf = func_add_var(b->g, name_fresh(b->p, b->g, "ck_buf"), arr,
			       VAR_LOCAL, loc);
	Type *cel = type_with_const(el, 1);
	int q = func_add_var(b->g, name_fresh(b->p, b->g, "ck_q"), type_ptr(cel),
			     VAR_LOCAL, loc);
	inserts_add(&b->ins, stmt_decl(buf, NULL, loc), r->at);
	inserts_add(&b->ins, stmt_decl(q, expr_call_n(arena_printf("ck_release_%s", sfx),
						 type_ptr(cel), loc,
						 expr_clone(r->tape), n,
						 expr_var(b->g, buf, loc)),
				  loc),
		     r->at);
	int read = 0;
	for (int k = 0; k < r->n; k++) {
		Stmt *s = r->items[k];
		Expr *v = expr_index(expr_var(b->g, q, s->loc),
				     expr_int(r->n - 1 - k, s->loc), s->loc);
		v->type = el;
		read |= s->kind != S_EXPR;
		if (s->kind == S_EXPR)
			s->kind = S_EMPTY; /* a value dropped */
		else if (s->kind == S_ASSIGN)
			s->u.assign.rhs = v;
		else
			s->u.decl.init = v;
	}
	/* every value dropped (what would read them went away, as the
	 * adjoint of a constant under --no-activity): released unread */
	if (!read)
		b->g->vars[q]->voided = 1;
	r->n = 0;
}

static void batch_add(Run *r, int at, Stmt *s, int is_pop)
{
	if (!r->n) {
		r->at = at;
		const Expr *e = s->kind == S_EXPR ? s->u.expr
				: s->kind == S_ASSIGN ? s->u.assign.rhs
						      : s->u.decl.init;
		r->tape = e->u.call.args[0];
		r->is_pop = is_pop;
	}
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 16;
		Stmt **it = arena_alloc(sizeof(Stmt *) * (size_t)r->cap);
		if (r->n)
			memcpy(it, r->items, sizeof(Stmt *) * (size_t)r->n);
		r->items = it;
	}
	r->items[r->n++] = s;
}

static void batch_stmt(Batch *b, Stmt *s);

/* Drops the empty statements (pops whose values a release took) from
 * the plain blocks nested in blk. */
static void batch_drop_empty(Stmt *blk)
{
	int n = 0;
	for (int i = 0; i < blk->u.block.n; i++) {
		Stmt *s = blk->u.block.items[i];
		if (s->kind == S_EMPTY)
			continue;
		if (s->kind == S_BLOCK)
			batch_drop_empty(s);
		blk->u.block.items[n++] = s;
	}
	blk->u.block.n = n;
}

/* Is blk straight-line for the tape: pushes, pops, neutral statements
 * and blocks of them only?  Runs go on through such a block. */
static int batch_straight(const Stmt *blk)
{
	for (int i = 0; i < blk->u.block.n; i++) {
		const Stmt *s = blk->u.block.items[i];
		int pop;
		if (batch_kind(s, &pop) || batch_neutral(s))
			continue;
		if (s->kind == S_BLOCK && batch_straight(s))
			continue;
		return 0;
	}
	return 1;
}

/* The items of blk for the runs of the block being scanned, whose item
 * `at` holds them (blk itself, or a straight-line block nested in it:
 * runs go on through those, and a run that begins in one is declared
 * before it, past statements that do not touch the tape). */
static void batch_items(Batch *b, Stmt *blk, Run *runs, int at, int top)
{
	for (int i = 0; i < blk->u.block.n; i++) {
		Stmt *s = blk->u.block.items[i];
		int where = top ? i : at;
		int pop, k = batch_kind(s, &pop);
		if (k == 'd' || k == 'f') {
			Run *r = &runs[k == 'f'];
			const Expr *e = s->kind == S_EXPR ? s->u.expr
					: s->kind == S_ASSIGN ? s->u.assign.rhs
							      : s->u.decl.init;
			/* a push ends a run of pops of its stack, and back */
			if (r->n && (r->is_pop != pop ||
				     !expr_equal(r->tape, e->u.call.args[0])))
				batch_close(b, r);
			size_t size = k == 'f' ? sizeof(float) : sizeof(double);
			if ((size_t)(r->n + 1) * size > BATCH_MAX_BYTES)
				batch_close(b, r);
			batch_add(r, where, s, pop);
			continue;
		}
		if (k == 'o' || batch_neutral(s))
			continue;
		if (s->kind == S_BLOCK && batch_straight(s)) {
			batch_items(b, s, runs, where, 0);
			continue;
		}
		batch_close(b, &runs[0]);
		batch_close(b, &runs[1]);
		batch_stmt(b, s);
	}
}

/* ---------------------------------------------- loop copies as views
 *
 * A local array that a reverse sweep pops whole and then only reads (a
 * loop's copy of an array, record.c) may be read on the tape itself:
 *
 *   double un2[256];  ck_pop_nd(ck_t, un2, 256);  ... un2[i] ...
 *     ->  double un2_buf[256];
 *         const double *restrict un2 = ck_release_d(ck_t, 256, un2_buf);
 *
 * (the buffer only where the values straddle two chunks of the tape),
 * which saves the copy.  Only when nothing after the pop in the block
 * touches the tape (calls of math functions alone; other whole arrays
 * popped next to it) or writes the array, and the array is used only as
 * a[k]: the view stays valid, as ckrt.h says, until the next push, and
 * no pop in the loop moves the tape's top between its reads (the
 * compilers reload them then, and the copy was faster). */

typedef struct ViewScan {
	int var;
	int bad;
	int uses;  /* mentions of var other than as a[k] */
	int reads; /* mentions as a[k] */
} ViewScan;

static void view_visit(void *ctx, const Expr *e)
{
	ViewScan *v = ctx;
	if (e->kind == E_VAR && e->u.var == v->var)
		v->uses++;
	else if (e->kind == E_INDEX && e->u.index.base->kind == E_VAR &&
		 e->u.index.base->u.var == v->var) {
		v->uses--;
		v->reads++;
	} else if (e->kind == E_CALL &&
		   (e->u.call.fn >= 0 || !rules_find(e->u.call.name)))
		v->bad = 1;
}

/* A pop of a whole local array (maybe already a view), as a statement of
 * the block. */
static int view_pop_item(const Stmt *s)
{
	const Expr *e = s->kind == S_EXPR   ? s->u.expr
			: s->kind == S_DECL ? s->u.decl.init
					    : NULL;
	return e && e->kind == E_CALL && e->u.call.fn < 0 &&
	       e->u.call.nargs == 3 &&
	       (!strcmp(e->u.call.name, "ck_pop_nd") ||
		!strcmp(e->u.call.name, "ck_pop_nf") ||
		!strcmp(e->u.call.name, "ck_release_d") ||
		!strcmp(e->u.call.name, "ck_release_f"));
}

/* Does s, or a statement inside it, assign to an element of var? */
static int view_writes(const Stmt *s, int var)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case S_ASSIGN:
		return activity_root(s->u.assign.lhs) == var;
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (view_writes(s->u.block.items[i], var))
				return 1;
		return 0;
	case S_IF:
		return view_writes(s->u.ifs.then, var) ||
		       view_writes(s->u.ifs.els, var);
	case S_FOR:
	case S_WHILE:
	case S_DO:
		return view_writes(s->u.loop.init, var) ||
		       view_writes(s->u.loop.inc, var) ||
		       view_writes(s->u.loop.body, var);
	case S_CHECKPOINT:
		return view_writes(s->u.ckpt.body, var);
	default:
		return 0;
	}
}

/* Does s leave the tape's pushes alone and array var only read? */
static void view_stmt(ViewScan *v, const Stmt *s)
{
	if (!s)
		return;
	if (view_writes(s, v->var))
		v->bad = 1;
	ir_walk_stmt(s, view_visit, v);
}

/* The pops of whole local arrays in block blk that can be views, or
 * drop their values when nothing reads them. */
static void batch_views(Batch *b, Stmt *blk)
{
	for (int i = 0; i < blk->u.block.n; i++) {
		Stmt *pop = blk->u.block.items[i];
		const Expr *e = pop->kind == S_EXPR ? pop->u.expr : NULL;
		int dbl = e && batch_call(e, "ck_pop_nd", 3);
		if (!dbl && !(e && batch_call(e, "ck_pop_nf", 3)))
			continue;
		const Expr *a = e->u.call.args[1], *n = e->u.call.args[2];
		if (a->kind != E_VAR || n->kind != E_NUM || !n->u.num.is_int)
			continue;
		int var = a->u.var;
		Type *t = b->g->vars[var]->type;
		if (t->kind != TY_ARRAY ||
		    t->base->kind != (dbl ? TY_DOUBLE : TY_FLOAT) ||
		    t->len != n->u.num.ival || t->vla_nd)
			continue;
		int decl = -1;
		for (int k = 0; k < i; k++) {
			const Stmt *d = blk->u.block.items[k];
			if (d->kind == S_DECL && d->u.decl.var == var)
				decl = k;
		}
		if (decl < 0)
			continue;
		ViewScan v = { var, 0, 0, 0 };
		for (int k = decl + 1; k < blk->u.block.n; k++) {
			const Stmt *it = blk->u.block.items[k];
			if (k == i)
				continue;
			/* (other whole arrays popped next to it: the pops of
			 * f_b_d's tangent copies; any other tape operation
			 * may move the top of the tape, which the compiler
			 * cannot tell from the view's reads) */
			int bad = v.bad;
			view_stmt(&v, it);
			if (view_pop_item(it))
				v.bad = bad;
		}
		if (v.uses)
			continue;
		Loc loc = pop->loc;
		if (!v.reads) { /* values nothing reads: dropped */
			pop->u.expr->u.call.args[1] = expr_cast(
				type_ptr(t->base), expr_int(0, loc), loc);
			for (int k = decl; k + 1 < blk->u.block.n; k++)
				blk->u.block.items[k] =
					blk->u.block.items[k + 1];
			blk->u.block.n--;
			i--;
			continue;
		}
		if (v.bad)
			continue;
		Var *x = b->g->vars[var];
		int buf = func_add_var(
			b->g,
			name_fresh(b->p, b->g,
				   arena_printf("%s_buf", x->name)),
			t, VAR_LOCAL, x->loc);
		Type *pt = type_ptr(type_with_const(t->base, 1));
		pt->is_restrict = 1;
		/* (a Var of its own: generated functions may share them) */
		Var *nx = ARENA_NEW(Var);
		*nx = *x;
		nx->type = pt;
		b->g->vars[var] = nx;
		Stmt *d = blk->u.block.items[decl];
		d->u.decl.var = buf;
		d->u.decl.init = NULL;
		d->u.decl.inits = NULL;
		d->u.decl.ninits = 0;
		blk->u.block.items[i] = stmt_decl(
			var,
			expr_call_n(dbl ? "ck_release_d" : "ck_release_f", pt,
				    loc, expr_clone(e->u.call.args[0]),
				    expr_clone(n), expr_var(b->g, buf, loc)),
			loc);
	}
}

/* The runs of block blk (through the plain blocks in it), and the blocks
 * of its other statements, each on its own. */
static void batch_block(Batch *b, Stmt *blk)
{
	batch_views(b, blk);
	Run runs[2];
	memset(runs, 0, sizeof runs);
	runs[1].is_float = 1;
	Inserts saved = b->ins;
	memset(&b->ins, 0, sizeof b->ins);
	batch_items(b, blk, runs, 0, 1);
	batch_close(b, &runs[0]);
	batch_close(b, &runs[1]);
	if (b->ins.n) {
		inserts_apply(&b->ins, blk);
		batch_drop_empty(blk);
	}
	b->ins = saved;
}

/* The blocks inside statement s. */
static void batch_stmt(Batch *b, Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		batch_block(b, s);
		break;
	case S_IF:
		batch_stmt(b, s->u.ifs.then);
		batch_stmt(b, s->u.ifs.els);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		batch_stmt(b, s->u.loop.body);
		break;
	case S_CHECKPOINT:
		batch_stmt(b, s->u.ckpt.body);
		break;
	default:
		break;
	}
}

void batch_tape(const Program *p, Func *g)
{
	Batch b;
	memset(&b, 0, sizeof b);
	b.p = p;
	b.g = g;
	batch_stmt(&b, g->body);
}
