/*
 * views.c - local pointers into the members of structs become the
 * expressions they were made from:
 *
 *   double *r = m->data;  r[5] = x;              ->  m->data[5] = x;
 *   const double *p = &rest.data[v * n];  p[1]   ->  (&rest.data[v * n])[1]
 *   const charge *a = &sys->c[i];  a->q          ->  (&sys->c[i])->q
 *
 * The reverse mode carries a local pointer as an offset from the array it
 * points into, and a struct's member is not such an array; the expression
 * itself can be evaluated again in every sweep.  A pointer is replaced
 * only where that gives the same value at every use: it is declared with
 * an initializer that calls nothing, and after its declaration nothing in
 * its scope assigns it, takes its address, or assigns a variable (or
 * takes the address of one) that the initializer reads, and nothing
 * there stores into a pointer member or calls a function that may store
 * into one its caller sees.  Pointers these rules leave alone are refused
 * later where a transform cannot follow them.
 */
#include "ckc.h"

typedef struct Views {
	Program *p;
	Func *f;
	const unsigned char *flags; /* functions that may change pointer
				       members of their callers' structs */
} Views;

/* ---- what statements change */

/* Does s (or what it contains) assign variable v or take its address? */
static int vw_changes(const Stmt *s, int v);

static void vw_addr_taken(void *ctx, const Expr *e)
{
	int *found = ctx;
	if (e->kind == E_ADDR && e->u.e->kind == E_VAR && e->u.e->u.var == found[0])
		found[1] = 1;
}

int views_changes(Stmt *const *items, int n, int v)
{
	for (int i = 0; i < n; i++)
		if (vw_changes(items[i], v))
			return 1;
	return 0;
}

static int vw_changes(const Stmt *s, int v)
{
	int found[2] = { v, 0 };
	if (!s)
		return 0;
	ir_walk_stmt(s, vw_addr_taken, found);
	if (found[1])
		return 1;
	switch (s->kind) {
	case S_BLOCK:
		return views_changes(s->u.block.items, s->u.block.n, v);
	case S_DECL:
		return s->u.decl.var == v;
	case S_ASSIGN:
		return activity_root(s->u.assign.lhs) == v &&
		       s->u.assign.lhs->kind == E_VAR;
	case S_IF:
		return vw_changes(s->u.ifs.then, v) || vw_changes(s->u.ifs.els, v);
	case S_FOR: case S_WHILE: case S_DO:
		return vw_changes(s->u.loop.init, v) ||
		       vw_changes(s->u.loop.inc, v) ||
		       vw_changes(s->u.loop.body, v);
	case S_CHECKPOINT:
		return vw_changes(s->u.ckpt.body, v);
	default:
		return 0;
	}
}

typedef struct VarSet {
	int *vars;
	int n;
	int has_call;
} VarSet;

static void vw_collect(void *ctx, const Expr *e)
{
	VarSet *vs = ctx;
	if (e->kind == E_VAR)
		VEC_PUSH(vs->vars, vs->n, e->u.var);
	if (e->kind == E_CALL)
		vs->has_call = 1;
}

/* ---- replacing a pointer by its definition */

static void vw_replace_stmt(Stmt *s, const Expr *what, const Expr *with)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			vw_replace_stmt(s->u.block.items[i], what, with);
		break;
	case S_DECL:
		s->u.decl.init = expr_replace(s->u.decl.init, what, with);
		for (int i = 0; i < s->u.decl.ninits; i++)
			s->u.decl.inits[i] =
				expr_replace(s->u.decl.inits[i], what, with);
		break;
	case S_ASSIGN:
		s->u.assign.lhs = expr_replace(s->u.assign.lhs, what, with);
		s->u.assign.rhs = expr_replace(s->u.assign.rhs, what, with);
		break;
	case S_EXPR: case S_RETURN:
		s->u.expr = expr_replace(s->u.expr, what, with);
		break;
	case S_IF:
		s->u.ifs.cond = expr_replace(s->u.ifs.cond, what, with);
		vw_replace_stmt(s->u.ifs.then, what, with);
		vw_replace_stmt(s->u.ifs.els, what, with);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		vw_replace_stmt(s->u.loop.init, what, with);
		s->u.loop.cond = expr_replace(s->u.loop.cond, what, with);
		vw_replace_stmt(s->u.loop.inc, what, with);
		vw_replace_stmt(s->u.loop.body, what, with);
		break;
	case S_CHECKPOINT:
		for (int i = 0; i < s->u.ckpt.nsaves; i++) {
			SaveSection *sec = s->u.ckpt.saves[i];
			sec->lo = expr_replace(sec->lo, what, with);
			sec->len = expr_replace(sec->len, what, with);
		}
		vw_replace_stmt(s->u.ckpt.body, what, with);
		break;
	default:
		break;
	}
}

/* The type at the bottom of t's pointers and arrays. */
static const Type *vw_bottom(const Type *t)
{
	while (type_is_pointerish(t))
		t = t->base;
	return t;
}

static int vw_member_ptr_store(const Func *f, const Stmt *s, int params_only,
			       const unsigned char *flags);

/* Does pointer value e point into a member of a struct (&s->c[i], s->c +
 * i, &s.in)?  (A pointer to structs elsewhere, Bone *b = &bones[i], the
 * reverse mode carries itself.) */
static int vw_into_member(const Expr *e)
{
	for (;;) {
		switch (e->kind) {
		case E_MEMBER:
			return 1;
		case E_ADDR:
		case E_CAST:
			e = e->u.e;
			break;
		case E_INDEX:
			e = e->u.index.base;
			break;
		case E_BINARY:
			if (!type_is_pointerish(e->u.bin.l->type))
				return 0;
			e = e->u.bin.l;
			break;
		default:
			return 0;
		}
	}
}

/* Is declaration d (item i of block b) a pointer into struct members
 * that can be replaced?  Then replaces it. */
static void vw_try(Views *w, Stmt *b, int i)
{
	Stmt *d = b->u.block.items[i];
	Func *f = w->f;
	int v = d->u.decl.var;
	const Var *x = f->vars[v];
	const Expr *init = d->u.decl.init;
	if (x->type->kind != TY_PTR || !init || x->is_static ||
	    (vw_bottom(x->type->base)->kind == TY_STRUCT &&
	     !vw_into_member(init)))
		return;
	int root = activity_root(init);
	if (root < 0 || vw_bottom(f->vars[root]->type)->kind != TY_STRUCT)
		return;
	VarSet vs = { NULL, 0, 0 };
	ir_walk_expr(init, vw_collect, &vs);
	if (vs.has_call)
		return;
	Stmt *const *rest = b->u.block.items + i + 1;
	int nrest = b->u.block.n - i - 1;
	if (views_changes(rest, nrest, v))
		return;
	for (int k = 0; k < nrest; k++)
		if (vw_member_ptr_store(f, rest[k], 0, w->flags))
			return;
	for (int k = 0; k < vs.n; k++)
		if (views_changes(rest, nrest, vs.vars[k]))
			return;
	Expr *what = expr_var(f, v, d->loc);
	what->type = x->type;
	/* the same type but for qualifiers, as C converts it implicitly */
	Expr *with = expr_clone(init);
	for (int k = i + 1; k < b->u.block.n; k++)
		vw_replace_stmt(b->u.block.items[k], what, with);
	b->u.block.items[i] = stmt_new(S_EMPTY, d->loc);
	f->vars[v]->dropped = 1;
}

static void vw_stmt(Views *w, Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++) {
			Stmt *it = s->u.block.items[i];
			if (it->kind == S_DECL)
				vw_try(w, s, i);
			else
				vw_stmt(w, it);
		}
		break;
	case S_IF:
		vw_stmt(w, s->u.ifs.then);
		vw_stmt(w, s->u.ifs.els);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		vw_stmt(w, s->u.loop.body);
		break;
	case S_CHECKPOINT:
		vw_stmt(w, s->u.ckpt.body);
		break;
	default:
		break;
	}
}

/* Does s store into a pointer member (of storage rooted anywhere when
 * params_only is 0, else rooted at a parameter), or call a function that
 * may (flags)? */
static int vw_member_ptr_store(const Func *f, const Stmt *s, int params_only,
			       const unsigned char *flags);

typedef struct CallScan {
	const unsigned char *flags;
	int found;
} CallScan;

static void vw_call_scan(void *ctx, const Expr *e)
{
	CallScan *cs = ctx;
	if (e->kind == E_CALL && e->u.call.fn >= 0 && cs->flags[e->u.call.fn])
		cs->found = 1;
}

static int vw_member_ptr_store(const Func *f, const Stmt *s, int params_only,
			       const unsigned char *flags)
{
	if (!s)
		return 0;
	CallScan cs = { flags, 0 };
	ir_walk_stmt(s, vw_call_scan, &cs);
	if (cs.found)
		return 1;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (vw_member_ptr_store(f, s->u.block.items[i],
						params_only, flags))
				return 1;
		return 0;
	case S_ASSIGN: {
		const Expr *l = s->u.assign.lhs;
		int root = activity_root(l);
		return l->kind == E_MEMBER && type_is_pointerish(l->type) &&
		       (!params_only ||
			(root >= 0 && f->vars[root]->kind == VAR_PARAM));
	}
	case S_IF:
		return vw_member_ptr_store(f, s->u.ifs.then, params_only, flags) ||
		       vw_member_ptr_store(f, s->u.ifs.els, params_only, flags);
	case S_FOR: case S_WHILE: case S_DO:
		return vw_member_ptr_store(f, s->u.loop.init, params_only, flags) ||
		       vw_member_ptr_store(f, s->u.loop.inc, params_only, flags) ||
		       vw_member_ptr_store(f, s->u.loop.body, params_only, flags);
	case S_CHECKPOINT:
		return vw_member_ptr_store(f, s->u.ckpt.body, params_only, flags);
	default:
		return 0;
	}
}

void views_program(Program *p)
{
	Views w;
	/* which functions may change pointer members their caller sees: a
	 * fixpoint over a finite set of flags that only turn on, so it ends
	 * after at most nfuncs + 1 rounds */
	unsigned char *flags = arena_alloc((size_t)p->nfuncs + 1);
	int changed = 1;
	while (changed) {
		changed = 0;
		for (int i = 0; i < p->nfuncs; i++)
			if (!flags[i] && vw_member_ptr_store(p->funcs[i],
							     p->funcs[i]->body,
							     1, flags)) {
				flags[i] = 1;
				changed = 1;
			}
	}
	w.p = p;
	w.flags = flags;
	for (int i = 0; i < p->nfuncs; i++) {
		w.f = p->funcs[i];
		vw_stmt(&w, w.f->body);
	}
}
