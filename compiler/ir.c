/*
 * ir.c - builders for ckc's IR: types, expressions, statements, functions,
 * and fresh names for generated variables.
 *
 * Builders fill in the result type the way C computes it, so transforms can
 * compose expressions without thinking about types.
 */
#include "ckc.h"

#include <math.h>
#include <string.h>

#define CK_SPELL2(name, sp) sp,
#define CK_SPELL3(name, sp, prec) sp,
#define CK_PREC3(name, sp, prec) prec,
const char *const ir_binop_spelling[] = {CK_BINOPS(CK_SPELL3)};
const int ir_binop_prec[] = {CK_BINOPS(CK_PREC3)};
const char *const ir_unop_spelling[] = {CK_UNOPS(CK_SPELL2)};
const char *const ir_assignop_spelling[] = {CK_ASSIGNOPS(CK_SPELL2)};

/* ---- types */

Type *type_new(TypeKind kind)
{
	Type *t = ARENA_NEW(Type);
	t->kind = kind;
	if (kind == TY_INT)
		t->name = "int";
	return t;
}

Type *type_ptr(Type *base)
{
	Type *t = type_new(TY_PTR);
	t->base = base;
	return t;
}

Type *type_double(void)
{
	static Type t = {
		TY_DOUBLE, 0, NULL, NULL, 0, NULL, 0, 0, NULL, NULL
	};
	return &t;
}

Type *type_int(void)
{
	static Type t = { TY_INT, 0, "int", NULL, 0, NULL, 0, 0, NULL, NULL };
	return &t;
}

Type *type_long(void)
{
	static Type t = { TY_INT, 0, "long", NULL, 0, NULL, 0, 0, NULL, NULL };
	return &t;
}

int type_is_float(const Type *t)
{
	return t && (t->kind == TY_FLOAT || t->kind == TY_DOUBLE);
}

int type_is_arith(const Type *t)
{
	return t && (t->kind == TY_INT || type_is_float(t));
}

int type_is_pointerish(const Type *t)
{
	return t && (t->kind == TY_PTR || t->kind == TY_ARRAY);
}

/* A struct's first floating scalar: in its members, in arrays of them,
 * or behind its pointer members (visiting guards against a struct that
 * points to itself, so the search ends). */
static Type *struct_float_elem(StructDef *sd)
{
	Type *r = NULL;
	if (sd->visiting)
		return NULL;
	sd->visiting = 1;
	for (int i = 0; i < sd->nfields && !r; i++)
		r = type_float_elem(sd->fields[i].type);
	sd->visiting = 0;
	return r;
}

Type *type_float_elem(Type *t)
{
	while (type_is_pointerish(t))
		t = t->base;
	if (t && t->kind == TY_STRUCT)
		return struct_float_elem(t->st);
	return type_is_float(t) ? t : NULL;
}

Type *type_bottom(const Type *t)
{
	while (type_is_pointerish(t))
		t = t->base;
	return (Type *)t;
}

int struct_has_float(StructDef *sd)
{
	return struct_float_elem(sd) != NULL;
}

/* Is the object of type t read-only: const at the top, or an array of
 * const elements? */
int type_is_readonly(const Type *t)
{
	while (t->kind == TY_ARRAY && !t->is_const)
		t = t->base;
	return t->is_const;
}

int type_ptr_rows(const Type *t)
{
	return t->kind == TY_PTR && t->base->kind == TY_STRUCT &&
	       t->base->st->rows;
}

Type *type_with_const(Type *t, int is_const)
{
	if (t->is_const == is_const)
		return t;
	Type *c = ARENA_NEW(Type);
	*c = *t;
	c->is_const = is_const;
	return c;
}

Type *type_with_const_elems(Type *t, int is_const)
{
	if (t->kind != TY_ARRAY)
		return type_with_const(t, is_const);
	Type *a = ARENA_NEW(Type);
	*a = *t;
	a->base = type_with_const_elems(t->base, is_const);
	return a;
}

/* The type of a binary arithmetic result (C's usual conversions, as far
 * as they matter to ckc: double beats float beats integers). */
Type *type_common(Type *a, Type *b)
{
	if (a->kind == TY_DOUBLE || b->kind == TY_DOUBLE)
		return type_with_const(a->kind == TY_DOUBLE ? a : b, 0);
	if (a->kind == TY_FLOAT || b->kind == TY_FLOAT)
		return type_with_const(a->kind == TY_FLOAT ? a : b, 0);
	return type_with_const(a, 0);
}

/* ---- expressions */

Expr *expr_new(ExprKind kind, Type *type, Loc loc)
{
	Expr *e = ARENA_NEW(Expr);
	e->kind = kind;
	e->type = type;
	e->loc = loc;
	return e;
}

Expr *expr_num(double v, Type *type, Loc loc)
{
	Expr *e = expr_new(E_NUM, type_with_const(type, 0), loc);
	e->u.num.val = v;
	e->u.num.ival = (long long)v;
	return e;
}

Expr *expr_int(long long v, Loc loc)
{
	Expr *e = expr_new(E_NUM, type_int(), loc);
	e->u.num.is_int = 1;
	e->u.num.ival = v;
	e->u.num.val = (double)v;
	return e;
}

Expr *expr_var(Func *f, int var, Loc loc)
{
	ck_assert(var >= 0 && var < f->nvars);
	Expr *e = expr_new(E_VAR, f->vars[var]->type, loc);
	e->u.var = var;
	return e;
}

Expr *expr_unary(UnOp op, Expr *e, Loc loc)
{
	Type *t = op == U_NOT ? type_int() : type_with_const(e->type, 0);
	Expr *u = expr_new(E_UNARY, t, loc);
	u->u.un.op = op;
	u->u.un.e = e;
	return u;
}

Expr *expr_binary(BinOp op, Expr *l, Expr *r, Type *type, Loc loc)
{
	if (!type) {
		switch (op) {
		case B_LT: case B_GT: case B_LE: case B_GE: case B_EQ:
		case B_NE: case B_LAND: case B_LOR:
			type = type_int();
			break;
		default:
			if (type_is_pointerish(l->type))
				type = l->type;
			else if (type_is_pointerish(r->type))
				type = r->type;
			else
				type = type_common(l->type, r->type);
		}
	}
	Expr *e = expr_new(E_BINARY, type, loc);
	e->u.bin.op = op;
	e->u.bin.l = l;
	e->u.bin.r = r;
	return e;
}

Expr *expr_cond(Expr *c, Expr *a, Expr *b, Loc loc)
{
	Type *t = type_is_arith(a->type) && type_is_arith(b->type)
			  ? type_common(a->type, b->type)
			  : a->type;
	Expr *e = expr_new(E_COND, t, loc);
	e->u.cond.c = c;
	e->u.cond.a = a;
	e->u.cond.b = b;
	return e;
}

Expr *expr_call(const char *name, int fn, Expr **args, int nargs, Type *type,
		Loc loc)
{
	Expr *e = expr_new(E_CALL, type, loc);
	e->u.call.name = name;
	e->u.call.fn = fn;
	e->u.call.args = args;
	e->u.call.nargs = nargs;
	return e;
}

Expr *expr_call_n(const char *name, Type *ret, Loc loc, Expr *a, Expr *b,
		  Expr *c)
{
	Expr **args = NULL;
	int n = 0;
	Expr *given[3] = {a, b, c};
	for (int i = 0; i < 3 && given[i]; i++)
		ARENA_PUSH(args, n, given[i]);
	return expr_call(name, -1, args, n, ret, loc);
}

Expr *expr_index(Expr *base, Expr *idx, Loc loc)
{
	ck_assert(type_is_pointerish(base->type));
	Expr *e = expr_new(E_INDEX, base->type->base, loc);
	e->u.index.base = base;
	e->u.index.idx = idx;
	return e;
}

Expr *expr_deref(Expr *p, Loc loc)
{
	ck_assert(type_is_pointerish(p->type));
	Expr *e = expr_new(E_DEREF, p->type->base, loc);
	e->u.e = p;
	return e;
}

Expr *expr_addr(Expr *lv, Loc loc)
{
	Expr *e = expr_new(E_ADDR, type_ptr(lv->type), loc);
	e->u.e = lv;
	return e;
}

Expr *expr_member(Expr *base, int field, Loc loc)
{
	ck_assert(base->type->kind == TY_STRUCT &&
		  field < base->type->st->nfields);
	Expr *e = expr_new(E_MEMBER, base->type->st->fields[field].type, loc);
	if (base->type->is_const && !e->type->is_const)
		e->type = type_with_const(e->type, 1);
	e->u.mem.base = base;
	e->u.mem.field = field;
	return e;
}

Expr *expr_cast(Type *type, Expr *x, Loc loc)
{
	Expr *e = expr_new(E_CAST, type, loc);
	e->u.e = x;
	return e;
}

Expr *expr_clone(const Expr *e)
{
	if (!e)
		return NULL;
	Expr *c = ARENA_NEW(Expr);
	*c = *e;
	switch (e->kind) {
	case E_NUM: case E_VAR: case E_GLOBAL: case E_STR:
		break;
	case E_UNARY:
		c->u.un.e = expr_clone(e->u.un.e);
		break;
	case E_BINARY:
		c->u.bin.l = expr_clone(e->u.bin.l);
		c->u.bin.r = expr_clone(e->u.bin.r);
		break;
	case E_COND:
		c->u.cond.c = expr_clone(e->u.cond.c);
		c->u.cond.a = expr_clone(e->u.cond.a);
		c->u.cond.b = expr_clone(e->u.cond.b);
		break;
	case E_CALL:
		c->u.call.args = arena_alloc(sizeof(Expr *) *
					     (size_t)(e->u.call.nargs + 1));
		for (int i = 0; i < e->u.call.nargs; i++)
			c->u.call.args[i] = expr_clone(e->u.call.args[i]);
		break;
	case E_INDEX:
		c->u.index.base = expr_clone(e->u.index.base);
		c->u.index.idx = expr_clone(e->u.index.idx);
		break;
	case E_DEREF: case E_ADDR: case E_CAST:
		c->u.e = expr_clone(e->u.e);
		break;
	case E_MEMBER:
		c->u.mem.base = expr_clone(e->u.mem.base);
		break;
	default:
		ck_unreachable();
	}
	return c;
}

/* ---- statements */

Stmt *stmt_new(StmtKind kind, Loc loc)
{
	Stmt *s = ARENA_NEW(Stmt);
	s->kind = kind;
	s->loc = loc;
	return s;
}

Stmt *stmt_block(Loc loc)
{
	return stmt_new(S_BLOCK, loc);
}

void stmt_append(Stmt *block, Stmt *s)
{
	ck_assert(block->kind == S_BLOCK);
	if (s)
		ARENA_PUSH(block->u.block.items, block->u.block.n, s);
}

void stmt_insert(Stmt *block, int at, Stmt *s)
{
	stmt_append(block, s);
	if (!s)
		return;
	Stmt **it = block->u.block.items;
	memmove(it + at + 1, it + at,
		sizeof(Stmt *) * (size_t)(block->u.block.n - 1 - at));
	it[at] = s;
}

void stmt_prepend(Stmt *block, Stmt *s)
{
	stmt_insert(block, 0, s);
}

Stmt *stmt_assign(AssignOp op, Expr *lhs, Expr *rhs, Loc loc)
{
	Stmt *s = stmt_new(S_ASSIGN, loc);
	s->u.assign.op = op;
	s->u.assign.lhs = lhs;
	s->u.assign.rhs = rhs;
	return s;
}

void ir_copy_object(Stmt *out, Expr *lhs, Expr *rhs, Loc loc)
{
	Type *t = lhs->type;
	if (t->kind == TY_STRUCT) {
		for (int i = 0; i < t->st->nfields; i++)
			ir_copy_object(out, expr_member(expr_clone(lhs), i, loc),
				       expr_member(expr_clone(rhs), i, loc), loc);
	} else if (t->kind == TY_ARRAY) {
		for (long j = 0; j < t->len; j++)
			ir_copy_object(out,
				       expr_index(expr_clone(lhs),
						  expr_int(j, loc), loc),
				       expr_index(expr_clone(rhs),
						  expr_int(j, loc), loc),
				       loc);
	} else {
		stmt_append(out, stmt_assign(A_SET, lhs, rhs, loc));
	}
}

Stmt *stmt_decl_zero(const Func *f, int var, Loc loc)
{
	Type *t = f->vars[var]->type;
	Stmt *d = stmt_decl(var, NULL, loc);
	if (t->kind == TY_ARRAY || t->kind == TY_STRUCT) {
		Type *el = t;
		while (el->kind == TY_ARRAY)
			el = el->base;
		d->u.decl.inits = arena_alloc(sizeof(Expr *));
		d->u.decl.inits[0] = type_is_float(el) ? expr_num(0, el, loc)
						       : expr_int(0, loc);
		d->u.decl.ninits = 1;
	} else if (type_is_float(t)) {
		d->u.decl.init = expr_num(0, t, loc);
	} else {
		d->u.decl.init = expr_int(0, loc);
	}
	return d;
}

Stmt *stmt_decl(int var, Expr *init, Loc loc)
{
	Stmt *s = stmt_new(S_DECL, loc);
	s->u.decl.var = var;
	s->u.decl.init = init;
	return s;
}

Stmt *stmt_expr(StmtKind kind, Expr *e, Loc loc)
{
	ck_assert(kind == S_EXPR || kind == S_RETURN);
	Stmt *s = stmt_new(kind, loc);
	s->u.expr = e;
	return s;
}

/* ---- functions and names */

Func *func_new(const char *name, Type *ret, Loc loc)
{
	Func *f = ARENA_NEW(Func);
	f->name = name;
	f->ret = ret;
	f->loc = loc;
	f->body = stmt_block(loc);
	return f;
}

int func_add_var(Func *f, const char *name, Type *type, VarKind kind, Loc loc)
{
	Var *v = ARENA_NEW(Var);
	v->name = name;
	v->type = type;
	v->kind = kind;
	v->loc = loc;
	ARENA_PUSH(f->vars, f->nvars, v);
	return f->nvars - 1;
}

void public_rows(Program *p)
{
	for (int i = 0; i < p->nout; i++) {
		Func *f = p->out[i];
		if (f->is_static || !f->body)
			continue;
		for (int k = f->nparams - 1; k >= 0; k--) {
			int v = f->params[k];
			Var *x = f->vars[v];
			Type *t = x->type, *decl;
			if (t->kind != TY_PTR ||
			    (!t->rows && !type_ptr_rows(t)))
				continue;
			if (t->declared) {
				decl = t->declared;
			} else if (type_ptr_rows(t)) {
				/* a shadow: double **, const double *const *
				 * for the tangent of a pure input so declared
				 * (a double ** converts to no const one: the
				 * tangent of a double **A, which follows it,
				 * is a double ** too) */
				int c = t->base->is_const;
				const Type *pd =
					k > 0 ? f->vars[f->params[k - 1]]
							->type->declared
					      : NULL;
				if (pd && pd->kind == TY_PTR &&
				    pd->base->kind == TY_PTR &&
				    !pd->base->base->is_const)
					c = 0;
				Type *el = t->base->st->fields[0].type->base;
				decl = type_ptr(type_with_const(
					type_ptr(type_with_const(el, c)), c));
			} else {
				Type *row = type_new(TY_ARRAY);
				row->base = t->base;
				row->rows = t->rows;
				decl = type_ptr(row);
			}
			const char *name = x->name;
			/* the generated functions of one source function
			 * share its variables (f_d's and f_dv's A): rename
			 * this function's own copy */
			x = ARENA_NEW(Var);
			*x = *f->vars[v];
			f->vars[v] = x;
			/* (the name tables do not learn the new name: nothing
			 * asks them after this) */
			x->name = name_fresh(p, f, name);
			x->kind = VAR_LOCAL;
			int np =
				func_add_var(f, name, decl, VAR_PARAM, x->loc);
			f->params[k] = np;
			stmt_prepend(
				f->body,
				stmt_decl(v,
					  expr_cast(t, expr_var(f, np, x->loc),
						    x->loc),
					  x->loc));
		}
	}
}

int func_add_param(Func *f, const char *name, Type *type, Loc loc)
{
	int id = func_add_var(f, name, type, VAR_PARAM, loc);
	int *params = arena_alloc(sizeof(int) * (size_t)(f->nparams + 1));
	if (f->nparams)
		memcpy(params, f->params, sizeof(int) * (size_t)f->nparams);
	params[f->nparams++] = id;
	f->params = params;
	return id;
}

/* ---- name index
 *
 * name_taken and name_fresh answer from hash tables instead of comparing
 * against every name: one of the program's names (functions, globals,
 * externs, generated functions, the translation unit's names) and one per
 * function of its variables' names.  The tables follow the arrays they
 * index: an array that only grew since (same count, or more, with the
 * same element where the table stopped) gets its new entries added;
 * anything else (a function's variables removed by cleanup_unread, a
 * Func overwritten by another, hvp.c unregistering functions) makes the
 * table be built again.  name_fresh remembers, per base name and scope,
 * the first suffix it has not seen taken, so the k-th fresh ck_e costs
 * one look-up rather than k; the memory is dropped whenever a table is
 * rebuilt, since names may then have become free again.  The answers are
 * those of a linear search, so generated names do not depend on this. */

typedef struct NameTab {
	const char **keys;
	int *vals;
	int cap, n;
} NameTab;

static unsigned nt_hash(const char *s)
{
	unsigned h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* The value of key k, or -1. */
static int nt_get(const NameTab *t, const char *k)
{
	if (!t->cap)
		return -1;
	unsigned m = (unsigned)t->cap - 1;
	for (unsigned i = nt_hash(k) & m; t->keys[i]; i = (i + 1) & m)
		if (strcmp(t->keys[i], k) == 0)
			return t->vals[i];
	return -1;
}

/* Sets k to v; with keep_first, an existing key keeps its value. */
static void nt_put(NameTab *t, const char *k, int v, int keep_first)
{
	if (2 * (t->n + 1) > t->cap) {
		NameTab g = {NULL, NULL, t->cap ? 2 * t->cap : 64, 0};
		g.keys = arena_alloc(sizeof(char *) * (size_t)g.cap);
		g.vals = arena_alloc(sizeof(int) * (size_t)g.cap);
		for (int i = 0; i < t->cap; i++)
			if (t->keys[i])
				nt_put(&g, t->keys[i], t->vals[i], 0);
		*t = g;
	}
	unsigned m = (unsigned)t->cap - 1;
	unsigned i = nt_hash(k) & m;
	while (t->keys[i] && strcmp(t->keys[i], k) != 0)
		i = (i + 1) & m;
	if (!t->keys[i]) {
		t->keys[i] = k;
		t->n++;
	} else if (keep_first) {
		return;
	}
	t->vals[i] = v;
}

/* How far a table has followed one array: its count and last element. */
typedef struct Follow {
	int n;
	const void *last;
} Follow;

/* Can the table that followed fw up to now take the new elements of
 * items[0..n) by adding them (the array only grew)? */
static int follow_ok(const Follow *fw, void *const *items, int n)
{
	return fw->n == 0 || (n >= fw->n && items[fw->n - 1] == fw->last);
}

static void follow_set(Follow *fw, void *const *items, int n)
{
	fw->n = n;
	fw->last = n ? items[n - 1] : NULL;
}

/* The variables of one function; the functions' tables are found through
 * fn_tabs, keyed by the Func's address. */
typedef struct VarTab {
	const Func *f;
	NameTab names; /* name -> first var id with it */
	Follow fw;
} VarTab;

static struct {
	VarTab **tabs;
	int cap, n;
} fn_tabs;

static struct {
	const Program *p;
	NameTab names;
	Follow fw[5]; /* funcs, globals, externs, out, tu_names */
} prog_tab;

static NameTab fresh_hint; /* "base scope" -> first suffix not seen taken */

static void names_forget_hints(void)
{
	NameTab empty = {NULL, NULL, 0, 0};
	fresh_hint = empty;
}

static unsigned ptr_hash(const void *k)
{
	unsigned long x = (unsigned long)k;
	x ^= x >> 17;
	x *= 0x9E3779B1UL;
	return (unsigned)(x >> 7);
}

static VarTab *var_tab(const Func *f)
{
	if (2 * (fn_tabs.n + 1) > fn_tabs.cap) {
		VarTab **old = fn_tabs.tabs;
		int ocap = fn_tabs.cap;
		fn_tabs.cap = ocap ? 2 * ocap : 64;
		fn_tabs.tabs = arena_alloc(sizeof(VarTab *) * (size_t)fn_tabs.cap);
		for (int i = 0; i < ocap; i++) {
			if (!old[i])
				continue;
			unsigned m = (unsigned)fn_tabs.cap - 1, j = ptr_hash(old[i]->f) & m;
			while (fn_tabs.tabs[j])
				j = (j + 1) & m;
			fn_tabs.tabs[j] = old[i];
		}
	}
	unsigned m = (unsigned)fn_tabs.cap - 1, j = ptr_hash(f) & m;
	for (; fn_tabs.tabs[j]; j = (j + 1) & m)
		if (fn_tabs.tabs[j]->f == f)
			return fn_tabs.tabs[j];
	VarTab *vt = ARENA_NEW(VarTab);
	vt->f = f;
	fn_tabs.tabs[j] = vt;
	fn_tabs.n++;
	return vt;
}

/* f's table, brought up to date with f->vars. */
static const NameTab *var_names(const Func *f)
{
	VarTab *vt = var_tab(f);
	void *const *items = (void *const *)f->vars;
	if (!follow_ok(&vt->fw, items, f->nvars)) {
		NameTab empty = {NULL, NULL, 0, 0};
		vt->names = empty;
		vt->fw.n = 0;
		names_forget_hints();
	}
	for (int i = vt->fw.n; i < f->nvars; i++)
		nt_put(&vt->names, f->vars[i]->name, i, 1);
	follow_set(&vt->fw, items, f->nvars);
	return &vt->names;
}

static const char *prog_name_of(int array, void *item)
{
	switch (array) {
	case 0: case 2: case 3:
		return ((Func *)item)->name;
	case 1:
		return ((Global *)item)->name;
	default:
		return (const char *)item;
	}
}

/* The table of p's names, brought up to date. */
static const NameTab *prog_names(const Program *p)
{
	void *const *items[5] = {
		(void *const *)p->funcs, (void *const *)p->globals,
		(void *const *)p->externs, (void *const *)p->out,
		(void *const *)p->tu_names};
	int counts[5] = {p->nfuncs, p->nglobals, p->nexterns, p->nout,
			 p->ntu_names};
	int ok = prog_tab.p == p;
	for (int a = 0; a < 5 && ok; a++)
		ok = follow_ok(&prog_tab.fw[a], items[a], counts[a]);
	if (!ok) {
		NameTab empty = {NULL, NULL, 0, 0};
		prog_tab.names = empty;
		for (int a = 0; a < 5; a++)
			prog_tab.fw[a].n = 0;
		prog_tab.p = p;
		names_forget_hints();
	}
	for (int a = 0; a < 5; a++) {
		for (int i = prog_tab.fw[a].n; i < counts[a]; i++)
			nt_put(&prog_tab.names, prog_name_of(a, items[a][i]), 0, 1);
		follow_set(&prog_tab.fw[a], items[a], counts[a]);
	}
	return &prog_tab.names;
}

int func_find_var(const Func *f, const char *name)
{
	return nt_get(var_names(f), name);
}

int prog_find_func(const Program *p, const char *name)
{
	for (int i = 0; i < p->nfuncs; i++)
		if (strcmp(p->funcs[i]->name, name) == 0)
			return i;
	return -1;
}

int name_taken(const Program *p, const Func *f, const char *name)
{
	if (f && nt_get(var_names(f), name) >= 0)
		return 1;
	return nt_get(prog_names(p), name) >= 0;
}

const char *name_fresh2(const Program *p, const Func *f, const Func *g,
			const char *base)
{
	/* bring every table up to date first: a hint read after this is
	 * valid (no name it counts as taken has been removed since) */
	prog_names(p);
	if (f)
		var_names(f);
	if (g)
		var_names(g);
	if (!name_taken(p, f, base) && !(g && name_taken(p, g, base)))
		return base;
	const char *key = arena_printf("%s %p %p", base, (const void *)f,
				       (const void *)g);
	int i = nt_get(&fresh_hint, key);
	for (i = i < 2 ? 2 : i;; i++) {
		const char *n = arena_printf("%s%d", base, i);
		if (!name_taken(p, f, n) && !(g && name_taken(p, g, n))) {
			nt_put(&fresh_hint, key, i, 0);
			return n;
		}
	}
}

const char *name_fresh(const Program *p, const Func *f, const char *base)
{
	return name_fresh2(p, f, NULL, base);
}

const char *func_ret_base(const Func *f)
{
	static const char *const bases[] = { "ret", "res", "result",
					     "ck_ret" };
	if (f->ret_base)
		return f->ret_base;
	int k = 0;
	for (; k < 3; k++) {
		size_t len = strlen(bases[k]);
		int taken = 0;
		for (int i = 0; i < f->nparams && !taken; i++) {
			const char *n = f->vars[f->params[i]]->name;
			taken = strncmp(n, bases[k], len) == 0 &&
				(n[len] == 0 || n[len] == '_');
		}
		/* a local named as one of the result's shadows, ret_d */
		static const char *const shadows[] = { "_d", "_b", "_bd",
						       "_dv", "_bdv" };
		for (int i = 0; i < f->nvars && !taken; i++) {
			const char *n = f->vars[i]->name;
			if (f->vars[i]->kind == VAR_PARAM ||
			    strncmp(n, bases[k], len) != 0)
				continue;
			for (int j = 0; j < 5; j++)
				taken |= strcmp(n + len, shadows[j]) == 0;
		}
		if (!taken)
			break;
	}
	((Func *)f)->ret_base = bases[k];
	return bases[k];
}

int ir_block_call(const Expr *e)
{
	if (!e || e->kind != E_CALL || e->u.call.fn >= 0 ||
	    e->u.call.nargs != 2)
		return 0;
	const char *n = e->u.call.name;
	if (!strcmp(n, "ck_block_push_d") || !strcmp(n, "ck_block_push_f"))
		return 1;
	if (!strcmp(n, "ck_block_pop_d") || !strcmp(n, "ck_block_pop_f"))
		return 2;
	return 0;
}

RtCall ir_rt_call(const Expr *e)
{
	static const struct {
		const char *name;
		RtCall kind;
	} calls[] = {
		{"ck_push_d", RT_PUSH_F}, {"ck_push_f", RT_PUSH_F},
		{"ck_pop_d", RT_POP_F},   {"ck_pop_f", RT_POP_F},
		{"CK_SAVE", RT_SAVE},     {"CK_LOAD", RT_LOAD},
		{"CK_SAVE_N", RT_SAVE_N}, {"CK_LOAD_N", RT_LOAD_N},
		{"ck_push_nd", RT_PUSH_N}, {"ck_push_nf", RT_PUSH_N},
		{"ck_pop_nd", RT_POP_N},   {"ck_pop_nf", RT_POP_N},
	};
	if (!e || e->kind != E_CALL || e->u.call.fn >= 0)
		return RT_NONE;
	const char *n = e->u.call.name;
	for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++)
		if (strcmp(calls[i].name, n) == 0)
			return calls[i].kind;
	if (strncmp(n, "ck_", 3) == 0 || strncmp(n, "CK_", 3) == 0)
		return RT_OTHER;
	return RT_NONE;
}

void ir_walk_expr(const Expr *e, ExprVisitor *fn, void *ctx)
{
	int i;

	if (!e)
		return;
	fn(ctx, e);
	switch (e->kind) {
	case E_UNARY:
		ir_walk_expr(e->u.un.e, fn, ctx);
		break;
	case E_BINARY:
		ir_walk_expr(e->u.bin.l, fn, ctx);
		ir_walk_expr(e->u.bin.r, fn, ctx);
		break;
	case E_COND:
		ir_walk_expr(e->u.cond.c, fn, ctx);
		ir_walk_expr(e->u.cond.a, fn, ctx);
		ir_walk_expr(e->u.cond.b, fn, ctx);
		break;
	case E_CALL:
		for (i = 0; i < e->u.call.nargs; i++)
			ir_walk_expr(e->u.call.args[i], fn, ctx);
		break;
	case E_INDEX:
		ir_walk_expr(e->u.index.base, fn, ctx);
		ir_walk_expr(e->u.index.idx, fn, ctx);
		break;
	case E_DEREF:
	case E_ADDR:
	case E_CAST:
		ir_walk_expr(e->u.e, fn, ctx);
		break;
	case E_MEMBER:
		ir_walk_expr(e->u.mem.base, fn, ctx);
		break;
	default:
		break;
	}
}

void ir_walk_exprs(Expr *const *es, int n, ExprVisitor *fn, void *ctx)
{
	int i;

	for (i = 0; i < n; i++)
		ir_walk_expr(es[i], fn, ctx);
}

void ir_walk_stmt(const Stmt *s, ExprVisitor *fn, void *ctx)
{
	int i;

	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (i = 0; i < s->u.block.n; i++)
			ir_walk_stmt(s->u.block.items[i], fn, ctx);
		break;
	case S_DECL:
		ir_walk_expr(s->u.decl.init, fn, ctx);
		ir_walk_exprs(s->u.decl.inits, s->u.decl.ninits, fn, ctx);
		break;
	case S_ASSIGN:
		ir_walk_expr(s->u.assign.lhs, fn, ctx);
		ir_walk_expr(s->u.assign.rhs, fn, ctx);
		break;
	case S_EXPR:
	case S_RETURN:
		ir_walk_expr(s->u.expr, fn, ctx);
		break;
	case S_IF:
		ir_walk_expr(s->u.ifs.cond, fn, ctx);
		ir_walk_stmt(s->u.ifs.then, fn, ctx);
		ir_walk_stmt(s->u.ifs.els, fn, ctx);
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		ir_walk_stmt(s->u.loop.init, fn, ctx);
		ir_walk_expr(s->u.loop.cond, fn, ctx);
		ir_walk_stmt(s->u.loop.inc, fn, ctx);
		ir_walk_stmt(s->u.loop.body, fn, ctx);
		break;
	case S_CHECKPOINT:
		for (i = 0; i < s->u.ckpt.nsaves; i++) {
			ir_walk_expr(s->u.ckpt.saves[i]->lo, fn, ctx);
			ir_walk_expr(s->u.ckpt.saves[i]->len, fn, ctx);
		}
		ir_walk_stmt(s->u.ckpt.body, fn, ctx);
		break;
	default:
		break;
	}
}

void ir_visit_stmts(const Stmt *s, StmtVisitor *fn, void *ctx)
{
	int i;

	if (!s)
		return;
	fn(ctx, s);
	switch (s->kind) {
	case S_BLOCK:
		for (i = 0; i < s->u.block.n; i++)
			ir_visit_stmts(s->u.block.items[i], fn, ctx);
		break;
	case S_IF:
		ir_visit_stmts(s->u.ifs.then, fn, ctx);
		ir_visit_stmts(s->u.ifs.els, fn, ctx);
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		ir_visit_stmts(s->u.loop.init, fn, ctx);
		ir_visit_stmts(s->u.loop.inc, fn, ctx);
		ir_visit_stmts(s->u.loop.body, fn, ctx);
		break;
	case S_CHECKPOINT:
		ir_visit_stmts(s->u.ckpt.body, fn, ctx);
		break;
	default:
		break;
	}
}

void ir_rewrite_loops(Stmt *s, LoopRewrite *fn, void *ctx, int inside)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int k = 0; k < s->u.block.n; k++) {
			Stmt *x = s->u.block.items[k];
			Stmt *r = x->kind == S_FOR ? fn(ctx, x) : NULL;
			if (r) {
				s->u.block.items[k] = r;
				if (inside)
					ir_rewrite_loops(x->u.loop.body, fn, ctx,
							 inside);
				continue;
			}
			ir_rewrite_loops(x, fn, ctx, inside);
		}
		break;
	case S_IF:
		ir_rewrite_loops(s->u.ifs.then, fn, ctx, inside);
		ir_rewrite_loops(s->u.ifs.els, fn, ctx, inside);
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		ir_rewrite_loops(s->u.loop.body, fn, ctx, inside);
		break;
	case S_CHECKPOINT:
		ir_rewrite_loops(s->u.ckpt.body, fn, ctx, inside);
		break;
	default:
		break;
	}
}

/* Types that give the same values: the same kinds, names, lengths and
 * structs at every level (qualifiers aside).  Types are not shared: each
 * (Q *)U in the IR may have a pointer type of its own. */
int type_same(const Type *a, const Type *b)
{
	for (; a && b; a = a->base, b = b->base) {
		if (a == b)
			return 1;
		if (a->kind != b->kind || a->len != b->len || a->st != b->st ||
		    a->vla_nd != b->vla_nd || !a->name != !b->name ||
		    (a->name && strcmp(a->name, b->name)) ||
		    !a->rows != !b->rows ||
		    (a->rows && strcmp(a->rows, b->rows)))
			return 0;
	}
	return !a && !b;
}

int expr_equal(const Expr *a, const Expr *b)
{
	if (a == b)
		return 1;
	if (!a || !b || a->kind != b->kind || a->type->kind != b->type->kind)
		return 0;
	switch (a->kind) {
	case E_NUM:
		/* 0.0 and -0.0 compare equal, and give different results */
		return a->u.num.val == b->u.num.val &&
		       signbit(a->u.num.val) == signbit(b->u.num.val) &&
		       a->u.num.ival == b->u.num.ival;
	case E_VAR:
		return a->u.var == b->u.var;
	case E_GLOBAL:
		return a->u.global == b->u.global;
	case E_UNARY:
		return a->u.un.op == b->u.un.op &&
		       expr_equal(a->u.un.e, b->u.un.e);
	case E_BINARY:
		return a->u.bin.op == b->u.bin.op &&
		       expr_equal(a->u.bin.l, b->u.bin.l) &&
		       expr_equal(a->u.bin.r, b->u.bin.r);
	case E_COND:
		return expr_equal(a->u.cond.c, b->u.cond.c) &&
		       expr_equal(a->u.cond.a, b->u.cond.a) &&
		       expr_equal(a->u.cond.b, b->u.cond.b);
	case E_STR:
		return strcmp(a->u.str, b->u.str) == 0;
	case E_CALL:
		/* only math calls are values: any other may have effects
		 * (stdio output, ck_inactive draws) */
		if (a->u.call.fn >= 0 || b->u.call.fn >= 0 ||
		    !rules_find(a->u.call.name) ||
		    strcmp(a->u.call.name, b->u.call.name) != 0 ||
		    a->u.call.nargs != b->u.call.nargs)
			return 0;
		for (int i = 0; i < a->u.call.nargs; i++)
			if (!expr_equal(a->u.call.args[i], b->u.call.args[i]))
				return 0;
		return 1;
	case E_INDEX:
		return expr_equal(a->u.index.base, b->u.index.base) &&
		       expr_equal(a->u.index.idx, b->u.index.idx);
	case E_DEREF: case E_ADDR: case E_CAST:
		return type_same(a->type, b->type) &&
		       expr_equal(a->u.e, b->u.e);
	case E_MEMBER:
		return a->u.mem.field == b->u.mem.field &&
		       expr_equal(a->u.mem.base, b->u.mem.base);
	default:
		return 0;
	}
}

int expr_swapped_product(const Expr *a, const Expr *b)
{
	return a->kind == E_BINARY && b->kind == E_BINARY &&
	       a->u.bin.op == B_MUL && b->u.bin.op == B_MUL &&
	       a->type->kind == b->type->kind &&
	       expr_equal(a->u.bin.l, b->u.bin.r) &&
	       expr_equal(a->u.bin.r, b->u.bin.l);
}

Expr *expr_map(Expr *e, ExprMap *fn, void *ctx)
{
	if (!e)
		return NULL;
	Expr *r = fn(ctx, e);
	if (r)
		return r;
	switch (e->kind) {
	case E_UNARY:
		e->u.un.e = expr_map(e->u.un.e, fn, ctx);
		break;
	case E_BINARY:
		e->u.bin.l = expr_map(e->u.bin.l, fn, ctx);
		e->u.bin.r = expr_map(e->u.bin.r, fn, ctx);
		break;
	case E_COND:
		e->u.cond.c = expr_map(e->u.cond.c, fn, ctx);
		e->u.cond.a = expr_map(e->u.cond.a, fn, ctx);
		e->u.cond.b = expr_map(e->u.cond.b, fn, ctx);
		break;
	case E_CALL:
		for (int i = 0; i < e->u.call.nargs; i++)
			e->u.call.args[i] = expr_map(e->u.call.args[i], fn, ctx);
		break;
	case E_INDEX:
		e->u.index.base = expr_map(e->u.index.base, fn, ctx);
		e->u.index.idx = expr_map(e->u.index.idx, fn, ctx);
		break;
	case E_DEREF: case E_ADDR: case E_CAST:
		e->u.e = expr_map(e->u.e, fn, ctx);
		break;
	case E_MEMBER:
		e->u.mem.base = expr_map(e->u.mem.base, fn, ctx);
		break;
	default:
		break;
	}
	return e;
}

void stmt_map_exprs(Stmt *s, ExprMap *fn, void *ctx)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			stmt_map_exprs(s->u.block.items[i], fn, ctx);
		break;
	case S_DECL:
		s->u.decl.init = expr_map(s->u.decl.init, fn, ctx);
		for (int i = 0; i < s->u.decl.ninits; i++)
			s->u.decl.inits[i] = expr_map(s->u.decl.inits[i], fn, ctx);
		break;
	case S_ASSIGN:
		s->u.assign.lhs = expr_map(s->u.assign.lhs, fn, ctx);
		s->u.assign.rhs = expr_map(s->u.assign.rhs, fn, ctx);
		break;
	case S_EXPR:
	case S_RETURN:
		s->u.expr = expr_map(s->u.expr, fn, ctx);
		break;
	case S_IF:
		s->u.ifs.cond = expr_map(s->u.ifs.cond, fn, ctx);
		stmt_map_exprs(s->u.ifs.then, fn, ctx);
		stmt_map_exprs(s->u.ifs.els, fn, ctx);
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		stmt_map_exprs(s->u.loop.init, fn, ctx);
		s->u.loop.cond = expr_map(s->u.loop.cond, fn, ctx);
		stmt_map_exprs(s->u.loop.inc, fn, ctx);
		stmt_map_exprs(s->u.loop.body, fn, ctx);
		break;
	case S_CHECKPOINT:
		for (int i = 0; i < s->u.ckpt.nsaves; i++) {
			s->u.ckpt.saves[i]->lo =
				expr_map(s->u.ckpt.saves[i]->lo, fn, ctx);
			s->u.ckpt.saves[i]->len =
				expr_map(s->u.ckpt.saves[i]->len, fn, ctx);
		}
		stmt_map_exprs(s->u.ckpt.body, fn, ctx);
		break;
	default:
		break;
	}
}

typedef struct VarRename {
	Func *f;
	int from, to;
} VarRename;

static Expr *var_rename(void *ctx, Expr *e)
{
	const VarRename *r = ctx;
	if (e->kind == E_VAR && e->u.var == r->from)
		return expr_var(r->f, r->to, e->loc);
	return NULL;
}

void stmt_rename_var(Func *f, Stmt *s, int from, int to)
{
	VarRename r = { f, from, to };
	stmt_map_exprs(s, var_rename, &r);
}

void stmt_rewrite(Stmt *s, StmtHook *own, ExprMap *fn, void *ctx)
{
	if (!s)
		return;
	int done = own && own(ctx, s);
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			stmt_rewrite(s->u.block.items[i], own, fn, ctx);
		return;
	case S_IF:
		if (!done)
			s->u.ifs.cond = expr_map(s->u.ifs.cond, fn, ctx);
		stmt_rewrite(s->u.ifs.then, own, fn, ctx);
		stmt_rewrite(s->u.ifs.els, own, fn, ctx);
		return;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		stmt_rewrite(s->u.loop.init, own, fn, ctx);
		if (!done)
			s->u.loop.cond = expr_map(s->u.loop.cond, fn, ctx);
		stmt_rewrite(s->u.loop.inc, own, fn, ctx);
		stmt_rewrite(s->u.loop.body, own, fn, ctx);
		return;
	case S_CHECKPOINT:
		for (int i = 0; !done && i < s->u.ckpt.nsaves; i++) {
			SaveSection *sv = s->u.ckpt.saves[i];
			sv->lo = expr_map(sv->lo, fn, ctx);
			sv->len = expr_map(sv->len, fn, ctx);
		}
		stmt_rewrite(s->u.ckpt.body, own, fn, ctx);
		return;
	default:
		if (!done)
			stmt_map_exprs(s, fn, ctx);
		return;
	}
}

static void has_call_visit(void *ctx, const Expr *e)
{
	*(int *)ctx |= e->kind == E_CALL;
}

int expr_has_call(const Expr *e)
{
	int hit = 0;
	ir_walk_expr(e, has_call_visit, &hit);
	return hit;
}

typedef struct Replace {
	const Expr *what, *with;
} Replace;

static Expr *replace_one(void *ctx, Expr *e)
{
	const Replace *r = ctx;
	return expr_equal(e, r->what) ? expr_clone(r->with) : NULL;
}

Expr *expr_replace(Expr *e, const Expr *c, const Expr *with)
{
	Replace r = { c, with };
	return expr_map(e, replace_one, &r);
}

/* The value of integer expression e when it is a constant (literals,
 * arithmetic, comparisons, ?: and casts, as adjoint.c writes trip
 * counts); 0 otherwise. */
int ir_int_const(const Expr *e, long *v)
{
	long a, b, c;
	switch (e->kind) {
	case E_NUM:
		*v = (long)e->u.num.ival;
		return e->u.num.is_int;
	case E_CAST:
		return e->type->kind == TY_INT && ir_int_const(e->u.e, v);
	case E_UNARY:
		if ((e->u.un.op != U_NEG && e->u.un.op != U_PLUS) ||
		    !ir_int_const(e->u.un.e, &a))
			return 0;
		*v = e->u.un.op == U_NEG ? -a : a;
		return 1;
	case E_COND:
		if (!ir_int_const(e->u.cond.c, &c) ||
		    !ir_int_const(e->u.cond.a, &a) ||
		    !ir_int_const(e->u.cond.b, &b))
			return 0;
		*v = c ? a : b;
		return 1;
	case E_BINARY:
		if (!ir_int_const(e->u.bin.l, &a) ||
		    !ir_int_const(e->u.bin.r, &b) || a > 1L << 30 ||
		    a < -(1L << 30) || b > 1L << 30 || b < -(1L << 30))
			return 0;
		switch (e->u.bin.op) {
		case B_ADD:
			*v = a + b;
			return 1;
		case B_SUB:
			*v = a - b;
			return 1;
		case B_MUL:
			*v = a * b;
			return 1;
		case B_DIV:
			if (!b)
				return 0;
			*v = a / b;
			return 1;
		case B_LT:
			*v = a < b;
			return 1;
		case B_GT:
			*v = a > b;
			return 1;
		case B_LE:
			*v = a <= b;
			return 1;
		case B_GE:
			*v = a >= b;
			return 1;
		default:
			return 0;
		}
	default:
		return 0;
	}
}

/* ----------------------------------------------------------- mentions */

typedef struct Mention {
	int var, hit;
} Mention;

static void mention_visit(void *ctx, const Expr *e)
{
	Mention *m = ctx;
	if (e->kind == E_VAR && e->u.var == m->var)
		m->hit = 1;
}

int expr_mentions(const Expr *e, int var)
{
	Mention m = { var, 0 };
	if (e)
		ir_walk_expr(e, mention_visit, &m);
	return m.hit;
}

int stmt_mentions(const Stmt *s, int var)
{
	Mention m = { var, 0 };
	if (s)
		ir_walk_stmt(s, mention_visit, &m);
	return m.hit;
}

int stmt_math_only(const Stmt *s)
{
	switch (s->kind) {
	case S_ASSIGN:
		return expr_math_only(s->u.assign.lhs) &&
		       expr_math_only(s->u.assign.rhs);
	case S_DECL:
		if (!expr_math_only(s->u.decl.init))
			return 0;
		for (int i = 0; i < s->u.decl.ninits; i++)
			if (!expr_math_only(s->u.decl.inits[i]))
				return 0;
		return 1;
	default:
		return 0;
	}
}

void inserts_add(Inserts *in, Stmt *s, int at)
{
	if (in->n == in->cap) {
		in->cap = in->cap ? 2 * in->cap : 8;
		Stmt **st = arena_alloc(sizeof(Stmt *) * (size_t)in->cap);
		int *a = arena_alloc(sizeof(int) * (size_t)in->cap);
		if (in->n) {
			memcpy(st, in->stmts, sizeof(Stmt *) * (size_t)in->n);
			memcpy(a, in->at, sizeof(int) * (size_t)in->n);
		}
		in->stmts = st;
		in->at = a;
	}
	in->stmts[in->n] = s;
	in->at[in->n++] = at;
}

void inserts_apply(Inserts *in, Stmt *b)
{
	if (!in->n)
		return;
	int n = b->u.block.n;
	Stmt **old = b->u.block.items;
	b->u.block.items = NULL;
	b->u.block.n = 0;
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < in->n; j++)
			if (in->at[j] == i)
				stmt_append(b, in->stmts[j]);
		stmt_append(b, old[i]);
	}
	in->n = 0;
}

static void reads_data_visit(void *ctx, const Expr *e)
{
	if (e->kind == E_VAR || e->kind == E_GLOBAL)
		*(int *)ctx = 1;
}

int expr_reads_data(const Expr *e)
{
	int hit = 0;
	if (e)
		ir_walk_expr(e, reads_data_visit, &hit);
	return hit;
}

static void math_only_visit(void *ctx, const Expr *e)
{
	int *bad = ctx;
	if (e->kind == E_CALL &&
	    (e->u.call.fn >= 0 || !rules_find(e->u.call.name)))
		*bad = 1;
}

int expr_math_only(const Expr *e)
{
	int bad = 0;
	if (e)
		ir_walk_expr(e, math_only_visit, &bad);
	return !bad;
}

int ir_counted_for(const Stmt *s, const Expr **lo, const Expr **hi, int *le)
{
	if (s->kind != S_FOR)
		return -1;
	const Stmt *in = s->u.loop.init;
	const Expr *c = s->u.loop.cond;
	const Stmt *inc = s->u.loop.inc;
	int i = in && in->kind == S_DECL && in->u.decl.init ? in->u.decl.var
		: in && in->kind == S_ASSIGN && in->u.assign.op == A_SET &&
				in->u.assign.lhs->kind == E_VAR
			? in->u.assign.lhs->u.var
			: -1;
	if (i < 0 || !c || c->kind != E_BINARY ||
	    (c->u.bin.op != B_LT && c->u.bin.op != B_LE) ||
	    c->u.bin.l->kind != E_VAR || c->u.bin.l->u.var != i || !inc ||
	    inc->kind != S_ASSIGN || inc->u.assign.op != A_INC ||
	    inc->u.assign.lhs->kind != E_VAR || inc->u.assign.lhs->u.var != i)
		return -1;
	*lo = in->kind == S_DECL ? in->u.decl.init : in->u.assign.rhs;
	*hi = c->u.bin.r;
	*le = c->u.bin.op == B_LE;
	return i;
}

typedef struct Assigns {
	int var, hit;
} Assigns;

static void assigns_stmt(void *ctx, const Stmt *s)
{
	Assigns *a = ctx;
	if (s->kind == S_ASSIGN && s->u.assign.lhs->kind == E_VAR &&
	    s->u.assign.lhs->u.var == a->var)
		a->hit = 1;
}

static void assigns_expr(void *ctx, const Expr *e)
{
	Assigns *a = ctx;
	if (e->kind == E_ADDR && e->u.e->kind == E_VAR &&
	    e->u.e->u.var == a->var)
		a->hit = 1;
}

int stmt_takes_addr(const Stmt *s, int var)
{
	Assigns a = { var, 0 };
	ir_walk_stmt(s, assigns_expr, &a);
	return a.hit;
}

void diag_global_shadow(const Program *p, const Expr *e, int g)
{
	diag_error(e->loc,
		   "this points into '%s', a file-scope %s without "
		   "derivatives, where ckc follows derivatives (a pointer "
		   "member of a struct whose other members carry them, or "
		   "a pointer that may also point to active data); copy it "
		   "into a local array first",
		   p->globals[g]->name,
		   p->globals[g]->type->kind == TY_ARRAY ? "array"
							 : "variable");
}

int ir_for_clause_ok(const Stmt *s, int is_init)
{
	if (s->kind != S_BLOCK)
		return s->kind == S_ASSIGN || s->kind == S_EXPR ||
		       (is_init && s->kind == S_DECL);
	for (int i = 0; i < s->u.block.n; i++) {
		const Stmt *it = s->u.block.items[i];
		if (!it || it->kind == S_BLOCK ||
		    (it->kind == S_DECL) !=
			    (s->u.block.items[0]->kind == S_DECL) ||
		    !ir_for_clause_ok(it, is_init))
			return 0;
	}
	return s->u.block.n > 0;
}

int stmt_has_continue(const Stmt *s)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case S_CONTINUE:
		return 1;
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (stmt_has_continue(s->u.block.items[i]))
				return 1;
		return 0;
	case S_IF:
		return stmt_has_continue(s->u.ifs.then) ||
		       stmt_has_continue(s->u.ifs.els);
	case S_CHECKPOINT:
		return stmt_has_continue(s->u.ckpt.body);
	default: /* (a loop's continue is its own) */
		return 0;
	}
}

const Stmt *stmt_find_decl(const Stmt *s, int v)
{
	const Stmt *d = NULL;
	if (!s)
		return NULL;
	switch (s->kind) {
	case S_DECL:
		return s->u.decl.var == v ? s : NULL;
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n && !d; i++)
			d = stmt_find_decl(s->u.block.items[i], v);
		return d;
	case S_IF:
		d = stmt_find_decl(s->u.ifs.then, v);
		return d ? d : stmt_find_decl(s->u.ifs.els, v);
	case S_FOR:
	case S_WHILE:
	case S_DO:
		d = stmt_find_decl(s->u.loop.init, v);
		return d ? d : stmt_find_decl(s->u.loop.body, v);
	case S_CHECKPOINT:
		return stmt_find_decl(s->u.ckpt.body, v);
	default:
		return NULL;
	}
}

int stmt_assigns_var(const Stmt *s, int var)
{
	Assigns a = { var, 0 };
	ir_visit_stmts(s, assigns_stmt, &a);
	return a.hit || stmt_takes_addr(s, var);
}

void ir_plain_kids(const Expr *e, ExprVisitor *fn, void *ctx)
{
	switch (e->kind) {
	case E_UNARY:
		fn(ctx, e->u.un.e);
		return;
	case E_BINARY:
		fn(ctx, e->u.bin.l);
		fn(ctx, e->u.bin.r);
		return;
	case E_COND:
		fn(ctx, e->u.cond.c);
		fn(ctx, e->u.cond.a);
		fn(ctx, e->u.cond.b);
		return;
	case E_ADDR:
	case E_CAST:
		fn(ctx, e->u.e);
		return;
	case E_MEMBER:
		fn(ctx, e->u.mem.base);
		return;
	default:
		return;
	}
}

/* ---- integer members of structs that change
 *
 * A struct type's integer field that a converted function changes other
 * than by a plain store into a member of a struct variable, s.m = e (a
 * local struct's setup, which f_bwd replays): p->n++, w.count += 1,
 * c->pos = 0, p->idx[k] = j, also through a pointer into the member (c[0]
 * = j with int *c = m->conn + k), and an integer array or int * member
 * passed to a call that may store into it, fill(m.conn, n). */

typedef struct FieldRef {
	const StructDef *sd;
	int field;
} FieldRef;

static FieldRef *ir_fields;
static int ir_nfields;

const Expr *ir_lv_member(const Expr *e)
{
	while (e->kind == E_INDEX)
		e = e->u.index.base;
	return e->kind == E_MEMBER ? e : NULL;
}

/* The member whose storage pointer p points into, or NULL: m->conn,
 * m->conn + 2 * e, &m.conn[k], a row m.tab[i] of a 2-D member, and with
 * f, a local pointer f declares with such a value (const int *c =
 * m->conn + 2 * e;, which views.c replaces by its definition). */
static const Expr *ir_ptr_member(const Func *f, const Expr *p, int depth)
{
	if (depth > 8)
		return NULL;
	switch (p->kind) {
	case E_MEMBER:
		return p;
	case E_INDEX:
		return ir_lv_member(p);
	case E_CAST:
		return ir_ptr_member(f, p->u.e, depth + 1);
	case E_ADDR:
		if (p->u.e->kind == E_DEREF)
			return ir_ptr_member(f, p->u.e->u.e, depth + 1);
		return ir_lv_member(p->u.e);
	case E_BINARY:
		if ((p->u.bin.op == B_ADD || p->u.bin.op == B_SUB) &&
		    type_is_pointerish(p->u.bin.l->type))
			return ir_ptr_member(f, p->u.bin.l, depth + 1);
		if (p->u.bin.op == B_ADD &&
		    type_is_pointerish(p->u.bin.r->type))
			return ir_ptr_member(f, p->u.bin.r, depth + 1);
		return NULL;
	case E_VAR: {
		if (!f || f->vars[p->u.var]->kind != VAR_LOCAL ||
		    f->vars[p->u.var]->type->kind != TY_PTR)
			return NULL;
		const Stmt *d = stmt_find_decl(f->body, p->u.var);
		return d && d->u.decl.init
			       ? ir_ptr_member(f, d->u.decl.init, depth + 1)
			       : NULL;
	}
	default:
		return NULL;
	}
}

const Expr *ir_elem_member(const Func *f, const Expr *e)
{
	if (e->kind == E_DEREF)
		return ir_ptr_member(f, e->u.e, 0);
	if (e->kind != E_INDEX)
		return NULL;
	while (e->kind == E_INDEX)
		e = e->u.index.base;
	return ir_ptr_member(f, e, 0);
}

int ir_field_changed_at(const StructDef *sd, int field)
{
	for (int i = 0; i < ir_nfields; i++)
		if (ir_fields[i].sd == sd && ir_fields[i].field == field)
			return 1;
	return 0;
}

int ir_field_changed(const Expr *mem)
{
	return ir_field_changed_at(mem->u.mem.base->type->st,
				   mem->u.mem.field);
}

/* Is s a plain store into a member of struct variable v (or of an element
 * of array of structs v): v.m = e, v[k].m = e? */
static int ir_setup_store(const Stmt *s, int v)
{
	if (s->kind != S_ASSIGN || s->u.assign.op != A_SET ||
	    s->u.assign.lhs->kind != E_MEMBER)
		return 0;
	const Expr *b = s->u.assign.lhs->u.mem.base;
	while (b->kind == E_INDEX || b->kind == E_MEMBER)
		b = b->kind == E_INDEX ? b->u.index.base : b->u.mem.base;
	return b->kind == E_VAR && b->u.var == v;
}

/* Statements of the function being scanned that are setup stores. */
typedef struct SetupList {
	const Stmt **s;
	int n;
	const Program *p;
	const Func *f;
} SetupList;

static int ir_in_setup(const SetupList *l, const Stmt *s)
{
	for (int i = 0; i < l->n; i++)
		if (l->s[i] == s)
			return 1;
	return 0;
}

static void ir_fields_visit(void *ctx, const Stmt *s)
{
	const SetupList *l = ctx;
	if (s->kind != S_ASSIGN || ir_in_setup(l, s))
		return;
	/* (also a store through a pointer into a member: c[0] = j with
	 * int *c = m->conn + k) */
	const Expr *lv = s->u.assign.lhs, *mem = ir_lv_member(lv);
	if (!mem)
		mem = ir_elem_member(l->f, lv);
	if (!mem || type_is_float(lv->type) || type_is_pointerish(lv->type) ||
	    lv->type->kind == TY_STRUCT || ir_field_changed(mem))
		return;
	FieldRef r = { mem->u.mem.base->type->st, mem->u.mem.field };
	VEC_PUSH(ir_fields, ir_nfields, r);
}

static void ir_field_mark(const Expr *mem)
{
	if (ir_field_changed(mem))
		return;
	FieldRef r = { mem->u.mem.base->type->st, mem->u.mem.field };
	VEC_PUSH(ir_fields, ir_nfields, r);
}

/* A call's argument that points into an integer member, fill(m.conn, n),
 * memcpy(m.conn, tab, sizeof tab), unless it goes to a pointer to const
 * of a function of the file: the call may change the member's elements,
 * which f_bwd's copy of a local struct would not follow. */
static void ir_fields_call_visit(void *ctx, const Expr *e)
{
	const SetupList *l = ctx;
	if (e->kind != E_CALL)
		return;
	const Func *g = e->u.call.fn >= 0 ? l->p->funcs[e->u.call.fn] : NULL;
	for (int i = 0; i < e->u.call.nargs; i++) {
		const Expr *a = e->u.call.args[i];
		if (!type_is_pointerish(a->type) ||
		    a->type->base->kind != TY_INT)
			continue;
		if (g && i < g->nparams &&
		    g->vars[g->params[i]]->type->kind == TY_PTR &&
		    g->vars[g->params[i]]->type->base->is_const)
			continue;
		const Expr *m = ir_ptr_member(l->f, a, 0);
		if (m)
			ir_field_mark(m);
	}
}

/* The plain member stores into a struct variable that follow its
 * declaration in its block, up to the first other statement that
 * mentions it (what its initializer became, and its setup, as
 * adjoint.c's adj_struct_setup takes it), into setup. */
static void ir_setup_visit(void *ctx, const Stmt *s)
{
	SetupList *setup = ctx;
	if (s->kind != S_BLOCK)
		return;
	for (int i = 0; i < s->u.block.n; i++) {
		const Stmt *d = s->u.block.items[i];
		if (d->kind != S_DECL)
			continue;
		int v = d->u.decl.var;
		for (int j = i + 1; j < s->u.block.n; j++) {
			const Stmt *st = s->u.block.items[j];
			if (ir_setup_store(st, v))
				VEC_PUSH(setup->s, setup->n, st);
			else if (stmt_mentions(st, v))
				break;
		}
	}
}

void ir_fields_scan(const Program *p)
{
	ir_fields = NULL;
	ir_nfields = 0;
	for (int i = 0; i < p->nfuncs; i++) {
		SetupList setup = { NULL, 0, p, p->funcs[i] };
		ir_visit_stmts(p->funcs[i]->body, ir_setup_visit, &setup);
		ir_visit_stmts(p->funcs[i]->body, ir_fields_visit, &setup);
		ir_walk_stmt(p->funcs[i]->body, ir_fields_call_visit, &setup);
	}
}

/* ---- loops whose condition became tests in the body */

void stmt_append_flat(Stmt *b, Stmt *s)
{
	if (s->kind != S_BLOCK) {
		stmt_append(b, s);
		return;
	}
	for (int i = 0; i < s->u.block.n; i++)
		stmt_append(b, s->u.block.items[i]);
}

Stmt *ir_tested_loop(Func *f, int is_do, Stmt *tests, Stmt *body, int first,
		     Loc loc)
{
	Stmt *loop = stmt_new(S_FOR, loc), *b = stmt_block(loc);
	loop->u.loop.body = b;
	if (!is_do) {
		stmt_append_flat(b, tests);
		stmt_append_flat(b, body);
	} else if (first < 0) {
		stmt_append(b, body);
		stmt_append_flat(b, tests);
	} else {
		loop->u.loop.init = stmt_decl(first, expr_int(1, loc), loc);
		loop->u.loop.inc = stmt_assign(A_SET, expr_var(f, first, loc),
					       expr_int(0, loc), loc);
		Stmt *t = stmt_new(S_IF, loc);
		t->u.ifs.cond =
			expr_unary(U_NOT, expr_var(f, first, loc), loc);
		t->u.ifs.then = tests;
		stmt_append(b, t);
		stmt_append(b, body);
	}
	return loop;
}

/* The scalar values in an object of type t: an array's elements, a
 * struct's members, each counted down to its numbers. */
long type_scalars(const Type *t)
{
	if (t->kind == TY_ARRAY)
		return t->len * type_scalars(t->base);
	if (t->kind == TY_STRUCT && t->st && t->st->complete) {
		long n = 0;
		for (int i = 0; i < t->st->nfields; i++)
			n += type_scalars(t->st->fields[i].type);
		return n;
	}
	return 1;
}

/* Does a checkpoint region in s mention v (decl: declare v)? */
int stmt_in_region(const Stmt *s, int v, int decl)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (stmt_in_region(s->u.block.items[i], v, decl))
				return 1;
		return 0;
	case S_IF:
		return stmt_in_region(s->u.ifs.then, v, decl) ||
		       stmt_in_region(s->u.ifs.els, v, decl);
	case S_FOR:
	case S_WHILE:
	case S_DO:
		return stmt_in_region(s->u.loop.body, v, decl);
	case S_CHECKPOINT:
		return decl ? stmt_find_decl(s->u.ckpt.body, v) != NULL
			    : stmt_mentions(s->u.ckpt.body, v);
	default:
		return 0;
	}
}
