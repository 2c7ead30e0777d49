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
 *
 * Two kinds of integer values move into temporaries the same way, so that
 * the reverse sweep reads them as integer locals (which it keeps): an
 * index of floating data computed from floating values, x[(int)u] ->
 * int ck_ix = (int)u; x[ck_ix], and each read of an integer member of a
 * struct that the program changes (ir_field_changed), v = x[c->pos] ->
 * int ck_pos = c->pos; v = x[ck_pos], or of an element of one, also
 * through a pointer into it: u[c[0]] with const int *c = m->conn + 2 * e
 * -> int ck_conn = c[0]; u[ck_conn] (views.c then replaces c).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ckc.h"

typedef struct Normalizer {
	Program *p;
	Func *f;
	Stmt *prefix; /* S_BLOCK of temporaries for the current statement */
} Normalizer;

static void norm_stmt(Normalizer *n, Stmt **sp);
static void soa_locals(Program *p, Func *f);
static void ping_locals(Program *p, Func *f);
static void region_exits(Program *p, Func *f, Stmt **sp);
static void heap_locals(Program *p, Func *f);
static void member_allocs(Program *p, Func *f);
static void save_members(Func *f);
static void heap_stepped(Program *p, Func *f);
static void accessors_inline(Program *p);
static void alloc_wrappers_inline(Program *p);
static void static_scratch(const Program *p, Func *f);
static void global_scratch(Program *p);
static void struct_param_copy(Program *p, Func *f);
static void ptr_select(Program *p, Func *f);
static void ptr_moving(Program *p, Func *f);
static void ptr_table(Program *p, Func *f);
static void ptr_one_struct(Func *f);
static void decl_sink(Func *f);
static void ptr_swap(Program *p, Func *f);
static void globals_static_check(Program *p);

/* Replaces the user call *ep by a temporary (after hoisting its own
 * arguments). */
static void norm_hoist(Normalizer *n, Expr **ep, int hoist_self);

static void norm_lvalue(Normalizer *n, Expr **ep);

/* *ep into a fresh temporary named after base, declared with its value
 * just before the statement. */
static void norm_temp(Normalizer *n, Expr **ep, const char *base)
{
	Expr *e = *ep;
	const char *name = name_fresh(n->p, n->f, arena_printf("ck_%s", base));
	int v = func_add_var(n->f, name, type_with_const(e->type, 0),
			     VAR_LOCAL, e->loc);
	stmt_append(n->prefix, stmt_decl(v, e, e->loc));
	*ep = expr_var(n->f, v, e->loc);
}

/* Does call e move into a temporary: a user call, a call with a
 * ck_derivative, a ck_inactive one (the transforms take them as
 * statements, their results as variables)? */
static int norm_hoists_call(Normalizer *n, const Expr *e)
{
	return e->type->kind != TY_VOID &&
	       (e->u.call.fn >= 0 || userrules_find(e->u.call.name) ||
		calls_kind(n->p, e) == CALL_INACTIVE);
}

/* *ep, a read of an integer member (or of an element of one), into a
 * temporary named after the member. */
static void norm_member_temp(Normalizer *n, Expr **ep, const Expr *m)
{
	norm_temp(n, ep, m->u.mem.base->type->st->fields[m->u.mem.field].name);
}

static void norm_has_float(void *ctx, const Expr *e)
{
	if (type_is_float(e->type))
		*(int *)ctx = 1;
}

/* Is e an index of floating data computed from floating values (and
 * math functions)? */
static int norm_float_index(const Expr *e)
{
	int any = 0;
	if (!type_float_elem(e->u.index.base->type) ||
	    !expr_math_only(e->u.index.idx))
		return 0;
	ir_walk_expr(e->u.index.idx, norm_has_float, &any);
	return any;
}

static int norm_calls_in(Normalizer *n, const Expr *e);
static void norm_expr(Normalizer *n, Expr **ep);

/* c ? a : b of floating type with a call in an arm (a flux limiter, lim ?
 * superbee(r) : vanleer(r)): an if that runs the arm C runs, each with its calls in
 * temporaries of its own, into a temporary that *ep then reads:
 *
 *   double ck_cond; if (c) { ck_cond = superbee(r); }
 *   else { ck_cond = vanleer(r); }
 *
 * (the calls then move into temporaries inside the arms). */
static void norm_cond_temp(Normalizer *n, Expr **ep)
{
	Expr *e = *ep;
	Loc loc = e->loc;
	Type *t = type_with_const(e->type, 0);
	int v = func_add_var(n->f, name_fresh(n->p, n->f, "ck_cond"), t,
			     VAR_LOCAL, loc);
	stmt_append(n->prefix, stmt_decl(v, NULL, loc));
	Stmt *ifs = stmt_new(S_IF, loc);
	ifs->u.ifs.cond = e->u.cond.c;
	Stmt **arms[2] = { &ifs->u.ifs.then, &ifs->u.ifs.els };
	Expr **vals[2] = { &e->u.cond.a, &e->u.cond.b };
	Stmt *saved = n->prefix;
	for (int k = 0; k < 2; k++) {
		n->prefix = stmt_block(loc);
		norm_expr(n, vals[k]);
		Expr *x = *vals[k];
		if (x->type->kind != t->kind)
			x = expr_cast(t, x, x->loc);
		stmt_append(
			n->prefix,
			stmt_assign(A_SET, expr_var(n->f, v, loc), x, x->loc));
		*arms[k] = n->prefix;
	}
	n->prefix = saved;
	stmt_append(n->prefix, ifs);
	*ep = expr_var(n->f, v, loc);
}

static void norm_test_into(Normalizer *n, Stmt *b, const Expr *e, int c);
static void norm_block(Normalizer *n, Stmt *b);

/* A chain of && and || with a call in a later operand, inside an
 * expression ((x > 0 && sq(x) > 1.0) * x): its value into an int that
 * *ep then reads, computed by tests that run each operand only as C
 * would, each operand's calls in temporaries of their own. */
static void norm_chain_temp(Normalizer *n, Expr **ep)
{
	Expr *e = *ep;
	Loc loc = e->loc;
	int c = func_add_var(n->f, name_fresh(n->p, n->f, "ck_c"), type_int(),
			     VAR_LOCAL, loc);
	stmt_append(n->prefix, stmt_decl(c, NULL, loc));
	Stmt *b = stmt_block(loc);
	norm_test_into(n, b, e, c);
	norm_block(n, b);
	for (int i = 0; i < b->u.block.n; i++)
		stmt_append(n->prefix, b->u.block.items[i]);
	*ep = expr_var(n->f, c, loc);
}

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
		/* the right operand of && and || may not run: with a call
		 * there, tests of their own (norm_test_into) */
		if ((e->u.bin.op == B_LAND || e->u.bin.op == B_LOR) &&
		    norm_calls_in(n, e->u.bin.r)) {
			norm_chain_temp(n, ep);
			break;
		}
		norm_expr(n, &e->u.bin.l);
		if (e->u.bin.op != B_LAND && e->u.bin.op != B_LOR)
			norm_expr(n, &e->u.bin.r);
		break;
	case E_COND:
		norm_expr(n, &e->u.cond.c);
		if (type_is_float(e->type) && (norm_calls_in(n, e->u.cond.a) ||
					       norm_calls_in(n, e->u.cond.b)))
			norm_cond_temp(n, ep);
		break;
	case E_CALL:
		norm_hoist(n, ep, 1);
		break;
	case E_INDEX: {
		norm_expr(n, &e->u.index.base);
		norm_expr(n, &e->u.index.idx);
		if (norm_float_index(e))
			norm_temp(n, &e->u.index.idx, "ix");
		/* an element of an integer member array that changes,
		 * p.perm[k], also through a pointer into it, (m->conn + 2 *
		 * e)[1] or c[1] with const int *c = m->conn + 2 * e */
		const Expr *m = ir_elem_member(n->f, e);
		if (e->type->kind == TY_INT && m && ir_field_changed(m))
			norm_member_temp(n, ep, m);
		break;
	}
	case E_ADDR:
		norm_lvalue(n, &e->u.e);
		break;
	case E_DEREF: {
		norm_expr(n, &e->u.e);
		/* *(m->conn + k), *c */
		const Expr *m = ir_elem_member(n->f, e);
		if (e->type->kind == TY_INT && m && ir_field_changed(m))
			norm_member_temp(n, ep, m);
		break;
	}
	case E_CAST:
		norm_expr(n, &e->u.e);
		break;
	case E_MEMBER:
		norm_lvalue(n, &e->u.mem.base);
		if (e->type->kind == TY_INT && ir_field_changed(e))
			norm_member_temp(n, ep, e);
		break;
	default:
		ck_unreachable();
	}
}

/* An lvalue: what it reads (indices, pointers) is normalized, the object
 * itself stays. */
static void norm_lvalue(Normalizer *n, Expr **ep)
{
	Expr *e = *ep;
	if (e && e->kind == E_MEMBER) {
		norm_lvalue(n, &e->u.mem.base);
	} else if (e && e->kind == E_INDEX) {
		norm_lvalue(n, &e->u.index.base);
		norm_expr(n, &e->u.index.idx);
		if (norm_float_index(e))
			norm_temp(n, &e->u.index.idx, "ix");
	} else if (e && e->kind == E_DEREF) {
		norm_expr(n, &e->u.e);
	} else {
		norm_expr(n, ep);
	}
}

/* May a store through a pointer change a: is it neither a number nor a
 * variable whose address the function never takes? */
static int norm_reachable(const Normalizer *n, const Expr *a)
{
	if (a->kind == E_NUM)
		return 0;
	return a->kind != E_VAR || stmt_takes_addr(n->f->body, a->u.var);
}

typedef struct Mentions {
	int var, n;
	Stmt *decl;
} Mentions;

static void mentions_visit(void *ctx, const Expr *e)
{
	Mentions *m = ctx;
	m->n += e->kind == E_VAR && e->u.var == m->var;
}

static void mentions_decl(void *ctx, const Stmt *s)
{
	Mentions *m = ctx;
	if (s->kind == S_DECL && s->u.decl.var == m->var)
		m->decl = (Stmt *)s;
}

/* Is the call's pointer argument arg &v, v a local that nothing else in f
 * mentions?  Then nothing reads what the call stores there: neither the
 * store nor v's declaration stays (v would be set but never used). */
static int norm_unread_target(Normalizer *n, const Expr *arg)
{
	if (arg->kind != E_ADDR || arg->u.e->kind != E_VAR)
		return 0;
	Mentions m = { arg->u.e->u.var, 0, NULL };
	const Var *x = n->f->vars[m.var];
	if (x->kind != VAR_LOCAL || x->is_static)
		return 0;
	ir_walk_stmt(n->f->body, mentions_visit, &m);
	ir_visit_stmts(n->f->body, mentions_decl, &m);
	if (m.n != 1 || !m.decl || m.decl->u.decl.init ||
	    m.decl->u.decl.ninits)
		return 0;
	m.decl->kind = S_EMPTY;
	n->f->vars[m.var]->dropped = 1;
	return 1;
}

/* *p as an lvalue: &v gives v back. */
static Expr *norm_target(Expr *p)
{
	return p->kind == E_ADDR ? p->u.e : expr_deref(p, p->loc);
}

/* *p = e before the statement, unless nothing reads *p. */
static void norm_store(Normalizer *n, Expr *p, Expr *e, Loc loc)
{
	if (!norm_unread_target(n, p))
		stmt_append(n->prefix,
			    stmt_assign(A_SET, norm_target(p), e, loc));
}

/* The call *ep, one of calls_out_math's, with its arguments normalized,
 * becomes statements before the statement that store what it writes, and
 * (unless the value is unused, want_value 0) an expression of its value
 * that the derivative rules cover:
 *   modf(a, ip)      *ip = trunc(a)                   ck_modf_frac(a)
 *   frexp(a, e)      *e = ck_frexp_exp(a)             ldexp(a, -*e)
 *   sincos(a, s, c)  *s = sin(a); *c = cos(a)
 * Each is the library's number: trunc(a) is modf's integral part, and
 * ldexp(a, -e) its scaling of a into [0.5, 1), both exact.  a is evaluated
 * once, through a temporary unless no store can change it, and so is each
 * pointer argument, in its store. */
static void norm_split_out_call(Normalizer *n, Expr **ep, int want_value)
{
	Expr *e = *ep;
	int which = calls_out_math(e);
	int fl = strlen(e->u.call.name) > strlen(calls_out_math_name(which));
	Type *real = e->u.call.args[0]->type;
	Loc loc = e->loc;
#define NORM_FN(d) (fl ? d "f" : d)
	/* (the stores come first: a must not be one of the places they
	 * write) */
	Expr **a = &e->u.call.args[0];
	if (norm_reachable(n, *a))
		norm_temp(n, a, "x");
	Expr *value = NULL;
	if (which == 1) {
		norm_store(n, e->u.call.args[1],
			   expr_call_n(NORM_FN("trunc"), real, loc,
				       expr_clone(*a), NULL, NULL),
			   loc);
		value = expr_call_n(NORM_FN("ck_modf_frac"), real, loc, *a,
				    NULL, NULL);
	} else if (which == 2) {
		Expr *exp = expr_call_n(NORM_FN("ck_frexp_exp"), type_int(),
					loc, expr_clone(*a), NULL, NULL);
		norm_temp(n, &exp, "exp");
		norm_store(n, e->u.call.args[1], expr_clone(exp), loc);
		value = expr_call_n(NORM_FN("ldexp"), real, loc, *a,
				    expr_unary(U_NEG, exp, loc), NULL);
	} else {
		const char *fn[2] = { NORM_FN("sin"), NORM_FN("cos") };
		for (int i = 0; i < 2; i++)
			norm_store(n, e->u.call.args[1 + i],
				   expr_call_n(fn[i], real, loc,
					       expr_clone(*a), NULL, NULL),
				   loc);
	}
#undef NORM_FN
	*ep = want_value ? value : NULL;
}

/* Are t and u floating types of different widths (float and double)? */
static int norm_other_float(const Type *t, const Type *u)
{
	return type_is_float(t) && type_is_float(u) && t->kind != u->kind;
}

/* e as type t: an explicit cast where C converts a float to a double or
 * back, so that the transforms see the conversion (a shadow of the one
 * type never stands for one of the other). */
static Expr *norm_convert(Expr *e, Type *t)
{
	return norm_other_float(e->type, t)
		       ? expr_cast(type_with_const(t, 0), e, e->loc)
		       : e;
}

/* The result of a call of a function of the file, which the transforms
 * store through a pointer to its shadow, as type t. */
static Expr *norm_convert_call(Expr *e, Type *t)
{
	return e->kind == E_CALL && e->u.call.fn >= 0 ? norm_convert(e, t) : e;
}

/* An argument a of rows of a fixed length, double K[2][2] or double
 * (*R)[3], for a parameter t declared as rows of a length known at run
 * time (double K[n][n]), which the callee reads as its flat view (double
 * *K): a as that view, (double *)K, which every mode's call then passes
 * with its shadows' casts. */
static Expr *norm_rows_arg(Expr *a, Type *t)
{
	if (t->kind != TY_PTR || !t->rows || !type_is_pointerish(a->type) ||
	    !a->type->base || a->type->base->kind != TY_ARRAY)
		return a;
	return expr_cast(type_ptr(t->base), a, a->loc);
}

static void norm_hoist(Normalizer *n, Expr **ep, int hoist_self)
{
	Expr *e = *ep;
	if (e->u.call.fn >= 0) {
		const Func *g = n->p->funcs[e->u.call.fn];
		for (int i = 0; i < e->u.call.nargs && i < g->nparams; i++) {
			Type *t = g->vars[g->params[i]]->type;
			e->u.call.args[i] = norm_rows_arg(
				norm_convert(e->u.call.args[i], t), t);
		}
	}
	for (int i = 0; i < e->u.call.nargs; i++)
		norm_expr(n, &e->u.call.args[i]);
	if (calls_out_math(e))
		norm_split_out_call(n, ep, 1);
	else if (hoist_self && norm_hoists_call(n, e))
		norm_temp(n, ep, e->u.call.name);
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
		/* (a sincos call is all prefix; an empty statement left in
		 * the block would split vector mode's direction loops) */
		if (s->kind != S_EMPTY)
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

static int norm_calls_in(Normalizer *n, const Expr *e);
static Stmt *norm_loop_tests(Normalizer *n, Stmt *s);

/* Does chain e of && and || call a function that norm_hoist would move
 * into a temporary in an operand after its first, which may not run? */
static int norm_late_call(Normalizer *n, const Expr *e)
{
	if (e->kind == E_UNARY && e->u.un.op == U_NOT) /* !(a || g(x)) */
		return norm_late_call(n, e->u.un.e);
	if (e->kind != E_BINARY ||
	    (e->u.bin.op != B_LAND && e->u.bin.op != B_LOR))
		return 0;
	return norm_calls_in(n, e->u.bin.r) || norm_late_call(n, e->u.bin.l);
}

/* Statements that set c to whether e holds, running e's operands of &&
 * and || only as C would. */
static void norm_test_into(Normalizer *n, Stmt *b, const Expr *e, int c)
{
	Loc loc = e->loc;
	if (e->kind == E_UNARY && e->u.un.op == U_NOT &&
	    norm_late_call(n, e->u.un.e)) {
		norm_test_into(n, b, e->u.un.e, c);
		stmt_append(
			b, stmt_assign(A_SET, expr_var(n->f, c, loc),
				       expr_unary(U_NOT,
						  expr_var(n->f, c, loc), loc),
				       loc));
		return;
	}
	if (e->kind == E_BINARY &&
	    (e->u.bin.op == B_LAND || e->u.bin.op == B_LOR)) {
		norm_test_into(n, b, e->u.bin.l, c);
		Stmt *t = stmt_new(S_IF, loc);
		Expr *cv = expr_var(n->f, c, loc);
		t->u.ifs.cond = e->u.bin.op == B_LAND
					? cv
					: expr_unary(U_NOT, cv, loc);
		t->u.ifs.then = stmt_block(loc);
		norm_test_into(n, t->u.ifs.then, e->u.bin.r, c);
		stmt_append(b, t);
		return;
	}
	Expr *v = (Expr *)e;
	if (v->type->kind != TY_INT)
		v = expr_binary(B_NE, v, expr_int(0, loc), type_int(), loc);
	stmt_append(b, stmt_assign(A_SET, expr_var(n->f, c, loc), v, loc));
}

/* if (n > 2 && nrm2(x, n) > tol) S: a call in a later operand of the
 * condition's chain of && and || runs only when C runs it, in a test of
 * its own, whose result a flag carries to the if:
 *
 *   int ck_c; ck_c = n > 2; if (ck_c) { ck_c = nrm2(x, n) > tol; }
 *   if (ck_c) S
 *
 * so each call moves into a temporary as any other. */
static Stmt *norm_if_tests(Normalizer *n, Stmt *s)
{
	Loc loc = s->loc;
	int c = func_add_var(n->f, name_fresh(n->p, n->f, "ck_c"), type_int(),
			     VAR_LOCAL, loc);
	Stmt *b = stmt_block(loc);
	stmt_append(b, stmt_decl(c, NULL, loc));
	norm_test_into(n, b, s->u.ifs.cond, c);
	s->u.ifs.cond = expr_var(n->f, c, loc);
	stmt_append(b, s);
	return b;
}

typedef struct NormCalls {
	Normalizer *n;
	int *found;
} NormCalls;

static void norm_calls_kid(void *ctx, const Expr *e)
{
	NormCalls *k = ctx;
	if (!*k->found)
		*k->found = norm_calls_in(k->n, e);
}

/* ---- large expressions
 *
 * The derivative of a product or sum names its operands' values, so a
 * tangent of a deep expression, a Horner polynomial written out as one
 * expression ((((c4 * y + c3) * y + c2) * y + c1) * y, generated code)
 * repeats every inner operand at every level: its size grows with the
 * square of the depth, and the HVP's with the cube.  A floating
 * subexpression larger than NORM_SPLIT nodes goes into a temporary
 * before the statement (double ck_sub = ...;), so no statement is larger
 * than about twice that.  The expressions are pure (calls are
 * temporaries already) and C computes the temporary's value as the
 * expression did; only operands of arms of ?:, && and || stay, which C
 * may not evaluate, and a product that a sum adds stays with the sum, so
 * that a compiler that fuses a * b + c fuses the same operations. */

#define NORM_SPLIT 48

static int norm_size(const Expr *e);

static void norm_size_kid(void *ctx, const Expr *e)
{
	*(int *)ctx += norm_size(e);
}

static int norm_size(const Expr *e)
{
	int n = 1;
	ir_plain_kids(e, norm_size_kid, &n);
	return n;
}

/* The size of *ep's tree once its large subtrees are temporaries (a
 * temporary counts 1); sum: *ep is an operand of + or -. */
static int norm_split(Normalizer *n, Expr **ep, int sum, int root)
{
	Expr *e = *ep;
	int size = 1;
	switch (e->kind) {
	case E_BINARY:
		if (e->u.bin.op == B_LAND || e->u.bin.op == B_LOR) {
			size = norm_size(e);
			break;
		}
		{
			int s = e->u.bin.op == B_ADD || e->u.bin.op == B_SUB;
			size += norm_split(n, &e->u.bin.l, s, 0);
			size += norm_split(n, &e->u.bin.r, s, 0);
		}
		break;
	case E_UNARY:
		size += norm_split(n, &e->u.un.e, 0, 0);
		break;
	case E_CAST:
		size += norm_split(n, &e->u.e, 0, 0);
		break;
	case E_CALL:
		for (int i = 0; i < e->u.call.nargs; i++)
			size += type_is_float(e->u.call.args[i]->type)
					? norm_split(n, &e->u.call.args[i], 0,
						     0)
					: norm_size(e->u.call.args[i]);
		break;
	case E_COND:
		size += norm_split(n, &e->u.cond.c, 0, 0);
		size += norm_size(e->u.cond.a) + norm_size(e->u.cond.b);
		break;
	default:
		size = norm_size(e);
		break;
	}
	if (!root && size > NORM_SPLIT && e->kind == E_BINARY &&
	    type_is_float(e->type) &&
	    (e->u.bin.op == B_ADD || e->u.bin.op == B_SUB ||
	     e->u.bin.op == B_DIV || (e->u.bin.op == B_MUL && !sum))) {
		norm_temp(n, ep, "sub");
		return 1;
	}
	return size;
}

/* A statement's floating expression *ep, split where it is large. */
static void norm_split_large(Normalizer *n, Expr **ep)
{
	if (*ep && type_is_float((*ep)->type) && norm_size(*ep) > NORM_SPLIT)
		norm_split(n, ep, 0, 1);
}

/* ---- stores through the address of a variable
 *
 * *(c ? &p : &q) = e (or (c ? &p : &q)[0] op= e, nested ?: too), where an
 * arm is the address of a variable: if (c) p = e; else q = e;, and *&p =
 * e, (&p)[0] = e, *(double *)&p = e: p = e.  Every transform then sees
 * the store as the store to p or to q that it is: the reverse mode read
 * p, stored through the address, as its older value (a rematerialized p
 * = x[0] stayed in f_bwd, so a second such store took the wrong p).  c
 * and e call nothing that needs a derivative (calls are in temporaries by
 * now) and one branch runs, so each is evaluated once as before. */

/* The variable whose address p is, through casts, when it has the
 * arithmetic type t of the store (not through a cast to another type),
 * or NULL. */
static Expr *norm_addr_var(Expr *p, const Type *t)
{
	while (p->kind == E_CAST)
		p = p->u.e;
	if (p->kind != E_ADDR || p->u.e->kind != E_VAR || !type_is_arith(t))
		return NULL;
	const Type *v = p->u.e->type;
	if (v->kind != t->kind ||
	    (t->kind == TY_INT && strcmp(v->name, t->name) != 0))
		return NULL;
	return p->u.e;
}

/* Is p such an address, or a ?: of pointers one of whose arms (or of its
 * nested ?:'s) is? */
static int norm_sel_addr(Expr *p, const Type *t)
{
	if (p->kind == E_COND)
		return norm_sel_addr(p->u.cond.a, t) ||
		       norm_sel_addr(p->u.cond.b, t);
	return norm_addr_var(p, t) != NULL;
}

/* The pointer a store's lhs writes through when it is such a pointer,
 * or NULL. */
static Expr *norm_sel_store_ptr(const Expr *lhs)
{
	Expr *p = lhs->kind == E_DEREF ? lhs->u.e
		  : lhs->kind == E_INDEX && lhs->u.index.idx->kind == E_NUM &&
				  lhs->u.index.idx->u.num.is_int &&
				  lhs->u.index.idx->u.num.ival == 0
			  ? lhs->u.index.base
			  : NULL;
	return p && norm_sel_addr(p, lhs->type) ? p : NULL;
}

/* *p op= rhs (of type t) as stores to variables, under ifs over p's
 * conditions (rhs is used, then cloned). */
static Stmt *norm_sel_store(AssignOp op, Expr *p, const Type *t, Expr *rhs,
			    Loc loc)
{
	if (p->kind != E_COND) {
		Expr *v = norm_addr_var(p, t);
		return stmt_assign(op, v ? v : norm_target(p), rhs, loc);
	}
	Stmt *s = stmt_new(S_IF, loc);
	s->u.ifs.cond = p->u.cond.c;
	s->u.ifs.then = stmt_block(loc);
	s->u.ifs.els = stmt_block(loc);
	stmt_append(s->u.ifs.then,
		    norm_sel_store(op, p->u.cond.a, t, rhs, loc));
	stmt_append(s->u.ifs.els,
		    norm_sel_store(op, p->u.cond.b, t, expr_clone(rhs), loc));
	return s;
}

static void norm_sel_find(void *ctx, const Stmt *s)
{
	if (s->kind == S_ASSIGN && norm_sel_store_ptr(s->u.assign.lhs))
		*(const Stmt **)ctx = s;
}

/* A for loop whose increment stores through such an address (for (...;
 * ...; *(c ? &p : &q) *= e)): the increment ends the body instead, where
 * the store becomes ifs; refused when a continue would skip it there. */
static void norm_sel_inc(Stmt *s)
{
	const Stmt *st = NULL;
	ir_visit_stmts(s->u.loop.inc, norm_sel_find, &st);
	if (!st)
		return;
	if (stmt_has_continue(s->u.loop.body)) {
		diag_error(st->loc,
			   "a store through the address of a variable "
			   "in a for loop's increment is not "
			   "supported in a loop with continue; make "
			   "it a statement of the loop's body");
		return;
	}
	if (s->u.loop.body->kind != S_BLOCK) {
		Stmt *b = stmt_block(s->u.loop.body->loc);
		stmt_append(b, s->u.loop.body);
		s->u.loop.body = b;
	}
	stmt_append(s->u.loop.body, s->u.loop.inc);
	s->u.loop.inc = NULL;
}

static void norm_stmt(Normalizer *n, Stmt **sp)
{
	Stmt *s = *sp;
	switch (s->kind) {
	case S_BLOCK:
		norm_block(n, s);
		break;
	case S_DECL:
		/* double r = sqf(t): the float result into a temporary */
		if (s->u.decl.init)
			s->u.decl.init = norm_convert_call(
				s->u.decl.init,
				n->f->vars[s->u.decl.var]->type);
		if (s->u.decl.init) {
			norm_top(n, &s->u.decl.init);
			norm_split_large(n, &s->u.decl.init);
		}
		for (int i = 0; i < s->u.decl.ninits; i++)
			norm_expr(n, &s->u.decl.inits[i]);
		break;
	case S_ASSIGN:
		norm_lvalue(n, &s->u.assign.lhs);
		/* (acc += sq(x) converts acc + sq(x), not the call: the call
		 * goes into a temporary of its own type below) */
		if (s->u.assign.op == A_SET)
			s->u.assign.rhs = norm_convert_call(
				s->u.assign.rhs, s->u.assign.lhs->type);
		if (s->u.assign.op == A_SET)
			norm_top(n, &s->u.assign.rhs);
		else
			norm_expr(n, &s->u.assign.rhs);
		norm_split_large(n, &s->u.assign.rhs);
		Expr *sel = norm_sel_store_ptr(s->u.assign.lhs);
		if (sel)
			*sp = norm_sel_store(s->u.assign.op, sel,
					     s->u.assign.lhs->type,
					     s->u.assign.rhs, s->loc);
		break;
	case S_EXPR:
		if (calls_out_math(s->u.expr)) {
			for (int i = 0; i < s->u.expr->u.call.nargs; i++)
				norm_expr(n, &s->u.expr->u.call.args[i]);
			norm_split_out_call(n, &s->u.expr, 0);
			*sp = stmt_new(S_EMPTY, s->loc);
			break;
		}
		norm_top(n, &s->u.expr);
		break;
	case S_RETURN:
		norm_expr(n, &s->u.expr);
		norm_split_large(n, &s->u.expr);
		break;
	case S_IF:
		if (norm_late_call(n, s->u.ifs.cond)) {
			*sp = norm_if_tests(n, s);
			norm_stmt(n, sp);
			break;
		}
		norm_expr(n, &s->u.ifs.cond);
		norm_body(n, &s->u.ifs.then);
		norm_body(n, &s->u.ifs.els);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		if (s->kind == S_FOR && s->u.loop.inc)
			norm_sel_inc(s);
		norm_body(n, &s->u.loop.body);
		if (!s->u.loop.omp && norm_calls_in(n, s->u.loop.cond))
			*sp = norm_loop_tests(n, s);
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

/* Does e hold a call that norm_hoist moves into a temporary or splits
 * (calls_out_math)? */
static int norm_calls_in(Normalizer *n, const Expr *e)
{
	if (!e)
		return 0;
	if (e->kind == E_CALL && (norm_hoists_call(n, e) || calls_out_math(e)))
		return 1;
	int found = 0;
	NormCalls k = { n, &found };
	ir_plain_kids(e, norm_calls_kid, &k);
	if (e->kind == E_CALL)
		for (int i = 0; i < e->u.call.nargs && !found; i++)
			found = norm_calls_in(n, e->u.call.args[i]);
	if (e->kind == E_INDEX)
		found = found || norm_calls_in(n, e->u.index.base) ||
			norm_calls_in(n, e->u.index.idx);
	if (e->kind == E_DEREF)
		found = found || norm_calls_in(n, e->u.e);
	return found;
}

/* A loop whose condition calls a function, while (resid(x, n) > tol &&
 * it < maxit) S: the condition becomes tests at the top of the body of a
 * for (;;) (keeping a for's init and inc), one per operand of its chain
 * of &&, each operand's calls in temporaries just before its test, which
 * leaves the loop:
 *
 *   for (;; inc) { double ck_resid = resid(x, n);
 *                  if (!(ck_resid > tol)) break;
 *                  if (!(it < maxit)) break; S }
 *
 * A do-while's tests end its body; with a continue in the body, a flag
 * skips them on the first pass instead: for (int ck_first = 1;;
 * ck_first = 0) { if (!ck_first) { tests } S }.  Calls left in the arms
 * of ?: or on the right of || stay, and are refused later if they need a
 * derivative. */
static Stmt *norm_loop_tests(Normalizer *n, Stmt *s)
{
	Loc loc = s->loc;
	Expr *ops[64];
	int nops = 0;
	Expr *c = s->u.loop.cond;
	while (c->kind == E_BINARY && c->u.bin.op == B_LAND && nops < 63) {
		ops[nops++] = c->u.bin.r;
		c = c->u.bin.l;
	}
	ops[nops++] = c;
	Stmt *tests = stmt_block(loc);
	for (int i = nops - 1; i >= 0; i--) {
		Stmt *saved = n->prefix;
		n->prefix = stmt_block(loc);
		norm_expr(n, &ops[i]);
		for (int j = 0; j < n->prefix->u.block.n; j++)
			stmt_append(tests, n->prefix->u.block.items[j]);
		n->prefix = saved;
		Stmt *t = stmt_new(S_IF, loc);
		t->u.ifs.cond = expr_unary(U_NOT, ops[i], loc);
		t->u.ifs.then = stmt_new(S_BREAK, loc);
		stmt_append(tests, t);
	}
	int first = -1;
	if (s->kind == S_DO && stmt_has_continue(s->u.loop.body))
		first = func_add_var(n->f, name_fresh(n->p, n->f, "ck_first"),
				     type_int(), VAR_LOCAL, loc);
	Stmt *f = ir_tested_loop(n->f, s->kind == S_DO, tests, s->u.loop.body,
				 first, loc);
	if (s->kind == S_FOR) {
		f->u.loop.init = s->u.loop.init;
		f->u.loop.inc = s->u.loop.inc;
		/* with no continue to reach it, the step ends the body: a
		 * loop left by break whose step the reverse sweep needs
		 * taped is refused, and the break is the tests' */
		if (s->u.loop.inc && !stmt_has_continue(s->u.loop.body)) {
			stmt_append(f->u.loop.body, s->u.loop.inc);
			f->u.loop.inc = NULL;
		}
	}
	return f;
}

/* ---- continue and break that leave a checkpoint region
 *
 * A region (#pragma ck_checkpoint before a statement that is not a loop)
 * whose statements continue or break the loop around it: its statement
 * goes into `do { ... } while (0)`, each such continue or break becomes
 * `ck_leave = 1; break;` (2 for a break), and after the region `if
 * (ck_leave == 1) continue;` (and `== 2`, break) takes the exit, with
 * `int ck_leave = 0;` before it.  The region then ends where it starts,
 * and f_bwd recomputes it whole; its integer ck_leave is in its snapshot
 * as any other.  Inner regions first, so that the exits an inner one
 * takes after it are the outer one's to rewrite. */

/* Rewrites the continues and breaks of slot *sp that leave the loops
 * around it (those not inside a loop of their own), with *var, the int
 * ck_leave, made at the first; returns which kinds it met (1 continue, 2
 * break). */
static int rx_slot(Program *p, Func *f, int *var, Stmt **sp)
{
	Stmt *s = *sp;
	if (!s)
		return 0;
	switch (s->kind) {
	case S_CONTINUE:
	case S_BREAK: {
		int k = s->kind == S_CONTINUE ? 1 : 2;
		if (*var < 0)
			*var = func_add_var(f, name_fresh(p, f, "ck_leave"),
					    type_int(), VAR_LOCAL, s->loc);
		Stmt *b = stmt_block(s->loc);
		stmt_append(b, stmt_assign(A_SET, expr_var(f, *var, s->loc),
					   expr_int(k, s->loc), s->loc));
		stmt_append(b, stmt_new(S_BREAK, s->loc));
		*sp = b;
		return k;
	}
	case S_BLOCK: {
		int m = 0;
		for (int i = 0; i < s->u.block.n; i++)
			m |= rx_slot(p, f, var, &s->u.block.items[i]);
		return m;
	}
	case S_IF:
		return rx_slot(p, f, var, &s->u.ifs.then) |
		       rx_slot(p, f, var, &s->u.ifs.els);
	case S_CHECKPOINT:
		return rx_slot(p, f, var, &s->u.ckpt.body);
	default:
		return 0;
	}
}

static Stmt *rx_exit(Func *f, int var, int k, Loc loc)
{
	Stmt *t = stmt_new(S_IF, loc);
	t->u.ifs.cond = expr_binary(B_EQ, expr_var(f, var, loc),
				    expr_int(k, loc), type_int(), loc);
	t->u.ifs.then = stmt_block(loc);
	stmt_append(t->u.ifs.then,
		    stmt_new(k == 1 ? S_CONTINUE : S_BREAK, loc));
	return t;
}

static void region_exits(Program *p, Func *f, Stmt **sp)
{
	Stmt *s = *sp;
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			region_exits(p, f, &s->u.block.items[i]);
		return;
	case S_IF:
		region_exits(p, f, &s->u.ifs.then);
		region_exits(p, f, &s->u.ifs.els);
		return;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		region_exits(p, f, &s->u.loop.body);
		return;
	case S_CHECKPOINT:
		region_exits(p, f, &s->u.ckpt.body);
		break;
	default:
		return;
	}
	Stmt *body = s->u.ckpt.body;
	if (s->u.ckpt.binomial || s->u.ckpt.online || s->u.ckpt.budget ||
	    !body || body->kind == S_FOR || body->kind == S_WHILE ||
	    body->kind == S_DO)
		return;
	Loc loc = s->loc;
	int var = -1;
	int kinds = rx_slot(p, f, &var, &s->u.ckpt.body);
	if (!kinds)
		return;
	Stmt *once = stmt_new(S_DO, loc);
	once->u.loop.cond = expr_int(0, loc);
	once->u.loop.body = stmt_block(loc);
	stmt_append(once->u.loop.body, s->u.ckpt.body);
	s->u.ckpt.body = once;
	Stmt *b = stmt_block(loc);
	stmt_append(b, stmt_decl(var, expr_int(0, loc), loc));
	stmt_append(b, s);
	if (kinds & 1)
		stmt_append(b, rx_exit(f, var, 1, loc));
	if (kinds & 2)
		stmt_append(b, rx_exit(f, var, 2, loc));
	*sp = b;
}

void normalize_program(Program *p)
{
	accessors_inline(p);
	alloc_wrappers_inline(p);
	global_scratch(p);
	ir_fields_scan(p);
	for (int i = 0; i < p->nfuncs; i++) {
		Normalizer n;
		n.p = p;
		n.f = p->funcs[i];
		n.prefix = NULL;
		if (n.f->body)
			omp_privatize(p, n.f);
		static_scratch(p, n.f);
		struct_param_copy(p, n.f);
		decl_sink(n.f);
		ptr_one_struct(n.f);
		ptr_select(p, n.f);
		soa_locals(p, n.f);
		heap_stepped(p, n.f);
		member_allocs(p, n.f);
		save_members(n.f);
		ping_locals(p, n.f);
		heap_locals(p, n.f);
		ptr_swap(p, n.f);
		ptr_moving(p, n.f);
		ptr_table(p, n.f);
		norm_block(&n, n.f->body);
		region_exits(p, n.f, &n.f->body);
		online_shape(p, n.f);
	}
	globals_static_check(p);
}

/* ---- local arrays of structs as arrays of their members
 *
 * A local array of structs whose members are numbers or fixed arrays of
 * them, `st s[4];`, used only through its members (s[i].x, s[i].p[k]),
 * becomes one array per member, `double s_x[4], s_p[4][3];`, with
 * s[i].x read as s_x[i].  The reverse mode then handles it as any local
 * array.  A member's array that nothing reads goes with its stores (or
 * is marked unused, when a store of a call's value stays: gcc -Wall
 * would call it set but not used).  An array used any other way (whole, &s[i], s[i] as a struct, in
 * save()), declared with values, or in a function with OpenMP loops is
 * left as it is. */

typedef struct Soa {
	int var;        /* the array of structs */
	int depth;      /* its dimensions */
	int good;       /* member uses seen */
	int all;        /* uses seen */
	int *field_var; /* per member, its array (the rewrite) */
	Func *f;
} Soa;

/* The member use s[i]...[j].m of soa's array that e is, or 0. */
static int soa_use(const Soa *s, const Expr *e)
{
	if (e->kind != E_MEMBER)
		return 0;
	const Expr *b = e->u.mem.base;
	int k = 0;
	for (; b->kind == E_INDEX; b = b->u.index.base)
		k++;
	return b->kind == E_VAR && b->u.var == s->var && k == s->depth;
}

static void soa_count(void *ctx, const Expr *e)
{
	Soa *s = ctx;
	if (e->kind == E_VAR && e->u.var == s->var)
		s->all++;
	if (soa_use(s, e))
		s->good++;
	/* &s[i].x of a number member: a pointer that C may step to the
	 * struct's next member (double *w = &b[0].x; *w++ = ...), which
	 * the member's own array would not hold */
	if (e->kind == E_ADDR && soa_use(s, e->u.e) &&
	    e->u.e->type->kind != TY_ARRAY)
		s->all++;
}

static Expr *soa_rewrite(void *ctx, Expr *e)
{
	Soa *s = ctx;
	if (!soa_use(s, e))
		return NULL;
	/* the indices, outermost first */
	Expr *idx[16];
	int k = s->depth;
	const Expr *b = e->u.mem.base;
	for (int j = k - 1; j >= 0; j--, b = b->u.index.base)
		idx[j] = b->u.index.idx;
	Expr *r = expr_var(s->f, s->field_var[e->u.mem.field], e->loc);
	for (int j = 0; j < k; j++)
		r = expr_index(r, expr_map(idx[j], soa_rewrite, s), e->loc);
	return r;
}

typedef struct SoaScan {
	int var;
	int bad;
	int init; /* declared with a value */
	int omp;
	Stmt *decl;
} SoaScan;

static void soa_scan(void *ctx, const Stmt *st)
{
	SoaScan *c = ctx;
	if ((st->kind == S_FOR) && st->u.loop.omp)
		c->omp = 1;
	if (st->kind == S_DECL && st->u.decl.var == c->var) {
		c->init = st->u.decl.init || st->u.decl.inits;
		c->decl = (Stmt *)st;
	}
	if (st->kind == S_CHECKPOINT)
		for (int i = 0; i < st->u.ckpt.nsaves; i++)
			if (st->u.ckpt.saves[i]->var == c->var &&
			    st->u.ckpt.saves[i]->field < 0)
				c->bad = 1;
}

static Stmt *block_of(Stmt *s, const Stmt *at);

typedef struct SoaSet {
	int var;
	const StructDef *sd;
	int hit;
} SoaSet;

/* Is member m of sd an integer or a pointer? */
static int soa_int_or_ptr(const StructDef *sd, int m)
{
	TypeKind k = sd->fields[m].type->kind;
	return k == TY_INT || k == TY_PTR;
}

static void soa_set(void *ctx, const Stmt *st)
{
	SoaSet *c = ctx;
	const Expr *l = st->kind == S_ASSIGN ? st->u.assign.lhs : NULL;
	if (l && l->kind == E_MEMBER && l->u.mem.base->kind == E_VAR &&
	    l->u.mem.base->u.var == c->var &&
	    soa_int_or_ptr(c->sd, l->u.mem.field))
		c->hit = 1;
}

/* A local struct (not an array) becomes one variable per member only
 * where the reverse mode would refuse it as a struct: an integer or
 * pointer member that a statement sets (the front end makes an
 * initializer such statements too). */
static int soa_scalar(const Func *f, const StructDef *sd, int v)
{
	SoaSet c = { v, sd, 0 };
	ir_visit_stmts(f->body, soa_set, &c);
	return c.hit;
}

/* Puts decls' items after the first behind statement at, in the block
 * that holds it. */
static void soa_insert(Stmt *body, const Stmt *at, const Stmt *decls)
{
	Stmt *b = block_of(body, at);
	int i = 0;
	while (b->u.block.items[i] != at)
		i++;
	for (int j = decls->u.block.n - 1; j >= 1; j--)
		stmt_insert(b, i + 1, decls->u.block.items[j]);
}

typedef struct SoaRead {
	int var, mentions, stores, sets;
} SoaRead;

/* Is s var = e or var[i]...[j] = e?  2 when e and the indices are free
 * of calls (a plain store), else 1; 0 when s is no such store. */
static int soa_store(const Stmt *s, int var)
{
	if (s->kind != S_ASSIGN || s->u.assign.op != A_SET)
		return 0;
	int calls = expr_has_call(s->u.assign.rhs);
	const Expr *l = s->u.assign.lhs;
	for (; l->kind == E_INDEX; l = l->u.index.base)
		calls |= expr_has_call(l->u.index.idx);
	if (l->kind != E_VAR || l->u.var != var)
		return 0;
	return calls ? 1 : 2;
}

static int soa_plain_store(const Stmt *s, int var)
{
	return soa_store(s, var) == 2;
}

static void soa_read_expr(void *ctx, const Expr *e)
{
	SoaRead *r = ctx;
	r->mentions += e->kind == E_VAR && e->u.var == r->var;
}

static void soa_read_stmt(void *ctx, const Stmt *s)
{
	SoaRead *r = ctx;
	r->stores += soa_plain_store(s, r->var);
	r->sets += soa_store(s, r->var) > 0;
}

/* Removes var's plain stores from the blocks of s, and its declaration
 * when decl. */
static void soa_drop_stores(Stmt *s, int var, int decl)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK: {
		int j = 0;
		for (int i = 0; i < s->u.block.n; i++) {
			Stmt *it = s->u.block.items[i];
			if (soa_plain_store(it, var) ||
			    (decl && it->kind == S_DECL &&
			     it->u.decl.var == var))
				continue;
			soa_drop_stores(it, var, decl);
			s->u.block.items[j++] = it;
		}
		s->u.block.n = j;
		return;
	}
	case S_IF:
		soa_drop_stores(s->u.ifs.then, var, decl);
		soa_drop_stores(s->u.ifs.els, var, decl);
		return;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		soa_drop_stores(s->u.loop.body, var, decl);
		return;
	case S_CHECKPOINT:
		soa_drop_stores(s->u.ckpt.body, var, decl);
		return;
	default:
		return;
	}
}

/* Drops the plain stores (in blocks) of a member's variable that nothing
 * reads, and the variable when none of its stores stays; returns whether
 * it dropped anything.  One that keeps a store (of a call's value, or a
 * loop's init) is marked as the source's (void)v would mark it
 * (Var.voided): gcc -Wall calls it set but not used. */
static int soa_drop_unread(Func *f, int var)
{
	/* read nowhere: named only as the target of its stores */
	SoaRead r = { var, 0, 0, 0 };
	ir_walk_stmt(f->body, soa_read_expr, &r);
	ir_visit_stmts(f->body, soa_read_stmt, &r);
	if (r.mentions != r.sets)
		return 0;
	soa_drop_stores(f->body, var, 0);
	SoaRead left = { var, 0, 0, 0 };
	ir_walk_stmt(f->body, soa_read_expr, &left);
	if (left.mentions) {
		f->vars[var]->voided = 1;
		return left.mentions < r.mentions;
	}
	soa_drop_stores(f->body, var, 1);
	f->vars[var]->dropped = 1;
	return 1;
}

static void soa_locals(Program *p, Func *f)
{
	int nold = f->nvars; /* the members' arrays come after */
	for (int v = 0; v < f->nvars; v++) {
		Var *x = f->vars[v];
		Type *t = x->type;
		int depth = 0;
		for (; t->kind == TY_ARRAY; t = t->base)
			depth++;
		if (x->kind != VAR_LOCAL || x->is_static || depth > 16 ||
		    t->kind != TY_STRUCT || !t->st->complete ||
		    t->st->complete < 0)
			continue;
		StructDef *sd = t->st;
		int ok = sd->nfields > 0;
		for (int i = 0; i < sd->nfields && ok; i++) {
			const Type *ft = sd->fields[i].type;
			while (ft->kind == TY_ARRAY)
				ft = ft->base;
			if (!depth && ft->kind == TY_PTR)
				ft = ft->base;
			ok = ft->kind == TY_DOUBLE || ft->kind == TY_FLOAT ||
			     ft->kind == TY_INT;
		}
		if (!ok)
			continue;
		SoaScan c = { v, 0, 0, 0, NULL };
		ir_visit_stmts(f->body, soa_scan, &c);
		if (depth)
			c.bad |= c.init;
		else if (c.decl)
			c.bad |= c.init || !soa_scalar(f, sd, v);
		if (c.bad || c.omp || !c.decl || !block_of(f->body, c.decl))
			continue;
		Soa s = { v, depth, 0, 0, NULL, f };
		ir_walk_stmt(f->body, soa_count, &s);
		if (s.good != s.all)
			continue;
		/* one array per member: the struct's dimensions around the
		 * member's type */
		s.field_var = arena_alloc(sizeof(int) * (size_t)sd->nfields);
		Stmt *decls = stmt_block(c.decl->loc);
		for (int i = 0; i < sd->nfields; i++) {
			Type *ft = sd->fields[i].type;
			Type *dims[16];
			int n = 0;
			for (Type *u = x->type; u->kind == TY_ARRAY;
			     u = u->base)
				dims[n++] = u;
			for (int j = n - 1; j >= 0; j--) {
				Type *a = type_new(TY_ARRAY);
				a->len = dims[j]->len;
				a->base = ft;
				ft = a;
			}
			s.field_var[i] = func_add_var(
				f,
				name_fresh(p, f,
					   arena_printf("%s_%s", x->name,
							sd->fields[i].name)),
				ft, VAR_LOCAL, x->loc);
			f->vars[s.field_var[i]]->member_of = arena_printf(
				"%s.%s", x->name, sd->fields[i].name);
			f->vars[s.field_var[i]]->of_var = v + 1;
			f->vars[s.field_var[i]]->of_field = i;
			stmt_append(decls,
				    stmt_decl(s.field_var[i], NULL, x->loc));
		}
		/* the first member's array takes the declaration's place, the
		 * others follow it in its block */
		Stmt *first = decls->u.block.items[0];
		*c.decl = *first;
		soa_insert(f->body, c.decl, decls);
		stmt_map_exprs(f->body, soa_rewrite, &s);
		x->dropped = 1;
	}
	/* a member that nothing reads (M = *L copies it, prev[i] = cur[i]
	 * too) goes, as a struct's would; dropping one may leave another
	 * unread (cur_id, read only by prev_id[i] = cur_id[i]) */
	for (int again = 1; again;) {
		again = 0;
		for (int v = nold; v < f->nvars; v++)
			if (!f->vars[v]->dropped && soa_drop_unread(f, v))
				again = 1;
	}
}

/* ---- ping-pong buffers
 *
 * Local pointers that only ever point to the start of one of several
 * local arrays of the same type and length (double buffering:
 * `tmp = cur; cur = nxt; nxt = tmp;`) become indices into one array of
 * those arrays: `double ck_buf[2][N]`, `int cur = 0, nxt = 1`, cur[i] read
 * as ck_buf[cur][i].  The reverse mode then follows them as integers that
 * select a row.  Only pointers assigned nothing but those arrays or each
 * other and used only as p[i], *p or a call's argument; only arrays used
 * only as a[i], a call's argument or such a pointer's value, and declared
 * in one block.  A save() section that names one of them is dropped: the
 * array of arrays is local, and snapshots hold it whole. */

typedef struct Ping {
	Func *f;
	int *kind;   /* per var: 1 pointer, 2 array of a group, -1 refused */
	int *parent; /* union-find over the vars */
	int *buf;    /* per var of a group rewritten, its array of arrays */
	int *row;    /* per array var, its row in buf */
	const char **why; /* per var refused (kind -1): what it does */
	int n;       /* the vars these cover (those before the rewrites') */
} Ping;

/* Is var v of a group being rewritten? */
static int ping_in(const Ping *g, int v)
{
	return v >= 0 && v < g->n && g->buf[v] >= 0;
}

static int ping_find(int *parent, int x)
{
	while (parent[x] != x)
		x = parent[x] = parent[parent[x]];
	return x;
}

/* The size in bytes of an element that swapped buffers may hold (local
 * arrays here, malloc'd ones in heap_locals): a number, a struct (of a
 * known size), or a row of them of a length known at compile time (double
 * (*cur)[NI] over double A[NJ][NI]; double (*u)[M] = malloc(n * sizeof
 * *u)); 0 for any other type. */
static long buf_elem_size(const Type *t)
{
	if (t->kind == TY_ARRAY) {
		long e = t->len > 0 && !t->vla_nd && !t->rows
				 ? buf_elem_size(t->base)
				 : 0;
		return e * t->len;
	}
	if (t->kind == TY_STRUCT)
		return t->st->complete > 0 ? t->st->size : 0;
	return t->kind == TY_DOUBLE ? 8 : t->kind == TY_FLOAT ? 4 : 0;
}

/* May buffers of elements a and b be joined (buf_elem_size)?  Numbers of
 * one kind, or the same struct or rows. */
static int buf_same_elem(const Type *a, const Type *b)
{
	return type_is_float(a) ? a->kind == b->kind : type_same(a, b);
}

static int ping_ptr(const Func *f, int v)
{
	const Var *x = f->vars[v];
	return x->kind == VAR_LOCAL && !x->is_static &&
	       x->type->kind == TY_PTR && buf_elem_size(x->type->base) > 0;
}

static int ping_arr(const Func *f, int v)
{
	const Var *x = f->vars[v];
	return x->kind == VAR_LOCAL && !x->is_static &&
	       x->type->kind == TY_ARRAY && x->type->len > 0 &&
	       !x->type->rows && buf_elem_size(x->type->base) > 0;
}

/* An array of rows or of structs, whose initializer ping_locals does not
 * lay out row by row: only zeros (ping_any_nonzero). */
static int ping_arr_nested(const Func *f, int v)
{
	return ping_arr(f, v) && !type_is_float(f->vars[v]->type->base);
}

/* The var a pointer assignment's value names (p = a, p = q), or -1. */
static int ping_src(const Ping *g, const Expr *e)
{
	if (e && e->kind == E_VAR &&
	    (ping_ptr(g->f, e->u.var) || ping_arr(g->f, e->u.var)))
		return e->u.var;
	return -1;
}

static void ping_bad_var(Ping *g, int v, const char *why)
{
	if (v >= 0 && v < g->n && g->kind[v] != -1) {
		g->kind[v] = -1;
		g->why[v] = why;
	}
}

/* Marks the pointers and arrays that occur otherwise than allowed. */

static void ping_expr(Ping *g, const Expr *e, int ctx_ok);

static void ping_kid(void *g, const Expr *e)
{
	ping_expr(g, e, 0);
}

static void ping_expr(Ping *g, const Expr *e, int ctx_ok)
{
	if (!e)
		return;
	switch (e->kind) {
	case E_VAR:
		if (!ctx_ok)
			ping_bad_var(g, e->u.var,
				     "is used otherwise than as a[i], *a or a "
				     "call's argument");
		return;
	case E_INDEX:
		ping_expr(g, e->u.index.base, 1);
		ping_expr(g, e->u.index.idx, 0);
		return;
	case E_DEREF:
		if (e->u.e->kind == E_VAR && ping_ptr(g->f, e->u.e->u.var))
			return;
		ping_expr(g, e->u.e, 0);
		return;
	case E_CALL:
		for (int i = 0; i < e->u.call.nargs; i++)
			ping_expr(g, e->u.call.args[i], 1);
		return;
	default:
		ir_plain_kids(e, ping_kid, g);
		return;
	}
}

/* Pointer v takes value e: an array or pointer of the group (p = a),
 * or a choice of two (p = c ? a : b). */
static int ping_choice(Ping *g, int v, const Expr *e, int join)
{
	if (e->kind == E_COND) {
		if (!ping_choice(g, v, e->u.cond.a, join) ||
		    !ping_choice(g, v, e->u.cond.b, join))
			return 0;
		if (join)
			ping_expr(g, e->u.cond.c, 0);
		return 1;
	}
	int a = ping_src(g, e);
	if (a >= 0 && join)
		g->parent[ping_find(g->parent, a)] = ping_find(g->parent, v);
	return a >= 0;
}

static void ping_store(Ping *g, int v, const Expr *e)
{
	if (ping_choice(g, v, e, 0)) {
		ping_choice(g, v, e, 1);
		return;
	}
	ping_bad_var(g, v,
		     "is set to something other than the arrays or each "
		     "other");
	ping_expr(g, e, 0);
}

/* Are the values of array declaration s's initializer list all numbers
 * (double a[N] = {0}, = {1, 0.5}), which the array of arrays can take in
 * its own declaration, where the group's first array is declared? */
static int ping_num(const Expr *e)
{
	if (e && e->kind == E_UNARY && e->u.un.op == U_NEG)
		e = e->u.un.e;
	return e && e->kind == E_NUM;
}

/* Is number e (ping_num) other than +0? */
static int ping_nonzero(const Expr *e)
{
	if (e->kind == E_UNARY) /* -0.0 too */
		return 1;
	return e->u.num.val != 0 || signbit(e->u.num.val);
}

/* Does declaration s's list of numbers (ping_const_inits) hold one other
 * than +0?  (Arrays of rows or structs take only zeros: {0}, {{0}}.) */
static int ping_any_nonzero(const Stmt *s)
{
	for (int i = 0; i < s->u.decl.ninits; i++)
		if (ping_nonzero(s->u.decl.inits[i]))
			return 1;
	return 0;
}

static int ping_const_inits(const Stmt *s)
{
	for (int i = 0; i < s->u.decl.ninits; i++)
		if (!ping_num(s->u.decl.inits[i]))
			return 0;
	return 1;
}

static void ping_stmt(void *ctx, const Stmt *s)
{
	Ping *g = ctx;
	switch (s->kind) {
	case S_DECL:
		if (s->u.decl.inits && ping_arr(g->f, s->u.decl.var) &&
		    !ping_const_inits(s))
			ping_bad_var(g, s->u.decl.var,
				     "is declared with values other than "
				     "numbers");
		if (s->u.decl.inits && ping_arr_nested(g->f, s->u.decl.var) &&
		    ping_any_nonzero(s))
			ping_bad_var(g, s->u.decl.var,
				     "is an array of rows or structs declared "
				     "with values other than zeros");
		for (int i = 0; i < s->u.decl.ninits; i++)
			ping_expr(g, s->u.decl.inits[i], 0);
		if (s->u.decl.init && ping_ptr(g->f, s->u.decl.var)) {
			ping_store(g, s->u.decl.var, s->u.decl.init);
		} else {
			ping_expr(g, s->u.decl.init, 0);
		}
		break;
	case S_ASSIGN: {
		const Expr *l = s->u.assign.lhs;
		if (l->kind == E_VAR && ping_ptr(g->f, l->u.var)) {
			if (s->u.assign.op == A_SET) {
				ping_store(g, l->u.var, s->u.assign.rhs);
			} else {
				ping_bad_var(g, l->u.var,
					     "is moved by a compound "
					     "assignment");
				ping_expr(g, s->u.assign.rhs, 0);
			}
			break;
		}
		ping_expr(g, l, 1);
		ping_expr(g, s->u.assign.rhs, 0);
		break;
	}
	case S_EXPR:
	case S_RETURN:
		ping_expr(g, s->u.expr, 0);
		break;
	case S_IF:
		ping_expr(g, s->u.ifs.cond, 0);
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		ping_expr(g, s->u.loop.cond, 0);
		break;
	default:
		break;
	}
}

/* Drops the save() sections that name a pointer or array of a group just
 * rewritten: its arrays are now rows of a local array of arrays, which a
 * snapshot holds whole, and its pointers integers that select a row. */
static void ping_drop_saves(void *ctx, const Stmt *cs)
{
	const Ping *g = ctx;
	if (cs->kind != S_CHECKPOINT)
		return;
	Stmt *s = (Stmt *)cs;
	int j = 0;
	for (int i = 0; i < s->u.ckpt.nsaves; i++)
		if (!ping_in(g, s->u.ckpt.saves[i]->var))
			s->u.ckpt.saves[j++] = s->u.ckpt.saves[i];
	s->u.ckpt.nsaves = j;
}

static Expr *ping_rewrite(void *ctx, Expr *e)
{
	Ping *g = ctx;
	if (e->kind == E_DEREF && e->u.e->kind == E_VAR &&
	    ping_in(g, e->u.e->u.var) && g->kind[e->u.e->u.var] == 1)
		return expr_index(ping_rewrite(ctx, e->u.e),
				  expr_int(0, e->loc), e->loc);
	if (e->kind != E_VAR || !ping_in(g, e->u.var))
		return NULL;
	Expr *sel = g->kind[e->u.var] == 1
			    ? expr_var(g->f, e->u.var, e->loc)
			    : expr_int(g->row[e->u.var], e->loc);
	return expr_index(expr_var(g->f, g->buf[e->u.var], e->loc), sel,
			  e->loc);
}

/* Is s a pointer's declaration or assignment of a rewritten group? */
static int ping_ptr_store(const Ping *g, const Stmt *s)
{
	int v = s->kind == S_DECL ? s->u.decl.var
		: s->kind == S_ASSIGN && s->u.assign.lhs->kind == E_VAR
			? s->u.assign.lhs->u.var
			: -1;
	return ping_in(g, v) && g->kind[v] == 1;
}

static Expr *ping_rewrite(void *ctx, Expr *e);

/* The value of a pointer store: its array's row, or the other pointer,
 * or a choice of them. */
static Expr *ping_value(Ping *g, Expr *e)
{
	if (e && e->kind == E_COND) {
		e->u.cond.c = expr_map(e->u.cond.c, ping_rewrite, g);
		Expr **arm[2] = { &e->u.cond.a, &e->u.cond.b };
		for (int i = 0; i < 2; i++) {
			*arm[i] = ping_value(g, *arm[i]);
			if ((*arm[i])->kind == E_VAR) /* a pointer, now int */
				*arm[i] = expr_var(g->f, (*arm[i])->u.var,
						   (*arm[i])->loc);
		}
		e->type = type_int();
		return e;
	}
	if (e && e->kind == E_VAR && ping_in(g, e->u.var) &&
	    g->kind[e->u.var] == 2)
		return expr_int(g->row[e->u.var], e->loc);
	return e;
}

/* A pointer store of the group: its value becomes a row. */
static int ping_own(void *ctx, Stmt *s)
{
	Ping *g = ctx;
	if (!ping_ptr_store(g, s))
		return 0;
	if (s->kind == S_DECL)
		s->u.decl.init = ping_value(g, s->u.decl.init);
	else
		s->u.assign.rhs = ping_value(g, s->u.assign.rhs);
	return 1;
}

/* The block that holds statement at directly, or NULL (soa_insert,
 * ping_locals). */
static Stmt *block_of(Stmt *s, const Stmt *at)
{
	if (!s)
		return NULL;
	Stmt *r;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++) {
			if (s->u.block.items[i] == at)
				return s;
			if ((r = block_of(s->u.block.items[i], at)))
				return r;
		}
		return NULL;
	case S_IF:
		return (r = block_of(s->u.ifs.then, at))
			       ? r
			       : block_of(s->u.ifs.els, at);
	case S_FOR:
	case S_WHILE:
	case S_DO:
		return (r = block_of(s->u.loop.init, at))
			       ? r
			       : block_of(s->u.loop.body, at);
	case S_CHECKPOINT:
		return block_of(s->u.ckpt.body, at);
	default:
		return NULL;
	}
}

typedef struct PingDecl {
	int var;
	Stmt *decl;
	int omp;
} PingDecl;

static void ping_find_decl(void *ctx, const Stmt *s)
{
	PingDecl *d = ctx;
	if (s->kind == S_DECL && s->u.decl.var == d->var)
		d->decl = (Stmt *)s;
	if (s->kind == S_FOR && s->u.loop.omp)
		d->omp = 1;
}

/* Does f have OpenMP loops?  (Its locals are then left as they are.) */
static int ping_has_omp(const Func *f)
{
	PingDecl od = { -1, NULL, 0 };
	ir_visit_stmts(f->body, ping_find_decl, &od);
	return od.omp;
}

static void ping_locals(Program *p, Func *f)
{
	int n = f->nvars;
	Ping g;
	g.f = f;
	g.n = n;
	g.kind = arena_alloc(sizeof(int) * (size_t)(n + 1));
	g.parent = arena_alloc(sizeof(int) * (size_t)(n + 1));
	g.buf = arena_alloc(sizeof(int) * (size_t)(n + 1));
	g.row = arena_alloc(sizeof(int) * (size_t)(n + 1));
	g.why = arena_alloc(sizeof(char *) * (size_t)(n + 1));
	int any = 0;
	for (int v = 0; v < n; v++) {
		g.kind[v] = ping_ptr(f, v) ? 1 : ping_arr(f, v) ? 2 : 0;
		any |= g.kind[v] == 1;
		g.parent[v] = v;
		g.buf[v] = -1;
	}
	if (!any)
		return;
	if (ping_has_omp(f))
		return;
	ir_visit_stmts(f->body, ping_stmt, &g);
	for (int r = 0; r < n; r++) {
		if (ping_find(g.parent, r) != r)
			continue;
		int nptr = 0, narr = 0, ok = 1, first = -1;
		Stmt *blk = NULL, *firstdecl = NULL;
		const char *why = NULL;
		for (int v = 0; v < n && ok; v++) {
			if (ping_find(g.parent, v) != r || g.kind[v] == 0)
				continue;
			if (g.kind[v] < 0) {
				ok = 0;
				why = arena_printf("'%s' %s", f->vars[v]->name,
						   g.why[v]);
				break;
			}
			if (g.kind[v] == 1) {
				nptr++;
				continue;
			}
			const Type *t = f->vars[v]->type;
			if (first >= 0) {
				const Type *u = f->vars[first]->type;
				ok = t->len == u->len &&
				     buf_same_elem(t->base, u->base) &&
				     t->base->is_const == u->base->is_const;
				if (!ok)
					why = arena_printf(
						"'%s' and '%s' differ in type "
						"or length",
						f->vars[first]->name,
						f->vars[v]->name);
			}
			PingDecl d = { v, NULL, 0 };
			ir_visit_stmts(f->body, ping_find_decl, &d);
			Stmt *b = d.decl ? block_of(f->body, d.decl) : NULL;
			if (ok && (!b || (blk && b != blk))) {
				ok = 0;
				why = arena_printf("'%s' is declared in a "
						   "block of its own",
						   f->vars[v]->name);
			}
			blk = b;
			if (first < 0) {
				first = v;
				firstdecl = d.decl;
			}
			narr++;
		}
		/* for the reverse mode's message, when the group swaps local
		 * arrays (not only malloc'd buffers, heap_locals' group) */
		int arrays = 0;
		for (int v = 0; v < n; v++)
			arrays +=
				ping_find(g.parent, v) == r && ping_arr(f, v);
		if (!ok && why && arrays >= 2)
			for (int v = 0; v < n; v++)
				if (ping_find(g.parent, v) == r &&
				    ping_ptr(f, v))
					f->vars[v]->ping_why = why;
		if (!ok || !nptr || narr < 2)
			continue;
		/* double ck_buf[narr][len] where the first array was declared */
		Type *bt = type_new(TY_ARRAY);
		bt->len = narr;
		bt->base = type_with_const(f->vars[first]->type, 0);
		int buf = func_add_var(f, name_fresh(p, f, "ck_buf"), bt,
				       VAR_LOCAL, f->vars[first]->loc);
		int k = 0;
		/* the arrays' initializer lists, row after row, each padded
		 * with zeros to the row's length: ck_buf's (flat) */
		Expr **inits = NULL;
		int ninits = 0, nonzero = 0, has_inits = 0;
		long len = f->vars[first]->type->len;
		for (int v = 0; v < n; v++) {
			if (ping_find(g.parent, v) != r || g.kind[v] <= 0)
				continue;
			g.buf[v] = buf;
			if (g.kind[v] == 2) {
				g.row[v] = k++;
				PingDecl d = { v, NULL, 0 };
				ir_visit_stmts(f->body, ping_find_decl, &d);
				has_inits |= d.decl->u.decl.inits != NULL;
				for (long i = 0; i < len; i++) {
					Expr *e = i < d.decl->u.decl.ninits
							  ? d.decl->u.decl
								    .inits[i]
							  : NULL;
					nonzero |= e && ping_nonzero(e);
					ARENA_PUSH(
						inits, ninits,
						e ? expr_clone(e)
						  : expr_int(0, d.decl->loc));
				}
				if (d.decl != firstdecl) {
					/* gone from its block */
					Stmt *b = block_of(f->body, d.decl);
					int j = 0;
					for (int i = 0; i < b->u.block.n; i++)
						if (b->u.block.items[i] !=
						    d.decl)
							b->u.block.items[j++] =
								b->u.block.items
									[i];
					b->u.block.n = j;
				}
				f->vars[v]->dropped = 1;
			} else {
				f->vars[v]->type = type_int();
			}
		}
		*firstdecl = *stmt_decl(buf, NULL, firstdecl->loc);
		if (nonzero) {
			firstdecl->u.decl.inits = inits;
			firstdecl->u.decl.ninits = ninits;
		} else if (has_inits) {
			/* all zero: {0} */
			firstdecl->u.decl.inits = inits;
			firstdecl->u.decl.ninits = 1;
		}
		stmt_rewrite(f->body, ping_own, ping_rewrite, &g);
		ir_visit_stmts(f->body, ping_drop_saves, &g);
		for (int v = 0; v < n; v++)
			if (ping_find(g.parent, v) == r)
				g.buf[v] = -1;
	}
}

/* ---- heap ping-pong buffers
 *
 * The same idiom over malloc'd buffers: local pointers that hold several
 * buffers of one element type and size (numbers, structs, or rows of
 * them of a length known at compile time), allocated by consecutive
 * statements of one block (`double *u = malloc(n * sizeof *u), *v =
 * malloc(n * sizeof *v);`), and that are copied, swapped and stepped
 * among themselves, become offsets into one buffer of those buffers:
 *
 *   long ck_hn = n;  double *ck_heap = malloc(2 * (n * 8UL));
 *   long u = 0, v = ck_hn;        u[i] -> ck_heap[u + i]
 *   step(u, v)  -> step(ck_heap + u, ck_heap + v)
 *   free(u); free(v);  -> free(ck_heap);
 *
 * The reverse mode then knows the one array they all point into.  Only
 * pointers used as p[i], *p, p + k, a call's argument, a comparison among
 * them, a test against null and a save() section; whose values are those
 * buffers, each other or each other plus an integer; and whose buffers
 * are freed together (as many consecutive free() as buffers), never
 * reallocated. */

typedef struct Heap {
	Func *f;
	int n;         /* the vars these cover (those before the rewrite's) */
	int *kind;     /* per var: 1 candidate pointer, -1 refused, 0 other */
	int *parent;   /* union-find over the vars */
	Stmt **allocs; /* the allocating statements, with their var */
	int *alloc_var;
	int nallocs;
	Stmt **frees; /* free(p) statements, with p */
	int *free_var;
	int nfrees;
	int buf;  /* the group being rewritten: its buffer, or -1 */
	int root; /* and its root */
} Heap;

static int heap_cand(const Func *f, int v)
{
	const Var *x = f->vars[v];
	return x->kind == VAR_LOCAL && !x->is_static &&
	       x->type->kind == TY_PTR && buf_elem_size(x->type->base) > 0;
}

static int heap_is(const Heap *h, int v)
{
	return v >= 0 && v < h->n && h->kind[v] != 0;
}

static void heap_bad(Heap *h, int v)
{
	if (heap_is(h, v))
		h->kind[v] = -1;
}

/* The candidate at the bottom of pointer expression e (p, p + k, k + p,
 * p - k), or -1. */
static int heap_base(const Heap *h, const Expr *e)
{
	while (e && e->kind == E_BINARY && e->type->kind == TY_PTR &&
	       (e->u.bin.op == B_ADD || e->u.bin.op == B_SUB))
		e = e->u.bin.l->type->kind == TY_PTR ? e->u.bin.l : e->u.bin.r;
	return e && e->kind == E_VAR && heap_is(h, e->u.var) ? e->u.var : -1;
}

static int heap_null(const Expr *e)
{
	while (e->kind == E_CAST)
		e = e->u.e;
	return e->kind == E_NUM && e->u.num.val == 0;
}

static void heap_join(Heap *h, int a, int b)
{
	h->parent[ping_find(h->parent, a)] = ping_find(h->parent, b);
}

static void heap_expr(Heap *h, const Expr *e, int ptr_ok);

static void heap_kid(void *h, const Expr *e)
{
	heap_expr(h, e, 0);
}

/* The integer parts of pointer expression e (whose base is a candidate). */
static void heap_offsets(Heap *h, const Expr *e)
{
	while (e->kind == E_BINARY) {
		int l = e->u.bin.l->type->kind == TY_PTR;
		heap_expr(h, l ? e->u.bin.r : e->u.bin.l, 0);
		e = l ? e->u.bin.l : e->u.bin.r;
	}
}

/* Marks the candidates that e uses otherwise than allowed; ptr_ok: e's
 * value may be a candidate's pointer (a call's argument). */
static void heap_expr(Heap *h, const Expr *e, int ptr_ok)
{
	if (!e)
		return;
	int b = heap_base(h, e);
	if (b >= 0) {
		if (!ptr_ok)
			heap_bad(h, b);
		heap_offsets(h, e);
		return;
	}
	switch (e->kind) {
	case E_INDEX:
		heap_expr(h, e->u.index.base, 1);
		heap_expr(h, e->u.index.idx, 0);
		return;
	case E_DEREF:
		heap_expr(h, e->u.e, 1);
		return;
	case E_CALL: {
		const AllocRule *r = alloc_find(e);
		for (int i = 0; i < e->u.call.nargs; i++)
			heap_expr(h, e->u.call.args[i], !r);
		return;
	}
	case E_UNARY:
		if (e->u.un.op == U_NOT && e->u.un.e->kind == E_VAR &&
		    heap_is(h, e->u.un.e->u.var))
			return; /* !p */
		ir_plain_kids(e, heap_kid, h);
		return;
	case E_BINARY: {
		BinOp op = e->u.bin.op;
		int l = heap_base(h, e->u.bin.l), r = heap_base(h, e->u.bin.r);
		int cmp = op == B_LT || op == B_GT || op == B_LE ||
			  op == B_GE || op == B_EQ || op == B_NE;
		if (cmp && l >= 0 && r >= 0) {
			heap_join(h, l, r);
			heap_offsets(h, e->u.bin.l);
			heap_offsets(h, e->u.bin.r);
			return;
		}
		if ((op == B_EQ || op == B_NE) &&
		    ((e->u.bin.l->kind == E_VAR && l >= 0 &&
		      heap_null(e->u.bin.r)) ||
		     (e->u.bin.r->kind == E_VAR && r >= 0 &&
		      heap_null(e->u.bin.l))))
			return; /* p == NULL */
		ir_plain_kids(e, heap_kid, h);
		return;
	}
	default:
		ir_plain_kids(e, heap_kid, h);
		return;
	}
}

/* Is e a choice among the candidates' pointers (c ? u : d ? v : w)? */
static int heap_choice(const Heap *h, const Expr *e)
{
	if (e->kind == E_COND)
		return heap_choice(h, e->u.cond.a) &&
		       heap_choice(h, e->u.cond.b);
	return heap_base(h, e) >= 0;
}

/* A store of value e (NULL: none) to candidate v by statement s. */
static void heap_store(Heap *h, int v, const Expr *e, Stmt *s)
{
	const AllocRule *r = e ? alloc_find(e) : NULL;
	if (r && r->kind == ALLOC_NEW && r->user) {
		ARENA_PUSH(h->allocs, h->nallocs, s);
		h->alloc_var =
			arena_room(h->alloc_var, h->nallocs - 1, sizeof(int));
		h->alloc_var[h->nallocs - 1] = v;
		for (int i = 0; i < alloc_call_of(e)->u.call.nargs; i++)
			heap_expr(h, alloc_call_of(e)->u.call.args[i], 0);
		return;
	}
	if (e && e->kind == E_COND && heap_choice(h, e)) { /* p = c ? u : v */
		heap_expr(h, e->u.cond.c, 0);
		heap_store(h, v, e->u.cond.a, s);
		heap_store(h, v, e->u.cond.b, s);
		return;
	}
	int b = e ? heap_base(h, e) : -1;
	if (b < 0) {
		heap_bad(h, v);
		heap_expr(h, e, 0);
		return;
	}
	heap_join(h, v, b);
	heap_offsets(h, e);
}

static void heap_stmt(void *ctx, const Stmt *cs)
{
	Heap *h = ctx;
	Stmt *s = (Stmt *)cs;
	switch (s->kind) {
	case S_DECL:
		for (int i = 0; i < s->u.decl.ninits; i++)
			heap_expr(h, s->u.decl.inits[i], 0);
		if (heap_is(h, s->u.decl.var)) {
			if (s->u.decl.init)
				heap_store(h, s->u.decl.var, s->u.decl.init,
					   s);
		} else {
			heap_expr(h, s->u.decl.init, 0);
		}
		return;
	case S_ASSIGN: {
		const Expr *l = s->u.assign.lhs;
		if (l->kind == E_VAR && heap_is(h, l->u.var)) {
			AssignOp op = s->u.assign.op;
			if (op == A_SET)
				heap_store(h, l->u.var, s->u.assign.rhs, s);
			else if (op == A_ADD || op == A_SUB)
				heap_expr(h, s->u.assign.rhs, 0);
			else if (op != A_INC && op != A_DEC)
				heap_bad(h, l->u.var);
			return;
		}
		heap_expr(h, l, 0);
		heap_expr(h, s->u.assign.rhs, 0);
		return;
	}
	case S_EXPR: {
		const AllocRule *r = alloc_find(s->u.expr);
		const Expr *a =
			r && r->kind == ALLOC_FREE && r->user
				? alloc_call_of(s->u.expr)->u.call.args[0]
				: NULL;
		if (a && a->kind == E_VAR && heap_is(h, a->u.var)) {
			ARENA_PUSH(h->frees, h->nfrees, s);
			h->free_var = arena_room(h->free_var, h->nfrees - 1,
						 sizeof(int));
			h->free_var[h->nfrees - 1] = a->u.var;
			return;
		}
		heap_expr(h, s->u.expr, 0);
		return;
	}
	case S_RETURN:
		heap_expr(h, s->u.expr, 0);
		return;
	case S_IF:
		heap_expr(h, s->u.ifs.cond, 0);
		return;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		heap_expr(h, s->u.loop.cond, 0);
		return;
	case S_CHECKPOINT:
		for (int i = 0; i < s->u.ckpt.nsaves; i++) {
			heap_expr(h, s->u.ckpt.saves[i]->lo, 0);
			heap_expr(h, s->u.ckpt.saves[i]->len, 0);
		}
		return;
	default:
		return;
	}
}

static int heap_in(const Heap *h, int v)
{
	return heap_is(h, v) && ping_find(h->parent, v) == h->root;
}

/* The offset that pointer expression e of the group stands for. */
static Expr *heap_offset(Heap *h, Expr *e);

static Expr *heap_rewrite(void *ctx, Expr *e)
{
	Heap *h = ctx;
	Func *f = h->f;
	Expr *buf = expr_var(f, h->buf, e->loc);
	int b = heap_base(h, e);
	if (b >= 0 && heap_in(h, b))
		return expr_binary(B_ADD, buf, heap_offset(h, e), buf->type,
				   e->loc);
	switch (e->kind) {
	case E_INDEX:
		b = heap_base(h, e->u.index.base);
		if (b < 0 || !heap_in(h, b))
			return NULL;
		return expr_index(
			buf,
			expr_binary(B_ADD, heap_offset(h, e->u.index.base),
				    expr_map(e->u.index.idx, heap_rewrite, h),
				    type_long(), e->loc),
			e->loc);
	case E_DEREF:
		b = heap_base(h, e->u.e);
		if (b < 0 || !heap_in(h, b))
			return NULL;
		return expr_index(buf, heap_offset(h, e->u.e), e->loc);
	case E_UNARY:
		if (e->u.un.op != U_NOT || e->u.un.e->kind != E_VAR ||
		    !heap_in(h, e->u.un.e->u.var))
			return NULL;
		e->u.un.e = buf; /* !p: the buffer is null */
		return e;
	case E_BINARY: {
		int l = heap_base(h, e->u.bin.l), r = heap_base(h, e->u.bin.r);
		if ((l >= 0 && !heap_in(h, l)) || (r >= 0 && !heap_in(h, r)) ||
		    (l < 0 && r < 0))
			return NULL;
		if (l >= 0 && r >= 0) { /* a comparison: of the offsets */
			e->u.bin.l = heap_offset(h, e->u.bin.l);
			e->u.bin.r = heap_offset(h, e->u.bin.r);
		} else if (l >= 0) { /* p == NULL */
			e->u.bin.l = buf;
		} else {
			e->u.bin.r = buf;
		}
		return e;
	}
	default:
		return NULL;
	}
}

static Expr *heap_offset(Heap *h, Expr *e)
{
	if (e->kind == E_VAR) /* now the offset itself */
		return expr_var(h->f, e->u.var, e->loc);
	if (e->kind == E_COND)
		return expr_cond(expr_map(e->u.cond.c, heap_rewrite, h),
				 heap_offset(h, e->u.cond.a),
				 heap_offset(h, e->u.cond.b), e->loc);
	Expr *l = e->u.bin.l, *r = e->u.bin.r;
	if (l->type->kind == TY_PTR)
		return expr_binary(e->u.bin.op, heap_offset(h, l),
				   expr_map(r, heap_rewrite, h), type_long(),
				   e->loc);
	return expr_binary(B_ADD, expr_map(l, heap_rewrite, h),
			   heap_offset(h, r), type_long(), e->loc);
}

/* A pointer store of the group (its value becomes an offset) and the
 * save() sections of the group's pointers. */
static int heap_own(void *ctx, Stmt *s)
{
	Heap *h = ctx;
	switch (s->kind) {
	case S_DECL:
		if (!heap_in(h, s->u.decl.var))
			return 0;
		if (s->u.decl.init && !alloc_find(s->u.decl.init))
			s->u.decl.init = heap_offset(h, s->u.decl.init);
		return 1;
	case S_ASSIGN:
		if (s->u.assign.lhs->kind != E_VAR ||
		    !heap_in(h, s->u.assign.lhs->u.var))
			return 0;
		if (alloc_find(s->u.assign.rhs))
			; /* an allocation: its row (heap_group) */
		else if (s->u.assign.op == A_SET)
			s->u.assign.rhs = heap_offset(h, s->u.assign.rhs);
		else
			s->u.assign.rhs =
				expr_map(s->u.assign.rhs, heap_rewrite, h);
		return 1;
	case S_CHECKPOINT:
		for (int i = 0; i < s->u.ckpt.nsaves; i++) {
			SaveSection *sv = s->u.ckpt.saves[i];
			sv->lo = expr_map(sv->lo, heap_rewrite, h);
			sv->len = expr_map(sv->len, heap_rewrite, h);
			if (heap_in(h, sv->var)) {
				sv->lo = expr_binary(
					B_ADD,
					expr_var(h->f, sv->var, sv->loc),
					sv->lo, type_long(), sv->loc);
				sv->var = h->buf;
			}
		}
		return 1;
	default:
		return 0;
	}
}

/* The group's pointers, now offsets, with their new type. */
static Expr *heap_retype(void *ctx, Expr *e)
{
	Heap *h = ctx;
	if (e->kind == E_VAR && heap_in(h, e->u.var) &&
	    e->type->kind == TY_PTR)
		return expr_var(h->f, e->u.var, e->loc);
	return NULL;
}

typedef struct HeapWhere {
	const Stmt *s;
	int hit;
} HeapWhere;

static void heap_where(void *ctx, const Stmt *s)
{
	HeapWhere *w = ctx;
	w->hit |= s == w->s;
}

/* The position of s in block b, or -1. */
static int heap_pos(const Stmt *b, const Stmt *s)
{
	for (int i = 0; i < b->u.block.n; i++)
		if (b->u.block.items[i] == s)
			return i;
	return -1;
}

static const Expr *heap_alloc_expr(const Stmt *s)
{
	return s->kind == S_DECL ? s->u.decl.init : s->u.assign.rhs;
}

/* Rewrites the group of root r when it qualifies. */
static void heap_group(Program *p, Heap *h, int r)
{
	Func *f = h->f;
	Stmt *al[16];
	int alv[16], na = 0;
	const Type *elem = NULL;
	for (int v = 0; v < h->n; v++) {
		if (!heap_is(h, v) || ping_find(h->parent, v) != r)
			continue;
		if (h->kind[v] < 0)
			return;
		const Type *b = f->vars[v]->type->base;
		if (elem && !buf_same_elem(elem, b))
			return;
		elem = b;
	}
	for (int i = 0; i < h->nallocs; i++) {
		if (ping_find(h->parent, h->alloc_var[i]) != r)
			continue;
		if (na == 16)
			return;
		al[na] = h->allocs[i];
		alv[na++] = h->alloc_var[i];
	}
	if (na < 2)
		return;
	/* consecutive statements of one block, one per pointer, allocating
	 * the same size the same way */
	Stmt *blk = block_of(f->body, al[0]);
	int at = blk ? heap_pos(blk, al[0]) : -1;
	if (at < 0 || at + na > blk->u.block.n)
		return;
	const Expr *c0 = alloc_call_of(heap_alloc_expr(al[0]));
	for (int i = 0; i < na; i++) {
		Stmt *s = blk->u.block.items[at + i];
		int k = 0;
		while (k < na && al[k] != s)
			k++;
		if (k == na ||
		    (s->kind == S_ASSIGN && s->u.assign.op != A_SET))
			return;
		for (int j = 0; j < i; j++)
			if (alv[j] == alv[i])
				return;
		const Expr *c = alloc_call_of(heap_alloc_expr(s));
		if (strcmp(c->u.call.name, c0->u.call.name) != 0)
			return;
		for (int j = 0; j < c->u.call.nargs; j++)
			if (!expr_equal(c->u.call.args[j],
					c0->u.call.args[j]) ||
			    expr_has_call(c->u.call.args[j]))
				return;
	}
	/* declared in that block, so that the buffer is in scope wherever
	 * they are */
	for (int v = 0; v < h->n; v++) {
		if (!heap_is(h, v) || ping_find(h->parent, v) != r)
			continue;
		PingDecl d = { v, NULL, 0 };
		ir_visit_stmts(f->body, ping_find_decl, &d);
		HeapWhere w = { d.decl, 0 };
		ir_visit_stmts(blk, heap_where, &w);
		if (!d.decl || !w.hit)
			return;
	}
	/* freed together: runs of na consecutive free() of distinct
	 * pointers */
	Stmt **gone = arena_alloc(sizeof(Stmt *) * (size_t)(h->nfrees + 1));
	int ngone = 0;
	Stmt **first = arena_alloc(sizeof(Stmt *) * (size_t)(h->nfrees + 1));
	int nfirst = 0;
	for (int i = 0; i < h->nfrees; i++) {
		if (ping_find(h->parent, h->free_var[i]) != r)
			continue;
		int seen = 0;
		for (int j = 0; j < ngone && !seen; j++)
			seen = gone[j] == h->frees[i];
		for (int j = 0; j < nfirst && !seen; j++)
			seen = first[j] == h->frees[i];
		if (seen)
			continue;
		Stmt *fb = block_of(f->body, h->frees[i]);
		int k = fb ? heap_pos(fb, h->frees[i]) : -1;
		if (k < 0 || k + na > fb->u.block.n)
			return;
		for (int j = 0; j < na; j++) {
			Stmt *s = fb->u.block.items[k + j];
			int fv = -1;
			for (int m = 0; m < h->nfrees; m++)
				if (h->frees[m] == s)
					fv = h->free_var[m];
			if (fv < 0 || ping_find(h->parent, fv) != r)
				return;
			for (int m = 0; m < j; m++) {
				const Expr *a = alloc_call_of(
					fb->u.block.items[k + m]->u.expr);
				if (a->u.call.args[0]->u.var == fv)
					return;
			}
			if (j == 0)
				first[nfirst++] = s;
			else
				gone[ngone++] = s;
		}
	}

	/* the rewrite */
	Loc loc = al[0]->loc;
	Type *pt = type_ptr(type_with_const((Type *)elem, 0));
	h->buf = func_add_var(f, name_fresh(p, f, "ck_heap"), pt, VAR_LOCAL,
			      loc);
	int hn = func_add_var(f, name_fresh(p, f, "ck_hn"), type_long(),
			      VAR_LOCAL, loc);
	h->root = r;
	const char *names = NULL, *saves = NULL;
	for (int i = 0; i < na; i++) {
		const char *x = f->vars[alv[i]]->name;
		names = !names       ? arena_printf("'%s'", x)
			: i + 1 < na ? arena_printf("%s, '%s'", names, x)
				     : arena_printf("%s and '%s'", names, x);
		saves = !saves ? arena_printf("%s[lo:len]", x)
			       : arena_printf("%s, %s[lo:len]", saves, x);
	}
	f->vars[h->buf]->joins = names;
	f->vars[h->buf]->joins_save = saves;
	for (int i = 0; i < ngone; i++) {
		Stmt *fb = block_of(f->body, gone[i]);
		int k = heap_pos(fb, gone[i]);
		memmove(fb->u.block.items + k, fb->u.block.items + k + 1,
			sizeof(Stmt *) * (size_t)(fb->u.block.n - k - 1));
		fb->u.block.n--;
	}
	for (int i = 0; i < nfirst; i++) {
		Expr *call = (Expr *)alloc_call_of(first[i]->u.expr);
		call->u.call.args[0] = expr_var(f, h->buf, call->loc);
	}
	at = heap_pos(blk, al[0]);
	/* size: ck_hn elements of each buffer */
	Expr *call = expr_clone(c0);
	Expr *bytes = alloc_bytes(c0);
	Expr *count;
	long esz = buf_elem_size(elem);
	if (bytes->kind == E_BINARY && bytes->u.bin.op == B_MUL &&
	    bytes->u.bin.r->kind == E_NUM && bytes->u.bin.r->u.num.val == esz)
		count = bytes->u.bin.l;
	else
		count = expr_binary(B_DIV, bytes, expr_int(esz, loc),
				    bytes->type, loc);
	call->u.call.args[0] =
		expr_binary(B_MUL, expr_int(na, loc), call->u.call.args[0],
			    call->u.call.args[0]->type, loc);
	stmt_insert(blk, at, stmt_decl(h->buf, call, loc));
	stmt_insert(blk, at, stmt_decl(hn, count, loc));
	for (int v = 0; v < h->n; v++)
		if (heap_in(h, v))
			f->vars[v]->type = type_long();
	stmt_rewrite(f->body, heap_own, heap_rewrite, h);
	for (int i = 0; i < na; i++) {
		Stmt *s = blk->u.block.items[at + 2 + i];
		int row = 0;
		while (alv[row] != (s->kind == S_DECL
					    ? s->u.decl.var
					    : s->u.assign.lhs->u.var))
			row++;
		Expr *off = row == 0 ? expr_int(0, s->loc)
			    : row == 1
				    ? expr_var(f, hn, s->loc)
				    : expr_binary(B_MUL, expr_int(row, s->loc),
						  expr_var(f, hn, s->loc),
						  type_long(), s->loc);
		if (s->kind == S_DECL)
			s->u.decl.init = off;
		else
			s->u.assign.rhs = off;
	}
	stmt_map_exprs(f->body, heap_retype, h);
	h->buf = -1;
}

static void heap_locals(Program *p, Func *f)
{
	int n = f->nvars, any = 0;
	Heap h;
	memset(&h, 0, sizeof h);
	h.f = f;
	h.n = n;
	h.buf = -1;
	h.kind = arena_alloc(sizeof(int) * (size_t)(n + 1));
	h.parent = arena_alloc(sizeof(int) * (size_t)(n + 1));
	for (int v = 0; v < n; v++) {
		h.kind[v] = heap_cand(f, v);
		any |= h.kind[v];
		h.parent[v] = v;
	}
	if (!any)
		return;
	if (ping_has_omp(f))
		return;
	ir_visit_stmts(f->body, heap_stmt, &h);
	for (int r = 0; r < n; r++)
		if (heap_is(&h, r) && ping_find(h.parent, r) == r)
			heap_group(p, &h, r);
}

/* ---- buffers from malloc used from an offset
 *
 * Numerical Recipes' 1-based vectors: a local pointer that gets a buffer
 * from malloc and is then stepped off its start once, `v = malloc(n *
 * sizeof *v); v -= 1;` (or `v = v - nl + 1`, `v--`), used as v[1]..v[n]
 * and freed as free(v + 1), gets a pointer of its own for the buffer:
 *
 *   double *ck_v = malloc(n * sizeof *v); v = ck_v - 1;  ...  free(ck_v);
 *
 * so that the reverse mode follows v as a pointer into that buffer.  Only
 * when nothing else sets v or takes its address, the step reads only
 * integer constants and variables that the function never changes, the
 * statements between the allocation and the step (in one block) at most
 * test or use v as the buffer's start, and every free of v is
 * free(v + step) (through casts), which gives the buffer's start back. */

#define OFS_MAX 8

typedef struct Ofs {
	const Expr *term[OFS_MAX];
	int sign[OFS_MAX];
	int n;
} Ofs;

/* Adds the integer terms of pointer expression e over var v (v + a - b,
 * &v[k], through casts) to o with sign s; 0 when e is no such
 * expression. */
static int ofs_terms(const Expr *e, int v, int s, Ofs *o)
{
	while (e->kind == E_CAST && e->type->kind == TY_PTR)
		e = e->u.e;
	if (e->kind == E_VAR)
		return e->u.var == v;
	if (e->kind == E_ADDR && e->u.e->kind == E_INDEX && o->n < OFS_MAX) {
		/* &v[k]: v + k */
		o->term[o->n] = e->u.e->u.index.idx;
		o->sign[o->n++] = s;
		return ofs_terms(e->u.e->u.index.base, v, s, o);
	}
	if (e->kind != E_BINARY || e->type->kind != TY_PTR ||
	    (e->u.bin.op != B_ADD && e->u.bin.op != B_SUB) || o->n == OFS_MAX)
		return 0;
	int l = e->u.bin.l->type->kind == TY_PTR;
	if (!l && e->u.bin.op == B_SUB)
		return 0;
	o->term[o->n] = l ? e->u.bin.r : e->u.bin.l;
	o->sign[o->n++] = e->u.bin.op == B_SUB ? -s : s;
	return ofs_terms(l ? e->u.bin.l : e->u.bin.r, v, s, o);
}

/* Do the terms of o add up to 0 (equal terms of opposite signs, integer
 * constants by value)? */
static int ofs_zero(const Ofs *o)
{
	int used[OFS_MAX] = { 0 };
	long long k = 0;
	for (int i = 0; i < o->n; i++) {
		const Expr *t = o->term[i];
		if (t->kind == E_NUM && t->u.num.is_int) {
			k += o->sign[i] * t->u.num.ival;
			used[i] = 1;
		}
	}
	for (int i = 0; i < o->n; i++)
		for (int j = i + 1; j < o->n && !used[i]; j++)
			if (!used[j] && o->sign[i] == -o->sign[j] &&
			    expr_equal(o->term[i], o->term[j]))
				used[i] = used[j] = 1;
	for (int i = 0; i < o->n; i++)
		if (!used[i])
			return 0;
	return k == 0;
}

typedef struct HeapOfs {
	Func *f;
	int v;
	int nstores;
	Stmt *alloc, *step;
	Stmt **frees;
	int nfrees;
	int bad;
} HeapOfs;

static void ofs_stmt(void *ctx, const Stmt *cs)
{
	HeapOfs *h = ctx;
	Stmt *s = (Stmt *)cs;
	const AllocRule *r;
	if ((s->kind == S_DECL && s->u.decl.var == h->v && s->u.decl.init) ||
	    (s->kind == S_ASSIGN && s->u.assign.lhs->kind == E_VAR &&
	     s->u.assign.lhs->u.var == h->v)) {
		h->nstores++;
		const Expr *val = s->kind == S_DECL         ? s->u.decl.init
				  : s->u.assign.op == A_SET ? s->u.assign.rhs
							    : NULL;
		r = val ? alloc_find(val) : NULL;
		if (r && r->kind == ALLOC_NEW && r->user && !h->alloc)
			h->alloc = s;
		else if (!h->step)
			h->step = s;
		else
			h->bad = 1;
		return;
	}
	r = s->kind == S_EXPR ? alloc_find(s->u.expr) : NULL;
	if (r && r->kind == ALLOC_FREE && r->user &&
	    expr_mentions(alloc_call_of(s->u.expr)->u.call.args[0], h->v))
		ARENA_PUSH(h->frees, h->nfrees, s);
}

/* Does e read only integer constants and variables that f never changes,
 * and call nothing? */
typedef struct OfsFixed {
	const Stmt *body;
	int ok;
} OfsFixed;

static void ofs_fixed_visit(void *ctx, const Expr *e)
{
	OfsFixed *x = ctx;
	if (e->kind == E_CALL || e->kind == E_STR ||
	    (e->kind == E_NUM && !e->u.num.is_int) || e->kind == E_DEREF ||
	    e->kind == E_INDEX || e->kind == E_MEMBER)
		x->ok = 0;
	if (e->kind == E_VAR && stmt_assigns_var(x->body, e->u.var))
		x->ok = 0;
}

static int ofs_fixed(const Func *f, const Ofs *o)
{
	OfsFixed x = { f->body, 1 };
	for (int i = 0; i < o->n; i++)
		ir_walk_expr(o->term[i], ofs_fixed_visit, &x);
	return x.ok;
}

static void heap_offset_one(Program *p, Func *f, int v)
{
	HeapOfs h;
	memset(&h, 0, sizeof h);
	h.f = f;
	h.v = v;
	ir_visit_stmts(f->body, ofs_stmt, &h);
	if (h.bad || !h.alloc || !h.step || h.nstores != 2 ||
	    stmt_takes_addr(f->body, v))
		return;
	/* the step, after the allocation in its block */
	Stmt *blk = block_of(f->body, h.alloc);
	int a = blk ? heap_pos(blk, h.alloc) : -1;
	int b = blk ? heap_pos(blk, h.step) : -1;
	if (a < 0 || b <= a)
		return;
	Ofs o = { { NULL }, { 0 }, 0 };
	const Stmt *st = h.step;
	Expr *one = expr_int(1, st->loc);
	if (st->kind == S_DECL)
		return;
	switch (st->u.assign.op) {
	case A_ADD:
	case A_SUB:
		o.term[0] = st->u.assign.rhs;
		o.sign[0] = st->u.assign.op == A_ADD ? 1 : -1;
		o.n = 1;
		break;
	case A_INC:
	case A_DEC:
		o.term[0] = one;
		o.sign[0] = st->u.assign.op == A_INC ? 1 : -1;
		o.n = 1;
		break;
	case A_SET:
		if (!ofs_terms(st->u.assign.rhs, v, 1, &o) || !o.n)
			return;
		break;
	default:
		return;
	}
	if (!ofs_fixed(f, &o))
		return;
	/* free(v + step) gives back the buffer's start */
	for (int i = 0; i < h.nfrees; i++) {
		Ofs fo = o;
		if (!ofs_terms(
			    alloc_call_of(h.frees[i]->u.expr)->u.call.args[0],
			    v, 1, &fo) ||
		    !ofs_zero(&fo))
			return;
	}
	Loc loc = h.alloc->loc;
	Type *pt = f->vars[v]->type;
	int buf = func_add_var(
		f, name_fresh(p, f, arena_printf("ck_%s", f->vars[v]->name)),
		pt, VAR_LOCAL, loc);
	/* (messages name v: "the buffers of 'v'", save(v[lo:len])) */
	f->vars[buf]->joins = arena_printf("'%s'", f->vars[v]->name);
	f->vars[buf]->joins_save =
		arena_printf("%s[lo:len]", f->vars[v]->name);
	for (int i = a + 1; i < b; i++)
		stmt_rename_var(f, blk->u.block.items[i], v, buf);
	Expr *val = expr_var(f, buf, st->loc);
	for (int i = o.n - 1; i >= 0; i--)
		val = expr_binary(o.sign[i] > 0 ? B_ADD : B_SUB, val,
				  expr_clone(o.term[i]), pt, st->loc);
	if (h.alloc->kind == S_DECL) {
		/* double *v = malloc(...): double *ck_v = malloc(...); and
		 * double *v; where the step was */
		Stmt *d = stmt_decl(buf, h.alloc->u.decl.init, loc);
		blk->u.block.items[a] = d;
		blk->u.block.items[b] = stmt_decl(v, val, st->loc);
	} else {
		stmt_insert(f->body, 0, stmt_decl(buf, NULL, loc));
		h.alloc->u.assign.lhs = expr_var(f, buf, loc);
		h.step->u.assign.op = A_SET;
		h.step->u.assign.rhs = val;
	}
	for (int i = 0; i < h.nfrees; i++) {
		Expr *call = (Expr *)alloc_call_of(h.frees[i]->u.expr);
		call->u.call.args[0] = expr_var(f, buf, call->loc);
	}
}

static void heap_stepped(Program *p, Func *f)
{
	int n = f->nvars;
	for (int v = 0; v < n; v++) {
		const Var *x = f->vars[v];
		/* (numbers, or rows of them: double (*R)[3]) */
		if (x->kind == VAR_LOCAL && !x->is_static &&
		    x->type->kind == TY_PTR && type_float_elem(x->type))
			heap_offset_one(p, f, v);
	}
}

/* ---- buffers allocated into a local struct's member
 *
 * s.v = malloc(...) into a pointer member (to floating data) of a local
 * struct, where nothing else sets s.v or takes its address, becomes a
 * local pointer that holds the buffer, `double *ck_s_v = malloc(...);
 * s.v = ck_s_v;`, and free(s.v) (only in that block) becomes
 * free(ck_s_v).  The reverse mode then follows the buffer through
 * a variable of its own, as when the struct gets a buffer a local holds
 * (a callee may not change the member: the reverse mode refuses that). */

typedef struct MemAlloc {
	int var, field;
	int stores;  /* statements that set var.field */
	int addr;    /* &var.field, or var whole */
	int whole_addr; /* &var */
	Stmt *alloc; /* the one that allocates */
} MemAlloc;

typedef struct MemPtr {
	const StructDef *sd;
	int field;
	int changed;
} MemPtr;

static int mem_is(const MemAlloc *m, const Expr *e)
{
	return e && e->kind == E_MEMBER && e->u.mem.field == m->field &&
	       e->u.mem.base->kind == E_VAR && e->u.mem.base->u.var == m->var;
}

static void mem_expr(void *ctx, const Expr *e)
{
	MemAlloc *m = ctx;
	if (e->kind == E_ADDR && mem_is(m, e->u.e))
		m->addr = 1;
	if (e->kind == E_ADDR && e->u.e->kind == E_VAR &&
	    e->u.e->u.var == m->var)
		m->whole_addr = 1;
}

static void mem_stmt(void *ctx, const Stmt *s)
{
	MemAlloc *m = ctx;
	if (s->kind == S_ASSIGN && mem_is(m, s->u.assign.lhs)) {
		m->stores++;
		const AllocRule *r = alloc_find(s->u.assign.rhs);
		if (s->u.assign.op == A_SET && r && r->kind == ALLOC_NEW &&
		    r->user)
			m->alloc = (Stmt *)s;
	}
	if (s->kind == S_ASSIGN && s->u.assign.lhs->kind == E_VAR &&
	    s->u.assign.lhs->u.var == m->var)
		m->addr = 1; /* set whole */
}

typedef struct MemFree {
	const MemAlloc *m;
	Func *f;
	int ptr; /* the new pointer */
	int n;   /* the frees of the member seen (mem_count_free) */
} MemFree;

static void mem_free(void *ctx, const Stmt *cs)
{
	MemFree *mf = ctx;
	const AllocRule *r =
		cs->kind == S_EXPR ? alloc_find(cs->u.expr) : NULL;
	if (!r || r->kind != ALLOC_FREE || !r->user)
		return;
	Expr *call = (Expr *)alloc_call_of(cs->u.expr);
	if (mem_is(mf->m, call->u.call.args[0]))
		call->u.call.args[0] =
			expr_var(mf->f, mf->ptr, call->u.call.args[0]->loc);
}

/* Is at inside a loop of s (loop: s is inside one)? */
static int mem_in_loop(const Stmt *s, const Stmt *at, int loop)
{
	if (!s)
		return 0;
	if (s == at)
		return loop;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (mem_in_loop(s->u.block.items[i], at, loop))
				return 1;
		return 0;
	case S_IF:
		return mem_in_loop(s->u.ifs.then, at, loop) ||
		       mem_in_loop(s->u.ifs.els, at, loop);
	case S_FOR:
	case S_WHILE:
	case S_DO:
		return mem_in_loop(s->u.loop.init, at, loop) ||
		       mem_in_loop(s->u.loop.body, at, 1);
	case S_CHECKPOINT:
		return mem_in_loop(s->u.ckpt.body, at, loop);
	default:
		return 0;
	}
}

static void mem_count_free(void *ctx, const Stmt *cs)
{
	MemFree *mf = ctx;
	const AllocRule *r =
		cs->kind == S_EXPR ? alloc_find(cs->u.expr) : NULL;
	if (r && r->kind == ALLOC_FREE && r->user &&
	    mem_is(mf->m, alloc_call_of(cs->u.expr)->u.call.args[0]))
		mf->n++;
}

/* A member of sd's field reached through a pointer (p->v, t[i].v), not
 * of a struct variable. */
static int mem_far(const MemPtr *c, const Expr *e)
{
	return e && e->kind == E_MEMBER && e->u.mem.field == c->field &&
	       e->u.mem.base->type->kind == TY_STRUCT &&
	       e->u.mem.base->type->st == c->sd &&
	       e->u.mem.base->kind != E_VAR;
}

static void mem_ptr_stmt(void *ctx, const Stmt *s)
{
	MemPtr *c = ctx;
	if (s->kind != S_ASSIGN)
		return;
	const Expr *l = s->u.assign.lhs;
	/* (or the whole struct through a pointer, *a = b) */
	if (mem_far(c, l) || (l->kind != E_VAR && l->type->kind == TY_STRUCT &&
			      l->type->st == c->sd))
		c->changed = 1;
}

static void mem_ptr_expr(void *ctx, const Expr *e)
{
	MemPtr *c = ctx;
	if ((e->kind == E_ADDR && mem_far(c, e->u.e)) ||
	    (e->kind == E_CALL && mem_far(c, alloc_old(e))))
		c->changed = 1;
	/* a library call given a pointer to such a struct (memcpy(a, ...)) */
	if (e->kind == E_CALL && e->u.call.fn < 0)
		for (int i = 0; i < e->u.call.nargs; i++) {
			const Type *t = e->u.call.args[i]->type;
			if (t->kind == TY_PTR && t->base->kind == TY_STRUCT &&
			    t->base->st == c->sd)
				c->changed = 1;
		}
}

/* Does a function of p set, free or reallocate field of a struct of type
 * sd through a pointer (a->v = realloc(a->v, ...), free(a->v), *a = b,
 * memcpy(a, ...), or take &a->v)?  A call given &s may then change s.v. */
static int mem_ptr_changed(const Program *p, const StructDef *sd, int field)
{
	MemPtr c = { sd, field, 0 };
	for (int i = 0; i < p->nfuncs && !c.changed; i++) {
		ir_visit_stmts(p->funcs[i]->body, mem_ptr_stmt, &c);
		ir_walk_stmt(p->funcs[i]->body, mem_ptr_expr, &c);
	}
	return c.changed;
}

static void member_allocs(Program *p, Func *f)
{
	int n = f->nvars;
	for (int v = 0; v < n; v++) {
		const Var *x = f->vars[v];
		if (x->kind != VAR_LOCAL || x->is_static || x->dropped ||
		    x->type->kind != TY_STRUCT || !x->type->st->complete ||
		    x->type->st->complete < 0)
			continue;
		const StructDef *sd = x->type->st;
		for (int k = 0; k < sd->nfields; k++) {
			Type *ft = sd->fields[k].type;
			if (ft->kind != TY_PTR || !type_is_float(ft->base))
				continue;
			MemAlloc m = { v, k, 0, 0, 0, NULL };
			ir_visit_stmts(f->body, mem_stmt, &m);
			ir_walk_stmt(f->body, mem_expr, &m);
			Stmt *blk =
				m.alloc ? block_of(f->body, m.alloc) : NULL;
			/* (in a loop, the reverse mode would have the pointer
			 * hold a buffer per iteration that the struct aliases:
			 * refused either way, the struct's message is clearer) */
			if (m.stores != 1 || m.addr || !blk ||
			    mem_in_loop(f->body, m.alloc, 0))
				continue;
			/* (a call given &var may change var.field: the local
			 * pointer would keep the old buffer) */
			if (m.whole_addr && mem_ptr_changed(p, sd, k))
				continue;
			/* every free(s.v) after it in its block, where the
			 * pointer declared there is seen */
			MemFree all = { &m, NULL, -1, 0 };
			ir_visit_stmts(f->body, mem_count_free, &all);
			MemFree in = { &m, NULL, -1, 0 };
			ir_visit_stmts(blk, mem_count_free, &in);
			if (all.n != in.n)
				continue;
			Loc loc = m.alloc->loc;
			int ptr = func_add_var(
				f,
				name_fresh(p, f,
					   arena_printf("ck_%s_%s", x->name,
							sd->fields[k].name)),
				type_with_const(ft, 0), VAR_LOCAL, loc);
			f->vars[ptr]->of_var = v + 1;
			f->vars[ptr]->of_field = k;
			int at = 0;
			while (blk->u.block.items[at] != m.alloc)
				at++;
			stmt_insert(
				blk, at,
				stmt_decl(ptr, m.alloc->u.assign.rhs, loc));
			m.alloc->u.assign.rhs = expr_var(f, ptr, loc);
			MemFree mf = { &m, f, ptr, 0 };
			ir_visit_stmts(blk, mem_free, &mf);
		}
	}
}

/* ---- save(s.v[lo:len])
 *
 * A section of a local struct's pointer member names the local that holds
 * the member's buffer: the member split off (soa_locals) or the buffer
 * malloc'd into it (member_allocs).  Where there is none, the function
 * does not allocate the member itself: the section is refused, and
 * dropped. */

static void save_members_stmt(void *ctx, const Stmt *cs)
{
	Func *f = ctx;
	if (cs->kind != S_CHECKPOINT)
		return;
	Stmt *s = (Stmt *)cs;
	int kept = 0;
	for (int i = 0; i < s->u.ckpt.nsaves; i++) {
		SaveSection *sv = s->u.ckpt.saves[i];
		if (sv->field < 0) {
			s->u.ckpt.saves[kept++] = sv;
			continue;
		}
		const Var *x = f->vars[sv->var];
		int w = -1;
		for (int k = 0; k < f->nvars && w < 0; k++)
			if (f->vars[k]->of_var == sv->var + 1 &&
			    f->vars[k]->of_field == sv->field)
				w = k;
		if (w < 0) {
			const char *m = x->type->st->fields[sv->field].name;
			diag_error(sv->loc,
				   "save(%s.%s[...]) names a member that "
				   "this function does not allocate: ckc "
				   "knows the buffer of '%s.%s' only when "
				   "one statement of the function sets it by "
				   "malloc (%s.%s = malloc(...)); put the "
				   "region where that data no longer changes",
				   x->name, m, x->name, m, x->name, m);
			f->vars[sv->var]->refused++; /* said once */
			continue;                    /* (dropped) */
		}
		sv->var = w;
		sv->field = -1;
		s->u.ckpt.saves[kept++] = sv;
	}
	s->u.ckpt.nsaves = kept;
}

static void save_members(Func *f)
{
	if (f->body)
		ir_visit_stmts(f->body, save_members_stmt, f);
}

/* ---- accessors
 *
 * A function whose body is `return E;` with E a pointer into one of its
 * pointer parameters, `p + e`, `&p[e]` or `p - e`, where e reads only
 * its parameters and calls nothing (a row of a matrix, `double *row(double
 * *A, int i, int n) { return A + i * n; }`), is E at each call, with the
 * arguments in place of the parameters when they call nothing either:
 * `row(B, i, n)` becomes `B + i * n`.  A pointer result into active data
 * would need a shadow result; written in place it is pointer arithmetic
 * on the caller's own arrays. */

/* The pointer expression f returns as an accessor, or NULL. */
static const Expr *acc_body(const Func *f)
{
	if (!f->body || f->ret->kind != TY_PTR || f->is_variadic)
		return NULL;
	const Stmt *b = f->body;
	while (b->kind == S_BLOCK && b->u.block.n == 1)
		b = b->u.block.items[0];
	if (b->kind != S_RETURN || !b->u.expr)
		return NULL;
	return b->u.expr;
}

typedef struct AccCheck {
	const Func *f;
	int ok;
} AccCheck;

static void acc_check(void *ctx, const Expr *e)
{
	AccCheck *c = ctx;
	if (e->kind == E_CALL || e->kind == E_STR)
		c->ok = 0;
	if (e->kind == E_VAR && c->f->vars[e->u.var]->kind != VAR_PARAM)
		c->ok = 0;
}

/* Is e p + k, k + p, p - k, &p[k] or p of a pointer parameter p, or such
 * sums of sums (p + 3 * i + j, which C reads as (p + 3 * i) + j)? */
static int acc_shape(const Func *f, const Expr *e)
{
	if (e->kind == E_CAST)
		e = e->u.e;
	if (e->kind == E_ADDR && e->u.e->kind == E_INDEX)
		e = e->u.e->u.index.base;
	else
		while (e && e->kind == E_BINARY &&
		       (e->u.bin.op == B_ADD || e->u.bin.op == B_SUB))
			e = e->u.bin.l->type->kind == TY_PTR ? e->u.bin.l
			    : e->u.bin.op == B_ADD           ? e->u.bin.r
							     : NULL;
	/* (or a pointer member of a struct parameter, m->data) */
	while (e && e->kind == E_MEMBER && e->type->kind == TY_PTR) {
		e = e->u.mem.base;
		if (e->kind == E_DEREF)
			e = e->u.e;
		if (e->kind == E_VAR)
			return f->vars[e->u.var]->kind == VAR_PARAM;
	}
	return e && e->kind == E_VAR && f->vars[e->u.var]->kind == VAR_PARAM &&
	       f->vars[e->u.var]->type->kind == TY_PTR;
}

/* *&x is x (an accessor's m->data of the argument &M: M.data). */
static Expr *acc_fold(void *ctx, Expr *e)
{
	(void)ctx;
	if (e->kind == E_DEREF && e->u.e->kind == E_ADDR)
		return expr_map(e->u.e->u.e, acc_fold, NULL);
	return NULL;
}

typedef struct AccSub {
	const Func *g;
	Expr *const *args;
} AccSub;

static Expr *acc_subst(void *ctx, Expr *e)
{
	AccSub *s = ctx;
	if (e->kind != E_VAR)
		return NULL;
	for (int i = 0; i < s->g->nparams; i++)
		if (s->g->params[i] == e->u.var)
			return expr_clone(s->args[i]);
	ck_unreachable();
}

typedef struct AccCtx {
	Program *p;
	const Expr **body; /* per function: its accessor expression */
} AccCtx;

static Expr *acc_rewrite(void *ctx, Expr *e)
{
	AccCtx *c = ctx;
	if (e->kind != E_CALL || e->u.call.fn < 0 || !c->body[e->u.call.fn])
		return NULL;
	const Func *g = c->p->funcs[e->u.call.fn];
	for (int i = 0; i < e->u.call.nargs; i++)
		if (expr_has_call(e->u.call.args[i]))
			return NULL; /* an argument that calls: keep the call */
	if (e->u.call.nargs != g->nparams)
		return NULL;
	for (int i = 0; i < e->u.call.nargs; i++)
		e->u.call.args[i] =
			expr_map(e->u.call.args[i], acc_rewrite, c);
	AccSub sub = { g, e->u.call.args };
	Expr *r = expr_map(expr_clone(c->body[e->u.call.fn]), acc_subst, &sub);
	r = expr_map(r, acc_fold, NULL);
	/* the caller sees the function's result type (a const one) */
	const Type *t = r->type, *want = g->ret;
	if (t->kind == TY_PTR && t->base->kind == want->base->kind &&
	    (want->base->is_const || !t->base->is_const))
		return r;
	return expr_cast(g->ret, r, e->loc);
}

static void accessors_inline(Program *p)
{
	AccCtx c = { p,
		     arena_alloc(sizeof(Expr *) * (size_t)(p->nfuncs + 1)) };
	int any = 0;
	for (int i = 0; i < p->nfuncs; i++) {
		const Func *f = p->funcs[i];
		const Expr *e = acc_body(f);
		if (!e || !acc_shape(f, e) || !type_float_elem(f->ret))
			continue;
		AccCheck ck = { f, 1 };
		ir_walk_expr(e, acc_check, &ck);
		if (!ck.ok)
			continue;
		c.body[i] = e;
		any = 1;
	}
	if (!any)
		return;
	for (int i = 0; i < p->nfuncs; i++)
		if (!c.body[i])
			stmt_map_exprs(p->funcs[i]->body, acc_rewrite, &c);
}

/* ---- allocation wrappers
 *
 * A function of the file that only allocates, `double *dvector(long nl,
 * long nh) { double *v = malloc(...); if (!v) nrerror("..."); return v -
 * nl + 1; }` (also `return (double *)malloc(...)`, or a void * result), or
 * that only frees, `void free_dvector(double *v, long nl, long nh) {
 * free(v + nl - 1); }`, is written out at each call that stores its
 * result in a local pointer (`a = dvector(1, n);`, `double *a = ...;`),
 * or that is a statement of its own, with the arguments in place of the
 * parameters:
 *
 *   a = malloc(...); if (!a) nrerror("..."); a = a - 1 + 1;
 *   free(a + 1 - 1);
 *
 * so that the caller allocates and frees its buffers itself, which the
 * reverse mode follows (with the offset, heap_stepped).  The size and the
 * offset read only the parameters (which the wrapper does not change) and
 * constants; a test of the new pointer against null may call functions
 * (an error report) or return null (which the caller then holds too). */

typedef struct Wrap {
	const Func *g;
	int kind;          /* 1 allocates, 2 frees, 0 neither */
	int p;             /* the pointer: a local (allocation), a param */
	const Expr *value; /* the allocation, or the free call */
	const Stmt *check; /* if (!p) S, or NULL */
	int check_calls;   /* S calls a function (else it returns null) */
	Ofs ofs;           /* the returned offset over p */
} Wrap;

/* Does e read only g's parameters and constants, and call nothing (the
 * accessors' rule)? */
static int wrap_params_only(const Func *g, const Expr *e)
{
	AccCheck ck = { g, 1 };
	ir_walk_expr(e, acc_check, &ck);
	return ck.ok;
}

/* The same for the arguments of allocation call e. */
static int wrap_size_ok(const Func *g, const Expr *e)
{
	const Expr *c = alloc_call_of(e);
	for (int i = 0; i < c->u.call.nargs; i++)
		if (!wrap_params_only(g, c->u.call.args[i]))
			return 0;
	return 1;
}

/* Is c a test that p is null (!p, p == NULL)? */
static int wrap_null_test(const Expr *c, int p)
{
	if (c->kind == E_UNARY && c->u.un.op == U_NOT)
		return c->u.un.e->kind == E_VAR && c->u.un.e->u.var == p;
	if (c->kind != E_BINARY || c->u.bin.op != B_EQ)
		return 0;
	const Expr *a = c->u.bin.l, *b = c->u.bin.r;
	if (b->kind == E_VAR)
		a = c->u.bin.r, b = c->u.bin.l;
	return a->kind == E_VAR && a->u.var == p && heap_null(b);
}

typedef struct WrapFail {
	const Func *g;
	int p, ok;
} WrapFail;

static void wrap_fail_expr(void *ctx, const Expr *e)
{
	WrapFail *w = ctx;
	if (e->kind == E_VAR && e->u.var != w->p &&
	    w->g->vars[e->u.var]->kind != VAR_PARAM)
		w->ok = 0;
}

/* Is s what a wrapper does when the allocation fails: calls (an error
 * report, exit), or return null, reading only p and parameters? */
static int wrap_fail(const Func *g, int p, const Stmt *s)
{
	WrapFail w = { g, p, 1 };
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (!wrap_fail(g, p, s->u.block.items[i]))
				return 0;
		return 1;
	case S_EXPR:
		if (s->u.expr->kind != E_CALL)
			return 0;
		ir_walk_expr(s->u.expr, wrap_fail_expr, &w);
		return w.ok;
	case S_RETURN:
		return s->u.expr && heap_null(s->u.expr);
	case S_EMPTY:
		return 1;
	default:
		return 0;
	}
}

/* Does failure statement s (wrap_fail) call anything? */
static int wrap_fail_calls(const Stmt *s)
{
	if (s->kind == S_EXPR)
		return 1;
	for (int i = 0; s->kind == S_BLOCK && i < s->u.block.n; i++)
		if (wrap_fail_calls(s->u.block.items[i]))
			return 1;
	return 0;
}

static void wrap_find(Wrap *w, const Func *g)
{
	memset(w, 0, sizeof *w);
	w->g = g;
	w->p = -1;
	if (!g->body || g->is_variadic || g->body->kind != S_BLOCK)
		return;
	for (int i = 0; i < g->nparams; i++)
		if (stmt_assigns_var(g->body, g->params[i]))
			return;
	const Stmt *b = g->body;
	int alloc = g->ret->kind == TY_PTR && (g->ret->base->kind == TY_VOID ||
					       type_is_float(g->ret->base));
	int nfree = 0;
	for (int i = 0; i < b->u.block.n; i++) {
		const Stmt *s = b->u.block.items[i];
		const AllocRule *r = NULL;
		const Expr *v = NULL;
		if (s->kind == S_EMPTY)
			continue;
		if (alloc && s->kind == S_DECL && w->p < 0 &&
		    g->vars[s->u.decl.var]->type->kind == TY_PTR) {
			w->p = s->u.decl.var;
			v = s->u.decl.init;
		} else if (alloc && s->kind == S_ASSIGN && w->p >= 0 &&
			   !w->value && s->u.assign.op == A_SET &&
			   s->u.assign.lhs->kind == E_VAR &&
			   s->u.assign.lhs->u.var == w->p) {
			v = s->u.assign.rhs;
			if (!v)
				return;
		} else if (alloc && s->kind == S_IF && w->value && !w->check &&
			   !s->u.ifs.els &&
			   wrap_null_test(s->u.ifs.cond, w->p) &&
			   wrap_fail(g, w->p, s->u.ifs.then)) {
			/* (one that only returns null is dropped) */
			w->check = s;
			w->check_calls = wrap_fail_calls(s->u.ifs.then);
			continue;
		} else if (alloc && s->kind == S_RETURN && s->u.expr &&
			   i == b->u.block.n - 1) {
			r = alloc_find(s->u.expr);
			if (w->p < 0 && r && r->kind == ALLOC_NEW && r->user &&
			    wrap_size_ok(g, s->u.expr)) {
				w->value = s->u.expr;
				w->kind = 1;
				return;
			}
			if (w->p < 0 || !w->value ||
			    !ofs_terms(s->u.expr, w->p, 1, &w->ofs))
				return;
			for (int k = 0; k < w->ofs.n; k++)
				if (!wrap_params_only(g, w->ofs.term[k]))
					return;
			w->kind = 1;
			return;
		} else if (!alloc && g->ret->kind == TY_VOID &&
			   s->kind == S_EXPR && !nfree++ &&
			   (r = alloc_find(s->u.expr)) &&
			   r->kind == ALLOC_FREE && r->user) {
			const Expr *a =
				alloc_call_of(s->u.expr)->u.call.args[0];
			Ofs o = { { NULL }, { 0 }, 0 };
			const Expr *base = a;
			while (base->kind == E_CAST || base->kind == E_BINARY)
				base = base->kind == E_CAST ? base->u.e
				       : base->u.bin.l->type->kind == TY_PTR
					       ? base->u.bin.l
					       : base->u.bin.r;
			if (base->kind != E_VAR ||
			    g->vars[base->u.var]->kind != VAR_PARAM ||
			    !ofs_terms(a, base->u.var, 1, &o))
				return;
			for (int k = 0; k < o.n; k++)
				if (!wrap_params_only(g, o.term[k]))
					return;
			w->p = base->u.var;
			w->value = s->u.expr;
			continue;
		} else {
			return;
		}
		/* the allocation into p */
		if (!v)
			continue;
		r = alloc_find(v);
		if (!r || r->kind != ALLOC_NEW || !r->user ||
		    !wrap_size_ok(g, v))
			return;
		w->value = v;
	}
	if (!alloc && w->value)
		w->kind = 2;
}

typedef struct WrapSub {
	const Func *g;
	Expr *const *args;
	Func *f;
	int p, v; /* g's pointer p is f's v */
} WrapSub;

static Expr *wrap_subst(void *ctx, Expr *e)
{
	WrapSub *s = ctx;
	if (e->kind != E_VAR)
		return NULL;
	if (e->u.var == s->p && s->v >= 0)
		return expr_var(s->f, s->v, e->loc);
	for (int i = 0; i < s->g->nparams; i++)
		if (s->g->params[i] == e->u.var)
			return expr_clone(s->args[i]);
	ck_unreachable();
}

/* A copy of g's failure statement s for the caller (a return of null
 * returns nothing: the caller holds null). */
static Stmt *wrap_copy(WrapSub *sub, const Stmt *s)
{
	Stmt *c;
	switch (s->kind) {
	case S_BLOCK:
		c = stmt_block(s->loc);
		for (int i = 0; i < s->u.block.n; i++)
			stmt_append(c, wrap_copy(sub, s->u.block.items[i]));
		return c;
	case S_EXPR:
		return stmt_expr(
			S_EXPR,
			expr_map(expr_clone(s->u.expr), wrap_subst, sub),
			s->loc);
	default:
		return stmt_new(S_EMPTY, s->loc);
	}
}

/* The call to a wrapper that e is (through casts), or NULL. */
static const Expr *wrap_call(const Wrap *ws, const Expr *e, int kind)
{
	while (e && e->kind == E_CAST)
		e = e->u.e;
	if (!e || e->kind != E_CALL || e->u.call.fn < 0 ||
	    ws[e->u.call.fn].kind != kind ||
	    e->u.call.nargs != ws[e->u.call.fn].g->nparams)
		return NULL;
	for (int i = 0; i < e->u.call.nargs; i++)
		if (expr_has_call(e->u.call.args[i]))
			return NULL;
	return e;
}

/* The statements that stand for statement s of f, a wrapper's call; or
 * NULL. */
static Stmt *wrap_inline(const Wrap *ws, Func *f, const Stmt *s)
{
	const Expr *call = NULL;
	int v = -1;
	if (s->kind == S_DECL && s->u.decl.init) {
		v = s->u.decl.var;
		call = wrap_call(ws, s->u.decl.init, 1);
	} else if (s->kind == S_ASSIGN && s->u.assign.op == A_SET &&
		   s->u.assign.lhs->kind == E_VAR) {
		v = s->u.assign.lhs->u.var;
		call = wrap_call(ws, s->u.assign.rhs, 1);
	} else if (s->kind == S_EXPR) {
		call = wrap_call(ws, s->u.expr, 2);
	}
	if (!call)
		return NULL;
	const Wrap *w = &ws[call->u.call.fn];
	Stmt *b = stmt_block(s->loc);
	Loc loc = s->loc;
	if (w->kind == 2) {
		WrapSub sub = { w->g, call->u.call.args, f, -1, -1 };
		stmt_append(b, stmt_expr(S_EXPR,
					 expr_map(expr_clone(w->value),
						  wrap_subst, &sub),
					 loc));
		return b;
	}
	Type *vt = f->vars[v]->type;
	if (f->vars[v]->kind != VAR_LOCAL || f->vars[v]->is_static ||
	    vt->kind != TY_PTR)
		return NULL;
	for (int i = 0; i < call->u.call.nargs; i++)
		if (expr_mentions(call->u.call.args[i], v))
			return NULL;
	WrapSub sub = { w->g, call->u.call.args, f, w->p, v };
	Expr *val = expr_map(expr_clone(w->value), wrap_subst, &sub);
	if (val->type->kind != TY_PTR ||
	    val->type->base->kind != vt->base->kind)
		val = expr_cast(vt, val, loc);
	stmt_append(b, s->kind == S_DECL
			       ? stmt_decl(v, val, loc)
			       : stmt_assign(A_SET, expr_var(f, v, loc), val,
					     loc));
	if (w->check_calls) {
		Stmt *t = stmt_new(S_IF, loc);
		t->u.ifs.cond = expr_unary(U_NOT, expr_var(f, v, loc), loc);
		t->u.ifs.then = wrap_copy(&sub, w->check->u.ifs.then);
		stmt_append(b, t);
	}
	if (w->ofs.n) {
		Expr *x = expr_var(f, v, loc);
		for (int i = w->ofs.n - 1; i >= 0; i--)
			x = expr_binary(w->ofs.sign[i] > 0 ? B_ADD : B_SUB, x,
					expr_map(expr_clone(w->ofs.term[i]),
						 wrap_subst, &sub),
					vt, loc);
		stmt_append(b,
			    stmt_assign(A_SET, expr_var(f, v, loc), x, loc));
	}
	return b;
}

typedef struct WrapBlocks {
	Stmt **b;
	int n;
} WrapBlocks;

static void wrap_blocks(void *ctx, const Stmt *s)
{
	WrapBlocks *w = ctx;
	if (s->kind == S_BLOCK)
		ARENA_PUSH(w->b, w->n, (Stmt *)s);
}

static void alloc_wrappers_inline(Program *p)
{
	Wrap *ws = arena_alloc(sizeof(Wrap) * (size_t)(p->nfuncs + 1));
	int any = 0;
	for (int i = 0; i < p->nfuncs; i++) {
		wrap_find(&ws[i], p->funcs[i]);
		any |= ws[i].kind;
	}
	if (!any)
		return;
	for (int i = 0; i < p->nfuncs; i++) {
		Func *f = p->funcs[i];
		WrapBlocks wb = { NULL, 0 };
		if (ws[i].kind || !f->body)
			continue;
		ir_visit_stmts(f->body, wrap_blocks, &wb);
		for (int k = 0; k < wb.n; k++) {
			Stmt *b = wb.b[k];
			for (int j = 0; j < b->u.block.n; j++) {
				Stmt *r = wrap_inline(ws, f,
						      b->u.block.items[j]);
				if (!r)
					continue;
				/* its statements in its place */
				b->u.block.items[j] = r->u.block.items[0];
				for (int m = 1; m < r->u.block.n; m++)
					stmt_insert(b, j + m,
						    r->u.block.items[m]);
				j += r->u.block.n - 1;
			}
		}
	}
}

/* ---- static scratch
 *
 * A static local of floating data (not const) keeps its value from call
 * to call, which no derivative follows.  It is taken as an ordinary
 * local when each call overwrites it whole before reading it, so that no
 * value carries over: the first statement of the function's body that
 * mentions it (at the top level) assigns it (a scalar, from a value that
 * does not read it), or is a counted loop `for (i = 0; i < LEN; i++)`
 * over its length whose body stores `a[i] = e` (e not reading a), reads
 * and writes nothing else of a, and leaves by no break, continue, return
 * or goto.  Anything else is refused. */

typedef struct ScratchExit {
	int i, bad;
} ScratchExit;

static void scratch_exit(void *ctx, const Stmt *s)
{
	ScratchExit *x = ctx;
	if (s->kind == S_BREAK || s->kind == S_CONTINUE || s->kind == S_RETURN)
		x->bad = 1;
	if ((s->kind == S_ASSIGN && s->u.assign.lhs->kind == E_VAR &&
	     s->u.assign.lhs->u.var == x->i) ||
	    (s->kind == S_DECL && s->u.decl.var == x->i))
		x->bad = 1;
}

/* The counted loop for (i = 0; i < E; i++) that s is: its index (or
 * -1) and *bound = E. */
static int scratch_for(const Stmt *s, const Expr **bound)
{
	const Expr *lo;
	int le, i = ir_counted_for(s, &lo, bound, &le);
	return i >= 0 && !le && lo->kind == E_NUM &&
			       !type_is_float(lo->type) && lo->u.num.ival == 0
		       ? i
		       : -1;
}

/* scratch_loop for the array that lvalue pre names (v, or a row v[i] of
 * it), of type t: a row's elements are stored by a loop of its own,
 * for (j = 0; j < M; j++) v[i][j] = e. */
static int scratch_rows(const Func *f, const Stmt *s, int v, Expr *pre,
			const Type *t, int part)
{
	const Expr *bound = NULL;
	long len = 0;
	int i = scratch_for(s, &bound);
	/* (a bound of constants, 3 * NP, as the array's length) */
	if (i < 0 || t->kind != TY_ARRAY || t->len <= 0 ||
	    (part && t->base->kind == TY_ARRAY) ||
	    (part ? expr_mentions(bound, v) || expr_has_call(bound)
		  : !ir_int_const(bound, &len) || len != t->len))
		return 0;
	const Stmt *b = s->u.loop.body;
	const Stmt *const *items = &b;
	int n = 1;
	if (b->kind == S_BLOCK) {
		items = (const Stmt *const *)b->u.block.items;
		n = b->u.block.n;
	}
	int stores = 0;
	for (int k = 0; k < n; k++) {
		const Stmt *it = items[k];
		if (!stmt_mentions(it, v))
			continue;
		if (t->base->kind == TY_ARRAY) {
			/* a row, pre[i], filled by a loop */
			Expr *row = expr_index(expr_clone(pre),
					       expr_var((Func *)f, i, it->loc),
					       it->loc);
			if (!scratch_rows(f, it, v, row, t->base, 0))
				return 0;
			stores++;
			continue;
		}
		const Expr *l = it->kind == S_ASSIGN ? it->u.assign.lhs : NULL;
		if (!l || it->u.assign.op != A_SET || l->kind != E_INDEX ||
		    !expr_equal(l->u.index.base, pre) ||
		    l->u.index.idx->kind != E_VAR ||
		    l->u.index.idx->u.var != i ||
		    expr_mentions(it->u.assign.rhs, v))
			return 0;
		stores++;
	}
	/* nothing leaves the body early, nothing else changes i */
	ScratchExit x = { i, 0 };
	ir_visit_stmts(b, scratch_exit, &x);
	return stores == 1 && !x.bad;
}

/* Does loop s (a for) overwrite the whole array v (a row at a time, by
 * nested loops, for arrays of rows)?  With part set, a prefix of a
 * one-dimensional v also counts (i < E for any E that does not read v). */
static int scratch_loop(const Func *f, const Stmt *s, int v, int part)
{
	return scratch_rows(f, s, v, expr_var((Func *)f, v, s->loc),
			    f->vars[v]->type, part);
}

/* Is for loop s over i, whose body is the one statement v[i / m][i % m] =
 * e (e not reading v), the rows of m that memcpy or memset of a matrix
 * becomes (frontend.c, mem_rows_elem)? */
static int scratch_rows_flat(const Stmt *s, int v, long m)
{
	const Expr *bound = NULL;
	int i = scratch_for(s, &bound);
	const Stmt *b = s->u.loop.body;
	if (i < 0)
		return 0;
	if (b->kind == S_BLOCK && b->u.block.n == 1)
		b = b->u.block.items[0];
	if (b->kind != S_ASSIGN || b->u.assign.op != A_SET ||
	    expr_mentions(b->u.assign.rhs, v))
		return 0;
	const Expr *l = b->u.assign.lhs;
	if (l->kind != E_INDEX || l->u.index.base->kind != E_INDEX)
		return 0;
	const Expr *in = l->u.index.idx, *out = l->u.index.base->u.index.idx;
	const Expr *r = l->u.index.base->u.index.base;
	return r->kind == E_VAR && r->u.var == v && out->kind == E_BINARY &&
	       out->u.bin.op == B_DIV && in->kind == E_BINARY &&
	       in->u.bin.op == B_MOD && out->u.bin.l->kind == E_VAR &&
	       out->u.bin.l->u.var == i && in->u.bin.l->kind == E_VAR &&
	       in->u.bin.l->u.var == i && out->u.bin.r->kind == E_NUM &&
	       out->u.bin.r->u.num.ival == m && in->u.bin.r->kind == E_NUM &&
	       in->u.bin.r->u.num.ival == m;
}

/* Is s the loop of memcpy(v, src, sizeof v) or memset(v, 0, sizeof v)
 * as the frontend writes it out at the top of f's body, long ck_n = LEN;
 * ... for (ck_i = 0; ck_i < ck_n; ck_i++) v[ck_i] = ...;, over all of
 * array v (ck_n declared with v's length, never changed)? */
static int scratch_mem(const Func *f, const Stmt *s, int v)
{
	const Type *t = f->vars[v]->type;
	const Expr *bound = NULL;
	if (t->kind != TY_ARRAY || scratch_for(s, &bound) < 0 ||
	    bound->kind != E_VAR || stmt_assigns_var(f->body, bound->u.var))
		return 0;
	const Stmt *b = f->body;
	for (int k = 0; k < b->u.block.n; k++) {
		const Stmt *d = b->u.block.items[k];
		if (d->kind != S_DECL || d->u.decl.var != bound->u.var)
			continue;
		if (!d->u.decl.init || d->u.decl.init->kind != E_NUM ||
		    d->u.decl.init->u.num.ival != type_scalars(t))
			return 0;
		if (t->base->kind != TY_ARRAY)
			return scratch_loop(f, s, v, 1);
		return t->base->base->kind != TY_ARRAY &&
		       scratch_rows_flat(s, v, t->base->len);
	}
	return 0;
}

/* Does f overwrite variable v whole before reading it (the rule above)?
 * With used set, f must also mention v after that first store: a value
 * stored and never read again is a result, not scratch. */
/* The constant index of v[c] (an element of 1-D array v), or -1. */
static long scratch_elem_index(const Expr *e, int v, long len)
{
	long c;
	if (e->kind != E_INDEX || e->u.index.base->kind != E_VAR ||
	    e->u.index.base->u.var != v || !ir_int_const(e->u.index.idx, &c))
		return -1;
	return c >= 0 && c < len ? c : -1;
}

/* Reads of v in an expression: each an element stored before (set). */
typedef struct ElemReads {
	int v;
	long len;
	const unsigned char *set;
	int all, ok;
} ElemReads;

static void elem_reads_visit(void *ctx, const Expr *e)
{
	ElemReads *r = ctx;
	if (e->kind == E_VAR && e->u.var == r->v)
		r->all++;
	long c = scratch_elem_index(e, r->v, r->len);
	if (c >= 0 && r->set[c])
		r->ok++;
}

/* Do the block items from k on store every element of 1-D array v, one
 * constant index each (v[0] = ...; v[1] = ...; as generated code fills
 * its workspace), before anything else mentions v, each store reading
 * only elements stored before it?  *last: the last store's item. */
static int scratch_elem_stores(const Func *f, const Stmt *b, int k, int v,
			       int *last)
{
	const Type *t = f->vars[v]->type;
	if (t->kind != TY_ARRAY || !type_is_float(t->base) || t->len <= 0 ||
	    t->len > 4096)
		return 0;
	unsigned char *set = arena_alloc((size_t)t->len);
	memset(set, 0, (size_t)t->len);
	long nset = 0;
	for (; k < b->u.block.n && nset < t->len; k++) {
		const Stmt *it = b->u.block.items[k];
		if (!stmt_mentions(it, v))
			continue;
		long c = it->kind == S_ASSIGN && it->u.assign.op == A_SET
				 ? scratch_elem_index(it->u.assign.lhs, v,
						      t->len)
				 : -1;
		if (c < 0)
			return 0;
		ElemReads r = { v, t->len, set, 0, 0 };
		ir_walk_expr(it->u.assign.rhs, elem_reads_visit, &r);
		if (r.ok != r.all)
			return 0;
		nset += !set[c];
		set[c] = 1;
		*last = k;
	}
	return nset == t->len;
}

static int scratch_dead_in(const Func *f, const Stmt *b, int v, int used)
{
	for (int k = 0; k < b->u.block.n; k++) {
		const Stmt *it = b->u.block.items[k];
		if (!stmt_mentions(it, v) ||
		    (it->kind == S_DECL && it->u.decl.var == v))
			continue;
		int dead = (it->kind == S_ASSIGN && it->u.assign.op == A_SET &&
			    it->u.assign.lhs->kind == E_VAR &&
			    it->u.assign.lhs->u.var == v &&
			    type_is_float(f->vars[v]->type) &&
			    !expr_mentions(it->u.assign.rhs, v)) ||
			   scratch_loop(f, it, v, 0) ||
			   scratch_mem(f, it, v) ||
			   scratch_elem_stores(f, b, k, v, &k);
		if (!dead || !used)
			return dead;
		for (k++; k < b->u.block.n; k++)
			if (stmt_mentions(b->u.block.items[k], v))
				return 1;
		return 0;
	}
	return 0;
}

static int scratch_dead(const Func *f, int v, int used)
{
	return scratch_dead_in(f, f->body, v, used);
}

/* Is static local v only read: never assigned (whole or an element),
 * its address never taken, and an array only indexed, v[i], or passed
 * whole to a pointer-to-const parameter of a function of the file
 * (dot(w, x, n)), never otherwise passed or pointed into?  (A table of
 * constants that lacks its const: static double cof[6] = { ... }.) */
typedef struct ReadOnly {
	const Program *p;
	int var, all, indexed, stored;
} ReadOnly;

static void read_only_expr(void *ctx, const Expr *e)
{
	ReadOnly *r = ctx;
	if (e->kind == E_VAR && e->u.var == r->var)
		r->all++;
	if (e->kind == E_INDEX && e->u.index.base->kind == E_VAR &&
	    e->u.index.base->u.var == r->var)
		r->indexed++;
	/* (passed whole to a pointer-to-const parameter of a function of
	 * the file, dot(w, x, n): read there only) */
	if (e->kind == E_CALL && e->u.call.fn >= 0) {
		const Func *g = r->p->funcs[e->u.call.fn];
		for (int i = 0; i < e->u.call.nargs && i < g->nparams; i++) {
			const Expr *a = e->u.call.args[i];
			const Type *t = g->vars[g->params[i]]->type;
			if (a->kind == E_VAR && a->u.var == r->var &&
			    t->kind == TY_PTR && type_is_readonly(t->base))
				r->indexed++;
		}
	}
}

static void read_only_stmt(void *ctx, const Stmt *s)
{
	ReadOnly *r = ctx;
	if (s->kind != S_ASSIGN)
		return;
	/* (an element, a member or a member's element: M.cnt++) */
	const Expr *l = s->u.assign.lhs;
	while (l->kind == E_INDEX || l->kind == E_MEMBER)
		l = l->kind == E_INDEX ? l->u.index.base : l->u.mem.base;
	if (l->kind == E_VAR && l->u.var == r->var)
		r->stored = 1;
}

static int static_read_only(const Program *p, const Func *f, int v)
{
	ReadOnly r = { p, v, 0, 0, 0 };
	if (stmt_assigns_var(f->body, v))
		return 0;
	ir_walk_stmt(f->body, read_only_expr, &r);
	ir_visit_stmts(f->body, read_only_stmt, &r);
	return !r.stored &&
	       (f->vars[v]->type->kind != TY_ARRAY || r.all == r.indexed);
}

/* A table computed on the first call (`static int ready; static double
 * C[8]; if (!ready) { for (...) C[i] = cos(0.1 * i); ready = 1; }`): every
 * store into v sits in the arm of an `if (!flag)` or `if (flag == 0)`,
 * flag a static int of f, that also sets flag to a nonzero constant, and
 * stores a value of numbers, v itself, math functions and the counters of
 * loops of that arm with constant bounds; elsewhere v is only read,
 * element by element, and nothing takes an address in it.  Its values
 * are the same in every call and carry no derivative: each generated
 * function keeps its own table, filled on its own first call, with the
 * numbers the primal's holds. */
typedef struct LazyTable {
	const Func *f;
	int v;
	int flag; /* the static int of the if being walked, or -1 */
	unsigned char *counter; /* per var: a counter of a loop being walked */
	int stores, good;
} LazyTable;

static int lazy_flag_test(const Func *f, const Expr *c)
{
	const Expr *x = NULL;
	if (c->kind == E_UNARY && c->u.un.op == U_NOT)
		x = c->u.un.e;
	else if (c->kind == E_BINARY && c->u.bin.op == B_EQ &&
		 c->u.bin.r->kind == E_NUM && c->u.bin.r->u.num.ival == 0)
		x = c->u.bin.l;
	if (!x || x->kind != E_VAR)
		return -1;
	const Var *fv = f->vars[x->u.var];
	return fv->kind == VAR_LOCAL && fv->is_static &&
			       fv->type->kind == TY_INT
		       ? x->u.var
		       : -1;
}

/* A value may read v and the counters being walked, and call math
 * functions (expr_math_only); no other variable, global or memory. */
static void lazy_value_visit(void *ctx, const Expr *e)
{
	LazyTable *t = ctx;
	if ((e->kind == E_VAR && e->u.var != t->v && !t->counter[e->u.var]) ||
	    e->kind == E_GLOBAL || e->kind == E_DEREF)
		t->good = 0;
}

/* Does block b set flag to a nonzero number at its top level? */
static int lazy_sets_flag(const Stmt *b, int flag)
{
	for (int i = 0; b && b->kind == S_BLOCK && i < b->u.block.n; i++) {
		const Stmt *s = b->u.block.items[i];
		if (s->kind == S_ASSIGN && s->u.assign.op == A_SET &&
		    s->u.assign.lhs->kind == E_VAR &&
		    s->u.assign.lhs->u.var == flag &&
		    s->u.assign.rhs->kind == E_NUM &&
		    s->u.assign.rhs->u.num.ival != 0)
			return 1;
	}
	return 0;
}

static void lazy_walk(LazyTable *t, const Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			lazy_walk(t, s->u.block.items[i]);
		return;
	case S_IF: {
		int flag = lazy_flag_test(t->f, s->u.ifs.cond);
		int outer = t->flag;
		if (flag >= 0 && lazy_sets_flag(s->u.ifs.then, flag))
			t->flag = flag;
		lazy_walk(t, s->u.ifs.then);
		t->flag = outer;
		lazy_walk(t, s->u.ifs.els);
		return;
	}
	case S_FOR:
	case S_WHILE:
	case S_DO: {
		/* in an arm, a counted loop with constant bounds counts
		 * through the same numbers in every function */
		const Expr *lo, *hi;
		int le, i = t->flag >= 0 ? ir_counted_for(s, &lo, &hi, &le)
					 : -1;
		int mark = i >= 0 && lo->kind == E_NUM && hi->kind == E_NUM &&
			   !t->counter[i];
		if (mark)
			t->counter[i] = 1;
		lazy_walk(t, s->u.loop.init);
		lazy_walk(t, s->u.loop.inc);
		lazy_walk(t, s->u.loop.body);
		if (mark)
			t->counter[i] = 0;
		return;
	}
	case S_CHECKPOINT:
		lazy_walk(t, s->u.ckpt.body);
		return;
	case S_ASSIGN: {
		const Expr *l = s->u.assign.lhs;
		const Expr *b = l->kind == E_INDEX ? l->u.index.base : l;
		if (b->kind != E_VAR || b->u.var != t->v)
			return;
		t->stores++;
		if (t->flag < 0 || s->u.assign.op != A_SET ||
		    !expr_math_only(s->u.assign.rhs) ||
		    (l->kind == E_INDEX && !expr_math_only(l->u.index.idx)))
			t->good = 0;
		ir_walk_expr(s->u.assign.rhs, lazy_value_visit, t);
		if (l->kind == E_INDEX)
			ir_walk_expr(l->u.index.idx, lazy_value_visit, t);
		return;
	}
	default:
		return;
	}
}

/* Is an address taken in v (&v[i], as an argument a callee may store
 * through)? */
static void lazy_addr_visit(void *ctx, const Expr *e)
{
	LazyTable *t = ctx;
	if (e->kind == E_ADDR && expr_mentions(e->u.e, t->v))
		t->good = 0;
}

static int static_lazy_table(const Program *p, const Func *f, int v)
{
	LazyTable t = { f, v, -1, scratch_alloc((size_t)f->nvars + 1), 0, 1 };
	lazy_walk(&t, f->body);
	ir_walk_stmt(f->body, lazy_addr_visit, &t);
	free(t.counter);
	ReadOnly r = { p, v, 0, 0, 0 };
	ir_walk_stmt(f->body, read_only_expr, &r);
	return t.good && t.stores > 0 &&
	       (f->vars[v]->type->kind != TY_ARRAY || r.all == r.indexed);
}

static int scratch_prefix(const Func *f, int v);

static void static_scratch(const Program *p, Func *f)
{
	for (int v = 0; v < f->nvars; v++) {
		Var *x = f->vars[v];
		if (x->kind != VAR_LOCAL || !x->is_static ||
		    !(type_is_float(x->type) || type_float_elem(x->type)) ||
		    type_is_readonly(x->type))
			continue;
		/* (in the block that declares it: a static of a region's
		 * or a loop's body, filled whole there before it is read) */
		const Stmt *d = stmt_find_decl(f->body, v);
		const Stmt *in = d ? block_of(f->body, d) : NULL;
		/* (or a prefix that a counted loop fills and the loops over
		 * the same count read, as for a global: df[i] for i < n) */
		if (scratch_dead_in(f, in ? in : f->body, v, 0) ||
		    ((!in || in == f->body) && scratch_prefix(f, v))) {
			x->is_static = 0;
			continue;
		}
		/* never changed: a const table, read again by the reverse
		 * sweep like one declared const */
		if (static_read_only(p, f, v)) {
			x->type = type_with_const_elems(x->type, 1);
			continue;
		}
		if (static_lazy_table(p, f, v))
			continue;
		diag_error(x->loc,
			   "static local '%s' keeps its value from call to "
			   "call, which no derivative follows; make it a "
			   "parameter, or overwrite it whole before the "
			   "function reads it (then it is scratch)",
			   x->name);
	}
}

/* ---- global scratch
 *
 * A file-scope variable of floating data (not const) that one converted
 * function uses as scratch, overwriting it whole before reading it (the
 * rule of static locals above) and reading it after, becomes a local of
 * that function: no value carries over from call to call, so no
 * derivative is lost, and derivatives may flow through it.  The
 * generated functions keep it in their own storage; they leave the
 * global as it was.  Anything else stays the global, which derivatives
 * may not flow into (activity.c). */

typedef struct GlobalUse {
	int *nfuncs; /* per global, the converted functions mentioning it */
	int *last;   /* per global, the last function counted */
	int *first;  /* per global, the first one */
	int fn;
} GlobalUse;

static void global_count(void *ctx, const Expr *e)
{
	GlobalUse *u = ctx;
	if (e->kind != E_GLOBAL || u->last[e->u.global] == u->fn)
		return;
	if (!u->nfuncs[e->u.global]++)
		u->first[e->u.global] = u->fn;
	u->last[e->u.global] = u->fn;
}

typedef struct GlobalSwap {
	Func *f;
	const Program *p;
	int global, var;
	int back; /* 1: the local back into the global */
} GlobalSwap;

static Expr *global_swap(void *ctx, Expr *e)
{
	GlobalSwap *w = ctx;
	if (!w->back && e->kind == E_GLOBAL && e->u.global == w->global)
		return expr_var(w->f, w->var, e->loc);
	if (w->back && e->kind == E_VAR && e->u.var == w->var) {
		Expr *g = expr_new(E_GLOBAL, w->p->globals[w->global]->type,
				   e->loc);
		g->u.global = w->global;
		return g;
	}
	return NULL;
}

/* Does e mention array v only as v[j], and leave j alone? */
typedef struct PrefixUse {
	int v, j, ok;
} PrefixUse;

static void prefix_use(void *ctx, const Expr *e)
{
	PrefixUse *u = ctx;
	switch (e->kind) {
	case E_INDEX:
		if (e->u.index.base->kind == E_VAR &&
		    e->u.index.base->u.var == u->v) {
			if (e->u.index.idx->kind != E_VAR ||
			    e->u.index.idx->u.var != u->j)
				u->ok = 0;
			return;
		}
		prefix_use(u, e->u.index.base);
		prefix_use(u, e->u.index.idx);
		return;
	case E_VAR:
		if (e->u.var == u->v)
			u->ok = 0;
		return;
	case E_ADDR:
		if (e->u.e->kind == E_VAR && e->u.e->u.var == u->j)
			u->ok = 0; /* j may change behind the loop's back */
		prefix_use(u, e->u.e);
		return;
	case E_DEREF:
		prefix_use(u, e->u.e);
		return;
	case E_CALL:
		for (int k = 0; k < e->u.call.nargs; k++)
			prefix_use(u, e->u.call.args[k]);
		return;
	default:
		ir_plain_kids(e, prefix_use, u);
		return;
	}
}

static int prefix_expr(const Expr *e, int v, int j)
{
	PrefixUse u = { v, j, 1 };
	if (e)
		prefix_use(&u, e);
	return u.ok;
}

typedef struct Prefix {
	int v, j, ok;
} Prefix;

static void prefix_stmt(void *ctx, const Stmt *s)
{
	Prefix *x = ctx;
	switch (s->kind) {
	case S_DECL:
		if (s->u.decl.var == x->j ||
		    !prefix_expr(s->u.decl.init, x->v, x->j))
			x->ok = 0;
		for (int k = 0; k < s->u.decl.ninits; k++)
			if (!prefix_expr(s->u.decl.inits[k], x->v, x->j))
				x->ok = 0;
		break;
	case S_ASSIGN:
		if ((s->u.assign.lhs->kind == E_VAR &&
		     s->u.assign.lhs->u.var == x->j) ||
		    !prefix_expr(s->u.assign.lhs, x->v, x->j) ||
		    !prefix_expr(s->u.assign.rhs, x->v, x->j))
			x->ok = 0;
		break;
	case S_EXPR:
	case S_RETURN:
		if (!prefix_expr(s->u.expr, x->v, x->j))
			x->ok = 0;
		break;
	case S_IF:
		if (!prefix_expr(s->u.ifs.cond, x->v, x->j))
			x->ok = 0;
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		if (!prefix_expr(s->u.loop.cond, x->v, x->j))
			x->ok = 0;
		break;
	case S_CHECKPOINT:
		x->ok = 0; /* a save() section may name v whole */
		break;
	default:
		break;
	}
}

/* Do the values of e's variables stay the same through f: integers that
 * nothing assigns after their declaration, nor takes the address of? */
static int prefix_fixed(const Func *f, const Expr *e)
{
	if (expr_has_call(e))
		return 0;
	for (int v = 0; v < f->nvars; v++) {
		if (!expr_mentions(e, v))
			continue;
		if (f->vars[v]->type->kind != TY_INT ||
		    stmt_assigns_var(f->body, v))
			return 0;
	}
	return 1;
}

/* Array v is scratch that f fills a prefix of: the first statement of the
 * body that mentions it is a counted loop for (i = 0; i < E; i++) that
 * stores v[i] (scratch_loop), with E fixed through f, and every later
 * statement that mentions it is such a loop over the same E that uses
 * v only as v[j], j its index (which the body leaves alone).  So f reads
 * only elements it wrote. */
static int scratch_prefix(const Func *f, int v)
{
	const Stmt *b = f->body;
	const Expr *bound = NULL;
	int k = 0;
	for (; k < b->u.block.n; k++)
		if (stmt_mentions(b->u.block.items[k], v))
			break;
	if (k == b->u.block.n || !scratch_loop(f, b->u.block.items[k], v, 1) ||
	    scratch_for(b->u.block.items[k], &bound) < 0 ||
	    !prefix_fixed(f, bound))
		return 0;
	int reads = 0;
	for (k++; k < b->u.block.n; k++) {
		const Stmt *it = b->u.block.items[k];
		if (!stmt_mentions(it, v))
			continue;
		const Expr *e = NULL;
		int j = scratch_for(it, &e);
		if (j < 0 || !expr_equal(e, bound))
			return 0;
		Prefix x = { v, j, 1 };
		ir_visit_stmts(it->u.loop.body, prefix_stmt, &x);
		if (!x.ok)
			return 0;
		reads++;
	}
	return reads > 0;
}

/* A global that a function r uses as scratch (the rule above) together
 * with the functions it calls, which read and change it, as simulation
 * state often is (`double u[N]; static void step(double dt) { ... u[i]
 * ... }`): r gets the local, and each function on a call path from r to
 * a user of the global gets a pointer to it as one more parameter
 * (appended), which its calls on that path pass on; the global in those
 * functions is that parameter.  Only when each such function is called
 * from r and such functions alone, is not requested itself (its
 * signature changes), and r overwrites the global whole before anything
 * reads it (its first statement that mentions it, the calls that now
 * pass it included). */

typedef struct GlobalCalls {
	unsigned char *calls; /* calls[a * n + b]: funcs[a] calls funcs[b] */
	int n, fn;
} GlobalCalls;

static void global_calls(void *ctx, const Expr *e)
{
	GlobalCalls *c = ctx;
	if (e->kind == E_CALL && e->u.call.fn >= 0 && e->u.call.fn < c->n)
		c->calls[c->fn * c->n + e->u.call.fn] = 1;
}

typedef struct GlobalMention {
	int global, hit;
} GlobalMention;

static void global_mention(void *ctx, const Expr *e)
{
	GlobalMention *m = ctx;
	if (e->kind == E_GLOBAL && e->u.global == m->global)
		m->hit = 1;
}

typedef struct GlobalPass {
	Func *f;
	const unsigned char *need;
	int n;
	int var;    /* what the calls pass: this var (or its address) */
	int addr;   /* &var (a scalar local) */
	int global; /* the global the function's uses become var */
	int deref;  /* ... as *var (a scalar behind a parameter) */
	int undo;   /* take the argument back off */
} GlobalPass;

static Expr *global_pass(void *ctx, Expr *e)
{
	GlobalPass *w = ctx;
	if (e->kind == E_GLOBAL && e->u.global == w->global && !w->undo) {
		Expr *v = expr_var(w->f, w->var, e->loc);
		return w->deref ? expr_deref(v, e->loc) : v;
	}
	if (e->kind != E_CALL || e->u.call.fn < 0 || e->u.call.fn >= w->n ||
	    !w->need[e->u.call.fn])
		return NULL;
	for (int i = 0; i < e->u.call.nargs; i++)
		e->u.call.args[i] =
			expr_map(e->u.call.args[i], global_pass, w);
	if (w->undo) {
		e->u.call.nargs--;
		return e;
	}
	Expr *a = expr_var(w->f, w->var, e->loc);
	if (w->addr)
		a = expr_addr(a, e->loc);
	Expr **args =
		arena_alloc(sizeof(Expr *) * (size_t)(e->u.call.nargs + 1));
	if (e->u.call.nargs)
		memcpy(args, e->u.call.args,
		       sizeof(Expr *) * (size_t)e->u.call.nargs);
	args[e->u.call.nargs++] = a;
	e->u.call.args = args;
	return e;
}

static int global_requested(const Program *p, int fn)
{
	for (int i = 0; i < p->nreqs; i++)
		if (p->reqs[i]->fn == fn)
			return 1;
	return 0;
}

/* Makes global g the shared scratch of root r and its helpers when it
 * qualifies; 1 if so. */
static int global_shared_root(Program *p, int g, int r,
			      const unsigned char *users,
			      const unsigned char *calls)
{
	int n = p->nfuncs;
	unsigned char *reach = arena_alloc((size_t)n + 1);
	unsigned char *need = arena_alloc((size_t)n + 1);
	memset(reach, 0, (size_t)n + 1);
	memset(need, 0, (size_t)n + 1);
	/* reach: what r calls, through calls */
	int *stack = arena_alloc(sizeof(int) * (size_t)(n + 1)), top = 0;
	stack[top++] = r;
	while (top) {
		int a = stack[--top];
		for (int b = 0; b < n; b++)
			if (calls[a * n + b] && !reach[b]) {
				reach[b] = 1;
				stack[top++] = b;
			}
	}
	if (reach[r])
		return 0; /* recursion */
	for (int f = 0; f < n; f++)
		if (users[f] && f != r && !reach[f])
			return 0;
	/* need: the users, and what calls one of them, within reach */
	for (int f = 0; f < n; f++)
		need[f] = users[f] && f != r;
	for (int changed = 1; changed;) {
		changed = 0;
		for (int a = 0; a < n; a++)
			for (int b = 0; b < n && reach[a] && !need[a]; b++)
				if (calls[a * n + b] && need[b])
					need[a] = changed = 1;
	}
	for (int f = 0; f < n; f++) {
		if (!need[f])
			continue;
		if (global_requested(p, f))
			return 0;
		for (int a = 0; a < n; a++)
			if (calls[a * n + f] && a != r && !need[a])
				return 0;
	}
	const Global *x = p->globals[g];
	int array = x->type->kind == TY_ARRAY;
	Func *rf = p->funcs[r];
	const char *name = func_find_var(rf, x->name) < 0
				   ? x->name
				   : name_fresh(p, rf, x->name);
	GlobalPass w = { rf, need, n, 0, !array, g, 0, 0 };
	w.var = func_add_var(rf, name, x->type, VAR_LOCAL, x->loc);
	stmt_map_exprs(rf->body, global_pass, &w);
	if (!scratch_dead(rf, w.var, 1)) {
		/* back: the global, and the calls without it */
		w.undo = 1;
		stmt_map_exprs(rf->body, global_pass, &w);
		GlobalSwap back = { rf, p, g, w.var, 1 };
		stmt_map_exprs(rf->body, global_swap, &back);
		rf->nvars--;
		return 0;
	}
	stmt_prepend(rf->body, stmt_decl(w.var, NULL, x->loc));
	Type *pt = type_ptr(array ? x->type->base : x->type);
	for (int f = 0; f < n; f++) {
		if (!need[f])
			continue;
		Func *h = p->funcs[f];
		GlobalPass hw = { h, need, n, 0, 0, g, !array, 0 };
		hw.var = func_add_param(h,
					func_find_var(h, x->name) < 0
						? x->name
						: name_fresh(p, h, x->name),
					pt, x->loc);
		stmt_map_exprs(h->body, global_pass, &hw);
	}
	return 1;
}

/* Global g, which several converted functions use: shared scratch of one
 * of them and its helpers (global_shared_root), if any qualifies. */
static void global_shared(Program *p, int g, const unsigned char *calls)
{
	int n = p->nfuncs;
	unsigned char *users = arena_alloc((size_t)n + 1);
	for (int f = 0; f < n; f++) {
		GlobalMention m = { g, 0 };
		ir_walk_stmt(p->funcs[f]->body, global_mention, &m);
		users[f] = (unsigned char)m.hit;
	}
	for (int r = 0; r < n; r++)
		if (users[r] && global_shared_root(p, g, r, users, calls))
			return;
}

static void global_scratch(Program *p)
{
	int n = p->nglobals;
	if (!n)
		return;
	GlobalUse u = { arena_alloc(sizeof(int) * (size_t)n),
			arena_alloc(sizeof(int) * (size_t)n),
			arena_alloc(sizeof(int) * (size_t)n), 0 };
	for (int g = 0; g < n; g++) {
		u.nfuncs[g] = 0;
		u.last[g] = -1;
	}
	for (u.fn = 0; u.fn < p->nfuncs; u.fn++)
		ir_walk_stmt(p->funcs[u.fn]->body, global_count, &u);
	unsigned char *calls = NULL;
	for (int g = 0; g < n; g++) {
		const Global *x = p->globals[g];
		if (type_is_readonly(x->type) ||
		    !(type_is_float(x->type) || type_float_elem(x->type)))
			continue;
		if (u.nfuncs[g] > 1) {
			if (!calls) {
				size_t nn =
					(size_t)p->nfuncs * (size_t)p->nfuncs;
				GlobalCalls c = { arena_alloc(nn + 1),
						  p->nfuncs, 0 };
				memset(c.calls, 0, nn + 1);
				for (c.fn = 0; c.fn < p->nfuncs; c.fn++)
					ir_walk_stmt(p->funcs[c.fn]->body,
						     global_calls, &c);
				calls = c.calls;
			}
			global_shared(p, g, calls);
			continue;
		}
		if (u.nfuncs[g] != 1)
			continue;
		Func *f = p->funcs[u.first[g]];
		const char *name = func_find_var(f, x->name) < 0
					   ? x->name
					   : name_fresh(p, f, x->name);
		GlobalSwap w = { f, p, g, 0, 0 };
		w.var = func_add_var(f, name, x->type, VAR_LOCAL, x->loc);
		stmt_map_exprs(f->body, global_swap, &w);
		if (scratch_dead(f, w.var, 1)) {
			stmt_prepend(f->body, stmt_decl(w.var, NULL, x->loc));
			continue;
		}
		if (scratch_prefix(f, w.var)) {
			stmt_prepend(f->body, stmt_decl(w.var, NULL, x->loc));
			continue;
		}
		w.back = 1;
		stmt_map_exprs(f->body, global_swap, &w);
		f->nvars--;
	}
}

/* A static global that is not const cannot be shared with the generated
 * file: it has its own copy of the const ones, and none of the others.
 * Reported at the first use that global_scratch left. */
typedef struct StaticUse {
	const Program *p;
	unsigned char *seen;
} StaticUse;

static void static_use(void *ctx, const Expr *e)
{
	StaticUse *s = ctx;
	if (e->kind != E_GLOBAL || s->seen[e->u.global])
		return;
	const Global *g = s->p->globals[e->u.global];
	s->seen[e->u.global] = 1;
	if (!g->is_static || type_is_readonly(g->type) || g->unwritten)
		return;
	diag_error(e->loc,
		   "static variable '%s' is not const and may change, so the "
		   "generated code cannot share it; declare it const or "
		   "remove 'static' (a work buffer may stay static when one "
		   "function, and helpers it alone calls, use it, and that "
		   "function's first statement that mentions it assigns all "
		   "of it)",
		   g->name);
	diag_note(g->loc, "'%s' declared here", g->name);
	if (g->changed_at.file && g->changed_via)
		diag_note(g->changed_at,
			  "'%s' may change here, through '%s' (ckc follows "
			  "pointers into it through local pointers and "
			  "parameters of the file's functions)",
			  g->name, g->changed_via);
	else if (g->changed_at.file)
		diag_note(g->changed_at, "'%s' may change here", g->name);
}

static void globals_static_check(Program *p)
{
	if (!p->nglobals)
		return;
	StaticUse s = { p, arena_alloc((size_t)p->nglobals) };
	memset(s.seen, 0, (size_t)p->nglobals);
	for (int i = 0; i < p->nfuncs; i++)
		ir_walk_stmt(p->funcs[i]->body, static_use, &s);
}

/* ---- struct parameters that the function changes
 *
 * A struct passed by value with floating data that f changes (a store
 * into it or one of its members, or the address of either taken; not the
 * data its pointer members reach) becomes a local
 * copy made first thing, `S ck_p; ck_p.x = p.x; ...`, which the rest of
 * the body uses instead: the reverse mode follows changes of local
 * structs, and the copy's adjoint flows into p's through those stores.
 * The parameter itself stays as declared, in every signature. */

typedef struct ParamChange {
	int var, changed;
} ParamChange;

/* Is lvalue e part of struct variable v's own storage (v, v.m, v.a[k]),
 * not data that a pointer member reaches (v.p[k])? */
static int param_storage(const Expr *e, int v)
{
	for (;;) {
		if (e->kind == E_VAR)
			return e->u.var == v;
		if (e->kind == E_MEMBER)
			e = e->u.mem.base;
		else if (e->kind == E_INDEX &&
			 e->u.index.base->type->kind == TY_ARRAY)
			e = e->u.index.base;
		else
			return 0;
	}
}

static void param_change_stmt(void *ctx, const Stmt *s)
{
	ParamChange *c = ctx;
	if (s->kind == S_ASSIGN && param_storage(s->u.assign.lhs, c->var))
		c->changed = 1;
}

static void param_change_expr(void *ctx, const Expr *e)
{
	ParamChange *c = ctx;
	if (e->kind == E_ADDR && param_storage(e->u.e, c->var))
		c->changed = 1;
}

typedef struct VarSwap {
	Func *f;
	int from, to;
} VarSwap;

static Expr *var_swap(void *ctx, Expr *e)
{
	VarSwap *w = ctx;
	if (e->kind == E_VAR && e->u.var == w->from)
		return expr_var(w->f, w->to, e->loc);
	return NULL;
}

static void struct_param_copy(Program *p, Func *f)
{
	for (int i = 0; i < f->nparams; i++) {
		int v = f->params[i];
		const Var *x = f->vars[v];
		if (x->type->kind != TY_STRUCT || !type_float_elem(x->type))
			continue;
		ParamChange pc = { v, 0 };
		ir_visit_stmts(f->body, param_change_stmt, &pc);
		ir_walk_stmt(f->body, param_change_expr, &pc);
		if (!pc.changed)
			continue;
		const char *name =
			name_fresh(p, f, arena_printf("ck_%s", x->name));
		VarSwap w = { f, v, 0 };
		w.to = func_add_var(f, name, x->type, VAR_LOCAL, x->loc);
		stmt_map_exprs(f->body, var_swap, &w);
		Stmt *copy = stmt_block(x->loc);
		stmt_append(copy, stmt_decl(w.to, NULL, x->loc));
		ir_copy_object(copy, expr_var(f, w.to, x->loc),
			       expr_var(f, v, x->loc), x->loc);
		for (int k = copy->u.block.n - 1; k >= 0; k--)
			stmt_prepend(f->body, copy->u.block.items[k]);
	}
}

/* ---- a pointer that selects one of two parameters
 *
 * A local pointer declared as a choice between pointer parameters (or a
 * parameter and an array), `const double *src = c ? x : y;`, and
 * afterwards only read through (src[i], *src), never moved, written
 * through, passed or copied, becomes the choice itself: the declaration
 * keeps c as an int (`int ck_src = c ? 1 : 0;`) and each read src[i]
 * becomes `ck_src ? x[i] : y[i]`.  x and y must not change either (no
 * assignment, no address taken).  The reverse mode then sees the arrays
 * themselves, each with its own adjoint.  The declaration may sit in any
 * block, a loop's body too (a choice per pass).  A pointer declared
 * without a value may be chosen the same way by the if that next
 * mentions it, setting it in both arms (p = x; ... else p = y;): the arms
 * set the int instead (select_in_if). */

typedef struct Select {
	int p;    /* the pointer */
	int a, b; /* the variables it chooses between */
	int bad;  /* a use other than a read through it */
	int sel;  /* the int that holds the choice */
	const Stmt *decl;
	Func *f;
	Stmt *set_a, *set_b; /* p = a; and p = b; in the arms of an if */
} Select;

/* Uses of pointer p in an expression: reads through it (p[i], *p) and,
 * with args, p passed whole to a call; any other use sets bad.  Shared
 * by the choices above and the moving pointers below. */
typedef struct PtrUses {
	int p;
	int args; /* p may be a call's argument */
	int bad;
} PtrUses;

static void ptr_uses(PtrUses *u, const Expr *e, int read_ok);

static void ptr_uses_kid(void *u, const Expr *e)
{
	ptr_uses(u, e, 0);
}

static void ptr_uses(PtrUses *u, const Expr *e, int read_ok)
{
	if (!e)
		return;
	switch (e->kind) {
	case E_VAR:
		if (e->u.var == u->p && !read_ok)
			u->bad = 1;
		return;
	case E_INDEX:
		ptr_uses(u, e->u.index.base, 1);
		ptr_uses(u, e->u.index.idx, 0);
		return;
	case E_DEREF:
		ptr_uses(u, e->u.e, 1);
		return;
	case E_CALL:
		for (int i = 0; i < e->u.call.nargs; i++)
			ptr_uses(u, e->u.call.args[i], u->args);
		return;
	default:
		ir_plain_kids(e, ptr_uses_kid, u);
		return;
	}
}

/* Does expression e use pointer p other than as allowed (PtrUses)? */
static int ptr_bad_use(int p, int args, const Expr *e)
{
	PtrUses u = { p, args, 0 };
	ptr_uses(&u, e, 0);
	return u.bad;
}

/* Is lvalue e something written through pointer p (p[i] = v)? */
static int ptr_through(int p, const Expr *e)
{
	while (e->kind == E_INDEX || e->kind == E_DEREF || e->kind == E_MEMBER)
		e = e->kind == E_INDEX   ? e->u.index.base
		    : e->kind == E_DEREF ? e->u.e
					 : e->u.mem.base;
	return e->kind == E_VAR && e->u.var == p;
}

static void select_expr(Select *x, const Expr *e)
{
	x->bad |= ptr_bad_use(x->p, 0, e);
}

static void select_stmt(void *ctx, const Stmt *s)
{
	Select *x = ctx;
	switch (s->kind) {
	case S_DECL:
		if (s != x->decl) {
			select_expr(x, s->u.decl.init);
			for (int k = 0; k < s->u.decl.ninits; k++)
				select_expr(x, s->u.decl.inits[k]);
		}
		break;
	case S_ASSIGN: {
		const Expr *l = s->u.assign.lhs;
		if (s == x->set_a || s == x->set_b)
			break;
		if (l->kind == E_VAR &&
		    (l->u.var == x->p || l->u.var == x->a || l->u.var == x->b))
			x->bad = 1;
		if (ptr_through(x->p, l))
			x->bad = 1;
		select_expr(x, l);
		select_expr(x, s->u.assign.rhs);
		break;
	}
	case S_EXPR:
	case S_RETURN:
		select_expr(x, s->u.expr);
		break;
	case S_IF:
		select_expr(x, s->u.ifs.cond);
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		select_expr(x, s->u.loop.cond);
		break;
	case S_CHECKPOINT:
		for (int k = 0; k < s->u.ckpt.nsaves; k++)
			if (s->u.ckpt.saves[k]->var == x->p)
				x->bad = 1;
		break;
	default:
		break;
	}
}

static void select_addr(void *ctx, const Expr *e)
{
	Select *x = ctx;
	if (e->kind == E_ADDR && e->u.e->kind == E_VAR &&
	    (e->u.e->u.var == x->a || e->u.e->u.var == x->b))
		x->bad = 1;
}

static Expr *select_rewrite(void *ctx, Expr *e)
{
	Select *x = ctx;
	const Expr *base = e->kind == E_INDEX   ? e->u.index.base
			   : e->kind == E_DEREF ? e->u.e
						: NULL;
	if (!base || base->kind != E_VAR || base->u.var != x->p)
		return NULL;
	Expr *arm[2];
	for (int k = 0; k < 2; k++) {
		Expr *v = expr_var(x->f, k ? x->b : x->a, e->loc);
		if (e->kind == E_INDEX) {
			Expr *idx = expr_map(expr_clone(e->u.index.idx),
					     select_rewrite, x);
			arm[k] = expr_index(v, idx, e->loc);
		} else {
			arm[k] = expr_deref(v, e->loc);
		}
		arm[k]->type = e->type;
	}
	Expr *c = expr_cond(expr_var(x->f, x->sel, e->loc), arm[0], arm[1],
			    e->loc);
	c->type = e->type;
	return c;
}

/* The one assignment p = (variable) among the statements of arm s (a
 * block's items, or s itself), or NULL. */
static Stmt *select_arm_set(Stmt *s, int p)
{
	Stmt *found = NULL;
	int n = s && s->kind == S_BLOCK ? s->u.block.n : s ? 1 : 0;
	for (int i = 0; i < n; i++) {
		Stmt *it = s->kind == S_BLOCK ? s->u.block.items[i] : s;
		if (it->kind == S_ASSIGN && it->u.assign.op == A_SET &&
		    it->u.assign.lhs->kind == E_VAR &&
		    it->u.assign.lhs->u.var == p) {
			if (found || it->u.assign.rhs->kind != E_VAR)
				return NULL;
			found = it;
		}
	}
	return found;
}

/* The same choice made by an if after the declaration, in both arms:
 * const double *p; if (flag) { p = a; ... } else { p = b; ... } becomes
 * int ck_p; if (flag) { ck_p = 1; ... } else { ck_p = 0; ... }. */
/* Is local v a pointer to floating data that may become a choice? */
static int select_ptr_ok(const Func *f, int v)
{
	const Var *x = f->vars[v];
	return x->kind == VAR_LOCAL && !x->is_static &&
	       x->type->kind == TY_PTR && type_is_float(x->type->base);
}

/* Checks choice s (its pointer, the two variables it chooses between,
 * its declaration and arm stores set) over f, and gives it its int:
 * 0 when the pointer must stay. */
static int select_prepare(Program *p, Func *f, Select *s)
{
	const Var *pa = f->vars[s->a], *pb = f->vars[s->b];
	if (s->a == s->b || !type_is_pointerish(pa->type) ||
	    !type_is_pointerish(pb->type) ||
	    (pa->kind != VAR_PARAM && pb->kind != VAR_PARAM))
		return 0;
	ir_visit_stmts(f->body, select_stmt, s);
	ir_walk_stmt(f->body, select_addr, s);
	if (s->bad)
		return 0;
	const Var *x = f->vars[s->p];
	s->sel = func_add_var(f,
			      name_fresh(p, f, arena_printf("ck_%s", x->name)),
			      type_int(), VAR_LOCAL, x->loc);
	return 1;
}

/* Each read through the pointer becomes the choice; nothing names the
 * pointer any more. */
static void select_finish(Func *f, Select *s)
{
	stmt_map_exprs(f->body, select_rewrite, s);
	f->vars[s->p]->dropped = 1;
}

static void select_in_if(Program *p, Func *f, const Stmt *blk, int k)
{
	Stmt *d = blk->u.block.items[k];
	int v = d->u.decl.var;
	if (!select_ptr_ok(f, v))
		return;
	Stmt *ifs = NULL;
	for (int j = k + 1; j < blk->u.block.n && !ifs; j++)
		if (stmt_mentions(blk->u.block.items[j], v))
			ifs = blk->u.block.items[j];
	if (!ifs || ifs->kind != S_IF || !ifs->u.ifs.els ||
	    expr_mentions(ifs->u.ifs.cond, v))
		return;
	Stmt *sa = select_arm_set(ifs->u.ifs.then, v);
	Stmt *sb = select_arm_set(ifs->u.ifs.els, v);
	if (!sa || !sb)
		return;
	Select s = { v,
		     sa->u.assign.rhs->u.var,
		     sb->u.assign.rhs->u.var,
		     0,
		     -1,
		     d,
		     f,
		     sa,
		     sb };
	if (!select_prepare(p, f, &s))
		return;
	blk->u.block.items[k] = stmt_decl(s.sel, NULL, d->loc);
	sa->u.assign.lhs = expr_var(f, s.sel, sa->loc);
	sa->u.assign.rhs = expr_int(1, sa->loc);
	sb->u.assign.lhs = expr_var(f, s.sel, sb->loc);
	sb->u.assign.rhs = expr_int(0, sb->loc);
	select_finish(f, &s);
}

typedef struct SelectBlocks {
	Program *p;
	Func *f;
} SelectBlocks;

/* A pointer set by ?: that no selection takes (two parameters, or
 * elements of them), T *c = w[k] ? b : a; or c = w[k] ? &b[2 * k] : &a[2 *
 * k];: the same choice in an if (if (w[k]) c = b; else c = a;), which the
 * reverse mode takes as a pointer set to one of two arrays.  The condition
 * must call nothing (it runs once either way). */
static int select_cond_to_if(const Func *f, Stmt *blk, int k)
{
	Stmt *d = blk->u.block.items[k];
	int decl = d->kind == S_DECL;
	const Expr *lhs = d->kind == S_ASSIGN ? d->u.assign.lhs : NULL;
	const Expr *c = decl                             ? d->u.decl.init
			: lhs && d->u.assign.op == A_SET ? d->u.assign.rhs
							 : NULL;
	if (!c || c->kind != E_COND || (lhs && lhs->kind != E_VAR) ||
	    !type_is_pointerish(c->type) || !type_float_elem(c->type) ||
	    expr_has_call(c))
		return 0;
	/* (arms into parameters: local arrays and buffers have selections
	 * of their own, ping_locals and heap_locals) */
	int ra = activity_root(c->u.cond.a), rb = activity_root(c->u.cond.b);
	if (ra < 0 || rb < 0 || f->vars[ra]->kind != VAR_PARAM ||
	    f->vars[rb]->kind != VAR_PARAM)
		return 0;
	int v = decl ? d->u.decl.var : lhs->u.var;
	Loc loc = d->loc;
	Stmt *ifs = stmt_new(S_IF, loc);
	ifs->u.ifs.cond = c->u.cond.c;
	ifs->u.ifs.then = stmt_block(loc);
	ifs->u.ifs.els = stmt_block(loc);
	stmt_append(ifs->u.ifs.then,
		    stmt_assign(A_SET, expr_var((Func *)f, v, loc),
				c->u.cond.a, loc));
	stmt_append(ifs->u.ifs.els,
		    stmt_assign(A_SET, expr_var((Func *)f, v, loc),
				c->u.cond.b, loc));
	if (decl) {
		d->u.decl.init = NULL;
		stmt_insert(blk, k + 1, ifs);
	} else {
		blk->u.block.items[k] = ifs;
	}
	return 1;
}

static void ptr_select_block(void *ctx, const Stmt *blk)
{
	SelectBlocks *sb = ctx;
	Program *p = sb->p;
	Func *f = sb->f;
	if (blk->kind != S_BLOCK)
		return;
	for (int k = 0; k < blk->u.block.n; k++) {
		Stmt *d = blk->u.block.items[k];
		if (d->kind == S_DECL && !d->u.decl.init &&
		    !d->u.decl.ninits) {
			select_in_if(p, f, blk, k);
			continue;
		}
		if (d->kind == S_ASSIGN) {
			select_cond_to_if(f, (Stmt *)blk, k);
			continue;
		}
		if (d->kind != S_DECL || !d->u.decl.init)
			continue;
		int v = d->u.decl.var;
		const Expr *c = d->u.decl.init;
		if (!select_ptr_ok(f, v) || c->kind != E_COND ||
		    c->u.cond.a->kind != E_VAR || c->u.cond.b->kind != E_VAR ||
		    expr_mentions(c->u.cond.c, v)) {
			if (select_cond_to_if(f, (Stmt *)blk, k))
				select_in_if(p, f, (Stmt *)blk, k);
			continue;
		}
		Select s = { v,
			     c->u.cond.a->u.var,
			     c->u.cond.b->u.var,
			     0,
			     -1,
			     d,
			     f,
			     NULL,
			     NULL };
		if (!select_prepare(p, f, &s)) {
			if (select_cond_to_if(f, (Stmt *)blk, k))
				select_in_if(p, f, (Stmt *)blk, k);
			continue;
		}
		Expr *one = expr_int(1, d->loc), *zero = expr_int(0, d->loc);
		Expr *pick = expr_cond(c->u.cond.c, one, zero, d->loc);
		pick->type = type_int();
		blk->u.block.items[k] = stmt_decl(s.sel, pick, d->loc);
		select_finish(f, &s);
	}
}

/* In every block of f: a declaration in a loop's body chooses anew each
 * pass (const double *src = (i % 2) ? a : b;), and so does its int. */
static void ptr_select(Program *p, Func *f)
{
	SelectBlocks sb = { p, f };
	ir_visit_stmts(f->body, ptr_select_block, &sb);
}

/* ---- pointers that swap two parameters' buffers
 *
 * Double buffering over two pointer parameters, as a solver that takes
 * its work array from the caller writes it: local pointers that only ever
 * hold the start of one of two pointer parameters of one type, or each
 * other's values (`double *cur = u, *nxt = v, *tmp; ... nxt[i] = ...;
 * tmp = cur; cur = nxt; nxt = tmp;`), become ints that say which, 0 for
 * the first parameter, 1 for the second (`int ck_cur = 0`), and every
 * other use of such a pointer the choice, (ck_cur ? v : u): nxt[i] = e
 * writes (ck_nxt ? v : u)[i], step(cur, nxt) passes both choices.  The
 * activity analysis takes the two parameters' data as one set then (a
 * pointer ?:).  Not when the parameters change as variables (an
 * assignment, &u), nor when a pointer changes any other way (p++, p +=
 * k, &p, a save() section), nor in a function with OpenMP loops.  Local
 * arrays and malloc'd buffers have their own rewrites (ping_locals,
 * heap_locals). */

typedef struct Swap {
	Func *f;
	int n;
	int *parent; /* union-find over the vars */
	unsigned char *cand, *bad;
	int *pv, *param; /* the (pointer, parameter) stores seen */
	int ns, cap;
	int *sel; /* per pointer: its int, or -1 */
	int *arm; /* per group root: its two parameters */
} Swap;

static int swap_param(const Func *f, int v)
{
	const Var *x = f->vars[v];
	return x->kind == VAR_PARAM && x->type->kind == TY_PTR &&
	       type_is_float(x->type->base);
}

static void swap_unite(Swap *w, int a, int b)
{
	w->parent[ping_find(w->parent, a)] = ping_find(w->parent, b);
}

/* Pointer p set to value e (NULL: declared without one). */
static void swap_set(Swap *w, int p, const Expr *e)
{
	if (!e)
		return;
	if (e->kind == E_VAR && w->cand[e->u.var]) {
		swap_unite(w, p, e->u.var);
		return;
	}
	if (e->kind != E_VAR || !swap_param(w->f, e->u.var)) {
		w->bad[p] = 1;
		return;
	}
	if (w->ns == w->cap) {
		int cap = w->cap ? 2 * w->cap : 16;
		int *a = arena_alloc(sizeof(int) * (size_t)cap);
		int *b = arena_alloc(sizeof(int) * (size_t)cap);
		for (int i = 0; i < w->ns; i++) {
			a[i] = w->pv[i];
			b[i] = w->param[i];
		}
		w->pv = a;
		w->param = b;
		w->cap = cap;
	}
	w->pv[w->ns] = p;
	w->param[w->ns++] = e->u.var;
}

static void swap_addr(void *ctx, const Expr *e)
{
	Swap *w = ctx;
	if (e->kind == E_ADDR && e->u.e->kind == E_VAR &&
	    w->cand[e->u.e->u.var])
		w->bad[e->u.e->u.var] = 1;
}

static void swap_stmt(void *ctx, const Stmt *s)
{
	Swap *w = ctx;
	if (s->kind == S_DECL && w->cand[s->u.decl.var]) {
		if (s->u.decl.ninits)
			w->bad[s->u.decl.var] = 1;
		swap_set(w, s->u.decl.var, s->u.decl.init);
	} else if (s->kind == S_ASSIGN && s->u.assign.lhs->kind == E_VAR &&
		   w->cand[s->u.assign.lhs->u.var]) {
		int p = s->u.assign.lhs->u.var;
		if (s->u.assign.op != A_SET)
			w->bad[p] = 1;
		else
			swap_set(w, p, s->u.assign.rhs);
	} else if (s->kind == S_CHECKPOINT) {
		for (int k = 0; k < s->u.ckpt.nsaves; k++)
			if (w->cand[s->u.ckpt.saves[k]->var])
				w->bad[s->u.ckpt.saves[k]->var] = 1;
	}
}

/* p = value: its int, 0 or 1 for the parameters, or the other's int. */
static Expr *swap_value(Swap *w, int p, const Expr *e, Loc loc)
{
	int r = ping_find(w->parent, p);
	if (e->u.var == w->arm[2 * r])
		return expr_int(0, loc);
	if (e->u.var == w->arm[2 * r + 1])
		return expr_int(1, loc);
	return expr_var(w->f, w->sel[e->u.var], loc);
}

static int swap_own(void *ctx, Stmt *s)
{
	Swap *w = ctx;
	int p;
	const Expr *rhs;
	if (s->kind == S_DECL && s->u.decl.var < w->n &&
	    w->sel[s->u.decl.var] >= 0) {
		p = s->u.decl.var;
		rhs = s->u.decl.init;
	} else if (s->kind == S_ASSIGN && s->u.assign.lhs->kind == E_VAR &&
		   s->u.assign.lhs->u.var < w->n &&
		   w->sel[s->u.assign.lhs->u.var] >= 0) {
		p = s->u.assign.lhs->u.var;
		rhs = s->u.assign.rhs;
	} else {
		return 0;
	}
	Stmt *b = stmt_block(s->loc);
	if (rhs)
		stmt_append(b, stmt_assign(A_SET,
					   expr_var(w->f, w->sel[p], s->loc),
					   swap_value(w, p, rhs, s->loc),
					   s->loc));
	*s = *b;
	return 1;
}

static Expr *swap_rewrite(void *ctx, Expr *e)
{
	Swap *w = ctx;
	if (e->kind != E_VAR || e->u.var >= w->n || w->sel[e->u.var] < 0)
		return NULL;
	int r = ping_find(w->parent, e->u.var);
	Expr *c = expr_cond(expr_var(w->f, w->sel[e->u.var], e->loc),
			    expr_var(w->f, w->arm[2 * r + 1], e->loc),
			    expr_var(w->f, w->arm[2 * r], e->loc), e->loc);
	c->type = e->type;
	return c;
}

static void ptr_swap(Program *p, Func *f)
{
	int n = f->nvars;
	Swap w;
	memset(&w, 0, sizeof w);
	w.f = f;
	w.n = n;
	w.parent = arena_alloc(sizeof(int) * (size_t)(n + 1));
	w.cand = arena_alloc((size_t)n + 1);
	w.bad = arena_alloc((size_t)n + 1);
	w.sel = arena_alloc(sizeof(int) * (size_t)(n + 1));
	w.arm = arena_alloc(sizeof(int) * (size_t)(2 * n + 2));
	int any = 0;
	for (int v = 0; v < n; v++) {
		w.parent[v] = v;
		w.sel[v] = -1;
		w.arm[2 * v] = w.arm[2 * v + 1] = -1;
		w.cand[v] = select_ptr_ok(f, v) && !f->vars[v]->dropped;
		any |= w.cand[v];
	}
	if (!any)
		return;
	if (ping_has_omp(f))
		return;
	ir_visit_stmts(f->body, swap_stmt, &w);
	ir_walk_stmt(f->body, swap_addr, &w);
	unsigned char *gbad = arena_alloc((size_t)n + 1);
	for (int v = 0; v < n; v++)
		if (w.cand[v] && w.bad[v])
			gbad[ping_find(w.parent, v)] = 1;
	for (int i = 0; i < w.ns; i++) {
		int r = ping_find(w.parent, w.pv[i]), a = w.param[i];
		if (w.arm[2 * r] < 0 || w.arm[2 * r] == a)
			w.arm[2 * r] = a;
		else if (w.arm[2 * r + 1] < 0 || w.arm[2 * r + 1] == a)
			w.arm[2 * r + 1] = a;
		else
			gbad[r] = 1;
	}
	for (int r = 0; r < n; r++) {
		if (!w.cand[r] || ping_find(w.parent, r) != r || gbad[r] ||
		    w.arm[2 * r + 1] < 0)
			continue;
		const Type *ta = f->vars[w.arm[2 * r]]->type,
			   *tb = f->vars[w.arm[2 * r + 1]]->type;
		if (ta->base->kind != tb->base->kind ||
		    ta->base->is_const != tb->base->is_const)
			continue;
		int ok = 1;
		for (int k = 0; k < 2; k++)
			ok &= !stmt_assigns_var(f->body, w.arm[2 * r + k]) &&
			      !stmt_takes_addr(f->body, w.arm[2 * r + k]);
		if (!ok)
			continue;
		for (int v = 0; v < n; v++) {
			if (!w.cand[v] || ping_find(w.parent, v) != r)
				continue;
			const Var *x = f->vars[v];
			w.sel[v] = func_add_var(
				f,
				name_fresh(p, f,
					   arena_printf("ck_%s", x->name)),
				type_int(), VAR_LOCAL, x->loc);
			stmt_prepend(f->body,
				     stmt_decl(w.sel[v], expr_int(0, x->loc),
					       x->loc));
			f->vars[v]->dropped = 1;
		}
	}
	stmt_rewrite(f->body, swap_own, swap_rewrite, &w);
}

/* ---- a pointer that moves between two arrays
 *
 * A local pointer that points into one array and later into another,
 * `double *xp = x2; for (...) { cell(..., xp); xp = &s[i]; } ... xp[i]`
 * (an LSTM's layer input: the sequence's vector, then the previous
 * layer's hidden state), is two integers: which array (ck_xp) and where
 * in it (ck_xp_o).  Each assignment sets both; each read through it
 * becomes the choice, ck_xp ? s[ck_xp_o + i] : x2[ck_xp_o + i], and each
 * call argument ck_xp ? &s[ck_xp_o] : &x2[ck_xp_o].  The reverse mode then
 * sees the arrays themselves, and keeps the integers as it keeps any.
 * The pointer may only be set to one of the two arrays, from its start or
 * an element (x2, &s[i], s + i), read through and passed whole; the
 * arrays are parameters, arrays, or pointers declared among the body's
 * first statements, and must not change as variables (no assignment, no
 * address taken).
 * Anything else leaves it as it is. */

typedef struct Moving {
	Func *f;
	int p;       /* the pointer */
	int base[2]; /* the arrays, in the order first set */
	int bad;
	int sel, off; /* the ints that replace it */
} Moving;

/* The array and offset of pointer value e (x2, &s[i], s + i, through
 * casts), or -1. */
static int moving_target(const Func *f, const Expr *e, const Expr **off)
{
	while (e->kind == E_CAST && type_is_pointerish(e->type))
		e = e->u.e;
	*off = NULL;
	if (e->kind == E_ADDR && e->u.e->kind == E_INDEX) {
		*off = e->u.e->u.index.idx;
		e = e->u.e->u.index.base;
	} else if (e->kind == E_BINARY && e->u.bin.op == B_ADD &&
		   type_is_pointerish(e->type) &&
		   e->u.bin.r->type->kind == TY_INT) {
		*off = e->u.bin.r;
		e = e->u.bin.l;
	}
	if (e->kind != E_VAR)
		return -1;
	const Var *x = f->vars[e->u.var];
	if (!type_is_pointerish(x->type) || !type_is_float(x->type->base))
		return -1;
	/* a parameter, an array, or a pointer that its declaration sets
	 * once, among the body's first statements (not a pointer that
	 * moves: the choice reads the array it points to when read) */
	if (x->kind == VAR_PARAM || x->type->kind == TY_ARRAY)
		return e->u.var;
	for (int i = 0; i < f->body->u.block.n; i++) {
		const Stmt *d = f->body->u.block.items[i];
		if (d->kind == S_DECL && d->u.decl.var == e->u.var)
			return e->u.var;
	}
	return -1;
}

static void moving_set(Moving *m, const Expr *rhs)
{
	const Expr *off;
	int b = rhs ? moving_target(m->f, rhs, &off) : -2;
	if (b == -2)
		return; /* declared without a value */
	if (b < 0 || b == m->p || expr_mentions(off, m->p)) {
		m->bad = 1;
		return;
	}
	if (m->base[0] < 0 || m->base[0] == b)
		m->base[0] = b;
	else if (m->base[1] < 0 || m->base[1] == b)
		m->base[1] = b;
	else
		m->bad = 1;
}

static void moving_use(Moving *m, const Expr *e)
{
	m->bad |= ptr_bad_use(m->p, 1, e);
}

static void moving_stmt(void *ctx, const Stmt *s)
{
	Moving *m = ctx;
	switch (s->kind) {
	case S_DECL:
		if (s->u.decl.var == m->p) {
			if (s->u.decl.ninits)
				m->bad = 1;
			moving_set(m, s->u.decl.init);
			break;
		}
		moving_use(m, s->u.decl.init);
		for (int k = 0; k < s->u.decl.ninits; k++)
			moving_use(m, s->u.decl.inits[k]);
		break;
	case S_ASSIGN: {
		const Expr *l = s->u.assign.lhs;
		if (l->kind == E_VAR && l->u.var == m->p) {
			if (s->u.assign.op != A_SET)
				m->bad = 1;
			else
				moving_set(m, s->u.assign.rhs);
			break;
		}
		if (ptr_through(m->p, l))
			m->bad = 1;
		moving_use(m, l);
		moving_use(m, s->u.assign.rhs);
		break;
	}
	case S_EXPR:
	case S_RETURN:
		moving_use(m, s->u.expr);
		break;
	case S_IF:
		moving_use(m, s->u.ifs.cond);
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		/* (a for clause must stay one statement) */
		if (stmt_mentions(s->u.loop.init, m->p) ||
		    stmt_mentions(s->u.loop.inc, m->p))
			m->bad = 1;
		moving_use(m, s->u.loop.cond);
		break;
	case S_CHECKPOINT:
		for (int k = 0; k < s->u.ckpt.nsaves; k++)
			if (s->u.ckpt.saves[k]->var == m->p)
				m->bad = 1;
		break;
	default:
		if (stmt_mentions(s, m->p) && s->kind != S_BLOCK)
			m->bad = 1;
		break;
	}
}

/* The element k of the base the ints choose, plus idx (or NULL). */
static Expr *moving_elem(Moving *m, int k, const Expr *idx, Loc loc)
{
	Expr *at = expr_var(m->f, m->off, loc);
	if (idx)
		at = expr_binary(B_ADD, at, expr_clone(idx), NULL, loc);
	return expr_index(expr_var(m->f, m->base[k], loc), at, loc);
}

static Expr *moving_rewrite(void *ctx, Expr *e)
{
	Moving *m = ctx;
	Expr *arm[2];
	const Expr *idx = NULL;
	if ((e->kind == E_INDEX || e->kind == E_DEREF) &&
	    (e->kind == E_INDEX ? e->u.index.base : e->u.e)->kind == E_VAR &&
	    (e->kind == E_INDEX ? e->u.index.base : e->u.e)->u.var == m->p) {
		if (e->kind == E_INDEX)
			idx = expr_map(expr_clone(e->u.index.idx),
				       moving_rewrite, m);
		for (int k = 0; k < 2; k++) {
			arm[k] = moving_elem(m, k, idx, e->loc);
			arm[k]->type = e->type;
		}
	} else if (e->kind == E_VAR && e->u.var == m->p) {
		for (int k = 0; k < 2; k++) {
			arm[k] = expr_addr(moving_elem(m, k, NULL, e->loc),
					   e->loc);
			arm[k]->type = e->type;
		}
	} else {
		return NULL;
	}
	Expr *c = expr_cond(expr_var(m->f, m->sel, e->loc), arm[1], arm[0],
			    e->loc);
	c->type = e->type;
	return c;
}

/* p = &s[i]; (or its declaration) becomes { ck_p = 1; ck_p_o = i; }. */
static int moving_own(void *ctx, Stmt *s)
{
	Moving *m = ctx;
	const Expr *rhs;
	if (s->kind == S_DECL && s->u.decl.var == m->p)
		rhs = s->u.decl.init;
	else if (s->kind == S_ASSIGN && s->u.assign.lhs->kind == E_VAR &&
		 s->u.assign.lhs->u.var == m->p)
		rhs = s->u.assign.rhs;
	else
		return 0;
	Stmt *b = stmt_block(s->loc);
	if (rhs) {
		const Expr *off;
		int k = moving_target(m->f, rhs, &off) == m->base[1];
		stmt_append(b,
			    stmt_assign(A_SET, expr_var(m->f, m->sel, s->loc),
					expr_int(k, s->loc), s->loc));
		stmt_append(b,
			    stmt_assign(A_SET, expr_var(m->f, m->off, s->loc),
					off ? expr_clone(off)
					    : expr_int(0, s->loc),
					s->loc));
	}
	*s = *b;
	return 1;
}

static void ptr_moving(Program *p, Func *f)
{
	for (int v = 0; v < f->nvars; v++) {
		if (!select_ptr_ok(f, v) || f->vars[v]->dropped)
			continue;
		Moving m = { f, v, { -1, -1 }, 0, -1, -1 };
		ir_visit_stmts(f->body, moving_stmt, &m);
		if (m.bad || m.base[1] < 0)
			continue;
		/* (the arrays as variables stay put) */
		for (int k = 0; k < 2; k++)
			m.bad |= stmt_assigns_var(f->body, m.base[k]) ||
				 stmt_takes_addr(f->body, m.base[k]);
		if (m.bad)
			continue;
		const Var *x = f->vars[v];
		m.sel = func_add_var(
			f, name_fresh(p, f, arena_printf("ck_%s", x->name)),
			type_int(), VAR_LOCAL, x->loc);
		m.off = func_add_var(
			f, name_fresh(p, f, arena_printf("ck_%s_o", x->name)),
			type_long(), VAR_LOCAL, x->loc);
		stmt_rewrite(f->body, moving_own, moving_rewrite, &m);
		stmt_prepend(f->body,
			     stmt_decl(m.off, expr_int(0, x->loc), x->loc));
		stmt_prepend(f->body,
			     stmt_decl(m.sel, expr_int(0, x->loc), x->loc));
		f->vars[v]->dropped = 1;
	}
}

/* ---- a pointer into a constant table at file scope
 *
 * A local pointer into a table at file scope that nothing changes,
 * `const int *fn = face[f];` over `static const int face[6][4]`, or
 * `const Atom *t = &types[k];` over a table of structs, reads the table
 * through it (fn[k], t->eps).  The reverse sweep reads such a table
 * again as it is; it needs only where the pointer was.  So the pointer
 * becomes that place, an int offset (ck_fn): each set assigns it, each
 * read through the pointer reads the table, types[ck_t + k], and the
 * pointer passed whole is &types[ck_t].  A table of rows is read through
 * its flat view, ((const int *)face)[ck_fn + k] with ck_fn = 4 * f, as a
 * pointer may walk on from one row into the next.  The reverse mode then
 * keeps the int as it keeps any.
 * The pointer may be set to the table (types, types + k, &types[k]; a
 * row face[r], face[r] + k, &face[r][k]), moved (fn++, fn += 2), read
 * through and passed whole; the table is an array of one or two
 * dimensions, const or unwritten (Global.unwritten).
 * The same holds for a row of the function's own array of rows, `double
 * *r = A[i];` over a parameter `double A[N][N]` or a local `double
 * L[N][N]`, that a checkpoint region uses (the recomputation cannot
 * follow a pointer into rows; it follows ints): writes through it then
 * write the array, and the array must not change as a variable.
 * Anything else leaves the pointer as it is. */

typedef struct Table {
	Program *p;
	Func *f;
	int v;    /* the pointer */
	/* the table: a global (its index in Program.globals), or a variable
	 * of f (nglobals + its index); -1 before a set */
	int g;
	int rows;   /* a table of rows */
	int locals; /* f's own arrays of rows may be the table */
	int bad;
	int null;     /* a set of the null pointer, 0 */
	int whole;    /* the pointer is passed whole */
	int writes;   /* stores through the pointer */
	int off;      /* the int that replaces it */
} Table;

/* Are a and b the same element type, up to qualifiers? */
static int table_same_elem(const Type *a, const Type *b)
{
	if (a->kind != b->kind || type_is_pointerish(a))
		return 0;
	if (a->kind == TY_STRUCT)
		return a->st == b->st;
	if (a->kind == TY_INT)
		return strcmp(a->name, b->name) == 0;
	return a->kind != TY_OTHER;
}

/* The table that pointer value e points into (see Table.g), with the
 * row (or NULL) and the offset in it that e names (a new expression, or
 * NULL for 0): -1 when e is no such place. */
static int table_target(const Table *t, const Expr *e, const Expr **row,
			Expr **off)
{
	while (e->kind == E_CAST && type_is_pointerish(e->type))
		e = e->u.e;
	*row = NULL;
	*off = NULL;
	if (e->kind == E_BINARY &&
	    (e->u.bin.op == B_ADD || e->u.bin.op == B_SUB) &&
	    type_is_pointerish(e->type) && e->u.bin.r->type->kind == TY_INT) {
		int g = table_target(t, e->u.bin.l, row, off);
		Expr *k = expr_clone(e->u.bin.r);
		if (*off)
			*off = expr_binary(e->u.bin.op, *off, k, NULL, e->loc);
		else
			*off = e->u.bin.op == B_SUB
				       ? expr_unary(U_NEG, k, e->loc)
				       : k;
		return g;
	}
	if (e->kind == E_ADDR && e->u.e->kind == E_INDEX &&
	    e->u.e->type->kind != TY_ARRAY) {
		*off = expr_clone(e->u.e->u.index.idx);
		e = e->u.e->u.index.base;
	}
	if (e->kind == E_INDEX && e->type->kind == TY_ARRAY) {
		*row = e->u.index.idx;
		e = e->u.index.base;
	}
	const Type *el = NULL;
	int id = -1;
	if (e->kind == E_GLOBAL && e->type->kind == TY_ARRAY) {
		const Global *x = t->p->globals[e->u.global];
		if (type_is_readonly(x->type) || x->unwritten) {
			el = x->type->base;
			id = e->u.global;
		}
	} else if (e->kind == E_VAR && t->locals && *row &&
		   type_is_pointerish(e->type) &&
		   e->type->base->kind == TY_ARRAY && e->u.var != t->v) {
		el = e->type->base;
		id = t->p->nglobals + e->u.var;
	}
	if (id < 0 || (*row != NULL) != (el->kind == TY_ARRAY) ||
	    (*row && el->len <= 0))
		return -1;
	if (*row)
		el = el->base;
	if (!table_same_elem(el, t->f->vars[t->v]->type->base))
		return -1;
	return id;
}

/* Is e the null pointer, 0 or (void *)0 (NULL)? */
static int table_null(const Expr *e)
{
	while (e->kind == E_CAST)
		e = e->u.e;
	return e->kind == E_NUM && e->u.num.is_int && e->u.num.ival == 0;
}

/* Does e use the pointer other than through reads, or pass it whole? */
static void table_use(Table *t, const Expr *e)
{
	t->bad |= ptr_bad_use(t->v, 1, e);
	t->whole |= ptr_bad_use(t->v, 0, e);
}

static void table_set(Table *t, const Expr *rhs)
{
	const Expr *row;
	Expr *off;
	if (!rhs)
		return; /* declared without a value */
	if (table_null(rhs)) {
		t->null = 1;
		return;
	}
	int g = table_target(t, rhs, &row, &off);
	if (g < 0 || (t->g >= 0 && g != t->g) ||
	    (row && (expr_mentions(row, t->v) || expr_has_call(row))) ||
	    (off && (expr_mentions(off, t->v) || expr_has_call(off)))) {
		t->bad = 1;
		return;
	}
	t->g = g;
	t->rows = row != NULL;
}

/* Does a clause of OpenMP loop om name v (private(p))? */
static int table_in_clause(const OmpLoop *om, int v)
{
	const int *lists[4] = { om->priv, om->fpriv, om->lpriv, om->shared };
	int ns[4] = { om->npriv, om->nfpriv, om->nlpriv, om->nshared };
	for (int k = 0; k < 4; k++)
		for (int i = 0; i < ns[k]; i++)
			if (lists[k][i] == v)
				return 1;
	return 0;
}

static void table_stmt(void *ctx, const Stmt *s)
{
	Table *t = ctx;
	switch (s->kind) {
	case S_DECL:
		if (s->u.decl.var == t->v) {
			if (s->u.decl.ninits)
				t->bad = 1;
			table_set(t, s->u.decl.init);
			break;
		}
		table_use(t, s->u.decl.init);
		for (int k = 0; k < s->u.decl.ninits; k++)
			table_use(t, s->u.decl.inits[k]);
		break;
	case S_ASSIGN: {
		const Expr *l = s->u.assign.lhs, *r = s->u.assign.rhs;
		if (l->kind == E_VAR && l->u.var == t->v) {
			AssignOp op = s->u.assign.op;
			if (op == A_SET)
				table_set(t, r);
			else if (op == A_ADD || op == A_SUB)
				t->bad |= r->type->kind != TY_INT ||
					  expr_mentions(r, t->v) ||
					  expr_has_call(r);
			else if (op != A_INC && op != A_DEC)
				t->bad = 1;
			break;
		}
		t->writes |= ptr_through(t->v, l);
		table_use(t, l);
		table_use(t, r);
		break;
	}
	case S_EXPR:
	case S_RETURN:
		table_use(t, s->u.expr);
		break;
	case S_IF:
		table_use(t, s->u.ifs.cond);
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		/* (a for clause stays one statement: table_own makes each
		 * set and step one statement) */
		table_use(t, s->u.loop.cond);
		if (s->kind == S_FOR && s->u.loop.omp)
			t->bad |= table_in_clause(s->u.loop.omp, t->v);
		break;
	case S_CHECKPOINT:
		for (int k = 0; k < s->u.ckpt.nsaves; k++)
			if (s->u.ckpt.saves[k]->var == t->v)
				t->bad = 1;
		break;
	default:
		if (stmt_mentions(s, t->v) && s->kind != S_BLOCK)
			t->bad = 1;
		break;
	}
}

/* The table's element at the pointer, plus idx (or NULL). */
static Expr *table_elem(Table *t, const Expr *idx, Loc loc)
{
	Expr *g;
	if (t->g >= t->p->nglobals) {
		g = expr_var(t->f, t->g - t->p->nglobals, loc);
	} else {
		g = expr_new(E_GLOBAL, t->p->globals[t->g]->type, loc);
		g->u.global = t->g;
	}
	if (t->rows) /* its flat view */
		g = expr_cast(type_ptr(g->type->base->base), g, loc);
	Expr *at = expr_var(t->f, t->off, loc);
	if (idx &&
	    !(idx->kind == E_NUM && idx->u.num.is_int && idx->u.num.ival == 0))
		at = expr_binary(B_ADD, at, expr_clone(idx), NULL, loc);
	return expr_index(g, at, loc);
}

/* The flat offset of pointer value e, a place in the table. */
static Expr *table_offset(Table *t, const Expr *e, Loc loc)
{
	const Expr *row = NULL;
	Expr *off = NULL;
	if (!table_null(e))
		table_target(t, e, &row, &off);
	if (row) {
		const Type *rt =
			t->g >= t->p->nglobals
				? t->f->vars[t->g - t->p->nglobals]->type
				: t->p->globals[t->g]->type;
		Expr *r = row->kind == E_NUM && row->u.num.is_int
				  ? expr_int(rt->base->len * row->u.num.ival,
					     loc)
				  : expr_binary(B_MUL,
						expr_int(rt->base->len, loc),
						expr_clone(row), NULL, loc);
		off = off ? expr_binary(B_ADD, r, off, NULL, loc) : r;
	}
	return off ? off : expr_int(0, loc);
}

static Expr *table_rewrite(void *ctx, Expr *e)
{
	Table *t = ctx;
	Expr *r;
	if ((e->kind == E_INDEX || e->kind == E_DEREF) &&
	    (e->kind == E_INDEX ? e->u.index.base : e->u.e)->kind == E_VAR &&
	    (e->kind == E_INDEX ? e->u.index.base : e->u.e)->u.var == t->v) {
		Expr *idx = NULL;
		if (e->kind == E_INDEX)
			idx = expr_map(expr_clone(e->u.index.idx),
				       table_rewrite, t);
		r = table_elem(t, idx, e->loc);
	} else if (e->kind == E_VAR && e->u.var == t->v) {
		/* &types[ck_t], or (const int *)face + ck_fn */
		r = table_elem(t, NULL, e->loc);
		r = t->rows ? expr_binary(B_ADD, r->u.index.base,
					  r->u.index.idx, NULL, e->loc)
			    : expr_addr(r, e->loc);
	} else {
		return NULL;
	}
	r->type = e->type;
	return r;
}

/* Where s sets the pointer, s sets the offset instead. */
static int table_own(void *ctx, Stmt *s)
{
	Table *t = ctx;
	Loc loc = s->loc;
	if (s->kind == S_DECL && s->u.decl.var == t->v) {
		*s = *stmt_decl(t->off,
				s->u.decl.init
					? table_offset(t, s->u.decl.init, loc)
					: expr_int(0, loc),
				loc);
		return 1;
	}
	if (s->kind != S_ASSIGN || s->u.assign.lhs->kind != E_VAR ||
	    s->u.assign.lhs->u.var != t->v)
		return 0;
	Expr *o = expr_var(t->f, t->off, loc);
	switch (s->u.assign.op) {
	case A_INC:
	case A_DEC:
		*s = *stmt_assign(s->u.assign.op, o, NULL, loc);
		return 1;
	case A_ADD:
	case A_SUB:
		*s = *stmt_assign(s->u.assign.op, o,
				  expr_clone(s->u.assign.rhs), loc);
		return 1;
	default:
		*s = *stmt_assign(A_SET, o,
				  table_offset(t, s->u.assign.rhs, loc), loc);
		return 1;
	}
}

static void ptr_table(Program *p, Func *f)
{
	for (int v = 0; v < f->nvars; v++) {
		const Var *x = f->vars[v];
		if (x->kind != VAR_LOCAL || x->is_static || x->dropped ||
		    x->type->kind != TY_PTR)
			continue;
		Table t = { p, f, v, -1, 0, stmt_in_region(f->body, v, 0),
			    0, 0, 0, 0,  -1 };
		ir_visit_stmts(f->body, table_stmt, &t);
		/* (a null pointer is only read through when C leaves it
		 * undefined; passed whole, a callee may test it) */
		if (t.bad || t.g < 0 || (t.null && t.whole) ||
		    (t.writes && t.g < p->nglobals))
			continue;
		/* an array of f stays put as a variable */
		if (t.g >= p->nglobals &&
		    (stmt_assigns_var(f->body, t.g - p->nglobals) ||
		     stmt_takes_addr(f->body, t.g - p->nglobals)))
			continue;
		t.off = func_add_var(
			f, name_fresh(p, f, arena_printf("ck_%s", x->name)),
			type_long(), VAR_LOCAL, x->loc);
		stmt_rewrite(f->body, table_own, table_rewrite, &t);
		f->vars[v]->dropped = 1;
	}
}

/* ---- a pointer that always points to one struct
 *
 * `state s; state *ps = &s; init(ps, x); ps->e += x[0];`: every set of
 * the pointer stores &s, so every read of it gives &s.  The pointer goes:
 * a read through it reads s itself (ps->e is s.e, *ps is s), and the
 * pointer passed whole is &s.  Only a local pointer that nothing changes
 * otherwise (no ++, no address taken, never set to anything else), to a
 * struct variable of the function. */

typedef struct OneStruct {
	Func *f;
	int p; /* the pointer */
	int s; /* the struct it points to, -1 before a set */
	int bad;
} OneStruct;

/* The set of the pointer to value e: &s with s a struct variable of the
 * pointer's type. */
static void one_set(OneStruct *o, const Expr *e)
{
	if (!e)
		return; /* declared without a value */
	const Type *pt = o->f->vars[o->p]->type->base;
	if (e->kind != E_ADDR || e->u.e->kind != E_VAR ||
	    e->u.e->type->kind != TY_STRUCT || e->u.e->type->st != pt->st ||
	    (o->s >= 0 && o->s != e->u.e->u.var)) {
		o->bad = 1;
		return;
	}
	o->s = e->u.e->u.var;
}

static void one_expr(void *ctx, const Expr *e)
{
	OneStruct *o = ctx;
	if (e->kind == E_ADDR && e->u.e->kind == E_VAR &&
	    e->u.e->u.var == o->p)
		o->bad = 1;
	/* (only ps[0]) */
	if (e->kind == E_INDEX && e->u.index.base->kind == E_VAR &&
	    e->u.index.base->u.var == o->p &&
	    !(e->u.index.idx->kind == E_NUM && e->u.index.idx->u.num.is_int &&
	      e->u.index.idx->u.num.ival == 0))
		o->bad = 1;
}

static void one_stmt(void *ctx, const Stmt *s)
{
	OneStruct *o = ctx;
	switch (s->kind) {
	case S_DECL:
		if (s->u.decl.var == o->p) {
			o->bad |= s->u.decl.ninits > 0;
			one_set(o, s->u.decl.init);
		}
		break;
	case S_ASSIGN:
		if (s->u.assign.lhs->kind == E_VAR &&
		    s->u.assign.lhs->u.var == o->p) {
			if (s->u.assign.op != A_SET)
				o->bad = 1;
			else
				one_set(o, s->u.assign.rhs);
		}
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		/* (a for clause stays one statement) */
		if (stmt_mentions(s->u.loop.init, o->p) ||
		    stmt_mentions(s->u.loop.inc, o->p))
			o->bad = 1;
		if (s->kind == S_FOR && s->u.loop.omp)
			o->bad |= table_in_clause(s->u.loop.omp, o->p);
		break;
	case S_CHECKPOINT:
		for (int k = 0; k < s->u.ckpt.nsaves; k++)
			if (s->u.ckpt.saves[k]->var == o->p)
				o->bad = 1;
		break;
	default:
		break;
	}
}

static Expr *one_rewrite(void *ctx, Expr *e)
{
	OneStruct *o = ctx;
	const Expr *b = e->kind == E_DEREF   ? e->u.e
			: e->kind == E_INDEX ? e->u.index.base
					     : e;
	if (b->kind != E_VAR || b->u.var != o->p)
		return NULL;
	Expr *s = expr_var(o->f, o->s, e->loc);
	if (e->kind != E_VAR)
		return s; /* *ps, ps[0] */
	Expr *r = expr_addr(s, e->loc);
	r->type = e->type;
	return r;
}

/* The sets of the pointer go. */
static int one_own(void *ctx, Stmt *s)
{
	OneStruct *o = ctx;
	if ((s->kind == S_DECL && s->u.decl.var == o->p) ||
	    (s->kind == S_ASSIGN && s->u.assign.lhs->kind == E_VAR &&
	     s->u.assign.lhs->u.var == o->p)) {
		s->kind = S_EMPTY;
		return 1;
	}
	return 0;
}

static void ptr_one_struct(Func *f)
{
	for (int v = 0; v < f->nvars; v++) {
		const Var *x = f->vars[v];
		if (x->kind != VAR_LOCAL || x->is_static || x->dropped ||
		    x->type->kind != TY_PTR ||
		    x->type->base->kind != TY_STRUCT)
			continue;
		OneStruct o = { f, v, -1, 0 };
		ir_visit_stmts(f->body, one_stmt, &o);
		ir_walk_stmt(f->body, one_expr, &o);
		if (o.bad || o.s < 0 || f->vars[o.s]->type->kind != TY_STRUCT)
			continue;
		stmt_rewrite(f->body, one_own, one_rewrite, &o);
		f->vars[v]->dropped = 1;
	}
}

/* ---- a pointer declared first and set once later
 *
 * `int j, *Lp; double *Lx; Lp = L->p; Lx = L->x;` (CSparse's style):
 * when a local pointer declared without a value is set once, by a
 * statement of the block that declares it, and nothing mentions it in
 * between, the declaration moves to that statement, `int *Lp = L->p;`,
 * which the passes below know better (a pointer set by its declaration
 * from a struct's member, from an array). */

typedef struct Sink {
	int v;
	int sets;       /* assignments of the pointer */
	const Stmt *at; /* the one, an S_ASSIGN */
} Sink;

static void sink_visit(void *ctx, const Stmt *s)
{
	Sink *k = ctx;
	if (s->kind == S_ASSIGN && s->u.assign.lhs->kind == E_VAR &&
	    s->u.assign.lhs->u.var == k->v) {
		k->sets++;
		k->at = s->u.assign.op == A_SET ? s : NULL;
	}
}

static void decl_sink(Func *f)
{
	for (int v = 0; v < f->nvars; v++) {
		const Var *x = f->vars[v];
		if (x->kind != VAR_LOCAL || x->is_static || x->dropped ||
		    x->type->kind != TY_PTR)
			continue;
		const Stmt *d = stmt_find_decl(f->body, v);
		if (!d || d->u.decl.init || d->u.decl.ninits ||
		    stmt_takes_addr(f->body, v))
			continue;
		Sink k = { v, 0, NULL };
		ir_visit_stmts(f->body, sink_visit, &k);
		if (k.sets != 1 || !k.at)
			continue;
		Stmt *b = block_of(f->body, d);
		if (!b || b != block_of(f->body, k.at))
			continue;
		int i = 0, j;
		while (b->u.block.items[i] != d)
			i++;
		for (j = i + 1;
		     j < b->u.block.n && b->u.block.items[j] != k.at; j++)
			if (stmt_mentions(b->u.block.items[j], v))
				break;
		if (j == b->u.block.n || b->u.block.items[j] != k.at ||
		    expr_mentions(k.at->u.assign.rhs, v))
			continue;
		Stmt *nd = stmt_decl(v, k.at->u.assign.rhs, k.at->loc);
		b->u.block.items[j] = nd;
		for (int m = i; m + 1 < b->u.block.n; m++)
			b->u.block.items[m] = b->u.block.items[m + 1];
		b->u.block.n--;
	}
}
