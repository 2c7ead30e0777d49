/*
 * activity.c - which values carry derivatives.
 *
 * A variable is varied when it may hold a value that depends on an active
 * input.  Storage is tracked by nodes: every variable has one; a pointer
 * variable's node stands for the data it points to, so copying a pointer
 * (q = p + i, q = &a[k]) unites the two nodes (union-find, flow-insensitive).
 * Stores of varied values mark their node varied, until nothing changes.
 *
 * Calls: the callee is analysed for the calling pattern (which parameters
 * are active at this call); what it makes varied behind its pointer
 * parameters flows back to the caller's nodes.  Patterns only grow while
 * the caller's fixpoint runs, so the iteration ends.  Results are memoized
 * per (function, pattern).
 *
 * Errors (unknown functions on active data, active stores to globals,
 * derivatives leaking through pointer parameters that have no shadow) are
 * reported by a separate check pass, run once per pattern the transforms
 * actually use.
 */
#include "ckc.h"

#include <stdlib.h>
#include <string.h>

typedef struct Memo {
	Pattern pat;
	Activity *a;
	int checked, ok;
} Memo;

static Memo **act_memos;
static int act_nmemos;
static Program *act_prog;
static int act_useful = 1; /* off: --no-useful, for comparison */
static int act_enabled = 1; /* off: --no-activity, for comparison */

void activity_set_enabled(int on)
{
	act_enabled = on;
}

/* State of one fixpoint: the analysis being built and whether it moved. */
typedef struct Solver {
	Activity *a;
	Func *f;
	int changed;
	int check; /* report errors (final pass) */
	const Expr *top; /* the call a statement consists of (y = g(a)) */
} Solver;

static Activity *act_solve(const Pattern *pat);

/* ---- union-find over pointer copies */

static int uf_find(int *parent, int x)
{
	while (parent[x] != x)
		x = parent[x] = parent[parent[x]];
	return x;
}

/* Every variable an expression of pointer type may point into, appended
 * to a list that grows as needed (nested ?: may name many). */
typedef struct Roots {
	int *v;
	int n, cap;
} Roots;

static void act_roots(const Expr *e, Roots *r)
{
	switch (e->kind) {
	case E_VAR:
		if (r->n == r->cap) {
			int cap = r->cap ? 2 * r->cap : 8;
			int *g = arena_alloc(sizeof(int) * (size_t)cap);
			for (int i = 0; i < r->n; i++)
				g[i] = r->v[i];
			r->v = g;
			r->cap = cap;
		}
		r->v[r->n++] = e->u.var;
		break;
	case E_INDEX:
		act_roots(e->u.index.base, r);
		break;
	case E_MEMBER: /* a struct and what its members point to: one node */
		act_roots(e->u.mem.base, r);
		break;
	case E_DEREF: case E_ADDR: case E_CAST:
		act_roots(e->u.e, r);
		break;
	case E_BINARY:
		if (type_is_pointerish(e->u.bin.l->type))
			act_roots(e->u.bin.l, r);
		if (type_is_pointerish(e->u.bin.r->type))
			act_roots(e->u.bin.r, r);
		break;
	case E_COND:
		act_roots(e->u.cond.a, r);
		act_roots(e->u.cond.b, r);
		break;
	case E_CALL: /* realloc(p, n): p's data moves into the result */
		if (alloc_old(e) && alloc_find(e)->kind != ALLOC_FREE)
			act_roots(alloc_old(e), r);
		break;
	default:
		break;
	}
}

int activity_roots(const Expr *e, int **out)
{
	Roots r = { NULL, 0, 0 };
	act_roots(e, &r);
	*out = r.v;
	return r.n;
}

int activity_root(const Expr *e)
{
	int *roots;
	return activity_roots(e, &roots) ? roots[0] : -1;
}

static void uf_unite_expr(int *parent, int var, const Expr *rhs)
{
	int *roots, n = activity_roots(rhs, &roots);
	for (int i = 0; i < n; i++)
		parent[uf_find(parent, roots[i])] = uf_find(parent, var);
}

/* A pointer ?: anywhere, a call's argument g(c ? x : y) too: what it may
 * point into is one node, as for p = c ? x : y. */
static void uf_cond_visit(void *ctx, const Expr *e)
{
	if (e->kind != E_COND || !type_is_pointerish(e->type))
		return;
	int *roots, n = activity_roots(e, &roots);
	for (int i = 1; i < n; i++)
		((int *)ctx)[uf_find(ctx, roots[i])] = uf_find(ctx, roots[0]);
}

static void uf_stmt(int *parent, const Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			uf_stmt(parent, s->u.block.items[i]);
		break;
	case S_DECL:
		if (s->u.decl.init &&
		    type_is_pointerish(s->u.decl.init->type))
			uf_unite_expr(parent, s->u.decl.var, s->u.decl.init);
		/* double *rows[2] = { a, b } */
		for (int i = 0; i < s->u.decl.ninits; i++)
			if (type_is_pointerish(s->u.decl.inits[i]->type))
				uf_unite_expr(parent, s->u.decl.var,
					      s->u.decl.inits[i]);
		break;
	case S_ASSIGN:
		/* p += k moves p in its own data: k is an offset */
		if (s->u.assign.rhs && s->u.assign.op == A_SET &&
		    type_is_pointerish(s->u.assign.lhs->type)) {
			int r = activity_root(s->u.assign.lhs);
			if (r >= 0)
				uf_unite_expr(parent, r, s->u.assign.rhs);
		}
		break;
	case S_IF:
		uf_stmt(parent, s->u.ifs.then);
		uf_stmt(parent, s->u.ifs.els);
		break;
	case S_FOR:
		uf_stmt(parent, s->u.loop.init);
		uf_stmt(parent, s->u.loop.inc);
		uf_stmt(parent, s->u.loop.body);
		break;
	case S_WHILE: case S_DO:
		uf_stmt(parent, s->u.loop.body);
		break;
	case S_CHECKPOINT:
		uf_stmt(parent, s->u.ckpt.body);
		break;
	default:
		break;
	}
}

/* ---- expressions */

static int act_node_varied(const Activity *a, int var)
{
	return var >= 0 && a->varied[a->node[var]];
}

int activity_var_varied(const Activity *a, int var)
{
	return type_float_elem(a->f->vars[var]->type) &&
	       act_node_varied(a, var);
}


/* Does a call with a user rule get a derivative: an argument that is
 * active at one of the rule's active parameters? */
int activity_rule_any(const Activity *a, const CallRule *cr, const Expr *e)
{
	/* every rank must call an MPI helper's derivative (mpi.c) */
	if (cr->rule->mpi)
		return 1;
	for (int i = 0; i < e->u.call.nargs && i < cr->callee->nparams; i++)
		if (cr->active[i] && activity_arg_active(a, e->u.call.args[i]))
			return 1;
	return 0;
}

static int act_call_ret_varied(const Activity *a, const Expr *e)
{
	const CallRule *cr =
		e->u.call.fn < 0 ? userrules_call(e->u.call.name) : NULL;
	if (cr)
		return cr->ret_d && activity_rule_any(a, cr, e);
	if (e->u.call.fn >= 0) {
		Pattern *pat = activity_call_pattern(a, act_prog, e);
		Activity *callee = act_solve(pat);
		return callee->ret_varied;
	}
	/* second order: a floating value from the tape has a tangent there */
	if (a->f->generated && ir_rt_call(e) == RT_POP_F)
		return 1;
	if (!rules_find(e->u.call.name))
		return 0; /* refused by the check pass when an argument is active */
	for (int i = 0; i < e->u.call.nargs; i++)
		if (activity_expr_varied(a, e->u.call.args[i]))
			return 1;
	return 0;
}

int activity_expr_varied(const Activity *a, const Expr *e)
{
	if (!type_is_float(e->type))
		return 0;
	switch (e->kind) {
	case E_NUM: case E_GLOBAL:
		return 0;
	case E_VAR: case E_INDEX: case E_DEREF: case E_MEMBER:
		return act_node_varied(a, activity_root(e));
	case E_UNARY:
		return activity_expr_varied(a, e->u.un.e);
	case E_BINARY:
		return activity_expr_varied(a, e->u.bin.l) ||
		       activity_expr_varied(a, e->u.bin.r);
	case E_COND:
		return activity_expr_varied(a, e->u.cond.a) ||
		       activity_expr_varied(a, e->u.cond.b);
	case E_CAST:
		return activity_expr_varied(a, e->u.e);
	case E_CALL:
		return act_call_ret_varied(a, e);
	default:
		return 0;
	}
}

int activity_arg_active(const Activity *a, const Expr *e)
{
	if (type_is_pointerish(e->type) || e->type->kind == TY_STRUCT)
		return type_float_elem(e->type) &&
		       act_node_varied(a, activity_root(e));
	return activity_expr_varied(a, e);
}

/* A null pointer constant: (double *)0 is the null shadow that generated
 * code passes to a user-supplied derivative. */
static int act_null_ptr(const Expr *e)
{
	return e->kind == E_NUM && e->u.num.is_int && e->u.num.ival == 0;
}

Pattern *activity_call_pattern(const Activity *caller, const Program *p,
			       const Expr *call)
{
	const Func *g = p->funcs[call->u.call.fn];
	Pattern *pat = ARENA_NEW(Pattern);
	pat->fn = call->u.call.fn;
	pat->active = arena_alloc((size_t)g->nparams + 1);
	for (int i = 0; i < g->nparams && i < call->u.call.nargs; i++) {
		Type *t = g->vars[g->params[i]]->type;
		const Expr *arg = call->u.call.args[i];
		while (arg->kind == E_CAST)
			arg = arg->u.e;
		/* an optional output left out, h(x, NULL) next to h(x, &g):
		 * active as at the other calls, its shadow null too, which
		 * the callee reads where it reads the pointer, behind its
		 * own test of it */
		if (t->kind == TY_PTR && type_float_elem(t) &&
		    !type_is_readonly(t->base) && act_null_ptr(arg))
			pat->active[i] = 1;
		else if (caller->dead_local && arg->kind == E_VAR &&
			 caller->dead_local[arg->u.var]) {
			if (!pat->dead)
				pat->dead = arena_alloc((size_t)g->nparams + 1);
			pat->dead[i] = 1;
		} else if (type_float_elem(t))
			pat->active[i] = (unsigned char)activity_arg_active(
				caller, call->u.call.args[i]);
	}
	return pat;
}

Pattern *activity_request_pattern(const Program *p, const Request *r)
{
	const Func *f = p->funcs[r->fn];
	Pattern *pat = ARENA_NEW(Pattern);
	pat->fn = r->fn;
	pat->active = arena_alloc((size_t)f->nparams + 1);
	pat->force_ret = type_is_float(f->ret);
	for (int i = 0; i < f->nparams; i++) {
		const char *n = f->vars[f->params[i]]->name;
		for (int j = 0; j < r->nwrt; j++)
			if (strcmp(r->wrt[j], n) == 0)
				pat->active[i] = 1;
		for (int j = 0; j < r->nout; j++)
			if (strcmp(r->out[j], n) == 0)
				pat->active[i] = 1;
	}
	return pat;
}

int pattern_empty(const Pattern *pat, const Program *p)
{
	const Func *g = p->funcs[pat->fn];
	/* its communication must follow the other ranks' (mpi.c) */
	if (mpi_func_communicates(p, pat->fn))
		return 0;
	for (int i = 0; i < g->nparams; i++)
		if (pat->active[i])
			return 0;
	return !pat->force_ret;
}

int pattern_no_effect(Program *p, const Pattern *pat)
{
	if (pattern_empty(pat, p))
		return 1;
	const Func *g = p->funcs[pat->fn];
	if (pat->force_ret || type_is_float(g->ret) ||
	    type_is_pointerish(g->ret) || mpi_func_communicates(p, pat->fn))
		return 0;
	Activity *ga = activity_analyze(p, pat);
	if (!ga)
		return 0;
	for (int i = 0; i < g->nparams; i++)
		if (pat->active[i] && ga->written[ga->node[g->params[i]]])
			return 0;
	return 1;
}

/* ---- statements */

static void act_mark(Solver *s, int var, Loc at)
{
	if (var < 0 || s->check) /* the check pass only reports */
		return;
	int n = s->a->node[var];
	if (!s->a->varied[n]) {
		s->a->varied[n] = 1;
		s->a->varied_at[n] = at;
		s->changed = 1;
	}
}

/* Errors of the check pass are reported once per source position, even
 * when several patterns of one function reach the same statement. */
static int act_first_report(Loc at)
{
	static Loc *seen;
	static int nseen;
	for (int i = 0; i < nseen; i++)
		if (seen[i].line == at.line && seen[i].col == at.col &&
		    (seen[i].file == at.file ||
		     (seen[i].file && at.file &&
		      strcmp(seen[i].file, at.file) == 0)))
			return 0;
	Loc *grown = arena_alloc(sizeof(Loc) * (size_t)(nseen + 1));
	if (nseen)
		memcpy(grown, seen, sizeof(Loc) * (size_t)nseen);
	grown[nseen++] = at;
	seen = grown;
	return 1;
}

static int act_is_extern(const char *name)
{
	for (int i = 0; i < act_prog->nexterns; i++)
		if (strcmp(act_prog->externs[i]->name, name) == 0)
			return 1;
	return 0;
}

static void act_calls(Solver *s, const Expr *e);

/* Does a parameter of type t give the callee access to the caller's
 * storage: a pointer, or a struct whose pointer members the callee may
 * write through (a struct copy is merged with what it points to)? */
static int type_passes_storage(const Type *t)
{
	return type_is_pointerish(t) || t->kind == TY_STRUCT;
}

/* A pointer to a struct the translation unit only declares (an opaque
 * handle, as MPI_Comm in Open MPI): nothing behind it is the program's
 * to read, so a call that writes there changes nothing ckc follows. */
static int act_opaque(const Type *t)
{
	return t->kind == TY_PTR && t->base->kind == TY_STRUCT &&
	       !t->base->st->complete;
}

/* A call with a user rule (NAME, or F_b in generated code): what it may
 * write is every non-const pointer argument; when an argument is active at
 * an active parameter, the data of every active non-const pointer becomes
 * varied.  Derivatives cannot pass through the other parameters. */
static void act_rule_call(Solver *s, const CallRule *cr, const Expr *e)
{
	Activity *a = s->a;
	const Func *g = cr->callee;
	int any = activity_rule_any(a, cr, e);
	if (s->check && !mpi_check_rule_call(act_prog, cr->rule, e))
		return;
	if (any && e != s->top && s->check && act_first_report(e->loc)) {
		diag_error(e->loc,
			   "the call to '%s' cannot be differentiated here; "
			   "call it in a statement of its own (y = %s(...); "
			   "or %s(...);)",
			   e->u.call.name, e->u.call.name, e->u.call.name);
		return;
	}
	for (int i = 0; i < g->nparams && i < e->u.call.nargs; i++) {
		const Type *pt = g->vars[g->params[i]]->type;
		const Expr *arg = e->u.call.args[i];
		/* (in generated code, a value f_bwd pops counts as varied
		 * whatever it was in f, which the check of f has seen: a
		 * passive local passed to the rule, in f_b_d) */
		if (!cr->active[i] && s->check && !s->f->generated &&
		    activity_arg_active(a, arg) &&
		    act_first_report(arg->loc)) {
			const char *pn = g->vars[g->params[i]]->name;
			diag_error(arg->loc,
				   "a derivative would flow through argument %d%s%s%s "
				   "of '%s', which its ck_derivative does not "
				   "name in wrt(...) or out(...)",
				   i + 1, pn[0] ? " ('" : "", pn, pn[0] ? "')" : "",
				   cr->rule->name);
			continue;
		}
		if (pt->kind != TY_PTR || pt->base->is_const ||
		    act_opaque(pt) ||
		    (arg->kind == E_CAST && act_null_ptr(arg->u.e)))
			continue;
		int root = activity_root(arg);
		if (root >= 0)
			a->written[a->node[root]] =
				a->data_written[a->node[root]] = 1;
		if (!any || !cr->active[i] || !type_float_elem(pt->base))
			continue;
		if (root >= 0)
			act_mark(s, root, e->loc);
		else if (s->check && act_first_report(arg->loc))
			diag_error(arg->loc, "ckc cannot follow the derivative "
					     "'%s' writes through this argument; "
					     "pass a local or parameter array",
				   cr->rule->name);
	}
}

/* Is argument i of a call to an external function a pointer to
 * const data (by the function's declaration, else by the argument)? */
static int act_param_const(const Expr *call, int i)
{
	const Type *t = call->u.call.args[i]->type;
	for (int k = 0; k < act_prog->nexterns; k++) {
		const Func *g = act_prog->externs[k];
		if (!strcmp(g->name, call->u.call.name) && i < g->nparams)
			t = g->vars[g->params[i]]->type;
	}
	return t->kind == TY_PTR && t->base && t->base->is_const;
}

/* May a call to an external function of this kind write through (or
 * into what is behind) argument i? */
static int act_call_may_write(const Expr *call, int i, CallKind kind)
{
	const Type *t = call->u.call.args[i]->type;
	if (kind == CALL_OUTPUT || kind == CALL_PURE || kind == CALL_RULE ||
	    act_opaque(t))
		return 0;
	if (!type_passes_storage(t))
		return 0;
	return t->kind == TY_STRUCT || !act_param_const(call, i);
}

static int act_untyped_active(Solver *s, const Type *t, const Expr *e);

/* Does generated function g (or one it passes the data to) load values
 * from a snapshot into the data behind its parameter number i? */
typedef struct LoadsInto {
	const Func *g;
	int var, depth, hit;
} LoadsInto;

static int act_loads_into(const Func *g, int i, int depth);

static void act_loads_visit(void *ctx, const Expr *e)
{
	LoadsInto *l = ctx;
	if (l->hit || e->kind != E_CALL)
		return;
	RtCall k = ir_rt_call(e);
	if ((k == RT_LOAD || k == RT_LOAD_N) && e->u.call.nargs >= 2 &&
	    activity_root(e->u.call.args[1]) == l->var) {
		l->hit = 1;
		return;
	}
	if (e->u.call.fn < 0)
		return;
	const Func *h = act_prog->funcs[e->u.call.fn];
	for (int j = 0; j < e->u.call.nargs && j < h->nparams && !l->hit; j++)
		if (activity_root(e->u.call.args[j]) == l->var)
			l->hit = act_loads_into(h, j, l->depth + 1);
}

static int act_loads_into(const Func *g, int i, int depth)
{
	if (!g->generated || depth > 16)
		return 0;
	LoadsInto l = { g, g->params[i], depth, 0 };
	ir_walk_stmt(g->body, act_loads_visit, &l);
	return l.hit;
}

static int act_global_root(const Expr *e);

/* Argument arg of a call to g, for g's parameter pv, which the callee
 * stores derivatives into: refused when it is a global's data (the
 * callee's own check would blame pv, which no pragma can name). */
static void act_global_arg(const Expr *arg, const Func *g, int pv)
{
	int gl = act_global_root(arg);
	if (gl < 0 || !act_first_report(arg->loc))
		return;
	diag_error(arg->loc,
		   "a derivative would flow into global variable '%s' through "
		   "parameter '%s' of '%s', which ckc does not support; keep "
		   "the global inactive or pass the data as a parameter",
		   act_prog->globals[gl]->name, g->vars[pv]->name,
		   g->src_name ? g->src_name : g->name);
}

static void act_call(Solver *s, const Expr *e)
{
	Activity *a = s->a;
	const CallRule *cr =
		e->u.call.fn < 0 ? userrules_call(e->u.call.name) : NULL;
	if (cr) {
		act_rule_call(s, cr, e);
		return;
	}
	if (e->u.call.fn >= 0) {
		const Func *g = act_prog->funcs[e->u.call.fn];
		/* second order: f_bwd's copy of a struct (local, or on the
		 * heap) starts without the values f had, but a callee's
		 * checkpoint loads them, with their tangents, into it: the
		 * callee then needs its tangent as f_fwd's callee had */
		for (int i = 0;
		     s->f->generated && i < g->nparams && i < e->u.call.nargs;
		     i++) {
			Type *pt = g->vars[g->params[i]]->type;
			if (pt->kind == TY_PTR &&
			    pt->base->kind == TY_STRUCT &&
			    type_float_elem(pt) && act_loads_into(g, i, 0))
				act_mark(s, activity_root(e->u.call.args[i]),
					 e->loc);
		}
		Activity *callee = act_solve(activity_call_pattern(a, act_prog, e));

		for (int i = 0; i < g->nparams && i < e->u.call.nargs; i++) {
			int pv = g->params[i];
			if (act_untyped_active(s, g->vars[pv]->type,
					       e->u.call.args[i]))
				diag_error(
					e->u.call.args[i]->loc,
					"this argument points to active "
					"data, but parameter '%s' of '%s' "
					"holds no floating-point data (a "
					"void or char pointer), through "
					"which ckc follows no derivatives; "
					"give the parameter the type of the "
					"data it points to",
					g->vars[pv]->name,
					g->src_name ? g->src_name : g->name);
			if (!type_passes_storage(g->vars[pv]->type))
				continue;
			int root = activity_root(e->u.call.args[i]);
			int cn = callee->node[pv];
			if (root >= 0 && callee->written[cn])
				a->written[a->node[root]] = 1;
			if (root >= 0 && callee->data_written[cn])
				a->data_written[a->node[root]] = 1;
			if (!callee->varied[cn] ||
			    !type_float_elem(g->vars[pv]->type))
				continue;
			act_mark(s, root, e->loc);
			if (root < 0 && s->check)
				act_global_arg(e->u.call.args[i], g, pv);
		}
		return;
	}
	if (s->f->generated && ir_rt_call(e) != RT_NONE) {
		/* second order: a snapshot's values come back with their
		 * tangents (the saves store zeros for values without one) */
		RtCall k = ir_rt_call(e);
		if ((k == RT_LOAD || k == RT_LOAD_N || k == RT_POP_N) &&
		    e->u.call.nargs >= 2) {
			int root = activity_root(e->u.call.args[1]);
			if (root >= 0) {
				a->written[a->node[root]] =
					a->data_written[a->node[root]] = 1;
				/* pointer parameters keep their pattern's
				 * activity, the same in both sweeps */
				const Var *x = s->f->vars[root];
				if (type_float_elem(x->type) &&
				    !(x->kind == VAR_PARAM &&
				      type_is_pointerish(x->type)) &&
				    x->handed != 2)
					act_mark(s, root, e->loc);
			}
		}
		return;
	}
	CallKind kind = calls_kind(act_prog, e);
	if (kind == CALL_RULE || alloc_find(e))
		return;
	/* MPI calls that move floating data and have no helper: refused
	 * whatever this rank's activity, since another rank's may differ */
	if (kind == CALL_MPI && s->check && !mpi_check_call(e))
		return;
	for (int i = 0; i < e->u.call.nargs; i++) {
		const Expr *arg = e->u.call.args[i];
		int root = activity_root(arg);
		int writes = act_call_may_write(e, i, kind);
		/* what the call writes changes: the reverse sweep must not
		 * read it again later (to-be-recorded analysis) */
		if (writes && root >= 0)
			a->written[a->node[root]] =
				a->data_written[a->node[root]] = 1;
		/* isfinite(x), isless(a, b): an integer of values */
		int int_of_values = kind == CALL_PURE &&
				    !type_is_float(e->type) &&
				    !type_is_pointerish(arg->type);
		if (!s->check || !activity_arg_active(a, arg) ||
		    kind == CALL_OUTPUT ||
		    (kind == CALL_INACTIVE && !writes) || int_of_values ||
		    !act_first_report(e->loc))
			continue;
		if (kind == CALL_INACTIVE)
			diag_error(arg->loc,
				   "the ck_inactive function '%s' may write "
				   "into active data here, and ckc cannot tell "
				   "which values it overwrites; pass it storage "
				   "that holds no active data%s",
				   e->u.call.name,
				   type_is_pointerish(arg->type) &&
						   !act_param_const(e, i)
					   ? " (or declare the parameter "
					     "const if it only reads)"
					   : "");
		else if (act_is_extern(e->u.call.name))
			diag_error(e->loc,
				   "no definition of '%s' in this file; give "
				   "its derivative with `#pragma ck_derivative "
				   "%s ...`, or mark it `ck_inactive`",
				   e->u.call.name, e->u.call.name);
		else if (calls_out_math(e))
			diag_error(
				e->loc,
				"'%s' writes through a pointer, which ckc "
				"differentiates only where it can call it in "
				"a statement of its own: not in a for loop's "
				"increment, nor in an arm of a ?: of integers "
				"or pointers; call it in a statement of its "
				"own",
				e->u.call.name);
		else
			diag_error(e->loc,
				   "no derivative rule for '%s'; it may only "
				   "be called on inactive values",
				   e->u.call.name);
		break;
	}
}

static void act_calls(Solver *s, const Expr *e)
{
	if (!e)
		return;
	switch (e->kind) {
	case E_UNARY:
		act_calls(s, e->u.un.e);
		break;
	case E_BINARY:
		act_calls(s, e->u.bin.l);
		act_calls(s, e->u.bin.r);
		break;
	case E_COND:
		act_calls(s, e->u.cond.c);
		act_calls(s, e->u.cond.a);
		act_calls(s, e->u.cond.b);
		break;
	case E_CALL:
		for (int i = 0; i < e->u.call.nargs; i++)
			act_calls(s, e->u.call.args[i]);
		act_call(s, e);
		break;
	case E_INDEX:
		act_calls(s, e->u.index.base);
		act_calls(s, e->u.index.idx);
		break;
	case E_MEMBER:
		act_calls(s, e->u.mem.base);
		break;
	case E_CAST:
		/* a pointer to floating data made from an integer: no way to
		 * know what it points into */
		if (s->check && e->type->kind == TY_PTR &&
		    type_float_elem(e->type) &&
		    !type_is_pointerish(e->u.e->type) &&
		    !act_null_ptr(e->u.e) && /* ((double *)0: NULL) */
		    act_first_report(e->loc))
			diag_error(e->loc, "ckc cannot follow derivatives through "
					   "a pointer made from an integer; use "
					   "pointer arithmetic on the array instead");
		act_calls(s, e->u.e);
		break;
	case E_DEREF: case E_ADDR:
		act_calls(s, e->u.e);
		break;
	default:
		break;
	}
}

/* Is lvalue lv in the storage of a struct variable itself: a member (or
 * an element of an array member) of a struct, or of an element of an
 * array of structs, that a variable holds, P.n, S[i].a[k]? */
static int act_struct_own(const Expr *lv)
{
	int member = 0;
	while (lv->kind == E_MEMBER || lv->kind == E_INDEX) {
		if (lv->kind == E_MEMBER) {
			member = 1;
			lv = lv->u.mem.base;
		} else {
			if (lv->u.index.base->type->kind != TY_ARRAY)
				return 0; /* through a pointer */
			lv = lv->u.index.base;
		}
	}
	return member && lv->kind == E_VAR;
}

/* A store of value (varied or not) into lvalue lhs. */
/* The stores of derivatives into each global that the check pass met in
 * the function (a count per global, the first one's place): one error
 * each, and a note counting the rest (act_global_flush). */
static int *act_gstores;
static Loc *act_gfirst;

static int act_global_repeat(int g, Loc at)
{
	if (!act_gstores)
		return 0;
	if (act_gstores[g]++ == 0)
		act_gfirst[g] = at;
	return act_gstores[g] > 1;
}

static void act_global_flush(const Func *f)
{
	for (int g = 0; act_gstores && g < act_prog->nglobals; g++)
		if (act_gstores[g] > 1)
			diag_note(
				act_gfirst[g],
				"%d more store%s into '%s' like this in '%s' "
				"not shown",
				act_gstores[g] - 1,
				act_gstores[g] > 2 ? "s" : "",
				act_prog->globals[g]->name,
				f->src_name ? f->src_name : f->name);
	act_gstores = NULL;
	act_gfirst = NULL;
}

/* Does pointer type t point to integers other than chars (const int
 * *idx)?  A floating store reaches such data only where one node holds
 * both, as the pointer members of one struct do (struct { const int
 * *idx; double *val; }). */
static int act_int_data(const Type *t)
{
	const Type *b = t->base;
	return b && b->kind == TY_INT && b->name && !strstr(b->name, "char");
}

/* A struct variable of node n (or a pointer to one) with a member that
 * points to floating data: the struct that joined n's pointers, or -1. */
static int act_joining_struct(const Solver *s, int n)
{
	for (int v = 0; v < s->f->nvars; v++) {
		const Type *t = s->f->vars[v]->type;
		while (t->kind == TY_PTR || t->kind == TY_ARRAY)
			t = t->base;
		if (s->a->node[v] != n || t->kind != TY_STRUCT || !t->st)
			continue;
		for (int k = 0; k < t->st->nfields; k++)
			if (t->st->fields[k].type->kind == TY_PTR &&
			    type_float_elem(t->st->fields[k].type))
				return v;
	}
	return -1;
}

static void act_store(Solver *s, const Expr *lhs, int varied, Loc at)
{
	int root = activity_root(lhs);
	/* assigning a pointer variable moves it; the data stays unwritten
	 * (a pointer member is part of its struct's storage) */
	if (root >= 0 && (!type_is_pointerish(lhs->type) || lhs->kind != E_VAR))
		s->a->written[s->a->node[root]] = 1;
	/* (a member of a struct variable, P.n = n, P.col = col, is the
	 * struct's own storage, not the data its pointers point to) */
	if (root >= 0 && !act_struct_own(lhs) &&
	    (!type_is_pointerish(lhs->type) || lhs->kind != E_VAR))
		s->a->data_written[s->a->node[root]] = 1;
	if (!varied || !type_is_float(lhs->type))
		return;
	if (root >= 0 && s->check && !s->f->generated) {
		/* into the data behind a void or char pointer parameter
		 * (double *p = (double *)params; p[0] = x[0]): the caller
		 * passes it without derivatives */
		for (int i = 0; i < s->f->nparams; i++) {
			int w = s->f->params[i];
			const Var *x = s->f->vars[w];
			if (x->type->kind != TY_PTR ||
			    type_float_elem(x->type) ||
			    s->a->node[w] != s->a->node[root] ||
			    !act_first_report(at))
				continue;
			int sv = act_int_data(x->type)
					 ? act_joining_struct(s, s->a->node[w])
					 : -1;
			if (sv >= 0) {
				diag_error(at,
					   "a derivative would flow into the "
					   "data behind '%s', which ckc takes "
					   "for the data of '%s': struct '%s' "
					   "holds pointers to both, and ckc "
					   "does not tell a struct's pointer "
					   "members apart yet; keep the "
					   "integers' pointer out of that "
					   "struct, or pass the pointers as "
					   "arguments of their own",
					   x->name, s->f->vars[root]->name,
					   s->f->vars[sv]->name);
				return;
			}
			diag_error(at,
				   "a derivative would flow into the data "
				   "behind '%s', whose type holds no "
				   "floating-point data (a void or char "
				   "pointer), through which ckc follows no "
				   "derivatives; give the parameter the type "
				   "of the data it points to",
				   x->name);
			return;
		}
	}
	if (root >= 0) {
		act_mark(s, root, at);
	} else if (s->check && act_first_report(at)) {
		const Expr *b = lhs;
		while (b->kind == E_INDEX || b->kind == E_MEMBER)
			b = b->kind == E_INDEX ? b->u.index.base
					       : b->u.mem.base;
		if (b->kind == E_GLOBAL && act_global_repeat(b->u.global, at))
			return;
		if (b->kind == E_GLOBAL)
			diag_error(
				at,
				"a derivative would flow into global "
				"variable '%s', which ckc does not support; "
				"keep it inactive or pass the data as a "
				"parameter (a global that one function "
				"overwrites whole before reading it, and that "
				"only it and helpers it alone calls use, is "
				"scratch and may carry derivatives: the first "
				"statement of that function that mentions it "
				"assigns all of it, as a counted loop over "
				"its whole length, a memcpy or memset, or "
				"stores to each element by constant indices)",
				act_prog->globals[b->u.global]->name);
		else
			diag_error(at,
				   "a derivative would flow into a global "
				   "variable, which ckc does not support; "
				   "keep globals inactive or pass the data "
				   "as a parameter");
	}
}

/* Does a value of type t hold a pointer (in a member, an element)? */
static int act_holds_pointer(const Type *t)
{
	switch (t->kind) {
	case TY_PTR:
		return 1;
	case TY_ARRAY:
		return act_holds_pointer(t->base);
	case TY_STRUCT:
		for (int i = 0; t->st && i < t->st->nfields; i++)
			if (act_holds_pointer(t->st->fields[i].type))
				return 1;
		return 0;
	default:
		return 0;
	}
}

/* p = malloc(...) into varied storage: its shadow buffer starts zeroed,
 * which is no shadow for elements that hold pointers (a shadow's pointers
 * point to the shadows of the primal's). */
static void act_check_alloc(Solver *s, const Type *pt, const Expr *rhs, Loc at)
{
	const AllocRule *r = rhs ? alloc_find(rhs) : NULL;
	if (!s->check || !r || r->kind == ALLOC_FREE || !r->user ||
	    pt->kind != TY_PTR || !type_float_elem((Type *)pt))
		return;
	at = alloc_call_of(rhs)->loc;
	if (act_holds_pointer(pt->base) && act_first_report(at))
		diag_error(at, "ckc cannot make the shadow of a buffer whose "
			       "elements hold pointers yet; allocate the arrays "
			       "of floating data separately");
}

/* May pointer expression e point into varied storage? */
static int act_points_varied(const Activity *a, const Expr *e)
{
	int *roots, n = activity_roots(e, &roots);
	for (int i = 0; i < n; i++)
		if (activity_var_varied(a, roots[i]))
			return 1;
	return 0;
}

/* Does pointer value e, casts aside, point to active data (floating data
 * or structs holding it) that a variable or parameter of type t, which
 * holds no floating data (void *, char *), would carry on?  ckc follows
 * no derivative through such a pointer, so the check pass refuses it. */
static int act_untyped_active(Solver *s, const Type *t, const Expr *e)
{
	if (!s->check || s->f->generated || !e || !type_is_pointerish(t) ||
	    type_float_elem((Type *)t))
		return 0;
	while (e->kind == E_CAST && type_is_pointerish(e->u.e->type))
		e = e->u.e;
	return type_is_pointerish(e->type) && type_float_elem(e->type) &&
	       act_points_varied(s->a, e) && act_first_report(e->loc);
}

/* A store of pointer value e into lvalue lhs (an element of an array of
 * pointers, not a struct's member) or into an element of array variable
 * v's initializer list (lhs NULL): ckc keeps no shadow of pointers held
 * in memory, so one to active data is refused. */
static void act_check_ptr_store(Solver *s, int v, const Expr *lhs,
				const Expr *e, Loc at)
{
	if (!s->check || s->f->generated || v < 0 || !e)
		return;
	while (e->kind == E_CAST && type_is_pointerish(e->u.e->type))
		e = e->u.e; /* *dst = (void *)x */
	if (!type_is_pointerish(e->type) || !type_float_elem(e->type))
		return;
	const Type *t = lhs ? lhs->type : s->f->vars[v]->type;
	while (!lhs && t->kind == TY_ARRAY)
		t = t->base;
	if (!type_is_pointerish(t) || (lhs && lhs->kind == E_VAR))
		return;
	for (const Expr *l = lhs; l; l = l->kind == E_INDEX   ? l->u.index.base
					 : l->kind == E_DEREF ? l->u.e
							      : NULL)
		if (l->kind == E_MEMBER)
			return; /* m.data = p: the shadow's member (tangent.c) */
	if (!act_points_varied(s->a, e) || !act_first_report(at))
		return;
	if (s->f->vars[v]->type->kind == TY_ARRAY)
		diag_error(at,
			   "'%s' holds pointers to active data in memory (an "
			   "array of pointers), which ckc does not support "
			   "yet; index the arrays themselves, or keep one "
			   "pointer variable per array",
			   s->f->vars[v]->name);
	else
		diag_error(at,
			   "this stores a pointer to active data in memory, "
			   "through '%s', which ckc does not support yet; "
			   "keep the pointer in a variable, or pass the data "
			   "itself",
			   s->f->vars[v]->name);
}

/* A store of pointer value e into a global (gp = x, W.p = x, G[k] = x):
 * generated code would read through the global, which has no shadow, so
 * one to active data is refused. */
static void act_check_global_ptr(Solver *s, const Expr *lhs, const Expr *e,
				 Loc at)
{
	if (!s->check || s->f->generated || !e)
		return;
	const Expr *b = lhs;
	while (b->kind == E_INDEX || b->kind == E_MEMBER)
		b = b->kind == E_INDEX ? b->u.index.base : b->u.mem.base;
	if (b->kind != E_GLOBAL)
		return;
	while (e->kind == E_CAST && type_is_pointerish(e->u.e->type))
		e = e->u.e;
	if (!type_is_pointerish(e->type) || !type_float_elem(e->type) ||
	    !act_points_varied(s->a, e) || !act_first_report(at))
		return;
	diag_error(at,
		   "this points the global '%s' to active data, which ckc "
		   "does not support: the derivative code would read "
		   "through the global, which has no derivatives; pass the "
		   "pointer as a parameter",
		   act_prog->globals[b->u.global]->name);
}

/* The declaration or assignment of pointer variable v from e. */
static void act_check_untyped(Solver *s, int v, const Expr *e, Loc at)
{
	if (v >= 0 && act_untyped_active(s, s->f->vars[v]->type, e))
		diag_error(at,
			   "'%s' points to active data here, but its type "
			   "holds no floating-point data (a void or char "
			   "pointer), through which ckc follows no "
			   "derivatives; give it the type of the data it "
			   "points to",
			   s->f->vars[v]->name);
}

static void act_stmt(Solver *s, const Stmt *st)
{
	if (!st)
		return;
	Activity *a = s->a;
	switch (st->kind) {
	case S_BLOCK:
		for (int i = 0; i < st->u.block.n; i++)
			act_stmt(s, st->u.block.items[i]);
		break;
	case S_DECL: {
		int v = st->u.decl.var;
		int varied = 0;
		s->top = st->u.decl.init;
		act_calls(s, st->u.decl.init);
		s->top = NULL;
		if (st->u.decl.init)
			varied = activity_expr_varied(a, st->u.decl.init);
		/* second order: a block of the tape comes back with its
		 * tangents (tangent.c) */
		if (s->f->generated && ir_block_call(st->u.decl.init) == 2)
			varied = 1;
		for (int i = 0; i < st->u.decl.ninits; i++) {
			act_calls(s, st->u.decl.inits[i]);
			varied |= activity_expr_varied(a, st->u.decl.inits[i]);
		}
		if (varied && type_float_elem(s->f->vars[v]->type))
			act_mark(s, v, st->loc);
		act_check_untyped(s, v, st->u.decl.init, st->loc);
		for (int i = 0; i < st->u.decl.ninits; i++)
			act_check_ptr_store(s, v, NULL, st->u.decl.inits[i],
					    st->loc);
		if (activity_var_varied(a, v))
			act_check_alloc(s, s->f->vars[v]->type, st->u.decl.init,
					st->loc);
		break;
	}
	case S_ASSIGN: {
		const Expr *lhs = st->u.assign.lhs, *rhs = st->u.assign.rhs;
		act_calls(s, lhs);
		if (st->u.assign.op == A_SET)
			s->top = rhs;
		act_calls(s, rhs);
		s->top = NULL;
		act_store(s, lhs, rhs && activity_expr_varied(a, rhs), st->loc);
		if (lhs->kind == E_VAR)
			act_check_untyped(s, lhs->u.var, rhs, st->loc);
		else if (lhs->kind == E_MEMBER &&
			 act_untyped_active(s, lhs->type, rhs))
			/* b.bytes = (const char *)x, a struct's void or char
			 * pointer member */
			diag_error(
				st->loc,
				"member '%s' points to active data here, "
				"but its type holds no floating-point data "
				"(a void or char pointer), through which ckc "
				"follows no derivatives; give it the type "
				"of the data it points to",
				lhs->u.mem.base->type->st
					->fields[lhs->u.mem.field]
					.name);
		else if (st->u.assign.op == A_SET)
			act_check_ptr_store(s, activity_root(lhs), lhs, rhs,
					    st->loc);
		if (st->u.assign.op == A_SET)
			act_check_global_ptr(s, lhs, rhs, st->loc);
		if (activity_root(lhs) >= 0 &&
		    activity_var_varied(a, activity_root(lhs)))
			act_check_alloc(s, lhs->type, rhs, st->loc);
		break;
	}
	case S_EXPR:
		s->top = st->u.expr;
		act_calls(s, st->u.expr);
		s->top = NULL;
		break;
	case S_RETURN:
		act_calls(s, st->u.expr);
		/* a pointer result into active data (a buffer f allocates, or
		 * a pointer into an argument) would need a shadow result */
		if (s->check && st->u.expr && st->u.expr->type->kind == TY_PTR &&
		    type_float_elem(st->u.expr->type) &&
		    act_points_varied(a, st->u.expr) && act_first_report(st->loc))
			diag_error(st->loc, "'%s' returns a pointer to active "
					    "data, which ckc cannot differentiate "
					    "yet; let the caller pass the buffer "
					    "as a parameter",
				   s->f->name);
		if (st->u.expr && activity_expr_varied(a, st->u.expr) &&
		    !a->ret_varied && !a->pat->drop_ret && !s->check) {
			a->ret_varied = 1;
			s->changed = 1;
		}
		break;
	case S_IF:
		act_calls(s, st->u.ifs.cond);
		act_stmt(s, st->u.ifs.then);
		act_stmt(s, st->u.ifs.els);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		act_stmt(s, st->u.loop.init);
		act_calls(s, st->u.loop.cond);
		act_stmt(s, st->u.loop.inc);
		act_stmt(s, st->u.loop.body);
		break;
	case S_CHECKPOINT:
		act_stmt(s, st->u.ckpt.body);
		break;
	default:
		break;
	}
}

/* ---- usefulness
 *
 * A value is useful when it may reach an output.  Scalar variables that are
 * varied but useless need no tangent; everything else (data behind pointers,
 * arrays, parameters, arguments of calls) is kept useful, which is safe.
 * Backward and flow-insensitive: a scalar is useful when it is read by a
 * store into useful storage, a return, or a call argument.  Conditions do
 * not count: control flow carries no derivative. */

typedef struct Useful {
	Activity *a;
	unsigned char *useful; /* node -> useful */
	unsigned char *prunable; /* node -> a lone scalar that may be pruned */
	int changed;
} Useful;

static void use_reads(Useful *u, const Expr *e)
{
	if (!e)
		return;
	switch (e->kind) {
	case E_VAR: {
		int n = u->a->node[e->u.var];
		if (!u->useful[n]) {
			u->useful[n] = 1;
			u->changed = 1;
		}
		break;
	}
	case E_UNARY:
		use_reads(u, e->u.un.e);
		break;
	case E_BINARY:
		use_reads(u, e->u.bin.l);
		use_reads(u, e->u.bin.r);
		break;
	case E_COND:
		use_reads(u, e->u.cond.a);
		use_reads(u, e->u.cond.b);
		break;
	case E_CALL:
		for (int i = 0; i < e->u.call.nargs; i++)
			use_reads(u, e->u.call.args[i]);
		break;
	case E_INDEX:
		use_reads(u, e->u.index.base);
		break;
	case E_MEMBER:
		use_reads(u, e->u.mem.base);
		break;
	case E_DEREF: case E_ADDR: case E_CAST:
		use_reads(u, e->u.e);
		break;
	default:
		break;
	}
}

/* Calls anywhere (also in conditions, and in stores into useless
 * scalars) still pass arguments that they may write or read for outputs;
 * math.h functions only compute their value. */
static void use_call_args(Useful *u, const Expr *e)
{
	if (!e)
		return;
	switch (e->kind) {
	case E_UNARY:
		use_call_args(u, e->u.un.e);
		break;
	case E_BINARY:
		use_call_args(u, e->u.bin.l);
		use_call_args(u, e->u.bin.r);
		break;
	case E_COND:
		use_call_args(u, e->u.cond.c);
		use_call_args(u, e->u.cond.a);
		use_call_args(u, e->u.cond.b);
		break;
	case E_CALL:
		for (int i = 0; i < e->u.call.nargs; i++) {
			if (rules_find(e->u.call.name))
				use_call_args(u, e->u.call.args[i]);
			else
				use_reads(u, e->u.call.args[i]);
		}
		break;
	default:
		break;
	}
}

/* A store of rhs into the storage of root (or a global when root < 0). */
static void use_store(Useful *u, int root, const Expr *rhs)
{
	use_call_args(u, rhs);
	if (root < 0 || !u->prunable[u->a->node[root]] ||
	    u->useful[u->a->node[root]])
		use_reads(u, rhs);
}

static void use_stmt(Useful *u, const Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		/* last statement first: usefulness flows backwards, so a
		 * chain t1 = x; t2 = t1; ... settles in one pass, not one
		 * pass per link */
		for (int i = s->u.block.n - 1; i >= 0; i--)
			use_stmt(u, s->u.block.items[i]);
		break;
	case S_DECL:
		use_store(u, s->u.decl.var, s->u.decl.init);
		for (int i = 0; i < s->u.decl.ninits; i++)
			use_store(u, s->u.decl.var, s->u.decl.inits[i]);
		break;
	case S_ASSIGN:
		use_call_args(u, s->u.assign.lhs);
		use_store(u, activity_root(s->u.assign.lhs), s->u.assign.rhs);
		break;
	case S_EXPR:
		use_reads(u, s->u.expr);
		break;
	case S_RETURN:
		if (u->a->pat->drop_ret)
			use_call_args(u, s->u.expr);
		else
			use_reads(u, s->u.expr);
		break;
	case S_IF:
		use_call_args(u, s->u.ifs.cond);
		use_stmt(u, s->u.ifs.then);
		use_stmt(u, s->u.ifs.els);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		use_call_args(u, s->u.loop.cond);
		use_stmt(u, s->u.loop.inc);
		use_stmt(u, s->u.loop.body);
		use_stmt(u, s->u.loop.init);
		break;
	case S_CHECKPOINT:
		use_stmt(u, s->u.ckpt.body);
		break;
	default:
		break;
	}
}

/* Clears the varied bit of lone local scalars that reach no output. */
static void act_prune_useless(Activity *a, const Func *f)
{
	size_t nv = (size_t)f->nvars + 1;
	Useful u;
	u.a = a;
	u.useful = arena_alloc(nv);
	u.prunable = arena_alloc(nv);
	int *members = arena_alloc(sizeof(int) * nv);
	for (int i = 0; i < f->nvars; i++)
		members[a->node[i]]++;
	for (int i = 0; i < f->nvars; i++) {
		const Var *v = f->vars[i];
		u.prunable[i] = v->kind == VAR_LOCAL && type_is_float(v->type) &&
				a->node[i] == i && members[i] == 1;
	}
	/* a dead parameter's data: the caller never reads it, and f only
	 * stores into it (act_dead_locals), so it is never useful */
	for (int i = 0; a->pat->dead && i < f->nparams; i++) {
		int pv = f->params[i];
		if (a->pat->dead[i] && a->node[pv] == pv && members[pv] == 1)
			u.prunable[pv] = 1;
	}
	/* Ends: a pass that changes nothing stops it, and each other pass
	 * sets at least one of the nvars useful bits, never cleared. */
	do {
		u.changed = 0;
		use_stmt(&u, f->body);
	} while (u.changed);
	for (int i = 0; i < f->nvars; i++)
		if (u.prunable[i] && !u.useful[i])
			a->varied[i] = 0;
}

/* ---- locals whose values nothing reads
 *
 * In f_bwd, a checkpoint's recomputation runs the region's forward sweep
 * again for what that sweep tapes; the region's outputs land in locals of
 * f_bwd that nothing reads afterwards (the reverse sweep reads the tape).
 * f_b_d, the tangent of f_bwd, needs no tangent of them.  A local array
 * is dead when its every mention is an argument, by itself, for a pointer
 * parameter that the callee only stores through: g[k] = e, with no other
 * mention of the parameter (not in k or e, not passed on, not copied, not
 * pushed).  Such a call's pattern marks the parameter dead (Pattern.dead):
 * inactive, and the callee's usefulness analysis prunes what reaches only
 * that parameter's data, as for a useless local scalar.  Only generated
 * functions (the sweeps that f_b_d differentiates) are searched, with
 * usefulness on; a function with OpenMP loops or checkpoint statements
 * (which name variables outside expressions) is left alone. */

typedef struct Mentions {
	int var;
	int all;  /* E_VAR nodes of var */
	int good; /* of those, the array of a store g[k] = e */
} Mentions;

static void men_count(void *ctx, const Expr *e)
{
	Mentions *m = ctx;
	if (e->kind == E_VAR && e->u.var == m->var)
		m->all++;
}

/* g[k] = e through parameter m->var */
static void men_store(void *ctx, const Stmt *s)
{
	Mentions *m = ctx;
	if (s->kind != S_ASSIGN || s->u.assign.op != A_SET ||
	    !s->u.assign.rhs)
		return;
	const Expr *l = s->u.assign.lhs;
	if (l->kind == E_INDEX && l->u.index.base->kind == E_VAR &&
	    l->u.index.base->u.var == m->var)
		m->good++;
}

static void names_outside_visit(void *ctx, const Stmt *s)
{
	if (s->kind == S_CHECKPOINT || (s->kind == S_FOR && s->u.loop.omp))
		*(int *)ctx = 1;
}

/* Does body hold an OpenMP loop or a checkpoint statement, which name
 * variables outside expressions? */
static int act_names_outside_exprs(const Stmt *body)
{
	int any = 0;
	ir_visit_stmts(body, names_outside_visit, &any);
	return any;
}

/* Does g only store through its parameter i (a pointer to floating
 * scalars)?  Memoized per function (its body does not change while
 * f_b_d is made). */
static int act_param_write_only(const Func *g, int i)
{
	static const Func **fs;
	static signed char **known; /* per parameter: -1 unknown, 0, 1 */
	static int nfs, nknown;
	int k = 0;
	while (k < nfs && fs[k] != g)
		k++;
	if (k == nfs) {
		signed char *kn = arena_alloc((size_t)g->nparams + 1);
		memset(kn, -1, (size_t)g->nparams + 1);
		VEC_PUSH(fs, nfs, g);
		VEC_PUSH(known, nknown, kn);
	}
	if (known[k][i] >= 0)
		return known[k][i];
	const Type *t = g->vars[g->params[i]]->type;
	int r = 0;
	if (t->kind == TY_PTR && type_is_float(t->base) &&
	    !t->base->is_const && !act_names_outside_exprs(g->body)) {
		Mentions m = { g->params[i], 0, 0 };
		ir_walk_stmt(g->body, men_count, &m);
		ir_visit_stmts(g->body, men_store, &m);
		r = m.all == m.good;
	}
	known[k][i] = (signed char)r;
	return r;
}

/* Counts, per variable, its E_VAR nodes (all) and those that are an
 * argument by itself for a parameter its callee only stores through
 * (good). */
typedef struct ArgCount {
	const Program *p;
	const Func *f;
	int *all, *good;
} ArgCount;

static void ac_count(void *ctx, const Expr *e)
{
	ArgCount *c = ctx;
	if (e->kind == E_VAR) {
		c->all[e->u.var]++;
		return;
	}
	if (e->kind != E_CALL || e->u.call.fn < 0)
		return;
	const Func *g = c->p->funcs[e->u.call.fn];
	for (int i = 0; i < e->u.call.nargs && i < g->nparams; i++) {
		const Expr *a = e->u.call.args[i];
		if (a->kind == E_VAR &&
		    c->f->vars[a->u.var]->type->kind == TY_ARRAY &&
		    act_param_write_only(g, i))
			c->good[a->u.var]++;
	}
}

/* Sets a->dead_local for f's dead local arrays (above). */
static void act_dead_locals(Activity *a, const Func *f)
{
	if (!f->generated || !act_useful || !act_enabled ||
	    act_names_outside_exprs(f->body))
		return;
	size_t nv = (size_t)f->nvars + 1;
	int *members = scratch_alloc(sizeof(int) * nv);
	ArgCount c = { act_prog, f, scratch_alloc(sizeof(int) * nv),
		       scratch_alloc(sizeof(int) * nv) };
	for (int v = 0; v < f->nvars; v++)
		members[a->node[v]]++;
	ir_walk_stmt(f->body, ac_count, &c);
	for (int v = 0; v < f->nvars; v++) {
		const Var *x = f->vars[v];
		if (x->kind != VAR_LOCAL || x->type->kind != TY_ARRAY ||
		    !type_is_float(x->type->base) || a->node[v] != v ||
		    members[v] != 1 || !c.all[v] || c.all[v] != c.good[v])
			continue;
		if (!a->dead_local)
			a->dead_local = arena_alloc(nv);
		a->dead_local[v] = 1;
	}
	free(members);
	free(c.all);
	free(c.good);
}

/* ---- the analysis */

int pattern_same(const Pattern *x, const Pattern *y, int nparams)
{
	if (x->fn != y->fn || x->force_ret != y->force_ret ||
	    x->drop_ret != y->drop_ret ||
	    memcmp(x->active, y->active, (size_t)nparams) != 0)
		return 0;
	for (int i = 0; i < nparams; i++)
		if ((x->dead && x->dead[i]) != (y->dead && y->dead[i]))
			return 0;
	return 1;
}

static int pattern_equal(const Pattern *x, const Pattern *y)
{
	return pattern_same(x, y, act_prog->funcs[x->fn]->nparams);
}

static Memo *act_memo(const Pattern *pat)
{
	for (int i = 0; i < act_nmemos; i++)
		if (pattern_equal(&act_memos[i]->pat, pat))
			return act_memos[i];
	return NULL;
}

static Activity *act_solve(const Pattern *pat)
{
	Memo *m = act_memo(pat);
	if (m) {
		ck_assert(m->a); /* recursion is refused by the front end */
		return m->a;
	}
	m = ARENA_NEW(Memo);
	m->pat = *pat;
	ARENA_PUSH(act_memos, act_nmemos, m);

	Func *f = act_prog->funcs[pat->fn];
	size_t nv = (size_t)f->nvars + 1;
	Activity *a = ARENA_NEW(Activity);
	a->f = f;
	a->pat = &m->pat;
	a->node = arena_alloc(sizeof(int) * nv);
	a->varied = arena_alloc(nv);
	a->written = arena_alloc(nv);
	a->data_written = arena_alloc(nv);
	a->varied_at = arena_alloc(sizeof(Loc) * nv);
	for (int i = 0; i < f->nvars; i++)
		a->node[i] = i;
	uf_stmt(a->node, f->body);
	ir_walk_stmt(f->body, uf_cond_visit, a->node);
	for (int i = 0; i < f->nvars; i++)
		a->node[i] = uf_find(a->node, i);
	act_dead_locals(a, f);
	for (int i = 0; i < f->nparams; i++)
		if (pat->active[i])
			a->varied[a->node[f->params[i]]] = 1;
	if (!act_enabled)
		for (int i = 0; i < f->nvars; i++)
			if (f->vars[i]->kind == VAR_LOCAL &&
			    type_float_elem(f->vars[i]->type))
				a->varied[a->node[i]] = 1;
	/* a buffer that f_fwd hands to f_bwd has a tangent in both sweeps
	 * of f_b_d, or in neither: the one it has in f */
	for (int i = 0; i < f->nvars; i++)
		if (f->generated && f->vars[i]->handed == 1)
			a->varied[a->node[i]] = 1;
	a->ret_varied = pat->force_ret;

	Solver s = { 0 };
	s.a = a;
	s.f = f;
	s.check = 0;
	/* Ends: s.changed is set only when a varied bit of a node, or
	 * ret_varied, goes from 0 to 1, and nothing clears them, so there
	 * are at most nvars + 2 passes.  Callees are solved (once per
	 * pattern, memoized) inside a pass; the front end refuses recursion,
	 * so that nesting follows the acyclic call graph. */
	do {
		s.changed = 0;
		act_stmt(&s, f->body);
	} while (s.changed);
	if (act_useful && act_enabled)
		act_prune_useless(a, f);
	m->a = a;
	return a;
}

/* The first pointer ?: that may point into parameter v's data and into
 * other data (an argument, g(c ? x : y)), at *at; 0 when there is none. */
typedef struct CondLink {
	int v, found;
	Loc at;
} CondLink;

static void act_cond_link_visit(void *ctx, const Expr *e)
{
	CondLink *k = ctx;
	if (k->found || e->kind != E_COND || !type_is_pointerish(e->type))
		return;
	int *roots, n = activity_roots(e, &roots), self = 0, other = 0;
	for (int i = 0; i < n; i++) {
		self |= roots[i] == k->v;
		other |= roots[i] != k->v;
	}
	if (self && other) {
		k->found = 1;
		k->at = e->loc;
	}
}

static int act_cond_link(const Stmt *body, int v, Loc *at)
{
	CondLink k = { v, 0, { NULL, 0, 0 } };
	ir_walk_stmt(body, act_cond_link_visit, &k);
	*at = k.at;
	return k.found;
}

/* The first statement that makes a pointer (*var) point into parameter
 * v's data, at *at; 0 when there is none. */
static int act_pointer_link(const Stmt *s, int v, int *var, Loc *at)
{
	if (!s)
		return 0;
	int lhs = -1, *roots, n;
	const Expr *rhs = NULL;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (act_pointer_link(s->u.block.items[i], v, var, at))
				return 1;
		return 0;
	case S_DECL:
		lhs = s->u.decl.var;
		rhs = s->u.decl.init;
		break;
	case S_ASSIGN:
		/* p += k moves p in its own data: k is an offset */
		if (s->u.assign.rhs && s->u.assign.op == A_SET &&
		    type_is_pointerish(s->u.assign.lhs->type)) {
			lhs = activity_root(s->u.assign.lhs);
			rhs = s->u.assign.rhs;
		}
		break;
	case S_IF:
		return act_pointer_link(s->u.ifs.then, v, var, at) ||
		       act_pointer_link(s->u.ifs.els, v, var, at);
	case S_FOR: case S_WHILE: case S_DO:
		return act_pointer_link(s->u.loop.init, v, var, at) ||
		       act_pointer_link(s->u.loop.body, v, var, at) ||
		       act_pointer_link(s->u.loop.inc, v, var, at);
	case S_CHECKPOINT:
		return act_pointer_link(s->u.ckpt.body, v, var, at);
	default:
		return 0;
	}
	if (lhs < 0 || lhs == v || !rhs || !type_is_pointerish(rhs->type))
		return 0;
	n = activity_roots(rhs, &roots);
	for (int i = 0; i < n; i++)
		if (roots[i] == v) {
			*var = lhs;
			*at = s->loc;
			return 1;
		}
	return 0;
}

/* The global variable (index) pointer expression e may point into, W.aux,
 * &G[k], or -1. */
static int act_global_root(const Expr *e)
{
	switch (e->kind) {
	case E_GLOBAL:
		return e->u.global;
	case E_INDEX:
		return act_global_root(e->u.index.base);
	case E_MEMBER:
		return act_global_root(e->u.mem.base);
	case E_DEREF:
	case E_ADDR:
	case E_CAST:
		return act_global_root(e->u.e);
	case E_BINARY: {
		int g = -1;
		if (type_is_pointerish(e->u.bin.l->type))
			g = act_global_root(e->u.bin.l);
		if (g < 0 && type_is_pointerish(e->u.bin.r->type))
			g = act_global_root(e->u.bin.r);
		return g;
	}
	case E_COND: {
		int g = act_global_root(e->u.cond.a);
		return g >= 0 ? g : act_global_root(e->u.cond.b);
	}
	default:
		return -1;
	}
}

/* A local pointer to floating data that points into a global (double *a
 * = W.aux) and that active data is stored through: the global would carry
 * a derivative, which ckc gives none (as a store into the global itself,
 * act_store).  Reported at the first such store, with the pointer's
 * assignment as the note. */
static void act_global_pointers(void *ctx, const Stmt *s)
{
	const Activity *a = ctx;
	int lhs = -1;
	const Expr *rhs = NULL;
	if (s->kind == S_DECL) {
		lhs = s->u.decl.var;
		rhs = s->u.decl.init;
	} else if (s->kind == S_ASSIGN && s->u.assign.rhs &&
		   s->u.assign.op == A_SET && s->u.assign.lhs->kind == E_VAR) {
		lhs = s->u.assign.lhs->u.var;
		rhs = s->u.assign.rhs;
	}
	const Func *f = a->f;
	if (lhs < 0 || !rhs || f->vars[lhs]->type->kind != TY_PTR ||
	    !type_is_pointerish(rhs->type) || !activity_var_varied(a, lhs) ||
	    !a->data_written[a->node[lhs]])
		return;
	int g = act_global_root(rhs);
	Loc at = a->varied_at[a->node[lhs]];
	if (g < 0)
		return;
	if (!at.file)
		at = s->loc;
	if (!act_first_report(at))
		return;
	diag_error(at,
		   "a derivative would flow into global variable '%s' "
		   "through '%s', which ckc does not support; keep the "
		   "global inactive, or pass the data as a parameter (or "
		   "use a local array)",
		   act_prog->globals[g]->name, f->vars[lhs]->name);
	diag_note(s->loc, "'%s' points into '%s' here", f->vars[lhs]->name,
		  act_prog->globals[g]->name);
}

/* The check pass: the errors that the fixpoint only noted. */
static int act_check(Activity *a)
{
	Func *f = (Func *)a->f;
	int before = diag_errors();
	for (int i = 0; i < f->nvars; i++) {
		Type *t = f->vars[i]->type;
		if (type_is_pointerish(t) && type_is_pointerish(t->base) &&
		    t->base->kind != TY_ARRAY && type_float_elem(t) &&
		    t->kind == TY_PTR && act_first_report(f->vars[i]->loc))
			diag_error(f->vars[i]->loc,
				   "'%s' is a pointer to pointers to "
				   "floating-point data, which ckc does not "
				   "support",
				   f->vars[i]->name);
	}
	Solver s = { 0 };
	s.a = a;
	s.f = f;
	s.check = 1;
	s.changed = 0;
	act_gstores =
		arena_alloc(sizeof(int) * (size_t)(act_prog->nglobals + 1));
	act_gfirst =
		arena_alloc(sizeof(Loc) * (size_t)(act_prog->nglobals + 1));
	act_stmt(&s, f->body);
	act_global_flush(f);
	if (!f->generated)
		ir_visit_stmts(f->body, act_global_pointers, a);
	for (int i = 0; i < f->nparams; i++) {
		int v = f->params[i];
		if (a->pat->active[i] || !type_passes_storage(f->vars[v]->type) ||
		    !activity_var_varied(a, v))
			continue;
		Loc at = a->varied_at[a->node[v]], lat;
		int link = -1;
		/* Data nothing writes (const), or a node that is varied from
		 * the start (an active parameter's, so no position): the
		 * derivative does not flow into v, a pointer may point into v
		 * and into active data ('x = c ? data : a'). */
		if ((!at.file || f->vars[v]->type->base->is_const) &&
		    act_pointer_link(f->body, v, &link, &lat)) {
			at = lat;
			if (!act_first_report(at))
				continue;
			diag_error(at,
				   "'%s' may point into '%s', a pointer "
				   "parameter of '%s' named in neither wrt() "
				   "nor out(), and into active data; add '%s' "
				   "to wrt()",
				   f->vars[link]->name, f->vars[v]->name,
				   f->name, f->vars[v]->name);
			diag_note(f->vars[v]->loc, "'%s' declared here",
				  f->vars[v]->name);
			continue;
		}
		if ((!at.file || f->vars[v]->type->base->is_const) &&
		    act_cond_link(f->body, v, &lat)) {
			if (!act_first_report(lat))
				continue;
			diag_error(lat,
				   "this ?: may point into '%s', a pointer "
				   "parameter of '%s' named in neither wrt() "
				   "nor out(), and into active data; add '%s' "
				   "to wrt()",
				   f->vars[v]->name, f->name,
				   f->vars[v]->name);
			diag_note(f->vars[v]->loc, "'%s' declared here",
				  f->vars[v]->name);
			continue;
		}
		if (!at.file)
			at = f->vars[v]->loc;
		if (!act_first_report(at))
			continue;
		if (f->vars[v]->type->kind == TY_STRUCT)
			diag_error(at,
				   "a derivative flows into '%s', a struct "
				   "parameter of '%s' not named in wrt(); add "
				   "it to wrt()",
				   f->vars[v]->name, f->name);
		else
			diag_error(at,
				   "a derivative flows into '%s', a pointer "
				   "parameter of '%s' named in neither wrt() "
				   "nor out(); add it to out()",
				   f->vars[v]->name, f->name);
		diag_note(f->vars[v]->loc, "'%s' declared here",
			  f->vars[v]->name);
	}
	return diag_errors() == before;
}

void activity_set_useful(int on)
{
	act_useful = on;
}

void activity_forget(Program *p, int fn)
{
	int k = 0;
	(void)p;
	for (int i = 0; i < act_nmemos; i++)
		if (act_memos[i]->pat.fn != fn)
			act_memos[k++] = act_memos[i];
	act_nmemos = k;
}

Activity *activity_analyze(Program *p, const Pattern *pat)
{
	act_prog = p;
	Activity *a = act_solve(pat);
	Memo *m = act_memo(pat);
	if (!m->checked) {
		m->checked = 1;
		m->ok = act_check(a);
	}
	return m->ok ? a : NULL;
}

int activity_stmt_writes(Program *p, const Activity *a, const Stmt *st,
			 int node)
{
	/* one pass of the solver over st alone, on a copy of a whose
	 * written bits start clear (a's varied bits are a fixpoint: the
	 * pass changes none, and the callees' patterns are memoized) */
	size_t nv = (size_t)a->f->nvars + 1;
	Activity t = *a;
	/* (on the heap: regions ask this of many statements) */
	t.varied = scratch_alloc(3 * nv);
	t.written = t.varied + nv;
	t.data_written = t.written + nv;
	t.varied_at = scratch_alloc(sizeof(Loc) * nv);
	memcpy(t.varied, a->varied, nv);
	Solver s = { 0 };
	s.a = &t;
	s.f = (Func *)a->f;
	act_prog = p;
	act_stmt(&s, st);
	int w = t.written[node];
	free(t.varied);
	free(t.varied_at);
	return w;
}

void activity_dump(FILE *out, const Program *p, const Activity *a)
{
	const Func *f = a->f;
	fprintf(out, "activity %s(", f->name);
	for (int i = 0; i < f->nparams; i++)
		fprintf(out, "%s%s%s", i ? ", " : "",
			a->pat->active[i] ? "active " : "",
			f->vars[f->params[i]]->name);
	fprintf(out, ")%s\n", a->ret_varied ? " -> varied" : "");
	for (int i = 0; i < f->nvars; i++)
		fprintf(out, "  %-12s node %-12s%s%s\n", f->vars[i]->name,
			f->vars[a->node[i]]->name,
			activity_var_varied(a, i) ? " varied" : "",
			a->written[a->node[i]] ? " written" : "");
	(void)p;
}
