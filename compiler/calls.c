/*
 * calls.c - the rules for calls ckc cannot see into.
 *
 * A call in differentiated code goes to a function of the file (which ckc
 * differentiates), to math.h (rules.def), or to something else.  What
 * ckc may do with the something else is decided here, from tables:
 *
 *   stdio output (printf, ...)  takes active values, carries no
 *                               derivative, runs once as in f: forward
 *                               sweeps guard it with ck_recomputing(), so
 *                               a recomputation in a reverse sweep skips it
 *   #pragma ck_inactive f, g    results (and what they write) are
 *                               constants; the call must not run again, so
 *                               no checkpoint region may recompute it
 *   pure library functions      (floor, lgamma, ...) on inactive values:
 *                               may run again
 *   MPI calls (mpi.c)           on floating data: rewritten into
 *                               helpers with rules (CALL_DERIV); on
 *                               other data: inactive, may run again
 *                               (every rank recomputes the same steps)
 *   anything else               inactive values only, and never in code
 *                               that is recomputed
 */
#include "ckc.h"

#include <string.h>

/* The stdio output functions: they print, they return an int nobody in
 * differentiated code may read. */
static const char *const output_fns[] = {
	"printf", "fprintf", "puts", "putchar", "fputs", "fputc", "putc",
};

/* Library functions without side effects that ckc may run again (in a
 * recomputation); the float variants (floorf) too.  The classification
 * and comparison macros (fp_class_name) have integer results, and
 * conv_assert's assert(e) checks again what it checked. */
static const char *const pure_fns[] = {
	"floor",        "ceil",          "round",          "trunc",
	"rint",         "nearbyint",     "lround",         "lrint",
	"llround",      "llrint",        "fmod",           "remainder",
	"lgamma",       "tgamma",        "ldexp",          "scalbn",
	"ilogb",        "logb",          "nextafter",      "copysign",
	"fdim",         "abs",           "labs",           "llabs",
	"isfinite",     "isnan",         "isinf",          "isnormal",
	"signbit",      "isgreater",     "isgreaterequal", "isless",
	"islessequal",  "islessgreater", "isunordered",    "assert",
	"ck_frexp_exp",
};

static int in_table(const char *const *t, size_t n, const char *name,
		    int float_variants)
{
	size_t len = strlen(name);
	for (size_t i = 0; i < n; i++) {
		if (!strcmp(t[i], name))
			return 1;
		if (float_variants && len == strlen(t[i]) + 1 &&
		    name[len - 1] == 'f' && !strncmp(t[i], name, len - 1))
			return 1;
	}
	return 0;
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Which of the math.h functions that also write through pointers is call
 * e: 1 modf, 2 frexp, 3 sincos (and their float versions), 0 none.  A
 * function of the file or one with a ck_derivative of that name is the
 * user's.  normalize.c splits them into stores and a value. */
static const char *const out_math[] = { "modf", "frexp", "sincos" };

int calls_out_math(const Expr *e)
{
	static const int nargs[] = { 2, 2, 3 };
	if (e->kind != E_CALL || e->u.call.fn >= 0 ||
	    userrules_find(e->u.call.name))
		return 0;
	const char *nm = e->u.call.name;
	size_t len = strlen(nm);
	for (int i = 0; i < 3; i++) {
		size_t k = strlen(out_math[i]);
		if (!strncmp(nm, out_math[i], k) &&
		    (len == k || (len == k + 1 && nm[k] == 'f')) &&
		    e->u.call.nargs == nargs[i])
			return i + 1;
	}
	return 0;
}

const char *calls_out_math_name(int which)
{
	return out_math[which - 1];
}

int calls_is_output(const char *name)
{
	return in_table(output_fns, COUNT(output_fns), name, 0);
}

CallKind calls_kind_name(const Program *p, const char *name)
{
	if (userrules_find(name) || userrules_call(name))
		return CALL_DERIV;
	if (rules_find(name))
		return CALL_RULE;
	if (calls_is_output(name))
		return CALL_OUTPUT;
	for (int i = 0; p && i < p->ninactive; i++)
		if (!strcmp(p->inactive[i], name))
			return CALL_INACTIVE;
	if (in_table(pure_fns, COUNT(pure_fns), name, 1))
		return CALL_PURE;
	if (mpi_is_mpi_name(name))
		return CALL_MPI;
	return CALL_OTHER;
}

CallKind calls_kind(const Program *p, const Expr *call)
{
	if (call->u.call.fn >= 0)
		return CALL_USER;
	if (alloc_find(call))
		return CALL_ALLOC;
	/* libckrt_mpi's helpers have rules (mpi.c) */
	if (userrules_call(call->u.call.name))
		return CALL_DERIV;
	CallKind k = calls_kind_name(p, call->u.call.name);
	/* libckrt's math (ck_digamma, ck_modf_frac, ck_frexp_exp) has rules
	 * or no derivative like math.h's */
	if (ir_rt_call(call) != RT_NONE && k != CALL_RULE && k != CALL_PURE)
		return CALL_RUNTIME;
	return k;
}

/* The library functions that end the program.  Nothing of the program
 * runs after them (atexit handlers aside, which no reverse sweep follows):
 * they run at most once, and no global they might change is read again. */
static const char *const end_fns[] = { "exit", "_Exit", "abort",
				       "quick_exit" };

int calls_ends_program(const Program *p, const Expr *call)
{
	return call->kind == E_CALL && calls_kind(p, call) == CALL_OTHER &&
	       in_table(end_fns, COUNT(end_fns), call->u.call.name, 0);
}

int calls_is_output_stmt(const Stmt *s)
{
	return s && s->kind == S_EXPR && s->u.expr->kind == E_CALL &&
	       s->u.expr->u.call.fn < 0 && calls_is_output(s->u.expr->u.call.name);
}

/* if (!ck_recomputing()) s */
Stmt *calls_guard_output(Stmt *s)
{
	Stmt *g = stmt_new(S_IF, s->loc);
	g->u.ifs.cond = expr_unary(
		U_NOT, expr_call_n("ck_recomputing", type_int(), s->loc, NULL,
				   NULL, NULL),
		s->loc);
	g->u.ifs.then = s;
	return g;
}

/* ---- calls a recomputation would repeat */

typedef struct Rerun {
	const Program *p;
	Loc pragma;
	const char *what;
	unsigned char *seen; /* function index -> walked (bit 1: as f_fwd,
				bit 2: as the user's function) */
	const Expr *via;     /* the call in the region that led here, or NULL */
	const char *fname;   /* the function being walked */
	int depth;           /* checkpoints around the current statement */
	int orig;            /* the recomputation runs the user's function
				here (a region's untaped primal), whose
				output is not guarded */
	int bad;
} Rerun;

static void rerun_stmt(Rerun *r, const Stmt *s);

static void rerun_report_note(Rerun *r)
{
	if (r->via)
		diag_note(r->via->loc, "called from the %s here", r->what);
	diag_note(r->pragma, "the %s, which the reverse sweep recomputes, is "
			     "here",
		  r->what);
}

/* Nested regions see the same calls: each is reported once. */
static int rerun_first(const Expr *e)
{
	static const Expr **seen;
	static int nseen;
	for (int i = 0; i < nseen; i++)
		if (seen[i] == e)
			return 0;
	ARENA_PUSH(seen, nseen, (Expr *)e);
	return 1;
}

static void rerun_visit(void *ctx, const Expr *e)
{
	Rerun *r = ctx;
	if (e->kind != E_CALL)
		return;
	CallKind k = calls_kind(r->p, e);
	/* the user's code: a function of theirs, unless omp_serial_order
	 * put it there */
	if (k == CALL_RUNTIME && !omp_order_call(e->u.call.name))
		k = CALL_OTHER;
	/* a call that ends the program (an allocation failure's report)
	 * cannot run twice: there is no reverse sweep after it */
	if (calls_ends_program(r->p, e))
		return;
	if (k != CALL_USER && k != CALL_RULE && k != CALL_RUNTIME &&
	    k != CALL_PURE && k != CALL_DERIV && k != CALL_ALLOC &&
	    k != CALL_MPI && (k != CALL_OUTPUT || r->orig)) {
		r->bad = 1;
		if (!rerun_first(e))
			return;
	}
	switch (k) {
	case CALL_USER: {
		/* a call inside a checkpoint (nested region, binomial step)
		 * runs the user's function when that checkpoint runs untaped */
		int fn = e->u.call.fn, orig = r->orig;
		r->orig = orig || r->depth > 0;
		int bit = r->orig ? 2 : 1;
		if (!(r->seen[fn] & bit)) {
			r->seen[fn] |= (unsigned char)bit;
			const Expr *via = r->via;
			const char *fname = r->fname;
			if (!via)
				r->via = e;
			r->fname = r->p->funcs[fn]->name;
			rerun_stmt(r, r->p->funcs[fn]->body);
			r->via = via;
			r->fname = fname;
		}
		r->orig = orig;
		return;
	}
	case CALL_INACTIVE:
		diag_error(e->loc,
			   "the ck_inactive function '%s' must not run twice, "
			   "but a recomputation of this %s would call it "
			   "again; call it outside the %s and pass its result "
			   "in",
			   e->u.call.name, r->what, r->what);
		rerun_report_note(r);
		return;
	case CALL_OTHER:
		diag_error(e->loc,
			   "'%s' may have effects and must not run twice, but "
			   "a recomputation of this %s would call it again; "
			   "call it outside the %s",
			   e->u.call.name, r->what, r->what);
		rerun_report_note(r);
		return;
	case CALL_OUTPUT:
		/* output statements of generated code are guarded; those of
		 * the user's function run again where a recomputation calls
		 * the function itself (a binomial step, a nested region) */
		if (!r->orig)
			return;
		diag_error(e->loc,
			   "'%s' in '%s' would print again when the %s that "
			   "calls it is recomputed; print in the %s itself or "
			   "outside it",
			   e->u.call.name, r->fname, r->what,
			   r->what);
		rerun_report_note(r);
		return;
	default:
		return;
	}
}

static void rerun_stmt(Rerun *r, const Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			rerun_stmt(r, s->u.block.items[i]);
		return;
	case S_IF:
		ir_walk_expr(s->u.ifs.cond, rerun_visit, r);
		rerun_stmt(r, s->u.ifs.then);
		rerun_stmt(r, s->u.ifs.els);
		return;
	case S_FOR: case S_WHILE: case S_DO:
		rerun_stmt(r, s->u.loop.init);
		ir_walk_expr(s->u.loop.cond, rerun_visit, r);
		rerun_stmt(r, s->u.loop.inc);
		rerun_stmt(r, s->u.loop.body);
		return;
	case S_CHECKPOINT:
		r->depth++;
		rerun_stmt(r, s->u.ckpt.body);
		r->depth--;
		return;
	default:
		ir_walk_stmt(s, rerun_visit, r);
		return;
	}
}

int calls_check_rerun(const Program *p, const Stmt *body, int steps,
		      Loc pragma, const char *what)
{
	Rerun r;
	r.p = p;
	r.pragma = pragma;
	r.what = what;
	r.seen = arena_alloc((size_t)p->nfuncs + 1);
	r.via = NULL;
	r.fname = NULL;
	r.depth = steps ? 1 : 0;
	r.orig = 0;
	r.bad = 0;
	rerun_stmt(&r, body);
	return !r.bad;
}

/* ---- where stdio output may be */

static void output_find(void *ctx, const Expr *e)
{
	if (e->kind == E_CALL && e->u.call.fn < 0 &&
	    calls_is_output(e->u.call.name))
		*(int *)ctx = 1;
}

static void output_visit(void *ctx, const Expr *e)
{
	(void)ctx;
	if (e->kind == E_CALL && e->u.call.fn < 0 &&
	    calls_is_output(e->u.call.name))
		diag_error(e->loc,
			   "the result of '%s' cannot be used in "
			   "differentiated code (a recomputation does not "
			   "print); call it as a statement of its own",
			   e->u.call.name);
}

static void output_stmt(const Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			output_stmt(s->u.block.items[i]);
		return;
	case S_IF:
		ir_walk_expr(s->u.ifs.cond, output_visit, NULL);
		output_stmt(s->u.ifs.then);
		output_stmt(s->u.ifs.els);
		return;
	case S_FOR: case S_WHILE: case S_DO:
		output_stmt(s->u.loop.init);
		ir_walk_expr(s->u.loop.cond, output_visit, NULL);
		output_stmt(s->u.loop.inc);
		output_stmt(s->u.loop.body);
		return;
	case S_CHECKPOINT:
		output_stmt(s->u.ckpt.body);
		return;
	case S_EXPR:
		if (calls_is_output_stmt(s)) {
			ir_walk_exprs(s->u.expr->u.call.args,
				      s->u.expr->u.call.nargs, output_visit,
				      NULL);
			return;
		}
		ir_walk_stmt(s, output_visit, NULL);
		return;
	default:
		ir_walk_stmt(s, output_visit, NULL);
		return;
	}
}

void calls_check(const Program *p)
{
	for (int i = 0; i < p->nfuncs; i++)
		output_stmt(p->funcs[i]->body);
}

int calls_program_has_output(const Program *p)
{
	for (int i = 0; i < p->nfuncs; i++)
		if (p->funcs[i]->body && !p->funcs[i]->generated) {
			int found = 0;
			ir_walk_stmt(p->funcs[i]->body, output_find, &found);
			if (found)
				return 1;
		}
	return 0;
}

void calls_not_here(const Expr *e)
{
	diag_error(
		e->loc,
		"the call to '%s' cannot be differentiated here, where ckc "
		"cannot move it into a statement of its own (a for loop's "
		"increment, an arm of a ?: of integers or pointers); assign "
		"its result to a variable in a statement of its own",
		e->u.call.name);
}
