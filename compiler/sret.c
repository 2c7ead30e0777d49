/*
 * sret.c - struct results become out-pointer parameters.
 *
 * A function of the file that returns a struct holding floating-point data
 * is rewritten to fill the struct through a new last parameter, under a
 * fresh static name (its copy in the output is then ckc's own):
 *
 *   S g(double x) { ...; return s; }
 *       ->  static void g_sret(double x, S *ck_ret) { ...; *ck_ret = s; return; }
 *   t = g(x);           ->  g_sret(x, &t);
 *   S t = g(x);         ->  S t;  g_sret(x, &t);
 *   g(x);               ->  S ck_s;  g_sret(x, &ck_s);
 *
 * (*ck_ret = s is split into member assignments.)  Every transform then
 * sees an ordinary out pointer.  A call used any other way (a struct
 * argument g(x) is already hoisted by normalize.c) is refused.  Requested
 * functions are refused by the front end when they return such a struct:
 * their signature is the user's.
 */
#include "ckc.h"

typedef struct Sret {
	Program *p;
	Func *f;
	int fi;         /* f's index in p->funcs */
	int *ret_param; /* function -> its ck_ret parameter, -1 when unchanged */
} Sret;

static int sr_rewritten(const Sret *r, const Expr *e)
{
	return e && e->kind == E_CALL && e->u.call.fn >= 0 &&
	       r->ret_param[e->u.call.fn] >= 0;
}

/* g(args) -> g_sret(args, dest) */
static Expr *sr_call(const Sret *r, const Expr *call, Expr *dest)
{
	const Func *g = r->p->funcs[call->u.call.fn];
	Expr **args = NULL;
	int n = 0;
	for (int i = 0; i < call->u.call.nargs; i++)
		ARENA_PUSH(args, n, expr_clone(call->u.call.args[i]));
	ARENA_PUSH(args, n, dest);
	Type *v = type_new(TY_VOID);
	return expr_call(g->name, call->u.call.fn, args, n, v, call->loc);
}

/* &lv, or p for lv = *p */
static Expr *sr_addr(Expr *lv)
{
	if (lv->kind == E_DEREF)
		return lv->u.e;
	return expr_addr(lv, lv->loc);
}

typedef struct Find {
	const Sret *r;
	const Expr *bad;
} Find;

static void sr_find(void *ctx, const Expr *e)
{
	Find *f = ctx;
	if (!f->bad && sr_rewritten(f->r, e))
		f->bad = e;
}

/* Refuses calls to rewritten functions left inside expressions. */
static void sr_refuse_in(const Sret *r, const Expr *e)
{
	Find f = { r, NULL };
	ir_walk_expr(e, sr_find, &f);
	if (f.bad)
		diag_error(f.bad->loc, "the struct result of '%s' can only be "
				       "stored into a variable or returned "
				       "(s = %s(...);)",
			   f.bad->u.call.name, f.bad->u.call.name);
}

static Stmt *sr_stmt(Sret *r, Stmt *s)
{
	if (!s)
		return NULL;
	Loc loc = s->loc;
	switch (s->kind) {
	case S_BLOCK: {
		/* a declaration's rewrite stays in the block's scope */
		Stmt **items = NULL;
		int n = 0;
		for (int i = 0; i < s->u.block.n; i++) {
			Stmt *it = s->u.block.items[i];
			Stmt *nt = sr_stmt(r, it);
			if (nt->kind == S_BLOCK && it->kind != S_BLOCK)
				for (int j = 0; j < nt->u.block.n; j++)
					ARENA_PUSH(items, n, nt->u.block.items[j]);
			else
				ARENA_PUSH(items, n, nt);
		}
		s->u.block.items = items;
		s->u.block.n = n;
		return s;
	}
	case S_DECL: {
		Expr *init = s->u.decl.init;
		if (!sr_rewritten(r, init)) {
			sr_refuse_in(r, init);
			return s;
		}
		/* S t = g(x):  S t;  g_sret(x, &t) */
		Stmt *b = stmt_block(loc);
		s->u.decl.init = NULL;
		stmt_append(b, s);
		Expr *t = expr_var(r->f, s->u.decl.var, loc);
		stmt_append(b, stmt_expr(S_EXPR, sr_call(r, init, sr_addr(t)), loc));
		return b;
	}
	case S_ASSIGN:
		sr_refuse_in(r, s->u.assign.lhs);
		if (s->u.assign.op == A_SET && sr_rewritten(r, s->u.assign.rhs))
			return stmt_expr(S_EXPR,
					 sr_call(r, s->u.assign.rhs,
						 sr_addr(expr_clone(s->u.assign.lhs))),
					 loc);
		sr_refuse_in(r, s->u.assign.rhs);
		return s;
	case S_EXPR:
		if (sr_rewritten(r, s->u.expr)) {
			/* g(x) for its effects: a scratch struct takes the result */
			const Func *g = r->p->funcs[s->u.expr->u.call.fn];
			Type *st = g->vars[r->ret_param[s->u.expr->u.call.fn]]
					   ->type->base;
			int t = func_add_var(r->f, name_fresh(r->p, r->f, "ck_s"),
					     type_with_const(st, 0), VAR_LOCAL, loc);
			Stmt *b = stmt_block(loc);
			stmt_append(b, stmt_decl(t, NULL, loc));
			stmt_append(b, stmt_expr(S_EXPR,
						 sr_call(r, s->u.expr,
							 sr_addr(expr_var(r->f, t,
									  loc))),
						 loc));
			return b;
		}
		sr_refuse_in(r, s->u.expr);
		return s;
	case S_RETURN: {
		int rp = r->ret_param[r->fi];
		Expr *e = s->u.expr;
		if (rp < 0 || !e) {
			sr_refuse_in(r, e);
			return s;
		}
		/* return e:  *ck_ret = e;  return */
		Stmt *b = stmt_block(loc);
		Expr *dest = expr_deref(expr_var(r->f, rp, loc), loc);
		if (sr_rewritten(r, e))
			stmt_append(b, stmt_expr(S_EXPR,
						 sr_call(r, e, expr_var(r->f, rp, loc)),
						 loc));
		else if (e->kind == E_VAR || e->kind == E_MEMBER ||
			 e->kind == E_INDEX || e->kind == E_DEREF)
			ir_copy_object(b, dest, expr_clone(e), loc);
		else {
			diag_error(e->loc, "return a struct variable (return s;)");
			return s;
		}
		stmt_append(b, stmt_expr(S_RETURN, NULL, loc));
		return b;
	}
	case S_IF:
		sr_refuse_in(r, s->u.ifs.cond);
		s->u.ifs.then = sr_stmt(r, s->u.ifs.then);
		s->u.ifs.els = sr_stmt(r, s->u.ifs.els);
		return s;
	case S_FOR: case S_WHILE: case S_DO:
		sr_refuse_in(r, s->u.loop.cond);
		s->u.loop.init = sr_stmt(r, s->u.loop.init);
		s->u.loop.inc = sr_stmt(r, s->u.loop.inc);
		s->u.loop.body = sr_stmt(r, s->u.loop.body);
		return s;
	case S_CHECKPOINT:
		s->u.ckpt.body = sr_stmt(r, s->u.ckpt.body);
		return s;
	default:
		return s;
	}
}

void sret_program(Program *p)
{
	Sret r;
	int any = 0;
	r.p = p;
	r.ret_param = arena_alloc(sizeof(int) * (size_t)(p->nfuncs + 1));
	for (int i = 0; i < p->nfuncs; i++) {
		Func *g = p->funcs[i];
		r.ret_param[i] = -1;
		if (g->ret->kind != TY_STRUCT || !struct_has_float(g->ret->st))
			continue;
		Type *st = type_with_const(g->ret, 0);
		r.ret_param[i] = func_add_param(g, "ck_ret", type_ptr(st), g->loc);
		g->ret = type_new(TY_VOID);
		g->name = name_fresh(p, NULL, arena_printf("%s_sret", g->name));
		g->is_static = 1;
		any = 1;
	}
	if (!any)
		return;
	for (int i = 0; i < p->nfuncs; i++) {
		r.f = p->funcs[i];
		r.fi = i;
		r.f->body = sr_stmt(&r, r.f->body);
	}
}
