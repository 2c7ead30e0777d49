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
 *     firstprivate and lastprivate, reduction(+: s) -> reduction(+: s,
 *     s_d), since s_d += T(e) is a sum as well.  A reduction by *, max or
 *     min of a varied variable has a tangent that no OpenMP reduction
 *     computes (the partial products, or the winner's tangent); such a
 *     loop's tangent runs serially, with a warning that says so.
 *   - The pragma is printed under #ifdef _OPENMP, so the output compiles
 *     warning-free, serially, without -fopenmp, as the input does.
 *   - Reverse mode (f_b, and f_b_d from it), loop by loop:
 *     - f_fwd's copy of the loop runs parallel, with the input's clauses
 *       (and private for the body's variables, which f_fwd declares at its
 *       top), when its body records nothing on the tape and calls only
 *       math functions (omp_finish).  A loop that records runs serially:
 *       each thread has a tape of its own, and the reverse sweep must pop
 *       in the order the forward sweep pushed.
 *     - The reverse sweep's loop runs parallel when gather.c proves its
 *       iterations independent: the ascending form (each iteration touches
 *       its own elements) and the gather loops (element j gathers what the
 *       iterations around it add) are, and their results are the same bits
 *       in any order.  Each thread sets the index itself (private).  Other
 *       reverse loops run serially.
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
} Sharing;

/* Appends var to the int array (*v, *n), whose room doubles. */
static void push_int(int **v, int *n, int var)
{
	if ((*n & (*n - 1)) == 0) { /* 0, 1, 2, 4, ...: full */
		int *w = arena_alloc(sizeof *w * (size_t)(*n ? 2 * *n : 1));
		if (*n)
			memcpy(w, *v, sizeof *w * (size_t)*n);
		*v = w;
	}
	(*v)[(*n)++] = var;
}

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
		push_int(out, nout, in[i]);
		if (shadow[in[i]] >= 0)
			push_int(out, nout, shadow[in[i]]);
	}
}

OmpLoop *omp_tangent(const Func *f, const OmpLoop *om, const int *shadow)
{
	OmpLoop *t = ARENA_NEW(OmpLoop);
	*t = *om;
	t->priv = t->fpriv = t->lpriv = t->shared = NULL;
	t->npriv = t->nfpriv = t->nlpriv = t->nshared = 0;
	t->red = NULL;
	t->nred = 0;
	for (int i = 0; i < om->nred; i++) {
		const OmpReduction *r = &om->red[i];
		if (shadow[r->var] >= 0 && r->op != OMP_RED_ADD &&
		    r->op != OMP_RED_SUB) {
			diag_warning(r->loc,
				     "the tangent of this loop runs serially: "
				     "ckc does not differentiate "
				     "reduction(%s: %s) of a varied variable "
				     "in parallel yet",
				     r->spelling, f->vars[r->var]->name);
			return NULL;
		}
	}
	/* rebuilt in order: each variable, then its shadow */
	t->red = arena_alloc(sizeof *t->red * (size_t)(2 * om->nred + 1));
	t->nred = 0;
	for (int i = 0; i < om->nred; i++) {
		t->red[t->nred++] = om->red[i];
		if (shadow[om->red[i].var] >= 0) {
			t->red[t->nred] = om->red[i];
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

int omp_check_generated(const Func *f, const Stmt *s)
{
	return sharing(f, s, 0) == NULL;
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
		push_int(v, n, s->u.decl.var);
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

static int *copy_ints(const int *v, int n)
{
	int *w = arena_alloc(sizeof *w * (size_t)(n + 1));
	if (n)
		memcpy(w, v, sizeof *w * (size_t)n);
	return w;
}

OmpLoop *omp_forward(const Func *f, const Stmt *s)
{
	const OmpLoop *om = s->u.loop.omp;
	OmpLoop *t = ARENA_NEW(OmpLoop);
	(void)f;
	*t = *om;
	t->priv = NULL;
	t->npriv = 0;
	for (int i = 0; i < om->npriv; i++)
		push_int(&t->priv, &t->npriv, om->priv[i]);
	/* f_fwd declares the body's variables at its top: each iteration
	 * has its own, as in the input (inner loops' indices too) */
	decls_in(s->u.loop.body, &t->priv, &t->npriv);
	t->fpriv = copy_ints(om->fpriv, om->nfpriv);
	t->lpriv = copy_ints(om->lpriv, om->nlpriv);
	t->shared = copy_ints(om->shared, om->nshared);
	t->red = arena_alloc(sizeof *t->red * (size_t)(om->nred + 1));
	if (om->nred)
		memcpy(t->red, om->red, sizeof *t->red * (size_t)om->nred);
	t->emit = 0;
	t->fwd = 1;
	return t;
}

OmpLoop *omp_reverse_candidate(const OmpLoop *om)
{
	OmpLoop *t = ARENA_NEW(OmpLoop);
	t->loc = om->loc;
	t->schedule = om->schedule;
	t->num_threads = om->num_threads;
	t->if_clause = om->if_clause;
	t->proc_bind = om->proc_bind;
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
	push_int(&t->priv, &t->npriv, index);
	t->emit = 1;
	omp_used = 1;
	return t;
}

/* Does s record nothing and call only math functions, so that f_fwd's
 * copy of a loop is the input's loop? */
static int records_nothing(const Stmt *s)
{
	if (!s)
		return 1;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (!records_nothing(s->u.block.items[i]))
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
		       records_nothing(s->u.ifs.then) &&
		       records_nothing(s->u.ifs.els);
	case S_FOR: case S_WHILE: case S_DO:
		return records_nothing(s->u.loop.init) &&
		       expr_math_only(s->u.loop.cond) &&
		       records_nothing(s->u.loop.inc) &&
		       records_nothing(s->u.loop.body);
	case S_EMPTY: case S_CONTINUE:
		return 1;
	default: /* calls, returns, breaks, regions */
		return 0;
	}
}

static void finish_stmt(Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			finish_stmt(s->u.block.items[i]);
		break;
	case S_IF:
		finish_stmt(s->u.ifs.then);
		finish_stmt(s->u.ifs.els);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		if (s->kind == S_FOR && s->u.loop.omp && s->u.loop.omp->fwd &&
		    s->u.loop.init && records_nothing(s->u.loop.body) &&
		    records_nothing(s->u.loop.inc)) {
			s->u.loop.omp->emit = 1;
			omp_used = 1;
		}
		finish_stmt(s->u.loop.body);
		break;
	case S_CHECKPOINT:
		finish_stmt(s->u.ckpt.body);
		break;
	default:
		break;
	}
}

void omp_finish(Func *g)
{
	finish_stmt(g->body);
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

int omp_red_ordered(const Func *f, const OmpReduction *r)
{
	return type_is_float(f->vars[r->var]->type) &&
	       (r->op == OMP_RED_ADD || r->op == OMP_RED_SUB ||
		r->op == OMP_RED_MUL);
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
		print_list(out, f, "shared", om->shared, om->nshared);
		const OmpReduction **keep =
			arena_alloc(sizeof *keep * (size_t)(om->nred + 1));
		int nk = 0;
		for (int i = 0; i < om->nred; i++)
			if (part != OMP_FOR ||
			    !omp_red_ordered(f, &om->red[i]))
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
