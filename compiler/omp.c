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
 *   - Reverse mode (f_b, and f_b_d from it): the loop runs serially, in
 *     both sweeps, which is what the tape's order of pushes and pops
 *     needs; the OmpLoop of the input is not carried (only tangent.c
 *     makes printed ones, with `emit` set).
 *   - Generated code never leaves a variable shared that each iteration
 *     writes: emit.c checks every printed loop (omp_check_generated) and
 *     stops with an internal error rather than print a race.
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

/* ---- output */

int omp_check_generated(const Func *f, const Stmt *s)
{
	const char *bad = sharing(f, s, 0);
	if (bad)
		diag_internal(
			__FILE__, __LINE__,
			arena_printf("'%s' is shared in a parallel loop "
				     "of %s, and its iterations write it",
				     bad, f->name));
	return 1;
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
