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
 * argument g(x) is already hoisted by normalize.c) is refused.  A
 * requested function is rewritten the same way, with ck_ret added to its
 * out(); sret_public then gives its public derivatives the signatures of
 * DESIGN §2 again (S f_d(..., S *ret_d), S f_b(..., S ret_b), S
 * f_b_d(..., S ret_b, S ret_bd)).
 */
#include <string.h>

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
		for (int k = 0; k < p->nreqs; k++) {
			Request *q = p->reqs[k];
			if (q->fn != i)
				continue;
			int m = q->nout;
			VEC_PUSH(q->out, m, "ck_ret");
			VEC_PUSH(q->out_loc, q->nout, q->loc);
		}
	}
	if (!any)
		return;
	for (int i = 0; i < p->nfuncs; i++) {
		r.f = p->funcs[i];
		r.fi = i;
		r.f->body = sr_stmt(&r, r.f->body);
	}
}

/* The struct result of a requested function, an out() parameter ck_ret
 * with shadows ck_ret_d, ck_ret_b, ck_ret_bd in its public derivatives:
 * each public function returns the struct again, the result's tangent is
 * the last parameter S *ret_d (f_d), and its seeds are S ret_b and S
 * ret_bd by value (f_b, f_b_d).  The old parameters become locals that
 * point to a local result (ck_ret, the tangent in f_b_d) or to the seeds,
 * so the body stays as it was; every return returns the result. */
static void sr_returns(Func *f, Stmt *s, int res)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			sr_returns(f, s->u.block.items[i], res);
		break;
	case S_RETURN:
		s->u.expr = expr_var(f, res, s->loc);
		break;
	case S_IF:
		sr_returns(f, s->u.ifs.then, res);
		sr_returns(f, s->u.ifs.els, res);
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		sr_returns(f, s->u.loop.body, res);
		break;
	case S_CHECKPOINT:
		sr_returns(f, s->u.ckpt.body, res);
		break;
	default:
		break;
	}
}

void sret_public(Program *p)
{
	for (int i = 0; i < p->nout; i++) {
		Func *f = p->out[i];
		if (f->is_static || !f->body || f->ret->kind != TY_VOID)
			continue;
		/* ck_ret [ck_ret_d] [ck_ret_b [ck_ret_bd]], last */
		int k = f->nparams - 1, v[4] = { -1, -1, -1, -1 };
		static const char *const names[4] = { "ck_ret", "ck_ret_d",
						      "ck_ret_b",
						      "ck_ret_bd" };
		for (; k >= 0; k--) {
			int t = 0;
			while (t < 4 &&
			       strcmp(f->vars[f->params[k]]->name, names[t]))
				t++;
			if (t == 4)
				break;
			v[t] = f->params[k];
		}
		if (v[0] < 0 || f->vars[v[0]]->type->kind != TY_PTR ||
		    f->vars[v[0]]->type->base->kind != TY_STRUCT)
			continue;
		Loc loc = f->loc;
		int clash = 0;
		for (int t = 1; t < 4; t++) {
			const char *want =
				arena_printf("%s%s", func_ret_base(f),
					     t == 1   ? "_d"
					     : t == 2 ? "_b"
						      : "_bd");
			/* (f_b_d's result tangent is a local: no name) */
			int named = t >= 2 || v[2] < 0;
			if (v[t] >= 0 && named &&
			    func_find_var(f, want) >= 0) {
				diag_error(
					loc,
					"cannot name the %s of the struct "
					"result of '%s': '%s' is already a "
					"variable of the function; rename it",
					t == 1 ? "tangent" : "seed", f->name,
					want);
				clash = 1;
			}
		}
		if (clash)
			continue;
		Type *st = type_with_const(f->vars[v[0]]->type->base, 0);
		Stmt *pre = stmt_block(loc);
		int *params = arena_alloc(sizeof(int) * (size_t)(k + 4));
		int n = 0, res = -1;
		for (int j = 0; j <= k; j++)
			params[n++] = f->params[j];
		for (int t = 0; t < 4; t++) {
			if (v[t] < 0)
				continue;
			Var *x = f->vars[v[t]];
			x->type = type_ptr(st);
			if (t == 1 && v[2] < 0) {
				/* f_d: the result's tangent is S *ret_d */
				x->name =
					arena_printf("%s_d", func_ret_base(f));
				params[n++] = v[t];
				continue;
			}
			/* the pointer becomes a local pointing to the result
			 * (ck_ret), to f_b_d's tangent of it (ck_ret_d), or to
			 * a seed passed by value (ck_ret_b, ck_ret_bd) */
			int obj;
			if (t >= 2) {
				obj = func_add_var(
					f,
					arena_printf("%s%s", func_ret_base(f),
						     t == 2 ? "_b" : "_bd"),
					st, VAR_PARAM, loc);
				params[n++] = obj;
			} else {
				obj = func_add_var(
					f,
					name_fresh(p, f,
						   t ? "ck_res_d" : "ck_res"),
					st, VAR_LOCAL, loc);
				stmt_append(pre, stmt_decl_zero(f, obj, loc));
			}
			if (!t)
				res = obj;
			x->kind = VAR_LOCAL;
			stmt_append(pre,
				    stmt_decl(v[t],
					      expr_addr(expr_var(f, obj, loc),
							loc),
					      loc));
		}
		f->params = params;
		f->nparams = n;
		f->ret = st;
		for (int j = pre->u.block.n - 1; j >= 0; j--)
			stmt_prepend(f->body, pre->u.block.items[j]);
		sr_returns(f, f->body, res);
		int nb = f->body->u.block.n;
		if (f->body->u.block.items[nb - 1]->kind != S_RETURN)
			stmt_append(f->body,
				    stmt_expr(S_RETURN, expr_var(f, res, loc),
					      loc));
	}
}
