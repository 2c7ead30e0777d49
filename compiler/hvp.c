/*
 * hvp.c - second order: f_b_d is the tangent of f_b.
 *
 * adjoint_program gives every ck_hvp request an adjoint like a ck_adjoint
 * request gets: a (static) f_b that runs the forward sweep f_fwd and the
 * reverse sweep f_bwd.  This pass makes those generated functions
 * functions of the program for a while, so that activity analysis and the
 * tangent transform see them as they see user code, and takes the tangent
 * of f_b with the primal inputs, their adjoints and the seed ret_b
 * active.  That tangent is f_b_d:
 *
 *   x_b  += ret_b * grad                  (the primal statements of f_b)
 *   x_bd += ret_b * H.x_d + ret_bd * grad  (their tangents)
 *
 * tangent.c knows what the tape and the snapshots of generated code mean
 * for tangents (they carry them next to the values), so checkpoint regions
 * and binomial loops need nothing more here.  Afterwards the generated
 * functions leave the program again, and static generated functions that
 * nothing calls (the static f_b, sweeps only their tangents replaced) are
 * dropped from the output.
 */
#include "ckc.h"

#include <string.h>

/* Resolves calls among generated functions to their index in p->funcs,
 * for those from index first on (or back to -1 when first < 0). */
typedef struct Resolve {
	Program *p;
	int first;
	int undo; /* set fn = -1 on calls into [first, nfuncs) */
} Resolve;

static void hvp_resolve_call(void *ctx, const Expr *ce)
{
	Resolve *r = ctx;
	Expr *e = (Expr *)ce; /* the IR is ours to change here */
	if (e->kind != E_CALL)
		return;
	if (r->undo) {
		if (e->u.call.fn >= r->first)
			e->u.call.fn = -1;
		return;
	}
	if (e->u.call.fn >= 0)
		return;
	int k = prog_find_func(r->p, e->u.call.name);
	if (k >= r->first)
		e->u.call.fn = k;
}

/* Makes the generated functions of p->out functions of the program from
 * index p->nfuncs on; returns that index.  Where a function has a
 * tangent_source, that one (of the same name) stands for it. */
static int hvp_register(Program *p)
{
	int first = p->nfuncs;
	for (int i = 0; i < p->nout; i++) {
		Func *f = p->out[i];
		if (!f->generated || prog_find_func(p, f->name) >= 0)
			continue;
		if (f->tangent_source)
			f = f->tangent_source;
		ARENA_PUSH(p->funcs, p->nfuncs, f);
	}
	Resolve r = {p, first, 0};
	for (int i = first; i < p->nfuncs; i++)
		ir_walk_stmt(p->funcs[i]->body, hvp_resolve_call, &r);
	return first;
}

static void hvp_unregister(Program *p, int first)
{
	Resolve r = {p, first, 1};
	for (int i = 0; i < p->nout; i++)
		ir_walk_stmt(p->out[i]->body, hvp_resolve_call, &r);
	p->nfuncs = first;
}

/* The pattern of f_b's tangent: the active inputs of f, their adjoints
 * and ret_b carry tangents. */
static Pattern *hvp_pattern(Program *p, const Request *r, int fn)
{
	const Func *f = p->funcs[r->fn], *w = p->funcs[fn];
	Pattern *fp = activity_request_pattern(p, r);
	Pattern *pat = ARENA_NEW(Pattern);
	pat->fn = fn;
	pat->drop_ret = 1; /* f_b_d returns the primal, with no tangent */
	pat->active = arena_alloc((size_t)w->nparams + 1);
	int k = 0;
	for (int i = 0; i < f->nparams; i++) {
		pat->active[k++] = fp->active[i];
		if (fp->active[i])
			pat->active[k++] = 1; /* p_b */
	}
	if (type_is_float(f->ret))
		pat->active[k++] = 1; /* ret_b */
	ck_assert(k == w->nparams);
	return pat;
}

static const char *hvp_comment(const Program *p, const Request *r,
			       const char *name)
{
	const Func *f = p->funcs[r->fn];
	const char *rb = func_ret_base(f);
	char *act = "";
	Pattern *fp = activity_request_pattern(p, r);
	for (int i = 0; i < f->nparams; i++)
		if (fp->active[i])
			act = arena_printf("%s%s%s", act, *act ? ", " : "",
					   f->vars[f->params[i]]->name);
	if (r->vector)
		return arena_printf(
			"%s: second-order adjoint (tangent of the adjoint) of "
			"%s,\nin ck_nd directions at once (element-major: "
			"p_dv[i * ck_nd + k]).\nActive: %s; p_b += %s_b * "
			"grad "
			"as %s_b computes it, and\np_bdv[., k] += %s_b * "
			"H.(p_dv[., k]) + %s_bdv[k] * grad.",
			name, f->name, *act ? act : "none", rb, f->name, rb,
			rb);
	return arena_printf(
		"%s: second-order adjoint (tangent of the adjoint) of %s.\n"
		"Active: %s; p_b += %s_b * grad as %s_b computes it, and\n"
		"p_bd += %s_b * H.(p_d) + %s_bd * grad.",
		name, f->name, *act ? act : "none", rb, f->name, rb, rb);
}

/* ---- dropping what nothing calls */

typedef struct Reach {
	const Program *p;
	unsigned char *live; /* per p->out index */
	int changed;
} Reach;

static void hvp_mark_call(void *ctx, const Expr *e)
{
	Reach *r = ctx;
	if (e->kind != E_CALL)
		return;
	for (int i = 0; i < r->p->nout; i++) {
		if (!r->live[i] && strcmp(r->p->out[i]->name, e->u.call.name) == 0) {
			r->live[i] = 1;
			r->changed = 1;
		}
	}
}

/* Removes static generated functions that no public one reaches. */
void prog_drop_unused(Program *p)
{
	Reach r;
	r.p = p;
	r.live = arena_alloc((size_t)p->nout + 1);
	for (int i = 0; i < p->nout; i++)
		r.live[i] = !p->out[i]->is_static;
	unsigned char *scanned = arena_alloc((size_t)p->nout + 1);
	/* Ends: each pass that goes on scans a function not scanned before
	 * (live bits are only set), so there are at most nout + 1 passes. */
	do {
		r.changed = 0;
		for (int i = 0; i < p->nout; i++) {
			if (r.live[i] && !scanned[i]) {
				scanned[i] = 1;
				ir_walk_stmt(p->out[i]->body, hvp_mark_call, &r);
			}
		}
	} while (r.changed);
	int n = 0;
	for (int i = 0; i < p->nout; i++)
		if (r.live[i])
			p->out[n++] = p->out[i];
	p->nout = n;
}

/* ---- f_b_d of a fused loop: the fused loop's tangent or the sweeps'
 *
 * Where f_b runs one fused loop (fuse.c) that uses no tape, f_b_d is
 * made twice: the tangent of the fused loop, and the tangents of the two
 * sweeps (the f_b_d of --no-fuse), in a static f_b_d_sweeps.  They give
 * the same bits and the same ck_stats; which is faster depends on the C
 * compiler.  Measured on reductions (Rosenbrock's and six others), gcc
 * -O2 runs the fused loop's tangent faster on all but Rosenbrock, and
 * clang -O2 (whose SLP vectorizer packs the loop's value and tangent
 * into vectors it then takes apart) runs the two sweeps faster on five
 * of the seven, Rosenbrock's by 1.4 times.  So f_b_d begins with
 *
 *   if (!CKC_FUSED_HVP) return f_b_d_sweeps(...);
 *
 * and the output defines CKC_FUSED_HVP as 0 under clang and 1 otherwise,
 * unless the build defines it. */
static void hvp_sweeps(Program *p, Request *r, Func *g, int first)
{
	int fn = prog_find_func(p, r->adj_sweeps->name);
	ck_assert(fn >= first);
	const char *name = name_fresh(p, NULL,
				      arena_printf("%s_sweeps", g->name));
	Func *s = tangent_function(p, hvp_pattern(p, r, fn), name, 0);
	if (!s)
		return;
	s->is_static = 1;
	s->comment = arena_printf(
		"%s: %s where CKC_FUSED_HVP is 0:\nthe tangents of the two "
		"sweeps instead of the fused loop's (the same\nnumbers)",
		name, g->name);
	Expr **args = NULL;
	int nargs = 0;
	for (int i = 0; i < g->nparams; i++)
		ARENA_PUSH(args, nargs, expr_var(g, g->params[i], g->loc));
	Expr *which = expr_int(1, g->loc);
	which->spelled = "CKC_FUSED_HVP";
	Stmt *c = stmt_new(S_IF, g->loc);
	c->u.ifs.cond = expr_unary(U_NOT, which, g->loc);
	c->u.ifs.then = stmt_expr(
		S_RETURN, expr_call(name, -1, args, nargs, g->ret, g->loc),
		g->loc);
	stmt_prepend(g->body, c);
	p->fused_hvp_choice = 1;
}

void hvp_program(Program *p)
{
	int any = 0;
	for (int i = 0; i < p->nreqs; i++)
		any |= p->reqs[i]->mode == MODE_HVP && p->reqs[i]->adj_wrapper;
	if (!any || diag_errors()) {
		/* f_b may call f_fb instead of f_fwd and f_bwd (fuse.c) */
		if (!diag_errors())
			prog_drop_unused(p);
		return;
	}
	int first = hvp_register(p);
	for (int i = 0; i < p->nreqs; i++) {
		Request *r = p->reqs[i];
		if (r->mode != MODE_HVP || !r->adj_wrapper)
			continue;
		const char *name = arena_printf(
			r->vector ? "%s_b_dv" : "%s_b_d", r->fname);
		if (name_taken(p, NULL, name)) {
			diag_error(r->loc, "cannot generate '%s': the name is "
					   "already used",
				   name);
			continue;
		}
		int fn = prog_find_func(p, r->adj_wrapper->name);
		ck_assert(fn >= first);
		Func *g = tangent_function(p, hvp_pattern(p, r, fn), name,
					   r->vector);
		if (g)
			g->comment = hvp_comment(p, r, name);
		if (g && r->adj_sweeps)
			hvp_sweeps(p, r, g, first);
	}
	hvp_unregister(p, first);
	prog_drop_unused(p);
}
