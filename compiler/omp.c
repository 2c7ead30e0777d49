/*
 * omp.c - OpenMP parallel loops: what ckc accepts, and their tangents.
 *
 * The front end reads `#pragma omp parallel for` before a for loop of a
 * differentiated function into the loop's OmpLoop (ckc.h); every other
 * OpenMP directive there is refused.  The rules:
 *
 *   - Data sharing is checked on the input: a scalar that the loop body
 *     writes, declared outside the loop, must be the loop's index (or an
 *     index of the loops collapse(n) joins), or be listed in private,
 *     firstprivate, lastprivate or reduction.  Anything else would be a
 *     race in the primal and in every derivative, so it is an error with
 *     its location (write to arrays and through pointers are the user's
 *     to keep disjoint, as in the primal).
 *   - collapse(n) needs n perfectly nested for loops.
 *   - schedule(static[, chunk]) only, so that a thread runs the same
 *     iterations in every run.
 *   - Tangent (f_d): the loop stays parallel, and each shadow follows its
 *     variable's clause: private(t) -> private(t, t_d), the same for
 *     firstprivate and lastprivate.  A floating reduction by +, - or *,
 *     or by max or min with a tangent, is made by the output itself (see
 *     emit.c and omp_print_combine): each thread reduces into partials of
 *     its own, which join the variables in thread order by the tangent's
 *     rule (s_d += p_d; v_d = v_d * p + v * p_d; the winner's tangent), so
 *     that a run gives the bits of the last at a fixed thread count.
 *   - The pragma is printed under #ifdef _OPENMP, so the output compiles
 *     warning-free, serially, without -fopenmp, as the input does.
 *   - Reverse mode (f_b, and f_b_d from it), loop by loop:
 *     - A loop whose iterations each push the same values (no branch,
 *       inner loop or call among the pushes; no reduction by max, min or *,
 *       whose values each thread has a partial one of) records into one
 *       block of the tape instead, each iteration into entries of its own
 *       (record.c, adj_loop_blocks): it records nothing on the tape in
 *       its iterations any more.  So does a loop whose iterations push
 *       under branches, or push branch codes, into a slot of K entries
 *       each, used as a stack of its own (record.c, adj_loop_slots).
 *     - f_fwd's copy of the loop runs parallel, with the input's clauses
 *       (and private for the body's variables, which f_fwd declares at its
 *       top, and for the adjoint's temporaries that only the loop
 *       mentions), when its body records nothing on the tape and calls
 *       only math functions (omp_finish).  A loop that records otherwise
 *       runs serially: the reverse sweep must pop in the order the
 *       forward sweep pushed.  Before the adjoints, omp_serial_order
 *       (below) makes such a loop of the input (a call in it, a reduction
 *       by *, max or min) run its iterations thread by thread, reducing
 *       in the team's order, so that f_b returns f_d's result.
 *       f_fwd's copy of a collapse(n) loop keeps its nest perfect
 *       (perfect_nest).
 *     - The reverse sweep's loop runs parallel when gather.c proves its
 *       iterations independent: the ascending form (each iteration touches
 *       its own elements) and the gather loops (element j gathers what the
 *       iterations around it add) are, and their results are the same bits
 *       in any order.  Each thread sets the index itself (private).  A
 *       stencil's reverse that neither form takes, or one that branches,
 *       runs in phases of iterations that touch different elements
 *       (gather.c, ga_phases and ga_phases_any):
 *       the same bits at any thread count, in another order than the
 *       serial loop's.  The adjoint of what every iteration reads (*a_b,
 *       w_b[2]) is summed in a local that these loops reduce, partials in
 *       thread order as in f_d (gather.c, "sums in memory"): the same bits
 *       at a fixed thread count.
 *     - The reverse of a parallel loop around other loops runs in phases
 *       that are parallel, when the accesses allow it (omp_phases, below;
 *       record.c writes the loops).
 *     - Other reverse loops run serially.
 *     - f_b_d, the tangent of f_b, keeps the loops of f_b that are
 *       parallel so, with the shadows in their clauses.
 *   - Generated code never leaves a variable shared that each iteration
 *     writes: emit.c checks every loop it prints parallel
 *     (omp_check_generated) and prints it serially otherwise.
 */
#include "ckc.h"

#include <string.h>

/* ---- the loop nest of a collapse(n) */

/* The variable a for loop's init sets (i of `i = 0` or `int i = 0`), or
 * -1. */
static int loop_index(const Stmt *s)
{
	const Stmt *in = s->u.loop.init;
	if (in && in->kind == S_BLOCK && in->u.block.n == 1)
		in = in->u.block.items[0];
	if (!in)
		return -1;
	if (in->kind == S_DECL)
		return in->u.decl.var;
	if (in->kind == S_ASSIGN && in->u.assign.lhs->kind == E_VAR)
		return in->u.assign.lhs->u.var;
	return -1;
}

/* The for loop that is the whole body of loop s, or NULL. */
static const Stmt *nested_for(const Stmt *s)
{
	const Stmt *b = s->u.loop.body;
	while (b && b->kind == S_BLOCK && b->u.block.n == 1)
		b = b->u.block.items[0];
	return b && b->kind == S_FOR ? b : NULL;
}

/* ---- data sharing */

typedef struct Sharing {
	const Func *f;
	const OmpLoop *om;
	int idx[8]; /* the indices of the collapsed nest */
	int nidx;
	char *inner;     /* var id -> declared inside the loop */
	const char *bad; /* generated code: the first shared write, or NULL */
	int report;      /* report input errors (else set bad) */
	OmpLoop *collect; /* a phase loop: shared writes join its
			     firstprivate list instead */
} Sharing;

static int in_list(const int *v, int n, int var)
{
	for (int i = 0; i < n; i++)
		if (v[i] == var)
			return 1;
	return 0;
}

static int listed(const OmpLoop *om, int var)
{
	if (in_list(om->priv, om->npriv, var) ||
	    in_list(om->fpriv, om->nfpriv, var) ||
	    in_list(om->lpriv, om->nlpriv, var))
		return 1;
	for (int i = 0; i < om->nred; i++)
		if (om->red[i].var == var)
			return 1;
	return 0;
}

/* The variable whose storage lvalue e writes when it is a scalar (or a
 * struct) held in the variable itself, else -1 (an array element, or
 * memory behind a pointer). */
static int written_var(const Expr *e)
{
	while (e->kind == E_MEMBER)
		e = e->u.mem.base;
	return e->kind == E_VAR ? e->u.var : -1;
}

static void sh_write(Sharing *sh, int var, Loc loc)
{
	const Var *v;
	if (var < 0 || in_list(sh->idx, sh->nidx, var) || sh->inner[var] ||
	    listed(sh->om, var))
		return;
	v = sh->f->vars[var];
	if (v->type->kind == TY_ARRAY || v->is_static)
		return;
	if (sh->collect) {
		if (!in_list(sh->collect->fpriv, sh->collect->nfpriv, var))
			VEC_PUSH(sh->collect->fpriv, sh->collect->nfpriv, var);
		return;
	}
	if (!sh->report) {
		if (!sh->bad)
			sh->bad = v->name;
		return;
	}
	if (v->refused)
		return;
	((Var *)v)->refused = 1;
	diag_error(loc,
		   "'%s' is shared in this parallel loop, and its iterations "
		   "write it; declare it inside the loop, or list it in "
		   "private(...), firstprivate(...), lastprivate(...) or "
		   "reduction(...)",
		   v->name);
	diag_note(sh->om->loc, "the loop's '#pragma omp parallel for' is "
			       "here");
}

static void sh_stmt(Sharing *sh, const Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			sh_stmt(sh, s->u.block.items[i]);
		break;
	case S_DECL:
		sh->inner[s->u.decl.var] = 1;
		break;
	case S_ASSIGN:
		sh_write(sh, written_var(s->u.assign.lhs), s->loc);
		break;
	case S_IF:
		sh_stmt(sh, s->u.ifs.then);
		sh_stmt(sh, s->u.ifs.els);
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		sh_stmt(sh, s->u.loop.init);
		sh_stmt(sh, s->u.loop.inc);
		sh_stmt(sh, s->u.loop.body);
		break;
	case S_CHECKPOINT:
		sh_stmt(sh, s->u.ckpt.body);
		break;
	default:
		break;
	}
}

/* The scalars loop s (an S_FOR with omp) writes and shares: reported as
 * errors (report), or the first one's name returned. */
static const char *sharing(const Func *f, const Stmt *s, int report)
{
	Sharing sh;
	const Stmt *l = s;
	const OmpLoop *om = s->u.loop.omp;
	int n = om->collapse > 1 ? om->collapse : 1;
	memset(&sh, 0, sizeof sh);
	sh.f = f;
	sh.om = om;
	sh.report = report;
	sh.inner = arena_alloc((size_t)f->nvars + 1);
	for (int k = 0; k < n && l; k++) {
		int v = loop_index(l);
		if (v < 0) {
			if (report)
				diag_error(l->loc,
					   "a loop of '#pragma omp parallel "
					   "for' must set its index in its "
					   "init: for (i = lo; i < hi; i++)");
			return NULL;
		}
		sh.idx[sh.nidx++] = v;
		if (k + 1 < n) {
			l = nested_for(l);
			if (!l && report) {
				diag_error(om->loc,
					   "collapse(%d) needs %d perfectly "
					   "nested for loops",
					   om->collapse, om->collapse);
				return NULL;
			}
		}
	}
	if (!l)
		return NULL;
	sh_stmt(&sh, s->u.loop.init);
	sh_stmt(&sh, s->u.loop.inc);
	sh_stmt(&sh, s->u.loop.body);
	return sh.bad;
}

void omp_check_loop(const Func *f, const Stmt *s)
{
	sharing(f, s, 1);
}

/* ---- tangents */

static int omp_used; /* a printed parallel loop was made */

int omp_emitted(void)
{
	return omp_used;
}

static void map_list(const int *in, int n, const int *shadow, int **out,
		     int *nout)
{
	for (int i = 0; i < n; i++) {
		VEC_PUSH(*out, *nout, in[i]);
		if (shadow[in[i]] >= 0)
			VEC_PUSH(*out, *nout, shadow[in[i]]);
	}
}

OmpLoop *omp_tangent(const Func *f, const OmpLoop *om, const int *shadow)
{
	OmpLoop *t = ARENA_NEW(OmpLoop);
	(void)f;
	*t = *om;
	t->priv = t->fpriv = t->lpriv = t->shared = NULL;
	t->npriv = t->nfpriv = t->nlpriv = t->nshared = 0;
	t->red = NULL;
	t->nred = 0;
	/* rebuilt in order: each variable, then its shadow */
	t->red = arena_alloc(sizeof *t->red * (size_t)(2 * om->nred + 1));
	t->nred = 0;
	for (int i = 0; i < om->nred; i++) {
		t->red[t->nred++] = om->red[i];
		if (shadow[om->red[i].var] >= 0) {
			t->red[t->nred] = om->red[i];
			t->red[t->nred].shadow_of_set = 1;
			t->red[t->nred].of = om->red[i].var;
			t->red[t->nred++].var = shadow[om->red[i].var];
		}
	}
	map_list(om->priv, om->npriv, shadow, &t->priv, &t->npriv);
	map_list(om->fpriv, om->nfpriv, shadow, &t->fpriv, &t->nfpriv);
	map_list(om->lpriv, om->nlpriv, shadow, &t->lpriv, &t->nlpriv);
	map_list(om->shared, om->nshared, shadow, &t->shared, &t->nshared);
	t->emit = 1;
	omp_used = 1;
	return t;
}

static void drop_from(int *v, int *n, const unsigned char *dead)
{
	int k = 0;
	for (int i = 0; i < *n; i++)
		if (!dead[v[i]])
			v[k++] = v[i];
	*n = k;
}

void omp_drop_vars(OmpLoop *om, const unsigned char *dead)
{
	int k = 0;
	drop_from(om->priv, &om->npriv, dead);
	drop_from(om->fpriv, &om->nfpriv, dead);
	drop_from(om->lpriv, &om->nlpriv, dead);
	drop_from(om->shared, &om->nshared, dead);
	for (int i = 0; i < om->nred; i++)
		if (!dead[om->red[i].var])
			om->red[k++] = om->red[i];
	om->nred = k;
}

/* ---- output */

/* A loop of f_bwd made from parallel loop om: om's clauses for the
 * threads, none for the variables (the pass that makes it parallel gives
 * those). */
static OmpLoop *threads_of(const OmpLoop *om)
{
	OmpLoop *t = ARENA_NEW(OmpLoop);
	t->loc = om->loc;
	t->schedule = om->schedule;
	t->num_threads = om->num_threads;
	t->if_clause = om->if_clause;
	t->proc_bind = om->proc_bind;
	return t;
}

static void phase_privates(const Func *f, Stmt *s);

int omp_check_generated(const Func *f, const Stmt *s)
{
	if (s->u.loop.omp->phase)
		phase_privates(f, (Stmt *)s);
	return sharing(f, s, 0) == NULL;
}

/* Can s (run in order) read the value v had before it?  0 no: on every
 * path through s a v = e that does not read v comes before any other
 * mention of v, or s does not mention v.  *set: every path that runs to
 * the end of s sets v (a loop sets it only by its init: its body may run
 * no times, or break).  A mention that is not one of those (a call's
 * argument, an index, v += e) counts as a read: the answer errs towards
 * firstprivate, which is always right. */
static int reads_entry(const Stmt *s, int v, int *set)
{
	*set = 0;
	if (!s)
		return 0;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++) {
			int st;
			if (reads_entry(s->u.block.items[i], v, &st))
				return 1;
			if (st) {
				*set = 1;
				return 0;
			}
		}
		return 0;
	case S_ASSIGN: {
		const Expr *l = s->u.assign.lhs, *r = s->u.assign.rhs;
		if (l->kind == E_VAR && l->u.var == v &&
		    s->u.assign.op == A_SET && !expr_mentions(r, v)) {
			*set = 1;
			return 0;
		}
		return stmt_mentions(s, v);
	}
	case S_IF: {
		int t, e;
		if (expr_mentions(s->u.ifs.cond, v) ||
		    reads_entry(s->u.ifs.then, v, &t) ||
		    reads_entry(s->u.ifs.els, v, &e))
			return 1;
		*set = t && e;
		return 0;
	}
	case S_FOR: {
		int in, st;
		if (reads_entry(s->u.loop.init, v, &in))
			return 1;
		if (in) {
			*set = 1;
			return 0;
		}
		return expr_mentions(s->u.loop.cond, v) ||
		       stmt_mentions(s->u.loop.inc, v) ||
		       reads_entry(s->u.loop.body, v, &st);
	}
	case S_WHILE:
	case S_DO: {
		int st;
		return expr_mentions(s->u.loop.cond, v) ||
		       reads_entry(s->u.loop.body, v, &st);
	}
	default:
		return stmt_mentions(s, v);
	}
}

/* A phase loop's privates: every scalar its body sets that is declared
 * outside it.  Each iteration sets the inner loops' indices and the
 * body's temporaries before it reads them, on every path, also under a
 * branch (private: firstprivate would copy the uninitialised variable of
 * f_bwd's top, which gcc -Wall rejects); the adjoints of the body's
 * variables start each iteration at the zero they end it with
 * (firstprivate). */
static void phase_privates(const Func *f, Stmt *s)
{
	OmpLoop *om = s->u.loop.omp;
	Sharing sh;
	if (om->nfpriv || om->npriv)
		return;
	memset(&sh, 0, sizeof sh);
	sh.f = f;
	sh.om = om;
	sh.collect = om;
	sh.inner = arena_alloc((size_t)f->nvars + 1);
	sh.idx[sh.nidx++] = loop_index(s);
	sh_stmt(&sh, s->u.loop.body);
	int k = 0;
	for (int i = 0; i < om->nfpriv; i++) {
		int v = om->fpriv[i];
		int set;
		if (!reads_entry(s->u.loop.body, v, &set))
			VEC_PUSH(om->priv, om->npriv, v);
		else
			om->fpriv[k++] = v;
	}
	om->nfpriv = k;
}

OmpLoop *omp_phase_loop(const OmpLoop *om)
{
	OmpLoop *t = threads_of(om);
	t->schedule = "static";
	t->phase = 1;
	t->emit = 1;
	omp_used = 1;
	return t;
}

Stmt *omp_phase_nest(Func *g, const OmpLoop *cand, int n, int i, int hi,
		     int ph, int q, long d, Stmt *body, Stmt *out, Loc loc)
{
	static Type lt = {
		TY_INT, 0, "long", NULL, 0, NULL, 0, 0, NULL, NULL
	};
	if (i >= 0) {
		/* i = hi - 1 - q */
		Expr *v = expr_binary(B_SUB,
				      expr_binary(B_SUB, expr_var(g, hi, loc),
						  expr_int(1, loc), &lt, loc),
				      expr_var(g, q, loc), &lt, loc);
		stmt_prepend(body, stmt_assign(A_SET, expr_var(g, i, loc),
					       expr_cast(g->vars[i]->type, v,
							 loc),
					       loc));
	}
	Stmt *inner = stmt_new(S_FOR, loc);
	inner->u.loop.init = stmt_assign(A_SET, expr_var(g, q, loc),
					 expr_var(g, ph, loc), loc);
	inner->u.loop.cond = expr_binary(B_LT, expr_var(g, q, loc),
					 expr_var(g, n, loc), type_int(), loc);
	inner->u.loop.inc = stmt_assign(A_ADD, expr_var(g, q, loc),
					expr_int(d, loc), loc);
	inner->u.loop.body = body;
	inner->u.loop.omp = omp_phase_loop(cand);
	Stmt *outer = stmt_new(S_FOR, loc);
	outer->u.loop.init = stmt_assign(A_SET, expr_var(g, ph, loc),
					 expr_int(0, loc), loc);
	outer->u.loop.cond = expr_binary(B_LT, expr_var(g, ph, loc),
					 expr_int(d, loc), type_int(), loc);
	outer->u.loop.inc = stmt_assign(A_INC, expr_var(g, ph, loc), NULL, loc);
	outer->u.loop.body = stmt_block(loc);
	stmt_append(outer->u.loop.body, inner);
	stmt_append(out, outer);
	if (i >= 0) {
		/* i = hi - n */
		Expr *v = expr_binary(B_SUB, expr_var(g, hi, loc),
				      expr_var(g, n, loc), &lt, loc);
		stmt_append(out, stmt_assign(A_SET, expr_var(g, i, loc),
					     expr_cast(g->vars[i]->type, v,
						       loc),
					     loc));
	}
	return inner;
}

void omp_add_sum(OmpLoop *l, int var, Loc loc)
{
	OmpReduction r;
	memset(&r, 0, sizeof r);
	r.op = OMP_RED_ADD;
	r.spelling = "+";
	r.var = var;
	r.loc = loc;
	VEC_PUSH(l->red, l->nred, r);
}

/* ---- reverse mode */

static void decls_in(const Stmt *s, int **v, int *n)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			decls_in(s->u.block.items[i], v, n);
		break;
	case S_DECL:
		VEC_PUSH(*v, *n, s->u.decl.var);
		break;
	case S_IF:
		decls_in(s->u.ifs.then, v, n);
		decls_in(s->u.ifs.els, v, n);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		decls_in(s->u.loop.init, v, n);
		decls_in(s->u.loop.body, v, n);
		break;
	case S_CHECKPOINT:
		decls_in(s->u.ckpt.body, v, n);
		break;
	default:
		break;
	}
}

/* Identity map of omp_remap. */
static int same_var(void *ctx, int v)
{
	(void)ctx;
	return v;
}

OmpLoop *omp_remap(const OmpLoop *om, int (*map)(void *ctx, int v), void *ctx)
{
	OmpLoop *t = ARENA_NEW(OmpLoop);
	const int *from[4] = { om->priv, om->fpriv, om->lpriv, om->shared };
	const int nfrom[4] = { om->npriv, om->nfpriv, om->nlpriv,
			       om->nshared };
	int **to[4] = { &t->priv, &t->fpriv, &t->lpriv, &t->shared };
	int *nto[4] = { &t->npriv, &t->nfpriv, &t->nlpriv, &t->nshared };
	*t = *om;
	t->red = NULL;
	t->nred = 0;
	for (int k = 0; k < 4; k++) {
		*to[k] = NULL;
		*nto[k] = 0;
		for (int i = 0; i < nfrom[k]; i++) {
			int v = map(ctx, from[k][i]);
			if (v < 0)
				return NULL;
			VEC_PUSH(*to[k], *nto[k], v);
		}
	}
	for (int i = 0; i < om->nred; i++) {
		OmpReduction r = om->red[i];
		if ((r.var = map(ctx, r.var)) < 0)
			return NULL;
		VEC_PUSH(t->red, t->nred, r);
	}
	return t;
}

Stmt *omp_take_init(Stmt *block, int before)
{
	Stmt *a;
	if (block->u.block.n != before + 1)
		return NULL;
	a = block->u.block.items[before];
	if (a->kind != S_ASSIGN || a->u.assign.op != A_SET ||
	    a->u.assign.lhs->kind != E_VAR)
		return NULL;
	block->u.block.n--;
	return a;
}

OmpLoop *omp_forward(const Func *f, const Stmt *s)
{
	OmpLoop *t = omp_remap(s->u.loop.omp, same_var, NULL);
	(void)f;
	/* f_fwd declares the body's variables at its top: each iteration
	 * has its own, as in the input (inner loops' indices too) */
	decls_in(s->u.loop.body, &t->priv, &t->npriv);
	t->emit = 0;
	t->fwd = 1;
	return t;
}

void omp_region_merge(OmpLoop *l, const OmpLoop *region, const Stmt *b)
{
	for (int i = 0; i < region->npriv; i++)
		VEC_PUSH(l->priv, l->npriv, region->priv[i]);
	for (int i = 0; i < region->nfpriv; i++)
		VEC_PUSH(l->fpriv, l->nfpriv, region->fpriv[i]);
	for (int i = 0; i < region->nshared; i++)
		VEC_PUSH(l->shared, l->nshared, region->shared[i]);
	for (int i = 0; i < region->nred; i++)
		VEC_PUSH(l->red, l->nred, region->red[i]);
	for (int i = 0; i < b->u.block.n; i++) {
		const Stmt *d = b->u.block.items[i];
		if (d->kind != S_DECL)
			continue;
		if (d->u.decl.init || d->u.decl.ninits)
			VEC_PUSH(l->fpriv, l->nfpriv, d->u.decl.var);
		else
			VEC_PUSH(l->priv, l->npriv, d->u.decl.var);
	}
	l->num_threads = region->num_threads;
	l->if_clause = region->if_clause;
	l->proc_bind = region->proc_bind;
	l->loc = region->loc;
}

OmpLoop *omp_reverse_candidate(const OmpLoop *om)
{
	OmpLoop *t = threads_of(om);
	t->cand = 1;
	return t;
}

OmpLoop *omp_reverse(const OmpLoop *cand, int index)
{
	OmpLoop *t = ARENA_NEW(OmpLoop);
	*t = *cand;
	t->cand = 0;
	t->priv = NULL;
	t->npriv = 0;
	VEC_PUSH(t->priv, t->npriv, index);
	t->emit = 1;
	omp_used = 1;
	return t;
}

/* (f_fwd's copy of a loop whose body records nothing is the input's
 * loop.) */
int omp_records_nothing(const Stmt *s)
{
	if (!s)
		return 1;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (!omp_records_nothing(s->u.block.items[i]))
				return 0;
		return 1;
	case S_DECL:
		for (int i = 0; i < s->u.decl.ninits; i++)
			if (!expr_math_only(s->u.decl.inits[i]))
				return 0;
		return expr_math_only(s->u.decl.init);
	case S_ASSIGN:
		return expr_math_only(s->u.assign.lhs) &&
		       expr_math_only(s->u.assign.rhs);
	case S_IF:
		return expr_math_only(s->u.ifs.cond) &&
		       omp_records_nothing(s->u.ifs.then) &&
		       omp_records_nothing(s->u.ifs.els);
	case S_FOR: case S_WHILE: case S_DO:
		return omp_records_nothing(s->u.loop.init) &&
		       expr_math_only(s->u.loop.cond) &&
		       omp_records_nothing(s->u.loop.inc) &&
		       omp_records_nothing(s->u.loop.body);
	case S_EMPTY: case S_CONTINUE:
		return 1;
	default: /* calls, returns, breaks, regions */
		return 0;
	}
}

static void count_uses(void *ctx, const Expr *e)
{
	if (e->kind == E_VAR)
		((int *)ctx)[e->u.var]++;
}

/* f_fwd's loop s: the scalars it writes that f_fwd declares at its top for
 * the body (the adjoint's temporaries, as ck_e = sin(x[i])), mentioned
 * nowhere else in g (uses: the mentions in all of g), become private.
 * Each iteration sets them before it reads them, as the body they were
 * made for did. */
static void fwd_privates(const Func *g, Stmt *s, const int *uses)
{
	OmpLoop *om = s->u.loop.omp, got;
	Sharing sh;
	const Stmt *l = s;
	memset(&got, 0, sizeof got);
	memset(&sh, 0, sizeof sh);
	sh.f = g;
	sh.om = om;
	sh.collect = &got;
	sh.inner = arena_alloc((size_t)g->nvars + 1);
	for (int k = 0; k < (om->collapse > 1 ? om->collapse : 1) && l; k++) {
		sh.idx[sh.nidx++] = loop_index(l);
		l = nested_for(l);
	}
	sh_stmt(&sh, s->u.loop.body);
	if (!got.nfpriv)
		return;
	int *in = arena_alloc(((size_t)g->nvars + 1) * sizeof *in);
	ir_walk_stmt(s, count_uses, in);
	for (int i = 0; i < got.nfpriv; i++) {
		int v = got.fpriv[i];
		if (in[v] == uses[v])
			VEC_PUSH(om->priv, om->npriv, v);
	}
}

/* s through blocks of one statement. */
static Stmt *only_stmt(Stmt *s)
{
	while (s && s->kind == S_BLOCK && s->u.block.n == 1)
		s = s->u.block.items[0];
	return s;
}

/* f_fwd's copy of a collapse(n) loop s: adj_loop writes an inner loop's
 * init before it (`c = 0; for (; c < W; c++)`), which the compiler
 * refuses in a collapsed nest.  Each inner loop of the nest takes its
 * init back into its header; a nest that is not then n perfectly nested
 * for loops, each with its init, keeps the outer loop parallel alone
 * (collapse dropped: the iterations of the outer loop are as
 * independent as those of the nest; emit.c prints the loop serially if
 * an inner index is not private). */
static void perfect_nest(Stmt *s)
{
	OmpLoop *om = s->u.loop.omp;
	Stmt *l = s;
	for (int k = 1; k < om->collapse; k++) {
		Stmt *b = only_stmt(l->u.loop.body);
		if (b && b->kind == S_BLOCK && b->u.block.n == 2) {
			Stmt *in = b->u.block.items[0],
			     *f = b->u.block.items[1];
			if (f->kind == S_FOR && !f->u.loop.init &&
			    !f->u.loop.omp && in->kind == S_ASSIGN &&
			    in->u.assign.op == A_SET &&
			    in->u.assign.lhs->kind == E_VAR &&
			    f->u.loop.cond &&
			    expr_mentions(f->u.loop.cond,
					  in->u.assign.lhs->u.var)) {
				f->u.loop.init = in;
				b->u.block.items[0] = f;
				b->u.block.n = 1;
				b = f;
			}
		}
		if (!b || b->kind != S_FOR || b->u.loop.omp ||
		    loop_index(b) < 0) {
			om->collapse = 1;
			return;
		}
		l = b;
	}
}

static void finish_stmt(const Func *g, Stmt *s, const int *uses)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			finish_stmt(g, s->u.block.items[i], uses);
		break;
	case S_IF:
		finish_stmt(g, s->u.ifs.then, uses);
		finish_stmt(g, s->u.ifs.els, uses);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		if (s->kind == S_FOR && s->u.loop.omp && s->u.loop.omp->fwd &&
		    s->u.loop.init && omp_records_nothing(s->u.loop.body) &&
		    omp_records_nothing(s->u.loop.inc)) {
			if (s->u.loop.omp->collapse > 1)
				perfect_nest(s);
			fwd_privates(g, s, uses);
			s->u.loop.omp->emit = 1;
			omp_used = 1;
		}
		finish_stmt(g, s->u.loop.body, uses);
		break;
	case S_CHECKPOINT:
		finish_stmt(g, s->u.ckpt.body, uses);
		break;
	default:
		break;
	}
}

void omp_finish(Func *g)
{
	int *uses = arena_alloc(((size_t)g->nvars + 1) * sizeof *uses);
	ir_walk_stmt(g->body, count_uses, uses);
	finish_stmt(g, g->body, uses);
}

static void print_list(FILE *out, const Func *f, const char *clause,
		       const int *v, int n)
{
	if (!n)
		return;
	fprintf(out, " %s(", clause);
	for (int i = 0; i < n; i++)
		fprintf(out, "%s%s", i ? ", " : "", f->vars[v[i]]->name);
	fputc(')', out);
}

/* The shadow entry of r in om, or NULL. */
static const OmpReduction *red_shadow(const OmpLoop *om, const OmpReduction *r)
{
	if (r->shadow_of_set)
		return NULL;
	for (int i = 0; i < om->nred; i++)
		if (om->red[i].shadow_of_set && om->red[i].of == r->var)
			return &om->red[i];
	return NULL;
}

int omp_red_ordered(const Func *f, const OmpLoop *om, const OmpReduction *r)
{
	if (!type_is_float(f->vars[r->var]->type))
		return 0;
	if (r->op == OMP_RED_ADD || r->op == OMP_RED_SUB ||
	    r->op == OMP_RED_MUL)
		return 1;
	/* max, min: exact in any order, but a tangent follows the winner */
	return (r->op == OMP_RED_MAX || r->op == OMP_RED_MIN) &&
	       (r->shadow_of_set || red_shadow(om, r));
}

const char *omp_red_identity(const OmpReduction *r)
{
	if (r->shadow_of_set)
		return "0.0";
	switch (r->op) {
	case OMP_RED_MUL: return "1.0";
	case OMP_RED_MAX: return "-HUGE_VAL";
	case OMP_RED_MIN: return "HUGE_VAL";
	default: return "0.0";
	}
}

/* In thread order, each partial joins the variable by the rule of the
 * tangent of its operator, as the body's own statements would have it
 * join (the shadow first: it reads the variable's value before):
 *   +, -:    v += p;                          v_d += p_d;
 *   *:       v_d = v_d * p + v * p_d;         v *= p;
 *   max:     v_d = v >= p ? v_d : p_d;        v = fmax(v, p);
 *   min:     v_d = v <= p ? v_d : p_d;        v = fmin(v, p);
 * (a tie keeps the earlier thread's, as a serial loop keeps the earlier
 * iteration's). */
void omp_print_combine(FILE *out, const Func *f, const OmpLoop *om,
		       const OmpReduction *r, const char *const *alias,
		       const char *indent)
{
	const char *v = f->vars[r->var]->name, *p = alias[r->var];
	const OmpReduction *sh = red_shadow(om, r);
	if (r->shadow_of_set) {
		if (r->op == OMP_RED_ADD || r->op == OMP_RED_SUB)
			fprintf(out, "%s%s += %s;\n", indent, v, p);
		return; /* with its variable's, below */
	}
	if (sh) {
		const char *vd = f->vars[sh->var]->name, *pd = alias[sh->var];
		if (r->op == OMP_RED_MUL)
			fprintf(out, "%s%s = %s * %s + %s * %s;\n", indent, vd,
				vd, p, v, pd);
		else if (r->op == OMP_RED_MAX || r->op == OMP_RED_MIN)
			fprintf(out, "%s%s = %s %s %s ? %s : %s;\n", indent, vd,
				v, r->op == OMP_RED_MAX ? ">=" : "<=", p, vd, pd);
	}
	switch (r->op) {
	case OMP_RED_MUL:
		fprintf(out, "%s%s *= %s;\n", indent, v, p);
		break;
	case OMP_RED_MAX: case OMP_RED_MIN:
		fprintf(out, "%s%s = %s(%s, %s);\n", indent, v,
			r->op == OMP_RED_MAX ? "fmax" : "fmin", v, p);
		break;
	default:
		fprintf(out, "%s%s += %s;\n", indent, v, p);
		break;
	}
}

void omp_print(FILE *out, const Func *f, const OmpLoop *om, OmpPart part)
{
	fputs(part == OMP_PARALLEL_FOR ? "#pragma omp parallel for"
	      : part == OMP_PARALLEL   ? "#pragma omp parallel"
				       : "#pragma omp for",
	      out);
	if (part != OMP_PARALLEL) {
		print_list(out, f, "private", om->priv, om->npriv);
		print_list(out, f, "firstprivate", om->fpriv, om->nfpriv);
		print_list(out, f, "lastprivate", om->lpriv, om->nlpriv);
		/* (shared is no clause of omp for: the region's) */
		if (part == OMP_PARALLEL_FOR)
			print_list(out, f, "shared", om->shared, om->nshared);
		const OmpReduction **keep =
			arena_alloc(sizeof *keep * (size_t)(om->nred + 1));
		int nk = 0;
		for (int i = 0; i < om->nred; i++)
			if (part != OMP_FOR ||
			    !omp_red_ordered(f, om, &om->red[i]))
				keep[nk++] = &om->red[i];
		/* one clause per run of the same operator */
		for (int i = 0, k; i < nk; i = k) {
			fprintf(out, " reduction(%s: %s", keep[i]->spelling,
				f->vars[keep[i]->var]->name);
			for (k = i + 1; k < nk && !strcmp(keep[k]->spelling,
							  keep[i]->spelling);
			     k++)
				fprintf(out, ", %s",
					f->vars[keep[k]->var]->name);
			fputc(')', out);
		}
		if (om->schedule)
			fprintf(out, " schedule(%s)", om->schedule);
		if (om->collapse > 1)
			fprintf(out, " collapse(%d)", om->collapse);
	}
	if (part == OMP_PARALLEL)
		print_list(out, f, "shared", om->shared, om->nshared);
	if (part != OMP_FOR) {
		if (om->num_threads)
			fprintf(out, " num_threads(%s)", om->num_threads);
		if (om->if_clause)
			fprintf(out, " if(%s)", om->if_clause);
		if (om->proc_bind)
			fprintf(out, " proc_bind(%s)", om->proc_bind);
	}
	fputc('\n', out);
}

/* ---- phases: the reverse of a parallel loop around other loops
 *
 * A stencil over the rows of a grid, `for (i ...) for (j ...) un[i * NX +
 * j] = ... u[(i - 1) * NX + j] ...`, has a reverse sweep whose iteration i
 * adds into the rows i - 1 .. i + 1 of u_b: neighbouring iterations touch
 * the same elements.  When every access to an active array in the body is
 * A[K * i + R], with K > 0 one constant per array and R built from
 * constants and the indices of inner loops with constant bounds, iteration
 * i touches A[K i + Rmin .. K i + Rmax] only, and iterations D = (Rmax -
 * Rmin) / K + 1 apart never touch the same element.  The reverse loop then
 * runs in D phases, phase p taking the iterations p, p + D, p + 2D, ... of
 * the reverse order: inside a phase no two iterations meet, so a phase
 * runs parallel, and every element receives its contributions in the same
 * order whatever the number of threads (phase by phase, not in the reverse
 * order of the serial sweep: the last bits differ from a serial f_b's, and
 * are the same with and without -fopenmp).  The body must not read or
 * write an active scalar declared outside it (its adjoint would sum over
 * the iterations), except those of private and lastprivate, which each
 * iteration sets first, and reductions (whose adjoints it only reads); it
 * calls only math functions.  omp_phases gives D, or 0. */

typedef struct Phases {
	const Activity *a;
	const Func *f;
	int index;
	long *lo, *hi;        /* ranges of inner loop indices */
	unsigned char *known; /* ... known */
	unsigned char *inner; /* declared in the body */
	const OmpLoop *om;
	const unsigned char *heap; /* local pointers to allocated buffers */
	long *k, *rmin, *rmax; /* per array: K and R's range */
	unsigned char *seen;
	int bad;
} Phases;

/* e = coef * index + [rmin, rmax]? */
static int linear(const Phases *ph, const Expr *e, long *coef, long *rmin,
		  long *rmax)
{
	long c1, a1, b1, c2, a2, b2, v;
	if (ir_int_const(e, &v)) {
		*coef = 0;
		*rmin = *rmax = v;
		return 1;
	}
	switch (e->kind) {
	case E_VAR:
		if (e->u.var == ph->index) {
			*coef = 1;
			*rmin = *rmax = 0;
			return 1;
		}
		if (!ph->known[e->u.var])
			return 0;
		*coef = 0;
		*rmin = ph->lo[e->u.var];
		*rmax = ph->hi[e->u.var];
		return 1;
	case E_CAST:
		return type_is_arith(e->type) && !type_is_float(e->type) &&
		       linear(ph, e->u.e, coef, rmin, rmax);
	case E_BINARY:
		if (!linear(ph, e->u.bin.l, &c1, &a1, &b1) ||
		    !linear(ph, e->u.bin.r, &c2, &a2, &b2))
			return 0;
		if (e->u.bin.op == B_ADD) {
			*coef = c1 + c2, *rmin = a1 + a2, *rmax = b1 + b2;
			return 1;
		}
		if (e->u.bin.op == B_SUB) {
			*coef = c1 - c2, *rmin = a1 - b2, *rmax = b1 - a2;
			return 1;
		}
		if (e->u.bin.op == B_MUL) {
			/* one side a constant */
			long k, c, lo, hi;
			if (!c2 && a2 == b2)
				k = a2, c = c1, lo = a1, hi = b1;
			else if (!c1 && a1 == b1)
				k = a1, c = c2, lo = a2, hi = b2;
			else
				return 0;
			*coef = c * k;
			*rmin = k >= 0 ? lo * k : hi * k;
			*rmax = k >= 0 ? hi * k : lo * k;
			return 1;
		}
		return 0;
	default:
		return 0;
	}
}

static int ph_scalar_ok(const Phases *ph, int v)
{
	const OmpLoop *om = ph->om;
	if (ph->inner[v] || v == ph->index || !type_is_float(ph->f->vars[v]->type) ||
	    !activity_var_varied(ph->a, v))
		return 1;
	if (in_list(om->priv, om->npriv, v) || in_list(om->lpriv, om->nlpriv, v))
		return 1;
	for (int i = 0; i < om->nred; i++)
		if (om->red[i].var == v && (om->red[i].op == OMP_RED_ADD ||
					    om->red[i].op == OMP_RED_SUB))
			return 1;
	return 0;
}

static void ph_visit(void *ctx, const Expr *e)
{
	Phases *ph = ctx;
	if (ph->bad)
		return;
	if (e->kind == E_CALL && !rules_find(e->u.call.name)) {
		ph->bad = 1;
		return;
	}
	if (e->kind == E_VAR && !ph_scalar_ok(ph, e->u.var)) {
		const Type *t = ph->f->vars[e->u.var]->type;
		if (!type_is_pointerish(t))
			ph->bad = 1;
		return;
	}
	if (e->kind == E_DEREF) {
		int r = activity_root(e->u.e);
		if (r < 0 || activity_var_varied(ph->a, r))
			ph->bad = 1;
		return;
	}
	if (e->kind != E_INDEX)
		return;
	const Expr *b = e->u.index.base;
	if (b->kind != E_VAR) {
		int r = activity_root(b);
		if (r < 0 || activity_var_varied(ph->a, r))
			ph->bad = 1;
		return;
	}
	int v = b->u.var;
	if (!activity_var_varied(ph->a, v) || !type_float_elem(b->type))
		return;
	/* distinct arrays: a local array, a pointer parameter (their
	 * adjoints are restrict), or a buffer the function allocates; a
	 * local pointer may point into another of them */
	const Var *x = ph->f->vars[v];
	if (x->type->kind == TY_PTR && x->kind != VAR_PARAM &&
	    !(ph->heap && ph->heap[v])) {
		ph->bad = 1;
		return;
	}
	long k, lo, hi;
	if (!linear(ph, e->u.index.idx, &k, &lo, &hi) || k <= 0 ||
	    (ph->seen[v] && ph->k[v] != k)) {
		ph->bad = 1;
		return;
	}
	if (!ph->seen[v] || lo < ph->rmin[v])
		ph->rmin[v] = lo;
	if (!ph->seen[v] || hi > ph->rmax[v])
		ph->rmax[v] = hi;
	ph->seen[v] = 1;
	ph->k[v] = k;
}

/* Inner loops' indices with constant bounds, and the body's declarations;
 * a store to an inner index outside its header, or a jump, stops it. */
static void ph_scan(Phases *ph, const Stmt *s, int *loops)
{
	if (!s || ph->bad)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			ph_scan(ph, s->u.block.items[i], loops);
		break;
	case S_DECL:
		ph->inner[s->u.decl.var] = 1;
		break;
	case S_IF:
		ph_scan(ph, s->u.ifs.then, loops);
		ph_scan(ph, s->u.ifs.els, loops);
		break;
	case S_FOR: {
		int j = loop_index(s);
		const Stmt *in = s->u.loop.init, *inc = s->u.loop.inc;
		const Expr *c = s->u.loop.cond;
		long a, b;
		if (in && in->kind == S_BLOCK && in->u.block.n == 1)
			in = in->u.block.items[0];
		const Expr *a0 = !in ? NULL
				 : in->kind == S_DECL ? in->u.decl.init
						      : in->u.assign.rhs;
		(*loops)++;
		if (j < 0 || !a0 || !ir_int_const(a0, &a) || !c ||
		    c->kind != E_BINARY || c->u.bin.l->kind != E_VAR ||
		    c->u.bin.l->u.var != j ||
		    (c->u.bin.op != B_LT && c->u.bin.op != B_LE) ||
		    !ir_int_const(c->u.bin.r, &b) || !inc ||
		    inc->kind != S_ASSIGN || inc->u.assign.op != A_INC ||
		    inc->u.assign.lhs->kind != E_VAR ||
		    inc->u.assign.lhs->u.var != j) {
			ph->bad = 1;
			return;
		}
		ph->known[j] = 1;
		ph->lo[j] = a;
		ph->hi[j] = c->u.bin.op == B_LT ? b - 1 : b;
		ph_scan(ph, s->u.loop.body, loops);
		break;
	}
	case S_ASSIGN: case S_EXPR: case S_EMPTY:
		break;
	default: /* while, do, break, continue, return, regions */
		ph->bad = 1;
		break;
	}
}

/* Stores to the known inner indices other than their loops' headers. */
static void ph_stores(Phases *ph, const Stmt *s)
{
	if (!s || ph->bad)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			ph_stores(ph, s->u.block.items[i]);
		break;
	case S_ASSIGN: {
		const Expr *l = s->u.assign.lhs;
		if (l->kind == E_VAR && (ph->known[l->u.var] ||
					 l->u.var == ph->index))
			ph->bad = 1;
		break;
	}
	case S_IF:
		ph_stores(ph, s->u.ifs.then);
		ph_stores(ph, s->u.ifs.els);
		break;
	case S_FOR:
		ph_stores(ph, s->u.loop.body);
		break;
	default:
		break;
	}
}

long omp_phases(const Activity *a, const Func *f, const Stmt *s,
		const unsigned char *heap)
{
	const OmpLoop *om = s->u.loop.omp;
	Phases ph;
	int loops = 0;
	long d = 1;
	size_t n = (size_t)f->nvars + 1;
	const Stmt *inc = s->u.loop.inc;
	if (!om || om->collapse > 1 || !inc || inc->kind != S_ASSIGN ||
	    inc->u.assign.op != A_INC)
		return 0;
	memset(&ph, 0, sizeof ph);
	ph.a = a;
	ph.f = f;
	ph.om = om;
	ph.heap = heap;
	ph.index = loop_index(s);
	if (ph.index < 0)
		return 0;
	ph.lo = arena_alloc(sizeof(long) * n);
	ph.hi = arena_alloc(sizeof(long) * n);
	ph.k = arena_alloc(sizeof(long) * n);
	ph.rmin = arena_alloc(sizeof(long) * n);
	ph.rmax = arena_alloc(sizeof(long) * n);
	ph.known = arena_alloc(n);
	ph.inner = arena_alloc(n);
	ph.seen = arena_alloc(n);
	ph_scan(&ph, s->u.loop.body, &loops);
	ph_stores(&ph, s->u.loop.body);
	/* a body without loops takes the gather form instead (gather.c) */
	if (ph.bad || !loops)
		return 0;
	ir_walk_stmt(s->u.loop.body, ph_visit, &ph);
	if (ph.bad)
		return 0;
	for (int v = 0; v < f->nvars; v++)
		if (ph.seen[v]) {
			long dv = (ph.rmax[v] - ph.rmin[v]) / ph.k[v] + 1;
			if (dv > d)
				d = dv;
		}
	return d <= 16 ? d : 0;
}

/* ---- the adjoint's input: serial loops that reduce in the team's order
 *
 * f_fwd runs a parallel loop serially when its iterations record on the
 * tape in ways the blocks and slots of record.c do not take: a call in
 * the body (its forward sweep records on the calling thread's tape), a
 * reduction by *, max or min of a varied variable (the reverse needs each
 * iteration's running value).  A serial loop adds up in the order of the
 * iterations, f_d in the order of the team: each thread into a partial of
 * its own, the partials joined in thread order (emit.c).  So that f_b's
 * result is f_d's, such a loop of the adjoint's input reduces as the team
 * does, serially:
 *
 *   ck_sp = ck_omp_split(N, S);    how the team splits the iterations
 *   for (ck_th = 0; ck_th < ck_omp_threads(ck_sp); ck_th++) {
 *       ck_part_s = ck_sp ? 0.0 : s;           (1.0 for *)
 *       ck_lo = A + ck_omp_lo(N, ck_sp, ck_th);     thread ck_th's
 *       ck_hi = A + ck_omp_lo(N, ck_sp, ck_th + 1); iterations
 *       for (i = ck_lo; i < ck_hi; i++) body, with ck_part_s for s
 *       s = ck_sp ? s + ck_part_s : ck_part_s;  (s * ck_part_s for *)
 *   }
 *
 * for each floating-point reduction by +, - or * (those by max and min
 * are exact in any order, and stay in the body).  N = B - A (+ 1 for
 * i <= B); ck_omp_split (ckrt.h) finds how a team splits the iterations
 * of a loop with schedule(static) (S = 1) or no schedule (S = 0), as f_d's
 * loop has them; ck_omp_lo is a function of its arguments only, so each
 * iteration runs once whatever the split.  Without OpenMP (or a split
 * ckrt.h does not know: ck_sp 0) the loop runs as the serial loop does,
 * in the bits of f_d's serial build.  The loop must be `for (i = A; i < B; i++)` (or <=), without
 * collapse, num_threads or if, and with no schedule other than static
 * without a chunk.  Run after the tangents (f_d keeps the input's loop)
 * and before the adjoints; the function stays the same function. */

int omp_order_call(const char *name)
{
	return !strcmp(name, "ck_omp_split") ||
	       !strcmp(name, "ck_omp_threads") || !strcmp(name, "ck_omp_lo");
}

typedef struct Serial {
	Func *f;
	int *from, nfrom; /* reduction variables */
	int *to, n;       /* ... their partials */
} Serial;

static Expr *serial_subst(void *ctx, Expr *e)
{
	Serial *se = ctx;
	if (e->kind != E_VAR)
		return NULL;
	for (int k = 0; k < se->n; k++)
		if (e->u.var == se->from[k])
			return expr_var(se->f, se->to[k], e->loc);
	return NULL;
}

static void serial_bad(void *ctx, const Stmt *s)
{
	if (s->kind == S_RETURN || s->kind == S_CHECKPOINT)
		*(int *)ctx = 1;
}

/* Does f_fwd run loop s (with omp) serially whatever the activity?  A
 * call (other than math) in it, or a floating reduction by *, max or
 * min (serial when varied; a loop whose variable is not varied runs
 * serially too then, in the same bits). */
static int serial_in_fwd(const Func *f, const Stmt *s)
{
	const OmpLoop *om = s->u.loop.omp;
	if (!omp_records_nothing(s->u.loop.body))
		return 1;
	for (int k = 0; k < om->nred; k++)
		if (type_is_float(f->vars[om->red[k].var]->type) &&
		    (om->red[k].op == OMP_RED_MUL ||
		     om->red[k].op == OMP_RED_MAX ||
		     om->red[k].op == OMP_RED_MIN))
			return 1;
	return 0;
}

static int is_static(const char *sched)
{
	size_t n;
	if (!sched)
		return 1;
	while (*sched == ' ')
		sched++;
	if (strncmp(sched, "static", 6))
		return 0;
	for (n = 6; sched[n] == ' '; n++)
		;
	return !sched[n];
}

/* The nest above for loop s of f, or NULL when s is not such a loop. */
static Stmt *serial_nest(Program *p, Func *f, const Stmt *s)
{
	const OmpLoop *om = s->u.loop.omp;
	const Expr *lo, *hi;
	int le, bad = 0, nred = 0;
	Loc loc = s->loc;
	if (om->collapse > 1 || om->num_threads || om->if_clause ||
	    !is_static(om->schedule))
		return NULL;
	int i = ir_counted_for(s, &lo, &hi, &le);
	if (i < 0 || f->vars[i]->type->kind != TY_INT ||
	    expr_mentions(hi, i) || !expr_math_only(lo) ||
	    !expr_math_only(hi) || stmt_assigns_var(s->u.loop.body, i))
		return NULL;
	ir_visit_stmts(s->u.loop.body, serial_bad, &bad);
	if (bad || !serial_in_fwd(f, s))
		return NULL;
	for (int k = 0; k < om->nred; k++) {
		const OmpReduction *r = &om->red[k];
		if (!type_is_float(f->vars[r->var]->type))
			continue;
		if (r->op == OMP_RED_ADD || r->op == OMP_RED_SUB ||
		    r->op == OMP_RED_MUL)
			nred++;
		if (expr_mentions(lo, r->var) || expr_mentions(hi, r->var))
			return NULL;
	}
	if (!nred)
		return NULL;

	Type *lt = type_long();
	int sched = om->schedule != NULL;
	int sp = func_add_var(f, name_fresh(p, f, "ck_sp"), type_int(),
			      VAR_LOCAL, loc);
	int th = func_add_var(f, name_fresh(p, f, "ck_th"), type_int(),
			      VAR_LOCAL, loc);
	int va = func_add_var(f, name_fresh(p, f, "ck_a"), lt, VAR_LOCAL, loc);
	int vn = func_add_var(f, name_fresh(p, f, "ck_niter"), lt, VAR_LOCAL,
			      loc);
	int vlo =
		func_add_var(f, name_fresh(p, f, "ck_lo"), lt, VAR_LOCAL, loc);
	int vhi =
		func_add_var(f, name_fresh(p, f, "ck_hi"), lt, VAR_LOCAL, loc);
	Stmt *out = stmt_block(loc);
	const Stmt *in = s->u.loop.init;
	if (in->kind == S_DECL)
		stmt_append(out, stmt_decl(i, NULL, loc));
	stmt_append(out, stmt_decl(th, NULL, loc));
	stmt_append(out, stmt_decl(vlo, NULL, loc));
	stmt_append(out, stmt_decl(vhi, NULL, loc));
	/* ck_a = A; ck_niter = B - ck_a (+ 1); ck_sp = ck_omp_split(...) */
	stmt_append(out,
		    stmt_decl(va, expr_cast(lt, expr_clone(lo), loc), loc));
	Expr *n = expr_binary(B_SUB, expr_cast(lt, expr_clone(hi), loc),
			      expr_var(f, va, loc), lt, loc);
	if (le)
		n = expr_binary(B_ADD, n, expr_int(1, loc), lt, loc);
	stmt_append(out, stmt_decl(vn, n, loc));
	stmt_append(out, stmt_decl(sp,
				   expr_call_n("ck_omp_split", type_int(), loc,
					       expr_var(f, vn, loc),
					       expr_int(sched, loc), NULL),
				   loc));

	Serial se = { f, NULL, 0, NULL, 0 };
	Stmt *tb = stmt_block(loc), *after = stmt_block(loc);
	for (int k = 0; k < om->nred; k++) {
		const OmpReduction *r = &om->red[k];
		int v = r->var;
		Type *t = type_with_const(f->vars[v]->type, 0);
		if (!type_is_float(t) ||
		    (r->op != OMP_RED_ADD && r->op != OMP_RED_SUB &&
		     r->op != OMP_RED_MUL))
			continue;
		int part = func_add_var(
			f,
			name_fresh(
				p, f,
				arena_printf("ck_part_%s", f->vars[v]->name)),
			t, VAR_LOCAL, loc);
		VEC_PUSH(se.from, se.nfrom, v);
		VEC_PUSH(se.to, se.n, part);
		stmt_append(out, stmt_decl(part, NULL, loc));
		/* ck_part_s = ck_sp ? identity : s */
		stmt_append(tb,
			    stmt_assign(A_SET, expr_var(f, part, loc),
					expr_cond(expr_var(f, sp, loc),
						  expr_num(r->op == OMP_RED_MUL
								   ? 1.0
								   : 0.0,
							   t, loc),
						  expr_var(f, v, loc), loc),
					loc));
		/* s = ck_sp ? s op ck_part_s : ck_part_s */
		Expr *join = expr_binary(r->op == OMP_RED_MUL ? B_MUL : B_ADD,
					 expr_var(f, v, loc),
					 expr_var(f, part, loc), t, loc);
		stmt_append(after,
			    stmt_assign(A_SET, expr_var(f, v, loc),
					expr_cond(expr_var(f, sp, loc), join,
						  expr_var(f, part, loc), loc),
					loc));
	}
	/* ck_lo = ck_a + ck_omp_lo(ck_niter, ck_sp, ck_th), ck_hi the same
	 * of ck_th + 1 */
	for (int k = 0; k < 2; k++) {
		Expr *t = expr_var(f, th, loc);
		if (k)
			t = expr_binary(B_ADD, t, expr_int(1, loc), type_int(),
					loc);
		Expr *c =
			expr_call_n("ck_omp_lo", lt, loc, expr_var(f, vn, loc),
				    expr_var(f, sp, loc), t);
		stmt_append(
			tb,
			stmt_assign(A_SET, expr_var(f, k ? vhi : vlo, loc),
				    expr_binary(B_ADD, expr_var(f, va, loc), c,
						lt, loc),
				    loc));
	}
	/* for (i = ck_lo; i < ck_hi; i++) body */
	Stmt *il = stmt_new(S_FOR, loc);
	il->u.loop.init = stmt_assign(
		A_SET, expr_var(f, i, loc),
		expr_cast(f->vars[i]->type, expr_var(f, vlo, loc), loc), loc);
	il->u.loop.cond = expr_binary(B_LT, expr_var(f, i, loc),
				      expr_var(f, vhi, loc), type_int(), loc);
	il->u.loop.inc = stmt_assign(A_INC, expr_var(f, i, loc), NULL, loc);
	il->u.loop.body = s->u.loop.body;
	stmt_map_exprs(il->u.loop.body, serial_subst, &se);
	stmt_append(tb, il);
	for (int k = 0; k < after->u.block.n; k++)
		stmt_append(tb, after->u.block.items[k]);
	/* for (ck_th = 0; ck_th < ck_omp_threads(ck_sp); ck_th++) */
	Stmt *tl = stmt_new(S_FOR, loc);
	tl->u.loop.init = stmt_assign(A_SET, expr_var(f, th, loc),
				      expr_int(0, loc), loc);
	tl->u.loop.cond =
		expr_binary(B_LT, expr_var(f, th, loc),
			    expr_call_n("ck_omp_threads", type_int(), loc,
					expr_var(f, sp, loc), NULL, NULL),
			    type_int(), loc);
	tl->u.loop.inc = stmt_assign(A_INC, expr_var(f, th, loc), NULL, loc);
	tl->u.loop.body = tb;
	stmt_append(out, tl);
	return out;
}

static void serial_stmt(Program *p, Func *f, Stmt *s, int *changed)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			serial_stmt(p, f, s->u.block.items[i], changed);
		break;
	case S_IF:
		serial_stmt(p, f, s->u.ifs.then, changed);
		serial_stmt(p, f, s->u.ifs.els, changed);
		break;
	case S_FOR: {
		/* (a loop that carries a firstprivate value stays as it
		 * is: the reverse mode refuses it, adj_loop) */
		/* (nor one that reads an integer reduction variable: the
		 * serial form reads the floating-point ones' partials only,
		 * and adj_loop refuses the read) */
		const OmpLoop *om = s->u.loop.omp;
		Stmt *n = om && !om->carried &&
					  !(om->red_read &&
					    !type_is_float(
						    f->vars[om->red_read - 1]
							    ->type))
				  ? serial_nest(p, f, s)
				  : NULL;
		if (n) {
			*s = *n;
			*changed = 1;
			return;
		}
	}
	/* fall through */
	case S_WHILE:
	case S_DO:
		serial_stmt(p, f, s->u.loop.body, changed);
		break;
	case S_CHECKPOINT:
		serial_stmt(p, f, s->u.ckpt.body, changed);
		break;
	default:
		break;
	}
}

void omp_serial_order(Program *p)
{
	for (int i = 0; i < p->nfuncs; i++) {
		Func *f = p->funcs[i];
		int changed = 0;
		if (!f->body)
			continue;
		serial_stmt(p, f, f->body, &changed);
		if (changed)
			activity_forget(p, i);
	}
}

/* ---- the threads' own copies of private variables */

/* Does s read var before it surely sets the whole of it?  *set: it is set
 * by then.  (Taking its address counts as a read.) */
static int exposed(const Stmt *s, int var, int *set)
{
	if (!s || *set)
		return 0;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (exposed(s->u.block.items[i], var, set))
				return 1;
		return 0;
	case S_ASSIGN: {
		const Expr *l = s->u.assign.lhs;
		int whole = l->kind == E_VAR && l->u.var == var;
		if (expr_mentions(s->u.assign.rhs, var) ||
		    (!whole && expr_mentions(l, var)) ||
		    (whole && s->u.assign.op != A_SET))
			return 1;
		*set = whole;
		return 0;
	}
	case S_IF: {
		int a = 0, b = 0;
		if (expr_mentions(s->u.ifs.cond, var) ||
		    exposed(s->u.ifs.then, var, &a) ||
		    exposed(s->u.ifs.els, var, &b))
			return 1;
		*set = a && b;
		return 0;
	}
	case S_FOR:
	case S_WHILE:
	case S_DO: {
		/* (what the body sets is not set after it: it may not run) */
		int body = 0, inc = 0;
		if (exposed(s->u.loop.init, var, set))
			return 1;
		if (*set)
			return 0;
		return expr_mentions(s->u.loop.cond, var) ||
		       exposed(s->u.loop.body, var, &body) ||
		       (!body && exposed(s->u.loop.inc, var, &inc));
	}
	case S_CHECKPOINT:
		return exposed(s->u.ckpt.body, var, set);
	default:
		return stmt_mentions(s, var);
	}
}

/* Is var read, before it is set, after target runs (within root)?
 * *found: target was met; *set: var was set after it. */
static int read_after(const Stmt *root, const Stmt *target, int var,
		      int *found, int *set)
{
	if (!root || *set)
		return 0;
	if (root == target) {
		*found = 1;
		return 0;
	}
	switch (root->kind) {
	case S_BLOCK:
		for (int i = 0; i < root->u.block.n; i++) {
			const Stmt *it = root->u.block.items[i];
			if (*found) {
				if (exposed(it, var, set))
					return 1;
				if (*set)
					return 0;
			} else if (read_after(it, target, var, found, set)) {
				return 1;
			}
		}
		return 0;
	case S_IF:
		return read_after(root->u.ifs.then, target, var, found, set) ||
		       (!*found &&
			read_after(root->u.ifs.els, target, var, found, set));
	case S_FOR:
	case S_WHILE:
	case S_DO: {
		int was = *found;
		if (read_after(root->u.loop.body, target, var, found, set))
			return 1;
		if (was || !*found || *set)
			return 0;
		/* the next iterations come after it too */
		int again = 0;
		return exposed(root->u.loop.inc, var, &again) ||
		       (!again && (expr_mentions(root->u.loop.cond, var) ||
				   exposed(root->u.loop.body, var, &again)));
	}
	case S_CHECKPOINT:
		return read_after(root->u.ckpt.body, target, var, found, set);
	default:
		return 0;
	}
}

static int drop_var(int *v, int *n, int var)
{
	int k = 0, hit = 0;
	for (int i = 0; i < *n; i++)
		if (v[i] != var)
			v[k++] = v[i];
		else
			hit = 1;
	*n = k;
	return hit;
}

/* Does s change var: assign it, store into its elements or members, or
 * take its address (a callee may store through it)? */
typedef struct Changes {
	int var, hit;
} Changes;

static void changes_visit(void *ctx, const Stmt *s)
{
	Changes *c = ctx;
	if (s->kind == S_ASSIGN && activity_root(s->u.assign.lhs) == c->var)
		c->hit = 1;
}

/* Does an expression hand out var's storage: &var[k], &var.m (any
 * address into it), or array var as a whole (a pointer to its first
 * element: ema(c, v), double *q = c)? */
typedef struct Escapes {
	const Program *p;
	int var, whole, parts, addr;
} Escapes;

static void escapes_visit(void *ctx, const Expr *e)
{
	Escapes *x = ctx;
	if (x->p && e->kind == E_CALL && e->u.call.fn >= 0) {
		/* g(c) with g's parameter a pointer to const: g reads it */
		const Func *g = x->p->funcs[e->u.call.fn];
		for (int i = 0; i < e->u.call.nargs && i < g->nparams; i++) {
			const Expr *a = e->u.call.args[i];
			const Type *t = g->vars[g->params[i]]->type;
			if (a->kind == E_VAR && a->u.var == x->var &&
			    type_is_pointerish(t) && t->base->is_const)
				x->parts++;
		}
	}
	if (e->kind == E_ADDR && activity_root(e->u.e) == x->var)
		x->addr = 1;
	else if (e->kind == E_VAR && e->u.var == x->var)
		x->whole++;
	else if ((e->kind == E_INDEX && e->u.index.base->kind == E_VAR &&
		  e->u.index.base->u.var == x->var) ||
		 (e->kind == E_MEMBER && e->u.mem.base->kind == E_VAR &&
		  e->u.mem.base->u.var == x->var))
		x->parts++;
}

static int body_changes(const Program *p, const Func *f, const Stmt *s,
			int var)
{
	Changes c = { var, 0 };
	ir_visit_stmts(s, changes_visit, &c);
	if (c.hit || stmt_assigns_var(s, var))
		return 1;
	Escapes x = { p, var, 0, 0, 0 };
	ir_walk_stmt(s, escapes_visit, &x);
	return x.addr ||
	       (f->vars[var]->type->kind == TY_ARRAY && x.whole > x.parts);
}

/* The region's declarations become the loop's private and firstprivate
 * variables (omp_region_merge), declared before the region: a pointer
 * that one of them holds to another, double *pc = &c, would then point
 * at that variable outside the region, shared by the threads, and not at
 * each thread's own copy. */
void omp_region_check(const Func *f, const Stmt *b)
{
	for (int i = 0; i < b->u.block.n; i++) {
		const Stmt *d = b->u.block.items[i];
		if (d->kind != S_DECL)
			continue;
		for (int j = 0; j < b->u.block.n; j++) {
			const Stmt *o = b->u.block.items[j];
			if (o->kind != S_DECL)
				continue;
			int v = o->u.decl.var;
			Escapes x = { NULL, v, 0, 0, 0 };
			if (d->u.decl.init)
				ir_walk_expr(d->u.decl.init, escapes_visit,
					     &x);
			for (int k = 0; k < d->u.decl.ninits; k++)
				if (d->u.decl.inits[k])
					ir_walk_expr(d->u.decl.inits[k],
						     escapes_visit, &x);
			if (x.addr || (f->vars[v]->type->kind == TY_ARRAY &&
				       x.whole > x.parts)) {
				diag_error(
					d->loc,
					"'%s' of this '#pragma omp parallel' "
					"region is set to the address of "
					"'%s', another variable of the "
					"region: ckc makes the region's "
					"variables private to the loop's "
					"threads, and each thread's copy of "
					"'%s' would point at one shared "
					"'%s'; set '%s' inside the loop",
					f->vars[d->u.decl.var]->name,
					f->vars[v]->name,
					f->vars[d->u.decl.var]->name,
					f->vars[v]->name,
					f->vars[d->u.decl.var]->name);
				return;
			}
		}
	}
}

/* Does the body of a loop, block s, read an element of array var before
 * setting it, where exposed cannot tell (it counts any element store as
 * a read)?  Straight-line stores var[c] = e at the top of s, with
 * constant c and e reading only elements set before, set the elements;
 * once all of them are set, the rest of s may do anything.  Anything
 * else that mentions var counts as a read. */
typedef struct ElemRead {
	int var, bad;
	const unsigned char *set;
	long len;
	int elems, uses; /* var[...] read, var mentioned */
} ElemRead;

static void elem_read_visit(void *ctx, const Expr *e)
{
	ElemRead *r = ctx;
	long k;
	if (e->kind == E_INDEX && e->u.index.base->kind == E_VAR &&
	    e->u.index.base->u.var == r->var) {
		r->elems++;
		if (!ir_int_const(e->u.index.idx, &k) || k < 0 ||
		    k >= r->len || !r->set[k])
			r->bad = 1;
	} else if (e->kind == E_VAR && e->u.var == r->var) {
		r->uses++;
	}
}

static int elems_exposed(const Stmt *s, int var, long len)
{
	if (!s || s->kind != S_BLOCK || len <= 0 || len > 64)
		return 1;
	unsigned char set[64] = { 0 };
	long nset = 0;
	for (int i = 0; i < s->u.block.n && nset < len; i++) {
		const Stmt *it = s->u.block.items[i];
		if (!stmt_mentions(it, var))
			continue;
		const Expr *l = it->kind == S_ASSIGN ? it->u.assign.lhs : NULL;
		long k;
		if (!l || it->u.assign.op != A_SET || l->kind != E_INDEX ||
		    l->u.index.base->kind != E_VAR ||
		    l->u.index.base->u.var != var ||
		    !ir_int_const(l->u.index.idx, &k) || k < 0 || k >= len)
			return 1;
		ElemRead r = { var, 0, set, len, 0, 0 };
		ir_walk_expr(it->u.assign.rhs, elem_read_visit, &r);
		/* (a use other than var[c], as a whole: &var, var + 1) */
		if (r.bad || r.uses != r.elems)
			return 1;
		if (!set[k]++)
			nset++;
	}
	return nset < len;
}

/* Does s mention var outside statement skip?  (An array outside a loop
 * may be reached through a pointer, double *p = t, as a scalar only
 * through its address.) */
static int mentions_outside(const Stmt *s, const Stmt *skip, int var)
{
	if (!s || s == skip)
		return 0;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (mentions_outside(s->u.block.items[i], skip, var))
				return 1;
		return 0;
	case S_IF:
		return expr_mentions(s->u.ifs.cond, var) ||
		       mentions_outside(s->u.ifs.then, skip, var) ||
		       mentions_outside(s->u.ifs.els, skip, var);
	case S_FOR:
	case S_WHILE:
	case S_DO:
		return expr_mentions(s->u.loop.cond, var) ||
		       mentions_outside(s->u.loop.init, skip, var) ||
		       mentions_outside(s->u.loop.inc, skip, var) ||
		       mentions_outside(s->u.loop.body, skip, var);
	case S_CHECKPOINT:
		return mentions_outside(s->u.ckpt.body, skip, var);
	default:
		return stmt_mentions(s, var);
	}
}

/* Do the headers of the collapse nest from s down to in (init, condition,
 * increment) mention var? */
static int nest_header_mentions(const Stmt *s, const Stmt *in, int var)
{
	for (const Stmt *l = s; l; l = l == in ? NULL : nested_for(l))
		if (expr_mentions(l->u.loop.cond, var) ||
		    stmt_mentions(l->u.loop.init, var) ||
		    stmt_mentions(l->u.loop.inc, var))
			return 1;
	return 0;
}

/* Parallel loop s: a scalar private to the threads (private, or
 * firstprivate and set by the body) becomes a variable declared in the
 * body, as OpenMP has it: the variable outside keeps the value it had
 * before the loop, which serial code would not (the reverse sweep sent
 * the adjoint of `return s + t` after a private(t) loop into the last
 * iteration's t).  A firstprivate scalar that the body reads before it
 * sets it carries its value from iteration to iteration of one thread,
 * which depends on how the iterations are split among the threads: the
 * tangent's loop does the same, the reverse mode refuses it (adj_loop). */
static void privatize_loop(Program *p, Func *f, Stmt *s)
{
	OmpLoop *om = s->u.loop.omp;
	int idx[8], nidx = 0;
	const Stmt *l = s;
	for (int k = 0;
	     k < (om->collapse > 1 ? om->collapse : 1) && l && nidx < 8; k++) {
		idx[nidx++] = loop_index(l);
		l = nested_for(l);
	}
	/* an index set by the loop's init, i = 0, is the threads' own too:
	 * after the loop, i is what it was before it (unless lastprivate),
	 * so the loop's i becomes a variable of its own, int i2 = 0, when
	 * anything may read i after the loop */
	l = s;
	for (int k = 0; k < nidx && l; k++, l = nested_for(l)) {
		Stmt *init = l->u.loop.init, **at = &((Stmt *)l)->u.loop.init;
		if (init && init->kind == S_BLOCK && init->u.block.n == 1) {
			at = &init->u.block.items[0];
			init = *at;
		}
		int v = idx[k], found = 0, set = 0;
		if (v < 0 || !init || init->kind != S_ASSIGN ||
		    init->u.assign.op != A_SET ||
		    expr_mentions(init->u.assign.rhs, v) ||
		    f->vars[v]->type->kind != TY_INT ||
		    in_list(om->lpriv, om->nlpriv, v) ||
		    (!read_after(f->body, s, v, &found, &set) &&
		     !stmt_takes_addr(f->body, v)))
			continue;
		int to = func_add_var(f, name_fresh(p, f, f->vars[v]->name),
				      type_with_const(f->vars[v]->type, 0),
				      VAR_LOCAL, f->vars[v]->loc);
		Expr *from = init->u.assign.rhs;
		*at = stmt_decl(to, from, init->loc);
		stmt_rename_var(f, (Stmt *)l, v, to);
		drop_var(om->priv, &om->npriv, v);
		drop_var(om->fpriv, &om->nfpriv, v);
		idx[k] = to;
	}
	int *cand = NULL, ncand = 0;
	for (int i = 0; i < om->npriv; i++)
		VEC_PUSH(cand, ncand, om->priv[i]);
	for (int i = 0; i < om->nfpriv; i++) {
		int v = om->fpriv[i], set = 0;
		if (!body_changes(p, f, s->u.loop.body, v))
			continue;
		const Type *vt = f->vars[v]->type;
		if (exposed(s->u.loop.body, v, &set) &&
		    !(vt->kind == TY_ARRAY && type_is_float(vt->base) &&
		      !elems_exposed(s->u.loop.body, v, vt->len))) {
			if (!om->carried)
				om->carried = v + 1;
			continue;
		}
		VEC_PUSH(cand, ncand, v);
	}
	/* the body that declares the copies: the innermost of a
	 * collapse(n) nest, whose loops must stay perfectly nested */
	Stmt *in = s;
	for (int k = 1; k < om->collapse && in; k++)
		in = (Stmt *)nested_for(in);
	if (!in || !in->u.loop.body)
		return;
	for (int i = 0; i < ncand; i++) {
		int v = cand[i];
		const Type *t = f->vars[v]->type;
		if ((t->kind != TY_INT && !type_is_float(t) &&
		     t->kind != TY_PTR && t->kind != TY_ARRAY &&
		     t->kind != TY_STRUCT) ||
		    in_list(idx, nidx, v) || nest_header_mentions(s, in, v))
			continue;
		/* (a variable that nothing reads after the loop before
		 * setting it may stay as it is; one whose address is taken
		 * may be read through a pointer) */
		int found = 0, set = 0;
		if (!read_after(f->body, s, v, &found, &set) &&
		    !stmt_takes_addr(f->body, v) &&
		    !((t->kind == TY_ARRAY || t->kind == TY_STRUCT) &&
		      mentions_outside(f->body, s, v)))
			continue;
		int to = func_add_var(f, name_fresh(p, f, f->vars[v]->name),
				      type_with_const(f->vars[v]->type, 0),
				      VAR_LOCAL, f->vars[v]->loc);
		stmt_rename_var(f, in->u.loop.body, v, to);
		if (in->u.loop.body->kind != S_BLOCK) {
			/* (a body of one statement, for (...) for (j ...)) */
			Stmt *b = stmt_block(in->u.loop.body->loc);
			stmt_append(b, in->u.loop.body);
			in->u.loop.body = b;
		}
		stmt_prepend(in->u.loop.body, stmt_decl(to, NULL, s->loc));
		if (!drop_var(om->priv, &om->npriv, v))
			drop_var(om->fpriv, &om->nfpriv, v);
	}
}

/* Does statement s (without the statements inside it) read reduction
 * variable var other than in its update, var op= e or var = var op e? */
static int red_update(const Stmt *s, int var, OmpRedOp op)
{
	if (s->kind != S_ASSIGN || s->u.assign.lhs->kind != E_VAR ||
	    s->u.assign.lhs->u.var != var)
		return 0;
	const Expr *r = s->u.assign.rhs;
	AssignOp aop = s->u.assign.op;
	if (aop == A_INC || aop == A_DEC)
		return op != OMP_RED_MUL;
	if (expr_mentions(r, var) == 0)
		return aop == (op == OMP_RED_MUL ? A_MUL : A_ADD) ||
		       (op != OMP_RED_MUL && aop == A_SUB);
	if (aop != A_SET || r->kind != E_BINARY)
		return 0;
	BinOp b = r->u.bin.op;
	const Expr *l = r->u.bin.l, *o = r->u.bin.r;
	if (!(op == OMP_RED_MUL ? b == B_MUL : b == B_ADD || b == B_SUB))
		return 0;
	if (l->kind == E_VAR && l->u.var == var && !expr_mentions(o, var))
		return 1;
	return b != B_SUB && o->kind == E_VAR && o->u.var == var &&
	       !expr_mentions(l, var);
}

typedef struct RedRead {
	OmpLoop *om;
} RedRead;

static void red_read_visit(void *ctx, const Stmt *s)
{
	OmpLoop *om = ((RedRead *)ctx)->om;
	for (int i = 0; i < om->nred && !om->red_read; i++) {
		const OmpReduction *r = &om->red[i];
		if (r->op != OMP_RED_ADD && r->op != OMP_RED_SUB &&
		    r->op != OMP_RED_MUL)
			continue;
		int hit;
		switch (s->kind) {
		case S_BLOCK:
		case S_CHECKPOINT:
			hit = 0;
			break;
		case S_IF:
			hit = expr_mentions(s->u.ifs.cond, r->var);
			break;
		case S_FOR:
		case S_WHILE:
		case S_DO:
			hit = expr_mentions(s->u.loop.cond, r->var);
			break;
		default:
			hit = stmt_mentions(s, r->var) &&
			      !red_update(s, r->var, r->op);
		}
		if (hit) {
			om->red_read = r->var + 1;
			om->red_read_loc = s->loc;
		}
	}
}

typedef struct Privatize {
	Program *p;
	Func *f;
} Privatize;

static void privatize_visit(void *ctx, const Stmt *s)
{
	Privatize *pv = ctx;
	if (s->kind == S_FOR && s->u.loop.omp) {
		RedRead rr = { s->u.loop.omp };
		ir_visit_stmts(s->u.loop.body, red_read_visit, &rr);
		privatize_loop(pv->p, pv->f, (Stmt *)s);
	}
}

void omp_privatize(Program *p, Func *f)
{
	Privatize pv = { p, f };
	ir_visit_stmts(f->body, privatize_visit, &pv);
}
