/*
 * gather.c - reverse loops in gather form.
 *
 * The adjoint of a stencil or of a chain like Rosenbrock's scatters: the
 * reverse sweep's iteration i adds to x_b[i - 1], x_b[i] and x_b[i + 1],
 * so each iteration reads what the one before it stored, and the loop runs
 * at the speed of store-to-load forwarding, one element after the other.
 * This pass rewrites such a loop of f_bwd, after adjoint.c made it, so that
 * each element x_b[j] receives all its contributions in one place, from
 * the iterations i = j - c that add to x_b[i + c]; the new loop's
 * iterations are independent, and the C compiler can keep x_b[j] in a
 * register and vectorize.
 *
 * The loop, as adjoint.c writes a counted loop of f_bwd:
 *
 *   for (n = COUNT; n > 0; n--) { i--; BODY }
 *
 * is rewritten when BODY, blocks aside, holds only
 *   - declarations of scalar temporaries, and stores to them;
 *   - stores to scalar locals declared outside BODY ("carried", like the
 *     d_b of a `double d;` at the top of f), each ending BODY with an
 *     unconditional v = constant that nothing after it reads, so that
 *     every iteration but the first starts with that constant;
 *   - stores A[i + c] = e, A[i + c] += e, A[i + c] -= e into floating
 *     arrays A that are local arrays or restrict pointer parameters, with
 *     c an integer constant;
 * its expressions read only temporaries, variables BODY does not store,
 * i, elements of arrays, and math functions (rules.def), never through a
 * local pointer; and n does not appear in it.  An array BODY stores into
 * and also reads ("read-write", like the un_b[i] an iteration reads and
 * clears) must be accessed at a single offset c, every read before every
 * store, so that element i + c belongs to iteration i alone.  The others
 * ("accumulated", never read) take the gather form; one of them must get
 * two offsets closer than the trip count, or nothing is gained.  A branch
 * in BODY stops the gather form: computing each side's contributions
 * again under its condition measured slower than the loop.  So does a
 * gather form that would compute more than 1.4 times the loop's
 * operations, or call a math function once per offset (ga_too_costly).
 * Those loops are rotated instead where they can be (see "rotation"
 * below): the elements an iteration touches stay in registers.
 *
 * A loop of that form whose stored arrays are each accessed at one offset
 * and which carries no scalar has independent iterations: nothing one
 * iteration stores is touched by another.  The offset may also be an
 * integer expression X of scalars that BODY does not store (w_b[i * n +
 * j] in the loop over j, X = i * n), the same X for every access to that
 * array; such stores allow only this form.  It runs upwards instead,
 *
 *   n = COUNT; lo = n > 0 ? hi - n : hi;
 *   for (j = lo; j < hi; j++) { i = j; BODY }  i = lo;
 *
 * which the C compiler vectorizes without reversing each vector; the
 * results are bitwise those of the loop.  So does the loop the gather form
 * leaves with the read-write stores (below), when no scalar is carried.
 *
 * The iterations run i = hi - 1 down to lo (hi is i's value on entry).
 * The result is, in this order:
 *   - the gather loops over j: for each accumulated store, sorted by its
 *     offset c and then by its place in BODY, i = j - c, the temporaries
 *     it reads computed again (the stores to them that precede it), and
 *     the store itself, guarded by lo <= j - c < hi on the two edge loops
 *     and unguarded in the middle one.  A carried scalar is replaced there
 *     by a copy that starts at the scalar's value on entry to the loop
 *     when i = hi - 1, and at its constant otherwise;
 *   - the loop itself without its accumulated stores, when it has
 *     read-write ones (with the carried scalars' resets), from i = hi
 *     again; else i = lo, its value after the loop, and the carried
 *     scalars' constants when the loop ran.
 * The reads of read-write arrays all happen before their stores, so the
 * gather loops see the values the loop would have read.  Element j of an
 * accumulated array receives its contributions in the loop's own order
 * (the iteration j - c runs before j - c' when c < c', and within an
 * iteration the stores keep their order), so every floating operation is
 * the same and the results are bitwise those of the loop.  Restrict and
 * local arrays cannot overlap one another or what the loop reads through
 * other names, which makes the reordering across arrays safe.
 */
#include <stdlib.h>
#include <string.h>

#include "ckc.h"

/* What one loop's body does. */
typedef struct Gather {
	const Program *p;
	const Func *f;  /* the primal, for fresh names */
	Func *g;        /* f_bwd */
	int i, n;       /* the index and the count variable */
	Stmt **items;   /* BODY flattened: S_DECL and S_ASSIGN only */
	int nitems;
	/* per variable of g */
	unsigned char *temp;   /* declared in BODY */
	unsigned char *stored; /* a temporary or array BODY stores into */
	int *first_store;      /* item of the first store into an array */
	int *last_read;        /* item of the last read of an array, or -1 */
	long *off;             /* the offset every access used so far */
	unsigned char *seen;   /* an access to the array was seen */
	unsigned char *mixed;  /* accesses at different or unknown offsets */
	unsigned char *need;   /* temporaries the term being built reads */
	/* Scalars declared outside BODY that it stores into ("carried"):
	 * per variable, the item of its last store (an unconditional v = a
	 * constant, after which BODY does not read v), else -1; and in the
	 * gather loops, the local each term uses instead (its value on entry
	 * to the loop in the first iteration, the constant in the others) and
	 * the variable holding the value on entry. */
	int *carried, *copy, *entry;
	int pos;               /* item being scanned */
	int nv;                /* g's variables when the scan began */
	void *tables[16];      /* ga_form's tables, freed after it */
	int ntables;
	/* For the upward form: the offset X of the first access i + X to an
	 * array when X is not a constant, and whether the accesses used two
	 * offsets or one the pass cannot compare ("uneven"). */
	const Expr **symoff;
	unsigned char *uneven;
	int symstore;          /* a store at i + X */
	/* The loop is the reverse of an OpenMP loop (omp.c): the loops this
	 * pass makes have independent iterations, and run parallel. */
	const OmpLoop *cand;
	/* Scalars declared outside BODY that it only adds to, w_b += e and
	 * w_b -= e with e not reading w_b, and reads nowhere else (the
	 * adjoint of a weight every iteration reads): with cand, not carried
	 * but sums, which the parallel forms reduce (each thread into a
	 * partial of its own, joined in thread order: emit.c).  nonsum[v]:
	 * BODY stores v otherwise. */
	unsigned char *sum, *nonsum;
	int nsum;
} Gather;

/* Is idx i + c (also c + i, i - c, i) with c an integer literal? */
int index_offset(int i, const Expr *idx, long *c)
{
	if (idx->kind == E_VAR && idx->u.var == i) {
		*c = 0;
		return 1;
	}
	if (idx->kind != E_BINARY ||
	    (idx->u.bin.op != B_ADD && idx->u.bin.op != B_SUB))
		return 0;
	const Expr *l = idx->u.bin.l, *r = idx->u.bin.r;
	if (idx->u.bin.op == B_ADD && l->kind == E_NUM)
		l = idx->u.bin.r, r = idx->u.bin.l;
	if (l->kind != E_VAR || l->u.var != i || r->kind != E_NUM ||
	    !r->u.num.is_int || r->u.num.ival > 1L << 20 ||
	    r->u.num.ival < -(1L << 20))
		return 0;
	*c = idx->u.bin.op == B_ADD ? (long)r->u.num.ival
				    : -(long)r->u.num.ival;
	return 1;
}

/* X of an index i + X or X + i where X reads only scalars that are not
 * i, n or BODY's temporaries (whether BODY stores into them is checked
 * once BODY is scanned), else NULL. */
static const Expr *ga_sym_offset(const Gather *ga, const Expr *idx)
{
	if (idx->kind != E_BINARY || idx->u.bin.op != B_ADD)
		return NULL;
	const Expr *l = idx->u.bin.l, *r = idx->u.bin.r;
	if (r->kind == E_VAR && r->u.var == ga->i)
		return l;
	if (l->kind == E_VAR && l->u.var == ga->i)
		return r;
	return NULL;
}

/* Does X (an index offset) read only integer scalars BODY leaves alone? */
static int ga_invariant(const Gather *ga, const Expr *x)
{
	switch (x->kind) {
	case E_NUM:
		return x->u.num.is_int;
	case E_VAR:
		return x->u.var != ga->i && x->u.var != ga->n &&
		       x->u.var < ga->nv && !ga->temp[x->u.var] &&
		       !ga->stored[x->u.var] && x->type->kind == TY_INT;
	case E_UNARY:
		return x->u.un.op == U_NEG && ga_invariant(ga, x->u.un.e);
	case E_BINARY:
		return (x->u.bin.op == B_ADD || x->u.bin.op == B_SUB ||
			x->u.bin.op == B_MUL) &&
		       ga_invariant(ga, x->u.bin.l) &&
		       ga_invariant(ga, x->u.bin.r);
	case E_CAST:
		return x->type->kind == TY_INT && ga_invariant(ga, x->u.e);
	default:
		return 0;
	}
}

/* Records an access to array variable a at index idx. */
static void ga_access(Gather *ga, int a, const Expr *idx)
{
	long c;
	if (!index_offset(ga->i, idx, &c)) {
		const Expr *x = ga_sym_offset(ga, idx);
		ga->mixed[a] = 1;
		if (!x)
			ga->uneven[a] = 1;
		else if (!ga->seen[a])
			ga->symoff[a] = x;
		else if (!ga->symoff[a] || !expr_equal(ga->symoff[a], x))
			ga->uneven[a] = 1;
	} else if (!ga->seen[a]) {
		ga->off[a] = c;
	} else if (ga->off[a] != c || ga->symoff[a]) {
		ga->mixed[a] = 1;
		ga->uneven[a] = 1;
	}
	ga->seen[a] = 1;
}

/* Checks the reads of e; 0 when e does something the pass cannot move. */
static int ga_reads(Gather *ga, const Expr *e)
{
	if (!e)
		return 1;
	switch (e->kind) {
	case E_NUM:
		return 1;
	case E_VAR: {
		const Type *t = ga->g->vars[e->u.var]->type;
		return e->u.var != ga->n && t->kind != TY_ARRAY &&
		       t->kind != TY_PTR && t->kind != TY_STRUCT;
	}
	case E_GLOBAL: {
		const Type *t = e->type;
		return t->kind != TY_ARRAY && t->kind != TY_PTR &&
		       t->kind != TY_STRUCT;
	}
	case E_UNARY:
		return ga_reads(ga, e->u.un.e);
	case E_BINARY:
		return ga_reads(ga, e->u.bin.l) && ga_reads(ga, e->u.bin.r);
	case E_COND:
		return ga_reads(ga, e->u.cond.c) && ga_reads(ga, e->u.cond.a) &&
		       ga_reads(ga, e->u.cond.b);
	case E_CAST:
		return ga_reads(ga, e->u.e);
	case E_CALL:
		if (e->u.call.fn >= 0 || !rules_find(e->u.call.name))
			return 0;
		for (int k = 0; k < e->u.call.nargs; k++)
			if (!ga_reads(ga, e->u.call.args[k]))
				return 0;
		return 1;
	case E_INDEX: {
		const Expr *b = e->u.index.base;
		if (!ga_reads(ga, e->u.index.idx))
			return 0;
		if (b->kind == E_GLOBAL)
			return 1;
		if (b->kind != E_VAR)
			return 0;
		const Var *x = ga->g->vars[b->u.var];
		if (x->type->kind == TY_PTR && x->kind == VAR_LOCAL &&
		    !x->tape_block)
			return 0; /* may point into an array BODY stores into */
		if (x->type->kind != TY_PTR && x->type->kind != TY_ARRAY)
			return 0;
		ga_access(ga, b->u.var, e->u.index.idx);
		ga->last_read[b->u.var] = ga->pos;
		return 1;
	}
	default:
		return 0;
	}
}

int gather_store_target(const Func *g, int a)
{
	const Var *x = g->vars[a];
	if (x->type->kind == TY_ARRAY)
		return x->kind == VAR_LOCAL && type_is_float(x->type->base);
	return x->type->kind == TY_PTR && x->kind == VAR_PARAM &&
	       x->type->is_restrict && type_is_float(x->type->base);
}

static int ga_store_target(const Gather *ga, int a)
{
	return gather_store_target(ga->g, a);
}

/* Flattens BODY's blocks into ga->items; 0 when a statement is not a
 * declaration or a store. */
static int ga_flatten(Gather *ga, Stmt *s)
{
	switch (s->kind) {
	case S_BLOCK:
		for (int k = 0; k < s->u.block.n; k++)
			if (!ga_flatten(ga, s->u.block.items[k]))
				return 0;
		return 1;
	case S_EMPTY:
		return 1;
	case S_DECL:
	case S_ASSIGN:
		arena_push((void ***)&ga->items, &ga->nitems, s);
		return 1;
	default:
		return 0;
	}
}

/* Scans the flattened body: 0 when the loop is not of the pass's form. */
static int ga_scan(Gather *ga)
{
	for (ga->pos = 0; ga->pos < ga->nitems; ga->pos++) {
		Stmt *s = ga->items[ga->pos];
		if (s->kind == S_DECL) {
			int v = s->u.decl.var;
			TypeKind k = ga->g->vars[v]->type->kind;
			if (ga->temp[v] || v == ga->i || v == ga->n ||
			    k == TY_ARRAY || k == TY_STRUCT || s->u.decl.inits)
				return 0;
			ga->temp[v] = 1;
			if (!ga_reads(ga, s->u.decl.init))
				return 0;
			continue;
		}
		AssignOp op = s->u.assign.op;
		const Expr *lhs = s->u.assign.lhs;
		if (lhs->kind == E_VAR) {
			/* a temporary declared before, in BODY, or a scalar
			 * local declared outside it */
			int v = lhs->u.var;
			const Var *x = ga->g->vars[v];
			if (op == A_INC || op == A_DEC || v == ga->i || v == ga->n)
				return 0;
			if (!ga->temp[v]) {
				if (x->kind != VAR_LOCAL ||
				    (x->type->kind != TY_INT &&
				     !type_is_float(x->type)))
					return 0;
				ga->carried[v] = ga->pos;
				if ((op != A_ADD && op != A_SUB) ||
				    !type_is_float(x->type) ||
				    expr_mentions(s->u.assign.rhs, v))
					ga->nonsum[v] = 1;
			}
			ga->stored[lhs->u.var] = 1;
			if (!ga_reads(ga, s->u.assign.rhs))
				return 0;
			continue;
		}
		if (lhs->kind != E_INDEX || lhs->u.index.base->kind != E_VAR ||
		    (op != A_SET && op != A_ADD && op != A_SUB))
			return 0;
		int a = lhs->u.index.base->u.var;
		long c;
		if (!ga_store_target(ga, a) || !ga_reads(ga, s->u.assign.rhs))
			return 0;
		if (!index_offset(ga->i, lhs->u.index.idx, &c)) {
			/* i + X: the upward form only */
			if (!ga_sym_offset(ga, lhs->u.index.idx) ||
			    !ga_reads(ga, lhs->u.index.idx))
				return 0;
			ga->symstore = 1;
		}
		ga_access(ga, a, lhs->u.index.idx);
		if (!ga->stored[a])
			ga->first_store[a] = ga->pos;
		ga->stored[a] = 1;
	}
	return 1;
}

static void ga_mention_visit(void *ctx, const Expr *e)
{
	int *v = ctx;
	if (e->kind == E_VAR && e->u.var == v[0])
		v[1] = 1;
}

/* Does item k mention variable v (in its value or index)? */
static int ga_mentions(const Gather *ga, int k, int v)
{
	int m[2] = { v, 0 };
	const Stmt *s = ga->items[k];
	if (s->kind == S_DECL) {
		if (s->u.decl.init)
			ir_walk_expr(s->u.decl.init, ga_mention_visit, m);
	} else {
		if (s->u.assign.rhs)
			ir_walk_expr(s->u.assign.rhs, ga_mention_visit, m);
		if (s->u.assign.lhs->kind == E_INDEX)
			ir_walk_expr(s->u.assign.lhs, ga_mention_visit, m);
	}
	return m[1];
}

/* Makes sums of the carried scalars of an OpenMP loop's reverse that BODY
 * only adds to and reads nowhere else (see Gather). */
static void ga_sums(Gather *ga)
{
	if (!ga->cand)
		return;
	for (int v = 0; v < ga->nv; v++) {
		if (ga->carried[v] < 0 || ga->nonsum[v])
			continue;
		int read = 0;
		for (int k = 0; k < ga->nitems && !read; k++) {
			const Stmt *s = ga->items[k];
			if (s->kind == S_DECL)
				read = s->u.decl.init &&
				       expr_mentions(s->u.decl.init, v);
			else
				read = expr_mentions(s->u.assign.rhs, v) ||
				       (s->u.assign.lhs->kind != E_VAR &&
					expr_mentions(s->u.assign.lhs, v));
		}
		if (read)
			continue;
		ga->sum[v] = 1;
		ga->nsum++;
		ga->carried[v] = -1;
	}
}

/* reduction(+) of the sums on generated loop l */
static void ga_add_sums(const Gather *ga, Stmt *l)
{
	if (!l->u.loop.omp)
		return;
	for (int v = 0; v < ga->nv; v++)
		if (ga->sum[v])
			omp_add_sum(l->u.loop.omp, v, l->loc);
}

/* Every carried scalar ends BODY with an unconditional v = constant that
 * nothing after it reads, so each iteration but the first starts with
 * that constant.  (ga_scan left in carried[v] the item of the last store.) */
static int ga_carried_ok(const Gather *ga)
{
	for (int v = 0; v < ga->nv; v++) {
		int k = ga->carried[v];
		if (k < 0)
			continue;
		const Stmt *s = ga->items[k];
		if (s->u.assign.op != A_SET ||
		    s->u.assign.rhs->kind != E_NUM)
			return 0;
		for (int q = k + 1; q < ga->nitems; q++)
			if (ga_mentions(ga, q, v))
				return 0;
	}
	return 1;
}

/* Is item k a store into an accumulated array (one BODY never reads)? */
static int ga_accumulated(const Gather *ga, int k)
{
	const Stmt *s = ga->items[k];
	if (s->kind != S_ASSIGN || s->u.assign.lhs->kind != E_INDEX)
		return 0;
	return ga->last_read[s->u.assign.lhs->u.index.base->u.var] < 0;
}

static long ga_store_offset(const Gather *ga, int k)
{
	long c = 0;
	index_offset(ga->i, ga->items[k]->u.assign.lhs->u.index.idx, &c);
	return c;
}

/* Marks in need[] the temporaries e reads. */
static void ga_need_visit(void *ctx, const Expr *e)
{
	Gather *ga = ctx;
	if (e->kind == E_VAR &&
	    (ga->temp[e->u.var] || ga->carried[e->u.var] >= 0))
		ga->need[e->u.var] = 1;
}

static Stmt *ga_clone_store(const Stmt *s)
{
	return stmt_assign(s->u.assign.op, expr_clone(s->u.assign.lhs),
			   s->u.assign.rhs ? expr_clone(s->u.assign.rhs) : NULL,
			   s->loc);
}

/* The statements of BODY that the stores marked in root[] need, in order:
 * the declarations and stores of the temporaries they read, transitively,
 * and the stores themselves. */
static Stmt *ga_slice(Gather *ga, const unsigned char *root, Loc loc)
{
	memset(ga->need, 0, (size_t)ga->nv);
	unsigned char *take = arena_alloc((size_t)ga->nitems + 1);
	for (int q = ga->nitems - 1; q >= 0; q--) {
		const Stmt *s = ga->items[q];
		int v = s->kind == S_DECL ? s->u.decl.var
			: s->u.assign.lhs->kind == E_VAR ? s->u.assign.lhs->u.var
							: -1;
		if (root[q])
			take[q] = 1;
		else if (v >= 0 && ga->need[v])
			take[q] = 1;
		if (!take[q])
			continue;
		if (s->kind == S_DECL) {
			if (s->u.decl.init)
				ir_walk_expr(s->u.decl.init, ga_need_visit, ga);
		} else {
			ir_walk_expr(s->u.assign.rhs, ga_need_visit, ga);
		}
	}
	Stmt *b = stmt_block(loc);
	for (int q = 0; q < ga->nitems; q++) {
		if (!take[q])
			continue;
		const Stmt *s = ga->items[q];
		if (s->kind == S_DECL)
			stmt_append(b, stmt_decl(s->u.decl.var,
						 s->u.decl.init
						     ? expr_clone(s->u.decl.init)
						     : NULL,
						 s->loc));
		else
			stmt_append(b, ga_clone_store(s));
	}
	return b;
}

/* Accumulated store k with what it needs. */
static Stmt *ga_term(Gather *ga, int k, Loc loc)
{
	unsigned char *root = arena_alloc((size_t)ga->nitems + 1);
	root[k] = 1;
	return ga_slice(ga, root, loc);
}

static Expr *ga_var(Gather *ga, int v, Loc loc)
{
	return expr_var(ga->g, v, loc);
}

static Expr *ga_plus(Expr *a, long c, Loc loc)
{
	if (!c)
		return a;
	return expr_binary(c > 0 ? B_ADD : B_SUB, a, expr_int(c > 0 ? c : -c, loc),
			   a->type, loc);
}

static Type *ga_long(void)
{
	static Type t = { TY_INT, 0, "long", NULL, 0, NULL, 0, 0, NULL, NULL };
	return &t;
}

static int ga_local(Gather *ga, const char *base)
{
	return func_add_var(ga->g, name_fresh2(ga->p, ga->f, ga->g, base),
			    ga_long(), VAR_LOCAL, ga->g->loc);
}

/* The variable j of the loops over elements: an int when i is one, so that
 * i = j - c involves no conversion from long, which keeps clang from
 * seeing the index as a step of the loop (and from vectorizing it).  j
 * only takes values i + c that the loop computes, or that lie between
 * two of them; the edge loops' guards compute j - c in long. */
static int ga_element_var(Gather *ga)
{
	Type *it = ga->g->vars[ga->i]->type;
	if (strcmp(it->name, "int") != 0)
		return ga_local(ga, "ck_j");
	return func_add_var(ga->g, name_fresh2(ga->p, ga->f, ga->g, "ck_j"),
			    it, VAR_LOCAL, ga->g->loc);
}

/* j = from, converted when j is an int */
static Stmt *ga_start(Gather *ga, int j, int from, Loc loc)
{
	Expr *e = ga_var(ga, from, loc);
	if (ga->g->vars[j]->type != ga_long())
		e = expr_cast(ga->g->vars[j]->type, e, loc);
	return stmt_assign(A_SET, ga_var(ga, j, loc), e, loc);
}

/* for (j = from; j < to; j++) body */
static Stmt *ga_for(Gather *ga, int j, int from, int to, Stmt *body, Loc loc)
{
	Stmt *loop = stmt_new(S_FOR, loc);
	loop->u.loop.init = ga_start(ga, j, from, loc);
	loop->u.loop.cond = expr_binary(B_LT, ga_var(ga, j, loc),
					ga_var(ga, to, loc), type_int(), loc);
	loop->u.loop.inc = stmt_assign(A_INC, ga_var(ga, j, loc), NULL, loc);
	loop->u.loop.body = body;
	if (ga->cand)
		loop->u.loop.omp = omp_reverse(ga->cand, ga->i);
	ga_add_sums(ga, loop);
	return loop;
}

/* A carried scalar's copy in the gather loops, for expr_map. */
static Expr *ga_copy_of(void *ctx, Expr *e)
{
	Gather *ga = ctx;
	if (e->kind != E_VAR || ga->carried[e->u.var] < 0)
		return NULL;
	return expr_var(ga->g, ga->copy[e->u.var], e->loc);
}

enum { GA_MAX_FOLDS = 16 };

/* lo <= at < hi, in long */
static Expr *ga_in_range(Gather *ga, Expr *at, int lo, int hi, Loc loc)
{
	return expr_binary(
		B_LAND,
		expr_binary(B_GE, expr_clone(at), ga_var(ga, lo, loc),
			    type_int(), loc),
		expr_binary(B_LT, at, ga_var(ga, hi, loc), type_int(), loc),
		type_int(), loc);
}

/* The arrays of s's ZeroFolds (zeroed.c) that the gather form takes: each
 * has terms, and its clearing in the loop before, still x[...] = 0.0, is
 * taken out of g.  Called once the form is decided on, with offsets on
 * both sides of 0. */
static ZeroFold *ga_folds(Gather *ga, Stmt *s, const int *order, int nterms)
{
	ZeroFold *out = NULL;
	int nf = 0;
	for (ZeroFold *z = s->u.loop.zfold; z && nf < GA_MAX_FOLDS;
	     z = z->next) {
		int terms = 0;
		for (int t = 0; t < nterms; t++) {
			const Expr *l = ga->items[order[t]]->u.assign.lhs;
			terms |= l->u.index.base->u.var == z->x;
		}
		const Stmt *c = z->clear;
		if (!terms || c->kind != S_ASSIGN || c->u.assign.op != A_SET ||
		    c->u.assign.lhs->kind != E_INDEX ||
		    c->u.assign.lhs->u.index.base->kind != E_VAR ||
		    c->u.assign.lhs->u.index.base->u.var != z->x ||
		    c->u.assign.rhs->kind != E_NUM ||
		    c->u.assign.rhs->u.num.val != 0 ||
		    !zeroed_take(ga->g->body, c))
			continue;
		ZeroFold *f = ARENA_NEW(ZeroFold);
		nf++;
		*f = *z;
		f->next = out;
		out = f;
	}
	s->u.loop.zfold = NULL;
	return out;
}

/* The first term of each folded array in a middle loop's body stores. */
static void ga_fold_first(Stmt *term, const ZeroFold *fold,
			  unsigned char *done)
{
	Stmt *st = term->u.block.items[term->u.block.n - 1];
	const Expr *l = st->u.assign.lhs;
	int k = 0;
	for (const ZeroFold *z = fold; z; z = z->next, k++) {
		if (done[k] || l->u.index.base->u.var != z->x)
			continue;
		done[k] = 1;
		if (st->u.assign.op == A_SUB)
			st->u.assign.rhs =
				expr_unary(U_NEG, st->u.assign.rhs, st->loc);
		st->u.assign.op = A_SET;
	}
}

/* for (j = from; j < to; j++) { the terms, guarded when guard }; with
 * fold, the edge loops (guard) clear the folded arrays' elements j that
 * the loop before cleared, and the middle one stores their first terms */
static Stmt *ga_loop(Gather *ga, const int *order, int nterms, int j, int from,
		     int to, int lo, int hi, int guard, const ZeroFold *fold,
		     Loc loc)
{
	Stmt *body = stmt_block(loc);
	unsigned char done[GA_MAX_FOLDS] = { 0 };
	for (const ZeroFold *z = fold; z && guard; z = z->next) {
		Expr *jl = ga_var(ga, j, loc);
		if (ga->g->vars[j]->type != ga_long())
			jl = expr_cast(ga_long(), jl, loc);
		Stmt *ifs = stmt_new(S_IF, loc);
		ifs->u.ifs.cond = ga_in_range(ga, jl, lo, hi, loc);
		Type *et = ga->g->vars[z->x]->type->base;
		ifs->u.ifs.then =
			stmt_assign(A_SET,
				    expr_index(ga_var(ga, z->x, loc),
					       ga_var(ga, j, loc), loc),
				    expr_num(0.0, et, loc), loc);
		stmt_append(body, ifs);
	}
	for (int t = 0; t < nterms; t++) {
		int k = order[t];
		long c = ga_store_offset(ga, k);
		Stmt *term = ga_term(ga, k, loc);
		if (fold && !guard)
			ga_fold_first(term, fold, done);
		Expr *at = ga_plus(ga_var(ga, j, loc), -c, loc);
		Stmt *set = stmt_assign(A_SET, ga_var(ga, ga->i, loc),
					expr_cast(ga->g->vars[ga->i]->type,
						  expr_clone(at), loc),
					loc);
		/* the term's block starts with i = j - c, then the copies of
		 * the carried scalars it needs */
		Stmt *tb = stmt_block(loc);
		stmt_append(tb, set);
		for (int v = 0; v < ga->nv; v++) {
			if (ga->carried[v] < 0 || !ga->need[v])
				continue;
			const Expr *k0 = ga->items[ga->carried[v]]->u.assign.rhs;
			Expr *first = expr_binary(
			    B_EQ, ga_var(ga, ga->i, loc),
			    ga_plus(ga_var(ga, hi, loc), -1, loc), type_int(), loc);
			stmt_append(tb, stmt_decl(ga->copy[v],
						  expr_cond(first,
							    ga_var(ga, ga->entry[v], loc),
							    expr_clone(k0), loc),
						  loc));
		}
		for (int q = 0; q < term->u.block.n; q++) {
			stmt_map_exprs(term->u.block.items[q], ga_copy_of, ga);
			stmt_append(tb, term->u.block.items[q]);
		}
		if (guard) {
			/* in long: j - c need not be an index of the loop */
			Expr *jl = ga_var(ga, j, loc);
			if (ga->g->vars[j]->type != ga_long())
				jl = expr_cast(ga_long(), jl, loc);
			at = ga_plus(jl, -c, loc);
			Stmt *ifs = stmt_new(S_IF, loc);
			ifs->u.ifs.cond = ga_in_range(ga, at, lo, hi, loc);
			ifs->u.ifs.then = tb;
			tb = ifs;
		}
		stmt_append(body, tb);
	}
	return ga_for(ga, j, from, to, body, loc);
}

static void ga_call_visit(void *ctx, const Expr *e)
{
	if (e->kind == E_CALL)
		*(int *)ctx = 1;
}

/* Would the gather loops cost much more than the loop?  A term computes
 * again the temporaries it reads, so a math call in them runs once per
 * offset that needs it (terms at the same offset compute the same values,
 * which the C compiler shares): more than one such offset is refused.
 * And the terms together may hold at most 1.4 times the loop's operations
 * (arithmetic, calls, element reads): beyond that, computing the
 * contributions again costs more than vectorizing saves, and the loop is
 * better rotated (below).  Heat's stencil, which only reads un_b once
 * zeroed.c dropped its clearing, gathers at 1.4 times its operations and
 * runs faster gathered than rotated with gcc and clang (its gradient at
 * 2.4 against 3.8 times the primal with gcc).  Rosenbrock's chain, whose
 * terms compute 200 (t_b x) again, gathers at 1.38: faster than rotated
 * with clang (its gradient at 2.0 against 2.4 times the primal), slower
 * with gcc -O2, which does not vectorize it (2.8 against 2.6).  This also
 * bounds the output. */
enum { GA_GROWTH_TENTHS = 14, GA_MAX_ITEMS = 2000 };

static void ga_op_visit(void *ctx, const Expr *e)
{
	if (e->kind == E_BINARY || e->kind == E_UNARY || e->kind == E_CALL ||
	    e->kind == E_INDEX)
		++*(long *)ctx;
}

/* Operations (arithmetic, calls, element reads) in statement s. */
static long ga_ops(const Stmt *s)
{
	long n = 0;
	ir_walk_stmt(s, ga_op_visit, &n);
	return n;
}

static int ga_too_costly(Gather *ga, const int *order, int nterms)
{
	int with_calls = 0;
	long first = 0, ops = 0, body = 0;
	for (int k = 0; k < ga->nitems; k++)
		body += ga_ops(ga->items[k]);
	for (int t = 0; t < nterms; t++) {
		Stmt *b = ga_term(ga, order[t], ga->g->loc);
		int calls = 0;
		for (int q = 0; q < b->u.block.n; q++) {
			ops += ga_ops(b->u.block.items[q]);
			ir_walk_stmt(b->u.block.items[q], ga_call_visit, &calls);
		}
		if (10 * ops > (long)GA_GROWTH_TENTHS * body)
			return 1;
		if (!calls)
			continue;
		long c = ga_store_offset(ga, order[t]);
		if (with_calls && c != first)
			return 1;
		with_calls = 1;
		first = c;
	}
	return 0;
}

/* if (hi > lo) v = the constant of its last store: v's value after the
 * loop, which leaves it as it was when it runs no iteration. */
static Stmt *ga_carried_exit(Gather *ga, int v, int lo, int hi, Loc loc)
{
	const Stmt *last = ga->items[ga->carried[v]];
	Stmt *ifs = stmt_new(S_IF, loc);
	ifs->u.ifs.cond = expr_binary(B_GT, ga_var(ga, hi, loc),
				      ga_var(ga, lo, loc), type_int(), loc);
	ifs->u.ifs.then = ga_clone_store(last);
	return ifs;
}

/* qsort has no context argument: the loop being sorted. */
static const Gather *ga_sorting;

/* By offset, then by place in BODY. */
static int ga_cmp(const void *pa, const void *pb)
{
	int a = *(const int *)pa, b = *(const int *)pb;
	long ca = ga_store_offset(ga_sorting, a);
	long cb = ga_store_offset(ga_sorting, b);
	if (ca != cb)
		return ca < cb ? -1 : 1;
	return a - b;
}

/* Makes COUNT of counted loop s safe to read more than once, as the
 * gather form (lo, then the loop of the read-write stores) and rotation
 * (ck_ran, then the loop) do: when it calls anything but math functions
 * (f_bwd pops the trip count that f_fwd taped for a loop like
 * `i + 1 < n`, whose count adjoint.c does not compute), `T c = COUNT;`
 * is appended to out and s becomes for (n = c; ...).  What the forms put
 * between that declaration and s pops nothing (the gather form's BODY
 * has no pop; a rotation loads array elements), so the count is still
 * the first thing the loop takes off the tape. */
static void ga_count_once(const Program *p, const Func *f, Func *g, Stmt *s,
			  Stmt *out)
{
	Stmt *init = s->u.loop.init;
	if (expr_math_only(init->u.assign.rhs))
		return;
	Type *t = g->vars[init->u.assign.lhs->u.var]->type;
	int c = func_add_var(g, name_fresh2(p, f, g, "ck_cnt"), t, VAR_LOCAL,
			     s->loc);
	stmt_append(out, stmt_decl(c, init->u.assign.rhs, s->loc));
	init->u.assign.rhs = expr_var(g, c, s->loc);
}

/* Is s `for (n = COUNT; n > 0; n--) { i--; ... }`?  Sets n and i. */
int counted_loop_header(const Stmt *s, int *pn, int *pi)
{
	const Stmt *init = s->u.loop.init, *inc = s->u.loop.inc;
	const Stmt *body = s->u.loop.body;
	const Expr *cond = s->u.loop.cond;
	if (!init || !inc || !cond || init->kind != S_ASSIGN ||
	    init->u.assign.op != A_SET || init->u.assign.lhs->kind != E_VAR)
		return 0;
	int n = init->u.assign.lhs->u.var;
	if (cond->kind != E_BINARY || cond->u.bin.op != B_GT ||
	    cond->u.bin.l->kind != E_VAR || cond->u.bin.l->u.var != n ||
	    cond->u.bin.r->kind != E_NUM || cond->u.bin.r->u.num.val != 0 ||
	    inc->kind != S_ASSIGN || inc->u.assign.op != A_DEC ||
	    inc->u.assign.lhs->kind != E_VAR || inc->u.assign.lhs->u.var != n)
		return 0;
	if (body->kind != S_BLOCK || body->u.block.n < 2)
		return 0;
	const Stmt *first = body->u.block.items[0];
	if (first->kind != S_ASSIGN || first->u.assign.op != A_DEC ||
	    first->u.assign.lhs->kind != E_VAR ||
	    first->u.assign.lhs->u.var == n)
		return 0;
	*pn = n;
	*pi = first->u.assign.lhs->u.var;
	return 1;
}

/* Loop s in ascending order (see the top of the file), or NULL when its
 * iterations may not be independent: an array it stores into is accessed
 * at two offsets, or at one that may change in the loop, or it carries a
 * scalar from one iteration to the next.  s's body is { i--; BODY } and BODY
 * passed ga_scan; or, when rest, s is the loop that the gather form leaves
 * with the read-write stores, each at one offset. */
static Stmt *ga_ascending(Gather *ga, Stmt *s, int rest)
{
	for (int v = 0; v < ga->nv; v++) {
		if (ga->carried[v] >= 0)
			return NULL;
		if (rest || !ga->stored[v] || ga->temp[v])
			continue;
		if (ga->uneven[v] ||
		    (ga->symoff[v] && !ga_invariant(ga, ga->symoff[v])))
			return NULL;
	}
	Loc loc = s->loc;
	Stmt *body = s->u.loop.body;
	int n = ga->n;
	Type *it = ga->g->vars[ga->i]->type;
	int hi = ga_local(ga, "ck_hi"), lo = ga_local(ga, "ck_lo");
	int j = ga_element_var(ga);
	Stmt *out = stmt_block(loc);
	stmt_append(out, stmt_decl(hi, ga_var(ga, ga->i, loc), loc));
	stmt_append(out, s->u.loop.init);
	Expr *pos = expr_binary(B_GT, ga_var(ga, n, loc), expr_int(0, loc),
				type_int(), loc);
	Expr *from = expr_binary(B_SUB, ga_var(ga, hi, loc), ga_var(ga, n, loc),
				 ga_long(), loc);
	stmt_append(out, stmt_decl(lo, expr_cond(pos, from, ga_var(ga, hi, loc),
						 loc),
				   loc));
	stmt_append(out, stmt_decl(j, NULL, loc));
	Stmt *nb = stmt_block(body->loc);
	stmt_append(nb, stmt_assign(A_SET, ga_var(ga, ga->i, loc),
				    expr_cast(it, ga_var(ga, j, loc), loc), loc));
	for (int k = 1; k < body->u.block.n; k++)
		stmt_append(nb, body->u.block.items[k]);
	stmt_append(out, ga_for(ga, j, lo, hi, nb, loc));
	stmt_append(out, stmt_assign(A_SET, ga_var(ga, ga->i, loc),
				     expr_cast(it, ga_var(ga, lo, loc), loc),
				     loc));
	return out;
}

/* ------------------------------------------------------------ phases
 *
 * The reverse of an OpenMP loop (ga->cand) that the forms above do not
 * take still runs parallel when every access to an array BODY stores into
 * is at i + c, c a constant: iterations D apart never touch the same
 * element (D - 1 the widest span cmax - cmin of such an array), so phase p
 * runs the iterations q = p, p + D, ... in parallel:
 *
 *   hi = i; n = COUNT; e = v;                        (each carried v)
 *   for (ph = 0; ph < D; ph++)
 *       for (q = ph; q < n; q += D)                  parallel
 *           { i = hi - 1 - q; T v' = q ? K : e; BODY, v' for v }
 *   i = hi - n; if (n > 0) v = K;
 *
 * A carried scalar starts iteration q = 0 (i = hi - 1) with its value on
 * entry and every other with the constant K its last store gives it, as in
 * the loop.  Each element's sum takes its terms phase by phase: another
 * order than the loop's, the same at any thread count and in the serial
 * build. */

enum { GA_MAX_PHASES = 16 };

typedef struct GaSpan {
	Gather *ga;
	long *lo, *hi;
	unsigned char *seen;
	int bad;
} GaSpan;

static void ga_span_visit(void *ctx, const Expr *e)
{
	GaSpan *sp = ctx;
	Gather *ga = sp->ga;
	long c;
	if (e->kind != E_INDEX || e->u.index.base->kind != E_VAR)
		return;
	int a = e->u.index.base->u.var;
	if (!ga->stored[a] || ga->temp[a])
		return;
	if (!index_offset(ga->i, e->u.index.idx, &c)) {
		sp->bad = 1;
		return;
	}
	if (!sp->seen[a] || c < sp->lo[a])
		sp->lo[a] = c;
	if (!sp->seen[a] || c > sp->hi[a])
		sp->hi[a] = c;
	sp->seen[a] = 1;
}

static Stmt *ga_phases(Gather *ga, Stmt *s)
{
	if (!ga->cand || ga->symstore)
		return NULL;
	size_t nv = (size_t)ga->nv;
	GaSpan sp = { ga, arena_alloc(sizeof(long) * nv),
		      arena_alloc(sizeof(long) * nv), arena_alloc(nv), 0 };
	for (int k = 0; k < ga->nitems; k++)
		ir_walk_stmt(ga->items[k], ga_span_visit, &sp);
	if (sp.bad)
		return NULL;
	long d = 1;
	for (size_t v = 0; v < nv; v++)
		if (sp.seen[v] && sp.hi[v] - sp.lo[v] + 1 > d)
			d = sp.hi[v] - sp.lo[v] + 1;
	if (d > GA_MAX_PHASES)
		return NULL;
	Loc loc = s->loc;
	const Func *f = ga->f;
	Func *g = ga->g;
	int hi = ga_local(ga, "ck_hi"), ph = ga_local(ga, "ck_ph");
	int q = ga_local(ga, "ck_q");
	Stmt *out = stmt_block(loc);
	stmt_append(out, stmt_decl(hi, ga_var(ga, ga->i, loc), loc));
	stmt_append(out, s->u.loop.init);
	stmt_append(out, stmt_decl(ph, NULL, loc));
	stmt_append(out, stmt_decl(q, NULL, loc));
	Stmt *body = stmt_block(loc);
	/* the carried scalars: their copies */
	int *copy = arena_alloc(sizeof(int) * nv);
	for (size_t v = 0; v < nv; v++) {
		copy[v] = -1;
		if (ga->carried[v] < 0)
			continue;
		Type *t = g->vars[v]->type;
		const char *nm = g->vars[v]->name;
		int e = func_add_var(g, name_fresh2(ga->p, f, g, nm), t,
				     VAR_LOCAL, loc);
		copy[v] = func_add_var(g, name_fresh2(ga->p, f, g, nm), t,
				       VAR_LOCAL, loc);
		stmt_append(out, stmt_decl(e, ga_var(ga, (int)v, loc), loc));
		const Stmt *last = ga->items[ga->carried[v]];
		Expr *first = expr_binary(B_EQ, ga_var(ga, q, loc),
					  expr_int(0, loc), type_int(), loc);
		stmt_append(body,
			    stmt_decl(copy[v],
				      expr_cond(first, ga_var(ga, e, loc),
						expr_clone(last->u.assign.rhs),
						loc),
				      loc));
	}
	for (int k = 0; k < ga->nitems; k++) {
		const Stmt *it0 = ga->items[k];
		if (it0->kind != S_DECL && it0->kind != S_ASSIGN) {
			/* a branch (ga_phases_any: no carried scalar) */
			stmt_append(body, (Stmt *)it0);
			continue;
		}
		Stmt *c =
			it0->kind == S_DECL
				? stmt_decl(it0->u.decl.var,
					    it0->u.decl.init
						    ? expr_clone(
							      it0->u.decl.init)
						    : NULL,
					    it0->loc)
				: ga_clone_store(it0);
		for (size_t v = 0; v < nv; v++) {
			if (copy[v] < 0)
				continue;
			Expr *from = ga_var(ga, (int)v, loc);
			Expr *to = ga_var(ga, copy[v], loc);
			if (c->kind == S_DECL) {
				if (c->u.decl.init)
					c->u.decl.init = expr_replace(
						c->u.decl.init, from, to);
				continue;
			}
			c->u.assign.lhs =
				expr_replace(c->u.assign.lhs, from, to);
			if (c->u.assign.rhs)
				c->u.assign.rhs = expr_replace(c->u.assign.rhs,
							       from, to);
		}
		stmt_append(body, c);
	}
	ga_add_sums(ga, omp_phase_nest(g, ga->cand, ga->n, ga->i, hi, ph, q, d,
				       body, out, loc));
	/* the carried scalars' values after the loop */
	for (size_t v = 0; v < nv; v++) {
		if (copy[v] < 0)
			continue;
		Stmt *ifs = stmt_new(S_IF, loc);
		ifs->u.ifs.cond =
			expr_binary(B_GT, ga_var(ga, ga->n, loc),
				    expr_int(0, loc), type_int(), loc);
		ifs->u.ifs.then = ga_clone_store(ga->items[ga->carried[v]]);
		stmt_append(out, ifs);
	}
	return out;
}

/* The phases of an OpenMP loop's reverse whose BODY the forms above do not
 * take because it branches: with the same rule (every access to an array
 * BODY stores into at i + c), when BODY calls only math functions, stores
 * only such arrays and scalars it declares, and reads memory only through
 * arrays and tape blocks (no local pointer that could point into a stored
 * array). */

typedef struct GaAny {
	const Func *g;
	int i, n;
	unsigned char *inner;  /* declared in BODY */
	unsigned char *stored; /* an array BODY stores into */
	int bad;
} GaAny;

static void ga_any_stmt(GaAny *w, const Gather *ga, const Stmt *s)
{
	if (!s || w->bad)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int k = 0; k < s->u.block.n; k++)
			ga_any_stmt(w, ga, s->u.block.items[k]);
		return;
	case S_DECL:
		w->inner[s->u.decl.var] = 1;
		return;
	case S_ASSIGN: {
		const Expr *l = s->u.assign.lhs;
		if (l->kind == E_VAR) {
			if (!w->inner[l->u.var] || l->u.var == w->i)
				w->bad = 1;
		} else if (l->kind == E_INDEX && l->u.index.base->kind == E_VAR &&
			   ga_store_target(ga, l->u.index.base->u.var)) {
			w->stored[l->u.index.base->u.var] = 1;
		} else {
			w->bad = 1;
		}
		return;
	}
	case S_IF:
		ga_any_stmt(w, ga, s->u.ifs.then);
		ga_any_stmt(w, ga, s->u.ifs.els);
		return;
	case S_EMPTY:
		return;
	default: /* loops: their indices, and more offsets */
		w->bad = 1;
		return;
	}
}

static void ga_any_visit(void *ctx, const Expr *e)
{
	GaAny *w = ctx;
	if (e->kind == E_VAR && e->u.var == w->n)
		w->bad = 1;
	if (e->kind == E_DEREF)
		w->bad = 1;
	if (e->kind != E_INDEX || e->u.index.base->kind != E_VAR)
		return;
	const Var *x = w->g->vars[e->u.index.base->u.var];
	if (x->type->kind == TY_PTR && x->kind == VAR_LOCAL && !x->tape_block)
		w->bad = 1;
}

static Stmt *ga_phases_any(Gather *ga, Stmt *s)
{
	Stmt *body = s->u.loop.body;
	size_t nv = (size_t)ga->g->nvars;
	GaAny w = { ga->g, ga->i, ga->n, arena_alloc(nv), arena_alloc(nv), 0 };
	for (int k = 1; k < body->u.block.n; k++) {
		const Stmt *it = body->u.block.items[k];
		if (!omp_records_nothing(it))
			return NULL;
		ga_any_stmt(&w, ga, it);
		ir_walk_stmt(it, ga_any_visit, &w);
	}
	if (w.bad)
		return NULL;
	/* the spans of the stored arrays */
	ga->nv = ga->g->nvars;
	ga->stored = w.stored;
	ga->temp = arena_alloc(nv);
	ga->carried = arena_alloc(sizeof(int) * nv);
	ga->sum = arena_alloc(nv);
	for (size_t v = 0; v < nv; v++)
		ga->carried[v] = -1;
	ga->items = NULL;
	ga->nitems = 0;
	for (int k = 1; k < body->u.block.n; k++)
		arena_push((void ***)&ga->items, &ga->nitems,
			   body->u.block.items[k]);
	return ga_phases(ga, s);
}

/* ------------------------------------------------------ sums in memory
 *
 * In an OpenMP loop's reverse, the adjoint of a scalar parameter or of a
 * weight every iteration reads (*a_b += e, w_b[2] += e: an element at a
 * constant place of an adjoint parameter or a local array, that BODY
 * mentions nowhere else) adds up over all iterations.  Such an
 * element is summed in a local instead, which the parallel forms reduce
 * (a Gather sum), and added to the element after the loop:
 *
 *   double ck_sum = 0.0;  loop, with ck_sum += e;  *a_b += ck_sum;
 *
 * (another order of the sum than the serial loop's). */

static void ga_count_visit(void *ctx, const Expr *e)
{
	if (e->kind == E_VAR)
		((int *)ctx)[e->u.var]++;
}

/* *p or A[c] into a restrict adjoint parameter, a local array or the
 * adjoint of a parameter by value: its base. */
static int ga_sum_target(const Gather *ga, const Expr *lv)
{
	int b = -1;
	if (lv->kind == E_DEREF && lv->u.e->kind == E_VAR)
		b = lv->u.e->u.var;
	else if (lv->kind == E_INDEX && lv->u.index.base->kind == E_VAR &&
		 lv->u.index.idx->kind == E_NUM)
		b = lv->u.index.base->u.var;
	if (b < 0)
		return -1;
	/* the adjoint of a parameter by value: an output of f_b's caller */
	const Var *x = ga->g->vars[b];
	int out = x->kind == VAR_PARAM && x->is_adjoint &&
		  x->type->kind == TY_PTR && type_is_float(x->type->base);
	return out || ga_store_target(ga, b) ? b : -1;
}

static int ga_sum_store(const Gather *ga, const Stmt *s)
{
	if (s->kind != S_ASSIGN ||
	    (s->u.assign.op != A_ADD && s->u.assign.op != A_SUB))
		return -1;
	int b = ga_sum_target(ga, s->u.assign.lhs);
	return b >= 0 && !expr_mentions(s->u.assign.rhs, b) ? b : -1;
}

/* Rewrites the sums in memory of BODY's items (ga->items) into locals,
 * declared into *pre, added to their elements in *post. */
static void ga_mem_sums(Gather *ga, Loc loc, Stmt **pre, Stmt **post)
{
	Func *g = ga->g;
	size_t nv = (size_t)g->nvars;
	int *uses = arena_alloc(sizeof(int) * nv);
	int *sums = arena_alloc(sizeof(int) * nv);
	for (int k = 0; k < ga->nitems; k++) {
		ir_walk_stmt(ga->items[k], ga_count_visit, uses);
		int b = ga_sum_store(ga, ga->items[k]);
		if (b >= 0)
			sums[b]++;
	}
	const Expr **elems = NULL;
	int nelems = 0, *locals = NULL, nlocals = 0;
	for (int k = 0; k < ga->nitems; k++) {
		Stmt *st = ga->items[k];
		int b = ga_sum_store(ga, st);
		if (b < 0 || uses[b] != sums[b])
			continue;
		int e = 0;
		while (e < nelems && !expr_equal(elems[e], st->u.assign.lhs))
			e++;
		if (e == nelems) {
			const Expr *lv = st->u.assign.lhs;
			Type *t = type_with_const(lv->type, 0);
			int v = func_add_var(g, name_fresh2(ga->p, ga->f, g,
							    "ck_sum"),
					     t, VAR_LOCAL, loc);
			ARENA_PUSH(elems, nelems, (Expr *)lv);
			VEC_PUSH(locals, nlocals, v);
			if (!*pre) {
				*pre = stmt_block(loc);
				*post = stmt_block(loc);
			}
			stmt_append(*pre, stmt_decl(v, expr_num(0.0, t, loc), loc));
			stmt_append(*post,
				    stmt_assign(A_ADD, expr_clone(lv),
						expr_var(g, v, loc), loc));
		}
		st->u.assign.lhs = expr_var(g, locals[e], st->loc);
	}
}

static Stmt *rot_loop(const Program *p, const Func *f, Func *g, Stmt *s);
static Stmt *ga_try_form(const Program *p, const Func *f, Func *g, Stmt *s,
			 Stmt **pre, Stmt **post);

/* The rewrite of loop s (see the top of the file), or NULL. */
static Stmt *ga_try(const Program *p, const Func *f, Func *g, Stmt *s)
{
	Stmt *pre = NULL, *post = NULL;
	Stmt *r = ga_try_form(p, f, g, s, &pre, &post);
	if (!pre)
		return r;
	Stmt *b = stmt_block(s->loc);
	for (int k = 0; k < pre->u.block.n; k++)
		stmt_append(b, pre->u.block.items[k]);
	if (!r)
		r = rot_loop(p, f, g, s);
	stmt_append(b, r ? r : s);
	for (int k = 0; k < post->u.block.n; k++)
		stmt_append(b, post->u.block.items[k]);
	return b;
}

/* A table of one entry per variable for ga_try_form, on the heap: a
 * function of many loops would otherwise keep one set per loop. */
static void *ga_table(Gather *ga, size_t size)
{
	void *t = scratch_alloc(size);
	ck_assert(ga->ntables <
		  (int)(sizeof ga->tables / sizeof ga->tables[0]));
	ga->tables[ga->ntables++] = t;
	return t;
}

static Stmt *ga_form(Gather *ga, Stmt *s, Stmt **pre, Stmt **post);

/* ga_try's work; *pre and *post: the sums in memory (ga_mem_sums), when
 * it rewrote some, whatever it returns. */
static Stmt *ga_try_form(const Program *p, const Func *f, Func *g, Stmt *s,
			 Stmt **pre, Stmt **post)
{
	int n, index;
	if (!counted_loop_header(s, &n, &index))
		return NULL;
	Gather ga = {0};
	ga.n = n;
	ga.i = index;
	ga.p = p;
	ga.f = f;
	ga.g = g;
	Stmt *r = ga_form(&ga, s, pre, post);
	for (int k = 0; k < ga.ntables; k++)
		free(ga.tables[k]);
	return r;
}

static Stmt *ga_form(Gather *ga, Stmt *s, Stmt **pre, Stmt **post)
{
	const Program *p = ga->p;
	const Func *f = ga->f;
	Func *g = ga->g;
	Stmt *init = s->u.loop.init, *body = s->u.loop.body;
	if (s->u.loop.omp && s->u.loop.omp->cand)
		ga->cand = s->u.loop.omp;
	if (g->vars[ga->i]->type->kind != TY_INT || ga->i == ga->n)
		return NULL;
	for (int k = 1; k < body->u.block.n; k++)
		if (!ga_flatten(ga, body->u.block.items[k]) ||
		    ga->nitems > GA_MAX_ITEMS)
			return ga->cand ? ga_phases_any(ga, s) : NULL;
	if (ga->cand)
		ga_mem_sums(ga, s->loc, pre, post);
	size_t nv = (size_t)g->nvars;
	ga->nv = g->nvars;
	ga->temp = ga_table(ga, nv);
	ga->stored = ga_table(ga, nv);
	ga->seen = ga_table(ga, nv);
	ga->mixed = ga_table(ga, nv);
	ga->need = ga_table(ga, nv);
	ga->first_store = ga_table(ga, sizeof(int) * nv);
	ga->last_read = ga_table(ga, sizeof(int) * nv);
	ga->off = ga_table(ga, sizeof(long) * nv);
	ga->carried = ga_table(ga, sizeof(int) * nv);
	ga->symoff = ga_table(ga, sizeof(Expr *) * nv);
	ga->uneven = ga_table(ga, nv);
	ga->copy = ga_table(ga, sizeof(int) * nv);
	ga->entry = ga_table(ga, sizeof(int) * nv);
	ga->sum = ga_table(ga, nv);
	ga->nonsum = ga_table(ga, nv);
	for (size_t v = 0; v < nv; v++)
		ga->last_read[v] = ga->carried[v] = -1;
	if (!ga_scan(ga))
		return NULL;
	ga_sums(ga);
	if (!ga_carried_ok(ga))
		return NULL;
	Stmt *up = ga_ascending(ga, s, 0);
	if (up || ga->symstore)
		return up;
	/* the gather form computes each term where it adds it: no sums */
	if (ga->nsum)
		return ga_phases(ga, s);
	/* read-write arrays: one offset, every read before every store */
	for (size_t v = 0; v < nv; v++) {
		if (ga->last_read[v] < 0 || !ga->stored[v] || ga->temp[v])
			continue;
		if (ga->mixed[v] || ga->last_read[v] >= ga->first_store[v])
			return ga_phases(ga, s);
	}
	/* the accumulated stores, and whether one array has two offsets */
	int *order = arena_alloc(sizeof(int) * ((size_t)ga->nitems + 1));
	int nterms = 0, worth = 0;
	long cmin = 0, cmax = 0;
	for (int k = 0; k < ga->nitems; k++) {
		if (!ga_accumulated(ga, k))
			continue;
		long c = ga_store_offset(ga, k);
		if (!nterms || c < cmin)
			cmin = c;
		if (!nterms || c > cmax)
			cmax = c;
		order[nterms++] = k;
		if (ga->mixed[ga->items[k]->u.assign.lhs->u.index.base->u.var])
			worth = 1;
	}
	/* with a constant trip count, two iterations add to the same element
	 * only when two offsets into one array differ by less than it
	 * (w_b[i] and w_b[i + 4] over four iterations never meet) */
	long count;
	if (worth && ir_int_const(init->u.assign.rhs, &count)) {
		worth = 0;
		for (int a = 0; a < nterms; a++)
			for (int b = 0; b < nterms; b++) {
				const Expr *la =
					ga->items[order[a]]->u.assign.lhs;
				const Expr *lb =
					ga->items[order[b]]->u.assign.lhs;
				long d = ga_store_offset(ga, order[a]) -
					 ga_store_offset(ga, order[b]);
				if (la->u.index.base->u.var ==
					lb->u.index.base->u.var &&
				    d > 0 && d < count)
					worth = 1;
			}
	}
	if (!worth || ga_too_costly(ga, order, nterms))
		return ga_phases(ga, s);
	ga_sorting = ga;
	qsort(order, (size_t)nterms, sizeof(int), ga_cmp);
	ga_sorting = NULL;

	Loc loc = s->loc;
	int hi = ga_local(ga, "ck_hi"), lo = ga_local(ga, "ck_lo");
	int bot = ga_local(ga, "ck_bot"), mlo = ga_local(ga, "ck_mlo");
	int mhi = ga_local(ga, "ck_mhi"), top = ga_local(ga, "ck_top");
	int j = ga_element_var(ga);
	Stmt *out = stmt_block(loc);
	ga_count_once(p, f, g, s, out);
	stmt_append(out, stmt_decl(hi, ga_var(ga, ga->i, loc), loc));
	stmt_append(out, stmt_decl(lo,
				   expr_binary(B_SUB, ga_var(ga, hi, loc),
					       expr_clone(init->u.assign.rhs),
					       ga_long(), loc),
				   loc));
	stmt_append(
		out,
		stmt_decl(bot, ga_plus(ga_var(ga, lo, loc), cmin, loc), loc));
	stmt_append(
		out,
		stmt_decl(mlo, ga_plus(ga_var(ga, lo, loc), cmax, loc), loc));
	stmt_append(
		out,
		stmt_decl(mhi, ga_plus(ga_var(ga, hi, loc), cmin, loc), loc));
	stmt_append(
		out,
		stmt_decl(top, ga_plus(ga_var(ga, hi, loc), cmax, loc), loc));
	stmt_append(out, stmt_decl(j, NULL, loc));
	for (int v = 0; v < g->nvars && v < (int)nv; v++) {
		if (ga->carried[v] < 0)
			continue;
		Type *t = g->vars[v]->type;
		const char *nm = g->vars[v]->name;
		ga->entry[v] = func_add_var(g, name_fresh2(p, f, g, nm), t,
					    VAR_LOCAL, loc);
		ga->copy[v] = func_add_var(g, name_fresh2(p, f, g, nm), t,
					   VAR_LOCAL, loc);
		stmt_append(out,
			    stmt_decl(ga->entry[v], ga_var(ga, v, loc), loc));
	}
	/* a loop shorter than cmax - cmin has no middle part */
	Stmt *clamp = stmt_new(S_IF, loc);
	clamp->u.ifs.cond = expr_binary(B_GT, ga_var(ga, mlo, loc),
					ga_var(ga, mhi, loc), type_int(), loc);
	clamp->u.ifs.then = stmt_assign(A_SET, ga_var(ga, mlo, loc),
					ga_var(ga, mhi, loc), loc);
	stmt_append(out, clamp);
	/* every element of the middle loop is in [lo, hi) */
	ZeroFold *fold =
		cmin <= 0 && cmax >= 0 ? ga_folds(ga, s, order, nterms) : NULL;
	stmt_append(out, ga_loop(ga, order, nterms, j, bot, mlo, lo, hi, 1,
				 fold, loc));
	stmt_append(out, ga_loop(ga, order, nterms, j, mlo, mhi, lo, hi, 0,
				 fold, loc));
	stmt_append(out, ga_loop(ga, order, nterms, j, mhi, top, lo, hi, 1,
				 fold, loc));
	unsigned char *rw = arena_alloc((size_t)ga->nitems + 1);
	int anyrw = 0;
	for (int k = 0; k < ga->nitems; k++)
		if (ga->items[k]->kind == S_ASSIGN &&
		    ga->items[k]->u.assign.lhs->kind == E_INDEX &&
		    !ga_accumulated(ga, k))
			rw[k] = anyrw = 1;
	/* the carried scalars' resets run in every iteration of the rest */
	for (size_t v = 0; v < nv; v++)
		if (ga->carried[v] >= 0)
			rw[ga->carried[v]] = 1;
	if (anyrw) {
		/* the read-write stores and what they need, from i = hi again */
		stmt_append(out,
			    stmt_assign(A_SET, ga_var(ga, ga->i, loc),
					expr_cast(g->vars[ga->i]->type,
						  ga_var(ga, hi, loc), loc),
					loc));
		Stmt *nb = stmt_block(body->loc);
		stmt_append(nb, body->u.block.items[0]);
		stmt_append(nb, ga_slice(ga, rw, loc));
		s->u.loop.body = nb;
		up = ga_ascending(ga, s, 1);
		stmt_append(out, up ? up : s);
		return out;
	}
	stmt_append(out, stmt_assign(A_SET, ga_var(ga, ga->i, loc),
				     expr_cast(g->vars[ga->i]->type,
					       ga_var(ga, lo, loc), loc),
				     loc));
	/* the carried scalars' values after the loop */
	for (size_t v = 0; v < nv; v++)
		if (ga->carried[v] >= 0)
			stmt_append(out,
				    ga_carried_exit(ga, (int)v, lo, hi, loc));
	return out;
}

/* ------------------------------------------------------------ rotation
 *
 * A loop the gather form does not take (a branch, a pop, or too much to
 * compute again) still loses its chain of stores when the elements an
 * iteration touches stay in registers: with i going down, iteration i
 * touches A[i + cmin] .. A[i + cmax]; A[i + cmin] is new to the loop, and
 * after the iteration no later one touches A[i + cmax].  So
 *
 *   for (n = COUNT; n > 0; n--) {
 *       i--;
 *       r0 = A[i + cmin];
 *       BODY, with A[i + c] read and written as r(c - cmin);
 *       A[i + cmax] = rW; rW = r(W-1); ...; r1 = r0;
 *   }
 *
 * with r1 .. rW loaded before the loop from what its first iteration
 * touches (A[hi - 1 + cmin + k]) and stored back after it (A[lo + cmin +
 * k - 1]), when it runs.  Every operation is the same, on the same values,
 * in the same order: the results are bitwise those of the loop.
 *
 * Conditions, for each array A rotated: a local array or restrict pointer
 * parameter with floating elements, which BODY stores into; every mention
 * of A in f_bwd is an element A[...] or a call's argument (no pointer to
 * it is kept), in BODY an element A[i + c] with c constant, two offsets
 * or more and W = cmax - cmin <= ROT_MAX (closer than the trip count, when
 * it is a constant); BODY calls only math functions, the runtime and
 * functions of the program; each offset read or written in every
 * iteration (outside branches, loops and the conditional parts of
 * expressions), so that the loads and stores around the loop touch only
 * elements the loop touches (or, between them, elements of the same
 * array); BODY does not assign i or n, or leave the loop (break,
 * continue, return).
 */

enum { ROT_MAX = 8 };

typedef struct Rot {
	int i, n, a;        /* index, count variable, the array */
	int outside;        /* scanning f_bwd for pointers to a */
	long cmin, cmax;
	int nacc, bad;      /* accesses of a in BODY; a mention that stops it */
	int written;        /* BODY stores into a */
	/* by c + ROT_MAX: offset c used, and used in every iteration */
	unsigned char used[2 * ROT_MAX + 1], every[2 * ROT_MAX + 1];
} Rot;

static int rot_is_a(const Rot *r, const Expr *e)
{
	return e->kind == E_VAR && e->u.var == r->a;
}

/* An argument that hands a call a pointer into a and keeps none: a,
 * a + k, &a[k]. */
static int rot_pointer_arg(const Rot *r, const Expr *e)
{
	if (rot_is_a(r, e))
		return 1;
	if (e->kind == E_BINARY && (e->u.bin.op == B_ADD || e->u.bin.op == B_SUB))
		return rot_is_a(r, e->u.bin.l);
	return e->kind == E_ADDR && e->u.e->kind == E_INDEX &&
	       rot_is_a(r, e->u.e->u.index.base);
}

static void rot_expr(Rot *r, const Expr *e, int uncond);

static void rot_index(Rot *r, const Expr *e, int uncond)
{
	rot_expr(r, e->u.index.idx, uncond);
	if (!rot_is_a(r, e->u.index.base)) {
		rot_expr(r, e->u.index.base, uncond);
		return;
	}
	if (r->outside)
		return;
	long c;
	if (!index_offset(r->i, e->u.index.idx, &c) || c > ROT_MAX ||
	    c < -ROT_MAX) {
		r->bad = 1;
		return;
	}
	if (!r->nacc || c < r->cmin)
		r->cmin = c;
	if (!r->nacc || c > r->cmax)
		r->cmax = c;
	r->nacc++;
	r->used[c + ROT_MAX] = 1;
	if (uncond)
		r->every[c + ROT_MAX] = 1;
}

/* Scans e for mentions of r->a; uncond: e runs whenever its statement does. */
static void rot_expr(Rot *r, const Expr *e, int uncond)
{
	if (!e)
		return;
	switch (e->kind) {
	case E_VAR:
		if (rot_is_a(r, e))
			r->bad = 1; /* a pointer to it */
		return;
	case E_INDEX:
		rot_index(r, e, uncond);
		return;
	case E_ADDR:
		if (e->u.e->kind == E_INDEX && rot_is_a(r, e->u.e->u.index.base))
			r->bad = 1;
		rot_expr(r, e->u.e, uncond);
		return;
	case E_UNARY:
		rot_expr(r, e->u.un.e, uncond);
		return;
	case E_DEREF:
	case E_CAST:
		rot_expr(r, e->u.e, uncond);
		return;
	case E_BINARY:
		rot_expr(r, e->u.bin.l, uncond);
		rot_expr(r, e->u.bin.r,
			 uncond && e->u.bin.op != B_LAND && e->u.bin.op != B_LOR);
		return;
	case E_COND:
		rot_expr(r, e->u.cond.c, uncond);
		rot_expr(r, e->u.cond.a, 0);
		rot_expr(r, e->u.cond.b, 0);
		return;
	case E_CALL:
		/* in the loop, only calls that cannot reach a through a pointer
		 * kept from before: math functions, the runtime, and functions
		 * of the program (which see only their arguments) */
		if (!r->outside && e->u.call.fn < 0 &&
		    !rules_find(e->u.call.name) &&
		    strncmp(e->u.call.name, "ck_", 3) != 0)
			r->bad = 1;
		for (int k = 0; k < e->u.call.nargs; k++) {
			const Expr *x = e->u.call.args[k];
			/* outside the loop, a call may take a pointer into a */
			if (r->outside && rot_pointer_arg(r, x)) {
				if (x->kind == E_BINARY)
					rot_expr(r, x->u.bin.r, uncond);
				else if (x->kind == E_ADDR)
					rot_expr(r, x->u.e->u.index.idx, uncond);
				continue;
			}
			rot_expr(r, x, uncond);
		}
		return;
	case E_MEMBER:
		rot_expr(r, e->u.mem.base, uncond);
		return;
	default:
		return;
	}
}

/* Scans statement s of BODY, or of f_bwd when r->outside. */
static void rot_stmt(Rot *r, const Stmt *s, int uncond)
{
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int k = 0; k < s->u.block.n; k++)
			rot_stmt(r, s->u.block.items[k], uncond);
		return;
	case S_DECL:
		if (!r->outside && s->u.decl.var == r->i)
			r->bad = 1;
		rot_expr(r, s->u.decl.init, uncond);
		for (int k = 0; k < s->u.decl.ninits; k++)
			rot_expr(r, s->u.decl.inits[k], uncond);
		return;
	case S_ASSIGN:
		if (!r->outside && s->u.assign.lhs->kind == E_VAR &&
		    (s->u.assign.lhs->u.var == r->i ||
		     s->u.assign.lhs->u.var == r->n))
			r->bad = 1;
		if (s->u.assign.lhs->kind == E_INDEX &&
		    rot_is_a(r, s->u.assign.lhs->u.index.base))
			r->written = 1;
		rot_expr(r, s->u.assign.lhs, uncond);
		rot_expr(r, s->u.assign.rhs, uncond);
		return;
	case S_EXPR:
		rot_expr(r, s->u.expr, uncond);
		return;
	case S_RETURN:
	case S_BREAK:
	case S_CONTINUE:
		if (!r->outside)
			r->bad = 1;
		if (s->kind == S_RETURN)
			rot_expr(r, s->u.expr, uncond);
		return;
	case S_IF:
		rot_expr(r, s->u.ifs.cond, uncond);
		rot_stmt(r, s->u.ifs.then, 0);
		rot_stmt(r, s->u.ifs.els, 0);
		return;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		rot_stmt(r, s->u.loop.init, 0);
		rot_expr(r, s->u.loop.cond, 0);
		rot_stmt(r, s->u.loop.inc, 0);
		rot_stmt(r, s->u.loop.body, 0);
		return;
	case S_CHECKPOINT:
		r->bad = 1;
		return;
	default:
		return;
	}
}

/* What rot_register replaces: a[i + c] by reg[c - cmin]. */
typedef struct RotRegs {
	const Rot *r;
	Func *g;
	const int *reg;
} RotRegs;

static Expr *rot_register(void *ctx, Expr *e)
{
	const RotRegs *rr = ctx;
	long c = 0;
	if (e->kind != E_INDEX || !rot_is_a(rr->r, e->u.index.base))
		return NULL;
	index_offset(rr->r->i, e->u.index.idx, &c);
	return expr_var(rr->g, rr->reg[c - rr->r->cmin], e->loc);
}

/* a[i + off] */
static Expr *rot_elem(Func *g, int a, int i, long off, Loc loc)
{
	return expr_index(expr_var(g, a, loc),
			  ga_plus(expr_var(g, i, loc), off, loc), loc);
}

/* Rotates array a through loop s (see above): changes s in place and
 * returns the block that replaces it, or NULL (s unchanged). */
static Stmt *rot_try(const Program *p, const Func *f, Func *g, Stmt *s, int a)
{
	Rot r = {0};
	r.a = a;
	if (!counted_loop_header(s, &r.n, &r.i) ||
	    g->vars[r.i]->type->kind != TY_INT)
		return NULL;
	const Var *x = g->vars[a];
	int ok = x->type->kind == TY_ARRAY
		     ? x->kind == VAR_LOCAL && type_is_float(x->type->base)
		     : x->type->kind == TY_PTR && x->kind == VAR_PARAM &&
			   x->type->is_restrict && type_is_float(x->type->base);
	if (!ok)
		return NULL;
	Stmt *body = s->u.loop.body;
	for (int k = 1; k < body->u.block.n; k++)
		rot_stmt(&r, body->u.block.items[k], 1);
	long w = r.cmax - r.cmin;
	if (r.bad || !r.written || w < 1 || w > ROT_MAX)
		return NULL;
	long gap = w;
	for (long c = r.cmin; c <= r.cmax; c++) {
		if (r.used[c + ROT_MAX] && !r.every[c + ROT_MAX])
			return NULL;
		for (long d = c + 1; d <= r.cmax; d++)
			if (r.used[c + ROT_MAX] && r.used[d + ROT_MAX] && d - c < gap)
				gap = d - c;
	}
	/* a constant trip count no larger than the closest two offsets: no
	 * two iterations touch the same element */
	long count;
	if (ir_int_const(s->u.loop.init->u.assign.rhs, &count) && count <= gap)
		return NULL;
	Rot out = {0};
	out.a = a;
	out.outside = 1;
	rot_stmt(&out, g->body, 1);
	if (out.bad)
		return NULL;

	Loc loc = s->loc;
	int reg[ROT_MAX + 1];
	for (long k = 0; k <= w; k++)
		reg[k] = func_add_var(g, name_fresh2(p, f, g, "ck_r"), x->type->base,
				      VAR_LOCAL, loc);
	int ran = func_add_var(g, name_fresh2(p, f, g, "ck_ran"), type_int(),
			       VAR_LOCAL, loc);
	RotRegs rr = { &r, g, reg };
	for (int k = 1; k < body->u.block.n; k++)
		stmt_map_exprs(body->u.block.items[k], rot_register, &rr);
	Stmt *nb = stmt_block(body->loc);
	stmt_append(nb, body->u.block.items[0]); /* i-- */
	stmt_append(nb, stmt_assign(A_SET, expr_var(g, reg[0], loc),
				    rot_elem(g, a, r.i, r.cmin, loc), loc));
	for (int k = 1; k < body->u.block.n; k++)
		stmt_append(nb, body->u.block.items[k]);
	stmt_append(nb, stmt_assign(A_SET, rot_elem(g, a, r.i, r.cmax, loc),
				    expr_var(g, reg[w], loc), loc));
	for (long k = w; k >= 1; k--)
		stmt_append(nb, stmt_assign(A_SET, expr_var(g, reg[k], loc),
					    expr_var(g, reg[k - 1], loc), loc));
	s->u.loop.body = nb;

	Stmt *blk = stmt_block(loc);
	ga_count_once(p, f, g, s, blk);
	for (long k = 0; k <= w; k++)
		stmt_append(blk, stmt_decl_zero(g, reg[k], loc));
	stmt_append(blk, stmt_decl(ran,
				   expr_binary(B_GT,
					       expr_clone(s->u.loop.init->u.assign.rhs),
					       expr_int(0, loc), type_int(), loc),
				   loc));
	/* before: what the first iteration (i = hi - 1) touches above
	 * a[i + cmin]; after: what the last one (i = lo) left below
	 * a[i + cmax] */
	Stmt *pre = stmt_block(loc), *post = stmt_block(loc);
	for (long k = 1; k <= w; k++) {
		stmt_append(pre, stmt_assign(A_SET, expr_var(g, reg[k], loc),
					     rot_elem(g, a, r.i, r.cmin + k - 1, loc),
					     loc));
		stmt_append(post, stmt_assign(A_SET,
					      rot_elem(g, a, r.i, r.cmin + k - 1, loc),
					      expr_var(g, reg[k], loc), loc));
	}
	Stmt *ifpre = stmt_new(S_IF, loc), *ifpost = stmt_new(S_IF, loc);
	ifpre->u.ifs.cond = expr_var(g, ran, loc);
	ifpre->u.ifs.then = pre;
	ifpost->u.ifs.cond = expr_var(g, ran, loc);
	ifpost->u.ifs.then = post;
	stmt_append(blk, ifpre);
	stmt_append(blk, s);
	stmt_append(blk, ifpost);
	return blk;
}

/* Rotates each array the loop's iterations scatter into (see above).
 * Each rotation wraps the loop in a block of its own loads and stores;
 * the next one replaces the loop inside the last block. */
static void rot_mention(void *ctx, const Expr *e)
{
	unsigned char *m = ctx;
	if (e->kind == E_VAR)
		m[e->u.var] = 1;
}

static Stmt *rot_loop(const Program *p, const Func *f, Func *g, Stmt *s)
{
	Stmt *res = NULL, *holder = NULL;
	/* (only the arrays the loop mentions: a long function has many
	 * loops and many arrays) */
	int nv = g->nvars;
	unsigned char *m = scratch_alloc((size_t)nv + 1);
	ir_walk_stmt(s->u.loop.body, rot_mention, m);
	for (int a = 0; a < nv; a++) {
		if (!m[a])
			continue;
		Stmt *b = rot_try(p, f, g, s, a);
		if (!b)
			continue;
		if (holder) {
			for (int k = 0; k < holder->u.block.n; k++)
				if (holder->u.block.items[k] == s)
					holder->u.block.items[k] = b;
		} else {
			res = b;
		}
		holder = b;
	}
	free(m);
	return res;
}

typedef struct GaWalk {
	const Program *p;
	const Func *f;
	Func *g;
} GaWalk;

static Stmt *ga_walk_try(void *ctx, Stmt *loop)
{
	GaWalk *w = ctx;
	Stmt *r = ga_try(w->p, w->f, w->g, loop);
	return r ? r : rot_loop(w->p, w->f, w->g, loop);
}

static int ga_enabled = 1;

void gather_set_enabled(int on)
{
	ga_enabled = on;
}

void gather_loops(const Program *p, const Func *f, Func *g)
{
	GaWalk w = { p, f, g };
	if (ga_enabled)
		ir_rewrite_loops(g->body, ga_walk_try, &w, 1);
}
