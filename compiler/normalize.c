/*
 * normalize.c - puts every call to a user function (or to a ck_inactive
 * one) in a statement of its own, so the transforms differentiate calls only in three shapes:
 *
 *   g(args);            S_EXPR
 *   lhs = g(args);      S_ASSIGN with op A_SET
 *   T v = g(args);      S_DECL
 *
 * A call nested in a larger expression moves into a fresh temporary
 * declared just before the statement:
 *
 *   y = a * g(x) + 1;   ->   double ck_g = g(x);  y = a * ck_g + 1;
 *
 * Only positions that are evaluated unconditionally are hoisted: not the
 * arms of ?:, not the right operand of && and ||, not loop conditions or
 * for increments (they run once per iteration).  Calls left there are
 * refused later if they need a derivative.
 */
#include "ckc.h"

typedef struct Normalizer {
	Program *p;
	Func *f;
	Stmt *prefix; /* S_BLOCK of temporaries for the current statement */
} Normalizer;

static void norm_stmt(Normalizer *n, Stmt **sp);

/* Replaces the user call *ep by a temporary (after hoisting its own
 * arguments). */
static void norm_hoist(Normalizer *n, Expr **ep, int hoist_self);

static void norm_expr(Normalizer *n, Expr **ep)
{
	Expr *e = *ep;
	if (!e)
		return;
	switch (e->kind) {
	case E_NUM: case E_VAR: case E_GLOBAL: case E_STR:
		break;
	case E_UNARY:
		norm_expr(n, &e->u.un.e);
		break;
	case E_BINARY:
		norm_expr(n, &e->u.bin.l);
		/* the right operand of && and || may not run */
		if (e->u.bin.op != B_LAND && e->u.bin.op != B_LOR)
			norm_expr(n, &e->u.bin.r);
		break;
	case E_COND:
		norm_expr(n, &e->u.cond.c);
		break;
	case E_CALL:
		norm_hoist(n, ep, 1);
		break;
	case E_INDEX:
		norm_expr(n, &e->u.index.base);
		norm_expr(n, &e->u.index.idx);
		break;
	case E_DEREF: case E_ADDR: case E_CAST:
		norm_expr(n, &e->u.e);
		break;
	case E_MEMBER:
		norm_expr(n, &e->u.mem.base);
		break;
	default:
		ck_unreachable();
	}
}

static void norm_hoist(Normalizer *n, Expr **ep, int hoist_self)
{
	Expr *e = *ep;
	for (int i = 0; i < e->u.call.nargs; i++)
		norm_expr(n, &e->u.call.args[i]);
	/* user calls, calls with a ck_derivative, and ck_inactive ones: the
	 * transforms take them as statements (results the tangent and
	 * adjoint read as variables) */
	if (!hoist_self || e->type->kind == TY_VOID ||
	    (e->u.call.fn < 0 && !userrules_find(e->u.call.name) &&
	     calls_kind(n->p, e) != CALL_INACTIVE))
		return;
	const char *name = name_fresh(n->p, n->f,
				      arena_printf("ck_%s", e->u.call.name));
	int v = func_add_var(n->f, name, type_with_const(e->type, 0),
			     VAR_LOCAL, e->loc);
	stmt_append(n->prefix, stmt_decl(v, e, e->loc));
	*ep = expr_var(n->f, v, e->loc);
}

/* The call at the top of e stays; only its arguments are hoisted. */
static void norm_top(Normalizer *n, Expr **ep)
{
	if (*ep && (*ep)->kind == E_CALL)
		norm_hoist(n, ep, 0);
	else
		norm_expr(n, ep);
}

static void norm_block(Normalizer *n, Stmt *b)
{
	Stmt **items = NULL;
	int count = 0;
	for (int i = 0; i < b->u.block.n; i++) {
		Stmt *s = b->u.block.items[i];
		Stmt *saved = n->prefix;
		n->prefix = stmt_block(s->loc);
		norm_stmt(n, &s);
		for (int j = 0; j < n->prefix->u.block.n; j++)
			ARENA_PUSH(items, count, n->prefix->u.block.items[j]);
		ARENA_PUSH(items, count, s);
		n->prefix = saved;
	}
	b->u.block.items = items;
	b->u.block.n = count;
}

/* A statement in a position that is not a block (if/loop body, checkpoint
 * region) is wrapped in a block only when it needs temporaries. */
static void norm_body(Normalizer *n, Stmt **sp)
{
	if (!*sp)
		return;
	if ((*sp)->kind == S_BLOCK) {
		norm_block(n, *sp);
		return;
	}
	Stmt *saved = n->prefix;
	n->prefix = stmt_block((*sp)->loc);
	norm_stmt(n, sp);
	if (n->prefix->u.block.n) {
		stmt_append(n->prefix, *sp);
		*sp = n->prefix;
	}
	n->prefix = saved;
}

static void norm_stmt(Normalizer *n, Stmt **sp)
{
	Stmt *s = *sp;
	switch (s->kind) {
	case S_BLOCK:
		norm_block(n, s);
		break;
	case S_DECL:
		if (s->u.decl.init)
			norm_top(n, &s->u.decl.init);
		for (int i = 0; i < s->u.decl.ninits; i++)
			norm_expr(n, &s->u.decl.inits[i]);
		break;
	case S_ASSIGN:
		norm_expr(n, &s->u.assign.lhs);
		if (s->u.assign.op == A_SET)
			norm_top(n, &s->u.assign.rhs);
		else
			norm_expr(n, &s->u.assign.rhs);
		break;
	case S_EXPR:
		norm_top(n, &s->u.expr);
		break;
	case S_RETURN:
		norm_expr(n, &s->u.expr);
		break;
	case S_IF:
		norm_expr(n, &s->u.ifs.cond);
		norm_body(n, &s->u.ifs.then);
		norm_body(n, &s->u.ifs.els);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		norm_body(n, &s->u.loop.body);
		break;
	case S_CHECKPOINT:
		norm_body(n, &s->u.ckpt.body);
		break;
	case S_BREAK: case S_CONTINUE: case S_EMPTY:
		break;
	default:
		ck_unreachable();
	}
}

void normalize_program(Program *p)
{
	for (int i = 0; i < p->nfuncs; i++) {
		Normalizer n;
		n.p = p;
		n.f = p->funcs[i];
		n.prefix = NULL;
		norm_block(&n, n.f->body);
		online_shape(p, n.f);
	}
}
