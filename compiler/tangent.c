/*
 * tangent.c - forward mode: f -> f_d.
 *
 * Every variable v that activity marks varied gets a shadow v_d holding
 * dv (the directional derivative along the input tangents).  Each primal
 * statement is preceded by its tangent statement, which reads only primal
 * values from before the statement, so `x = x * x` works unchanged:
 *
 *   v = e      ->  v_d = T(e);                    v = e;
 *   v += e     ->  v_d += T(e);                   v += e;
 *   v *= e     ->  v_d = v_d * e + v * T(e);      v *= e;
 *   v /= e     ->  v_d = (v_d - v / e * T(e)) / e;  v /= e;
 *   return e   ->  *ret_d = T(e);                 return e;
 *   y = g(a)   ->  y = g_d(a, a_d, &y_d);
 *   y = h(a)   ->  y = h_d(a, a_d or NULL, &y_d)   (#pragma ck_derivative h
 *                  ... tangent(h_d): the user's function, userrules.c)
 *
 * where T(e) is the tangent expression of e (NULL when it is zero).
 * Control flow is copied as it is: tangents need no tape.
 *
 * A function is generated once per calling pattern (which parameters are
 * active); requested functions get their public name f_d, the patterns
 * only callees use get static helpers.
 */
#include "ckc.h"

#include <math.h>
#include <string.h>

/* One generated tangent function. */
typedef struct Variant {
	Pattern *pat;
	Activity *a;
	const Func *f; /* the primal */
	Func *g;       /* the tangent; its vars start as a copy of f's */
	int *shadow;   /* var id -> shadow var id in g, or -1 */
	int ret_d;     /* var id of ret_d in g, or -1 */
	int done;
	int vector;       /* f_dv: ck_nd directions (vector.c) */
	int nd;           /* vector: var id of ck_nd in g */
	int *tmps, ntmps; /* vector: shadows that are not a variable's (the
			     result tangent of a call) */
} Variant;

typedef struct Tan {
	Program *p;
	Variant *v;
	Func *g;
	const Activity *a;
	int in_clause; /* translating a for-loop clause */
} Tan;

static Variant **tan_variants;
static int tan_nvariants;

static Variant *tan_variant(Program *p, Pattern *pat, const char *name,
			    int is_static, int vector);
static int t_generated(const Tan *t);
static void tan_generate(Program *p, Variant *v);
static void tan_stmt(Tan *t, const Stmt *s, Stmt *out);

/* ---- small builders with zero (NULL) folding */

static Expr *t_zero(Type *type, Loc loc)
{
	Type *z = type_is_float(type) ? type : type_double();
	return expr_num(0.0, z, loc);
}

static Expr *t_add(Expr *a, Expr *b, Loc loc)
{
	if (!a)
		return b;
	if (!b)
		return a;
	return expr_binary(B_ADD, a, b, NULL, loc);
}

static Expr *t_sub(Expr *a, Expr *b, Loc loc)
{
	if (!b)
		return a;
	if (!a)
		return expr_unary(U_NEG, b, loc);
	return expr_binary(B_SUB, a, b, NULL, loc);
}

static Expr *t_mul(Expr *a, Expr *d, Loc loc)
{
	if (!d)
		return NULL;
	if (a->kind == E_NUM && a->u.num.val == 1.0)
		return d;
	return expr_binary(B_MUL, a, d, NULL, loc);
}

/* ---- cloning primal expressions into the tangent */

/* Finds a call in e that must not run twice, or NULL. */
static const Expr *t_impure_call(const Expr *e)
{
	if (!e)
		return NULL;
	const Expr *c = NULL;
	switch (e->kind) {
	case E_UNARY:
		return t_impure_call(e->u.un.e);
	case E_BINARY:
		c = t_impure_call(e->u.bin.l);
		return c ? c : t_impure_call(e->u.bin.r);
	case E_COND:
		c = t_impure_call(e->u.cond.c);
		c = c ? c : t_impure_call(e->u.cond.a);
		return c ? c : t_impure_call(e->u.cond.b);
	case E_CALL:
		if (e->u.call.fn >= 0 || !rules_find(e->u.call.name))
			return e;
		for (int i = 0; i < e->u.call.nargs && !c; i++)
			c = t_impure_call(e->u.call.args[i]);
		return c;
	case E_INDEX:
		c = t_impure_call(e->u.index.base);
		return c ? c : t_impure_call(e->u.index.idx);
	case E_DEREF: case E_ADDR: case E_CAST:
		return t_impure_call(e->u.e);
	case E_MEMBER:
		return t_impure_call(e->u.mem.base);
	default:
		return NULL;
	}
}

/* A copy of primal expression e for use inside a tangent expression: it
 * runs in addition to the primal, so it must not contain calls with
 * possible side effects. */
static Expr *t_clone(const Expr *e)
{
	const Expr *c = t_impure_call(e);
	if (c)
		diag_error(c->loc,
			   "the call to '%s' would have to run twice to "
			   "differentiate this expression; assign its result "
			   "to a variable in a statement of its own",
			   c->u.call.name);
	return expr_clone(e);
}

/* ---- shadows of lvalues and pointers */

static Expr *t_shadow_ptr(Tan *t, const Expr *e);

static Expr *t_shadow_var(Tan *t, int var, Loc loc)
{
	int s = t->v->shadow[var];
	ck_assert(s >= 0);
	return expr_var(t->g, s, loc);
}

/* The shadow of an lvalue of floating type whose storage is varied. */
static Expr *t_shadow_lv(Tan *t, const Expr *e)
{
	switch (e->kind) {
	case E_VAR:
		return t_shadow_var(t, e->u.var, e->loc);
	case E_INDEX:
		return expr_index(t_shadow_ptr(t, e->u.index.base),
				  t_clone(e->u.index.idx), e->loc);
	case E_DEREF:
		return expr_deref(t_shadow_ptr(t, e->u.e), e->loc);
	case E_MEMBER: /* s.f: s_d.f; p->f: p_d->f */
		return expr_member(t_shadow_lv(t, e->u.mem.base), e->u.mem.field,
				   e->loc);
	default:
		ck_unreachable();
	}
}

/* A declaration of shadow variable sh of type ty, zero-initialized: 0.0
 * for scalars, {0} for structs and arrays. */
static Stmt *t_zero_decl(Func *g, int sh, Loc loc)
{
	Type *ty = g->vars[sh]->type;
	if (ty->kind == TY_STRUCT || ty->kind == TY_ARRAY)
		return stmt_decl_zero(g, sh, loc);
	if (type_is_pointerish(ty))
		return stmt_decl(sh, NULL, loc);
	return stmt_decl(sh, t_zero(ty, loc), loc);
}

static Expr *t_bad_ptr(const Expr *e)
{
	diag_error(e->loc, "ckc cannot follow derivatives through this "
			   "pointer expression");
	return expr_clone(e);
}

/* The shadow of a pointer (or array) expression: same offsets, shadow
 * base. */
static Expr *t_shadow_ptr(Tan *t, const Expr *e)
{
	switch (e->kind) {
	case E_VAR:
		return t_shadow_var(t, e->u.var, e->loc);
	case E_INDEX: /* a row of a multi-dimensional array */
		return expr_index(t_shadow_ptr(t, e->u.index.base),
				  t_clone(e->u.index.idx), e->loc);
	case E_ADDR:
		return expr_addr(t_shadow_lv(t, e->u.e), e->loc);
	case E_MEMBER: /* a pointer or array member: the shadow's member */
		return t_shadow_lv(t, e);
	case E_DEREF: /* a row of an array of arrays behind a pointer */
		return t_shadow_lv(t, e);
	case E_CAST:
		/* (T)p:  (T)p_d, also when T drops the const of a pure
		 * input's shadow: the shadow goes where p goes (v.data =
		 * (double *)x, v_d.data = (double *)x_d), where a const one
		 * discards a qualifier.  (In generated code such a cast is
		 * adjoint.c's write through a struct's const member, and the
		 * shadow is written too.) */
		return expr_cast(e->type, t_shadow_ptr(t, e->u.e), e->loc);
	case E_COND:
		return expr_cond(t_clone(e->u.cond.c),
				 t_shadow_ptr(t, e->u.cond.a),
				 t_shadow_ptr(t, e->u.cond.b), e->loc);
	case E_NUM: /* a null pointer (NULL, 0) has a null shadow */
		return t_generated(t) || (e->u.num.is_int && e->u.num.ival == 0)
			       ? expr_clone(e)
			       : t_bad_ptr(e);
	case E_CALL: /* p = malloc(n):  p_d = ck_shadow_alloc(n) (alloc.c) */
		if (alloc_find(e) && alloc_find(e)->kind != ALLOC_FREE)
			return alloc_shadow_call(
				e, alloc_old(e) ? t_shadow_ptr(t, alloc_old(e))
						: NULL);
		if (t_generated(t) && strcmp(e->u.call.name, "ck_pop_p") == 0)
			return expr_clone(e); /* see t_pop_ptr */
		return t_bad_ptr(e);
	case E_BINARY:
		if (type_is_pointerish(e->u.bin.l->type))
			return expr_binary(e->u.bin.op,
					   t_shadow_ptr(t, e->u.bin.l),
					   t_clone(e->u.bin.r), NULL, e->loc);
		return expr_binary(e->u.bin.op, t_clone(e->u.bin.l),
				   t_shadow_ptr(t, e->u.bin.r), NULL, e->loc);
	case E_GLOBAL:
		diag_global_shadow(t->p, e, e->u.global);
		return expr_clone(e);
	default:
		return t_bad_ptr(e);
	}
}

/* ---- tangent expressions */

static Expr *t_expr(Tan *t, const Expr *e);

static Expr *t_call_expr(Tan *t, const Expr *e)
{
	if (e->u.call.fn < 0 && userrules_call(e->u.call.name))
		return NULL; /* only as a statement: activity refused it */
	if (e->u.call.fn >= 0) {
		Pattern *pat = activity_call_pattern(t->a, t->p, e);
		if (!pattern_no_effect(t->p, pat))
			calls_not_here(e);
		return NULL;
	}
	/* the adjoint pops floating values into variables only */
	ck_assert(!(t->v->f->generated && ir_rt_call(e) == RT_POP_F));
	const MathRule *r = rules_find(e->u.call.name);
	if (!r)
		return NULL; /* inactive arguments: activity checked that */
	Expr *sum = NULL;
	for (int i = 0; i < r->arity && i < e->u.call.nargs; i++) {
		Expr *d = t_expr(t, e->u.call.args[i]);
		if (!d)
			continue;
		Expr *pd = rules_partial(r, e, i);
		Expr *m = rules_mul(r, e, i, pd, d, e->loc);
		sum = t_add(sum, m ? m : t_mul(pd, d, e->loc), e->loc);
	}
	return sum;
}

/* 1 / r of e = l / r, in e's type */
static Expr *t_recip(const Expr *e)
{
	return expr_binary(B_DIV, expr_num(1.0, e->type, e->loc),
			   t_clone(e->u.bin.r), e->type, e->loc);
}

/* /: d(l/r) = (dl - l/r * dr) * (1 / r).  The reciprocal, not a second
 * division by r: it does not depend on the direction, so f_dv computes
 * it once for all directions, and C compilers move it out of loops whose
 * r does not change and share it between statements (it rounds
 * differently from / r; f_d and f_dv use the same form, bitwise). */
static Expr *t_div(const Expr *e, Expr *dl, Expr *dr)
{
	const Expr *l = e->u.bin.l;
	if (!dr)
		return dl ? expr_binary(B_MUL, dl, t_recip(e), NULL, e->loc)
			  : NULL;
	Expr *q = expr_binary(B_DIV, t_clone(l), t_clone(e->u.bin.r), NULL,
			      e->loc);
	if (!dl && l->kind == E_NUM && l->u.num.val == 1.0)
		/* d(1/r) = -(q * dr) * q: no second division (rounds
		 * differently from / r) */
		return expr_unary(
			U_NEG,
			expr_binary(B_MUL,
				    expr_binary(B_MUL, q, dr, NULL, e->loc),
				    expr_clone(q), NULL, e->loc),
			e->loc);
	Expr *num = t_sub(dl, expr_binary(B_MUL, q, dr, NULL, e->loc), e->loc);
	return expr_binary(B_MUL, num, t_recip(e), NULL, e->loc);
}

static Expr *t_binary(Tan *t, const Expr *e)
{
	Expr *dl = t_expr(t, e->u.bin.l);
	Expr *dr = t_expr(t, e->u.bin.r);
	switch (e->u.bin.op) {
	case B_ADD: /* d(l+r) = dl + dr */
		return t_add(dl, dr, e->loc);
	case B_SUB: /* d(l-r) = dl - dr */
		return t_sub(dl, dr, e->loc);
	case B_MUL: /* d(l*r) = dl*r + l*dr */
		return t_add(dl ? expr_binary(B_MUL, dl, t_clone(e->u.bin.r),
					      NULL, e->loc)
				: NULL,
			     dr ? expr_binary(B_MUL, t_clone(e->u.bin.l), dr,
					      NULL, e->loc)
				: NULL,
			     e->loc);
	case B_DIV:
		return t_div(e, dl, dr);
	default:
		return NULL;
	}
}

/* T(e): the tangent of a floating expression, or NULL when it is zero. */
static Expr *t_expr(Tan *t, const Expr *e)
{
	if (!type_is_float(e->type) || !activity_expr_varied(t->a, e))
		return NULL;
	switch (e->kind) {
	case E_VAR: case E_INDEX: case E_DEREF: case E_MEMBER:
		return t_shadow_lv(t, e);
	case E_UNARY: {
		Expr *d = t_expr(t, e->u.un.e);
		if (e->u.un.op == U_NEG) /* d(-x) = -dx */
			return d ? expr_unary(U_NEG, d, e->loc) : NULL;
		return e->u.un.op == U_PLUS ? d : NULL;
	}
	case E_BINARY:
		return t_binary(t, e);
	case E_COND: { /* d(c ? a : b) = c ? da : db */
		Expr *da = t_expr(t, e->u.cond.a);
		Expr *db = t_expr(t, e->u.cond.b);
		if (!da && !db)
			return NULL;
		return expr_cond(t_clone(e->u.cond.c),
				 da ? da : t_zero(e->type, e->loc),
				 db ? db : t_zero(e->type, e->loc), e->loc);
	}
	case E_CAST: { /* d((T)x) = (T)dx */
		Expr *d = t_expr(t, e->u.e);
		return d ? expr_cast(e->type, d, e->loc) : NULL;
	}
	case E_CALL:
		return t_call_expr(t, e);
	default:
		return NULL;
	}
}

/* Refuses calls that need a derivative anywhere in e (the statement
 * forms handle the calls they allow before calling this). */
static void t_check_calls(Tan *t, const Expr *e)
{
	if (!e)
		return;
	switch (e->kind) {
	case E_UNARY:
		t_check_calls(t, e->u.un.e);
		break;
	case E_BINARY:
		t_check_calls(t, e->u.bin.l);
		t_check_calls(t, e->u.bin.r);
		break;
	case E_COND:
		t_check_calls(t, e->u.cond.c);
		t_check_calls(t, e->u.cond.a);
		t_check_calls(t, e->u.cond.b);
		break;
	case E_CALL:
		for (int i = 0; i < e->u.call.nargs; i++)
			t_check_calls(t, e->u.call.args[i]);
		if (e->u.call.fn >= 0)
			t_call_expr(t, e);
		break;
	case E_INDEX:
		t_check_calls(t, e->u.index.base);
		t_check_calls(t, e->u.index.idx);
		break;
	case E_DEREF: case E_ADDR: case E_CAST:
		t_check_calls(t, e->u.e);
		break;
	default:
		break;
	}
}

/* ---- calls as statements */

static int t_is_user_call(const Expr *e)
{
	return e && e->kind == E_CALL && e->u.call.fn >= 0;
}

/* The tangent call for a user call at statement level: g_d(a, a_d, ...,
 * ret_d).  ret_d is where the result's tangent goes; when the callee has
 * one and ret_d is NULL, a scratch variable declared into out takes it.
 * *has_ret_d tells whether the callee writes a result tangent.  Returns a
 * plain clone when no argument is active. */
static Expr *t_call(Tan *t, const Expr *e, Expr *ret_d, Stmt *out,
		    int *has_ret_d)
{
	for (int i = 0; i < e->u.call.nargs; i++)
		t_check_calls(t, e->u.call.args[i]);
	*has_ret_d = 0;
	Pattern *pat = activity_call_pattern(t->a, t->p, e);
	/* a sweep of the adjoint pushes (or pops) tangents with its values
	 * on the tape, also when nothing it gets is varied */
	int generated = t->p->funcs[e->u.call.fn]->generated;
	if (pattern_empty(pat, t->p) && !generated)
		return expr_clone(e);
	/* f_b_d does not return the tangent of f_fwd's result */
	pat->drop_ret = generated && !ret_d;
	Variant *cv = tan_variant(t->p, pat, NULL, 1, t->v->vector);
	if (!cv)
		return expr_clone(e);
	const Func *callee = cv->f;
	Expr **args = NULL;
	int nargs = 0;
	for (int i = 0; i < e->u.call.nargs; i++) {
		const Expr *arg = e->u.call.args[i];
		ARENA_PUSH(args, nargs, expr_clone(arg));
		if (i >= callee->nparams || !pat->active[i])
			continue;
		Type *pt = callee->vars[callee->params[i]]->type;
		Expr *d = type_is_pointerish(pt) ? t_shadow_ptr(t, arg)
			  : pt->kind == TY_STRUCT ? t_shadow_lv(t, arg)
						  : t_expr(t, arg);
		ARENA_PUSH(args, nargs, d ? d : t_zero(pt, e->loc));
	}
	if (cv->ret_d >= 0) {
		*has_ret_d = 1;
		if (!ret_d) {
			const char *n = name_fresh(
				t->p, t->g,
				arena_printf(t->v->vector ? "ck_%s_dv"
							  : "ck_%s_d",
					     callee->name));
			int tmp = func_add_var(t->g, n, type_with_const(e->type, 0),
					       VAR_LOCAL, e->loc);
			stmt_append(out, stmt_decl(tmp, NULL, e->loc));
			VEC_PUSH(t->v->tmps, t->v->ntmps, tmp);
			ret_d = expr_var(t->g, tmp, e->loc);
		}
		ARENA_PUSH(args, nargs, expr_addr(ret_d, e->loc));
	}
	return expr_call(cv->g->name, -1, args, nargs, e->type, e->loc);
}

static const CallRule *t_rule(const Expr *e)
{
	return e && e->kind == E_CALL && e->u.call.fn < 0
		       ? userrules_call(e->u.call.name)
		       : NULL;
}

/* A call with a user-supplied derivative at statement level, as t_call:
 * NAME(a, s) -> F_d(a, a_d, s, s_d, &ret_d), and in f_b_d (the tangent of
 * f_b) F_b(a, a_b, ..., ret_b) -> F_b_d(a, a_d, a_b, a_bd, ..., ret_b,
 * ret_bd).  An active parameter whose argument carries no derivative gets
 * a null pointer, or 0 for a scalar. */
static Expr *t_rule_call(Tan *t, const CallRule *cr, const Expr *e,
			 Expr *ret_d, Stmt *out, int *has_ret_d)
{
	*has_ret_d = 0;
	for (int i = 0; i < e->u.call.nargs; i++)
		t_check_calls(t, e->u.call.args[i]);
	if (!activity_rule_any(t->a, cr, e))
		return expr_clone(e);
	if (t->v->vector && cr->rule->mpi_call) {
		diag_error(e->loc,
			   "vector mode does not differentiate MPI calls; "
			   "request this function without 'vector'");
		return expr_clone(e);
	}
	if (t->v->vector) {
		diag_error(e->loc,
			   "vector mode cannot call '%s' here: its derivative "
			   "is supplied by the user (ck_derivative) for one "
			   "direction; request this function without "
			   "'vector'",
			   cr->rule->name);
		diag_note(cr->rule->loc, "the ck_derivative of '%s' is here",
			  cr->rule->name);
		return expr_clone(e);
	}
	if (!cr->tangent) {
		diag_error(e->loc,
			   "the second-order derivative of this call to '%s' "
			   "needs its hvp function: add hvp(...) to its "
			   "ck_derivative",
			   cr->rule->name);
		diag_note(cr->rule->loc, "the ck_derivative of '%s' is here",
			  cr->rule->name);
		return expr_clone(e);
	}
	const Func *g = cr->callee;
	Expr **args = NULL;
	int nargs = 0;
	for (int i = 0; i < e->u.call.nargs; i++) {
		const Expr *arg = e->u.call.args[i];
		ARENA_PUSH(args, nargs, expr_clone(arg));
		if (i >= g->nparams || !cr->active[i])
			continue;
		Type *pt = g->vars[g->params[i]]->type;
		Expr *d;
		if (pt->kind == TY_PTR)
			d = activity_arg_active(t->a, arg)
				    ? t_shadow_ptr(t, arg)
				    : expr_cast(type_ptr(type_with_const(pt->base, 0)),
						expr_int(0, e->loc), e->loc);
		else
			d = t_expr(t, arg);
		ARENA_PUSH(args, nargs, d ? d : t_zero(pt, e->loc));
	}
	if (cr->ret_d) {
		*has_ret_d = 1;
		if (!ret_d) {
			const char *n = name_fresh(
				t->p, t->g, arena_printf("ck_%s_d", g->name));
			int tmp = func_add_var(t->g, n, type_with_const(e->type, 0),
					       VAR_LOCAL, e->loc);
			stmt_append(out, stmt_decl(tmp, NULL, e->loc));
			ret_d = expr_var(t->g, tmp, e->loc);
		}
		ARENA_PUSH(args, nargs, expr_addr(ret_d, e->loc));
	}
	return expr_call(cr->tangent, -1, args, nargs, e->type, e->loc);
}

/* A call at statement level: to a function of the file (t_call) or to
 * one with a user-supplied derivative (t_rule_call). */
static Expr *t_any_call(Tan *t, const Expr *e, Expr *ret_d, Stmt *out,
			int *has_ret_d)
{
	const CallRule *cr = t_rule(e);
	if (cr)
		return t_rule_call(t, cr, e, ret_d, out, has_ret_d);
	return t_call(t, e, ret_d, out, has_ret_d);
}

/* ---- second order: the tape and the snapshots of generated code
 *
 * f_b_d is the tangent of the adjoint's sweeps, so every floating value
 * that f_fwd puts on the tape or in a snapshot carries its tangent along:
 *
 *   ck_push_d(t, v)   ->  ck_push_d(t, v);  ck_push_d(t, v_d or 0);
 *   v = ck_pop_d(t)   ->  v_d = ck_pop_d(t);  v = ck_pop_d(t);
 *   ck_push_nd(t, a, n) -> ck_push_nd(t, a, n);  ck_push_nd(t, a_d or NULL, n);
 *   ck_pop_nd(t, a, n)  -> ck_pop_nd(t, a_d or NULL, n);  ck_pop_nd(t, a, n);
 *   CK_SAVE(s, v)     ->  CK_SAVE(s, v);  CK_SAVE(s, v_d) or CK_SAVE_ZERO(s, v);
 *   CK_LOAD(s, v)     ->  CK_LOAD(s, v);  CK_LOAD(s, v_d) or CK_SKIP(s, v);
 *
 * (and CK_SAVE_N/CK_LOAD_N alike), so a push and its pop, or a save and
 * its load, agree whatever activity finds on either side. */

static int t_generated(const Tan *t)
{
	return t->v->f->generated;
}

/* s, marked as the tangent half of a libckrt call (vector.c) */
static Stmt *t_tan_stmt(Stmt *s)
{
	s->vec = VEC_TAN;
	return s;
}

static void t_rt_pop(const Expr *pop, Expr *dl, Stmt *out, Loc loc);

/* A libckrt call statement of generated code, with its tangent; returns 0
 * when s is not one that carries floating-point values. */
static int t_rt_stmt(Tan *t, const Stmt *s, Stmt *out)
{
	const Expr *e = s->u.expr;
	RtCall k = ir_rt_call(e);
	if (!t_generated(t) || k == RT_NONE || k == RT_OTHER)
		return 0;
	Loc loc = s->loc;
	if (k == RT_POP_F) {
		/* ck_pop_d(t); drops a value that f_bwd does not read: its
		 * tangent, which f_fwd_d pushed after it, goes too */
		t_rt_pop(e, NULL, out, loc);
		stmt_append(out, stmt_expr(S_EXPR, expr_clone(e), loc));
		return 1;
	}
	const Expr *tape = e->u.call.args[0], *v = e->u.call.args[1];
	const Expr *n = e->u.call.nargs > 2 ? e->u.call.args[2] : NULL;
	Expr *call = NULL;
	if (k == RT_PUSH_N || k == RT_POP_N) {
		/* an array's values then its tangents; popped the other way */
		int root = activity_root(v);
		Expr *arg = root >= 0 && activity_var_varied(t->a, root)
				    ? t_shadow_ptr(t, v)
				    : expr_cast(type_ptr(type_float_elem(v->type)),
						expr_int(0, loc), loc);
		call = expr_call_n(e->u.call.name, e->type, loc,
				   expr_clone(tape), arg, expr_clone(n));
		Stmt *ts = t_tan_stmt(stmt_expr(S_EXPR, call, loc));
		if (k == RT_POP_N)
			stmt_append(out, ts);
		stmt_append(out, stmt_expr(S_EXPR, expr_clone(e), loc));
		if (k == RT_PUSH_N)
			stmt_append(out, ts);
		return 1;
	}
	stmt_append(out, stmt_expr(S_EXPR, expr_clone(e), loc));
	if (k == RT_PUSH_F) {
		Expr *d = t_expr(t, v);
		call = expr_call_n(e->u.call.name, e->type, loc,
				   expr_clone(tape), d ? d : t_zero(v->type, loc),
				   NULL);
	} else if (type_float_elem(v->type)) {
		int root = activity_root(v);
		int shadow = root >= 0 && activity_var_varied(t->a, root);
		int save = k == RT_SAVE || k == RT_SAVE_N;
		const char *name;
		Expr *arg;
		if (k == RT_SAVE || k == RT_LOAD) {
			ck_assert(v->kind == E_VAR);
			name = !shadow ? (save ? "CK_SAVE_ZERO" : "CK_SKIP")
				       : (save ? "CK_SAVE" : "CK_LOAD");
			arg = shadow ? t_shadow_var(t, v->u.var, loc)
				     : expr_clone(v);
		} else {
			name = !shadow ? (save ? "CK_SAVE_ZERO_N" : "CK_SKIP_N")
				       : (save ? "CK_SAVE_N" : "CK_LOAD_N");
			arg = shadow ? t_shadow_ptr(t, v) : expr_clone(v);
		}
		call = expr_call_n(name, e->type, loc, expr_clone(tape), arg,
				   n ? expr_clone(n) : NULL);
	}
	if (call)
		stmt_append(out, t_tan_stmt(stmt_expr(S_EXPR, call, loc)));
	return 1;
}

/* v = ck_pop_d(t) of generated code: the tangent comes off the tape
 * first (into dl, or dropped when v has no tangent). */
static void t_rt_pop(const Expr *pop, Expr *dl, Stmt *out, Loc loc)
{
	if (dl)
		stmt_append(out, t_tan_stmt(stmt_assign(
					 A_SET, dl, expr_clone(pop), loc)));
	else
		stmt_append(out, t_tan_stmt(stmt_expr(S_EXPR, expr_clone(pop),
						      loc)));
}

/* ---- math calls shared by a statement and its tangent
 *
 * y = exp(u) gets the tangent y_d = exp(u) * u_d: the call would run
 * twice.  A math call that occurs more than once in a statement and its
 * tangent is computed once into a temporary ck_e before both (math calls
 * have no side effects, and the tangent statement changes only shadows,
 * so both read the same value; the primal's value is bitwise the same). */


typedef struct MathCalls {
	const Expr **calls;
	int n;
} MathCalls;

static void t_math_call(void *ctx, const Expr *e)
{
	MathCalls *m = ctx;
	if (e->kind == E_CALL && e->u.call.fn < 0 && type_is_float(e->type) &&
	    rules_find(e->u.call.name))
		ARENA_PUSH(m->calls, m->n, (Expr *)e);
}

/* Can e run where C would not run it: does it read no memory but
 * variables (and members of struct variables), so that it cannot fault?
 * (A math call cannot either.) */
static int t_safe_anywhere(const Expr *e)
{
	switch (e->kind) {
	case E_NUM:
	case E_VAR:
		return 1;
	case E_UNARY:
		return t_safe_anywhere(e->u.un.e);
	case E_BINARY:
		return t_safe_anywhere(e->u.bin.l) &&
		       t_safe_anywhere(e->u.bin.r);
	case E_COND:
		return t_safe_anywhere(e->u.cond.c) &&
		       t_safe_anywhere(e->u.cond.a) &&
		       t_safe_anywhere(e->u.cond.b);
	case E_CAST:
		return t_safe_anywhere(e->u.e);
	case E_MEMBER:
		return e->u.mem.base->type->kind == TY_STRUCT &&
		       t_safe_anywhere(e->u.mem.base);
	case E_CALL:
		if (e->u.call.fn >= 0 || !rules_find(e->u.call.name))
			return 0;
		for (int i = 0; i < e->u.call.nargs; i++)
			if (!t_safe_anywhere(e->u.call.args[i]))
				return 0;
		return 1;
	default:
		return 0;
	}
}

static void t_math_calls_always(const Expr *e, MathCalls *m);

/* The math calls of e, which may not run, that t_safe_anywhere takes. */
static void t_math_calls_safe(const Expr *e, MathCalls *m)
{
	MathCalls all = { NULL, 0 };
	t_math_calls_always(e, &all);
	for (int i = 0; i < all.n; i++)
		if (t_safe_anywhere(all.calls[i]))
			ARENA_PUSH(m->calls, m->n, (Expr *)all.calls[i]);
}

/* The math calls of e that a temporary computed before the statement may
 * run, in ir_walk_expr's order: those that always run, and those in an
 * arm of ?: or right of && or || that read no memory (exp(w[i]) under
 * w ? ... : 1.0 with w null would fault where C does not run it). */
static void t_math_calls_always(const Expr *e, MathCalls *m)
{
	if (!e)
		return;
	t_math_call(m, e);
	switch (e->kind) {
	case E_UNARY:
		t_math_calls_always(e->u.un.e, m);
		break;
	case E_BINARY:
		t_math_calls_always(e->u.bin.l, m);
		if (e->u.bin.op != B_LAND && e->u.bin.op != B_LOR)
			t_math_calls_always(e->u.bin.r, m);
		else
			t_math_calls_safe(e->u.bin.r, m);
		break;
	case E_COND:
		t_math_calls_always(e->u.cond.c, m);
		t_math_calls_safe(e->u.cond.a, m);
		t_math_calls_safe(e->u.cond.b, m);
		break;
	case E_CALL:
		for (int i = 0; i < e->u.call.nargs; i++)
			t_math_calls_always(e->u.call.args[i], m);
		break;
	case E_INDEX:
		t_math_calls_always(e->u.index.base, m);
		t_math_calls_always(e->u.index.idx, m);
		break;
	case E_DEREF:
	case E_ADDR:
	case E_CAST:
		t_math_calls_always(e->u.e, m);
		break;
	case E_MEMBER:
		t_math_calls_always(e->u.mem.base, m);
		break;
	default:
		break;
	}
}

/* Computes the math calls that *a and *b (either may be NULL) repeat once,
 * into temporaries declared in out. */
static void t_share_calls(Tan *t, Expr **a, Expr **b, Stmt *out)
{
	if (t->in_clause || !a || !b || !*a || !*b)
		return;
	/* candidates: the primal's calls on varied values (a call on
	 * constants may be folded by the C compiler in f but not in a
	 * temporary), innermost first: ir_walk visits a call before its
	 * arguments */
	MathCalls m = {NULL, 0};
	t_math_calls_always(*b, &m);
	Expr **cand = NULL;
	int ncand = 0;
	for (int i = m.n - 1; i >= 0; i--)
		if (activity_expr_varied(t->a, m.calls[i]))
			ARENA_PUSH(cand, ncand, expr_clone(m.calls[i]));
	/* the calls of *a and *b, walked again only after a replacement
	 * changed them; a candidate replaced by a temporary is no call any
	 * more and has no uses (a sum of n equal calls walked them n times) */
	MathCalls all = {NULL, 0};
	int stale = 1;
	for (int k = 0; k < ncand; k++) {
		if (cand[k]->kind != E_CALL)
			continue;
		if (stale) {
			all.n = 0;
			ir_walk_expr(*a, t_math_call, &all);
			ir_walk_expr(*b, t_math_call, &all);
			stale = 0;
		}
		int uses = 0;
		for (int i = 0; i < all.n; i++)
			uses += expr_equal(all.calls[i], cand[k]);
		if (uses < 2)
			continue;
		Expr *call = cand[k];
		int tmp = func_add_var(t->g, name_fresh(t->p, t->g, "ck_e"),
				       type_with_const(call->type, 0), VAR_LOCAL,
				       call->loc);
		stmt_append(out, stmt_decl(tmp, expr_clone(call), call->loc));
		Expr *v = expr_var(t->g, tmp, call->loc);
		*a = expr_replace(*a, call, v);
		*b = expr_replace(*b, call, v);
		stale = 1;
		for (int r = k + 1; r < ncand; r++)
			cand[r] = expr_replace(cand[r], call, v);
	}
}

/* ---- dynamic memory (alloc.c)
 *
 *   free(p)            ->  ck_shadow_free(p_d);  free(p);
 *   ck_push_p(t, p)    ->  ck_push_p(t, p);  ck_push_p(t, p_d or NULL);
 *   p = ck_pop_p(t)    ->  p_d = ck_pop_p(t) (ck_shadow_free(ck_pop_p(t))
 *                          when p has no shadow);  p = ck_pop_p(t);
 *
 * The last two are the adjoint's hand-over of buffers (pointers to
 * floating data) from f_fwd to f_bwd: in f_b_d their shadows travel with
 * them, and a shadow that f_bwd has no use for is freed where it arrives. */

static Type *t_void(void)
{
	static Type v = { TY_VOID, 0, NULL, NULL, 0, NULL, 0, 0, NULL, NULL };
	return &v;
}

/* Does pointer expression e have a shadow here? */
static int t_ptr_has_shadow(Tan *t, const Expr *e)
{
	int root = activity_root(e);
	return root >= 0 && t->v->shadow[root] >= 0 &&
	       type_float_elem(t->g->vars[root]->type);
}

static int t_free(Tan *t, const Stmt *s, Stmt *out)
{
	const AllocRule *r = alloc_find(s->u.expr);
	if (!r || r->kind != ALLOC_FREE ||
	    !t_ptr_has_shadow(t, alloc_old(s->u.expr)))
		return 0;
	stmt_append(out, stmt_expr(S_EXPR,
				   alloc_shadow_call(s->u.expr,
						     t_shadow_ptr(t, alloc_old(
								     s->u.expr))),
				   s->loc));
	stmt_append(out, stmt_expr(S_EXPR, expr_clone(s->u.expr), s->loc));
	return 1;
}

/* Is e the adjoint's ck_push_p(tape, p) of a pointer to floating data? */
static int t_is_ptr_push(Tan *t, const Expr *e)
{
	return t_generated(t) && e && e->kind == E_CALL &&
	       strcmp(e->u.call.name, "ck_push_p") == 0 &&
	       e->u.call.nargs == 2 && type_float_elem(e->u.call.args[1]->type);
}

static int t_push_ptr(Tan *t, const Stmt *s, Stmt *out)
{
	const Expr *e = s->u.expr;
	if (!t_is_ptr_push(t, e))
		return 0;
	const Expr *v = e->u.call.args[1];
	Expr *d = t_ptr_has_shadow(t, v)
			  ? t_shadow_ptr(t, v)
			  : expr_cast(type_ptr(type_double()), expr_int(0, s->loc),
				      s->loc);
	stmt_append(out, stmt_expr(S_EXPR, expr_clone(e), s->loc));
	stmt_append(out, t_tan_stmt(stmt_expr(
				 S_EXPR,
				 expr_call_n("ck_push_p", e->type, s->loc,
					     expr_clone(e->u.call.args[0]), d,
					     NULL),
				 s->loc)));
	return 1;
}

/* Is e the adjoint's ck_pop_p(tape) into a pointer to floating data lv? */
static int t_is_ptr_pop(Tan *t, const Expr *lv, const Expr *e)
{
	return t_generated(t) && e && e->kind == E_CALL &&
	       strcmp(e->u.call.name, "ck_pop_p") == 0 &&
	       type_float_elem(lv->type);
}

/* The shadow's pop before the pop of p (lv): into p_d, or freed. */
static void t_pop_ptr(Tan *t, const Expr *lv, const Expr *pop, Stmt *out,
		      Loc loc)
{
	if (lv->kind == E_VAR && t->v->shadow[lv->u.var] >= 0) {
		stmt_append(out,
			    t_tan_stmt(stmt_assign(
				    A_SET, t_shadow_var(t, lv->u.var, loc),
				    expr_clone(pop), loc)));
		return;
	}
	stmt_append(out, t_tan_stmt(stmt_expr(
				 S_EXPR,
				 expr_call_n("ck_shadow_free", t_void(), loc,
					     expr_clone(pop), NULL, NULL),
				 loc)));
}

/* ---- tape blocks (record.c, ck_block_push_d): a block of values, then a
 * block of their tangents; popped the other way.  A block pointer without
 * a shadow here (its values have no tangent, or f_bwd does not read them)
 * still has its tangents' block pushed (zeros) or popped (dropped), so
 * that the two sweeps agree whatever activity finds on either side:
 *
 *   b = ck_block_push_d(t, n) ->  b = ck_block_push_d(t, n);
 *                                 b_d = ck_block_push_d(t, n)  (or
 *                                 ck_push_nd(t, NULL, n): zeros)
 *   b = ck_block_pop_d(t, n)  ->  b_d = ck_block_pop_d(t, n)  (or
 *                                 ck_pop_nd(t, NULL, n));  b = ck_block_pop_d(t, n)
 */

/* 1 for ck_block_push_X, 2 for ck_block_pop_X, else 0. */
static int t_block_call(const Tan *t, const Expr *e)
{
	return t_generated(t) ? ir_block_call(e) : 0;
}

/* v = call or T *v = call (primal), call a block's push or pop. */
static void t_block(Tan *t, int v, const Expr *call, int is_decl, Stmt *primal,
		    Stmt *out, Loc loc)
{
	int pop = t_block_call(t, call) == 2;
	int sh = t->v->shadow[v];
	int fl = call->u.call.name[strlen(call->u.call.name) - 1] == 'f';
	Stmt *d;
	if (sh >= 0) {
		Expr *c = expr_clone(call);
		d = is_decl ? stmt_decl(sh, c, loc)
			    : stmt_assign(A_SET, expr_var(t->g, sh, loc), c,
					  loc);
	} else {
		const char *n = pop ? (fl ? "ck_pop_nf" : "ck_pop_nd")
				    : (fl ? "ck_push_nf" : "ck_push_nd");
		Type *et = fl ? type_float_elem(call->type) : type_double();
		d = stmt_expr(S_EXPR,
			      expr_call_n(n, t_void(), loc,
					  expr_clone(call->u.call.args[0]),
					  expr_cast(type_ptr(et),
						    expr_int(0, loc), loc),
					  expr_clone(call->u.call.args[1])),
			      loc);
	}
	d->vec = VEC_TAN;
	if (pop)
		stmt_append(out, d);
	stmt_append(out, primal);
	if (!pop)
		stmt_append(out, d);
}

/* ---- statements */

/* Does the lvalue have a shadow (floating type, varied storage)? */
static int t_lv_active(Tan *t, const Expr *lv)
{
	int root = activity_root(lv);
	return type_is_float(lv->type) && root >= 0 &&
	       activity_var_varied(t->a, root);
}

/* The tangent assignment for lhs op= rhs, with lhs active. */
static Stmt *t_assign_rule(Tan *t, const Stmt *s)
{
	const Expr *lhs = s->u.assign.lhs, *rhs = s->u.assign.rhs;
	Loc loc = s->loc;
	Expr *dl = t_shadow_lv(t, lhs);
	Expr *dr = rhs ? t_expr(t, rhs) : NULL;
	switch (s->u.assign.op) {
	case A_SET: /* v = e:  v_d = T(e) */
		return stmt_assign(A_SET, dl, dr ? dr : t_zero(lhs->type, loc),
				   loc);
	case A_ADD: /* v += e:  v_d += T(e) */
	case A_SUB:
		return dr ? stmt_assign(s->u.assign.op, dl, dr, loc) : NULL;
	case A_MUL: /* v *= e:  v_d = v_d * e + v * T(e) */
		if (!dr)
			return stmt_assign(A_MUL, dl, t_clone(rhs), loc);
		return stmt_assign(
			A_SET, dl,
			expr_binary(B_ADD,
				    expr_binary(B_MUL, t_shadow_lv(t, lhs),
						t_clone(rhs), NULL, loc),
				    expr_binary(B_MUL, t_clone(lhs), dr, NULL,
						loc),
				    NULL, loc),
			loc);
	case A_DIV: /* v /= e:  v_d = (v_d - v / e * T(e)) / e */
		if (!dr)
			return stmt_assign(A_DIV, dl, t_clone(rhs), loc);
		return stmt_assign(
			A_SET, dl,
			expr_binary(
				B_DIV,
				expr_binary(
					B_SUB, t_shadow_lv(t, lhs),
					expr_binary(B_MUL,
						    expr_binary(B_DIV,
								t_clone(lhs),
								t_clone(rhs),
								NULL, loc),
						    dr, NULL, loc),
					NULL, loc),
				t_clone(rhs), NULL, loc),
			loc);
	case A_INC: case A_DEC: /* v++: v_d unchanged */
		return NULL;
	default:
		diag_error(loc, "operator '%s' on floating-point data cannot be "
				"differentiated",
			   ir_assignop_spelling[s->u.assign.op]);
		return NULL;
	}
}

/* Is lvalue lv a member of a struct (s.f, p->f, a[i].f.g)? */
static int t_in_struct(const Expr *lv)
{
	return lv->kind == E_MEMBER;
}

static void t_assign(Tan *t, const Stmt *s, Stmt *out)
{
	const Expr *lhs = s->u.assign.lhs, *rhs = s->u.assign.rhs;
	Stmt *primal = stmt_assign(s->u.assign.op, expr_clone(lhs),
				   expr_clone(rhs), s->loc);
	t_check_calls(t, lhs);
	int active = t_lv_active(t, lhs);
	if (s->u.assign.op == A_SET && lhs->kind == E_VAR &&
	    t_block_call(t, rhs)) {
		t_block(t, lhs->u.var, rhs, 0, primal, out, s->loc);
		return;
	}
	if (t_generated(t) && s->u.assign.op == A_SET &&
	    ir_rt_call(rhs) == RT_POP_F) {
		t_rt_pop(rhs, active ? t_shadow_lv(t, lhs) : NULL, out, s->loc);
		stmt_append(out, primal);
		return;
	}
	if (s->u.assign.op == A_SET && t_is_ptr_pop(t, lhs, rhs)) {
		t_pop_ptr(t, lhs, rhs, out, s->loc);
		stmt_append(out, primal);
		return;
	}
	if (s->u.assign.op == A_SET && (t_is_user_call(rhs) || t_rule(rhs))) {
		/* y = g(a):  y = g_d(a, a_d, &y_d) */
		int has_ret_d;
		Expr *dl = active ? t_shadow_lv(t, lhs) : NULL;
		primal->u.assign.rhs = t_any_call(t, rhs, dl, out, &has_ret_d);
		stmt_append(out, primal);
		/* a result without a tangent: y_d is zero after the call, whose
		 * arguments' tangents may read y_d first (y = g(y * y)) */
		if (active && !has_ret_d)
			stmt_append(out, stmt_assign(A_SET, t_shadow_lv(t, lhs),
						     t_zero(lhs->type, s->loc),
						     s->loc));
		return;
	}
	t_check_calls(t, rhs);
	if (active) {
		Stmt *ts = t_assign_rule(t, s);
		if (ts)
			t_share_calls(t, &ts->u.assign.rhs, &primal->u.assign.rhs,
				      out);
		stmt_append(out, ts);
	} else if (type_is_pointerish(lhs->type) && lhs->kind == E_VAR &&
		   t->v->shadow[lhs->u.var] >= 0) {
		/* q = p + k:  q_d = p_d + k;  q += k:  q_d += k */
		Expr *d = s->u.assign.op == A_SET ? t_shadow_ptr(t, rhs)
						  : expr_clone(rhs);
		stmt_append(out, stmt_assign(s->u.assign.op,
					     t_shadow_var(t, lhs->u.var, s->loc),
					     d, s->loc));
	} else if (type_is_pointerish(lhs->type) && type_float_elem(lhs->type) &&
		   t_in_struct(lhs) && activity_var_varied(t->a, activity_root(lhs))) {
		/* m.data = p:  m_d.data = p_d (a shadow's pointer members
		 * point to the shadows of the primal's) */
		stmt_append(out, stmt_assign(s->u.assign.op, t_shadow_lv(t, lhs),
					     s->u.assign.op == A_SET &&
							     rhs->kind != E_NUM
						     ? t_shadow_ptr(t, rhs)
						     : expr_clone(rhs),
					     s->loc));
	} else if (type_is_pointerish(lhs->type) && type_float_elem(lhs->type) &&
		   activity_root(lhs) >= 0 && lhs->kind != E_VAR &&
		   activity_var_varied(t->a, activity_root(lhs))) {
		diag_error(s->loc, "storing pointers to active data in memory "
				   "is not supported");
	}
	stmt_append(out, primal);
}

static void t_decl(Tan *t, const Stmt *s, Stmt *out)
{
	int v = s->u.decl.var;
	int sh = t->v->shadow[v];
	const Expr *init = s->u.decl.init;
	Stmt *primal = stmt_decl(v, expr_clone(init), s->loc);
	primal->u.decl.ninits = s->u.decl.ninits;
	primal->u.decl.inits = arena_alloc(sizeof(Expr *) *
					   (size_t)(s->u.decl.ninits + 1));
	for (int i = 0; i < s->u.decl.ninits; i++) {
		t_check_calls(t, s->u.decl.inits[i]);
		primal->u.decl.inits[i] = expr_clone(s->u.decl.inits[i]);
	}
	Type *ty = t->g->vars[v]->type;
	if (t_block_call(t, init)) {
		t_block(t, v, init, 1, primal, out, s->loc);
		return;
	}
	if (t_generated(t) && ir_rt_call(init) == RT_POP_F) {
		if (sh >= 0) {
			stmt_append(out, stmt_decl(sh, NULL, s->loc));
			t_rt_pop(init, expr_var(t->g, sh, s->loc), out, s->loc);
		} else {
			t_rt_pop(init, NULL, out, s->loc);
		}
		stmt_append(out, primal);
		return;
	}
	if (sh >= 0) {
		Stmt *d = stmt_decl(sh, NULL, s->loc);
		const Type *inner = ty;
		while (inner->kind == TY_ARRAY)
			inner = inner->base;
		if (ty->kind == TY_ARRAY && inner->kind == TY_STRUCT) {
			/* an array of structs: {0} (the front end makes an
			 * initializer member stores; generated code's is
			 * {0}) */
			d = t_zero_decl(t->g, sh, s->loc);
		} else if (ty->kind == TY_ARRAY) {
			/* double a[n] = {...}:  double a_d[n] = {T(...)} */
			int n = s->u.decl.ninits ? s->u.decl.ninits : 1;
			d->u.decl.inits = arena_alloc(sizeof(Expr *) * (size_t)n);
			d->u.decl.ninits = n;
			for (int i = 0; i < n; i++) {
				Expr *di = s->u.decl.ninits
						   ? t_expr(t, s->u.decl.inits[i])
						   : NULL;
				d->u.decl.inits[i] =
					di ? di : t_zero(type_float_elem(ty), s->loc);
			}
		} else if (type_is_pointerish(ty)) {
			if (init)
				d->u.decl.init = t_shadow_ptr(t, init);
		} else if (ty->kind == TY_STRUCT) {
			ck_assert(!init); /* the front end splits struct copies */
			d = t_zero_decl(t->g, sh, s->loc);
		} else if (t_generated(t) && init && init->kind == E_NUM &&
			   init->u.num.val == 0 && signbit(init->u.num.val)) {
			/* f_fb's hold of a term, -0.0 until an iteration made
			 * the term (fuse.c): the identity of its +=, which
			 * its tangent's += needs as well */
			d->u.decl.init = expr_clone(init);
		} else if (!t_is_user_call(init) && !t_rule(init)) {
			Expr *di = init ? t_expr(t, init) : NULL;
			t_share_calls(t, &di, &primal->u.decl.init, out);
			d->u.decl.init = di ? di : t_zero(ty, s->loc);
		} else {
			d->u.decl.init = t_zero(ty, s->loc);
		}
		stmt_append(out, d);
	}
	if (t_is_user_call(init) || t_rule(init)) {
		/* T v = g(a):  T v_d = 0;  T v = g_d(a, a_d, &v_d) */
		int has_ret_d;
		Expr *dl = sh >= 0 && !type_is_pointerish(ty)
				   ? expr_var(t->g, sh, s->loc)
				   : NULL;
		primal->u.decl.init = t_any_call(t, init, dl, out, &has_ret_d);
	} else {
		t_check_calls(t, init);
	}
	stmt_append(out, primal);
}

static void t_return(Tan *t, const Stmt *s, Stmt *out)
{
	const Expr *e = s->u.expr;
	t_check_calls(t, e);
	Expr *r = expr_clone(e);
	if (e && t->v->ret_d >= 0) {
		/* return e:  *ret_d = T(e);  return e */
		Expr *d = t_expr(t, e);
		Expr *rd = expr_deref(expr_var(t->g, t->v->ret_d, s->loc), s->loc);
		t_share_calls(t, &d, &r, out);
		stmt_append(out, stmt_assign(A_SET, rd,
					     d ? d : t_zero(rd->type, s->loc),
					     s->loc));
	}
	stmt_append(out, stmt_expr(S_RETURN, r, s->loc));
}

/* Translates a statement in a position that holds exactly one (if and
 * loop bodies, for clauses): several results become a block. */
static Stmt *t_single(Tan *t, const Stmt *s, int as_clause)
{
	if (!s)
		return NULL;
	Stmt *b = stmt_block(s->loc);
	int outer = t->in_clause;
	t->in_clause = as_clause;
	tan_stmt(t, s, b);
	t->in_clause = outer;
	if (b->u.block.n == 1)
		return b->u.block.items[0];
	if (as_clause) {
		for (int i = 0; i < b->u.block.n; i++) {
			StmtKind k = b->u.block.items[i]->kind;
			if (k != S_ASSIGN && k != S_DECL) {
				diag_error(s->loc,
					   "this for-loop clause cannot be "
					   "differentiated in place; move it "
					   "before the loop or into its body");
				break;
			}
		}
	}
	return b;
}

static void tan_stmt(Tan *t, const Stmt *s, Stmt *out)
{
	Stmt *c;
	switch (s->kind) {
	case S_BLOCK:
		c = stmt_block(s->loc);
		for (int i = 0; i < s->u.block.n; i++)
			tan_stmt(t, s->u.block.items[i], c);
		stmt_append(out, c);
		break;
	case S_DECL:
		t_decl(t, s, out);
		break;
	case S_ASSIGN:
		t_assign(t, s, out);
		break;
	case S_EXPR:
		if (t_rt_stmt(t, s, out) || t_free(t, s, out) ||
		    t_push_ptr(t, s, out))
			break;
		if (t_is_user_call(s->u.expr) || t_rule(s->u.expr)) {
			int has_ret_d;
			Expr *call = t_any_call(t, s->u.expr, NULL, out, &has_ret_d);
			stmt_append(out, stmt_expr(S_EXPR, call, s->loc));
		} else {
			t_check_calls(t, s->u.expr);
			stmt_append(out, stmt_expr(S_EXPR, expr_clone(s->u.expr),
						   s->loc));
		}
		break;
	case S_RETURN:
		t_return(t, s, out);
		break;
	case S_IF:
		t_check_calls(t, s->u.ifs.cond);
		c = stmt_new(S_IF, s->loc);
		c->u.ifs.cond = expr_clone(s->u.ifs.cond);
		c->u.ifs.then = t_single(t, s->u.ifs.then, 0);
		c->u.ifs.els = t_single(t, s->u.ifs.els, 0);
		stmt_append(out, c);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		t_check_calls(t, s->u.loop.cond);
		c = stmt_new(s->kind, s->loc);
		c->u.loop.init = t_single(t, s->u.loop.init, 1);
		c->u.loop.cond = expr_clone(s->u.loop.cond);
		c->u.loop.inc = t_single(t, s->u.loop.inc, 1);
		c->u.loop.body = t_single(t, s->u.loop.body, 0);
		/* f_d of the input's parallel loop stays parallel (omp.c),
		 * and so do f_b_d's loops of f_b's that are */
		if (s->kind == S_FOR && s->u.loop.omp &&
		    (!t_generated(t) || s->u.loop.omp->emit)) {
			if (t->v->vector)
				diag_error(s->u.loop.omp->loc,
					   "vector mode does not run OpenMP "
					   "parallel loops; request this "
					   "function without 'vector'");
			else
				c->u.loop.omp = omp_tangent(
					t->g, s->u.loop.omp, t->v->shadow);
		}
		stmt_append(out, c);
		break;
	case S_CHECKPOINT:
		/* tangents keep no tape: the region is only marked */
		c = stmt_new(S_CHECKPOINT, s->loc);
		c->u.ckpt = s->u.ckpt;
		c->u.ckpt.body = t_single(t, s->u.ckpt.body, 0);
		stmt_append(out, c);
		break;
	case S_BREAK: case S_CONTINUE: case S_EMPTY:
		stmt_append(out, stmt_new(s->kind, s->loc));
		break;
	default:
		ck_unreachable();
	}
}

/* ---- functions */

/* The shadow type of a variable of type ty.  A pointer shadow points to
 * const data exactly when nothing writes the primal data (for parameters,
 * the pure inputs of DESIGN §2), or when the primal pointer does. */
static Type *t_shadow_type(Type *ty, int written)
{
	if (ty->kind != TY_PTR)
		return type_with_const(ty, 0);
	Type *t = type_ptr(
		type_with_const(ty->base, ty->base->is_const || !written));
	t->rows = ty->rows; /* rows as the primal's (public_rows) */
	return t;
}

/* Adds the shadow of var v to g; returns its id, or -1 on a name clash. */
static int t_add_shadow(Program *p, Variant *v, int var, int as_param)
{
	const Var *x = v->f->vars[var];
	/* second order: the tangent of an adjoint x_b is x_bd (DESIGN §2);
	 * a user's variable whose name ends in _b (a bias out_b) is no
	 * adjoint: its tangent is out_b_d, as for any other name */
	size_t len = strlen(x->name);
	int adj = v->f->generated && x->is_adjoint && len > 2 &&
		  strcmp(x->name + len - 2, "_b") == 0;
	const char *want = arena_printf(adj ? "%sd%s" : "%s_d%s", x->name,
					v->vector ? "v" : "");
	Type *ty = t_shadow_type(x->type, v->a->written[v->a->node[var]]);
	/* the tangent of a restrict adjoint (x_bd of x_b in f_bwd_d) is a
	 * buffer of its own too: the shadow of data nothing else reaches */
	if (ty->kind == TY_PTR && x->type->kind == TY_PTR &&
	    x->type->is_restrict && v->f->generated)
		ty->is_restrict = 1;
	if (as_param) /* (x_d2 and on when f names something x_d) */
		return func_add_param(v->g, name_fresh2(p, v->f, v->g, want),
				      ty, x->loc);
	return func_add_var(v->g, name_fresh(p, v->g, want), ty, VAR_LOCAL,
			    x->loc);
}

static const char *t_comment(Program *p, Variant *v)
{
	const Func *f = v->f;
	char *act = "", *outs = "";
	for (int i = 0; i < f->nparams; i++) {
		if (!v->pat->active[i])
			continue;
		const char *n = f->vars[f->params[i]]->name;
		act = arena_printf("%s%s%s", act, *act ? ", " : "", n);
	}
	(void)p;
	const char *rb = func_ret_base(f);
	if (v->vector) {
		if (v->ret_d >= 0)
			outs = arena_printf(
				"; %s_dv receives the result's ck_nd "
				"tangents",
				rb);
		return arena_printf(
			"%s: tangent (forward mode) of %s in ck_nd "
			"directions at once\n(element-major: "
			"p_dv[i * ck_nd + k]).\nActive: %s%s.",
			v->g->name, f->name, *act ? act : "none", outs);
	}
	if (v->ret_d >= 0)
		outs = arena_printf(
			"; *%s_d receives the tangent of the result", rb);
	return arena_printf("%s: tangent (forward mode) of %s.\n"
			    "Active: %s%s.",
			    v->g->name, f->name, *act ? act : "none", outs);
}

/* Which of g's variables are shadows (per var id). */
static unsigned char *t_shadow_set(const Variant *v)
{
	unsigned char *sh = arena_alloc((size_t)v->g->nvars + 1);
	for (int i = 0; i < v->f->nvars; i++)
		if (v->shadow[i] >= 0)
			sh[v->shadow[i]] = 1;
	if (v->ret_d >= 0)
		sh[v->ret_d] = 1;
	for (int i = 0; i < v->ntmps; i++)
		sh[v->tmps[i]] = 1;
	return sh;
}

/* Where ck_nd goes among a vector function's parameters: before the
 * result's shadows (ret_dv; in f_b_dv the seed ret_b and ret_bdv), else
 * last. */
static int t_nd_pos(const Variant *v)
{
	const Func *g = v->g;
	const char *seed = arena_printf("%s_b", func_ret_base(v->f));
	for (int i = 0; i < g->nparams; i++) {
		const Var *x = g->vars[g->params[i]];
		if (g->params[i] == v->ret_d ||
		    (v->f->generated && x->is_adjoint &&
		     strcmp(x->name, seed) == 0))
			return i;
	}
	return g->nparams;
}

/* Finds or creates the tangent function of pat's function for pat.  name
 * NULL picks a fresh helper name.  Returns NULL when activity failed. */
static Variant *tan_variant(Program *p, Pattern *pat, const char *name,
			    int is_static, int vector)
{
	for (int i = 0; i < tan_nvariants; i++) {
		Variant *v = tan_variants[i];
		Pattern *q = v->pat;
		if (v->vector == vector &&
		    pattern_same(q, pat, p->funcs[pat->fn]->nparams))
			return v->g ? v : NULL;
	}
	Variant *v = ARENA_NEW(Variant);
	v->pat = pat;
	v->vector = vector;
	v->f = p->funcs[pat->fn];
	ARENA_PUSH(tan_variants, tan_nvariants, v);
	v->a = activity_analyze(p, pat);
	if (!v->a)
		return NULL;
	const Func *f = v->f;
	if (!name)
		name = name_fresh(
			p, NULL,
			arena_printf(vector ? "%s_dv" : "%s_d", f->name));
	Func *g = func_new(name, f->ret, f->loc);
	g->is_static = is_static;
	g->generated = 1;
	g->ret_base = func_ret_base(f);
	for (int i = 0; i < f->nvars; i++)
		ARENA_PUSH(g->vars, g->nvars, f->vars[i]);
	v->g = g;
	v->shadow = arena_alloc(sizeof(int) * (size_t)(f->nvars + 1));
	for (int i = 0; i < f->nvars; i++)
		v->shadow[i] = -1;
	for (int i = 0; i < f->nparams; i++) {
		int pv = f->params[i];
		int *params = arena_alloc(sizeof(int) * (size_t)(g->nparams + 1));
		if (g->nparams)
			memcpy(params, g->params, sizeof(int) * (size_t)g->nparams);
		params[g->nparams++] = pv;
		g->params = params;
		if (pat->active[i])
			v->shadow[pv] = t_add_shadow(p, v, pv, 1);
	}
	v->ret_d = -1;
	if (type_is_float(f->ret) && v->a->ret_varied) {
		const char *rn = arena_printf("%s%s", func_ret_base(f),
					      vector ? "_dv" : "_d");
		if (name_taken(p, f, rn))
			diag_error(f->loc,
				   "'%s' has a variable named '%s', "
				   "the name of the result's tangent; "
				   "rename it",
				   f->name, rn);
		v->ret_d = func_add_param(g, rn, type_ptr(f->ret), f->loc);
	}
	if (vector)
		v->nd = vector_signature(p, g, t_shadow_set(v), t_nd_pos(v));
	g->comment = t_comment(p, v);
	ARENA_PUSH(p->out, p->nout, g);
	if (is_static)
		tan_generate(p, v);
	return v;
}

/* Generates the body of v's tangent function. */
static void tan_generate(Program *p, Variant *v)
{
	if (v->done)
		return;
	v->done = 1;
	const Func *f = v->f;
	Tan t;
	t.p = p;
	t.v = v;
	t.g = v->g;
	t.a = v->a;
	t.in_clause = 0;
	/* shadows of varied locals, and of scalar parameters that become
	 * varied without being active on entry */
	for (int i = 0; i < f->nvars; i++) {
		if (v->shadow[i] >= 0 || !activity_var_varied(v->a, i))
			continue;
		v->shadow[i] = t_add_shadow(p, v, i, 0);
		if (f->vars[i]->kind == VAR_PARAM)
			stmt_append(v->g->body,
				    t_zero_decl(v->g, v->shadow[i], f->loc));
	}
	Stmt *body = stmt_block(f->body->loc);
	tan_stmt(&t, f->body, body);
	Stmt *inner = body->u.block.items[0];
	for (int i = 0; i < inner->u.block.n; i++)
		stmt_append(v->g->body, inner->u.block.items[i]);
	cse_calls(p, v->g);
	/* shadows that only conditions read carry nothing anywhere */
	cleanup_unread(v->g, f->nvars);
	if (v->vector)
		vector_function(p, v->g, t_shadow_set(v), v->nd);
}

void tangent_program(Program *p)
{
	Variant **tops = NULL;
	int ntops = 0;
	/* public names first, so helpers never take them */
	for (int i = 0; i < p->nreqs; i++) {
		Request *r = p->reqs[i];
		if (r->mode != MODE_TANGENT || r->fn < 0)
			continue;
		const char *name =
			arena_printf(r->vector ? "%s_dv" : "%s_d", r->fname);
		if (name_taken(p, NULL, name)) {
			diag_error(r->loc, "cannot generate '%s': the name is "
					   "already used",
				   name);
			continue;
		}
		Variant *v = tan_variant(p, activity_request_pattern(p, r),
					 name, 0, r->vector);
		if (v)
			ARENA_PUSH(tops, ntops, v);
	}
	for (int i = 0; i < ntops; i++)
		tan_generate(p, tops[i]);
}

Func *tangent_function(Program *p, Pattern *pat, const char *name, int vector)
{
	Variant *v = tan_variant(p, pat, name, 0, vector);
	if (!v)
		return NULL;
	tan_generate(p, v);
	return v->g;
}
