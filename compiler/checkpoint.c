/*
 * checkpoint.c - checkpointing in reverse mode: checkpoint regions
 * (#pragma ck_checkpoint before a statement: f_fwd saves what the
 * statement reads and runs it untaped, f_bwd restores that and runs its
 * sweeps then) and binomial loops (#pragma ck_checkpoint binomial(K): a
 * counted loop's steps reversed on Revolve's schedule with at most K
 * checkpoints).  The rules of each are in its section.
 *
 * adjoint.c describes the overall scheme (f_fwd, f_bwd and the tape);
 * adjoint.h has what the reverse mode's files share.
 */
#include "ckc.h"
#include "adjoint.h"

#include <string.h>

/* ------------------------------------------------ checkpoint regions
 *
 * #pragma ck_checkpoint before a statement R:
 *
 *   f_fwd:  s = ck_snap_new(); CK_SAVE(s, v) for what R reads before
 *           writing it (below); push s; R as in f (nothing taped)
 *   f_bwd:  s = pop; CK_LOAD(s, v) ...; ck_snap_free(s);
 *           R's forward sweep (taped), then R's reverse sweep
 *
 * The forward sweep of R is generated as for f_fwd, then moved into
 * f_bwd: its floating variables become copies local to f_bwd, its
 * integers the variables f_bwd already keeps exact, its pointers offsets.
 * Data behind pointers that R reads and f changes is saved as the
 * pragma's save(p[lo:len]) says; f_bwd puts f's outputs back afterwards.
 *
 * What the snapshot holds: the variables R uses that are live on entry
 * to R.  A variable R uses is left out when it is dead on entry:
 *   - no path through R reads its value before R writes it: a variable
 *     declared in R (not static: C gives it no value on entry to its
 *     block, so a program that reads it first is undefined), a scalar
 *     assigned (=, or a declaration with an initializer) before any read,
 *     in straight-line code or in both arms of an if; a local array
 *     overwritten whole by a declaration's initializer list, or by a
 *     counted loop `for (i = 0; i < LEN; i++)` (LEN a constant, the
 *     array's length) whose body assigns `a[i] = ...` at its top level,
 *     leaves by no break, continue or return and changes no i, and reads
 *     no element of a before that assignment (after it, only a[i]); or
 *     a local array of floating data passed whole to a function of the
 *     file that overwrites it whole before reading it (rg_call_fills), in
 *     a statement that is the call, or assigns its result to a scalar.
 *     Writes inside a loop count for the rest of that iteration only, and
 *     inside an if only when both arms make them;
 *   - no pointer may point at it (it is alone in its activity node), so
 *     every read of it is a read of its name, or a read through the
 *     parameter of a call it is passed to, where the callee reads it only
 *     by element and keeps no pointer to it (rg_passed);
 *   - it is a floating scalar or array of floating data, or an integer
 *     declared inside R.
 *
 * Why that is enough: in f_bwd a floating variable's copy (rg_pcopy) is
 * read only by the recomputations of regions, and each of those loads, or
 * computes before reading, every value it reads; the reverse sweeps read
 * floating values from the tape.  An integer is different: f_bwd keeps
 * integers exact, and the region's reverse sweep gives the code before R
 * the integer's value on entry to R, which it takes from the snapshot.
 * So an integer is left out only when it is declared in R, where no code
 * outside R reads it.  Pointers, structs and the save() sections (with
 * f's outputs in them, put back by rg_put_back) are saved as before, and
 * f_fwd runs R as f does, so the code after R sees f's values.  f_b_d is
 * the tangent of f_fwd and f_bwd: a variable left out takes its tangent
 * with it.  When the walk is not sure, the variable is saved.
 */

typedef struct RegionVars {
	unsigned char *used; /* f var referenced in R */
} RegionVars;

static void rg_used_expr(const Expr *e, unsigned char *used)
{
	if (!e)
		return;
	switch (e->kind) {
	case E_VAR:
		used[e->u.var] = 1;
		break;
	case E_UNARY:
		rg_used_expr(e->u.un.e, used);
		break;
	case E_BINARY:
		rg_used_expr(e->u.bin.l, used);
		rg_used_expr(e->u.bin.r, used);
		break;
	case E_COND:
		rg_used_expr(e->u.cond.c, used);
		rg_used_expr(e->u.cond.a, used);
		rg_used_expr(e->u.cond.b, used);
		break;
	case E_CALL:
		for (int i = 0; i < e->u.call.nargs; i++)
			rg_used_expr(e->u.call.args[i], used);
		break;
	case E_INDEX:
		rg_used_expr(e->u.index.base, used);
		rg_used_expr(e->u.index.idx, used);
		break;
	case E_MEMBER:
		rg_used_expr(e->u.mem.base, used);
		break;
	case E_DEREF: case E_ADDR: case E_CAST:
		rg_used_expr(e->u.e, used);
		break;
	default:
		break;
	}
}

/* Marks the variables R references; reports sites that leave R. */
static int rg_used(const Stmt *s, unsigned char *used, int loops)
{
	int ok = 1;
	if (!s)
		return 1;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			ok &= rg_used(s->u.block.items[i], used, loops);
		break;
	case S_DECL:
		used[s->u.decl.var] = 1;
		rg_used_expr(s->u.decl.init, used);
		for (int i = 0; i < s->u.decl.ninits; i++)
			rg_used_expr(s->u.decl.inits[i], used);
		break;
	case S_ASSIGN:
		rg_used_expr(s->u.assign.lhs, used);
		rg_used_expr(s->u.assign.rhs, used);
		break;
	case S_EXPR:
		rg_used_expr(s->u.expr, used);
		break;
	case S_IF:
		rg_used_expr(s->u.ifs.cond, used);
		ok &= rg_used(s->u.ifs.then, used, loops);
		ok &= rg_used(s->u.ifs.els, used, loops);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		rg_used_expr(s->u.loop.cond, used);
		ok &= rg_used(s->u.loop.init, used, loops);
		ok &= rg_used(s->u.loop.inc, used, loops);
		ok &= rg_used(s->u.loop.body, used, loops + 1);
		break;
	case S_CHECKPOINT:
		for (int i = 0; i < s->u.ckpt.nsaves; i++) {
			used[s->u.ckpt.saves[i]->var] = 1;
			rg_used_expr(s->u.ckpt.saves[i]->lo, used);
			rg_used_expr(s->u.ckpt.saves[i]->len, used);
		}
		ok &= rg_used(s->u.ckpt.body, used, loops);
		break;
	case S_RETURN:
		diag_error(s->loc, "a return inside a ck_checkpoint region is "
				   "not supported in reverse mode; end the region "
				   "before it");
		return 0;
	case S_BREAK: case S_CONTINUE:
		if (!loops && s->from_goto) {
			diag_error(s->loc,
				   "%s leaves the ck_checkpoint region "
				   "and the loop around it, which "
				   "reverse mode does not support; put "
				   "the whole loop in the region",
				   s->from_goto == 1 ? "this goto"
						     : "a goto in this loop");
			return 0;
		}
		if (!loops) {
			diag_error(s->loc, "this %s leaves the ck_checkpoint "
					   "region, which reverse mode does not "
					   "support; put the whole loop in the "
					   "region",
				   s->kind == S_BREAK ? "break" : "continue");
			return 0;
		}
		break;
	default:
		break;
	}
	return ok;
}

/* Liveness on entry to R, for the rule above.  One walk in execution
 * order; killed holds what every path to the current point has written,
 * and the log lists the kills in the order they were made, so that an if
 * or a loop body undoes its own (cost linear in the statements walked). */
typedef struct RgLive {
	const Adj *c;
	const Func *f;
	const unsigned char *escaped; /* see rg_escaped */
	int *members;           /* activity node -> how many variables */
	unsigned char *exposed; /* read, on some path, before R writes it */
	unsigned char *declared; /* declared in R */
	unsigned char *killed;
	unsigned char *scratch; /* zero between uses */
	const unsigned char *passed; /* see rg_passed */
	int *log, nlog, caplog;
	/* the counted loop being walked (rg_counted): its index, the arrays
	 * its body overwrites (elem[v] 1 before, 2 after the assignment;
	 * a[idx] is then this iteration's), and the ifs and loops inside
	 * its body around the walk */
	int idx, depth;
	unsigned char *elem;
	int *cand, ncand, capcand;
} RgLive;

static void rg_push(int **a, int *n, int *cap, int v)
{
	if (*n == *cap) {
		int c = 2 * *cap + 16;
		int *r = arena_alloc(sizeof(int) * (size_t)c);
		if (*n)
			memcpy(r, *a, sizeof(int) * (size_t)*n);
		*a = r;
		*cap = c;
	}
	(*a)[(*n)++] = v;
}

static void rg_kill(RgLive *w, int v)
{
	if (w->killed[v])
		return;
	w->killed[v] = 1;
	rg_push(&w->log, &w->nlog, &w->caplog, v);
}

static void rg_undo(RgLive *w, int to)
{
	while (w->nlog > to)
		w->killed[w->log[--w->nlog]] = 0;
}

typedef struct RgEscape {
	int *uses;          /* var -> uses other than as a in a[k] */
	unsigned char *addr; /* var -> under & (&s, &a[k]) */
} RgEscape;

/* The variable whose element (not row: a[i] of int a[4][4]) e reads,
 * a[i][j], or -1. */
int ir_elem_root(const Expr *e)
{
	if (e->kind != E_INDEX || e->type->kind == TY_ARRAY)
		return -1;
	while (e->kind == E_INDEX)
		e = e->u.index.base;
	return e->kind == E_VAR ? e->u.var : -1;
}

static void rg_escape_visit(void *ctx, const Expr *e)
{
	RgEscape *x = ctx;
	if (e->kind == E_VAR) {
		x->uses[e->u.var]++;
	} else if (e->kind == E_INDEX) {
		/* an element: a[k], a[i][j]; a row a[i] alone is a use */
		if (ir_elem_root(e) >= 0)
			x->uses[ir_elem_root(e)]--;
	} else if (e->kind == E_ADDR) {
		int r = activity_root(e->u.e);
		if (r >= 0)
			x->addr[r] = 1;
	}
}

/* Variables of f whose address may be taken: scalars and arrays under &,
 * arrays used other than as a[k] (passed, assigned, a + k).  Nothing but
 * their names reads the others.  Computed once per function. */
const unsigned char *rg_escaped(const Func *f)
{
	static const Func *last;
	static unsigned char *esc;
	if (last == f)
		return esc;
	RgEscape x;
	x.uses = arena_alloc(sizeof(int) * (size_t)(f->nvars + 1));
	x.addr = arena_alloc((size_t)f->nvars + 1);
	ir_walk_stmt(f->body, rg_escape_visit, &x);
	esc = x.addr;
	for (int v = 0; v < f->nvars; v++)
		if (f->vars[v]->type->kind == TY_ARRAY && x.uses[v] > 0)
			esc[v] = 1;
	last = f;
	return esc;
}

/* Is v alone in its activity node (no pointer or alias reaches it) and
 * its address never taken? */
static int rg_alone(const RgLive *w, int v)
{
	return w->members[w->c->a->node[v]] == 1 && !w->escaped[v];
}

static int rg_is_int(const Expr *e, long long n)
{
	return e && e->kind == E_NUM && e->u.num.is_int && e->u.num.ival == n;
}

static int rg_is_var(const Expr *e, int v)
{
	return e && e->kind == E_VAR && e->u.var == v;
}

/* Uses of pointer parameter v of a function: as the base of an element,
 * v[k], and all of them; an element's address, &v[k], counts as a use of
 * v itself. */
typedef struct RgElemUses {
	int v, elem, all;
} RgElemUses;

static void rg_elem_uses_visit(void *ctx, const Expr *e)
{
	RgElemUses *u = ctx;
	if (rg_is_var(e, u->v))
		u->all++;
	else if (e->kind == E_INDEX && rg_is_var(e->u.index.base, u->v))
		u->elem++;
	else if (e->kind == E_ADDR && e->u.e->kind == E_INDEX &&
		 rg_is_var(e->u.e->u.index.base, u->v))
		u->all++;
}

/* Is parameter k of g a pointer to floating data that g reads and writes
 * only by element, v[k], and never assigns, so that no pointer to what it
 * points at outlives the call?  Not for a function with the user's
 * derivatives, whose code ckc does not follow. */
static int rg_param_by_element(const Func *g, int k)
{
	if (k >= g->nparams || userrules_find(g->name) ||
	    userrules_call(g->name))
		return 0;
	int v = g->params[k];
	const Type *t = g->vars[v]->type;
	if (t->kind != TY_PTR || !type_is_float(t->base))
		return 0;
	RgElemUses u = { v, 0, 0 };
	ir_walk_stmt(g->body, rg_elem_uses_visit, &u);
	return u.all == u.elem && !stmt_assigns_var(g->body, v);
}

static int rg_leaves(const Stmt *s, int loops);

/* Does call (of a function of the file) overwrite the len elements that
 * its argument k points at before reading any of them?  The callee g takes
 * it as a parameter v that it uses only by element (rg_param_by_element),
 * and the first statement of g's body that mentions v is reached on every
 * path (no statement before it returns) and is a counted loop
 * `for (i = 0; i < B; i++)` whose body stores `v[i] = e` at its top level
 * (e not reading v), mentions v nowhere else, leaves by no break,
 * continue or return (rg_leaves) and changes no i.  B is the constant len, or a parameter of g
 * that g never assigns, whose argument in call is the constant len. */
static int rg_call_fills(const Program *p, const Expr *call, int k, long len)
{
	if (call->u.call.fn < 0 || call->u.call.fn >= p->nfuncs)
		return 0;
	const Func *g = p->funcs[call->u.call.fn];
	if (!g->body || !rg_param_by_element(g, k))
		return 0;
	int v = g->params[k];
	const Stmt *b = g->body, *loop = NULL;
	for (int n = 0; n < b->u.block.n && !loop; n++) {
		const Stmt *it = b->u.block.items[n];
		if (stmt_mentions(it, v))
			loop = it;
		else if (rg_leaves(it, 0))
			return 0;
	}
	const Expr *lo = NULL, *hi = NULL;
	int le = 0, i = loop ? ir_counted_for(loop, &lo, &hi, &le) : -1;
	long c = -1;
	if (i < 0 || le || !rg_is_int(lo, 0) ||
	    adj_first_assign(loop->u.loop.body, i) ||
	    rg_leaves(loop->u.loop.body, 0))
		return 0;
	if (!ir_int_const(hi, &c)) {
		/* a parameter of g that g never assigns, its argument a
		 * constant */
		int q = hi->kind == E_VAR ? hi->u.var : -1, m = -1;
		for (int j = 0; j < g->nparams && q >= 0; j++)
			if (g->params[j] == q)
				m = j;
		if (m < 0 || m >= call->u.call.nargs ||
		    g->vars[q]->type->kind != TY_INT ||
		    stmt_assigns_var(g->body, q) ||
		    stmt_takes_addr(g->body, q) ||
		    !ir_int_const(call->u.call.args[m], &c))
			return 0;
	}
	if (c != len)
		return 0;
	const Stmt *body = loop->u.loop.body;
	const Stmt *const *items = &body;
	int n = 1, stores = 0;
	if (body->kind == S_BLOCK) {
		items = (const Stmt *const *)body->u.block.items;
		n = body->u.block.n;
	}
	for (int j = 0; j < n; j++) {
		const Stmt *it = items[j];
		if (!stmt_mentions(it, v))
			continue;
		const Expr *l = it->kind == S_ASSIGN ? it->u.assign.lhs : NULL;
		if (!l || it->u.assign.op != A_SET || l->kind != E_INDEX ||
		    !rg_is_var(l->u.index.base, v) ||
		    !rg_is_var(l->u.index.idx, i) ||
		    expr_mentions(it->u.assign.rhs, v))
			return 0;
		stores++;
	}
	return stores == 1;
}

/* The local arrays of floating data that f uses other than by element
 * only as whole arguments of calls of the file's functions, each passed
 * once per call to a parameter the callee uses by element
 * (rg_param_by_element), and whose address f never takes: nothing keeps a
 * pointer to them but a call's parameter, for the call.  Computed once per
 * function, as rg_escaped. */
typedef struct RgPassed {
	RgEscape esc; /* rg_escape_visit's counts (first: its context) */
	const Program *p;
	const Func *f;
	int *calls;
} RgPassed;

static void rg_passed_visit(void *ctx, const Expr *e)
{
	RgPassed *x = ctx;
	rg_escape_visit(&x->esc, e);
	if (e->kind != E_CALL || e->u.call.fn < 0 ||
	    e->u.call.fn >= x->p->nfuncs)
		return;
	const Func *g = x->p->funcs[e->u.call.fn];
	for (int k = 0; k < e->u.call.nargs; k++) {
		const Expr *a = e->u.call.args[k];
		if (a->kind != E_VAR ||
		    x->f->vars[a->u.var]->type->kind != TY_ARRAY)
			continue;
		int once = 1;
		for (int j = 0; j < e->u.call.nargs; j++)
			if (j != k &&
			    expr_mentions(e->u.call.args[j], a->u.var))
				once = 0;
		if (once && rg_param_by_element(g, k))
			x->calls[a->u.var]++;
	}
}

static const unsigned char *rg_passed(const Adj *c)
{
	static const Func *last;
	static unsigned char *ok;
	const Func *f = c->f;
	if (last == f)
		return ok;
	size_t n = (size_t)f->nvars + 1;
	RgPassed x = { { arena_alloc(sizeof(int) * n), arena_alloc(n) },
		       c->p,
		       f,
		       arena_alloc(sizeof(int) * n) };
	ir_walk_stmt(f->body, rg_passed_visit, &x);
	ok = arena_alloc(n);
	for (int v = 0; v < f->nvars; v++) {
		const Type *t = f->vars[v]->type;
		ok[v] = f->vars[v]->kind == VAR_LOCAL &&
			!f->vars[v]->is_static && t->kind == TY_ARRAY &&
			type_is_float(t->base) && x.calls[v] > 0 &&
			x.esc.uses[v] == x.calls[v] && !x.esc.addr[v];
	}
	last = f;
	return ok;
}

/* The reads of e: a variable not killed is exposed. */
static void rg_live_expr(RgLive *w, const Expr *e)
{
	if (!e)
		return;
	switch (e->kind) {
	case E_VAR:
		if (!w->killed[e->u.var])
			w->exposed[e->u.var] = 1;
		break;
	case E_UNARY:
		rg_live_expr(w, e->u.un.e);
		break;
	case E_BINARY:
		rg_live_expr(w, e->u.bin.l);
		rg_live_expr(w, e->u.bin.r);
		break;
	case E_COND:
		rg_live_expr(w, e->u.cond.c);
		rg_live_expr(w, e->u.cond.a);
		rg_live_expr(w, e->u.cond.b);
		break;
	case E_CALL:
		for (int i = 0; i < e->u.call.nargs; i++)
			rg_live_expr(w, e->u.call.args[i]);
		break;
	case E_INDEX: {
		const Expr *b = e->u.index.base;
		if (!(b->kind == E_VAR && w->idx >= 0 && w->elem[b->u.var] == 2 &&
		      rg_is_var(e->u.index.idx, w->idx)))
			rg_live_expr(w, b);
		rg_live_expr(w, e->u.index.idx);
		break;
	}
	case E_MEMBER:
		rg_live_expr(w, e->u.mem.base);
		break;
	case E_DEREF: case E_ADDR: case E_CAST:
		rg_live_expr(w, e->u.e);
		break;
	default:
		break;
	}
}

/* Does s leave the loop it is in by break or continue, or return? */
static int rg_leaves(const Stmt *s, int loops)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (rg_leaves(s->u.block.items[i], loops))
				return 1;
		return 0;
	case S_IF:
		return rg_leaves(s->u.ifs.then, loops) ||
		       rg_leaves(s->u.ifs.els, loops);
	case S_FOR: case S_WHILE: case S_DO:
		return rg_leaves(s->u.loop.body, loops + 1);
	case S_CHECKPOINT:
		return rg_leaves(s->u.ckpt.body, loops);
	case S_BREAK: case S_CONTINUE:
		return loops == 0;
	case S_RETURN:
		return 1;
	default:
		return 0;
	}
}

/* The index of `for (i = 0; i < n; i++)` (or i += 1) whose body changes
 * no i and runs to its end in every iteration, with n in *n; else -1. */
static int rg_counted(const RgLive *w, const Stmt *s, long long *n)
{
	const Stmt *in = s->u.loop.init, *inc = s->u.loop.inc;
	const Expr *cond = s->u.loop.cond;
	if (s->kind != S_FOR || !in || !inc || !cond)
		return -1;
	if (in->kind == S_BLOCK && in->u.block.n == 1)
		in = in->u.block.items[0];
	if (inc->kind == S_BLOCK && inc->u.block.n == 1)
		inc = inc->u.block.items[0];
	int i;
	if (in->kind == S_DECL && rg_is_int(in->u.decl.init, 0))
		i = in->u.decl.var;
	else if (in->kind == S_ASSIGN && in->u.assign.op == A_SET &&
		 in->u.assign.lhs->kind == E_VAR &&
		 rg_is_int(in->u.assign.rhs, 0))
		i = in->u.assign.lhs->u.var;
	else
		return -1;
	if (w->f->vars[i]->type->kind != TY_INT || !rg_alone(w, i))
		return -1;
	if (cond->kind != E_BINARY || cond->u.bin.op != B_LT ||
	    !rg_is_var(cond->u.bin.l, i) || cond->u.bin.r->kind != E_NUM ||
	    !cond->u.bin.r->u.num.is_int)
		return -1;
	if (inc->kind != S_ASSIGN || !rg_is_var(inc->u.assign.lhs, i) ||
	    !(inc->u.assign.op == A_INC ||
	      (inc->u.assign.op == A_ADD && rg_is_int(inc->u.assign.rhs, 1))))
		return -1;
	if (adj_first_assign(s->u.loop.body, i) || rg_leaves(s->u.loop.body, 0))
		return -1;
	*n = cond->u.bin.r->u.num.ival;
	return i;
}

/* Adds to w's candidates the arrays the top level of loop body s assigns
 * as a[i] = ...: local arrays of n floating elements that only their
 * names reach. */
static void rg_overwritten(RgLive *w, const Stmt *s, int i, long long n)
{
	if (s->kind == S_BLOCK) {
		for (int k = 0; k < s->u.block.n; k++)
			rg_overwritten(w, s->u.block.items[k], i, n);
		return;
	}
	if (s->kind != S_ASSIGN || s->u.assign.op != A_SET ||
	    s->u.assign.lhs->kind != E_INDEX)
		return;
	const Expr *b = s->u.assign.lhs->u.index.base;
	if (b->kind != E_VAR || !rg_is_var(s->u.assign.lhs->u.index.idx, i))
		return;
	int a = b->u.var;
	const Var *x = w->f->vars[a];
	if (x->kind == VAR_LOCAL && !x->is_static && x->type->kind == TY_ARRAY &&
	    type_is_float(x->type->base) && x->type->len == n &&
	    rg_alone(w, a) && !w->elem[a]) {
		w->elem[a] = 1;
		rg_push(&w->cand, &w->ncand, &w->capcand, a);
	}
}

static void rg_live(RgLive *w, const Stmt *s);

/* A loop: its body's kills hold for the rest of one iteration only; a
 * counted loop that overwrites arrays whole kills them after it. */
static void rg_live_loop(RgLive *w, const Stmt *s)
{
	rg_live(w, s->u.loop.init);
	long long n = 0;
	int i = s->kind == S_FOR ? rg_counted(w, s, &n) : -1;
	int idx = w->idx, depth = w->depth, *cand = w->cand, ncand = w->ncand,
	    capcand = w->capcand;
	unsigned char *outer = NULL;
	if (i >= 0) {
		/* the enclosing counted loop's arrays wait: inside this loop
		 * nothing overwrites them, and a read of one is a read */
		outer = arena_alloc((size_t)ncand + 1);
		for (int k = 0; k < ncand; k++) {
			outer[k] = w->elem[cand[k]];
			w->elem[cand[k]] = 0;
		}
		w->idx = i;
		w->depth = 0;
		w->cand = NULL;
		w->ncand = w->capcand = 0;
		rg_overwritten(w, s->u.loop.body, i, n);
	} else {
		w->depth++;
	}
	int m = w->nlog;
	if (s->kind != S_DO)
		rg_live_expr(w, s->u.loop.cond);
	rg_live(w, s->u.loop.body);
	rg_undo(w, m);
	rg_live(w, s->u.loop.inc);
	rg_undo(w, m);
	if (s->kind == S_DO)
		rg_live_expr(w, s->u.loop.cond);
	if (i >= 0) {
		for (int k = 0; k < w->ncand; k++) {
			if (w->elem[w->cand[k]] == 2)
				rg_kill(w, w->cand[k]);
			w->elem[w->cand[k]] = 0;
		}
		for (int k = 0; k < ncand; k++)
			w->elem[cand[k]] = outer[k];
	}
	w->idx = idx;
	w->depth = depth;
	w->cand = cand;
	w->ncand = ncand;
	w->capcand = capcand;
}

/* Is v alone in its activity node, and passed only to calls that use it
 * by element (rg_passed)? */
static int rg_passed_alone(const RgLive *w, int v)
{
	return w->passed[v] && w->members[w->c->a->node[v]] == 1;
}

/* A call that is a whole statement, or its whole right-hand side: its
 * arguments are read, except the arrays the callee overwrites whole
 * before reading them (rg_call_fills), which it kills. */
static void rg_live_call(RgLive *w, const Expr *call)
{
	int nk = 0, *kill = arena_alloc(sizeof(int) *
					(size_t)(call->u.call.nargs + 1));
	for (int k = 0; k < call->u.call.nargs; k++) {
		const Expr *a = call->u.call.args[k];
		int v = a->kind == E_VAR ? a->u.var : -1;
		if (v >= 0 && rg_passed_alone(w, v) &&
		    rg_call_fills(w->c->p, call, k, w->f->vars[v]->type->len))
			kill[nk++] = v;
		else
			rg_live_expr(w, a);
	}
	for (int k = 0; k < nk; k++)
		rg_kill(w, kill[k]);
}

static int rg_is_call(const Expr *e)
{
	return e && e->kind == E_CALL && e->u.call.fn >= 0;
}

/* Walks s in execution order (see RgLive). */
static void rg_live(RgLive *w, const Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			rg_live(w, s->u.block.items[i]);
		break;
	case S_DECL:
		w->declared[s->u.decl.var] = 1;
		if (rg_is_call(s->u.decl.init))
			rg_live_call(w, s->u.decl.init);
		else
			rg_live_expr(w, s->u.decl.init);
		for (int i = 0; i < s->u.decl.ninits; i++)
			rg_live_expr(w, s->u.decl.inits[i]);
		/* (without an initializer too: each entry to its block
		 * starts it indeterminate, so R writes it before reading
		 * it; a static keeps its value) */
		if (s->u.decl.init || s->u.decl.ninits ||
		    !w->f->vars[s->u.decl.var]->is_static)
			rg_kill(w, s->u.decl.var);
		break;
	case S_ASSIGN: {
		const Expr *lhs = s->u.assign.lhs;
		if (s->u.assign.op != A_SET) {
			rg_live_expr(w, lhs);
			rg_live_expr(w, s->u.assign.rhs);
		} else if (lhs->kind == E_VAR) {
			if (rg_is_call(s->u.assign.rhs))
				rg_live_call(w, s->u.assign.rhs);
			else
				rg_live_expr(w, s->u.assign.rhs);
			rg_kill(w, lhs->u.var);
		} else if (lhs->kind == E_INDEX &&
			   lhs->u.index.base->kind == E_VAR) {
			/* a[k] = e writes an element: reads k and e, not a */
			int a = lhs->u.index.base->u.var;
			rg_live_expr(w, lhs->u.index.idx);
			rg_live_expr(w, s->u.assign.rhs);
			if (w->idx >= 0 && w->depth == 0 && w->elem[a] == 1 &&
			    rg_is_var(lhs->u.index.idx, w->idx))
				w->elem[a] = 2;
		} else {
			rg_live_expr(w, lhs);
			rg_live_expr(w, s->u.assign.rhs);
		}
		break;
	}
	case S_EXPR:
		if (rg_is_call(s->u.expr))
			rg_live_call(w, s->u.expr);
		else
			rg_live_expr(w, s->u.expr);
		break;
	case S_RETURN:
		rg_live_expr(w, s->u.expr);
		break;
	case S_IF: {
		/* what both arms kill is killed after the if */
		rg_live_expr(w, s->u.ifs.cond);
		w->depth++;
		int m = w->nlog;
		rg_live(w, s->u.ifs.then);
		int na = w->nlog - m;
		int *a = arena_alloc(sizeof(int) * (size_t)(na + 1));
		if (na)
			memcpy(a, w->log + m, sizeof(int) * (size_t)na);
		rg_undo(w, m);
		if (s->u.ifs.els) {
			rg_live(w, s->u.ifs.els);
			int nb = w->nlog, nk = 0;
			for (int k = m; k < nb; k++)
				w->scratch[w->log[k]] = 1;
			for (int k = 0; k < na; k++)
				if (w->scratch[a[k]])
					a[nk++] = a[k];
			for (int k = m; k < nb; k++)
				w->scratch[w->log[k]] = 0;
			rg_undo(w, m);
			for (int k = 0; k < nk; k++)
				rg_kill(w, a[k]);
		}
		w->depth--;
		break;
	}
	case S_FOR: case S_WHILE: case S_DO:
		rg_live_loop(w, s);
		break;
	case S_CHECKPOINT:
		for (int i = 0; i < s->u.ckpt.nsaves; i++) {
			const SaveSection *sv = s->u.ckpt.saves[i];
			if (!w->killed[sv->var])
				w->exposed[sv->var] = 1;
			rg_live_expr(w, sv->lo);
			rg_live_expr(w, sv->len);
		}
		rg_live(w, s->u.ckpt.body);
		break;
	default:
		break;
	}
}

/* The variables region body r uses (used) that its snapshot holds: those
 * live on entry to r, by the rule above. */
static unsigned char *rg_snapshot_vars(const Adj *c, const Stmt *r,
				       const unsigned char *used)
{
	const Func *f = c->f;
	size_t n = (size_t)f->nvars + 1;
	RgLive w;
	memset(&w, 0, sizeof w);
	w.c = c;
	w.f = f;
	w.escaped = rg_escaped(f);
	w.members = arena_alloc(sizeof(int) * n);
	for (int v = 0; v < f->nvars; v++)
		w.members[c->a->node[v]]++;
	w.exposed = arena_alloc(n);
	w.declared = arena_alloc(n);
	w.killed = arena_alloc(n);
	w.scratch = arena_alloc(n);
	w.elem = arena_alloc(n);
	w.passed = rg_passed(c);
	w.idx = -1;
	rg_live(&w, r);
	unsigned char *snap = arena_alloc(n);
	for (int v = 0; v < f->nvars; v++) {
		const Type *t = f->vars[v]->type;
		int kind_ok = type_is_float(t) ||
			      (t->kind == TY_ARRAY &&
			       type_is_float(type_bottom(t))) ||
			      (t->kind == TY_INT && w.declared[v]);
		/* a pointer declared in r whose address r never takes: only
		 * its name reads it */
		int ptr_ok =
			t->kind == TY_PTR && w.declared[v] && !w.escaped[v];
		snap[v] = used[v];
		if (used[v] && !w.exposed[v] &&
		    f->vars[v]->kind == VAR_LOCAL &&
		    ((kind_ok &&
		      (rg_alone(&w, v) || rg_passed_alone(&w, v))) ||
		     ptr_ok))
			snap[v] = 0;
	}
	return snap;
}

static Type *rg_snap_type(void)
{
	static Type *t;
	if (!t) {
		Type *o = type_new(TY_OTHER);
		o->name = "ck_snap";
		t = type_ptr(o);
	}
	return t;
}

/* The bwd copy of floating primal var v (a region recomputes it). */
static int rg_pcopy(Adj *c, int v)
{
	if (c->pcopy[v] >= 0)
		return c->pcopy[v];
	const Var *x = c->fwd->vars[v];
	/* (writable: a snapshot loads it, also a static const's) */
	int id = func_add_var(c->bwd, adj_fresh(c, c->bwd, x->name),
			      adj_unconst_array(x->type), VAR_LOCAL, x->loc);
	Stmt *d = stmt_decl_zero(c->bwd, id, x->loc);
	/* a static local starts from its initial value: a region that
	 * declares it never changes it (rg_check_globals), and one it
	 * enters changed loads it */
	const Stmt *sd = x->is_static ? stmt_find_decl(c->f->body, v) : NULL;
	if (sd && (sd->u.decl.init || sd->u.decl.ninits)) {
		d->u.decl.init = expr_clone(sd->u.decl.init);
		d->u.decl.inits = sd->u.decl.inits;
		d->u.decl.ninits = sd->u.decl.ninits;
	}
	stmt_append(c->bdecls, d);
	c->pcopy[v] = id;
	return id;
}

/* The bwd twin of a variable f_fwd generated (counters, the tape). */
static int rg_twin(Adj *c, int fv)
{
	if (fv == c->ft)
		return c->bt;
	if (fv >= c->ntwin) {
		int n = 2 * fv + 64;
		int *t = arena_alloc(sizeof(int) * (size_t)n);
		for (int i = 0; i < n; i++)
			t[i] = i < c->ntwin ? c->twin[i] : -1;
		c->twin = t;
		c->ntwin = n;
	}
	if (c->twin[fv] >= 0)
		return c->twin[fv];
	const Var *x = c->fwd->vars[fv];
	int id = adj_local(c, c->bwd, x->name, x->type);
	stmt_append(c->bdecls, stmt_decl(id, x->type->kind == TY_INT
						     ? expr_int(0, x->loc)
						     : NULL,
					 x->loc));
	c->twin[fv] = id;
	return id;
}

/* rg_scratch_why's answer for each variable of the region whose reverse
 * f_bwd is being built (rg_scratch_open), for rg_base's message. */
static const char **rg_why;

/* A pointer to writable numbers, double * or float *: the parameters a
 * region's recomputation can hold in a scratch buffer (rg_scratch_open). */
static int rg_scratch_type(const Type *t)
{
	return t->kind == TY_PTR && !t->base->is_const &&
	       (t->base->kind == TY_DOUBLE || t->base->kind == TY_FLOAT);
}

/* The base pointer of local pointer v as an expression of bwd. */
static Expr *rg_base(Adj *c, int v, Loc loc)
{
	int b = c->v->base[v];
	if (b < 0 && adj_heap_alias_error(c, v, loc))
		return expr_cast(type_ptr(type_double()), expr_int(0, loc),
				 loc);
	if (b < 0) {
		diag_error(loc, "the reverse mode cannot tell which array '%s' "
				"points into",
			   c->f->vars[v]->name);
		return expr_cast(type_ptr(type_double()), expr_int(0, loc), loc);
	}
	Var *x = c->f->vars[b];
	if (x->kind == VAR_PARAM && x->type->kind == TY_PTR) {
		if (c->rgscr[b] >= 0)
			return expr_var(c->bwd, c->rgscr[b], loc);
		if (c->bmap[b] < 0) {
			/* (once: the region's every use of it would say it) */
			const char *why = rg_why && rg_why[b] && *rg_why[b]
						  ? rg_why[b]
						  : NULL;
			if (!x->refused++)
				diag_error(
					loc,
					"the checkpoint region reads data "
					"behind '%s', which the reverse "
					"sweep of '%s' cannot reach%s%s%s; "
					"checkpoint in the caller",
					x->name, c->f->name,
					why ? " and ckc cannot recompute in "
					      "a buffer of its own ("
					    : "",
					why ? why : "", why ? ")" : "");
			return expr_cast(type_ptr(type_double()), expr_int(0, loc), loc);
		}
		return expr_var(c->bwd, c->bmap[b], loc);
	}
	/* a heap buffer: bwd's pointer to it (rg_var), not the address of
	 * a copy of the pointer */
	if (c->v->heap[b])
		return expr_var(c->bwd, c->hptr_b[b], loc);
	/* an integer (int *p = &k): bwd's k, which the reverse sweep keeps
	 * exact, not a copy */
	if (type_is_arith(x->type) && !type_is_float(x->type))
		return expr_addr(expr_var(c->bwd, adj_bvar(c, b, loc), loc),
				 loc);
	Expr *e = expr_var(
		c->bwd, c->ctab[b] ? adj_ctab_var(c, b) : rg_pcopy(c, b), loc);
	return x->type->kind == TY_ARRAY ? e : expr_addr(e, loc);
}

static Expr *rg_expr(Adj *c, const Expr *e);

/* Primal var v of f (or generated var of fwd) in bwd. */
static Expr *rg_var(Adj *c, int v, Loc loc)
{
	if (v >= c->f->nvars) {
		for (int k = 0; k < c->f->nvars; k++)
			if (c->hbytes_f[k] == v) /* a heap buffer's size */
				return expr_var(c->bwd, c->hbytes_b[k], loc);
		return expr_var(c->bwd, rg_twin(c, v), loc);
	}
	if (c->v->heap[v])
		return expr_var(c->bwd, c->hptr_b[v], loc);
	if (c->ctab[v])
		return expr_var(c->bwd, adj_ctab_var(c, v), loc);
	const Var *x = c->f->vars[v];
	if (x->type->kind == TY_INT)
		return expr_var(c->bwd, adj_bvar(c, v, loc), loc);
	if (x->type->kind == TY_PTR) {
		if (x->kind == VAR_PARAM)
			return rg_base(c, v, loc);
		/* (rows over flat data, (double (*)[2])flat: the offset
		 * counts the data's own elements, and the sum is cast back
		 * to the rows' type, as adjoint.c does it) */
		Expr *base = adj_flat_base(rg_base(c, v, loc), x->type);
		return adj_rows_view(
			expr_binary(B_ADD, base,
				    expr_var(c->bwd, adj_bvar(c, v, loc), loc),
				    base->type, loc),
			x->type, 0);
	}
	return expr_var(c->bwd, rg_pcopy(c, v), loc);
}

/* A fwd expression moved into bwd. */
static Expr *rg_expr(Adj *c, const Expr *e)
{
	if (!e)
		return NULL;
	Expr *r;
	if (e->kind == E_VAR)
		return rg_var(c, e->u.var, e->loc);
	r = ARENA_NEW(Expr);
	*r = *e;
	switch (e->kind) {
	case E_UNARY:
		r->u.un.e = rg_expr(c, e->u.un.e);
		break;
	case E_BINARY:
		r->u.bin.l = rg_expr(c, e->u.bin.l);
		r->u.bin.r = rg_expr(c, e->u.bin.r);
		break;
	case E_COND:
		r->u.cond.c = rg_expr(c, e->u.cond.c);
		r->u.cond.a = rg_expr(c, e->u.cond.a);
		r->u.cond.b = rg_expr(c, e->u.cond.b);
		break;
	case E_CALL:
		r->u.call.args = arena_alloc(sizeof(Expr *) *
					     (size_t)(e->u.call.nargs + 1));
		for (int i = 0; i < e->u.call.nargs; i++)
			r->u.call.args[i] = rg_expr(c, e->u.call.args[i]);
		break;
	case E_INDEX:
		r->u.index.base = rg_expr(c, e->u.index.base);
		r->u.index.idx = rg_expr(c, e->u.index.idx);
		break;
	case E_MEMBER:
		r->u.mem.base = rg_expr(c, e->u.mem.base);
		break;
	case E_DEREF: case E_ADDR: case E_CAST:
		r->u.e = rg_expr(c, e->u.e);
		break;
	default:
		break;
	}
	return r;
}

/* fwd variable v as a variable of bwd, or -1 (it moves as an
 * expression: a pointer's base and offset); for omp_remap. */
static int rg_var_id(void *ctx, int v)
{
	Expr *e = rg_var(ctx, v, (Loc){ 0 });
	return e->kind == E_VAR ? e->u.var : -1;
}

/* A fwd statement moved into bwd. */
static Stmt *rg_stmt(Adj *c, const Stmt *s)
{
	if (!s)
		return NULL;
	Stmt *r = ARENA_NEW(Stmt);
	*r = *s;
	switch (s->kind) {
	case S_BLOCK:
		r->u.block.items = arena_alloc(sizeof(Stmt *) *
					       (size_t)(s->u.block.n + 1));
		for (int i = 0; i < s->u.block.n; i++)
			r->u.block.items[i] = rg_stmt(c, s->u.block.items[i]);
		break;
	case S_DECL:
		ck_unreachable(); /* f_fwd declares at its top */
	case S_ASSIGN: {
		const Expr *lhs = s->u.assign.lhs;
		if (lhs->kind == E_VAR && lhs->u.var < c->f->nvars &&
		    c->f->vars[lhs->u.var]->type->kind == TY_PTR &&
		    !c->v->heap[lhs->u.var]) {
			/* a pointer moves: its offset moves the same way */
			int v = lhs->u.var;
			Expr *off = expr_var(c->bwd, adj_bvar(c, v, s->loc), s->loc);
			r->u.assign.lhs = off;
			if (s->u.assign.op == A_SET)
				r->u.assign.rhs = expr_binary(
					B_SUB, rg_expr(c, s->u.assign.rhs),
					adj_typed_base(rg_base(c, v, s->loc),
						       c->f->vars[v]->type),
					adj_long(), s->loc);
			else
				r->u.assign.rhs = rg_expr(c, s->u.assign.rhs);
			break;
		}
		r->u.assign.lhs = rg_expr(c, lhs);
		r->u.assign.rhs = rg_expr(c, s->u.assign.rhs);
		break;
	}
	case S_EXPR: case S_RETURN:
		r->u.expr = rg_expr(c, s->u.expr);
		break;
	case S_IF:
		r->u.ifs.cond = rg_expr(c, s->u.ifs.cond);
		r->u.ifs.then = rg_stmt(c, s->u.ifs.then);
		r->u.ifs.els = rg_stmt(c, s->u.ifs.els);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		r->u.loop.init = rg_stmt(c, s->u.loop.init);
		r->u.loop.cond = rg_expr(c, s->u.loop.cond);
		r->u.loop.inc = rg_stmt(c, s->u.loop.inc);
		r->u.loop.body = rg_stmt(c, s->u.loop.body);
		/* an OpenMP loop's clauses move too, or it runs serially */
		if (s->u.loop.omp)
			r->u.loop.omp = omp_remap(s->u.loop.omp, rg_var_id, c);
		break;
	case S_CHECKPOINT:
		r->u.ckpt.body = rg_stmt(c, s->u.ckpt.body);
		break;
	default:
		break;
	}
	return r;
}

/* R as f runs it, in f_fwd: declarations become assignments (f_fwd
 * declares its locals at its top); nested regions are plain too. */
static void rg_primal(Adj *c, const Stmt *s, Stmt *fout)
{
	Loc loc = s->loc;
	switch (s->kind) {
	case S_BLOCK: {
		Stmt *b = stmt_block(loc);
		for (int i = 0; i < s->u.block.n; i++)
			rg_primal(c, s->u.block.items[i], b);
		stmt_append(fout, b);
		return;
	}
	case S_DECL: {
		int v = s->u.decl.var;
		if (c->f->vars[v]->is_static)
			return;
		if (s->u.decl.init) {
			stmt_append(fout, stmt_assign(A_SET,
						      expr_var(c->fwd, v, loc),
						      expr_clone(s->u.decl.init),
						      loc));
			return;
		}
		long n = adj_elems(c->f->vars[v]->type);
		for (long k = 0; k < n && s->u.decl.ninits; k++)
			stmt_append(fout, stmt_assign(
				A_SET, adj_elem(c->fwd, v, k, loc),
				k < s->u.decl.ninits
					? expr_clone(s->u.decl.inits[k])
					: expr_num(0, type_float_elem(c->f->vars[v]->type)
							       ? type_float_elem(
									 c->f->vars[v]->type)
							       : type_double(),
						   loc),
				loc));
		return;
	}
	case S_IF: {
		Stmt *r = stmt_new(S_IF, loc);
		r->u.ifs.cond = expr_clone(s->u.ifs.cond);
		r->u.ifs.then = stmt_block(loc);
		rg_primal(c, s->u.ifs.then, r->u.ifs.then);
		if (s->u.ifs.els) {
			r->u.ifs.els = stmt_block(loc);
			rg_primal(c, s->u.ifs.els, r->u.ifs.els);
		}
		stmt_append(fout, r);
		return;
	}
	case S_FOR: case S_WHILE: case S_DO: {
		Stmt *r = stmt_new(s->kind, loc);
		int before = fout->u.block.n;
		if (s->u.loop.init)
			rg_primal(c, s->u.loop.init, fout);
		if (s->kind == S_FOR && s->u.loop.omp &&
		    (r->u.loop.init = omp_take_init(fout, before)))
			r->u.loop.omp = omp_forward(c->f, s);
		r->u.loop.cond = expr_clone(s->u.loop.cond);
		if (s->u.loop.inc) {
			Stmt *inc = stmt_block(loc);
			rg_primal(c, s->u.loop.inc, inc);
			Stmt *in = inc->u.block.items[0];
			r->u.loop.inc = in->kind == S_BLOCK && in->u.block.n == 1
						? in->u.block.items[0]
						: in;
		}
		r->u.loop.body = stmt_block(loc);
		rg_primal(c, s->u.loop.body, r->u.loop.body);
		stmt_append(fout, r);
		return;
	}
	case S_CHECKPOINT:
		rg_primal(c, s->u.ckpt.body, fout);
		return;
	case S_ASSIGN:
		stmt_append(fout, stmt_assign(s->u.assign.op,
					      expr_clone(s->u.assign.lhs),
					      expr_clone(s->u.assign.rhs), loc));
		return;
	case S_EXPR: {
		Stmt *e = stmt_expr(S_EXPR, expr_clone(s->u.expr), loc);
		stmt_append(fout, calls_is_output_stmt(s) ? calls_guard_output(e)
							  : e);
		return;
	}
	case S_BREAK: case S_CONTINUE: case S_EMPTY:
		stmt_append(fout, stmt_new(s->kind, loc));
		return;
	default:
		ck_unreachable();
	}
}

/* Data behind pointers that a checkpointed statement uses and f changes
 * must be named in save(); what: how to call the statement. */
/* Floating data behind pointer members of struct type t (what a snapshot
 * of the structs themselves does not hold). */
static int rg_indirect_float(const Type *t)
{
	const Type *b = type_bottom(t);
	if (b->kind != TY_STRUCT || b->st->visiting)
		return 0;
	int r = 0;
	b->st->visiting = 1;
	for (int i = 0; i < b->st->nfields && !r; i++) {
		const Type *ft = b->st->fields[i].type;
		while (ft->kind == TY_ARRAY)
			ft = ft->base;
		r = ft->kind == TY_PTR ? type_float_elem((Type *)ft) != NULL
				       : rg_indirect_float(ft);
	}
	b->st->visiting = 0;
	return r;
}

/* A pointer member of struct type t (or of a struct t holds) to integers
 * whose elements the program changes (ir_field_changed: a store
 * m->conn[k] = e, a call that may write them): its name, "conn" or
 * "geo.conn", or NULL.  A snapshot holds the struct's own members, the
 * pointer, not the integers, which f_bwd's recomputation would then read
 * as f_fwd left them, or after f_fwd's frame or free() ended them. */
static const char *rg_changed_int_member(const Type *t)
{
	const Type *b = type_bottom(t);
	if (b->kind != TY_STRUCT || b->st->visiting)
		return NULL;
	const char *r = NULL;
	b->st->visiting = 1;
	for (int i = 0; i < b->st->nfields && !r; i++) {
		const Type *ft = b->st->fields[i].type;
		while (ft->kind == TY_ARRAY)
			ft = ft->base;
		if (ft->kind == TY_PTR && ft->base->kind == TY_INT &&
		    ir_field_changed_at(b->st, i))
			r = b->st->fields[i].name;
		else if (ft->kind == TY_STRUCT) {
			const char *in = rg_changed_int_member(ft);
			if (in)
				r = arena_printf("%s.%s",
						 b->st->fields[i].name, in);
		}
	}
	b->st->visiting = 0;
	return r;
}

/* ---- save() sections against the stores they must cover
 *
 * A store p[i + k] in a counted loop for (i = A; i < B; i++) inside a
 * checkpointed statement, with no if or other loop between that loop and
 * the store and no break, continue or return in the loop's body, writes
 * p[A + k] to p[B - 1 + k].  When p has one
 * save(p[lo:len]) section and A, B, lo and len are sums of integer
 * variables that nothing in f assigns and of constants, comparing the two
 * ranges may prove that a store falls outside the section, whatever the
 * variables: the recomputation would then start from data the snapshot
 * did not restore, and the derivatives would be wrong.  That is refused
 * at the store.  Anything ckc cannot compare is left to the user. */

#define LIN_MAX 4
typedef struct Lin {
	long k;           /* the constant */
	int var[LIN_MAX]; /* the variables, with their coefficients */
	long coef[LIN_MAX];
	int n;
	int ok;
} Lin;

static void lin_add(Lin *l, int var, long coef)
{
	for (int i = 0; i < l->n; i++)
		if (l->var[i] == var) {
			l->coef[i] += coef;
			return;
		}
	if (l->n == LIN_MAX) {
		l->ok = 0;
		return;
	}
	l->var[l->n] = var;
	l->coef[l->n++] = coef;
}

/* l += m * e, for e a sum of products of integer literals and variables
 * that f never assigns (fixed); anything else clears l->ok. */
static void lin_of(Lin *l, const Expr *e, long m, const unsigned char *fixed)
{
	if (!l->ok)
		return;
	switch (e->kind) {
	case E_NUM:
		if (type_is_float(e->type))
			l->ok = 0;
		else
			l->k += m * e->u.num.ival;
		return;
	case E_VAR:
		if (!fixed[e->u.var])
			l->ok = 0;
		else
			lin_add(l, e->u.var, m);
		return;
	case E_CAST:
		if (type_is_float(e->type))
			l->ok = 0;
		else
			lin_of(l, e->u.e, m, fixed);
		return;
	case E_BINARY:
		if (e->u.bin.op == B_ADD || e->u.bin.op == B_SUB) {
			lin_of(l, e->u.bin.l, m, fixed);
			lin_of(l, e->u.bin.r, e->u.bin.op == B_ADD ? m : -m,
			       fixed);
			return;
		}
		if (e->u.bin.op == B_MUL && e->u.bin.l->kind == E_NUM &&
		    !type_is_float(e->u.bin.l->type)) {
			lin_of(l, e->u.bin.r, m * e->u.bin.l->u.num.ival,
			       fixed);
			return;
		}
		if (e->u.bin.op == B_MUL && e->u.bin.r->kind == E_NUM &&
		    !type_is_float(e->u.bin.r->type)) {
			lin_of(l, e->u.bin.l, m * e->u.bin.r->u.num.ival,
			       fixed);
			return;
		}
		l->ok = 0;
		return;
	default:
		l->ok = 0;
		return;
	}
}

/* a - b when it is a constant (the variables cancel): 1 and *d. */
static int lin_diff(const Lin *a, const Lin *b, long *d)
{
	Lin x = *a;
	for (int i = 0; i < b->n; i++)
		lin_add(&x, b->var[i], -b->coef[i]);
	if (!a->ok || !b->ok || !x.ok)
		return 0;
	for (int i = 0; i < x.n; i++)
		if (x.coef[i])
			return 0;
	*d = x.k - b->k;
	return 1;
}

typedef struct RangeLoop {
	int index;
	Lin first, last; /* first <= index <= last */
	int known;       /* 0: a header rg_loop_range does not understand */
	int guard;       /* RangeCheck.guard inside the loop */
} RangeLoop;

typedef struct RangeCheck {
	Adj *c;
	const Stmt *prag;
	const SaveSection *sec;
	unsigned char *fixed; /* f's integers that nothing changes */
	RangeLoop loops[8];
	int nloops;
	int guard; /* ifs around the statement being walked */
	int bad;
	int outside; /* rg_scratch_why: indexes provably outside the section */
	/* rg_check_ranges: reads outside the section are refused too (the
	 * function changes the data outside the region later) */
	int reads;
	int entire; /* rg_index_side: every value of the index is outside */
	int unknown; /* rg_scratch_why: indexes by a loop it cannot bound */
} RangeCheck;

/* Index idx against section r->sec with loop r->loops[at] around it (or
 * none, at -1): 0 when idx is not that loop's index plus a constant (or a
 * constant), else 1, with -1 in *side when some value of idx may fall
 * before the section, 1 when one may fall after it, 0 when every value
 * is provably inside it, 2 when neither is known, 3 when idx is the index
 * of a loop whose range rg_loop_range cannot tell (plus a constant). */
static int rg_index_side(RangeCheck *r, const Expr *idx, int at, int *side)
{
	unsigned char *fixed = r->fixed;
	const SaveSection *sec = r->sec;
	int iv = at >= 0 ? r->loops[at].index : -1;
	Lin e = { 0, { 0 }, { 0 }, 0, 1 };
	if (iv >= 0)
		fixed[iv] = 1;
	lin_of(&e, idx, 1, fixed);
	if (iv >= 0)
		fixed[iv] = 0;
	if (!e.ok)
		return 0;
	/* e = iv + k (or k): its least and greatest values */
	long kcoef = 0;
	for (int i = 0; i < e.n; i++)
		if (e.var[i] == iv)
			kcoef = e.coef[i];
	if ((iv >= 0 && kcoef != 1) || (iv < 0 && at != -1))
		return 0;
	if (iv >= 0 && !r->loops[at].known) {
		*side = 3;
		r->entire = 0;
		return 1;
	}
	Lin least = e, most = e;
	if (iv >= 0) {
		const Lin *a = &r->loops[at].first, *b = &r->loops[at].last;
		lin_add(&least, iv, -1);
		lin_add(&most, iv, -1);
		least.ok = least.ok && a->ok;
		most.ok = most.ok && b->ok;
		for (int i = 0; i < a->n; i++)
			lin_add(&least, a->var[i], a->coef[i]);
		for (int i = 0; i < b->n; i++)
			lin_add(&most, b->var[i], b->coef[i]);
		least.k += a->k;
		most.k += b->k;
	}
	Lin lo = { 0, { 0 }, { 0 }, 0, 1 }, end = lo;
	lin_of(&lo, sec->lo, 1, r->fixed);
	lin_of(&end, sec->lo, 1, r->fixed);
	lin_of(&end, sec->len, 1, r->fixed);
	long d1, d2, d3, d4;
	int k1 = lin_diff(&least, &lo, &d1), k2 = lin_diff(&end, &most, &d2);
	*side = k1 && d1 < 0 ? -1 : k2 && d2 <= 0 ? 1 : k1 && k2 ? 0 : 2;
	r->entire = (lin_diff(&most, &lo, &d3) && d3 < 0) ||
		    (lin_diff(&end, &least, &d4) && d4 <= 0);
	return 1;
}

/* An index of the section by a loop whose range ckc cannot tell: refused
 * (the section would be trusted blindly). */
static void rg_unknown_loop(RangeCheck *r, Loc loc, const char *what)
{
	const char *p = r->c->f->vars[r->sec->var]->name;
	diag_error(loc,
		   "this %s '%s' is indexed by a loop whose range ckc cannot "
		   "tell from its header, so it cannot check that it stays "
		   "inside the section that save() names; write the loop as "
		   "for (i = A; i < B; i++), i <= B, or for (i = A; i >= B; "
		   "i--)",
		   what, p);
	diag_note(r->sec->loc, "the section of '%s' that save() names", p);
	r->bad = 1;
}

static void rg_range_store(RangeCheck *r, const Stmt *s)
{
	const Expr *l = s->u.assign.lhs;
	const SaveSection *sec = r->sec;
	if (l->kind != E_INDEX || l->u.index.base->kind != E_VAR ||
	    l->u.index.base->u.var != sec->var)
		return;
	/* the index: i + k for a loop index i around the store, or k */
	for (int at = r->nloops - 1; at >= -1; at--) {
		int side;
		/* an if between the loop and the store may keep it inside */
		if (r->guard != (at >= 0 ? r->loops[at].guard : 0) ||
		    !rg_index_side(r, l->u.index.idx, at, &side))
			continue;
		if (side == 3 && !r->bad) {
			rg_unknown_loop(r, s->loc, "store to");
		} else if ((side == -1 || side == 1) && !r->bad) {
			const char *p = r->c->f->vars[sec->var]->name;
			diag_error(
				s->loc,
				"this store may write '%s' %s the section "
				"that save() names, so the checkpoint would "
				"not restore it; widen the section to cover "
				"every element the statement writes",
				p, side < 0 ? "before" : "after");
			diag_note(sec->loc,
				  "the section of '%s' that save() "
				  "names",
				  p);
			r->bad = 1;
		}
		return;
	}
}

/* A read of an element of r->sec->var that may fall outside the section
 * (rg_inside_expr's walk: one in an arm of ?:, or right of && or ||, may
 * be kept inside by the condition, and no loop's guard matches it):
 * refused. */
static void rg_read_visit(void *ctx, const Expr *e)
{
	RangeCheck *r = ctx;
	const SaveSection *sec = r->sec;
	if (r->bad || e->kind != E_INDEX || e->u.index.base->kind != E_VAR ||
	    e->u.index.base->u.var != sec->var)
		return;
	for (int at = r->nloops - 1; at >= -1; at--) {
		int side;
		if (r->guard != (at >= 0 ? r->loops[at].guard : 0) ||
		    !rg_index_side(r, e->u.index.idx, at, &side))
			continue;
		if (side == 3) {
			rg_unknown_loop(r, e->loc, "read of");
		} else if (side == -1 || side == 1) {
			const char *p = r->c->f->vars[sec->var]->name;
			diag_error(
				e->loc,
				"this read of '%s' may fall %s the section "
				"that save() names, and the function "
				"changes '%s' after the region starts: the "
				"reverse sweep would run the region again "
				"from the values it finds there then; widen "
				"the section to cover every element the "
				"region reads",
				p, side < 0 ? "before" : "after", p);
			diag_note(sec->loc,
				  "the section of '%s' that save() names", p);
			r->bad = 1;
		}
		return;
	}
}

static void rg_inside_expr(RangeCheck *r, const Expr *e, ExprVisitor *visit);
static void rg_inside_simple(RangeCheck *r, const Stmt *s, ExprVisitor *visit);

static void rg_exit_visit(void *ctx, const Stmt *s)
{
	if (s->kind == S_BREAK || s->kind == S_CONTINUE || s->kind == S_RETURN)
		*(int *)ctx = 1;
}

/* Does loop body b have a break, continue or return (which may keep the
 * stores after it inside a smaller range)? */
static int rg_leaves_early(const Stmt *b)
{
	int hit = 0;
	ir_visit_stmts(b, rg_exit_visit, &hit);
	return hit;
}

/* The variable that for loop s's increment steps by one (i++, ++i, i--,
 * --i, i += 1, i -= 1, i = i + 1, i = i - 1), with +1 or -1 in *step (0
 * for another step of it: i += 2, i *= 2), or -1 when the increment is
 * not a store to a variable. */
static int rg_loop_step(const Stmt *s, int *step)
{
	const Stmt *inc = s->u.loop.inc;
	if (!inc || inc->kind != S_ASSIGN || inc->u.assign.lhs->kind != E_VAR)
		return -1;
	int i = inc->u.assign.lhs->u.var;
	const Expr *e = inc->u.assign.rhs;
	*step = 0;
	switch (inc->u.assign.op) {
	case A_INC:
		*step = 1;
		break;
	case A_DEC:
		*step = -1;
		break;
	case A_ADD:
	case A_SUB: {
		int sign = inc->u.assign.op == A_ADD ? 1 : -1;
		*step = rg_is_int(e, 1) ? sign : rg_is_int(e, -1) ? -sign : 0;
		break;
	}
	case A_SET:
		if (e->kind == E_BINARY &&
		    (e->u.bin.op == B_ADD || e->u.bin.op == B_SUB) &&
		    rg_is_var(e->u.bin.l, i) && rg_is_int(e->u.bin.r, 1))
			*step = e->u.bin.op == B_ADD ? 1 : -1;
		else if (e->kind == E_BINARY && e->u.bin.op == B_ADD &&
			 rg_is_var(e->u.bin.r, i) && rg_is_int(e->u.bin.l, 1))
			*step = 1;
		break;
	default:
		break;
	}
	return i;
}

/* The values that the index of for loop s takes, first <= i <= last,
 * whatever the form of its header: for (i = A; i < B; i++) runs A to
 * B - 1, i <= B to B, i != B to B - 1 (B > i and B >= i are i < B and
 * i <= B); for (i = A; i > B; i--) runs B + 1 to A, i >= B from B, i != B
 * from B + 1.  The index, with 1 when the range is known, 0 when the
 * header steps its index in a form not understood here; -1 when s is
 * no loop stepping a variable in its increment. */
static int rg_loop_range(const Stmt *s, const unsigned char *fixed, int *index,
			 Lin *first, Lin *last)
{
	int step, i = s->kind == S_FOR ? rg_loop_step(s, &step) : -1;
	if (i < 0)
		return -1;
	*index = i;
	const Stmt *in = s->u.loop.init;
	const Expr *c = s->u.loop.cond, *a = NULL, *b = NULL;
	if (in && in->kind == S_DECL && in->u.decl.var == i)
		a = in->u.decl.init;
	else if (in && in->kind == S_ASSIGN && in->u.assign.op == A_SET &&
		 rg_is_var(in->u.assign.lhs, i))
		a = in->u.assign.rhs;
	if (!a || !step || !c || c->kind != E_BINARY)
		return 0;
	BinOp op = c->u.bin.op;
	if (rg_is_var(c->u.bin.l, i)) {
		b = c->u.bin.r;
	} else if (rg_is_var(c->u.bin.r, i)) {
		b = c->u.bin.l;
		op = op == B_LT   ? B_GT
		     : op == B_GT ? B_LT
		     : op == B_LE ? B_GE
		     : op == B_GE ? B_LE
				  : op;
	} else {
		return 0;
	}
	Lin la = { 0, { 0 }, { 0 }, 0, 1 }, lb = la;
	lin_of(&la, a, 1, fixed);
	lin_of(&lb, b, 1, fixed);
	if (step > 0 && (op == B_LT || op == B_NE || op == B_LE)) {
		*first = la;
		*last = lb;
		last->k -= op != B_LE;
	} else if (step < 0 && (op == B_GT || op == B_NE || op == B_GE)) {
		*first = lb;
		*last = la;
		first->k += op != B_GE;
	} else {
		return 0;
	}
	return 1;
}

/* A counted for loop s whose index stays in its range through the body
 * (no store to it, no break, continue or return): pushed on r->loops,
 * with the ifs around it (1), else nothing (0).  One whose header steps
 * its index in a form rg_loop_range does not understand is pushed as
 * unknown: an index of the section by it is refused, not trusted. */
static int rg_range_loop(RangeCheck *r, const Stmt *s)
{
	Lin first, last;
	int i, known = rg_loop_range(s, r->fixed, &i, &first, &last);
	if (known < 0 || r->nloops == 8 ||
	    stmt_assigns_var(s->u.loop.body, i) ||
	    rg_leaves_early(s->u.loop.body))
		return 0;
	r->loops[r->nloops++] = (RangeLoop){ i, first, last, known, r->guard };
	return 1;
}

/* f's integers that nothing changes (RangeCheck.fixed). */
static unsigned char *rg_fixed_ints(const Func *f)
{
	unsigned char *fixed = arena_alloc((size_t)f->nvars + 1);
	for (int v = 0; v < f->nvars; v++)
		fixed[v] = f->vars[v]->type->kind == TY_INT &&
			   !stmt_assigns_var(f->body, v);
	return fixed;
}

static void rg_range_walk(RangeCheck *r, const Stmt *s)
{
	if (!s || r->bad)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			rg_range_walk(r, s->u.block.items[i]);
		return;
	case S_ASSIGN:
		rg_range_store(r, s);
		if (r->reads) /* (a store checked above reads as inside) */
			rg_inside_simple(r, s, rg_read_visit);
		return;
	case S_DECL:
	case S_EXPR:
		if (r->reads)
			rg_inside_simple(r, s, rg_read_visit);
		return;
	case S_IF:
		if (r->reads)
			rg_inside_expr(r, s->u.ifs.cond, rg_read_visit);
		r->guard++;
		rg_range_walk(r, s->u.ifs.then);
		rg_range_walk(r, s->u.ifs.els);
		r->guard--;
		return;
	case S_FOR: {
		/* a loop around the store may run no step: like an if, unless
		 * it is the loop whose index the store uses */
		r->guard++;
		if (rg_range_loop(r, s)) {
			rg_range_walk(r, s->u.loop.body);
			r->nloops--;
		} else {
			rg_range_walk(r, s->u.loop.body);
		}
		r->guard--;
		return;
	}
	case S_WHILE:
	case S_DO:
		r->guard++;
		rg_range_walk(r, s->u.loop.body);
		r->guard--;
		return;
	case S_CHECKPOINT:
		rg_range_walk(r, s->u.ckpt.body);
		return;
	default:
		return;
	}
}

/* The stores of prag's statement against its save() sections (above),
 * and its reads where later[k]: the function changes section k's data
 * after the region starts, outside it. */
static int rg_check_ranges(Adj *c, const Stmt *prag,
			   const unsigned char *later)
{
	const Func *f = c->f;
	unsigned char *fixed = rg_fixed_ints(f);
	const Stmt *body = prag->u.ckpt.body;
	if (prag->u.ckpt.binomial && body->kind == S_FOR)
		body = body->u.loop.body;
	for (int k = 0; k < prag->u.ckpt.nsaves; k++) {
		const SaveSection *sec = prag->u.ckpt.saves[k];
		int n = 0;
		for (int j = 0; j < prag->u.ckpt.nsaves; j++)
			n += prag->u.ckpt.saves[j]->var == sec->var;
		if (n != 1 || !sec->lo || !sec->len)
			continue;
		RangeCheck r = { c, prag, sec, fixed,    { { 0 } }, 0,
				 0, 0,    0,   later[k], 0,         0 };
		rg_range_walk(&r, body);
		if (r.bad)
			return 0;
	}
	return 1;
}

/* ---- scratch buffers for a helper's pointer parameters
 *
 * A helper's region that changes the data behind a double * parameter u
 * its f_bwd does not receive (the caller's state, updated in place) and
 * names it in save(): f_bwd recomputes the region in a scratch buffer of
 * its own, u[0] to the section's end, loaded from the snapshot, that
 * stands for u's data.  The section is trusted, as every section is, but
 * for an index that provably falls outside it (u[i + k] in a counted
 * loop whose range takes it out, u[k]), and its bounds must be known
 * before the snapshot comes back: sums of integer parameters that f never
 * changes. */

static void rg_inside_visit(void *ctx, const Expr *e)
{
	RangeCheck *r = ctx;
	if (e->kind != E_INDEX || e->u.index.base->kind != E_VAR ||
	    e->u.index.base->u.var != r->sec->var)
		return;
	for (int at = r->nloops - 1; at >= -1; at--) {
		int side;
		if (rg_index_side(r, e->u.index.idx, at, &side)) {
			/* (a guarded index, i > 0 ? u[i - 1] : 0.0, may stay
			 * inside; one outside for every value, u[n], not) */
			if (side == 3)
				r->unknown++;
			else if ((side == -1 || side == 1) &&
				 (!r->guard || r->entire))
				r->outside++;
			return;
		}
	}
}

/* visit (rg_inside_visit, rg_read_visit) on e and what it holds; an index in an arm of ?:, right
 * of && or ||, may be guarded by the condition (i > 0 ? u[i - 1] : 0.0):
 * not provably outside. */
static void rg_inside_expr(RangeCheck *r, const Expr *e, ExprVisitor *visit)
{
	if (!e)
		return;
	visit(r, e);
	switch (e->kind) {
	case E_COND:
		rg_inside_expr(r, e->u.cond.c, visit);
		r->guard++;
		rg_inside_expr(r, e->u.cond.a, visit);
		rg_inside_expr(r, e->u.cond.b, visit);
		r->guard--;
		return;
	case E_BINARY: {
		int lazy = e->u.bin.op == B_LAND || e->u.bin.op == B_LOR;
		rg_inside_expr(r, e->u.bin.l, visit);
		r->guard += lazy;
		rg_inside_expr(r, e->u.bin.r, visit);
		r->guard -= lazy;
		return;
	}
	case E_UNARY:
		rg_inside_expr(r, e->u.un.e, visit);
		return;
	case E_DEREF:
	case E_ADDR:
	case E_CAST:
		rg_inside_expr(r, e->u.e, visit);
		return;
	case E_MEMBER:
		rg_inside_expr(r, e->u.mem.base, visit);
		return;
	case E_INDEX:
		rg_inside_expr(r, e->u.index.base, visit);
		rg_inside_expr(r, e->u.index.idx, visit);
		return;
	case E_CALL:
		for (int i = 0; i < e->u.call.nargs; i++)
			rg_inside_expr(r, e->u.call.args[i], visit);
		return;
	default:
		return;
	}
}

/* rg_inside_expr on the expressions of a simple statement s. */
static void rg_inside_simple(RangeCheck *r, const Stmt *s, ExprVisitor *visit)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			rg_inside_simple(r, s->u.block.items[i], visit);
		return;
	case S_ASSIGN:
		rg_inside_expr(r, s->u.assign.lhs, visit);
		rg_inside_expr(r, s->u.assign.rhs, visit);
		return;
	case S_DECL:
		rg_inside_expr(r, s->u.decl.init, visit);
		for (int i = 0; i < s->u.decl.ninits; i++)
			rg_inside_expr(r, s->u.decl.inits[i], visit);
		return;
	case S_EXPR:
	case S_RETURN:
		rg_inside_expr(r, s->u.expr, visit);
		return;
	default:
		ir_walk_stmt(s, visit, r);
		return;
	}
}

static void rg_inside_walk(RangeCheck *r, const Stmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			rg_inside_walk(r, s->u.block.items[i]);
		return;
	case S_IF:
		/* (what an if guards may not run for every index) */
		rg_inside_expr(r, s->u.ifs.cond, rg_inside_visit);
		r->guard++;
		rg_inside_walk(r, s->u.ifs.then);
		rg_inside_walk(r, s->u.ifs.els);
		r->guard--;
		return;
	case S_FOR: {
		/* (the header with the loops around it: the condition also
		 * runs with the index at its bound) */
		rg_inside_simple(r, s->u.loop.init, rg_inside_visit);
		rg_inside_expr(r, s->u.loop.cond, rg_inside_visit);
		rg_inside_simple(r, s->u.loop.inc, rg_inside_visit);
		if (rg_range_loop(r, s)) {
			rg_inside_walk(r, s->u.loop.body);
			r->nloops--;
		} else {
			rg_inside_walk(r, s->u.loop.body);
		}
		return;
	}
	case S_WHILE:
	case S_DO:
		rg_inside_expr(r, s->u.loop.cond, rg_inside_visit);
		rg_inside_walk(r, s->u.loop.body);
		return;
	case S_CHECKPOINT:
		rg_inside_walk(r, s->u.ckpt.body);
		return;
	default:
		rg_inside_simple(r, s, rg_inside_visit);
		return;
	}
}

typedef struct FixedBound {
	const Func *f;
	int ok;
} FixedBound;

/* Variables and calls in a section's bounds: only integer parameters that
 * f never changes, which f_bwd has from the start. */
static void rg_fixed_visit(void *ctx, const Expr *e)
{
	FixedBound *b = ctx;
	if (e->kind == E_CALL || e->kind == E_GLOBAL)
		b->ok = 0;
	if (e->kind != E_VAR)
		return;
	const Var *x = b->f->vars[e->u.var];
	if (x->kind != VAR_PARAM || x->type->kind != TY_INT ||
	    stmt_assigns_var(b->f->body, e->u.var) ||
	    stmt_takes_addr(b->f->body, e->u.var))
		b->ok = 0;
}

/* Why prag's recomputation cannot hold section k's data in a scratch
 * buffer (rg_base says it), or NULL when it can. */
static const char *rg_scratch_why(Adj *c, const Stmt *prag, int k)
{
	const Func *f = c->f;
	const SaveSection *sec = prag->u.ckpt.saves[k];
	const Var *x = f->vars[sec->var];
	if (x->kind != VAR_PARAM || !rg_scratch_type(x->type) ||
	    c->bmap[sec->var] >= 0 || c->rgscr[sec->var] >= 0 || !sec->lo ||
	    !sec->len)
		return "";
	/* (a buffer of its own loses an alias) */
	if (!adj_unaliased(c, sec->var))
		return "a call passes it data that another argument reaches "
		       "too";
	for (int j = 0; j < prag->u.ckpt.nsaves; j++)
		if (j != k && prag->u.ckpt.saves[j]->var == sec->var)
			return "save() names two sections of it";
	/* (the buffer is made before the snapshot's values come back) */
	FixedBound fb = { f, 1 };
	ir_walk_expr(sec->lo, rg_fixed_visit, &fb);
	ir_walk_expr(sec->len, rg_fixed_visit, &fb);
	if (!fb.ok)
		return "the bounds of its section in save() are not sums of "
		       "integer parameters that the function leaves alone";
	/* (a binomial loop too: its index ranges over its steps) */
	RangeCheck r = { c, prag, sec, rg_fixed_ints(f), { { 0 } }, 0, 0, 0, 0,
			 0, 0,    0 };
	rg_inside_walk(&r, prag->u.ckpt.body);
	return r.outside   ? "the region indexes it outside the section that "
			     "save() names"
	       : r.unknown ? "the region indexes it by a loop whose range ckc "
			     "cannot tell from its header"
			   : NULL;
}

/* Does s store through pointer var (p[i] = ..., *p += ..., p->m++), or
 * pass a pointer made from it to a call, which may? */
typedef struct StoreThrough {
	int var, hit;
} StoreThrough;

static void st_call(void *ctx, const Expr *e)
{
	StoreThrough *st = ctx;
	if (e->kind == E_CALL)
		for (int i = 0; i < e->u.call.nargs; i++)
			st->hit |=
				(e->u.call.args[i]->type->kind == TY_PTR ||
				 e->u.call.args[i]->type->kind == TY_ARRAY) &&
				expr_mentions(e->u.call.args[i], st->var);
}

static void st_stmt(void *ctx, const Stmt *s)
{
	StoreThrough *st = ctx;
	if (s->kind == S_ASSIGN && s->u.assign.lhs->kind != E_VAR &&
	    activity_root(s->u.assign.lhs) == st->var)
		st->hit = 1;
}

static int rg_stores_through(const Stmt *s, int var)
{
	StoreThrough st = { var, 0 };
	ir_visit_stmts(s, st_stmt, &st);
	ir_walk_stmt(s, st_call, &st);
	return st.hit;
}

/* Before prag's reverse in f_bwd (into): a scratch buffer for each
 * section rg_scratch_why takes, which rg_base gives for the parameter
 * until rg_scratch_close; their number.  bufs, lens and offs get, per
 * buffer, the parameter, the long holding the number of elements
 * allocated, and the long holding how far the parameter's element 0 is
 * from the allocation's start (-1: at its start). */
static int rg_scratch_open(Adj *c, const Stmt *prag, Stmt *into, int *bufs,
			   int *lens, int *offs)
{
	Loc loc = prag->loc;
	int n = 0;
	rg_why = arena_alloc(sizeof(char *) * (size_t)(c->f->nvars + 1));
	for (int k = 0; k < prag->u.ckpt.nsaves; k++) {
		const char *why = rg_scratch_why(c, prag, k);
		if (why) {
			rg_why[prag->u.ckpt.saves[k]->var] = why;
			continue;
		}
		const SaveSection *sec = prag->u.ckpt.saves[k];
		const Var *x = c->f->vars[sec->var];
		Type *el = type_with_const(x->type->base, 0);
		int len = adj_local(c, c->bwd, "ck_n", adj_long());
		int buf = adj_local(c, c->bwd, x->name, type_ptr(el));
		stmt_append(c->bdecls, stmt_decl(len, expr_int(0, loc), loc));
		stmt_append(c->bdecls, stmt_decl(buf, NULL, loc));
		/* the elements before the section too, so that u[i] is
		 * buf[i] */
		Expr *end = expr_binary(B_ADD, rg_expr(c, sec->lo),
					rg_expr(c, sec->len), adj_long(), loc);
		long lo0;
		int off = -1;
		if (!ir_int_const(sec->lo, &lo0) || lo0 < 0) {
			/* a section that may start below element 0 (a
			 * helper given &u[7] saves u[-7:8]): the buffer
			 * starts at the section's start, or at element 0 if
			 * that comes first, and ends at the section's end, or
			 * at element 0 */
			off = adj_local(c, c->bwd, "ck_off", adj_long());
			stmt_append(c->bdecls,
				    stmt_decl(off, expr_int(0, loc), loc));
			Expr *neg = expr_binary(B_LT, rg_expr(c, sec->lo),
						expr_int(0, loc), NULL, loc);
			stmt_append(
				into,
				stmt_assign(
					A_SET, expr_var(c->bwd, off, loc),
					expr_cond(
						neg,
						expr_unary(U_NEG,
							   rg_expr(c, sec->lo),
							   loc),
						expr_int(0, loc), loc),
					loc));
			Expr *pos = expr_binary(B_GT, end, expr_int(0, loc),
						NULL, loc);
			end = expr_binary(B_ADD, expr_var(c->bwd, off, loc),
					  expr_cond(pos, expr_clone(end),
						    expr_int(0, loc), loc),
					  adj_long(), loc);
		}
		stmt_append(into,
			    stmt_assign(A_SET, expr_var(c->bwd, len, loc), end,
					loc));
		const char *fn = el->kind == TY_FLOAT ? "ck_scratch_alloc_f"
						      : "ck_scratch_alloc_d";
		Expr *at = adj_call(fn, type_ptr(el),
				    expr_var(c->bwd, len, loc), NULL);
		if (off >= 0)
			at = expr_binary(B_ADD, at, expr_var(c->bwd, off, loc),
					 type_ptr(el), loc);
		stmt_append(into,
			    stmt_assign(A_SET, expr_var(c->bwd, buf, loc), at,
					loc));
		c->rgscr[sec->var] = buf;
		bufs[n] = sec->var;
		offs[n] = off;
		lens[n++] = len;
	}
	return n;
}

/* After prag's reverse (into): the scratch buffers go. */
static void rg_scratch_close(Adj *c, int n, const int *vars, const int *lens,
			     const int *offs, Stmt *into, Loc loc)
{
	for (int k = 0; k < n; k++) {
		int buf = c->rgscr[vars[k]];
		const char *fn =
			c->bwd->vars[buf]->type->base->kind == TY_FLOAT
				? "ck_scratch_free_f"
				: "ck_scratch_free_d";
		Expr *at = expr_var(c->bwd, buf, loc);
		if (offs[k] >= 0)
			at = expr_binary(B_SUB, at,
					 expr_var(c->bwd, offs[k], loc),
					 c->bwd->vars[buf]->type, loc);
		stmt_append(into,
			    stmt_expr(S_EXPR,
				      adj_call(fn, adj_void(), at,
					       expr_var(c->bwd, lens[k], loc)),
				      loc));
		c->rgscr[vars[k]] = -1;
	}
	rg_why = NULL;
}

/* Frees in a region of buffers it did not allocate (rg_check_frees). */
typedef struct RgFree {
	int var;         /* -1: looking for frees; else for var's allocation */
	const Stmt *bad; /* the first such free */
	const Stmt *body;
	int found;
} RgFree;

static int rg_is_alloc(const Expr *rhs)
{
	const AllocRule *r = alloc_find(alloc_call_of(rhs));
	return r && r->kind != ALLOC_FREE;
}

static void rg_alloc_visit(void *ctx, const Stmt *s)
{
	RgFree *x = ctx;
	if ((s->kind == S_DECL && s->u.decl.var == x->var && s->u.decl.init &&
	     rg_is_alloc(s->u.decl.init)) ||
	    (s->kind == S_ASSIGN && s->u.assign.lhs->kind == E_VAR &&
	     s->u.assign.lhs->u.var == x->var && rg_is_alloc(s->u.assign.rhs)))
		x->found = 1;
}

static void rg_free_visit(void *ctx, const Stmt *s)
{
	RgFree *x = ctx;
	const AllocRule *r = s->kind == S_EXPR ? alloc_find(s->u.expr) : NULL;
	if (x->bad || !r || r->kind != ALLOC_FREE)
		return;
	const Expr *p = s->u.expr->u.call.args[0];
	while (p->kind == E_CAST)
		p = p->u.e;
	RgFree a = { p->kind == E_VAR ? p->u.var : -1, NULL, NULL, 0 };
	if (a.var >= 0)
		ir_visit_stmts(x->body, rg_alloc_visit, &a);
	if (!a.found)
		x->bad = s;
}

/* A region (a binomial or online step) that frees a buffer allocated
 * before it: the reverse sweep runs the region again, and with it the
 * free. */
static int rg_check_frees(const Stmt *prag, const char *what)
{
	RgFree x = { -1, NULL, prag->u.ckpt.body, 0 };
	ir_visit_stmts(prag->u.ckpt.body, rg_free_visit, &x);
	if (!x.bad)
		return 1;
	diag_error(x.bad->loc,
		   "%s frees a buffer it did not allocate, but the reverse "
		   "sweep runs it again; free the buffer after it",
		   what);
	return 0;
}

/* Globals that a region (a binomial or online step) changes, directly or
 * in the functions of the file it calls (rg_check_globals). */
typedef struct RgGlobal {
	const Program *p;
	unsigned char *seen; /* functions visited */
	int global;          /* the first global changed, or -1 */
	const Func *fn;      /* the function being visited */
	const char *stat;    /* or the first static local changed */
} RgGlobal;

static void rg_global_stmt(void *ctx, const Stmt *s);
static void rg_global_expr(void *ctx, const Expr *e);

static void rg_global_kid(void *ctx, const Expr *e)
{
	rg_global_expr(ctx, e);
}

/* The address of a global (passed on, kept), and the functions e calls,
 * through e's operands (not into an MPI constant's &ompi_mpi_double). */
static void rg_global_expr(void *ctx, const Expr *e)
{
	RgGlobal *g = ctx;
	if (!e || g->global >= 0 || e->spelled)
		return;
	switch (e->kind) {
	case E_ADDR:
		if (adj_lv_base(e->u.e)->kind == E_GLOBAL &&
		    !e->u.e->type->is_const) {
			g->global = adj_lv_base(e->u.e)->u.global;
			return;
		}
		rg_global_expr(g, e->u.e);
		return;
	case E_CALL:
		for (int i = 0; i < e->u.call.nargs; i++)
			rg_global_expr(g, e->u.call.args[i]);
		if (e->u.call.fn >= 0 && e->u.call.fn < g->p->nfuncs &&
		    !g->seen[e->u.call.fn]) {
			g->seen[e->u.call.fn] = 1;
			const Func *caller = g->fn;
			g->fn = g->p->funcs[e->u.call.fn];
			ir_visit_stmts(g->fn->body, rg_global_stmt, g);
			g->fn = caller;
		}
		return;
	case E_INDEX:
		rg_global_expr(g, e->u.index.base);
		rg_global_expr(g, e->u.index.idx);
		return;
	case E_DEREF:
		rg_global_expr(g, e->u.e);
		return;
	default:
		ir_plain_kids(e, rg_global_kid, g);
		return;
	}
}

/* Stores into globals, and s's own expressions (rg_global_expr; the
 * statements inside s come on their own). */
static void rg_global_stmt(void *ctx, const Stmt *s)
{
	RgGlobal *g = ctx;
	const Expr *lb =
		s->kind == S_ASSIGN ? adj_lv_base(s->u.assign.lhs) : NULL;
	if (g->global < 0 && lb && lb->kind == E_GLOBAL)
		g->global = lb->u.global;
	/* a static local (a call counter): as a global */
	if (!g->stat && lb && lb->kind == E_VAR &&
	    g->fn->vars[lb->u.var]->is_static)
		g->stat = g->fn->vars[lb->u.var]->name;
	switch (s->kind) {
	case S_ASSIGN:
		rg_global_expr(g, s->u.assign.lhs);
		rg_global_expr(g, s->u.assign.rhs);
		break;
	case S_DECL:
		rg_global_expr(g, s->u.decl.init);
		for (int i = 0; i < s->u.decl.ninits; i++)
			rg_global_expr(g, s->u.decl.inits[i]);
		break;
	case S_EXPR:
	case S_RETURN:
		rg_global_expr(g, s->u.expr);
		break;
	case S_IF:
		rg_global_expr(g, s->u.ifs.cond);
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		rg_global_expr(g, s->u.loop.cond);
		break;
	default:
		break;
	}
}

/* A region (a binomial or online step) that changes a global: the
 * reverse sweep runs it again, from the global's later value (no
 * snapshot holds it), and changes it again. */
static int rg_check_globals(Adj *c, const Stmt *prag, const char *what)
{
	RgGlobal g = { c->p, arena_alloc((size_t)c->p->nfuncs + 1), -1, c->f,
		       NULL };
	ir_visit_stmts(prag->u.ckpt.body, rg_global_stmt, &g);
	if (g.global < 0 && g.stat) {
		diag_error(prag->loc,
			   "%s changes the static local '%s' (itself or in a "
			   "function it calls), but the reverse sweep runs it "
			   "again, and it would change it again; change it "
			   "outside it, or keep the value in a local",
			   what, g.stat);
		return 0;
	}
	if (g.global < 0)
		return 1;
	diag_error(prag->loc,
		   "%s changes the global '%s' (itself or in a function it "
		   "calls), but the reverse sweep runs it again, from the "
		   "global's later value; change the global outside it, or "
		   "keep the value in a local",
		   what, c->p->globals[g.global]->name);
	return 0;
}

/* The local arrays that the pointers a checkpointed body uses point
 * into (int *p = rp; ... p[i]): the body reads them through the pointers,
 * so its snapshot holds them as if it named them. */
static void rg_used_bases(Adj *c, unsigned char *used)
{
	const Func *f = c->f;
	for (int i = 0; i < f->nvars; i++) {
		int b = c->v->base[i];
		if (used[i] && b >= 0 && b != i &&
		    f->vars[i]->type->kind == TY_PTR &&
		    f->vars[b]->kind == VAR_LOCAL &&
		    f->vars[b]->type->kind != TY_PTR)
			used[b] = 1;
	}
}

/* The buffer pointer normalize.c's heap_stepped made for pointer v
 * (named in its joins, "'v'"), or v itself. */
static int rg_stepped_buf(const Func *f, int v)
{
	const char *want = arena_printf("'%s'", f->vars[v]->name);
	for (int b = 0; b < f->nvars; b++)
		if (f->vars[b]->joins && !strcmp(f->vars[b]->joins, want))
			return b;
	return v;
}

/* Does s hold statement t? */
static int rg_holds(const Stmt *s, const Stmt *t)
{
	if (!s)
		return 0;
	if (s == t)
		return 1;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (rg_holds(s->u.block.items[i], t))
				return 1;
		return 0;
	case S_IF:
		return rg_holds(s->u.ifs.then, t) || rg_holds(s->u.ifs.els, t);
	case S_FOR:
	case S_WHILE:
	case S_DO:
		return rg_holds(s->u.loop.body, t);
	case S_CHECKPOINT:
		return rg_holds(s->u.ckpt.body, t);
	default:
		return 0;
	}
}

/* Do the items of block s from item k on, none of which holds prag,
 * store into node's data?  (One question for all of them: a region's
 * check asks it of a function's statements.) */
static int rg_items_write(Adj *c, const Stmt *s, int k, int node)
{
	if (k >= s->u.block.n)
		return 0;
	Stmt rest = *s;
	rest.u.block.items = s->u.block.items + k;
	rest.u.block.n = s->u.block.n - k;
	return activity_stmt_writes(c->p, c->a, &rest, node);
}

/* Does s, prag aside, store into node's data? */
static int rg_writes_but(Adj *c, const Stmt *s, const Stmt *prag, int node)
{
	if (!s || s == prag)
		return 0;
	if (!rg_holds(s, prag))
		return activity_stmt_writes(c->p, c->a, s, node);
	switch (s->kind) {
	case S_BLOCK: {
		int at = 0;
		while (!rg_holds(s->u.block.items[at], prag))
			at++;
		Stmt before = *s;
		before.u.block.n = at;
		return activity_stmt_writes(c->p, c->a, &before, node) ||
		       rg_writes_but(c, s->u.block.items[at], prag, node) ||
		       rg_items_write(c, s, at + 1, node);
	}
	case S_IF:
		return activity_stmt_writes(
			       c->p, c->a,
			       stmt_expr(S_EXPR, s->u.ifs.cond, s->loc),
			       node) ||
		       rg_writes_but(c, s->u.ifs.then, prag, node) ||
		       rg_writes_but(c, s->u.ifs.els, prag, node);
	case S_FOR:
	case S_WHILE:
	case S_DO:
		return (s->u.loop.cond &&
			activity_stmt_writes(
				c->p, c->a,
				stmt_expr(S_EXPR, s->u.loop.cond, s->loc),
				node)) ||
		       rg_writes_but(c, s->u.loop.init, prag, node) ||
		       rg_writes_but(c, s->u.loop.inc, prag, node) ||
		       rg_writes_but(c, s->u.loop.body, prag, node);
	case S_CHECKPOINT:
		return rg_writes_but(c, s->u.ckpt.body, prag, node);
	default:
		return 0;
	}
}

/* Does code that may run from prag's end until the reverse sweep runs it
 * again store into node's data: what follows it in each enclosing block, and the whole of each enclosing loop (its
 * later iterations)?  Data that nothing there changes is, when the
 * reverse sweep runs prag again, what it was at prag's start: no save()
 * needed (a tridiagonal system's coefficients, set before a time loop
 * that only reads them).  *found: prag is in s; where it is not, nothing
 * is known (1). */
static int rg_written_from(Adj *c, const Stmt *s, const Stmt *prag, int node,
			   int *found)
{
	if (!s || *found)
		return 0;
	if (s == prag) {
		*found = 1;
		return 0;
	}
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++) {
			if (rg_written_from(c, s->u.block.items[i], prag, node,
					    found))
				return 1;
			if (*found)
				return rg_items_write(c, s, i + 1, node);
		}
		return 0;
	case S_IF:
		return rg_written_from(c, s->u.ifs.then, prag, node, found) ||
		       rg_written_from(c, s->u.ifs.els, prag, node, found);
	case S_FOR:
	case S_WHILE:
	case S_DO:
		if (rg_written_from(c, s->u.loop.body, prag, node, found))
			return 1;
		return *found && rg_writes_but(c, s, prag, node);
	case S_CHECKPOINT:
		return rg_written_from(c, s->u.ckpt.body, prag, node, found);
	default:
		return 0;
	}
}

/* Is var's data changed from prag's start on (self: prag included)? */
static int rg_changed_from(Adj *c, const Stmt *prag, int var, int self)
{
	int node = c->a->node[var], found = 0;
	if (self && activity_stmt_writes(c->p, c->a, prag, node))
		return 1;
	return rg_written_from(c, c->f->body, prag, node, &found) || !found;
}

typedef struct BoundVars {
	const Func *f;
	const Stmt *body;
	int bad;
} BoundVars;

/* A variable in a save() bound that the region (a binomial or online
 * loop, its header included) changes or passes by address: refused at
 * the bound, since the snapshot is saved and loaded with the bounds of
 * different moments (a section read back past its end). */
static void rg_bound_visit(void *ctx, const Expr *e)
{
	BoundVars *b = ctx;
	if (b->bad || e->kind != E_VAR ||
	    (!stmt_assigns_var(b->body, e->u.var) &&
	     !stmt_takes_addr(b->body, e->u.var)))
		return;
	diag_error(e->loc,
		   "this bound of a section in save() reads '%s', which the "
		   "region changes: the snapshot would be loaded with other "
		   "bounds than it was saved with; use a variable that the "
		   "region leaves alone (a copy made before it)",
		   b->f->vars[e->u.var]->name);
	b->bad = 1;
}

static int rg_check_bounds(const Func *f, const Stmt *prag)
{
	/* (a binomial or online loop's header too: its index changes from
	 * step to step) */
	BoundVars b = { f, prag->u.ckpt.body, 0 };
	for (int k = 0; k < prag->u.ckpt.nsaves && !b.bad; k++) {
		const SaveSection *sec = prag->u.ckpt.saves[k];
		const Expr *lo = sec->lo;
		/* (a buffer that joins malloc'd buffers, normalize.c: lo is
		 * the offset of the pointer that save() names, which the
		 * region may swap with another, plus the section's own) */
		if (f->vars[sec->var]->joins && lo && lo->kind == E_BINARY &&
		    lo->u.bin.op == B_ADD && lo->u.bin.l->kind == E_VAR)
			lo = lo->u.bin.r;
		if (lo)
			ir_walk_expr(lo, rg_bound_visit, &b);
		if (sec->len && !b.bad)
			ir_walk_expr(sec->len, rg_bound_visit, &b);
	}
	return !b.bad;
}

/* Does save() of prag name member field of local struct var (save(s.v[lo:
 * len]): a section of the local that holds the member's buffer,
 * normalize.c's save_members)? */
static int rg_member_named(const Func *f, int var, int field, const Stmt *prag)
{
	for (int i = 0; i < prag->u.ckpt.nsaves; i++) {
		const Var *w = f->vars[prag->u.ckpt.saves[i]->var];
		if (w->of_var == var + 1 && w->of_field == field)
			return 1;
	}
	return 0;
}

/* The first pointer member to numbers of local struct var that save() of
 * prag does not name, or NULL.  *nested: var is no struct (an array of
 * them), or has struct or array members with pointers to numbers, which
 * save() cannot name. */
static const char *rg_member_unnamed(const Func *f, int var, const Stmt *prag,
				     int *nested)
{
	const Type *t = f->vars[var]->type;
	*nested = t->kind != TY_STRUCT;
	if (*nested)
		return NULL;
	for (int k = 0; k < t->st->nfields; k++) {
		const Type *ft = t->st->fields[k].type;
		if (ft->kind == TY_ARRAY || ft->kind == TY_STRUCT)
			*nested |= rg_indirect_float(ft);
		else if (ft->kind == TY_PTR && type_float_elem((Type *)ft) &&
			 !rg_member_named(f, var, k, prag))
			return t->st->fields[k].name;
	}
	return NULL;
}

static int rg_check_saves(Adj *c, const unsigned char *used,
			  const Stmt *prag, const char *what)
{
	const Func *f = c->f;
	if (!rg_check_frees(prag, what) || !rg_check_globals(c, prag, what) ||
	    !rg_check_bounds(f, prag))
		return 0;
	for (int i = 0; i < f->nvars; i++) {
		/* (data: not a struct's own members, which its setup and
		 * the snapshot cover) */
		if (used[i] && c->a->data_written[c->a->node[i]] &&
		    rg_indirect_float(f->vars[i]->type) &&
		    type_ptr_rows(f->vars[i]->type)) {
			diag_error(prag->loc,
				   "%s uses the rows of '%s', which the "
				   "function changes; ckc cannot save rows "
				   "behind row pointers yet; put the region "
				   "where they no longer change, or pass the "
				   "matrix as one array",
				   what, f->vars[i]->name);
			return 0;
		}
		/* (also before any save() suggestion below: save(m[0:1])
		 * would hold the struct, not what its members point to) */
		const char *im =
			used[i] && c->a->data_written[c->a->node[i]]
				? rg_changed_int_member(f->vars[i]->type)
				: NULL;
		if (im) {
			diag_error(prag->loc,
				   "%s uses the integers behind member '%s' "
				   "of '%s', which the function changes; ckc "
				   "cannot save that data yet (save() covers "
				   "whole structs); put the region where that "
				   "data no longer changes",
				   what, im, f->vars[i]->name);
			return 0;
		}
		if (used[i] && c->a->data_written[c->a->node[i]] &&
		    rg_indirect_float(f->vars[i]->type)) {
			int local = f->vars[i]->kind == VAR_LOCAL, nested;
			const char *m = rg_member_unnamed(f, i, prag, &nested);
			if (local && !m && !nested)
				continue;        /* save(s.u[..], s.v[..]) */
			if (f->vars[i]->refused) /* (save_members) */
				return 0;
			if (local && m)
				diag_error(prag->loc,
					   "%s uses data behind the pointer "
					   "members of '%s', which the "
					   "function changes; name each in "
					   "save() (save(%s.%s[lo:len]), for "
					   "a buffer this function mallocs "
					   "into the member), or put the "
					   "region where that data no longer "
					   "changes",
					   what, f->vars[i]->name,
					   f->vars[i]->name, m);
			else
				diag_error(prag->loc,
					   "%s uses data behind the pointer "
					   "members of '%s', which the "
					   "function changes; ckc cannot save "
					   "that data yet (save() covers "
					   "whole structs); put the region "
					   "where that data no longer changes",
					   what, f->vars[i]->name);
			return 0;
		}
	}
	/* a pointer into a row of a 2-D array (double *r = M[i]): its
	 * offset from the rows' base cannot be recomputed yet */
	for (int i = 0; i < f->nvars; i++) {
		int b = c->v->base[i];
		if (!used[i] || b < 0 || b == i ||
		    f->vars[i]->type->kind != TY_PTR ||
		    f->vars[i]->type->base->kind == TY_ARRAY)
			continue;
		const Type *bt = f->vars[b]->type;
		if ((bt->kind == TY_PTR || bt->kind == TY_ARRAY) &&
		    bt->base->kind == TY_ARRAY) {
			diag_error(prag->loc,
				   "%s uses '%s', a pointer into a row of "
				   "'%s', which ckc cannot recompute yet; "
				   "index '%s[i][j]' in it instead",
				   what, f->vars[i]->name, f->vars[b]->name,
				   f->vars[b]->name);
			return 0;
		}
	}
	/* a struct pointer parameter comes to f_bwd without its values
	 * (the caller's own copy, for the integer members): a region must
	 * save what it reads there */
	for (int i = 0; i < f->nvars; i++) {
		if (!used[i] || f->vars[i]->kind != VAR_PARAM ||
		    f->vars[i]->type->kind != TY_PTR ||
		    !type_float_elem(f->vars[i]->type) || c->bmap[i] < 0 ||
		    adj_param_reached(c, i))
			continue;
		int named = 0;
		for (int k = 0; k < prag->u.ckpt.nsaves; k++)
			named |= prag->u.ckpt.saves[k]->var == i;
		/* (a section of read-only data is not saved: rg_save_sections) */
		if (named && f->vars[i]->type->base->is_const) {
			diag_error(prag->loc,
				   "%s reads data behind '%s', which the "
				   "reverse sweep of '%s' cannot reach, and "
				   "save() keeps no read-only data; drop the "
				   "const of '%s' (save() then keeps its "
				   "struct), or checkpoint in the caller",
				   what, f->vars[i]->name, f->name,
				   f->vars[i]->name);
			return 0;
		}
		if (!named) {
			diag_error(prag->loc,
				   "%s reads data behind '%s', which the "
				   "reverse sweep of '%s' cannot reach; "
				   "checkpoint in the caller%s",
				   what, f->vars[i]->name, f->name,
				   f->vars[i]->type->base->is_const
					   ? ""
					   : ", or name it in save()");
			return 0;
		}
	}
	for (int i = 0; i < f->nvars; i++) {
		/* (a pointer stepped off a buffer the body allocates,
		 * normalize.c's heap_stepped, is as local as the buffer) */
		int b = c->v->base[i];
		int hb = b >= 0 && f->vars[b]->joins ? b : rg_stepped_buf(f, i);
		/* (a stepped buffer the body allocates in turn: the reverse
		 * mode says why it cannot follow it) */
		if ((hb != i || f->vars[i]->joins) &&
		    stmt_find_decl(prag->u.ckpt.body, hb))
			continue;
		/* (integers too, which the region changes: a step's random
		 * state, a counter) */
		if (!used[i] || f->vars[i]->type->kind != TY_PTR ||
		    (!type_float_elem(f->vars[i]->type) &&
		     ((f->vars[i]->type->base->kind != TY_INT &&
		       f->vars[i]->type->base->kind != TY_STRUCT) ||
		      !rg_stores_through(prag->u.ckpt.body, i))) ||
		    !c->a->written[c->a->node[i]] ||
		    rg_heap_local(c, prag->u.ckpt.body, hb) ||
		    (prag->u.ckpt.binomial &&
		     prag->u.ckpt.body->kind == S_FOR &&
		     rg_heap_local(c, prag->u.ckpt.body->u.loop.body, hb)))
			continue;
		/* a pointer into a local array (or to a local) the snapshot
		 * holds */
		if (b >= 0 && b != i && used[b] &&
		    f->vars[b]->kind == VAR_LOCAL &&
		    f->vars[b]->type->kind != TY_PTR)
			continue;
		/* data changed only before prag starts */
		if (!rg_changed_from(c, prag, i, 1))
			continue;
		int named = 0;
		for (int k = 0; k < prag->u.ckpt.nsaves; k++)
			named |= c->a->node[prag->u.ckpt.saves[k]->var] ==
				 c->a->node[i];
		if (!named && f->vars[hb]->joins) {
			diag_error(prag->loc,
				   "%s uses the buffers of %s, which the "
				   "function changes; say how much of them "
				   "to save: save(%s)",
				   what, f->vars[hb]->joins,
				   f->vars[hb]->joins_save);
			return 0;
		}
		if (!named && b >= 0 && b != i &&
		    f->vars[b]->type->kind == TY_PTR) {
			/* (r may be declared in the region: name its base) */
			diag_error(prag->loc,
				   "%s uses data behind '%s', which points "
				   "into '%s', and the function changes it; "
				   "say how much of '%s' to save: "
				   "save(%s[lo:len])",
				   what, f->vars[i]->name, f->vars[b]->name,
				   f->vars[b]->name, f->vars[b]->name);
			return 0;
		}
		/* (a member of a local struct split into locals: save()
		 * cannot name it, and covers whole structs) */
		if (!named && f->vars[i]->member_of) {
			diag_error(prag->loc,
				   "%s uses data behind the pointer member "
				   "'%s', which the function changes; ckc "
				   "cannot save that data yet (save() covers "
				   "whole structs); put the region where that "
				   "data no longer changes",
				   what, f->vars[i]->member_of);
			return 0;
		}
		if (!named) {
			diag_error(prag->loc,
				   "%s uses data behind '%s' that the "
				   "function changes; say how much of "
				   "it to save: save(%s[lo:len])",
				   what, f->vars[i]->name, f->vars[i]->name);
			return 0;
		}
	}
	unsigned char *later = arena_alloc((size_t)prag->u.ckpt.nsaves + 1);
	for (int k = 0; k < prag->u.ckpt.nsaves; k++) {
		int v = prag->u.ckpt.saves[k]->var;
		/* (a local array the region uses: the snapshot holds it
		 * whole, or the region overwrites it whole before reading
		 * it, so its reads outside the section are covered; its
		 * stores not, as the section alone is kept around a
		 * recomputation) */
		later[k] = !(used[v] && f->vars[v]->kind == VAR_LOCAL &&
			     f->vars[v]->type->kind == TY_ARRAY) &&
			   rg_changed_from(c, prag, v, 0);
	}
	return rg_check_ranges(c, prag, later);
}

/* Does the region of prag never reach the data of its k-th save()
 * section: neither the section's variable nor any variable that may point
 * into the same data is used in it?  Such a section (a scratch array the
 * function fills elsewhere) needs no saving, and f_bwd may hold nothing
 * of it: a VLA the reverse sweep never reads is no buffer of f_bwd. */
static int rg_section_idle(const Adj *c, const Stmt *prag, int k)
{
	const Func *f = c->f;
	int v = prag->u.ckpt.saves[k]->var;
	if (f->vars[v]->kind != VAR_LOCAL)
		return 0;
	for (int i = 0; i < f->nvars; i++)
		if ((i == v || c->a->node[i] == c->a->node[v] ||
		     c->v->base[i] == v) &&
		    stmt_mentions(prag->u.ckpt.body, i))
			return 0;
	return 1;
}

/* Does the region of prag only store into the data of its k-th save()
 * section?  Every use of the section's variable, and of any variable that
 * may point into the same data, is the array of a store `p[i] = e` whose
 * index and value read none of them (a trajectory written a step at a
 * time, `traj[t] = u[3]`); no call gets them and no nested checkpoint
 * names them.  Nothing in the region reads that data, so it is dead on
 * entry: the snapshot leaves the section out.  The recomputation writes
 * the values the forward sweep wrote, and f's outputs in the section are
 * kept around it and put back after (rg_put_back). */
typedef struct RgStores {
	const Adj *c;
	int node, var;
	int uses, stores;
} RgStores;

static int rg_stores_in(const RgStores *r, int i)
{
	return i == r->var || r->c->a->node[i] == r->node ||
	       r->c->v->base[i] == r->var;
}

static void rg_stores_use(void *ctx, const Expr *e)
{
	RgStores *r = ctx;
	if (e->kind == E_VAR && rg_stores_in(r, e->u.var))
		r->uses++;
}

static void rg_stores_stmt(void *ctx, const Stmt *s)
{
	RgStores *r = ctx;
	if (s->kind == S_CHECKPOINT)
		for (int k = 0; k < s->u.ckpt.nsaves; k++)
			if (rg_stores_in(r, s->u.ckpt.saves[k]->var))
				r->uses++; /* (never matched by a store) */
	if (s->kind != S_ASSIGN || s->u.assign.op != A_SET)
		return;
	const Expr *l = s->u.assign.lhs;
	if (l->kind != E_INDEX || l->u.index.base->kind != E_VAR ||
	    !rg_stores_in(r, l->u.index.base->u.var))
		return;
	RgStores inner = *r;
	inner.uses = 0;
	ir_walk_expr(l->u.index.idx, rg_stores_use, &inner);
	ir_walk_expr(s->u.assign.rhs, rg_stores_use, &inner);
	if (!inner.uses)
		r->stores++;
}

static int rg_section_write_only(const Adj *c, const Stmt *prag, int k)
{
	const Func *f = c->f;
	int v = prag->u.ckpt.saves[k]->var;
	const Type *t = f->vars[v]->type;
	if (f->vars[v]->kind != VAR_PARAM || t->kind != TY_PTR ||
	    !type_float_elem((Type *)t) || c->rgscr[v] >= 0)
		return 0;
	RgStores r = { c, c->a->node[v], v, 0, 0 };
	ir_walk_stmt(prag->u.ckpt.body, rg_stores_use, &r);
	ir_visit_stmts(prag->u.ckpt.body, rg_stores_stmt, &r);
	return r.stores > 0 && r.uses == r.stores;
}

/* Saves (CK_SAVE) or loads (CK_LOAD) a checkpoint's state through the
 * snapshot variable sn: the variables used (f's in fwd, their copies in
 * bwd), then the save() sections, always in this order.  vars = 0: the
 * sections only (f's outputs, kept around a recomputation). */
static void rg_state_io(Adj *c, int in_bwd, int sn, const unsigned char *used,
			const Stmt *prag, int load, int vars, Stmt *out)
{
	const Func *f = c->f;
	Loc loc = prag->loc;
	Func *g = in_bwd ? c->bwd : c->fwd;
	for (int i = 0; vars && i < f->nvars; i++) {
		/* (a const table: f_bwd declares its own, adj_ctab_var; a
		 * static local is saved as any other, rg_pcopy) */
		if (!used[i] || c->ctab[i] ||
		    (f->vars[i]->type->kind == TY_PTR &&
		     f->vars[i]->kind == VAR_PARAM) ||
		    c->v->heap[i]) /* f_bwd holds its pointer (hptr_b) */
			continue;
		Expr *v;
		if (f->vars[i]->type->kind == TY_PTR) {
			/* a local pointer travels as its offset */
			if (in_bwd) {
				v = expr_var(c->bwd, adj_bvar(c, i, loc), loc);
			} else {
				int off = adj_local(c, c->fwd, "ck_off", adj_long());
				stmt_append(c->fdecls, stmt_decl(off, expr_int(0, loc),
								 loc));
				stmt_append(out, stmt_assign(A_SET,
							     expr_var(c->fwd, off, loc),
							     adj_fwd_saved(c, i, loc),
							     loc));
				v = expr_var(c->fwd, off, loc);
			}
		} else {
			v = in_bwd ? rg_var(c, i, loc) : expr_var(c->fwd, i, loc);
		}
		stmt_append(out, stmt_expr(S_EXPR,
					   adj_call(load ? "CK_LOAD" : "CK_SAVE",
						    adj_void(), expr_var(g, sn, loc), v),
					   loc));
	}
	for (int k = 0; k < prag->u.ckpt.nsaves; k++) {
		const SaveSection *sv = prag->u.ckpt.saves[k];
		const Type *st = f->vars[sv->var]->type;
		Expr *p, *len;
		/* read-only data (save(x[..]) of a const double *x): the
		 * region cannot change it, and it may be in read-only memory;
		 * a scratch buffer (rg_scratch_open) is no output of f; data
		 * the region only stores into is dead on entry to it */
		if ((st->kind == TY_PTR && st->base->is_const) ||
		    (!vars && c->rgscr[sv->var] >= 0) ||
		    rg_section_idle(c, prag, k) ||
		    (vars && rg_section_write_only(c, prag, k)))
			continue;
		if (in_bwd) {
			p = expr_binary(B_ADD, rg_var(c, sv->var, loc),
					rg_expr(c, sv->lo), NULL, loc);
			len = rg_expr(c, sv->len);
		} else {
			p = expr_binary(B_ADD, expr_var(c->fwd, sv->var, loc),
					expr_clone(sv->lo), NULL, loc);
			len = expr_clone(sv->len);
		}
		stmt_append(out, stmt_expr(S_EXPR,
					   expr_call_n(load ? "CK_LOAD_N" : "CK_SAVE_N",
						       adj_void(), loc,
						       expr_var(g, sn, loc), p, len),
					   loc));
	}
}

/* The end of a region's reverse sweep with save() sections: f's outputs
 * in them, kept in snapshot bo by the loads of back, are put back. */
static void rg_put_back(Adj *c, int bo, Stmt *back, Stmt *b, Loc loc)
{
	stmt_append(b, stmt_expr(S_EXPR,
				 adj_call("ck_snap_rewind", adj_void(),
					  expr_var(c->bwd, bo, loc), NULL),
				 loc));
	for (int i = 0; i < back->u.block.n; i++)
		stmt_append(b, back->u.block.items[i]);
	stmt_append(b, stmt_expr(S_EXPR,
				 adj_call("ck_snap_free", adj_void(),
					  expr_var(c->bwd, bo, loc), NULL),
				 loc));
}

/* ---- a region's recomputation in registers
 *
 * f_bwd recomputes a region with the tape and runs its reverse right
 * after.  When both are straight-line as far as the tape goes (every push
 * of the recomputation and every pop of the reverse is a statement of
 * nested blocks, not under an if, a loop or another statement, and
 * neither calls anything but math functions), the k values the
 * recomputation pushes are exactly the k the reverse pops, in the other
 * order.  They are kept in locals instead (ck_k = e for the push, v = ck_k
 * for the pop): the same values, so derivatives are bitwise the same, and
 * the region's reverse adds nothing to the tape. */

typedef struct RgRegs {
	const Adj *c;
	Stmt **push, **pop;
	int npush, npop;
	int bad;
} RgRegs;

/* An expression of the region may call math functions only. */
static void rg_regs_expr(RgRegs *r, const Expr *e)
{
	if (!expr_math_only(e))
		r->bad = 1;
}

static int rg_regs_tape(const RgRegs *r, const Expr *call)
{
	const Expr *t = call->u.call.args[0];
	return t->kind == E_VAR && t->u.var == r->c->bt;
}

/* Scans s; pushes are allowed in the recomputation (rev = 0), pops in the
 * reverse (rev = 1), both at block level only (top). */
static void rg_regs_scan(RgRegs *r, Stmt *s, int rev, int top)
{
	if (!s || r->bad)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int k = 0; k < s->u.block.n; k++)
			rg_regs_scan(r, s->u.block.items[k], rev, top);
		return;
	case S_EMPTY:
		return;
	case S_DECL:
		rg_regs_expr(r, s->u.decl.init);
		for (int k = 0; k < s->u.decl.ninits; k++)
			rg_regs_expr(r, s->u.decl.inits[k]);
		return;
	case S_EXPR: {
		const Expr *e = s->u.expr;
		if (top && !rev && ir_rt_call(e) == RT_PUSH_F &&
		    rg_regs_tape(r, e)) {
			rg_regs_expr(r, e->u.call.args[1]);
			arena_push((void ***)&r->push, &r->npush, s);
			return;
		}
		rg_regs_expr(r, e);
		return;
	}
	case S_ASSIGN: {
		const Expr *e = s->u.assign.rhs;
		if (top && rev && s->u.assign.op == A_SET &&
		    s->u.assign.lhs->kind == E_VAR && ir_rt_call(e) == RT_POP_F &&
		    rg_regs_tape(r, e)) {
			arena_push((void ***)&r->pop, &r->npop, s);
			return;
		}
		rg_regs_expr(r, s->u.assign.lhs);
		rg_regs_expr(r, e);
		return;
	}
	case S_IF:
		rg_regs_expr(r, s->u.ifs.cond);
		rg_regs_scan(r, s->u.ifs.then, rev, 0);
		rg_regs_scan(r, s->u.ifs.els, rev, 0);
		return;
	default:
		r->bad = 1;
		return;
	}
}

/* Keeps the values the recomputation fr pushes for the reverse br in
 * locals declared in decls; 1 when it did (and the tape is untouched). */
static int rg_registers(Adj *c, Stmt *fr, Stmt *br, Stmt *decls)
{
	RgRegs r = {0};
	r.c = c;
	rg_regs_scan(&r, fr, 0, 1);
	rg_regs_scan(&r, br, 1, 1);
	if (r.bad || r.npush != r.npop || !r.npush)
		return 0;
	for (int m = 0; m < r.npush; m++) {
		const Expr *push = r.push[m]->u.expr;
		const Expr *pop = r.pop[r.npop - 1 - m]->u.assign.rhs;
		int f = strcmp(push->u.call.name, "ck_push_f") == 0;
		if (f != (strcmp(pop->u.call.name, "ck_pop_f") == 0))
			return 0;
	}
	for (int m = 0; m < r.npush; m++) {
		Stmt *ps = r.push[m], *qs = r.pop[r.npop - 1 - m];
		Type *t = c->bwd->vars[qs->u.assign.lhs->u.var]->type;
		int k = adj_local(c, c->bwd, "ck_k", t);
		Loc loc = ps->loc;
		stmt_append(decls, stmt_decl(k, NULL, loc));
		Expr *v = ps->u.expr->u.call.args[1];
		*ps = *stmt_assign(A_SET, expr_var(c->bwd, k, loc), v, loc);
		qs->u.assign.rhs = expr_var(c->bwd, k, qs->loc);
	}
	return 1;
}

Stmt *adj_region(Adj *c, const Stmt *s, Stmt *fout)
{
	Loc loc = s->loc;
	const Func *f = c->f;
	unsigned char *used = arena_alloc((size_t)f->nvars + 1);
	if (!calls_check_rerun(c->p, s->u.ckpt.body, 0, loc,
			       "checkpoint region"))
		return NULL;
	if (!rg_used(s->u.ckpt.body, used, 0))
		return NULL;
	rg_used_bases(c, used);
	if (!rg_check_saves(c, used, s, "this ck_checkpoint region"))
		return NULL;
	/* what the snapshot holds: what R uses that is live on entry */
	const unsigned char *snap = rg_snapshot_vars(c, s->u.ckpt.body, used);

	/* f_fwd: save, push, run R as f does */
	int fs = adj_local(c, c->fwd, "ck_s", rg_snap_type());
	stmt_append(c->fdecls, stmt_decl(fs, NULL, loc));
	stmt_append(fout, stmt_assign(A_SET, expr_var(c->fwd, fs, loc),
				      adj_call("ck_snap_new", rg_snap_type(),
					       NULL, NULL),
				      loc));
	rg_state_io(c, 0, fs, snap, s, 0, 1, fout);
	stmt_append(fout, stmt_expr(S_EXPR,
				    adj_call("ck_push_p", adj_void(),
					     expr_var(c->fwd, c->ft, loc),
					     expr_var(c->fwd, fs, loc)),
				    loc));
	rg_primal(c, s->u.ckpt.body, fout);
	rg_heap_null(c, s->u.ckpt.body, fout, loc);

	/* R's forward and reverse sweeps, as without the pragma */
	Stmt *fr = stmt_block(loc);
	const Stmt *outer = c->region;
	c->in_region++;
	c->region = s->u.ckpt.body;
	Stmt *br = adj_stmt(c, s->u.ckpt.body, fr);
	c->region = outer;
	c->in_region--;

	/* f_bwd: pop, restore, recompute with the tape, reverse */
	Stmt *b = stmt_block(loc);
	int bs = adj_local(c, c->bwd, "ck_s", rg_snap_type());
	stmt_append(b, stmt_decl(bs, adj_call("ck_pop_p", rg_snap_type(),
					      expr_var(c->bwd, c->bt, loc), NULL),
				 loc));
	int bo = -1;
	if (s->u.ckpt.nsaves) {
		/* f's outputs in the saved sections, put back at the end */
		bo = adj_local(c, c->bwd, "ck_o", rg_snap_type());
		stmt_append(b, stmt_decl(bo, adj_call("ck_snap_new", rg_snap_type(),
						      NULL, NULL),
					 loc));
	}
	int ns = s->u.ckpt.nsaves;
	int *scr = arena_alloc(sizeof(int) * (size_t)(3 * ns + 1));
	int nscr = rg_scratch_open(c, s, b, scr, scr + ns, scr + 2 * ns);
	Stmt *loads = stmt_block(loc), *outs = stmt_block(loc),
	     *back = stmt_block(loc);
	stmt_append(loads, stmt_expr(S_EXPR,
				     adj_call("ck_snap_rewind", adj_void(),
					      expr_var(c->bwd, bs, loc), NULL),
				     loc));
	rg_state_io(c, 1, bs, snap, s, 1, 1, loads);
	if (bo >= 0) {
		rg_state_io(c, 1, bo, used, s, 0, 0, outs);
		rg_state_io(c, 1, bo, used, s, 1, 0, back);
	}
	for (int i = 0; i < outs->u.block.n; i++)
		stmt_append(b, outs->u.block.items[i]);
	for (int i = 0; i < loads->u.block.n; i++)
		stmt_append(b, loads->u.block.items[i]);
	stmt_append(b, stmt_expr(S_EXPR,
				 adj_call("ck_snap_free", adj_void(),
					  expr_var(c->bwd, bs, loc), NULL),
				 loc));
	stmt_append(b, stmt_expr(S_EXPR,
				 adj_call("ck_stats_add_recomputations", adj_void(),
					  expr_int(1, loc), NULL),
				 loc));
	Stmt *rec = stmt_block(loc), *regs = stmt_block(loc);
	for (int i = 0; i < fr->u.block.n; i++)
		stmt_append(rec, rg_stmt(c, fr->u.block.items[i]));
	int in_regs = rg_registers(c, rec, br, regs);
	for (int i = 0; i < regs->u.block.n; i++)
		stmt_append(b, regs->u.block.items[i]);
	for (int i = 0; i < rec->u.block.n; i++)
		stmt_append(b, rec->u.block.items[i]);
	rg_heap_shadows(c, s->u.ckpt.body, b, loc);
	/* with the values in registers, the tape is as the region found it,
	 * and the snapshots only shrank (an outputs snapshot ck_o grows them) */
	if (!in_regs || bo >= 0)
		stmt_append(b, stmt_expr(S_EXPR,
					 adj_call("ck_tape_note_peak", adj_void(),
						  expr_var(c->bwd, c->bt, loc),
						  NULL),
					 loc));
	if (!adj_empty(br))
		stmt_append(b, br);
	if (bo >= 0)
		rg_put_back(c, bo, back, b, loc);
	rg_scratch_close(c, nscr, scr, scr + ns, scr + 2 * ns, b, loc);
	return b;
}

/* ------------------------------------------------- binomial loops
 *
 * #pragma ck_checkpoint binomial(K) before a counted for loop: the loop's
 * steps are reversed on Revolve's schedule with at most K checkpoints of
 * the loop's state (the variables and save() sections the loop uses).
 * f_fwd runs the schedule's first sweep (untaped advances, checkpoints, the
 * last step taped); f_bwd runs the rest on its copies of the state.
 */

static int bn_fixed_pointers(Adj *c, const Stmt *body, const char *what);

static Expr *bn_act_is(Adj *c, Func *g, int act, int kind, Loc loc)
{
	(void)c;
	return expr_binary(B_EQ, expr_var(g, act, loc), expr_int(kind, loc), NULL,
			   loc);
}

/* if (act == kind) { then } else ... chain builder */
static Stmt *bn_if(Expr *cond, Stmt *then, Stmt *els)
{
	Stmt *s = stmt_new(S_IF, cond->loc);
	s->u.ifs.cond = cond;
	s->u.ifs.then = then;
	s->u.ifs.els = els;
	return s;
}

/* `name(v);` for a runtime function of one variable of g */
static Stmt *bn_call_stmt(const char *name, Func *g, int v, Loc loc)
{
	return stmt_expr(S_EXPR,
			 adj_call(name, adj_void(), expr_var(g, v, loc), NULL),
			 loc);
}

static Stmt *bn_block1(Stmt *s)
{
	Stmt *b = stmt_block(s->loc);
	stmt_append(b, s);
	return b;
}

/* Is the loop counted: its control (what init and inc assign, what cond
 * and inc read) untouched by the body, and no way out but the condition?
 * what: the clause ("binomial(K)"); quiet: say nothing, only answer
 * whether the loop is a counted for loop (a budget's choice between the
 * two schedules). */
static int bn_counted(Adj *c, const Stmt *loop, const Stmt *prag,
		      const char *what, int quiet)
{
	const Stmt *body = loop->u.loop.body;
	unsigned char *ctl = arena_alloc((size_t)c->f->nvars + 1);
	if (loop->kind != S_FOR || !loop->u.loop.cond || !loop->u.loop.inc) {
		if (!quiet)
			diag_error(prag->loc,
				   "%s needs a counted for loop "
				   "(init; condition; increment), with no "
				   "call of the file's functions in its "
				   "condition; a loop that may stop earlier "
				   "can take online(K)",
				   what);
		return 0;
	}
	rg_used_expr(loop->u.loop.cond, ctl);
	rg_used(loop->u.loop.inc, ctl, 1);
	for (int v = 0; v < c->f->nvars; v++) {
		if (!ctl[v])
			continue;
		const Stmt *w = adj_first_assign(body, v);
		if (w) {
			if (!quiet)
				diag_error(
					w->loc,
					"the body of this %s loop changes "
					"'%s', which controls the loop; the "
					"trip count must be fixed when the "
					"loop starts",
					what, c->f->vars[v]->name);
			return 0;
		}
	}
	unsigned char *used = arena_alloc((size_t)c->f->nvars + 1);
	SiteInfo *si = adj_site(c, loop);
	/* the loop's own sites: its breaks and continues, and any return */
	if (si->nsites) {
		if (!quiet)
			diag_error(prag->loc,
				   "a %s loop must not be left by "
				   "break, goto or return; its trip "
				   "count must be fixed when it starts",
				   what);
		return 0;
	}
	if (quiet)
		return 1;
	if (!rg_used(body, used, 1))
		return 0;
	return bn_fixed_pointers(c, body, what);
}

/* Does the body of a binomial or online loop leave every pointer of f it
 * uses where it was (it indexes from fixed pointers)? */
typedef struct BnDecl {
	unsigned char *declared;
} BnDecl;

static void bn_decl_visit(void *ctx, const Stmt *s)
{
	if (s->kind == S_DECL)
		((BnDecl *)ctx)->declared[s->u.decl.var] = 1;
}

static int bn_fixed_pointers(Adj *c, const Stmt *body, const char *what)
{
	unsigned char *used = arena_alloc((size_t)c->f->nvars + 1);
	rg_used(body, used, 1);
	/* a pointer the body declares starts afresh at every step */
	BnDecl d = { arena_alloc((size_t)c->f->nvars + 1) };
	ir_visit_stmts(body, bn_decl_visit, &d);
	for (int v = 0; v < c->f->nvars; v++) {
		if (!used[v] || c->f->vars[v]->type->kind != TY_PTR ||
		    c->f->vars[v]->kind == VAR_PARAM || d.declared[v])
			continue;
		const Stmt *w = adj_first_assign(body, v);
		if (w) {
			/* (a parameter the function moves is moved in its
			 * copy ck_x: name the parameter) */
			const char *n = c->f->vars[v]->name;
			int pv = strncmp(n, "ck_", 3) == 0
					 ? func_find_var(c->f, n + 3)
					 : -1;
			if (pv >= 0 && c->f->vars[pv]->kind == VAR_PARAM)
				n = n + 3;
			diag_error(w->loc,
				   "the body of this %s loop moves "
				   "the pointer '%s'; index from a fixed "
				   "pointer instead",
				   what, n);
			return 0;
		}
	}
	return 1;
}

/* A call of runtime function name with three arguments. */
static Expr *bn_call3(const char *name, Type *t, Expr *a, Expr *b, Expr *c)
{
	return expr_call_n(name, t, a->loc, a, b, c);
}

/* budget(BYTES) as a size_t argument. */
static Expr *bn_bytes(long long bytes, Loc loc)
{
	Type *t = type_new(TY_OTHER);
	t->name = "size_t";
	return expr_cast(t, expr_int(bytes, loc), loc);
}

/* The state a binomial or online loop's snapshot holds: what body,
 * condition and increment use, but what every step writes before reading
 * it (see regions' liveness, rg_snapshot_vars), a step being the body
 * then the increment.  NULL when data behind a pointer that the loop uses
 * is not in save() (reported; this_loop: "this binomial(K) loop"). */
static const unsigned char *bn_state(Adj *c, const Stmt *prag,
				     const char *this_loop)
{
	const Stmt *loop = prag->u.ckpt.body;
	unsigned char *used = arena_alloc((size_t)c->f->nvars + 1);
	rg_used(loop->u.loop.body, used, 1);
	rg_used(loop->u.loop.inc, used, 1);
	rg_used_expr(loop->u.loop.cond, used);
	rg_used_bases(c, used);
	if (!rg_check_saves(c, used, prag, this_loop))
		return NULL;
	adj_remat_kill_stmt(c, loop);
	Stmt *step = stmt_block(loop->loc);
	stmt_append(step, (Stmt *)loop->u.loop.body);
	if (loop->u.loop.inc)
		stmt_append(step, (Stmt *)loop->u.loop.inc);
	return rg_snapshot_vars(c, step, used);
}

/* A local of f_fwd, declared at its top. */
static int bn_fdecl(Adj *c, const char *base, Type *t, Expr *init, Loc loc)
{
	int v = adj_local(c, c->fwd, base, t);
	stmt_append(c->fdecls, stmt_decl(v, init, loc));
	return v;
}

/* The pieces of a binomial or online loop: init (its adjoint in *binit;
 * its forward sweep into fout), one step taped (its forward sweep into
 * fstep, its reverse in *brev) and one step as f runs it (pstep).  step is
 * the loop's body, or an online loop's one-step statement (online.c);
 * brk > 0: f's var brk - 1 says the step left the loop, which skips inc. */
static void bn_pieces(Adj *c, const Stmt *loop, const Stmt *step, int brk,
		      Stmt *fout, Stmt **binit, Stmt *fstep, Stmt **brev,
		      Stmt *pstep)
{
	Loc loc = loop->loc;
	/* init runs once, as in any loop */
	*binit = loop->u.loop.init ? adj_stmt(c, loop->u.loop.init, fout)
				   : NULL;
	c->loops++;
	c->in_region++;
	const Stmt *outer = c->region;
	c->region = loop->u.loop.body;
	Stmt *bbody = adj_stmt(c, step, fstep);
	c->region = outer;
	c->in_region--;
	Stmt *finc = fstep;
	if (brk && loop->u.loop.inc)
		finc = stmt_block(loc);
	Stmt *binc = NULL;
	if (loop->u.loop.inc)
		binc = loop->u.loop.inc->kind == S_BLOCK
			       ? adj_block(c, loop->u.loop.inc, finc)
			       : adj_stmt(c, loop->u.loop.inc, finc);
	c->loops--;
	adj_remat_kill_stmt(c, loop);
	/* a buffer the step allocates lives in one plain step; the one a
	 * taped step left (its reverse needs it, and its size for the
	 * shadow) stays where it was, also when a later instance of the
	 * loop (an outer loop's next pass) runs plain steps */
	Stmt *keep = stmt_block(loc);
	for (int v = 0; v < c->f->nvars; v++) {
		if (!rg_heap_local(c, step, v))
			continue;
		int hv[2] = { v, c->hbytes_f[v] };
		for (int k = 0; k < 2; k++) {
			int t = bn_fdecl(c, "ck_keep",
					 c->fwd->vars[hv[k]]->type, NULL, loc);
			stmt_append(pstep,
				    stmt_assign(A_SET,
						expr_var(c->fwd, t, loc),
						expr_var(c->fwd, hv[k], loc),
						loc));
			stmt_append(keep,
				    stmt_assign(A_SET,
						expr_var(c->fwd, hv[k], loc),
						expr_var(c->fwd, t, loc),
						loc));
		}
	}
	rg_primal(c, step, pstep);
	rg_heap_null(c, step, pstep, loc);
	for (int i = 0; i < keep->u.block.n; i++)
		stmt_append(pstep, keep->u.block.items[i]);
	Stmt *pinc = pstep;
	if (brk && loop->u.loop.inc)
		pinc = stmt_block(loc);
	if (loop->u.loop.inc)
		rg_primal(c, loop->u.loop.inc, pinc);
	*brev = stmt_block(loc);
	if (brk && loop->u.loop.inc) {
		/* if (!ck_brk) inc, in each sweep */
		Expr *go =
			expr_unary(U_NOT, expr_var(c->fwd, brk - 1, loc), loc);
		stmt_append(fstep, bn_if(go, finc, NULL));
		stmt_append(pstep, bn_if(expr_clone(go), pinc, NULL));
		/* f_bwd's ck_brk: as the taped step left it */
		Expr *bgo = expr_unary(
			U_NOT,
			expr_var(c->bwd, adj_bvar(c, brk - 1, loc), loc), loc);
		if (!adj_empty(binc))
			stmt_append(*brev, bn_if(bgo, binc, NULL));
	} else if (!adj_empty(binc)) {
		stmt_append(*brev, binc);
	}
	if (!adj_empty(bbody))
		stmt_append(*brev, bbody);
}

/* The schedule's dispatch as f_fwd would run it (f_fwd runs it for a
 * binomial loop; f_bwd runs its copy, with RESTORE and REVERSE, for
 * both kinds):
 *   act = next; if TAKESHOT {save} else if ADVANCE {untaped steps}
 *   else if TAPED {step; j++; break} else break */
static Stmt *bn_sched(Adj *c, const Stmt *prag, const unsigned char *used,
		      int frv, int fj, int fact, int fsn, Stmt *fstep,
		      Stmt *pstep)
{
	Loc loc = prag->loc;
	/* the state, saved (and loaded) in var order */
	Stmt *fsave = stmt_block(loc);
	stmt_append(fsave, stmt_assign(A_SET, expr_var(c->fwd, fsn, loc),
				       adj_call("ck_revolve_snap", rg_snap_type(),
						expr_var(c->fwd, frv, loc), NULL),
				       loc));
	rg_state_io(c, 0, fsn, used, prag, 0, 1, fsave);
	/* advance: untaped steps up to ck_revolve_step */
	Expr *target = adj_call("ck_revolve_step", adj_long(),
				expr_var(c->fwd, frv, loc), NULL);
	Stmt *fadv = stmt_block(loc);
	stmt_append(fadv, stmt_expr(S_EXPR,
				    adj_call("ck_stats_add_recomputations",
					     adj_void(),
					     expr_binary(B_SUB, target,
							 expr_var(c->fwd, fj, loc),
							 adj_long(), loc),
					     NULL),
				    loc));
	Stmt *adv = stmt_new(S_FOR, loc);
	adv->u.loop.cond = expr_binary(B_LT, expr_var(c->fwd, fj, loc),
				       expr_clone(target), NULL, loc);
	adv->u.loop.inc = stmt_assign(A_INC, expr_var(c->fwd, fj, loc), NULL, loc);
	adv->u.loop.body = pstep;
	stmt_append(fadv, adv);
	/* the last step, taped, ends the first sweep */
	Stmt *ftaped = stmt_block(loc);
	for (int i = 0; i < fstep->u.block.n; i++)
		stmt_append(ftaped, fstep->u.block.items[i]);
	stmt_append(ftaped, stmt_assign(A_INC, expr_var(c->fwd, fj, loc), NULL, loc));
	stmt_append(ftaped, stmt_new(S_BREAK, loc));
	Stmt *fsched = stmt_block(loc);
	stmt_append(fsched, stmt_assign(A_SET, expr_var(c->fwd, fact, loc),
					adj_call("ck_revolve_next", type_int(),
						 expr_var(c->fwd, frv, loc), NULL),
					loc));
	stmt_append(fsched,
		    bn_if(bn_act_is(c, c->fwd, fact, 0 /* CK_RV_TAKESHOT */, loc),
			  fsave,
			  bn_if(bn_act_is(c, c->fwd, fact, 2 /* CK_RV_ADVANCE */, loc),
				fadv,
				bn_if(bn_act_is(c, c->fwd, fact, 3 /* CK_RV_TAPED */, loc),
				      ftaped, bn_block1(stmt_new(S_BREAK, loc))))));
	return fsched;
}

static Type *bn_revolve_type(void)
{
	Type *rvt = type_ptr(type_new(TY_OTHER));
	rvt->base->name = "ck_revolve";
	return rvt;
}

/* f_bwd's part of a binomial or online loop: the schedule (f_fwd pushed
 * it) run to its end on f_bwd's copies of the state, from fsched (see
 * bn_sched) with RESTORE and REVERSE (brev) added. */
static Stmt *bn_reverse(Adj *c, const Stmt *prag, const unsigned char *used,
			int frv, int fj, int fact, int fsn, Stmt *fsched,
			Stmt *brev, Stmt *binit)
{
	const Stmt *loop = prag->u.ckpt.body;
	Loc loc = prag->loc;
	Type *rvt = bn_revolve_type();
	Stmt *b = stmt_block(loc);
	int brv = adj_local(c, c->bwd, "ck_rv", rvt);
	stmt_append(b, stmt_decl(brv, adj_call("ck_pop_p", rvt,
					       expr_var(c->bwd, c->bt, loc), NULL),
				 loc));
	int bo = -1;
	Stmt *back = stmt_block(loc);
	if (prag->u.ckpt.nsaves) {
		bo = adj_local(c, c->bwd, "ck_o", rg_snap_type());
		stmt_append(b, stmt_decl(bo, adj_call("ck_snap_new", rg_snap_type(),
						      NULL, NULL),
					 loc));
	}
	int ns = prag->u.ckpt.nsaves;
	int *scr = arena_alloc(sizeof(int) * (size_t)(3 * ns + 1));
	int nscr = rg_scratch_open(c, prag, b, scr, scr + ns, scr + 2 * ns);
	if (bo >= 0) {
		rg_state_io(c, 1, bo, used, prag, 0, 0, b);
		rg_state_io(c, 1, bo, used, prag, 1, 0, back);
	}
	int bact = adj_local(c, c->bwd, "ck_act", type_int());
	stmt_append(b, stmt_decl(bact, expr_int(0, loc), loc));
	/* the f_fwd pieces, moved onto f_bwd's copies */
	Stmt *bsched = rg_stmt(c, fsched);
	/* rg_stmt mapped fact and the rest to twins; rebuild the dispatch
	 * with RESTORE and REVERSE, which only f_bwd has */
	int tact = rg_twin(c, fact), tsn = rg_twin(c, fsn), tj = rg_twin(c, fj),
	    trv = rg_twin(c, frv);
	stmt_append(b, stmt_assign(A_SET, expr_var(c->bwd, trv, loc),
				   expr_var(c->bwd, brv, loc), loc));
	(void)bact;
	Stmt *bload = stmt_block(loc);
	stmt_append(bload, stmt_assign(A_SET, expr_var(c->bwd, tsn, loc),
				       adj_call("ck_revolve_snap", rg_snap_type(),
						expr_var(c->bwd, trv, loc), NULL),
				       loc));
	rg_state_io(c, 1, tsn, used, prag, 1, 1, bload);
	stmt_append(bload, stmt_assign(A_SET, expr_var(c->bwd, tj, loc),
				       adj_call("ck_revolve_step", adj_long(),
						expr_var(c->bwd, trv, loc), NULL),
				       loc));
	/* bsched: in f_bwd the taped step does not end the loop; RESTORE
	 * and REVERSE come first in the chain. */
	Stmt *chain = bsched->u.block.items[1];
	Stmt *taped_if = chain->u.ifs.els->u.ifs.els;
	Stmt *taped = taped_if->u.ifs.then;
	taped->u.block.n--; /* drop the break */
	/* the buffers of the step just taped get their shadows */
	rg_heap_shadows(c, loop->u.loop.body, taped, loc);
	/* an online loop tapes its first step here (a binomial loop in
	 * f_fwd, before f_b samples the peak): the peak of the tape is now */
	if (prag->u.ckpt.online || prag->u.ckpt.budget)
		stmt_append(taped, bn_call_stmt("ck_tape_note_peak", c->bwd,
						c->bt, loc));
	taped_if->u.ifs.els = bn_if(bn_act_is(c, c->bwd, tact, 4 /* REVERSE */, loc),
				    brev, bn_block1(stmt_new(S_BREAK, loc)));
	bsched->u.block.items[1] =
		bn_if(bn_act_is(c, c->bwd, tact, 1 /* RESTORE */, loc), bload,
		      bn_block1(chain));
	Stmt *bloop = stmt_new(S_FOR, loc);
	bloop->u.loop.body = bsched;
	stmt_append(b, bloop);
	stmt_append(b, bn_call_stmt("ck_revolve_free", c->bwd, trv, loc));
	if (bo >= 0)
		rg_put_back(c, bo, back, b, loc);
	rg_scratch_close(c, nscr, scr, scr + ns, scr + 2 * ns, b, loc);
	if (!adj_empty(binit))
		stmt_append(b, binit);
	return b;
}

/* f_fwd's declaration of a generated local; returns it. */

Stmt *adj_binomial(Adj *c, const Stmt *prag, Stmt *fout)
{
	const Stmt *loop = prag->u.ckpt.body;
	Loc loc = prag->loc;
	const Func *f = c->f;
	const char *what =
		prag->u.ckpt.budget ? "budget(BYTES)" : "binomial(K)";
	if (!bn_counted(c, loop, prag, what, 0))
		return NULL;
	if (!calls_check_rerun(c->p, loop, 1, loc,
			       prag->u.ckpt.budget ? "budget(BYTES) loop"
						   : "binomial(K) loop"))
		return NULL;
	const unsigned char *snap =
		bn_state(c, prag,
			 prag->u.ckpt.budget ? "this budget(BYTES) loop"
					     : "this binomial(K) loop");
	if (!snap)
		return NULL;

	/* the generated pieces: taped step and its reverse, untaped step */
	Stmt *binit, *brev, *fstep = stmt_block(loc), *pstep = stmt_block(loc);
	bn_pieces(c, loop, loop->u.loop.body, 0, fout, &binit, fstep, &brev,
		  pstep);

	Type *rvt = bn_revolve_type();
	/* ---- f_fwd */
	int frv = bn_fdecl(c, "ck_rv", rvt, NULL, loc);
	int fj = bn_fdecl(c, "ck_j", adj_long(), expr_int(0, loc), loc);
	int fl = bn_fdecl(c, "ck_l", adj_long(), expr_int(0, loc), loc);
	int fact = bn_fdecl(c, "ck_act", type_int(), expr_int(0, loc), loc);
	int fsn = bn_fdecl(c, "ck_sn", rg_snap_type(), NULL, loc);
	/* the trip count: the control alone, from copies of what inc moves */
	unsigned char *moved = arena_alloc((size_t)f->nvars + 1);
	for (int v = 0; v < f->nvars; v++)
		moved[v] = adj_first_assign(loop->u.loop.inc, v) != NULL;
	Stmt *restore_ctl = stmt_block(loc);
	for (int v = 0; v < f->nvars; v++) {
		if (!moved[v])
			continue;
		int tmp = bn_fdecl(c, "ck_i0", c->fwd->vars[v]->type,
				   expr_int(0, loc), loc);
		stmt_append(fout,
			    stmt_assign(A_SET, expr_var(c->fwd, tmp, loc),
					expr_var(c->fwd, v, loc), loc));
		stmt_append(restore_ctl,
			    stmt_assign(A_SET, expr_var(c->fwd, v, loc),
					expr_var(c->fwd, tmp, loc), loc));
	}
	Stmt *count = stmt_new(S_FOR, loc);
	count->u.loop.init = stmt_assign(A_SET, expr_var(c->fwd, fl, loc),
					 expr_int(0, loc), loc);
	count->u.loop.cond = expr_clone(loop->u.loop.cond);
	Stmt *cinc = stmt_block(loc);
	rg_primal(c, loop->u.loop.inc, cinc);
	count->u.loop.inc = cinc->u.block.items[0];
	if (count->u.loop.inc->kind == S_BLOCK &&
	    count->u.loop.inc->u.block.n == 1)
		count->u.loop.inc = count->u.loop.inc->u.block.items[0];
	count->u.loop.body = bn_block1(
		stmt_assign(A_INC, expr_var(c->fwd, fl, loc), NULL, loc));
	stmt_append(fout, count);
	for (int i = 0; i < restore_ctl->u.block.n; i++)
		stmt_append(fout, restore_ctl->u.block.items[i]);
	Expr *make = prag->u.ckpt.budget
			     ? adj_call("ck_revolve_budget", rvt,
					expr_var(c->fwd, fl, loc),
					bn_bytes(prag->u.ckpt.budget, loc))
		     : prag->u.ckpt.disk
			     ? bn_call3("ck_revolve_disk", rvt,
					expr_var(c->fwd, fl, loc),
					expr_int(prag->u.ckpt.binomial, loc),
					expr_int(prag->u.ckpt.disk, loc))
			     : adj_call("ck_revolve_new", rvt,
					expr_var(c->fwd, fl, loc),
					expr_int(prag->u.ckpt.binomial, loc));
	stmt_append(fout,
		    stmt_assign(A_SET, expr_var(c->fwd, frv, loc), make, loc));
	stmt_append(fout, stmt_assign(A_SET, expr_var(c->fwd, fj, loc),
				      expr_int(0, loc), loc));
	Stmt *fsched =
		bn_sched(c, prag, snap, frv, fj, fact, fsn, fstep, pstep);
	Stmt *floop = stmt_new(S_FOR, loc);
	floop->u.loop.body = fsched;
	stmt_append(fout, floop);
	stmt_append(fout, stmt_expr(S_EXPR,
				    adj_call("ck_push_p", adj_void(),
					     expr_var(c->fwd, c->ft, loc),
					     expr_var(c->fwd, frv, loc)),
				    loc));

	/* ---- f_bwd */
	return bn_reverse(c, prag, snap, frv, fj, fact, fsn, fsched, brev,
			  binit);
}

/* ------------------------------------------------- online loops
 *
 * #pragma ck_checkpoint online(K) before a loop whose trip count is not
 * known when it starts (and budget(BYTES) before one that is not a
 * counted for loop): f_fwd runs the loop as f does, asking the runtime at
 * the start of each step whether to save the state (ck_revolve_take
 * places at most K snapshots as the loop runs);
 * f_bwd then runs the reverse schedule (ck_revolve_next) as for a
 * binomial loop: the steps between two snapshots reversed by Revolve.
 *
 *   f_fwd:  init; rv = ck_revolve_online(K);
 *           for (;;) {
 *             if (!(cond)) break;              (not for a do loop)
 *             if (ck_revolve_take(rv)) save the state;
 *             [ck_brk = 0;] step [if (ck_brk) break;] inc
 *             if (!(cond)) break;              (a do loop)
 *           }
 *           ck_revolve_end(rv); push rv
 *
 * A step is the loop's body, or the do statement online.c made of it when
 * the body leaves the loop: the condition runs in f_fwd only, so it must
 * be free of calls that could change the state.
 */

/* Calls in the condition: only functions without effects. */
static int on_cond_ok(Adj *c, const Expr *e, Loc loc)
{
	if (!e)
		return 1;
	switch (e->kind) {
	case E_CALL: {
		CallKind k = calls_kind(c->p, e);
		if (k != CALL_RULE && k != CALL_PURE) {
			diag_error(
				e->loc,
				"the condition of an online(K) loop must "
				"not call '%s': it runs once per step in the "
				"first sweep only; set a flag at the end of "
				"the body instead (int done = 0; while "
				"(!done) { ...; done = %s(...); })",
				e->u.call.name, e->u.call.name);
			return 0;
		}
		for (int i = 0; i < e->u.call.nargs; i++)
			if (!on_cond_ok(c, e->u.call.args[i], loc))
				return 0;
		return 1;
	}
	case E_UNARY:
		return on_cond_ok(c, e->u.un.e, loc);
	case E_BINARY:
		return on_cond_ok(c, e->u.bin.l, loc) &&
		       on_cond_ok(c, e->u.bin.r, loc);
	case E_COND:
		return on_cond_ok(c, e->u.cond.c, loc) &&
		       on_cond_ok(c, e->u.cond.a, loc) &&
		       on_cond_ok(c, e->u.cond.b, loc);
	case E_INDEX:
		return on_cond_ok(c, e->u.index.base, loc) &&
		       on_cond_ok(c, e->u.index.idx, loc);
	case E_MEMBER:
		return on_cond_ok(c, e->u.mem.base, loc);
	case E_DEREF:
	case E_ADDR:
	case E_CAST:
		return on_cond_ok(c, e->u.e, loc);
	default:
		return 1;
	}
}

/* `if (!(cond)) break;` in f_fwd */
static Stmt *on_exit_unless(Adj *c, const Expr *cond, Loc loc)
{
	(void)c;
	return bn_if(expr_unary(U_NOT, expr_clone(cond), loc),
		     bn_block1(stmt_new(S_BREAK, loc)), NULL);
}

int adj_binomial_loop(Adj *c, const Stmt *prag)
{
	const Stmt *loop = prag->u.ckpt.body;
	return loop->kind == S_FOR &&
	       (prag->u.ckpt.binomial ||
		(prag->u.ckpt.budget &&
		 bn_counted(c, loop, prag, "budget(BYTES)", 1)));
}

Stmt *adj_online(Adj *c, const Stmt *prag, Stmt *fout)
{
	const Stmt *loop = prag->u.ckpt.body;
	Loc loc = prag->loc;
	const Func *f = c->f;
	long long budget = prag->u.ckpt.budget;
	if (budget && bn_counted(c, loop, prag, "budget(BYTES)", 1))
		return adj_binomial(c, prag, fout);
	const char *what = budget ? "budget(BYTES)" : "online(K)";
	int brk = prag->u.ckpt.brk;
	const Stmt *step =
		brk ? loop->u.loop.body->u.block.items[1] : loop->u.loop.body;
	if (!on_cond_ok(c, loop->u.loop.cond, loc))
		return NULL;
	if (!calls_check_rerun(c->p, loop, 1, loc,
			       budget ? "budget(BYTES) loop"
				      : "online(K) loop"))
		return NULL;
	unsigned char *seen = arena_alloc((size_t)f->nvars + 1);
	if (!rg_used(step, seen, 1) ||
	    !bn_fixed_pointers(c, loop->u.loop.body, what))
		return NULL;
	const unsigned char *snap = bn_state(c, prag,
					     budget ? "this budget(BYTES) loop"
						    : "this online(K) loop");
	if (!snap)
		return NULL;

	Stmt *binit, *brev, *fstep = stmt_block(loc), *pstep = stmt_block(loc);
	bn_pieces(c, loop, step, brk, fout, &binit, fstep, &brev, pstep);

	Type *rvt = bn_revolve_type();
	/* ---- f_fwd */
	int frv = bn_fdecl(c, "ck_rv", rvt, NULL, loc);
	int fj = bn_fdecl(c, "ck_j", adj_long(), expr_int(0, loc), loc);
	int fact = bn_fdecl(c, "ck_act", type_int(), expr_int(0, loc), loc);
	int fsn = bn_fdecl(c, "ck_sn", rg_snap_type(), NULL, loc);
	Expr *make =
		budget ? adj_call("ck_revolve_online_budget", rvt,
				  bn_bytes(budget, loc), NULL)
		: prag->u.ckpt.disk
			? adj_call("ck_revolve_online_disk", rvt,
				   expr_int(prag->u.ckpt.online, loc),
				   expr_int(prag->u.ckpt.disk, loc))
			: adj_call("ck_revolve_online", rvt,
				   expr_int(prag->u.ckpt.online, loc), NULL);
	stmt_append(fout,
		    stmt_assign(A_SET, expr_var(c->fwd, frv, loc), make, loc));
	/* the first sweep: the loop as f runs it, snapshots as the runtime
	 * places them */
	Stmt *run = stmt_block(loc);
	if (loop->kind != S_DO && loop->u.loop.cond)
		stmt_append(run, on_exit_unless(c, loop->u.loop.cond, loc));
	Stmt *take = stmt_block(loc);
	stmt_append(take,
		    stmt_assign(A_SET, expr_var(c->fwd, fsn, loc),
				adj_call("ck_revolve_snap", rg_snap_type(),
					 expr_var(c->fwd, frv, loc), NULL),
				loc));
	rg_state_io(c, 0, fsn, snap, prag, 0, 1, take);
	stmt_append(run, bn_if(adj_call("ck_revolve_take", type_int(),
					expr_var(c->fwd, frv, loc), NULL),
			       take, NULL));
	if (brk)
		stmt_append(run,
			    stmt_assign(A_SET, expr_var(c->fwd, brk - 1, loc),
					expr_int(0, loc), loc));
	Stmt *once = stmt_block(loc);
	rg_primal(c, step, once);
	rg_heap_null(c, step, once, loc);
	for (int i = 0; i < once->u.block.n; i++)
		stmt_append(run, once->u.block.items[i]);
	if (brk)
		stmt_append(run,
			    bn_if(expr_var(c->fwd, brk - 1, loc),
				  bn_block1(stmt_new(S_BREAK, loc)), NULL));
	if (loop->u.loop.inc)
		rg_primal(c, loop->u.loop.inc, run);
	if (loop->kind == S_DO)
		stmt_append(run, on_exit_unless(c, loop->u.loop.cond, loc));
	Stmt *first = stmt_new(S_FOR, loc);
	first->u.loop.body = run;
	stmt_append(fout, first);
	stmt_append(fout, bn_call_stmt("ck_revolve_end", c->fwd, frv, loc));
	stmt_append(fout, stmt_assign(A_SET, expr_var(c->fwd, fj, loc),
				      expr_int(0, loc), loc));
	stmt_append(fout, stmt_expr(S_EXPR,
				    adj_call("ck_push_p", adj_void(),
					     expr_var(c->fwd, c->ft, loc),
					     expr_var(c->fwd, frv, loc)),
				    loc));
	/* the reverse schedule, run by f_bwd only */
	Stmt *fsched =
		bn_sched(c, prag, snap, frv, fj, fact, fsn, fstep, pstep);
	return bn_reverse(c, prag, snap, frv, fj, fact, fsn, fsched, brev,
			  binit);
}
