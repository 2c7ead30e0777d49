/*
 * vector.c - vector mode: a tangent function with ck_nd directions.
 *
 * For a `vector` request (`#pragma ck_tangent ... vector`, `ck_hvp ...
 * vector`) the tangent transform writes its function as it always does,
 * with one direction, and this pass makes it carry int ck_nd directions at
 * once (DESIGN §2): f_d -> f_dv, and f_b_d -> f_b_dv.  Every shadow holds
 * ck_nd values per primal element, element-major:
 *
 *   T v_d          (a local's)           ->  T v_dv[ck_nd]
 *   T a_d[n][m]                          ->  T a_dv[n][m * ck_nd]
 *   T *p_d                               ->  T *p_dv, its offsets * ck_nd:
 *                                            p_d[i] -> p_dv[i * ck_nd + k]
 *   T (*p_d)[m]  (a pointer to rows)     ->  T (*p_dv)[m * ck_nd], its
 *                                            offsets in rows as they are
 *   T s_d, S s_d   (a parameter by value) -> const T *s_dv (copied into a
 *                                            local T ck_s_dv[ck_nd])
 *
 * A struct's shadow is ck_nd copies of the struct, one per direction:
 * its members (and member arrays) hold that direction's derivative, and
 * its pointer members point to element-major shadows, the same in every
 * copy.
 *
 * Statements:
 *
 *   v_d = T(e)      ->  const double ck_f = <a primal part of T(e)>; ...
 *                       for (k < ck_nd) v_dv[k] = T(e) on ck_f ... and k
 *       Every floating primal subexpression of a tangent statement is
 *       computed once before its loop (not under ?:, whose arms may guard
 *       a read), so the loop holds only the directions' arithmetic, which
 *       the C compiler can vectorize; the directions' loops of a block
 *       that follow one another are one loop.  Each direction computes
 *       what f_d computes, in the same order: f_dv's directions are
 *       bitwise f_d's.
 *   y = g_d(a, a_d, &y_d)      ->  y = g_dv(a, a_dv, ck_nd, y_dv)
 *   ck_push_d(t, v_d)          ->  ck_push_nd(t, v_dv, ck_nd)   (second
 *   v_d = ck_pop_d(t)          ->  ck_pop_nd(t, v_dv, ck_nd)     order:
 *   ck_push_nd(t, a_d, n)      ->  ck_push_nd(t, a_dv, n * ck_nd)  the
 *   CK_SAVE_ZERO(s, v)         ->  CK_SAVE_ZERO_N(s, &v, ck_nd)    tangent
 *   p_d = ck_shadow_alloc(b)   ->  p_dv = ck_shadow_alloc(b * ck_nd)  half)
 *
 * (CK_SAVE(s, v_dv) of a local array saves all of it as it is.)
 */
#include "ckc.h"

#include <string.h>

/* The parameters of a vector function, as the scalar tangent had them. */
typedef struct VecSig {
	const Func *g;
	int n;               /* parameters before ck_nd was inserted */
	unsigned char *kind; /* per parameter: VP_* */
	/* per parameter: a shadow of fixed rows, T (*p_d)[m], which f_dv
	 * takes flat (vector_function) */
	unsigned char *rows;
	int nd_pos;          /* where ck_nd is among the parameters */
} VecSig;

enum { VP_PRIMAL, VP_SHADOW_PTR, VP_SHADOW_VALUE };

static VecSig **vec_sigs;
static int vec_nsigs;

typedef struct Vec {
	Program *p;
	Func *g;
	const unsigned char *sh; /* var id -> a shadow */
	int nvars;               /* ids below this are the scalar tangent's */
	int nd, k;               /* var ids of ck_nd and the direction index */
	unsigned char *esc;      /* var id -> passed to a call (gcc must
				    see all of it set: memset, memcpy) */
	unsigned char *addr;     /* var id -> a primal variable whose address
				    is taken: a store through a pointer
				    may change it */
	unsigned char *mset;     /* var id -> a local struct shadow whose
				    pointer members the function sets */
	int mset_any;            /* a pointer member set through a pointer
				    or an aliased struct: v_copy0 is off */
	unsigned char *shaddr;   /* var id -> its address is taken */
	int in_k;                /* inside a direction loop */
	int guarded;             /* inside an arm of ?: */
	Stmt *pre;               /* where computed-once values go */
} Vec;

static int v_sh(const Vec *c, const Expr *e);
static Type *v_type(Type *ty);
static Type *v_ptr_type(Type *ty);

static const VecSig *v_sig(const char *name)
{
	for (int i = 0; i < vec_nsigs; i++)
		if (strcmp(vec_sigs[i]->g->name, name) == 0)
			return vec_sigs[i];
	return NULL;
}

int vector_signature(Program *p, Func *g, const unsigned char *is_shadow,
		     int nd_pos)
{
	VecSig *s = ARENA_NEW(VecSig);
	g->vector = 1;
	s->g = g;
	s->n = g->nparams;
	s->kind = arena_alloc((size_t)g->nparams + 1);
	s->rows = arena_alloc((size_t)g->nparams + 1);
	for (int i = 0; i < g->nparams; i++) {
		const Var *x = g->vars[g->params[i]];
		if (!is_shadow[g->params[i]])
			s->kind[i] = VP_PRIMAL;
		else if (type_is_pointerish(x->type))
			s->kind[i] = VP_SHADOW_PTR;
		else
			s->kind[i] = VP_SHADOW_VALUE;
		/* rows of a fixed length: flat, T *p_dv, seen through rows
		 * of m * ck_nd (vector_function) */
		if (s->kind[i] == VP_SHADOW_PTR && x->type->kind == TY_PTR &&
		    x->type->base->kind == TY_ARRAY && !x->type->rows &&
		    !type_ptr_rows(x->type) && x->type->base->len > 0) {
			s->rows[i] = 1;
			continue;
		}
		/* the directions of a row would need rows of N * ck_nd */
		if (s->kind[i] == VP_SHADOW_PTR && x->type->base &&
		    (x->type->base->kind == TY_ARRAY || x->type->rows ||
		     type_ptr_rows(x->type))) {
			/* named as the primal, which comes just before */
			const char *n = i > 0 ? g->vars[g->params[i - 1]]->name
					      : x->name;
			diag_error(x->loc,
				   "vector mode does not take a "
				   "two-dimensional array parameter ('%s'); "
				   "pass a pointer to its first element "
				   "(const double *%s, read as %s[i * N + j])",
				   n, n, n);
		}
	}
	int has_string = 0;
	for (int i = 0; i < p->nsys_includes; i++)
		has_string |= strcmp(p->sys_includes[i], "string.h") == 0;
	if (!has_string) /* memset, memcpy */
		ARENA_PUSH(p->sys_includes, p->nsys_includes, "string.h");
	if (name_taken(p, g, "ck_nd"))
		diag_error(g->loc,
			   "'%s' has a variable named 'ck_nd', the "
			   "number of directions of vector mode; "
			   "rename it",
			   g->name);
	int nd = func_add_var(g, "ck_nd", type_int(), VAR_PARAM, g->loc);
	int *params = arena_alloc(sizeof(int) * (size_t)(g->nparams + 2));
	for (int i = 0, k = 0; i <= g->nparams; i++) {
		if (i == nd_pos)
			params[k++] = nd;
		if (i < g->nparams)
			params[k++] = g->params[i];
	}
	g->params = params;
	g->nparams++;
	s->nd_pos = nd_pos;
	ARENA_PUSH(vec_sigs, vec_nsigs, s);
	return nd;
}

/* ---- small builders */

static Expr *v_ndx(const Vec *c, Loc loc)
{
	return expr_var(c->g, c->nd, loc);
}

/* The direction of a direction loop, or 0 outside one (pointer members
 * of a struct's shadow are the same in every copy). */
static Expr *v_dir(const Vec *c, Loc loc)
{
	return c->in_k ? expr_var(c->g, c->k, loc) : expr_int(0, loc);
}

/* i * ck_nd */
static Expr *v_scale(const Vec *c, const Expr *i)
{
	if (i->kind == E_NUM && i->u.num.is_int && i->u.num.ival == 0)
		return expr_clone(i);
	if (i->kind == E_NUM && i->u.num.is_int && i->u.num.ival == 1)
		return v_ndx(c, i->loc);
	return expr_binary(B_MUL, expr_clone(i), v_ndx(c, i->loc), NULL,
			   i->loc);
}

/* Does pointer (or array) type t step by rows, T (*p)[m] or T a[n][m]?
 * Its shadow's rows hold ck_nd values per element already (v_ptr_type,
 * v_type): an offset in rows is the same in the shadow. */
static int v_rows(const Type *t)
{
	return type_is_pointerish(t) && t->base->kind == TY_ARRAY;
}

/* The shadow's offset for offset i of a pointer of type t. */
static Expr *v_offset(const Vec *c, const Type *t, const Expr *i)
{
	return v_rows(t) ? expr_clone(i) : v_scale(c, i);
}

static Expr *v_bad(const Expr *e, const char *what)
{
	diag_error(e->loc, "vector mode cannot %s", what);
	return expr_clone(e);
}

static Stmt *v_for(Vec *c, int var, Expr *from, Expr *to, Stmt *body, Loc loc)
{
	Stmt *l = stmt_new(S_FOR, loc);
	l->u.loop.init = stmt_decl(var, from, loc);
	l->u.loop.cond =
		expr_binary(B_LT, expr_var(c->g, var, loc), to, NULL, loc);
	l->u.loop.inc =
		stmt_assign(A_INC, expr_var(c->g, var, loc), NULL, loc);
	l->u.loop.body = body;
	return l;
}

/* for (int ck_k = 0; ck_k < ck_nd; ck_k++) body */
static Stmt *v_dir_loop(Vec *c, Stmt *body, int fusable, Loc loc)
{
	if (body->kind != S_BLOCK) {
		Stmt *b = stmt_block(loc);
		stmt_append(b, body);
		body = b;
	}
	Stmt *l = v_for(c, c->k, expr_int(0, loc), v_ndx(c, loc), body, loc);
	l->vec = fusable ? VEC_LOOP : VEC_NONE;
	return l;
}

/* memset(x, 0, sizeof(x)) or memcpy(x, from, sizeof(x)) for array x */
static Stmt *v_fill(Vec *c, int x, const Expr *from, Loc loc)
{
	Type *vt = type_new(TY_VOID);
	Expr *size = expr_call_n("sizeof", type_int(), loc,
				 expr_var(c->g, x, loc), NULL, NULL);
	Expr *call =
		from ? expr_call_n("memcpy", vt, loc, expr_var(c->g, x, loc),
				   expr_clone(from), size)
		     : expr_call_n("memset", vt, loc, expr_var(c->g, x, loc),
				   expr_int(0, loc), size);
	return stmt_expr(S_EXPR, call, loc);
}

/* ---- expressions */

/* Is e rooted at a shadow (a shadow's storage, or a pointer into it)? */
static int v_sh(const Vec *c, const Expr *e)
{
	switch (e->kind) {
	case E_VAR:
		return e->u.var < c->nvars && c->sh[e->u.var];
	case E_INDEX:
		return v_sh(c, e->u.index.base);
	case E_DEREF:
	case E_ADDR:
	case E_CAST:
		return v_sh(c, e->u.e);
	case E_MEMBER:
		return v_sh(c, e->u.mem.base);
	case E_BINARY:
		return type_is_pointerish(e->type) &&
		       (v_sh(c, e->u.bin.l) || v_sh(c, e->u.bin.r));
	case E_COND:
		return type_is_pointerish(e->type) &&
		       (v_sh(c, e->u.cond.a) || v_sh(c, e->u.cond.b));
	default:
		return 0;
	}
}

typedef struct ShScan {
	const Vec *c;
	int found;
} ShScan;

static void v_scan(void *ctx, const Expr *e)
{
	ShScan *s = ctx;
	if (e->kind == E_VAR && e->u.var < s->c->nvars && s->c->sh[e->u.var])
		s->found = 1;
}

/* Does e read a shadow anywhere? */
static int v_reads_sh(const Vec *c, const Expr *e)
{
	ShScan s = { c, 0 };
	if (e)
		ir_walk_expr(e, v_scan, &s);
	return s.found;
}

static Expr *v_ptr(Vec *c, const Expr *e);
static Expr *v_alloc(Vec *c, const Expr *e);

/* Is e an array object (not a pointer value that has an array's type, as
 * a + 1 has)? */
static int v_array_object(const Expr *e)
{
	return e->type->kind == TY_ARRAY &&
	       (e->kind == E_VAR || e->kind == E_INDEX ||
		e->kind == E_MEMBER || e->kind == E_DEREF);
}

/* Refuses member e, a pointer to rows: its type is the primal's, rows of
 * m, and the shadow's rows have m * ck_nd values.  Once per member. */
static void v_member_rows(const Expr *e)
{
	static Field **seen;
	static int nseen;
	Field *f = &e->u.mem.base->type->st->fields[e->u.mem.field];
	for (int i = 0; i < nseen; i++)
		if (seen[i] == f)
			return;
	ARENA_PUSH(seen, nseen, f);
	diag_error(e->loc,
		   "vector mode cannot follow a struct member that points to "
		   "rows ('%s'); make it a pointer to the first element "
		   "(double *%s, read as %s[i * N + j])",
		   f->name, f->name, f->name);
}

/* A shadow lvalue: *dir says it is one direction's storage (a float or a
 * struct for direction k, or what is inside one); else it is an array of
 * element-major storage (a row, or the whole array). */
static Expr *v_lv(Vec *c, const Expr *e, int *dir)
{
	Expr *r;
	int d = 0;
	switch (e->kind) {
	case E_VAR:
		*dir = !type_is_pointerish(e->type);
		r = expr_var(c->g, e->u.var, e->loc);
		return *dir ? expr_index(r, v_dir(c, e->loc), e->loc) : r;
	case E_INDEX:
		if (v_array_object(e->u.index.base))
			r = v_lv(c, e->u.index.base, &d);
		else
			r = v_ptr(c, e->u.index.base);
		*dir = d || e->type->kind != TY_ARRAY;
		if (d || e->type->kind == TY_ARRAY)
			return expr_index(r, expr_clone(e->u.index.idx),
					  e->loc);
		r = expr_index(r, v_scale(c, e->u.index.idx), e->loc);
		if (r->u.index.idx->kind != E_NUM)
			r->u.index.idx =
				expr_binary(B_ADD, r->u.index.idx,
					    v_dir(c, e->loc), NULL, e->loc);
		else
			r->u.index.idx = v_dir(c, e->loc);
		return r;
	case E_DEREF:
		r = v_ptr(c, e->u.e);
		*dir = e->type->kind != TY_ARRAY;
		if (!*dir) /* a row, (*p)[j] */
			return expr_deref(r, e->loc);
		return expr_index(r, v_dir(c, e->loc), e->loc);
	case E_MEMBER:
		if (e->type->kind == TY_PTR && v_rows(e->type))
			v_member_rows(e);
		r = v_lv(c, e->u.mem.base, &d);
		ck_assert(d);
		*dir = 1;
		return expr_member(r, e->u.mem.field, e->loc);
	default:
		*dir = 1;
		return v_bad(e, "follow derivatives through this expression");
	}
}

/* The first of the ck_nd values of shadow lvalue lv (contiguous,
 * element-major), or NULL when they are one per struct copy (a member). */
static Expr *v_base(Vec *c, const Expr *lv)
{
	int d = 0;
	Expr *r;
	switch (lv->kind) {
	case E_VAR:
		return expr_var(c->g, lv->u.var, lv->loc);
	case E_INDEX:
		if (v_array_object(lv->u.index.base)) {
			r = v_lv(c, lv->u.index.base, &d);
			if (d)
				return NULL;
		} else {
			r = v_ptr(c, lv->u.index.base);
		}
		if (lv->type->kind == TY_ARRAY)
			return expr_index(r, expr_clone(lv->u.index.idx),
					  lv->loc);
		return expr_addr(
			expr_index(r, v_scale(c, lv->u.index.idx), lv->loc),
			lv->loc);
	case E_DEREF:
		r = v_ptr(c, lv->u.e);
		return lv->type->kind == TY_ARRAY ? expr_deref(r, lv->loc) : r;
	default:
		return NULL;
	}
}

/* Marks in c->mset the struct shadow whose pointer members statement s
 * sets, as a whole or member by member, or sets c->mset_any where that
 * struct is not a local whose address nobody takes (it may be another
 * name's).  Called on every statement of the function. */
static void v_msets(void *ctx, const Stmt *s)
{
	Vec *c = ctx;
	if (s->kind == S_DECL) {
		if (s->u.decl.var < c->nvars && c->sh[s->u.decl.var] &&
		    (s->u.decl.init || s->u.decl.ninits))
			c->mset[s->u.decl.var] = 1;
		return;
	}
	if (s->kind != S_ASSIGN)
		return;
	const Expr *l = s->u.assign.lhs;
	if (l->type->kind != TY_PTR && l->type->kind != TY_STRUCT)
		return;
	if (l->kind == E_VAR && l->type->kind == TY_PTR)
		return; /* a pointer variable, not a member */
	int r = activity_root(l);
	if (r >= 0 && (r >= c->nvars || !c->sh[r]))
		return; /* primal data: never a shadow */
	const Expr *x = l;
	while (x->kind == E_MEMBER)
		x = x->u.mem.base;
	if (x->kind == E_VAR && x->u.var < c->nvars && c->sh[x->u.var] &&
	    c->g->vars[x->u.var]->type->kind == TY_STRUCT &&
	    !c->shaddr[x->u.var])
		c->mset[x->u.var] = 1;
	else
		c->mset_any = 1;
}

static void v_shaddr_visit(void *ctx, const Expr *e)
{
	Vec *c = ctx;
	if (e->kind == E_ADDR) {
		int r = activity_root(e->u.e);
		if (r >= 0)
			c->shaddr[r] = 1;
	}
}

/* r, a pointer member of direction k's copy of a struct shadow
 * (p_dv[ck_k].data, p_dv[i * ck_nd + ck_k].q.data), reads direction 0's
 * copy instead: every copy's pointer members point to the same
 * element-major buffer (see the README), and a copy that does not change
 * with k lets the C compiler load the pointer once for the direction loop
 * and vectorize it. */
static void v_copy0(const Vec *c, const Expr *e, Expr *r)
{
	int root = activity_root(e);
	if (c->mset_any || root < 0 || c->mset[root])
		return;
	while (r->kind == E_MEMBER)
		r = r->u.mem.base;
	if (r->kind != E_INDEX || !c->in_k)
		return;
	Expr *idx = r->u.index.idx;
	if (idx->kind == E_VAR && idx->u.var == c->k)
		r->u.index.idx = expr_int(0, idx->loc);
	else if (idx->kind == E_BINARY && idx->u.bin.op == B_ADD &&
		 idx->u.bin.r->kind == E_VAR && idx->u.bin.r->u.var == c->k)
		r->u.index.idx = expr_clone(idx->u.bin.l);
}

/* Does pointer (or array) type t point to structs (through arrays)? */
static int v_struct_elems(const Type *t)
{
	if (!type_is_pointerish(t))
		return 0;
	t = t->base;
	while (t->kind == TY_ARRAY)
		t = t->base;
	return t->kind == TY_STRUCT;
}

/* A shadow pointer (or array) value: a pointer to element-major data. */
static Expr *v_ptr(Vec *c, const Expr *e)
{
	int d = 0;
	Expr *r;
	switch (e->kind) {
	case E_VAR:
		return expr_var(c->g, e->u.var, e->loc);
	case E_INDEX: /* a row */
	case E_MEMBER:
		r = v_lv(c, e, &d);
		if (e->type->kind == TY_ARRAY && d)
			return v_bad(e,
				     "pass an array member of a struct "
				     "that holds derivatives (its directions "
				     "are one per copy of the struct); copy "
				     "the member into a local array first");
		if (e->kind == E_MEMBER && e->type->kind == TY_PTR)
			v_copy0(c, e, r);
		return r;
	case E_ADDR:
		r = v_base(c, e->u.e);
		if (!r && e->u.e->type->kind == TY_STRUCT)
			/* (also a struct passed by value, f(q.p), which
			 * the reverse mode passes by its address) */
			return v_bad(e,
				     "take the address of a struct member of "
				     "a struct that holds derivatives, to "
				     "pass it to a function or keep it in a "
				     "pointer (its directions are one per "
				     "copy of the outer struct); copy it "
				     "into a local struct first");
		return r ? r
			 : v_bad(e, "take the address of a member of a "
				    "struct that holds derivatives");
	case E_BINARY:
		if (type_is_pointerish(e->u.bin.l->type))
			return expr_binary(
				e->u.bin.op, v_ptr(c, e->u.bin.l),
				v_offset(c, e->u.bin.l->type, e->u.bin.r),
				NULL, e->loc);
		return expr_binary(e->u.bin.op,
				   v_offset(c, e->u.bin.r->type, e->u.bin.l),
				   v_ptr(c, e->u.bin.r), NULL, e->loc);
	case E_CAST:
		/* (double *)p of structs: the shadow holds each struct's
		 * ck_nd copies in turn, not its numbers' */
		if (v_struct_elems(e->type) != v_struct_elems(e->u.e->type))
			return v_bad(e,
				     "follow a pointer cast between structs "
				     "that hold derivatives and their "
				     "numbers; use the members");
		return expr_cast(v_ptr_type(e->type), v_ptr(c, e->u.e),
				 e->loc);
	case E_COND:
		return expr_cond(expr_clone(e->u.cond.c),
				 v_ptr(c, e->u.cond.a), v_ptr(c, e->u.cond.b),
				 e->loc);
	case E_CALL: {
		/* an allocation inside arithmetic (a scratch buffer
		 * starting below element 0: ck_scratch_alloc_d(n) + off) */
		Expr *a = v_alloc(c, e);
		return a ? a : expr_clone(e);
	}
	case E_NUM:
		return expr_clone(e);
	default:
		return v_bad(e, "follow derivatives through this pointer");
	}
}

/* A primal value computed once, before the direction loop (the values
 * of one statement are the last items of c->pre: an equal one is
 * shared). */
static Expr *v_once(Vec *c, const Expr *e)
{
	for (int i = c->pre->u.block.n - 1; i >= 0; i--) {
		const Stmt *d = c->pre->u.block.items[i];
		if (d->vec != VEC_TEMP)
			break;
		if (expr_equal(d->u.decl.init, e))
			return expr_var(c->g, d->u.decl.var, e->loc);
	}
	int tmp = func_add_var(c->g, name_fresh(c->p, c->g, "ck_f"),
			       type_with_const(e->type, 0), VAR_LOCAL, e->loc);
	Stmt *d = stmt_decl(tmp, expr_clone(e), e->loc);
	d->vec = VEC_TEMP;
	stmt_append(c->pre, d);
	return expr_var(c->g, tmp, e->loc);
}

/* Tangent expression e for direction k. */
static Expr *v_expr(Vec *c, const Expr *e)
{
	if (!v_reads_sh(c, e)) {
		if (c->guarded || e->kind == E_NUM || e->kind == E_VAR ||
		    !type_is_arith(e->type) ||
		    (!type_is_float(e->type) && !c->in_k))
			return expr_clone(e);
		return v_once(c, e);
	}
	int d;
	Expr *r;
	switch (e->kind) {
	case E_VAR:
	case E_INDEX:
	case E_DEREF:
	case E_MEMBER:
		ck_assert(v_sh(c, e));
		r = v_lv(c, e, &d);
		ck_assert(d);
		return r;
	case E_UNARY:
		return expr_unary(e->u.un.op, v_expr(c, e->u.un.e), e->loc);
	case E_BINARY: {
		/* the operands in order: their computed-once values are
		 * declared as they are met */
		Expr *l = v_expr(c, e->u.bin.l);
		Expr *r2 = v_expr(c, e->u.bin.r);
		return expr_binary(e->u.bin.op, l, r2, e->type, e->loc);
	}
	case E_CAST:
		return expr_cast(e->type, v_expr(c, e->u.e), e->loc);
	case E_COND: {
		Expr *cond = v_expr(c, e->u.cond.c);
		c->guarded++;
		Expr *a = v_expr(c, e->u.cond.a);
		Expr *b = v_expr(c, e->u.cond.b);
		c->guarded--;
		return expr_cond(cond, a, b, e->loc);
	}
	case E_CALL:
		/* a partial times a tangent that stays 0 when the tangent
		 * is (rules_mul): for each direction */
		if (e->u.call.nargs == 2 &&
		    (!strcmp(e->u.call.name, "ck_mulz") ||
		     !strcmp(e->u.call.name, "ck_mulzf"))) {
			Expr *a = v_expr(c, e->u.call.args[0]);
			Expr *b = v_expr(c, e->u.call.args[1]);
			return expr_call_n(e->u.call.name, e->type, e->loc, a,
					   b, NULL);
		}
		return v_bad(e, "compute this derivative for several "
				"directions");
	default:
		return v_bad(e, "compute this derivative for several "
				"directions");
	}
}

/* ---- statements */

static void v_stmt(Vec *c, const Stmt *s, Stmt *out);

/* Appends to out a direction loop (after its computed-once values) for
 * the statements make builds from the scalar s. */
typedef Stmt *DirBody(Vec *c, const Stmt *s);

static void v_per_dir(Vec *c, const Stmt *s, DirBody *make, int fusable,
		      Stmt *out)
{
	Stmt *outer = c->pre;
	c->pre = out;
	c->in_k = 1;
	Stmt *body = make(c, s);
	c->in_k = 0;
	c->pre = outer;
	stmt_append(out, v_dir_loop(c, body, fusable, s->loc));
}

/* lhs op= rhs of a floating shadow, for direction k */
static Stmt *v_assign_dir(Vec *c, const Stmt *s)
{
	int d;
	Expr *rhs = s->u.assign.rhs ? v_expr(c, s->u.assign.rhs) : NULL;
	Expr *lhs = v_lv(c, s->u.assign.lhs, &d);
	return stmt_assign(s->u.assign.op, lhs, rhs, s->loc);
}

/* a pointer member of a struct's shadow, set in every copy */
static Stmt *v_member_ptr_dir(Vec *c, const Stmt *s)
{
	int d;
	Expr *lhs = v_lv(c, s->u.assign.lhs, &d);
	const Expr *rhs = s->u.assign.rhs;
	return stmt_assign(
		s->u.assign.op, lhs,
		rhs->kind == E_NUM ? expr_clone(rhs) : v_ptr(c, rhs), s->loc);
}

static Expr *v_alloc(Vec *c, const Expr *e);

/* A pointer member of a struct's shadow, set in every copy.  An
 * allocation (ck_shadow_alloc, ck_shadow_realloc) makes one element-major
 * buffer, into direction 0's copy, that every copy then points to: the
 * copies share it, and ck_shadow_free(s_dv[0].v) frees it. */
static void v_member_ptr(Vec *c, const Stmt *s, Stmt *out)
{
	Expr *a = s->u.assign.op == A_SET ? v_alloc(c, s->u.assign.rhs) : NULL;
	if (!a) {
		v_per_dir(c, s, v_member_ptr_dir, 1, out);
		return;
	}
	int d;
	Expr *first = v_lv(c, s->u.assign.lhs, &d);
	stmt_append(out, stmt_assign(A_SET, first, a, s->loc));
	c->in_k = 1;
	Expr *lhs = v_lv(c, s->u.assign.lhs, &d);
	c->in_k = 0;
	stmt_append(out, v_dir_loop(c,
				    stmt_assign(A_SET, lhs, expr_clone(first),
						s->loc),
				    1, s->loc));
}

/* The arguments of libckrt's allocation calls that count bytes or
 * elements, times ck_nd (the shadow's buffer holds ck_nd values per
 * element). */
static Expr *v_alloc(Vec *c, const Expr *e)
{
	if (e && e->kind == E_CAST) { /* (double *)malloc(...) */
		Expr *inner = v_alloc(c, e->u.e);
		return inner ? expr_cast(v_ptr_type(e->type), inner, e->loc)
			     : NULL;
	}
	if (!e || e->kind != E_CALL || !(alloc_find(e) || ir_block_call(e)))
		return NULL;
	Expr *r = expr_clone(e);
	for (int i = 0; i < r->u.call.nargs; i++) {
		const Expr *a = e->u.call.args[i];
		if (type_is_pointerish(a->type))
			r->u.call.args[i] =
				v_sh(c, a) ? v_ptr(c, a) : expr_clone(a);
		else
			r->u.call.args[i] = v_scale(c, a);
	}
	return r;
}

/* The value for shadow pointer var or member: v_alloc or v_ptr. */
static Expr *v_ptr_value(Vec *c, const Expr *e)
{
	Expr *a = v_alloc(c, e);
	return a ? a : v_ptr(c, e);
}

/* member = tmp[k] for direction k: s's lhs is the member of a struct
 * shadow, its rhs the variable tmp of ck_nd values (v_member_arg). */
static Stmt *v_scatter_dir(Vec *c, const Stmt *s)
{
	int d;
	Expr *lhs = v_lv(c, s->u.assign.lhs, &d);
	Expr *rhs = expr_index(expr_clone(s->u.assign.rhs), v_dir(c, s->loc),
			       s->loc);
	return stmt_assign(A_SET, lhs, rhs, s->loc);
}

/* The address of a floating member of a struct's shadow, &s_d.b, passed to
 * a vector function: the ck_nd values of the member are one per struct
 * copy, not contiguous.  They go into a local array of ck_nd values before
 * the call (appended to out), which the call gets, and back into the
 * member after it (appended to post).  NULL when a is no such address. */
static Expr *v_member_arg(Vec *c, const Expr *a, Stmt *out, Stmt *post)
{
	if (a->kind != E_ADDR || a->u.e->kind != E_MEMBER ||
	    !type_is_float(a->u.e->type) || v_base(c, a->u.e))
		return NULL;
	Loc loc = a->loc;
	const Expr *m = a->u.e;
	int tmp = func_add_var(c->g, name_fresh(c->p, c->g, "ck_m"),
			       v_type(m->type), VAR_LOCAL, loc);
	stmt_append(out, stmt_decl(tmp, NULL, loc));
	Stmt *in = stmt_assign(
		A_SET,
		expr_index(expr_var(c->g, tmp, loc), expr_int(0, loc), loc),
		expr_clone(m), loc);
	v_per_dir(c, in, v_assign_dir, 0, out);
	Stmt *back = stmt_assign(A_SET, expr_clone(m),
				 expr_var(c->g, tmp, loc), loc);
	v_per_dir(c, back, v_scatter_dir, 0, post);
	return expr_var(c->g, tmp, loc);
}

/* A call of a vector function: shadows as pointers, ck_nd inserted; what
 * must follow the call goes to post (v_member_arg). */
static Expr *v_call(Vec *c, const Expr *e, Stmt *out, Stmt *post)
{
	const VecSig *sig =
		e && e->kind == E_CALL ? v_sig(e->u.call.name) : NULL;
	if (!sig)
		return NULL;
	ck_assert(e->u.call.nargs == sig->n);
	Expr **args = NULL;
	int n = 0;
	for (int i = 0; i <= sig->n; i++) {
		if (i == sig->nd_pos)
			ARENA_PUSH(args, n, v_ndx(c, e->loc));
		if (i == sig->n)
			break;
		const Expr *a = e->u.call.args[i];
		Expr *r = NULL;
		if (sig->kind[i] == VP_PRIMAL) {
			r = expr_clone(a);
		} else if (sig->kind[i] == VP_SHADOW_PTR) {
			if (!v_sh(c, a))
				r = expr_clone(a);
			else if (!(r = v_member_arg(c, a, out, post)))
				r = v_ptr(c, a);
			if (sig->rows[i]) /* (its flat view) */
				r = expr_cast(type_ptr(type_bottom(r->type)),
					      r, e->loc);
		} else {
			/* by value: a pointer to ck_nd values */
			if (v_sh(c, a) &&
			    (a->kind == E_VAR || a->kind == E_INDEX ||
			     a->kind == E_DEREF))
				r = v_base(c, a);
			if (!r) {
				Type *arr = v_type(a->type);
				int tmp = func_add_var(
					c->g, name_fresh(c->p, c->g, "ck_a"),
					arr, VAR_LOCAL, e->loc);
				stmt_append(out, stmt_decl(tmp, NULL, e->loc));
				stmt_append(out, v_fill(c, tmp, NULL, e->loc));
				Stmt *as = stmt_assign(
					A_SET,
					expr_index(expr_var(c->g, tmp, e->loc),
						   expr_int(0, e->loc),
						   e->loc),
					expr_clone(a), e->loc);
				v_per_dir(c, as, v_assign_dir, 1, out);
				r = expr_var(c->g, tmp, e->loc);
			}
		}
		ARENA_PUSH(args, n, r);
	}
	return expr_call(e->u.call.name, e->u.call.fn, args, n, e->type,
			 e->loc);
}

/* The tangent half of a tape or snapshot call of generated code. */
static int v_rt(Vec *c, const Stmt *s, Stmt *out)
{
	if (s->vec != VEC_TAN)
		return 0;
	Loc loc = s->loc;
	const Expr *lv = NULL, *e;
	if (s->kind == S_ASSIGN) {
		lv = s->u.assign.lhs;
		e = s->u.assign.rhs;
	} else if (s->kind == S_EXPR) {
		e = s->u.expr;
	} else {
		return 0;
	}
	ck_assert(e->kind == E_CALL);
	const char *name = e->u.call.name;
	Expr **a = e->u.call.args;
	int fl = name[strlen(name) - 1] == 'f';
	Expr *tape = a[0];
	if (!strcmp(name, "ck_pop_d") || !strcmp(name, "ck_pop_f")) {
		const char *nn = fl ? "ck_pop_nf" : "ck_pop_nd";
		Expr *base = lv ? v_base(c, lv) : NULL;
		if (lv && !base) {
			/* one value per struct copy: popped the other way
			 * round (see ck_push_d below) */
			Stmt *l = stmt_new(S_FOR, loc);
			l->u.loop.init = stmt_decl(
				c->k,
				expr_binary(B_SUB, v_ndx(c, loc),
					    expr_int(1, loc), NULL, loc),
				loc);
			l->u.loop.cond =
				expr_binary(B_GE, expr_var(c->g, c->k, loc),
					    expr_int(0, loc), NULL, loc);
			l->u.loop.inc = stmt_assign(
				A_DEC, expr_var(c->g, c->k, loc), NULL, loc);
			int d;
			c->in_k = 1;
			l->u.loop.body = stmt_assign(A_SET, v_lv(c, lv, &d),
						     expr_clone(e), loc);
			c->in_k = 0;
			stmt_append(out, l);
			return 1;
		}
		if (!base)
			base = expr_cast(
				type_ptr(fl ? e->type : type_double()),
				expr_int(0, loc), loc);
		stmt_append(out, stmt_expr(S_EXPR,
					   expr_call_n(nn, type_new(TY_VOID),
						       loc, expr_clone(tape),
						       base, v_ndx(c, loc)),
					   loc));
		return 1;
	}
	if (!strcmp(name, "ck_push_d") || !strcmp(name, "ck_push_f")) {
		const Expr *v = a[1];
		Expr *base = NULL;
		if (v->kind == E_NUM && v->u.num.val == 0.0)
			base = expr_cast(type_ptr(type_with_const(v->type, 1)),
					 expr_int(0, loc), loc);
		else if (v_sh(c, v) && v->kind != E_BINARY &&
			 v->kind != E_UNARY)
			base = v_base(c, v);
		if (base) {
			stmt_append(
				out,
				stmt_expr(S_EXPR,
					  expr_call_n(fl ? "ck_push_nf"
							 : "ck_push_nd",
						      type_new(TY_VOID), loc,
						      expr_clone(tape), base,
						      v_ndx(c, loc)),
					  loc));
			return 1;
		}
		/* an expression, or one value per struct copy: a push per
		 * direction, in order */
		Stmt *outer = c->pre;
		c->pre = out;
		c->in_k = 1;
		Stmt *b = stmt_expr(S_EXPR,
				    expr_call_n(name, e->type, loc,
						expr_clone(tape), v_expr(c, v),
						NULL),
				    loc);
		c->in_k = 0;
		c->pre = outer;
		stmt_append(out, v_dir_loop(c, b, 0, loc));
		return 1;
	}
	if (!strncmp(name, "ck_push_n", 9) || !strncmp(name, "ck_pop_n", 8) ||
	    !strcmp(name, "CK_SAVE_N") || !strcmp(name, "CK_LOAD_N") ||
	    !strcmp(name, "CK_SAVE_ZERO_N") || !strcmp(name, "CK_SKIP_N")) {
		int zero = !strcmp(name, "CK_SAVE_ZERO_N") ||
			   !strcmp(name, "CK_SKIP_N");
		Expr *p = zero || !v_sh(c, a[1]) ? expr_clone(a[1])
						 : v_ptr(c, a[1]);
		/* the macros count elements of *p: a shadow's rows hold
		 * ck_nd values per element already */
		Expr *n = v_sh(c, a[1]) ? v_offset(c, a[1]->type, a[2])
					: v_scale(c, a[2]);
		Expr *call = expr_call_n(name, e->type, loc, expr_clone(tape),
					 p, n);
		stmt_append(out, stmt_expr(S_EXPR, call, loc));
		return 1;
	}
	if (!strcmp(name, "CK_SAVE_ZERO") || !strcmp(name, "CK_SKIP")) {
		const char *nn = name[3] == 'S' && name[4] == 'A'
					 ? "CK_SAVE_ZERO_N"
					 : "CK_SKIP_N";
		Expr *call = expr_call_n(nn, e->type, loc, expr_clone(tape),
					 expr_addr(expr_clone(a[1]), loc),
					 v_ndx(c, loc));
		stmt_append(out, stmt_expr(S_EXPR, call, loc));
		return 1;
	}
	if (!strcmp(name, "CK_SAVE") || !strcmp(name, "CK_LOAD")) {
		/* a local shadow array (scalars are arrays of ck_nd now) */
		stmt_append(out, stmt_expr(S_EXPR, expr_clone(e), loc));
		return 1;
	}
	if (lv && ir_block_call(e)) {
		ck_assert(lv->kind == E_VAR);
		stmt_append(out, stmt_assign(A_SET, expr_clone(lv),
					     v_alloc(c, e), loc));
		return 1;
	}
	/* pointers (ck_push_p, ck_pop_p, ck_shadow_free): as they are */
	stmt_append(out,
		    lv ? stmt_assign(A_SET, expr_clone(lv), expr_clone(e), loc)
		       : stmt_expr(S_EXPR, expr_clone(e), loc));
	return 1;
}

/* A statement in a position that holds one (if and loop bodies, for
 * clauses). */
static Stmt *v_single(Vec *c, const Stmt *s)
{
	if (!s)
		return NULL;
	Stmt *b = stmt_block(s->loc);
	v_stmt(c, s, b);
	return b->u.block.n == 1 ? b->u.block.items[0] : b;
}

/* Zeroes shadow x (declared just before) of the type it has now: a
 * direction loop for a scalar that no call sees, else memset. */
static void v_zero(Vec *c, int x, Loc loc, Stmt *out)
{
	Type *ty = c->g->vars[x]->type;
	ck_assert(ty->kind == TY_ARRAY);
	if (ty->vla_nd == 1 && type_is_float(ty->base) && !c->esc[x]) {
		stmt_append(
			out,
			v_dir_loop(
				c,
				stmt_assign(
					A_SET,
					expr_index(expr_var(c->g, x, loc),
						   expr_var(c->g, c->k, loc),
						   loc),
					expr_num(0.0, ty->base, loc), loc),
				1, loc));
		return;
	}
	stmt_append(out, v_fill(c, x, NULL, loc));
}

/* The type of a shadow local in vector mode. */
static Type *v_type(Type *ty)
{
	if (ty->kind == TY_ARRAY) {
		Type *r = type_new(TY_ARRAY);
		*r = *ty;
		if (ty->base->kind == TY_ARRAY)
			r->base = v_type(ty->base);
		else
			r->vla_nd = 2;
		return r;
	}
	if (type_is_pointerish(ty))
		return ty;
	Type *r = type_new(TY_ARRAY);
	r->base = type_with_const(ty, 0);
	r->len = 1;
	r->vla_nd = 1;
	return r;
}

/* The type of a shadow pointer in vector mode: a pointer to rows, T
 * (*p_d)[m], points to rows of the shadow's layout, T (*p_dv)[m * ck_nd],
 * as a local T a_dv[n][m * ck_nd] has them. */
static Type *v_ptr_type(Type *ty)
{
	if (ty->kind != TY_PTR || ty->base->kind != TY_ARRAY)
		return ty;
	Type *r = type_new(TY_PTR);
	*r = *ty;
	r->base = v_type(ty->base);
	return r;
}

/* T v_d [= init] */
static Stmt *v_init_dir(Vec *c, const Stmt *s)
{
	Expr *lv = expr_index(expr_var(c->g, s->u.decl.var, s->loc),
			      expr_var(c->g, c->k, s->loc), s->loc);
	return stmt_assign(A_SET, lv, v_expr(c, s->u.decl.init), s->loc);
}

static void v_decl(Vec *c, const Stmt *s, Stmt *out)
{
	int x = s->u.decl.var;
	Var *var = c->g->vars[x];
	if (!c->sh[x]) {
		Stmt *d = stmt_new(S_DECL, s->loc);
		d->u = s->u;
		d->vec = s->vec;
		Stmt *post = stmt_block(s->loc);
		Expr *call = v_call(c, s->u.decl.init, out, post);
		d->u.decl.init = call ? call : expr_clone(s->u.decl.init);
		stmt_append(out, d);
		stmt_append_flat(out, post);
		return;
	}
	Loc loc = s->loc;
	const Expr *init = s->u.decl.init;
	if (type_is_pointerish(var->type) && var->type->kind != TY_ARRAY) {
		var->type = v_ptr_type(var->type);
		stmt_append(
			out,
			stmt_decl(x, init ? v_ptr_value(c, init) : NULL, loc));
		return;
	}
	/* without const elements: a local shadow array is variable-length,
	 * which takes no initializer, so the shadow of a const table
	 * (--no-activity gives it one) is set after its declaration */
	var->type = type_with_const_elems(v_type(var->type), 0);
	stmt_append(out, stmt_decl(x, NULL, loc));
	if (var->type->vla_nd == 1 && var->type->base->kind != TY_STRUCT &&
	    init && !(s->vec == VEC_TAN)) {
		if (c->esc[x])
			stmt_append(out, v_fill(c, x, NULL, loc));
		if (!c->esc[x] || init->kind != E_NUM ||
		    init->u.num.val != 0.0)
			v_per_dir(c, s, v_init_dir, 1, out);
		return;
	}
	if (init && s->vec == VEC_TAN) {
		Stmt *as = stmt_assign(A_SET, expr_var(c->g, x, loc),
				       expr_clone(init), loc);
		as->vec = VEC_TAN;
		v_rt(c, as, out);
		return;
	}
	v_zero(c, x, loc, out);
	/* T a_d[n] = {T(e0), ...}: the non-zero ones, per direction */
	for (int i = 0; i < s->u.decl.ninits; i++) {
		const Expr *e = s->u.decl.inits[i];
		if (!v_reads_sh(c, e))
			continue;
		/* the element of flat index i, row-major */
		Expr *lhs = expr_var(c->g, x, loc);
		long rest = i;
		for (Type *t = var->type; t->kind == TY_ARRAY; t = t->base) {
			long below = 1;
			for (Type *u = t->base; u->kind == TY_ARRAY;
			     u = u->base)
				below *= u->len;
			lhs = expr_index(lhs, expr_int(rest / below, loc),
					 loc);
			rest %= below;
		}
		Stmt *as = stmt_assign(A_SET, lhs, expr_clone(e), loc);
		v_per_dir(c, as, v_assign_dir, 1, out);
	}
}

static void v_assign(Vec *c, const Stmt *s, Stmt *out)
{
	const Expr *lhs = s->u.assign.lhs;
	if (v_rt(c, s, out))
		return;
	if (v_sh(c, lhs) && type_is_float(lhs->type)) {
		v_per_dir(c, s, v_assign_dir, 1, out);
		return;
	}
	if (v_sh(c, lhs) && type_is_pointerish(lhs->type)) {
		if (lhs->kind != E_VAR) { /* a struct copy's pointer member */
			v_member_ptr(c, s, out);
			return;
		}
		Expr *l = expr_var(c->g, lhs->u.var, s->loc);
		AssignOp op = s->u.assign.op;
		if ((op == A_INC || op == A_DEC) && v_rows(lhs->type)) {
			stmt_append(out, stmt_assign(op, l, NULL, s->loc));
			return;
		}
		if (op == A_INC || op == A_DEC) {
			stmt_append(out,
				    stmt_assign(op == A_INC ? A_ADD : A_SUB, l,
						v_ndx(c, s->loc), s->loc));
			return;
		}
		Expr *r = op == A_SET
				  ? v_ptr_value(c, s->u.assign.rhs)
				  : v_offset(c, lhs->type, s->u.assign.rhs);
		stmt_append(out, stmt_assign(op, l, r, s->loc));
		return;
	}
	if (v_sh(c, lhs))
		diag_error(s->loc, "vector mode cannot copy this object's "
				   "derivatives");
	Stmt *r = stmt_assign(s->u.assign.op, expr_clone(lhs),
			      expr_clone(s->u.assign.rhs), s->loc);
	Stmt *post = stmt_block(s->loc);
	Expr *call = v_call(c, s->u.assign.rhs, out, post);
	if (call)
		r->u.assign.rhs = call;
	stmt_append(out, r);
	stmt_append_flat(out, post);
}

static void v_expr_stmt(Vec *c, const Stmt *s, Stmt *out)
{
	if (v_rt(c, s, out))
		return;
	const Expr *e = s->u.expr;
	Stmt *post = stmt_block(s->loc);
	Expr *call = v_call(c, e, out, post);
	if (!call && e->kind == E_CALL && e->u.call.nargs &&
	    type_is_pointerish(e->u.call.args[0]->type) &&
	    v_sh(c, e->u.call.args[0]))
		call = v_alloc(c,
			       e); /* ck_shadow_free(p_d), ck_scratch_free_d */
	stmt_append(out,
		    stmt_expr(S_EXPR, call ? call : expr_clone(e), s->loc));
	stmt_append_flat(out, post);
}

/* What a direction loop reads: variables (shadows too), and the primal's
 * memory. */
typedef struct Reads {
	const Vec *c;
	unsigned char *var; /* per var id of g */
	int mem;
} Reads;

static int v_addr_taken(const Vec *c, int v)
{
	return v < c->nvars && c->addr[v];
}

static void v_read(void *ctx, const Expr *e)
{
	Reads *r = ctx;
	if (e->kind == E_VAR) {
		/* a shadow too: its pointer may be moved (p_dv = x_dv + ...) */
		r->var[e->u.var] = 1;
		/* memory too: a primal store through a pointer may change a
		 * primal variable whose address is taken */
		if (v_addr_taken(r->c, e->u.var))
			r->mem = 1;
	} else if (((e->kind == E_INDEX || e->kind == E_DEREF) &&
		    !v_sh(r->c, e)) ||
		   e->kind == E_GLOBAL)
		r->mem = 1;
}

/* Can primal statement s run before the direction loop whose reads r
 * holds?  The loop changes shadows only; s must change nothing it reads
 * and have no effect beyond its store. */
static int v_passes(const Stmt *s, const Reads *r)
{
	if (s->vec != VEC_NONE || !stmt_math_only(s))
		return 0;
	if (s->kind == S_DECL)
		return !r->var[s->u.decl.var];
	if (s->kind != S_ASSIGN)
		return 0;
	const Expr *lhs = s->u.assign.lhs;
	if (lhs->kind == E_VAR)
		return !r->var[lhs->u.var] &&
		       !(v_addr_taken(r->c, lhs->u.var) && r->mem);
	return !r->mem;
}

/* Marks the primal variable whose storage e takes the address of: &v,
 * &v.m, &v[k] of an array v (not &p[k] of a pointer p: that is p's
 * target).  A shadow's address (&y_d) stays unmarked: primal stores
 * never reach shadows. */
static void v_addr_visit(void *ctx, const Expr *e)
{
	Vec *c = ctx;
	if (e->kind != E_ADDR)
		return;
	const Expr *x = e->u.e;
	while (x->kind == E_MEMBER ||
	       (x->kind == E_INDEX && x->u.index.base->type &&
		x->u.index.base->type->kind == TY_ARRAY))
		x = x->kind == E_MEMBER ? x->u.mem.base : x->u.index.base;
	if (x->kind == E_VAR && !v_sh(c, x))
		c->addr[x->u.var] = 1;
}

/* Fuses the direction loops of block b that follow one another.  Between
 * them, their computed-once values move before the first loop (a direction
 * loop changes shadows only), and so do the primal statements that change
 * nothing the loops read: a block's straight-line code runs its
 * directions in one loop. */
static void v_fuse(const Vec *c, Stmt *b)
{
	Stmt **items = b->u.block.items;
	int n = 0;
	int open = -1; /* index in the new list of the loop being fused */
	Reads r = { c, NULL, 0 };
	for (int i = 0; i < b->u.block.n; i++) {
		Stmt *s = items[i];
		if (open >= 0 && (s->vec == VEC_TEMP || v_passes(s, &r))) {
			/* before the open loop */
			for (int j = n; j > open; j--)
				items[j] = items[j - 1];
			items[open++] = s;
			n++;
			continue;
		}
		if (s->vec == VEC_LOOP && open >= 0) {
			Stmt *into = items[open]->u.loop.body;
			Stmt *from = s->u.loop.body;
			for (int j = 0; j < from->u.block.n; j++)
				stmt_append(into, from->u.block.items[j]);
			ir_walk_stmt(from, v_read, &r);
			continue;
		}
		open = s->vec == VEC_LOOP ? n : -1;
		if (open >= 0) {
			r.var = arena_alloc((size_t)c->g->nvars + 1);
			r.mem = 0;
			ir_walk_stmt(s->u.loop.body, v_read, &r);
		}
		items[n++] = s;
	}
	b->u.block.n = n;
}

/* A vectorized for loop r whose init or increment, with an active
 * assignment, became direction loops, which C does not take there: the
 * increment ends the body when no continue skips that; the init stays in
 * r->u.loop.init only when it is a clause C takes (else the caller puts
 * it before the loop).  A loop with a continue and such an increment is
 * refused. */
static void v_for_clauses(Stmt *r)
{
	if (r->kind != S_FOR)
		return;
	if (r->u.loop.inc && !ir_for_clause_ok(r->u.loop.inc, 0)) {
		if (stmt_has_continue(r->u.loop.body)) {
			diag_error(r->loc,
				   "vector mode cannot step this loop: its "
				   "increment changes a value with a "
				   "derivative, and a continue skips the "
				   "body's end; step that value in the body");
			return;
		}
		Stmt *b = stmt_block(r->loc);
		stmt_append(b, r->u.loop.body);
		stmt_append(b, r->u.loop.inc);
		r->u.loop.body = b;
		r->u.loop.inc = NULL;
	}
}

static void v_stmt(Vec *c, const Stmt *s, Stmt *out)
{
	Stmt *r;
	switch (s->kind) {
	case S_BLOCK:
		r = stmt_block(s->loc);
		for (int i = 0; i < s->u.block.n; i++)
			v_stmt(c, s->u.block.items[i], r);
		v_fuse(c, r);
		stmt_append(out, r);
		break;
	case S_DECL:
		v_decl(c, s, out);
		break;
	case S_ASSIGN:
		v_assign(c, s, out);
		break;
	case S_EXPR:
		v_expr_stmt(c, s, out);
		break;
	case S_IF:
		r = stmt_new(S_IF, s->loc);
		r->u.ifs.cond = expr_clone(s->u.ifs.cond);
		r->u.ifs.then = v_single(c, s->u.ifs.then);
		r->u.ifs.els = v_single(c, s->u.ifs.els);
		stmt_append(out, r);
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		r = stmt_new(s->kind, s->loc);
		r->u.loop = s->u.loop;
		r->u.loop.init = v_single(c, s->u.loop.init);
		r->u.loop.cond = expr_clone(s->u.loop.cond);
		r->u.loop.inc = v_single(c, s->u.loop.inc);
		r->u.loop.body = v_single(c, s->u.loop.body);
		v_for_clauses(r);
		if (r->kind == S_FOR && r->u.loop.init &&
		    !ir_for_clause_ok(r->u.loop.init, 1)) {
			/* (an init with its direction loops: before the loop,
			 * in a block that keeps its declarations' scope) */
			Stmt *b = stmt_block(s->loc);
			stmt_append(b, r->u.loop.init);
			r->u.loop.init = NULL;
			stmt_append(b, r);
			r = b;
		}
		stmt_append(out, r);
		break;
	case S_CHECKPOINT:
		r = stmt_new(S_CHECKPOINT, s->loc);
		r->u.ckpt = s->u.ckpt;
		r->u.ckpt.body = v_single(c, s->u.ckpt.body);
		stmt_append(out, r);
		break;
	default:
		r = stmt_new(s->kind, s->loc);
		r->u = s->u;
		if (s->kind == S_RETURN)
			r->u.expr = expr_clone(s->u.expr);
		stmt_append(out, r);
		break;
	}
}

static void v_esc_var(void *ctx, const Expr *e)
{
	Vec *c = ctx;
	if (e->kind == E_VAR && e->u.var < c->nvars && c->sh[e->u.var])
		c->esc[e->u.var] = 1;
}

/* Marks the shadows that calls other than libckrt's receive. */
static void v_escapes(void *ctx, const Expr *e)
{
	if (e->kind == E_CALL && strncmp(e->u.call.name, "ck_", 3) != 0 &&
	    strncmp(e->u.call.name, "CK_", 3) != 0)
		ir_walk_exprs(e->u.call.args, e->u.call.nargs, v_esc_var, ctx);
}

/* ---- scalars of one direction loop
 *
 * A scalar's shadow that only one (fused) direction loop uses, and that
 * the loop sets before it reads it, needs no array: it becomes a local of
 * the loop's body, which the C compiler keeps in a register. */

typedef struct Scal {
	const Vec *c;
	Stmt **home;        /* var id -> the one loop that uses it */
	unsigned char *bad; /* var id -> used elsewhere too */
} Scal;

static void sc_expr(Scal *sc, const Expr *e, Stmt *loop);

typedef struct ScVisit {
	Scal *sc;
	Stmt *loop;
} ScVisit;

static void sc_visit(void *ctx, const Expr *e)
{
	ScVisit *v = ctx;
	if (e->kind != E_VAR)
		return;
	int x = e->u.var;
	if (!v->loop)
		v->sc->bad[x] = 1;
	else if (!v->sc->home[x])
		v->sc->home[x] = v->loop;
	else if (v->sc->home[x] != v->loop)
		v->sc->bad[x] = 1;
}

static void sc_expr(Scal *sc, const Expr *e, Stmt *loop)
{
	ScVisit v = { sc, loop };
	if (e)
		ir_walk_expr(e, sc_visit, &v);
}

static void sc_stmt(Scal *sc, Stmt *s, Stmt *loop)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			sc_stmt(sc, s->u.block.items[i], loop);
		break;
	case S_DECL:
		sc_expr(sc, s->u.decl.init, loop);
		for (int i = 0; i < s->u.decl.ninits; i++)
			sc_expr(sc, s->u.decl.inits[i], loop);
		if (loop) /* declared inside a loop: leave it */
			sc->bad[s->u.decl.var] = 1;
		break;
	case S_ASSIGN:
		sc_expr(sc, s->u.assign.lhs, loop);
		sc_expr(sc, s->u.assign.rhs, loop);
		break;
	case S_EXPR:
	case S_RETURN:
		sc_expr(sc, s->u.expr, loop);
		break;
	case S_IF:
		sc_expr(sc, s->u.ifs.cond, loop);
		sc_stmt(sc, s->u.ifs.then, loop);
		sc_stmt(sc, s->u.ifs.els, loop);
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO: {
		Stmt *inner = s->vec == VEC_LOOP ? s : loop;
		if (s->vec != VEC_LOOP && loop == NULL && s->u.loop.init &&
		    s->u.loop.init->kind == S_DECL &&
		    s->u.loop.init->u.decl.var == sc->c->k)
			inner = NULL; /* a direction loop that is not fused:
					 its uses count as elsewhere */
		sc_stmt(sc, s->u.loop.init, inner);
		sc_expr(sc, s->u.loop.cond, inner);
		sc_stmt(sc, s->u.loop.inc, inner);
		sc_stmt(sc, s->u.loop.body, inner);
		break;
	}
	case S_CHECKPOINT:
		sc_stmt(sc, s->u.ckpt.body, loop);
		break;
	default:
		break;
	}
}

typedef struct ScMap {
	const Vec *c;
	const unsigned char *scalar;
} ScMap;

static Expr *sc_map(void *ctx, Expr *e)
{
	ScMap *m = ctx;
	if (e->kind == E_INDEX && e->u.index.base->kind == E_VAR &&
	    m->scalar[e->u.index.base->u.var])
		return expr_var(m->c->g, e->u.index.base->u.var, e->loc);
	return NULL;
}

/* Takes out of the blocks in s (not into the bodies of fused direction
 * loops) the declarations that take accepts; take may keep them. */
typedef int DeclTake(void *ctx, Stmt *decl);

static void v_take_decls(Stmt *s, DeclTake *take, void *ctx)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK: {
		int n = 0;
		for (int i = 0; i < s->u.block.n; i++) {
			Stmt *it = s->u.block.items[i];
			if (it->kind == S_DECL && take(ctx, it))
				continue;
			v_take_decls(it, take, ctx);
			s->u.block.items[n++] = it;
		}
		s->u.block.n = n;
		break;
	}
	case S_IF:
		v_take_decls(s->u.ifs.then, take, ctx);
		v_take_decls(s->u.ifs.els, take, ctx);
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		if (s->vec != VEC_LOOP)
			v_take_decls(s->u.loop.body, take, ctx);
		break;
	case S_CHECKPOINT:
		v_take_decls(s->u.ckpt.body, take, ctx);
		break;
	default:
		break;
	}
}

/* the declarations of the scalarized variables, outside their loops */
static int sc_take(void *ctx, Stmt *d)
{
	const unsigned char *scalar = ctx;
	return scalar[d->u.decl.var];
}

static void v_scalarize(Vec *c, Stmt *body)
{
	int n = c->g->nvars;
	Scal sc = { c, arena_alloc(sizeof(Stmt *) * (size_t)(n + 1)),
		    arena_alloc((size_t)n + 1) };
	sc_stmt(&sc, body, NULL);
	unsigned char *scalar = arena_alloc((size_t)n + 1);
	int any = 0;
	for (int x = 0; x < n; x++) {
		Var *v = c->g->vars[x];
		Stmt *l = sc.home[x];
		if (!l || sc.bad[x] || x >= c->nvars || !c->sh[x] ||
		    v->type->kind != TY_ARRAY || v->type->vla_nd != 1 ||
		    !type_is_float(v->type->base))
			continue;
		/* the loop's first statement that mentions it sets it */
		Stmt *b = l->u.loop.body;
		int first = -1;
		for (int i = 0; i < b->u.block.n && first < 0; i++)
			if (stmt_mentions(b->u.block.items[i], x))
				first = i;
		Stmt *f = first >= 0 ? b->u.block.items[first] : NULL;
		if (!f || f->kind != S_ASSIGN || f->u.assign.op != A_SET ||
		    f->u.assign.lhs->kind != E_INDEX ||
		    f->u.assign.lhs->u.index.base->kind != E_VAR ||
		    f->u.assign.lhs->u.index.base->u.var != x ||
		    expr_mentions(f->u.assign.rhs, x))
			continue;
		scalar[x] = 1;
		any = 1;
		v->type = v->type->base;
		b->u.block.items[first] =
			stmt_decl(x, f->u.assign.rhs, f->loc);
	}
	if (!any)
		return;
	ScMap m = { c, scalar };
	stmt_map_exprs(body, sc_map, &m);
	v_take_decls(body, sc_take, scalar);
}

/* Is t an array with a dimension of ck_nd (a variable-length array)? */
static int v_is_vla(const Type *t)
{
	for (; t->kind == TY_ARRAY; t = t->base)
		if (t->vla_nd)
			return 1;
	return 0;
}

/* The declarations of variable-length arrays go to the top of the
 * function, so that a loop body does not allocate its arrays at every
 * iteration (and gcc, which saves and restores the stack around them, can
 * vectorize the loop).  They have no initializer, and the names of a
 * function's shadows are its own; one the scalar code declares in several
 * blocks is declared once. */
typedef struct VlaTake {
	const Vec *c;
	Stmt *decls;
} VlaTake;

static int v_vla_take(void *ctx, Stmt *d)
{
	VlaTake *t = ctx;
	if (!v_is_vla(t->c->g->vars[d->u.decl.var]->type))
		return 0;
	ck_assert(!d->u.decl.init && !d->u.decl.ninits);
	for (int k = 0; k < t->decls->u.block.n; k++)
		if (t->decls->u.block.items[k]->u.decl.var == d->u.decl.var)
			return 1;
	stmt_append(t->decls, d);
	return 1;
}

/* ---- direction loops over whole rows
 *
 * A loop over elements i whose only direction loop computes rows of
 * shadows from rows of shadows,
 *
 *   for (i = L; i < H; i++) { PRIMAL; for (k = 0; k < ck_nd; k++)
 *           a_dv[(i + c) * ck_nd + k] = ... b_dv[(i + c') * ck_nd + k] ...; }
 *
 * (a copy, a stencil with constant weights), visits the elements of
 * those rows in the order of ck_j = i * ck_nd + k.  The direction loop
 * leaves the loop and runs over ck_j instead, after it:
 *
 *   for (i = L; i < H; i++) { PRIMAL; }
 *   for (ck_j = L * ck_nd; ck_j < H * ck_nd; ck_j++)
 *           a_dv[ck_j + c * ck_nd] = ... b_dv[ck_j + c' * ck_nd] ...;
 *
 * the same assignments in the same order, as one long loop that the C
 * compiler vectorizes, where it ran ck_nd iterations per element (which
 * clang turned into one call of memcpy per element for a copy).  PRIMAL
 * (assignments and declarations without calls) neither reads the
 * shadows nor changes what the direction loop reads: its other operands
 * are constants and scalars that the loop does not assign; L and H are
 * integer expressions of such scalars. */
typedef struct Flat {
	const Vec *c;
	const Stmt *body; /* the loop's body */
	int i;            /* its index */
} Flat;

/* Is variable v a shadow?  (The temporaries made since the scan are
 * not.) */
static int fl_sh(const Flat *fl, int v)
{
	return v < fl->c->nvars && fl->c->sh[v];
}

/* Is e (i + off) * ck_nd + k (also i, i - off)? */
static int fl_index(const Flat *fl, const Expr *e, long *off)
{
	if (e->kind != E_BINARY || e->u.bin.op != B_ADD)
		return 0;
	const Expr *m = e->u.bin.l, *k = e->u.bin.r;
	return k->kind == E_VAR && k->u.var == fl->c->k &&
	       m->kind == E_BINARY && m->u.bin.op == B_MUL &&
	       m->u.bin.r->kind == E_VAR && m->u.bin.r->u.var == fl->c->nd &&
	       index_offset(fl->i, m->u.bin.l, off);
}

/* A scalar that the loop leaves alone (not i, k or a shadow, neither
 * declared nor assigned in the loop). */
static int fl_invariant_var(const Flat *fl, int v)
{
	const Var *x = fl->c->g->vars[v];
	return v != fl->i && v != fl->c->k && !fl_sh(fl, v) &&
	       (x->type->kind == TY_INT || type_is_float(x->type)) &&
	       !stmt_assigns_var(fl->body, v) && !stmt_find_decl(fl->body, v);
}

/* An element of a shadow's row, at the loop's element plus a constant. */
static int fl_elem(const Flat *fl, const Expr *e)
{
	long off;
	return e->kind == E_INDEX && e->u.index.base->kind == E_VAR &&
	       fl_sh(fl, e->u.index.base->u.var) && type_is_float(e->type) &&
	       fl_index(fl, e->u.index.idx, &off);
}

static int fl_expr(const Flat *fl, const Expr *e)
{
	switch (e->kind) {
	case E_NUM:
		return 1;
	case E_VAR:
		return fl_invariant_var(fl, e->u.var);
	case E_INDEX:
		return fl_elem(fl, e);
	case E_UNARY:
		return (e->u.un.op == U_NEG || e->u.un.op == U_PLUS) &&
		       fl_expr(fl, e->u.un.e);
	case E_BINARY:
		return (e->u.bin.op == B_ADD || e->u.bin.op == B_SUB ||
			e->u.bin.op == B_MUL || e->u.bin.op == B_DIV) &&
		       fl_expr(fl, e->u.bin.l) && fl_expr(fl, e->u.bin.r);
	case E_CAST:
		return type_is_float(e->type) && fl_expr(fl, e->u.e);
	default:
		return 0;
	}
}

/* An integer bound of the loop that it leaves alone. */
static int fl_bound(const Flat *fl, const Expr *e)
{
	switch (e->kind) {
	case E_NUM:
		return e->u.num.is_int;
	case E_VAR:
		return fl->c->g->vars[e->u.var]->type->kind == TY_INT &&
		       fl_invariant_var(fl, e->u.var);
	case E_UNARY:
		return e->u.un.op == U_NEG && fl_bound(fl, e->u.un.e);
	case E_BINARY:
		return (e->u.bin.op == B_ADD || e->u.bin.op == B_SUB ||
			e->u.bin.op == B_MUL) &&
		       fl_bound(fl, e->u.bin.l) && fl_bound(fl, e->u.bin.r);
	default:
		return 0;
	}
}

/* The direction loop of body s if it takes the row form, else NULL. */
static Stmt *fl_dir_loop(const Flat *fl, const Stmt *s)
{
	Stmt *dir = NULL;
	for (int n = 0; n < s->u.block.n; n++) {
		Stmt *t = s->u.block.items[n];
		if (t->kind == S_FOR && t->vec == VEC_LOOP && !dir) {
			dir = t;
			continue;
		}
		if (t->kind == S_ASSIGN) {
			if (expr_has_call(t->u.assign.lhs) ||
			    (t->u.assign.rhs &&
			     expr_has_call(t->u.assign.rhs)) ||
			    v_reads_sh(fl->c, t->u.assign.lhs))
				return NULL;
		} else if (t->kind == S_DECL) {
			if (t->u.decl.inits ||
			    (t->u.decl.init && expr_has_call(t->u.decl.init)))
				return NULL;
		} else {
			return NULL;
		}
	}
	if (!dir || dir->u.loop.body->kind != S_BLOCK ||
	    dir->u.loop.body->u.block.n == 0)
		return NULL;
	const Stmt *b = dir->u.loop.body;
	for (int n = 0; n < b->u.block.n; n++) {
		const Stmt *t = b->u.block.items[n];
		if (t->kind != S_ASSIGN ||
		    (t->u.assign.op != A_SET && t->u.assign.op != A_ADD &&
		     t->u.assign.op != A_SUB) ||
		    !fl_elem(fl, t->u.assign.lhs) ||
		    !fl_expr(fl, t->u.assign.rhs))
			return NULL;
	}
	return dir;
}

typedef struct FlatMap {
	const Flat *fl;
	int j;
} FlatMap;

/* (i + off) * ck_nd + k -> ck_j + off * ck_nd */
static Expr *fl_map(void *ctx, Expr *e)
{
	const FlatMap *m = ctx;
	long off;
	if (!fl_index(m->fl, e, &off))
		return NULL;
	Func *g = m->fl->c->g;
	Expr *j = expr_var(g, m->j, e->loc);
	if (off == 0)
		return j;
	long a = off > 0 ? off : -off;
	Expr *rows = v_ndx(m->fl->c, e->loc);
	if (a != 1)
		rows = expr_binary(B_MUL, expr_int(a, e->loc), rows, NULL,
				   e->loc);
	return expr_binary(off > 0 ? B_ADD : B_SUB, j, rows, NULL, e->loc);
}

/* The loop over ck_j that replaces s's direction loop, taken out of s's
 * body, or NULL when s is not of the form. */
static Stmt *fl_try(Vec *c, Stmt *s)
{
	Flat fl = { c, s->u.loop.body, -1 };
	const Stmt *in = s->u.loop.init;
	const Expr *lo = NULL;
	if (s->vec == VEC_LOOP || s->u.loop.omp || !in || !s->u.loop.cond ||
	    !s->u.loop.inc || !s->u.loop.body ||
	    s->u.loop.body->kind != S_BLOCK)
		return NULL;
	if (in->kind == S_ASSIGN && in->u.assign.op == A_SET &&
	    in->u.assign.lhs->kind == E_VAR) {
		fl.i = in->u.assign.lhs->u.var;
		lo = in->u.assign.rhs;
	} else if (in->kind == S_DECL && in->u.decl.init &&
		   !in->u.decl.inits) {
		fl.i = in->u.decl.var;
		lo = in->u.decl.init;
	} else {
		return NULL;
	}
	const Expr *cond = s->u.loop.cond;
	const Stmt *inc = s->u.loop.inc;
	if (c->g->vars[fl.i]->type->kind != TY_INT || cond->kind != E_BINARY ||
	    cond->u.bin.op != B_LT || cond->u.bin.l->kind != E_VAR ||
	    cond->u.bin.l->u.var != fl.i || inc->kind != S_ASSIGN ||
	    inc->u.assign.op != A_INC || inc->u.assign.lhs->kind != E_VAR ||
	    inc->u.assign.lhs->u.var != fl.i ||
	    stmt_assigns_var(fl.body, fl.i) || !fl_bound(&fl, lo) ||
	    !fl_bound(&fl, cond->u.bin.r))
		return NULL;
	Stmt *dir = fl_dir_loop(&fl, fl.body);
	if (!dir)
		return NULL;
	Func *g = c->g;
	Loc loc = dir->loc;
	FlatMap m = { &fl, func_add_var(g, name_fresh(c->p, g, "ck_j"),
					type_long(), VAR_LOCAL, loc) };
	Stmt *body = dir->u.loop.body;
	stmt_map_exprs(body, fl_map, &m);
	Expr *from =
		expr_binary(B_MUL, expr_cast(type_long(), expr_clone(lo), loc),
			    v_ndx(c, loc), NULL, loc);
	Expr *to = expr_binary(
		B_MUL, expr_cast(type_long(), expr_clone(cond->u.bin.r), loc),
		v_ndx(c, loc), NULL, loc);
	/* the element loop without it */
	Stmt *b = s->u.loop.body;
	int n = 0;
	for (int t = 0; t < b->u.block.n; t++)
		if (b->u.block.items[t] != dir)
			b->u.block.items[n++] = b->u.block.items[t];
	b->u.block.n = n;
	return v_for(c, m.j, from, to, body, loc);
}

/* Each loop of s's blocks that takes the row form (fl_try) is followed
 * by the loop over ck_j that replaces its direction loop. */
static void v_flatten(Vec *c, Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int n = 0; n < s->u.block.n; n++) {
			Stmt *t = s->u.block.items[n];
			Stmt *flat = t->kind == S_FOR ? fl_try(c, t) : NULL;
			if (!flat) {
				v_flatten(c, t);
				continue;
			}
			stmt_insert(s, n + 1, flat);
			n++;
		}
		break;
	case S_IF:
		v_flatten(c, s->u.ifs.then);
		v_flatten(c, s->u.ifs.els);
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		if (s->vec != VEC_LOOP)
			v_flatten(c, s->u.loop.body);
		break;
	case S_CHECKPOINT:
		v_flatten(c, s->u.ckpt.body);
		break;
	default:
		break;
	}
}

void vector_function(Program *p, Func *g, const unsigned char *is_shadow,
		     int nd)
{
	Vec c;
	memset(&c, 0, sizeof c);
	c.p = p;
	c.g = g;
	c.nvars = g->nvars;
	unsigned char *sh = arena_alloc((size_t)g->nvars + 1);
	memcpy(sh, is_shadow, (size_t)g->nvars);
	c.sh = sh;
	c.nd = nd;
	c.k = func_add_var(g, name_fresh(p, g, "ck_k"), type_int(), VAR_LOCAL,
			   g->loc);
	c.esc = arena_alloc((size_t)g->nvars + 1);
	ir_walk_stmt(g->body, v_escapes, &c);
	Stmt *body = stmt_block(g->body->loc);
	/* shadows of parameters by value: const T *s_dv, copied into a local
	 * array of ck_nd values, which the body uses */
	for (int i = 0; i < g->nparams; i++) {
		int x = g->params[i];
		Var *v = g->vars[x];
		if (!sh[x] || type_is_pointerish(v->type))
			continue;
		const char *name = v->name;
		Type *elem = type_with_const(v->type, 0);
		if (!stmt_mentions(g->body, x)) {
			v->type = type_ptr(type_with_const(elem, 1));
			continue;
		}
		v->name = name_fresh(p, g, arena_printf("ck_%s", name));
		v->kind = VAR_LOCAL;
		int np = func_add_var(g, name,
				      type_ptr(type_with_const(elem, 1)),
				      VAR_PARAM, v->loc);
		g->params[i] = np;
		v->type = v_type(elem);
		stmt_append(body, stmt_decl(x, NULL, v->loc));
		if (c.esc[x]) {
			stmt_append(body,
				    v_fill(&c, x, expr_var(g, np, v->loc),
					   v->loc));
			continue;
		}
		Stmt *cp = stmt_assign(
			A_SET,
			expr_index(expr_var(g, x, v->loc),
				   expr_var(g, c.k, v->loc), v->loc),
			expr_index(expr_var(g, np, v->loc),
				   expr_var(g, c.k, v->loc), v->loc),
			v->loc);
		stmt_append(body, v_dir_loop(&c, cp, 1, v->loc));
	}
	/* shadows of rows of a fixed length, T (*p_d)[m]: the parameter is
	 * flat, T *p_d (a pointer before ck_nd cannot have rows of m *
	 * ck_nd), and the body sees it as those rows through a local,
	 * T (*ck_p_d)[m * ck_nd] = (T (*)[m * ck_nd])p_d */
	for (int i = 0; i < g->nparams; i++) {
		int x = g->params[i];
		Var *v = g->vars[x];
		if (!sh[x] || v->type->kind != TY_PTR ||
		    v->type->base->kind != TY_ARRAY || v->type->rows ||
		    type_ptr_rows(v->type) || v->type->base->len <= 0)
			continue;
		const char *name = v->name;
		Type *rows = v_ptr_type(v->type);
		v->name = name_fresh(p, g, arena_printf("ck_%s", name));
		v->kind = VAR_LOCAL;
		int np = func_add_var(g, name, type_ptr(type_bottom(v->type)),
				      VAR_PARAM, v->loc);
		g->params[i] = np;
		v->type = rows;
		/* a body that never reads it (f_b_dv's forward sweep of a
		 * helper whose result's tangent nothing needs) voids it */
		if (!stmt_mentions(g->body, x))
			v->voided = 1;
		stmt_append(body,
			    stmt_decl(x,
				      expr_cast(rows, expr_var(g, np, v->loc),
						v->loc),
				      v->loc));
	}
	/* the parameters that replaced them are shadows too */
	unsigned char *sh2 = arena_alloc((size_t)g->nvars + 1);
	unsigned char *esc2 = arena_alloc((size_t)g->nvars + 1);
	memcpy(sh2, sh, (size_t)c.nvars);
	memcpy(esc2, c.esc, (size_t)c.nvars);
	for (int i = 0; i < g->nparams; i++)
		if (g->params[i] >= c.nvars && g->params[i] != nd)
			sh2[g->params[i]] = 1;
	c.sh = sh2;
	c.esc = esc2;
	c.nvars = g->nvars;
	c.addr = arena_alloc((size_t)g->nvars + 1);
	ir_walk_stmt(g->body, v_addr_visit, &c);
	c.shaddr = arena_alloc((size_t)g->nvars + 1);
	ir_walk_stmt(g->body, v_shaddr_visit, &c);
	c.mset = arena_alloc((size_t)g->nvars + 1);
	ir_visit_stmts(g->body, v_msets, &c);
	const Stmt *b = g->body;
	for (int i = 0; i < b->u.block.n; i++)
		v_stmt(&c, b->u.block.items[i], body);
	v_fuse(&c, body);
	v_scalarize(&c, body);
	v_flatten(&c, body);
	Stmt *top = stmt_block(body->loc);
	VlaTake vt = { &c, top };
	v_take_decls(body, v_vla_take, &vt);
	for (int i = 0; i < body->u.block.n; i++)
		stmt_append(top, body->u.block.items[i]);
	g->body = top;
}
