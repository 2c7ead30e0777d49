/*
 * cleanup.c - drops generated variables that are set but never read.
 *
 * The transforms create shadows, adjoints and temporaries where a value
 * may be needed; some end up only assigned (a shadow read only in a
 * condition, a popped exit code no guard tests).  Compilers warn about
 * those (-Wunused-variable, -Wunused-but-set-variable), and ckc's output
 * compiles without warnings, so this pass removes their declarations and
 * the stores to them, until nothing changes.  A removed store whose value
 * pops the tape, or calls a function that may have effects, stays as an
 * expression statement.  Parameters keep their place in the signature;
 * only the stores to them go.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ckc.h"

/* Is s a store that only updates var (v = e, v++, v += e, a[i] = e for a
 * local array a)?  Returns the var, or -1. */
static int cl_updated_var(const Func *g, const Stmt *s)
{
	const Expr *lhs = s->u.assign.lhs;
	AssignOp op = s->u.assign.op;
	if (op != A_SET && op != A_INC && op != A_DEC && op != A_ADD &&
	    op != A_SUB && op != A_MUL && op != A_DIV)
		return -1;
	/* a[i], s.f, s.a[i].g: elements and members stored in the variable
	 * itself (not behind a pointer) */
	while ((lhs->kind == E_INDEX &&
		lhs->u.index.base->type->kind == TY_ARRAY) ||
	       lhs->kind == E_MEMBER)
		lhs = lhs->kind == E_MEMBER ? lhs->u.mem.base : lhs->u.index.base;
	if (lhs->kind != E_VAR)
		return -1;
	if (lhs != s->u.assign.lhs &&
	    g->vars[lhs->u.var]->type->kind != TY_ARRAY &&
	    g->vars[lhs->u.var]->type->kind != TY_STRUCT)
		return -1;
	return lhs->u.var;
}

static void cl_count_expr(const Expr *e, int *reads);

/* Reads in lvalue e other than of its base variable (its indices). */
static void cl_count_lvalue(const Expr *e, int *reads)
{
	while (e->kind == E_INDEX || e->kind == E_MEMBER) {
		if (e->kind == E_MEMBER) {
			e = e->u.mem.base;
			continue;
		}
		cl_count_expr(e->u.index.idx, reads);
		e = e->u.index.base;
	}
}

static void cl_count_expr(const Expr *e, int *reads)
{
	if (!e)
		return;
	switch (e->kind) {
	case E_VAR:
		reads[e->u.var]++;
		break;
	case E_UNARY:
		cl_count_expr(e->u.un.e, reads);
		break;
	case E_BINARY:
		cl_count_expr(e->u.bin.l, reads);
		cl_count_expr(e->u.bin.r, reads);
		break;
	case E_COND:
		cl_count_expr(e->u.cond.c, reads);
		cl_count_expr(e->u.cond.a, reads);
		cl_count_expr(e->u.cond.b, reads);
		break;
	case E_CALL:
		for (int i = 0; i < e->u.call.nargs; i++)
			cl_count_expr(e->u.call.args[i], reads);
		break;
	case E_INDEX:
		cl_count_expr(e->u.index.base, reads);
		cl_count_expr(e->u.index.idx, reads);
		break;
	case E_DEREF: case E_ADDR: case E_CAST:
		cl_count_expr(e->u.e, reads);
		break;
	case E_MEMBER:
		cl_count_expr(e->u.mem.base, reads);
		break;
	default:
		break;
	}
}

static void cl_count(const Func *g, const Stmt *s, int *reads)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			cl_count(g, s->u.block.items[i], reads);
		break;
	case S_DECL:
		cl_count_expr(s->u.decl.init, reads);
		for (int i = 0; i < s->u.decl.ninits; i++)
			cl_count_expr(s->u.decl.inits[i], reads);
		break;
	case S_ASSIGN:
		if (cl_updated_var(g, s) >= 0)
			cl_count_lvalue(s->u.assign.lhs, reads);
		else
			cl_count_expr(s->u.assign.lhs, reads);
		cl_count_expr(s->u.assign.rhs, reads);
		break;
	case S_EXPR: case S_RETURN:
		cl_count_expr(s->u.expr, reads);
		break;
	case S_IF:
		cl_count_expr(s->u.ifs.cond, reads);
		cl_count(g, s->u.ifs.then, reads);
		cl_count(g, s->u.ifs.els, reads);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		cl_count(g, s->u.loop.init, reads);
		cl_count_expr(s->u.loop.cond, reads);
		cl_count(g, s->u.loop.inc, reads);
		cl_count(g, s->u.loop.body, reads);
		break;
	case S_CHECKPOINT:
		cl_count(g, s->u.ckpt.body, reads);
		break;
	default:
		break;
	}
}

/* A call in e whose effect must stay: anything but math.h functions and
 * ck_tape_get (a sweep that records nothing needs no tape). */
static const Expr *cl_effect(const Expr *e)
{
	if (!e)
		return NULL;
	switch (e->kind) {
	case E_CALL:
		if (!rules_find(e->u.call.name) &&
		    strcmp(e->u.call.name, "ck_tape_get") != 0)
			return e;
		for (int i = 0; i < e->u.call.nargs; i++)
			if (cl_effect(e->u.call.args[i]))
				return cl_effect(e->u.call.args[i]);
		return NULL;
	case E_UNARY:
		return cl_effect(e->u.un.e);
	case E_BINARY:
		return cl_effect(e->u.bin.l) ? cl_effect(e->u.bin.l)
					     : cl_effect(e->u.bin.r);
	case E_CAST:
		return cl_effect(e->u.e);
	default:
		return NULL;
	}
}

/* What is left of statement s, a dropped store of value e: the call with
 * effects at its top, or nothing.  It stays the half of a tangent pair it
 * was (Stmt.vec): vector mode pops ck_nd values for a tangent's pop. */
static Stmt *cl_leftover(const Stmt *s, const Expr *e)
{
	if (!e || e->kind != E_CALL || !cl_effect(e))
		return NULL;
	Stmt *r = stmt_expr(S_EXPR, (Expr *)e, s->loc);
	r->vec = s->vec;
	return r;
}

static Stmt *cl_drop(const Func *g, Stmt *s, const unsigned char *dead,
		     int *dropped)
{
	if (!s)
		return NULL;
	switch (s->kind) {
	case S_BLOCK: {
		int n = 0;
		for (int i = 0; i < s->u.block.n; i++) {
			Stmt *it = cl_drop(g, s->u.block.items[i], dead, dropped);
			if (it)
				s->u.block.items[n++] = it;
		}
		s->u.block.n = n;
		return s;
	}
	case S_DECL:
		if (!dead[s->u.decl.var])
			return s;
		(*dropped)++;
		return cl_leftover(s, s->u.decl.init);
	case S_ASSIGN: {
		int v = cl_updated_var(g, s);
		if (v < 0 || !dead[v])
			return s;
		/* a value whose computation must run (a pop, a call) */
		if (s->u.assign.rhs && cl_effect(s->u.assign.rhs) &&
		    s->u.assign.rhs->kind != E_CALL)
			return s;
		(*dropped)++;
		return cl_leftover(s, s->u.assign.rhs);
	}
	case S_IF:
		s->u.ifs.then = cl_drop(g, s->u.ifs.then, dead, dropped);
		if (!s->u.ifs.then)
			s->u.ifs.then = stmt_block(s->loc);
		s->u.ifs.els = cl_drop(g, s->u.ifs.els, dead, dropped);
		return s;
	case S_FOR: case S_WHILE: case S_DO:
		/* a for's clauses lose their stores too (p_d++ of a shadow
		 * nothing reads), and an empty clause is none */
		s->u.loop.init = cl_drop(g, s->u.loop.init, dead, dropped);
		s->u.loop.inc = cl_drop(g, s->u.loop.inc, dead, dropped);
		if (s->u.loop.init && s->u.loop.init->kind == S_BLOCK &&
		    !s->u.loop.init->u.block.n)
			s->u.loop.init = NULL;
		if (s->u.loop.inc && s->u.loop.inc->kind == S_BLOCK &&
		    !s->u.loop.inc->u.block.n)
			s->u.loop.inc = NULL;
		s->u.loop.body = cl_drop(g, s->u.loop.body, dead, dropped);
		if (!s->u.loop.body)
			s->u.loop.body = stmt_block(s->loc);
		/* a dropped variable leaves the loop's OpenMP clauses too,
		 * also those of a loop that omp_finish prints later (a
		 * checkpoint's recomputation in f_bwd) */
		if (s->u.loop.omp &&
		    (s->u.loop.omp->emit || s->u.loop.omp->fwd))
			omp_drop_vars(s->u.loop.omp, dead);
		return s;
	case S_CHECKPOINT:
		s->u.ckpt.body = cl_drop(g, s->u.ckpt.body, dead, dropped);
		if (!s->u.ckpt.body)
			s->u.ckpt.body = stmt_block(s->loc);
		return s;
	default:
		return s;
	}
}

void cleanup_unread(Func *g, int first)
{
	/* Ends: a pass that drops nothing is the last, and every other pass
	 * removes at least one declaration or store (what replaces a dropped
	 * one, a call statement, is never dropped), so there are at most as
	 * many passes as g has declarations and stores, plus one. */
	for (;;) {
		int *reads = arena_alloc(sizeof(int) * (size_t)(g->nvars + 1));
		unsigned char *dead = arena_alloc((size_t)g->nvars + 1);
		cl_count(g, g->body, reads);
		int any = 0;
		for (int v = first; v < g->nvars; v++)
			if (!reads[v] && !g->vars[v]->is_static)
				dead[v] = 1, any = 1;
		if (!any)
			return;
		int dropped = 0;
		cl_drop(g, g->body, dead, &dropped);
		if (!dropped)
			return;
	}
}

/* ------------------------------------------------ arithmetic of adjoints
 *
 * Two rewrites of f_bwd's arithmetic that C compilers may not make
 * themselves (they keep IEEE semantics):
 *   - a floating adjoint declared with 0.0 whose first use is v += e
 *     (e not reading v) becomes v = e: 0.0 + e is e except that it turns
 *     -0.0 into +0.0, and an adjoint's sign of zero changes no result that
 *     is added into (a zero is a zero); every derivative ckc writes is
 *     accumulated into its adjoint, so the numbers stay the same;
 *   - the same for v += e wherever v is known to be zero (zs_*, below):
 *     the adjoint of a scalar that each iteration of a reverse loop resets
 *     with v = 0.0 once it has used it starts every iteration at zero;
 *   - A * B + B * A becomes 2 * (A * B), exactly the same number: the two
 *     products are the same double, and p + p is 2p. */

/* Is e the literal +0.0? */
static int cl_pos_zero(const Expr *e)
{
	return e && e->kind == E_NUM && !e->u.num.is_int &&
	       e->u.num.val == 0 && !signbit(e->u.num.val);
}

/* Floating temporaries declared with 0.0 whose first use is still to
 * come (pending[v]), and the ones the statement being looked at mentions. */
typedef struct ClZero {
	unsigned char *pending;
	int *hit;
	int nhit;
} ClZero;

static void cl_zero_visit(void *ctx, const Expr *e)
{
	ClZero *z = ctx;
	if (e->kind == E_VAR && z->pending[e->u.var]) {
		z->pending[e->u.var] = 0;
		z->hit[z->nhit++] = e->u.var;
	}
}

/* s: its pending temporaries' first use; blocks always run, so their
 * statements are looked at one by one, in order.  Each statement is
 * walked once at its own level, so this is linear in the size of g (times
 * the nesting depth). */
static void cl_zero_stmt(const Func *g, ClZero *z, Stmt *s)
{
	if (!s)
		return;
	if (s->kind == S_BLOCK) {
		for (int i = 0; i < s->u.block.n; i++) {
			Stmt *it = s->u.block.items[i];
			const Expr *e = it->kind == S_DECL ? it->u.decl.init : NULL;
			if (cl_pos_zero(e) &&
			    type_is_float(g->vars[it->u.decl.var]->type) &&
			    !g->vars[it->u.decl.var]->is_static &&
			    g->vars[it->u.decl.var]->is_adjoint) {
				z->pending[it->u.decl.var] = 1;
				continue;
			}
			cl_zero_stmt(g, z, it);
		}
		return;
	}
	z->nhit = 0;
	ir_walk_stmt(s, cl_zero_visit, z);
	for (int k = 0; k < z->nhit; k++) {
		int v = z->hit[k];
		if (s->kind == S_ASSIGN && s->u.assign.op == A_ADD &&
		    s->u.assign.lhs->kind == E_VAR && s->u.assign.lhs->u.var == v &&
		    !expr_mentions(s->u.assign.rhs, v))
			s->u.assign.op = A_SET;
	}
	/* the blocks inside (an if's branches, a loop's body) declare
	 * temporaries of their own */
	switch (s->kind) {
	case S_IF:
		cl_zero_stmt(g, z, s->u.ifs.then);
		cl_zero_stmt(g, z, s->u.ifs.els);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		cl_zero_stmt(g, z, s->u.loop.body);
		break;
	default:
		break;
	}
}

static void cl_zero_adds(const Func *g, Stmt *body)
{
	ClZero z;
	z.pending = arena_alloc((size_t)g->nvars + 1);
	z.hit = arena_alloc(sizeof(int) * (size_t)(g->nvars + 1));
	z.nhit = 0;
	cl_zero_stmt(g, &z, body);
}

/* Floating scalars known to be zero: a forward pass over the statements
 * with a set per program point.  v is zero after a declaration with 0.0
 * or v = 0.0 (both +0.0), and no longer after any other store into v; at
 * the join of an if's branches when it is zero after both; at the top of
 * a loop when it is zero on entry and at the end of the body (a fixed
 * point, found with the body's rewrites off), and after the loop at its
 * top's state; when the body can jump (break, continue, return), nothing
 * the loop stores is known at its top or after it.  Only adjoints (a
 * primal value's sign of zero may matter where a checkpoint's region runs
 * again in f_bwd), locals whose
 * address g never takes and that no call is given by name (CK_LOAD
 * stores into its variable); a statement the pass does not know (a
 * checkpoint) forgets what it stores. */
typedef struct ZsCtx {
	const Func *g;
	unsigned char *cand; /* a floating local, address not taken */
	size_t n;
} ZsCtx;

static void zs_addr_visit(void *ctx, const Expr *e)
{
	ZsCtx *z = ctx;
	if (e->kind == E_CALL) {
		/* a macro of the runtime may store into a variable it is
		 * given by name (CK_LOAD) */
		for (int k = 0; k < e->u.call.nargs; k++)
			if (e->u.call.args[k]->kind == E_VAR)
				z->cand[e->u.call.args[k]->u.var] = 0;
		return;
	}
	/* the candidates are scalars: &v is their only address */
	if (e->kind == E_ADDR && e->u.e->kind == E_VAR)
		z->cand[e->u.e->u.var] = 0;
}

/* Every variable s stores into, or declares, leaves the set. */
static void zs_kill_visit(void *ctx, const Stmt *s)
{
	unsigned char *zero = ctx;
	if (s->kind == S_DECL)
		zero[s->u.decl.var] = 0;
	if (s->kind == S_ASSIGN) {
		const Expr *l = s->u.assign.lhs;
		if (l->kind == E_VAR)
			zero[l->u.var] = 0;
	}
}

static void zs_jump_visit(void *ctx, const Stmt *s)
{
	if (s->kind == S_BREAK || s->kind == S_CONTINUE || s->kind == S_RETURN)
		*(int *)ctx = 1;
}

/* A break, continue or return anywhere in s (one that stays inside a loop
 * nested in s counts too: a little less is known). */
static int zs_jumps(const Stmt *s)
{
	int any = 0;
	ir_visit_stmts(s, zs_jump_visit, &any);
	return any;
}

static void zs_stmt(ZsCtx *z, Stmt *s, unsigned char *zero, int apply);

static void zs_body(ZsCtx *z, Stmt *body, unsigned char *zero, int apply)
{
	if (body && body->kind == S_BLOCK)
		for (int k = 0; k < body->u.block.n; k++)
			zs_stmt(z, body->u.block.items[k], zero, apply);
	else
		zs_stmt(z, body, zero, apply);
}

static void zs_loop(ZsCtx *z, Stmt *s, unsigned char *zero, int apply)
{
	if (s->kind == S_FOR && s->u.loop.init)
		zs_stmt(z, s->u.loop.init, zero, apply);
	/* (scratch of every loop and if: from the heap, not the arena, which
	 * would keep a variable-sized array per statement) */
	unsigned char *top = scratch_alloc(z->n), *end = scratch_alloc(z->n);
	memcpy(top, zero, z->n);
	/* a continue reaches the top, a break the statement after the loop,
	 * from the middle of the body: nothing the loop stores is known */
	if (zs_jumps(s->u.loop.body))
		ir_visit_stmts(s, zs_kill_visit, top);
	for (int round = 0;; round++) {
		memcpy(end, top, z->n);
		zs_body(z, s->u.loop.body, end, 0);
		if (s->kind == S_FOR && s->u.loop.inc)
			zs_stmt(z, s->u.loop.inc, end, 0);
		int changed = 0;
		for (size_t v = 0; v < z->n; v++)
			if (top[v] && !end[v])
				top[v] = 0, changed = 1;
		if (!changed)
			break;
		if (round == 3) {
			/* give up: nothing the loop stores is known */
			ir_visit_stmts(s, zs_kill_visit, top);
			break;
		}
	}
	if (apply) {
		memcpy(end, top, z->n);
		zs_body(z, s->u.loop.body, end, 1);
	}
	memcpy(zero, top, z->n);
	free(top);
	free(end);
}

static void zs_stmt(ZsCtx *z, Stmt *s, unsigned char *zero, int apply)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		zs_body(z, s, zero, apply);
		return;
	case S_DECL: {
		int v = s->u.decl.var;
		const Expr *e = s->u.decl.init;
		zero[v] = z->cand[v] && cl_pos_zero(e);
		return;
	}
	case S_ASSIGN: {
		const Expr *l = s->u.assign.lhs, *e = s->u.assign.rhs;
		if (l->kind != E_VAR)
			return;
		int v = l->u.var;
		if (apply && zero[v] && s->u.assign.op == A_ADD &&
		    !expr_mentions(e, v))
			s->u.assign.op = A_SET;
		zero[v] = z->cand[v] && s->u.assign.op == A_SET &&
			  cl_pos_zero(e);
		return;
	}
	case S_EXPR:
	case S_EMPTY:
		return;
	case S_IF: {
		unsigned char *other = scratch_alloc(z->n);
		memcpy(other, zero, z->n);
		zs_stmt(z, s->u.ifs.then, zero, apply);
		zs_stmt(z, s->u.ifs.els, other, apply);
		for (size_t v = 0; v < z->n; v++)
			zero[v] &= other[v];
		free(other);
		if (zs_jumps(s))
			ir_visit_stmts(s, zs_kill_visit, zero);
		return;
	}
	case S_FOR:
	case S_WHILE:
	case S_DO:
		zs_loop(z, s, zero, apply);
		return;
	default:
		ir_visit_stmts(s, zs_kill_visit, zero);
		return;
	}
}

static void zs_adds(const Func *g)
{
	ZsCtx z;
	z.g = g;
	z.n = (size_t)g->nvars + 1;
	z.cand = arena_alloc(z.n);
	for (int v = 0; v < g->nvars; v++) {
		const Var *x = g->vars[v];
		z.cand[v] = x->kind == VAR_LOCAL && !x->is_static &&
			    x->is_adjoint &&
			    (x->type->kind == TY_DOUBLE ||
			     x->type->kind == TY_FLOAT);
	}
	ir_walk_stmt(g->body, zs_addr_visit, &z);
	unsigned char *zero = arena_alloc(z.n);
	zs_stmt(&z, g->body, zero, 1);
}

static Expr *cl_double_visit(void *ctx, Expr *e)
{
	(void)ctx;
	if (e->kind != E_BINARY || e->u.bin.op != B_ADD || !type_is_float(e->type))
		return NULL;
	if (!expr_swapped_product(e->u.bin.l, e->u.bin.r))
		return NULL;
	Expr *two = expr_num(2, e->type, e->loc);
	/* the operands' own subexpressions may simplify too */
	Expr *p = expr_map(e->u.bin.l, cl_double_visit, NULL);
	return expr_binary(B_MUL, two, p, e->type, e->loc);
}

void cleanup_double(Func *g)
{
	stmt_map_exprs(g->body, cl_double_visit, NULL);
}

/* v = v; (a tangent of d = d - 0.5 * L, whose constant has none, or the
 * source's own): nothing, and clang's -Wself-assign stops a -Werror build
 * at it.  Where it was v's only read, (void)v follows v's declaration
 * (voided), or -Wunused-variable would stop the build instead. */
static void cl_self_visit(void *ctx, const Stmt *s)
{
	Func *g = ctx;
	if (s->kind != S_BLOCK)
		return;
	Stmt *b = (Stmt *)s;
	int n = 0;
	for (int i = 0; i < b->u.block.n; i++) {
		const Stmt *it = b->u.block.items[i];
		if (it && it->kind == S_ASSIGN && it->u.assign.op == A_SET &&
		    it->u.assign.lhs->kind == E_VAR && it->u.assign.rhs &&
		    it->u.assign.rhs->kind == E_VAR &&
		    it->u.assign.rhs->u.var == it->u.assign.lhs->u.var) {
			g->vars[it->u.assign.lhs->u.var]->voided = 1;
			continue;
		}
		b->u.block.items[n++] = b->u.block.items[i];
	}
	b->u.block.n = n;
}

void cleanup_self(Func *g)
{
	ir_visit_stmts(g->body, cl_self_visit, g);
}

void cleanup_arith(Func *g)
{
	cl_zero_adds(g, g->body);
	zs_adds(g);
	cleanup_double(g);
}

/* ------------------------------------------- variables named as callees
 *
 * A variable of generated code named as a function that code calls, a
 * local g_d of f whose f_d calls g_d, a local sqrt_d beside sqrt's rule,
 * would hide the function (`double g_d = g_d(...)` does not compile):
 * such a variable takes the next free name. */

typedef struct CallNames {
	const Func *g;
	unsigned char *hit; /* var id -> named as a callee */
} CallNames;

static void cl_call_visit(void *ctx, const Expr *e)
{
	CallNames *c = ctx;
	if (e->kind != E_CALL)
		return;
	int v = func_find_var(c->g, e->u.call.name);
	if (v >= 0)
		c->hit[v] = 1;
}

void cleanup_call_names(const Program *p, Func *g)
{
	CallNames c = { g, arena_alloc((size_t)g->nvars + 1) };
	ir_walk_stmt(g->body, cl_call_visit, &c);
	for (int v = 0; v < g->nvars; v++) {
		if (!c.hit[v])
			continue;
		/* (a new Var, so that the name tables see the change) */
		Var *x = ARENA_NEW(Var);
		*x = *g->vars[v];
		x->name = name_fresh(p, g, g->vars[v]->name);
		g->vars[v] = x;
	}
}
