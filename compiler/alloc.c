/*
 * alloc.c - the rules for dynamic memory: malloc, calloc, realloc, free,
 * and the libckrt calls that generated code makes for shadow buffers.
 *
 * The transforms ckc cannot see into these calls; they consult this table
 * instead (DESIGN §6): what a call does (allocate, resize, free), which
 * argument is the old buffer, and which call makes the shadow alongside it
 * in tangent code.  The adjoint's own forward-sweep spellings (deferred
 * frees, ck_fwd_realloc) are in the table too, so that the tangent of
 * generated code (second order) pairs every buffer with its shadow:
 *
 *   p = malloc(b)                  p_d = ck_shadow_alloc(b)
 *   p = calloc(n, s)               p_d = ck_shadow_alloc(n * s)
 *   p = realloc(q, b)              p_d = ck_shadow_realloc(q_d, b)
 *   free(p)                        ck_shadow_free(p_d)
 *   p = ck_shadow_alloc(b)         p_d = ck_shadow_alloc(b)
 *   p = ck_shadow_realloc(q, b)    p_d = ck_shadow_realloc(q_d, b)
 *   p = ck_shadow_unrealloc(q, b)  p_d = ck_shadow_unrealloc(q_d, b)
 *   p = ck_shadow_dup(q, b)        p_d = ck_shadow_dup(q_d, b)
 *   ck_shadow_free(p)              ck_shadow_free(p_d)
 *   p = ck_fwd_realloc(q, o, b)    p_d = ck_shadow_dup(q_d, b)
 *   p = ck_scratch_alloc_d(n)      p_d = ck_scratch_alloc_d(n)
 *   ck_scratch_free_d(p, n)        ck_scratch_free_d(p_d, n)   (and _f)
 */
#include "ckc.h"

#include <string.h>

/* Columns: name, number of arguments, kind, the argument holding the old
 * buffer (-1: none), a call the user writes (not generated code's), the
 * call that makes the shadow in tangent code, and its arguments.
 * The shadow call's arguments: "0" the first argument, "0*1" the product
 * of the first two, "p" the old buffer's shadow, "p1" it and the second
 * argument, "p2" it and the third. */
static const AllocRule alloc_rules[] = {
	{"malloc", 1, ALLOC_NEW, -1, 1, "ck_shadow_alloc", "0"},
	{"calloc", 2, ALLOC_NEW, -1, 1, "ck_shadow_alloc", "0*1"},
	{"realloc", 2, ALLOC_RESIZE, 0, 1, "ck_shadow_realloc", "p1"},
	{"free", 1, ALLOC_FREE, 0, 1, "ck_shadow_free", "p"},
	{"ck_shadow_alloc", 1, ALLOC_NEW, -1, 0, "ck_shadow_alloc", "0"},
	{"ck_shadow_realloc", 2, ALLOC_RESIZE, 0, 0, "ck_shadow_realloc", "p1"},
	{"ck_shadow_unrealloc", 2, ALLOC_RESIZE, 0, 0, "ck_shadow_unrealloc", "p1"},
	{"ck_shadow_dup", 2, ALLOC_COPY, 0, 0, "ck_shadow_dup", "p1"},
	{"ck_shadow_free", 1, ALLOC_FREE, 0, 0, "ck_shadow_free", "p"},
	{"ck_fwd_realloc", 3, ALLOC_COPY, 0, 0, "ck_shadow_dup", "p2"},
	{"ck_scratch_alloc_d", 1, ALLOC_NEW, -1, 0, "ck_scratch_alloc_d", "0"},
	{"ck_scratch_free_d", 2, ALLOC_FREE, 0, 0, "ck_scratch_free_d", "p1"},
	{"ck_scratch_alloc_f", 1, ALLOC_NEW, -1, 0, "ck_scratch_alloc_f", "0"},
	{"ck_scratch_free_f", 2, ALLOC_FREE, 0, 0, "ck_scratch_free_f", "p1"},
};

/* The call at the bottom of e's casts, or NULL. */
const Expr *alloc_call_of(const Expr *e)
{
	while (e && e->kind == E_CAST)
		e = e->u.e;
	return e && e->kind == E_CALL && e->u.call.fn < 0 ? e : NULL;
}

const AllocRule *alloc_find(const Expr *e)
{
	const Expr *call = alloc_call_of(e);
	if (!call)
		return NULL;
	for (size_t i = 0; i < sizeof alloc_rules / sizeof alloc_rules[0]; i++)
		if (strcmp(alloc_rules[i].name, call->u.call.name) == 0 &&
		    call->u.call.nargs == alloc_rules[i].nargs)
			return &alloc_rules[i];
	return NULL;
}

const Expr *alloc_old(const Expr *e)
{
	const AllocRule *r = alloc_find(e);
	if (!r || r->ptr < 0)
		return NULL;
	return alloc_call_of(e)->u.call.args[r->ptr];
}

Expr *alloc_bytes(const Expr *e)
{
	const AllocRule *r = alloc_find(e);
	const Expr *call = alloc_call_of(e);
	ck_assert(r && r->kind != ALLOC_FREE);
	Expr *const *a = call->u.call.args;
	if (strcmp(r->name, "calloc") == 0)
		return expr_binary(B_MUL, expr_clone(a[0]), expr_clone(a[1]),
				   a[0]->type, call->loc);
	if (r->kind == ALLOC_NEW)
		return expr_clone(a[0]);
	return expr_clone(a[call->u.call.nargs - 1]);
}

static Type *alloc_void_ptr(void)
{
	static Type v = { TY_VOID, 0, NULL, NULL, 0, NULL, 0, 0, NULL, NULL };
	static Type p = { TY_PTR, 0, NULL, &v, 0, NULL, 0, 0, NULL, NULL };
	return &p;
}

static Type *alloc_void(void)
{
	static Type v = { TY_VOID, 0, NULL, NULL, 0, NULL, 0, 0, NULL, NULL };
	return &v;
}

Expr *alloc_shadow_call(const Expr *e, Expr *old_shadow)
{
	const AllocRule *r = alloc_find(e);
	const Expr *call = alloc_call_of(e);
	ck_assert(r);
	Expr *const *a = call->u.call.args;
	Expr *x = NULL, *y = NULL;
	const char *f = r->shadow_args;
	if (strcmp(f, "0") == 0) {
		x = expr_clone(a[0]);
	} else if (strcmp(f, "0*1") == 0) {
		x = alloc_bytes(e);
	} else {
		ck_assert(f[0] == 'p' && old_shadow);
		/* a shadow that nothing writes may be const (DESIGN §2) */
		x = old_shadow;
		if (x->type && x->type->kind == TY_PTR && x->type->base->is_const)
			x = expr_cast(alloc_void_ptr(), x, call->loc);
		if (f[1])
			y = expr_clone(a[f[1] - '0']);
	}
	return expr_call_n(r->shadow,
			   r->kind == ALLOC_FREE ? alloc_void() : alloc_void_ptr(),
			   call->loc, x, y, NULL);
}
