/*
 * cse.c - math calls computed once per block in generated code.
 *
 * Generated code calls a math function again where a derivative needs
 * its value: the tangent of s = sin(t) is cos(t) * t_d, next to a primal
 * c = cos(t); a forward sweep computes sin(t) for a partial that a later
 * statement computes too.  C compilers keep every call, since math
 * functions may set errno.  This pass gives each such value one call:
 * a later call reads the variable the first call was assigned to
 * (c = cos(t); ... s_d = c * t_d), or a temporary ck_e declared just
 * before the statement of the first call.  The same function of the same
 * argument bits gives the same number, so every result is bitwise what it
 * was.
 *
 * The rule, for the statements of one block (a nested block, if or loop
 * is scanned on its own, and counts in the enclosing block as the stores
 * it makes):
 *   - a call of a math function of rules.def other than the cheap ones
 *     (fabs, fmin, fmax) matches an earlier call of the block with an
 *     equal argument expression while nothing that expression reads may
 *     have changed; a call on literals is left alone (the C compiler may
 *     fold it in f and not in a temporary, at -O0);
 *   - a store to a variable ends the matching of the calls that read it
 *     and of the call held in it; a store through memory (a[i], *p, s.f,
 *     a global, pop of an array) ends the calls that read memory or a
 *     variable whose address is taken; a call of any function but math
 *     and the tape's pushes and pops ends all of them;
 *   - a call under ?:, && or || may read an earlier call's value but is
 *     never the one computed first, since it does not always run.
 */
#include <string.h>

#include "ckc.h"

/* One value: the first call and where each equal call is. */
typedef struct CseVal {
	Expr *call;     /* a copy of the first call, as it was found */
	int first;      /* the item of the block holding the first call */
	int holder;     /* the variable the first statement stores it in, or -1 */
	int reads_mem;  /* its argument reads memory or an address-taken var */
	Expr **slots[8]; /* up to 8 places; an overflow starts a new value */
	int nslots;
	int done;
} CseVal;

typedef struct Cse {
	const Program *p;
	Func *g;
	unsigned char *addr_taken; /* per variable of g when the pass began */
	int nv0;
	CseVal **vals;             /* still matched, in the order found */
	int nvals;
	CseVal **all;              /* the block's values, in the order found */
	int nall;
	Inserts ins; /* the declarations of the block being scanned */
} Cse;

static void cse_block(Cse *k, Stmt *b);

/* Runtime calls that change no memory the program reads. */
static int cse_benign(const char *name)
{
	static const char *const ok[] = {
		"ck_push_d", "ck_push_f", "ck_push_i", "ck_push_b", "ck_push_p",
		"ck_push_nd", "ck_push_nf", "ck_pop_d", "ck_pop_f", "ck_pop_i",
		"ck_pop_b", "ck_pop_p", "ck_tape_get", "ck_tape_note_peak",
		"ck_stats_add_recomputations",
	};
	for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
		if (!strcmp(name, ok[i]))
			return 1;
	return 0;
}

/* A math.h call worth computing once (rules.def knows it). */
static int cse_math(const Expr *e)
{
	return rules_costly_call(e) && rules_find(e->u.call.name);
}

typedef struct CseScan {
	const Cse *k;
	int unknown; /* a call that may change memory */
	int mem;     /* reads memory or an address-taken variable */
} CseScan;

static int cse_taken(const Cse *k, int v)
{
	return v >= 0 && v < k->nv0 && k->addr_taken[v];
}

static void cse_scan_visit(void *ctx, const Expr *e)
{
	CseScan *s = ctx;
	switch (e->kind) {
	case E_CALL:
		if (e->u.call.fn >= 0 ||
		    (!rules_find(e->u.call.name) && !cse_benign(e->u.call.name)))
			s->unknown = 1;
		break;
	case E_INDEX: case E_DEREF: case E_MEMBER: case E_GLOBAL:
		s->mem = 1;
		break;
	case E_VAR:
		if (cse_taken(s->k, e->u.var))
			s->mem = 1;
		break;
	default:
		break;
	}
}

static CseScan cse_scan(const Cse *k, const Expr *e)
{
	CseScan s = { k, 0, 0 };
	if (e)
		ir_walk_expr(e, cse_scan_visit, &s);
	return s;
}

static void cse_addr_visit(void *ctx, const Expr *e)
{
	unsigned char *taken = ctx;
	if (e->kind == E_ADDR && e->u.e->kind == E_VAR)
		taken[e->u.e->u.var] = 1;
	/* an array decays to a pointer to its elements, which are memory */
}

/* No more calls match v. */
static void cse_close(CseVal *v)
{
	v->done = 1;
}

/* At the end of the block: the value's calls read one variable, the
 * holder or a temporary declared before the first call's statement.
 * Values are replaced in the order they were found, inner calls before
 * the calls around them, so a temporary's initializer reads the
 * variables of the calls inside it. */
static void cse_replace(Cse *k, CseVal *v)
{
	if (v->nslots < 2)
		return;
	Loc loc = v->call->loc;
	int var = v->holder;
	int from = 1;
	if (var < 0) {
		Type *t = type_with_const(v->call->type, 0);
		var = func_add_var(k->g, name_fresh(k->p, k->g, "ck_e"), t,
				   VAR_LOCAL, loc);
		inserts_add(&k->ins,
			    stmt_decl(var, expr_clone(*v->slots[0]), loc),
			    v->first);
		from = 0;
	}
	for (int i = from; i < v->nslots; i++)
		*v->slots[i] = expr_var(k->g, var, loc);
}

static void cse_finish_all(Cse *k)
{
	for (int i = 0; i < k->nvals; i++)
		cse_close(k->vals[i]);
	k->nvals = 0;
}

/* After a store to variable w (w >= 0) or through memory (w < 0). */
static void cse_store(Cse *k, int w)
{
	int n = 0;
	for (int i = 0; i < k->nvals; i++) {
		CseVal *v = k->vals[i];
		int hit = w >= 0 ? v->holder == w || expr_mentions(v->call, w) ||
					   (cse_taken(k, w) && v->reads_mem)
				 : v->reads_mem;
		if (hit)
			cse_close(v);
		else
			k->vals[n++] = v;
	}
	k->nvals = n;
}

/* A call found at *slot in item `item`, evaluated every time (cond 0) or
 * not. */
static CseVal *cse_call(Cse *k, Expr **slot, int item, int cond)
{
	for (int i = 0; i < k->nvals; i++) {
		CseVal *v = k->vals[i];
		if (v->nslots < 8 && expr_equal(v->call, *slot)) {
			v->slots[v->nslots++] = slot;
			return v;
		}
	}
	if (cond)
		return NULL;
	CseVal *v = ARENA_NEW(CseVal);
	v->call = expr_clone(*slot);
	v->first = item;
	v->holder = -1;
	v->reads_mem = cse_scan(k, *slot).mem;
	v->slots[v->nslots++] = slot;
	ARENA_PUSH(k->vals, k->nvals, v);
	ARENA_PUSH(k->all, k->nall, v);
	return v;
}

/* The calls of the expression at *slot, inner ones first. */
static void cse_expr(Cse *k, Expr **slot, int item, int cond)
{
	Expr *e = *slot;
	if (!e)
		return;
	switch (e->kind) {
	case E_UNARY:
		cse_expr(k, &e->u.un.e, item, cond);
		break;
	case E_BINARY:
		cse_expr(k, &e->u.bin.l, item, cond);
		cse_expr(k, &e->u.bin.r, item,
			 cond || e->u.bin.op == B_LAND || e->u.bin.op == B_LOR);
		break;
	case E_COND:
		cse_expr(k, &e->u.cond.c, item, cond);
		cse_expr(k, &e->u.cond.a, item, 1);
		cse_expr(k, &e->u.cond.b, item, 1);
		break;
	case E_CALL:
		for (int i = 0; i < e->u.call.nargs; i++)
			cse_expr(k, &e->u.call.args[i], item, cond);
		if (cse_math(e))
			cse_call(k, slot, item, cond);
		break;
	case E_INDEX:
		cse_expr(k, &e->u.index.base, item, cond);
		cse_expr(k, &e->u.index.idx, item, cond);
		break;
	case E_MEMBER:
		cse_expr(k, &e->u.mem.base, item, cond);
		break;
	case E_DEREF: case E_CAST:
		cse_expr(k, &e->u.e, item, cond);
		break;
	default:
		break;
	}
}

/* The variable an lvalue stores to, or -1 for memory. */
static int cse_target(const Expr *lhs)
{
	return lhs->kind == E_VAR ? lhs->u.var : -1;
}

/* The stores a statement (scanned on its own) makes, for the enclosing
 * block. */
static void cse_stores(Cse *k, const Stmt *s, int *unknown)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			cse_stores(k, s->u.block.items[i], unknown);
		break;
	case S_DECL:
		cse_store(k, s->u.decl.var);
		for (int i = 0; i < s->u.decl.ninits; i++)
			*unknown |= cse_scan(k, s->u.decl.inits[i]).unknown;
		*unknown |= cse_scan(k, s->u.decl.init).unknown;
		break;
	case S_ASSIGN:
		*unknown |= cse_scan(k, s->u.assign.rhs).unknown |
			    cse_scan(k, s->u.assign.lhs).unknown;
		cse_store(k, cse_target(s->u.assign.lhs));
		break;
	case S_EXPR: case S_RETURN:
		*unknown |= cse_scan(k, s->u.expr).unknown;
		break;
	case S_IF:
		*unknown |= cse_scan(k, s->u.ifs.cond).unknown;
		cse_stores(k, s->u.ifs.then, unknown);
		cse_stores(k, s->u.ifs.els, unknown);
		break;
	case S_FOR: case S_WHILE: case S_DO:
		*unknown |= cse_scan(k, s->u.loop.cond).unknown;
		cse_stores(k, s->u.loop.init, unknown);
		cse_stores(k, s->u.loop.inc, unknown);
		cse_stores(k, s->u.loop.body, unknown);
		break;
	case S_CHECKPOINT:
		cse_stores(k, s->u.ckpt.body, unknown);
		break;
	default:
		break;
	}
}

/* Item `item` of a block: a simple statement whose calls are matched,
 * or one scanned on its own. */
static void cse_item(Cse *k, Stmt *s, int item)
{
	Expr **rhs = NULL;
	int w = -2; /* the variable it stores to, -1 memory, -2 none */
	int set = 0; /* v = e or a declaration: v may hold a call's value */
	switch (s->kind) {
	case S_DECL:
		if (s->u.decl.ninits) {
			int unknown = 0;
			cse_stores(k, s, &unknown);
			if (unknown)
				cse_finish_all(k);
			return;
		}
		rhs = &s->u.decl.init;
		w = s->u.decl.var;
		set = 1;
		break;
	case S_ASSIGN:
		rhs = &s->u.assign.rhs;
		w = cse_target(s->u.assign.lhs);
		set = s->u.assign.op == A_SET;
		if (cse_scan(k, s->u.assign.lhs).unknown) {
			cse_finish_all(k);
			return;
		}
		break;
	case S_EXPR: case S_RETURN:
		rhs = &s->u.expr;
		break;
	default: {
		/* scanned on its own, then its stores */
		Cse inner = *k;
		inner.vals = NULL;
		inner.nvals = 0;
		inner.all = NULL;
		inner.nall = 0;
		memset(&inner.ins, 0, sizeof inner.ins);
		switch (s->kind) {
		case S_BLOCK:
			cse_block(&inner, s);
			break;
		case S_IF:
			cse_block(&inner, s->u.ifs.then);
			cse_block(&inner, s->u.ifs.els);
			break;
		case S_FOR: case S_WHILE: case S_DO:
			cse_block(&inner, s->u.loop.body);
			break;
		case S_CHECKPOINT:
			cse_block(&inner, s->u.ckpt.body);
			break;
		default:
			break;
		}
		int unknown = 0;
		cse_stores(k, s, &unknown);
		if (unknown)
			cse_finish_all(k);
		return;
	}
	}
	if (cse_scan(k, *rhs).unknown) {
		/* its calls may change what earlier calls read, in any order */
		cse_finish_all(k);
		if (w != -2)
			cse_store(k, w);
		return;
	}
	CseVal *top = NULL;
	if (set && *rhs && cse_math(*rhs)) {
		/* v = call: v may hold the value for later calls */
		int before = k->nvals;
		cse_expr(k, rhs, item, 0);
		if (k->nvals > before && k->vals[k->nvals - 1]->nslots == 1 &&
		    *k->vals[k->nvals - 1]->slots[0] == *rhs)
			top = k->vals[k->nvals - 1];
	} else {
		cse_expr(k, rhs, item, 0);
	}
	if (w == -2)
		return;
	cse_store(k, w);
	if (top && w >= 0 && !top->done && !cse_taken(k, w) &&
	    k->g->vars[w]->type->kind == top->call->type->kind &&
	    !expr_mentions(top->call, w))
		top->holder = w;
}

/* The end of a block's scan: every value replaced, in order. */
static void cse_end(Cse *k)
{
	cse_finish_all(k);
	for (int i = 0; i < k->nall; i++)
		cse_replace(k, k->all[i]);
	k->nall = 0;
}

/* The items of block b, and the declarations found for them. */
static void cse_block(Cse *k, Stmt *b)
{
	if (!b)
		return;
	if (b->kind != S_BLOCK) {
		/* a single statement as a branch or body */
		cse_item(k, b, 0);
		cse_end(k);
		if (k->ins.n) {
			Stmt *inner = stmt_new(b->kind, b->loc);
			*inner = *b;
			b->kind = S_BLOCK;
			b->u.block.items = NULL;
			b->u.block.n = 0;
			stmt_append(b, inner);
			inserts_apply(&k->ins, b);
		}
		return;
	}
	for (int i = 0; i < b->u.block.n; i++)
		cse_item(k, b->u.block.items[i], i);
	cse_end(k);
	inserts_apply(&k->ins, b);
}

void cse_calls(const Program *p, Func *g)
{
	Cse k;
	memset(&k, 0, sizeof k);
	k.p = p;
	k.g = g;
	k.nv0 = g->nvars;
	k.addr_taken = arena_alloc((size_t)g->nvars + 1);
	ir_walk_stmt(g->body, cse_addr_visit, k.addr_taken);
	cse_block(&k, g->body);
}
