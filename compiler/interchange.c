/*
 * interchange.c - reverse loop nests that accumulate, turned inside out.
 *
 * The adjoint of a loop over points whose inner loop reads a table by a
 * second index, as a skinned model reads each bone's transform for each
 * vertex,
 *
 *   for (v ...) { p = 0; for (b ...) p += w[v][b] * (T[b] x[v]); ... }
 *
 * scatters into the table's adjoint: the reverse sweep's vertex v adds to
 * every element of T_b, so T_b makes a round trip through memory once per
 * vertex and bone.  Taken with the bone outside, the elements of one bone
 * stay in registers across all vertices, as the primal keeps p.  This pass
 * rewrites such a nest of f_bwd, after adjoint.c made it and before gather.c
 * rewrites its loops:
 *
 *   for (n = COUNT; n > 0; n--) {
 *       v--;
 *       { D  S1  { [long m;] b = E0; for (m = C; m > 0; m--) { b--; BODY } }
 *         S3 }
 *   }
 *
 * with D the declarations among the outer body's own items (p_b[3] =
 * {0.0}), S1 the statements before the inner loop, S3 those after it.  It
 * becomes, over blocks of up to K points (K * W <= XC_BLOCK_DOUBLES),
 *
 *   long nv = COUNT;  double sv[K * W];  ...
 *   for (n = nv; n > 0;) {
 *       nb = n < K ? n : K;  v0 = v;
 *       for (k = 0; k < nb; k++, n--) { v--; { D S1 sv[k * W + ..] = d..; S3 } }
 *       { [long m;] b = E0;
 *         for (m = C; m > 0; m--) {
 *             b--;
 *             { h[..] = A[c * b + r]; ...           (the elements b touches)
 *               v = v0;
 *               for (k2 = 0; k2 < nb; k2++) { v--; { D' d' = sv[k2 * W + ..]; BODY' } }
 *               A[c * b + r] = h[..]; ... }
 *         } }
 *   }
 *
 * where the W doubles saved per point are the values of D's variables that
 * BODY reads (D' declares copies of them), and BODY' is BODY reading the
 * copies, adding into h (a local array per accumulated array A, below)
 * instead of A, with its nested loops unrolled (into at most XC_MAX_COPIES
 * copies of their bodies): the C compiler then sees
 * h's elements at constant places and keeps them in registers through the
 * points of a block.  The tape is read in the same order as before (S1
 * and S3 run as they did, one point after the other); only the inner
 * loop's iterations run in another order, bone-major within each block
 * instead of vertex-major.  The saved values live in f_bwd's frame, as its
 * other locals do, so the tape's statistics are the same.
 *
 * Why the results are bitwise the same.  BODY may hold only declarations,
 * stores to scalars, nested counted loops of literal trip counts and
 * start values, and stores A[e] += t (or -=) into local floating arrays A
 * ("accumulated") that nothing else in the nest mentions; no branch and no
 * call.  The element index e of every store into A must be c * b + r with
 * c a constant and r in a range narrower than |c| (r from literals and the
 * nested loops' indices, through scalars BODY sets once from b): the
 * elements one value of b touches are touched by no other, so each element
 * receives its terms from one b, in the outer loop's order in both forms
 * (blocks in order, points in order within a block), and every sum is the
 * same; h holds those elements from before their first term to after
 * their last.  What BODY reads and the nest stores is b, v,
 * D's variables (saved per outer iteration), or set in BODY before it is
 * read; everything else it reads the nest does not store, and what it
 * indexes is a parameter's data or a local array, never what a local
 * pointer points to.  Stores of the
 * nest go through local names or restrict parameters, and calls in S1 and
 * S3 are libckrt's tape calls or take no pointer, so no store of S1 or S3
 * reaches what BODY reads.  S1 and S3 set every scalar that BODY stores
 * before they read it, and S3 stores none of them: no value passes
 * between S1 or S3 and BODY other than through D, which BODY does not
 * store.  The scalars BODY stores end with the values of the last
 * execution of BODY, (v, b) the same last pair in both orders (the last
 * block's last point and b); b and m end as the inner loop leaves them
 * when the outer loop ran, as before, and v and n as the outer loop leaves
 * them; an unrolled loop's count ends at 0 and its index as the loop
 * leaves it.
 *
 * A nest is taken when BODY stores at least four elements per execution
 * and twice as many as it saves doubles per point (the saved values are a
 * copy the nest did not make before), and the elements it touches can be
 * listed: every store's r covers its range without gaps, at most
 * XC_MAX_HELD of them.  --no-interchange turns the pass off.
 */
#include <stdlib.h>
#include <string.h>

#include "ckc.h"

/* At most XC_MAX_SAVED doubles saved per point (arrays of at most
 * XC_MAX_SAVED_LEN), in a local buffer of at most XC_BLOCK_DOUBLES for a
 * block of at most XC_MAX_POINTS points; at most XC_MAX_HELD elements of
 * the accumulated arrays held in locals, from a stretch of at most
 * XC_MAX_SPAN elements of each; nested loops unrolled into at most
 * XC_MAX_COPIES copies of their bodies. */
enum {
	XC_MAX_SAVED = 64,
	XC_MAX_SAVED_LEN = 16,
	XC_BLOCK_DOUBLES = 512,
	XC_MAX_POINTS = 64,
	XC_MAX_HELD = 64,
	XC_MAX_SPAN = 256,
	XC_MAX_COPIES = 16
};

/* The largest magnitude of an element index's parts (xc_lin). */
#define XC_LIN_MAX (1L << 40)

/* An element index c * b + r, r in [lo, hi] (see xc_lin). */
typedef struct Lin {
	long coef, lo, hi;
	int ok;
	int holes; /* r may skip values between lo and hi */
} Lin;

typedef struct Xc {
	const Program *p;
	const Func *f;  /* the primal, for fresh names */
	Func *g;        /* f_bwd */
	int nv;         /* g's variables when the scan began */
	int n, v, m, b; /* the loops' counts and indices */
	int ok;
	/* per variable of g */
	unsigned char *stored;  /* stored in the nest (also by a call) */
	unsigned char *dvar;    /* declared among the outer body's items */
	unsigned char *acc;     /* accumulated in BODY */
	unsigned char *bstored; /* a scalar BODY (or the inner loop) stores */
	unsigned char *btemp;   /* declared in BODY */
	unsigned char *def;     /* set so far, in the walks of reads */
	unsigned char *saved;   /* a variable of D that BODY reads */
	unsigned char *ranged;  /* a nested loop's index, in [lo, hi] */
	unsigned char *lindef;  /* a scalar whose one store lin() used */
	long *lo, *hi;
	int *nstores;           /* stores into a scalar in BODY */
	const Expr **defexpr;   /* the value of its store, when A_SET */
	/* per accumulated array: c and the range of r */
	long *coef, *rmin, *rmax;
	unsigned char *aseen;
	long nacc; /* accumulating stores per execution of BODY */
	/* the accumulating stores: statement, array, element index */
	struct XcStore {
		Stmt *s;
		int a;
		Lin l;
	} *st;
	int nst;
	long weight; /* executions of the statement being scanned, per BODY */
} Xc;

/* A signed integer type of int's width or more, whose arithmetic on the
 * element indices ckc reasons about does not wrap. */
static int xc_signed(const Type *t)
{
	return t && t->kind == TY_INT && t->name &&
	       (strcmp(t->name, "int") == 0 || strcmp(t->name, "long") == 0 ||
		strcmp(t->name, "long long") == 0);
}

static int xc_is_tape(const Type *t)
{
	return t && t->kind == TY_PTR && t->base &&
	       t->base->kind == TY_OTHER && t->base->name &&
	       strcmp(t->base->name, "ck_tape") == 0;
}

/* The variable under lvalue or pointer expression e: x, x[k], x.m,
 * (x + k)[j], &x[k], casts; -1 where there is none (*p, calls). */
static int xc_root(const Expr *e)
{
	for (;;) {
		switch (e->kind) {
		case E_VAR:
			return e->u.var;
		case E_INDEX:
			e = e->u.index.base;
			break;
		case E_MEMBER:
			e = e->u.mem.base;
			break;
		case E_ADDR:
		case E_CAST:
			e = e->u.e;
			break;
		case E_BINARY:
			if (e->u.bin.op != B_ADD && e->u.bin.op != B_SUB)
				return -1;
			if (type_is_pointerish(e->u.bin.l->type))
				e = e->u.bin.l;
			else if (e->u.bin.op == B_ADD &&
				 type_is_pointerish(e->u.bin.r->type))
				e = e->u.bin.r;
			else
				return -1;
			break;
		default:
			return -1;
		}
	}
}

/* Does lvalue e go through a pointer variable (p[k], p->m, (p + k)[j])
 * rather than name a local object? */
static int xc_through_pointer(const Xc *x, const Expr *e)
{
	int r = xc_root(e);
	return r >= 0 && e->kind != E_VAR &&
	       x->g->vars[r]->type->kind == TY_PTR;
}

/* ------------------------------------------------------------ stores */

/* Marks variable r stored; a store through pointer variable r (ptr)
 * fails unless r is a restrict parameter, whose data nothing else
 * reaches. */
static void xc_mark(Xc *x, int r, int ptr)
{
	const Var *var = r >= 0 ? x->g->vars[r] : NULL;
	if (!var ||
	    (ptr && (var->kind != VAR_PARAM || !var->type->is_restrict))) {
		x->ok = 0;
		return;
	}
	x->stored[r] = 1;
}

/* Marks what a store into lvalue lv stores; fails on stores that may
 * reach memory the pass cannot name. */
static void xc_store(Xc *x, const Expr *lv)
{
	xc_mark(x, xc_root(lv), xc_through_pointer(x, lv));
}

static void xc_call_visit(void *ctx, const Expr *e)
{
	Xc *x = ctx;
	if (e->kind != E_CALL)
		return;
	int runtime = e->u.call.fn < 0 &&
		      strncmp(e->u.call.name, "ck_", 3) == 0;
	for (int k = 0; k < e->u.call.nargs; k++) {
		const Expr *a = e->u.call.args[k];
		Type *t = a->type;
		int ptr = t && (t->kind == TY_PTR || t->kind == TY_ARRAY ||
				t->kind == TY_STRUCT);
		if (!ptr && a->kind != E_ADDR)
			continue;
		if (xc_is_tape(t))
			continue;
		if (!runtime) {
			/* a callee that may store through what it is given */
			x->ok = 0;
			return;
		}
		/* libckrt's calls store into their buffers */
		int r = xc_root(a);
		xc_mark(x, r, r >= 0 && x->g->vars[r]->type->kind == TY_PTR);
		if (!x->ok)
			return;
	}
}

static void xc_stores_stmt(void *ctx, const Stmt *s)
{
	Xc *x = ctx;
	switch (s->kind) {
	case S_ASSIGN:
		xc_store(x, s->u.assign.lhs);
		break;
	case S_DECL:
		x->stored[s->u.decl.var] = 1;
		break;
	case S_CHECKPOINT:
	case S_RETURN:
		x->ok = 0;
		break;
	case S_FOR:
		if (s->u.loop.omp || s->u.loop.zfold)
			x->ok = 0;
		break;
	default:
		break;
	}
}

/* ------------------------------------------------- element indices
 *
 * lin(e) = coef * b + r with r in [lo, hi], for the element index of an
 * accumulating store. */

static Lin xc_lin(Xc *x, const Expr *e, int depth);

static Lin xc_lin_fail(void)
{
	Lin l = {0, 0, 0, 0, 0};
	return l;
}

static Lin xc_lin_var(Xc *x, int var, int depth)
{
	Lin l = {0, 0, 0, 1, 0};
	if (!xc_signed(x->g->vars[var]->type))
		return xc_lin_fail();
	if (var == x->b) {
		l.coef = 1;
		return l;
	}
	if (x->ranged[var]) {
		l.lo = x->lo[var];
		l.hi = x->hi[var];
		return l;
	}
	/* a scalar BODY sets once, from b and constants (not from a nested
	 * loop's index, which moves after the store) */
	if (depth == 0 && x->bstored[var] && x->nstores[var] == 1 &&
	    x->defexpr[var]) {
		Lin d = xc_lin(x, x->defexpr[var], depth + 1);
		if (!d.ok || d.lo != d.hi)
			return xc_lin_fail();
		x->lindef[var] = 1;
		return d;
	}
	return xc_lin_fail();
}

static Lin xc_lin_(Xc *x, const Expr *e, int depth)
{
	long c;
	switch (e->kind) {
	case E_NUM:
		if (!e->u.num.is_int || e->u.num.ival > XC_LIN_MAX ||
		    e->u.num.ival < -XC_LIN_MAX)
			return xc_lin_fail();
		{
			Lin l = {0, (long)e->u.num.ival, (long)e->u.num.ival, 1,
				 0};
			return l;
		}
	case E_VAR:
		if (depth > 0 && x->ranged[e->u.var])
			return xc_lin_fail();
		return xc_lin_var(x, e->u.var, depth);
	case E_CAST:
		if (!xc_signed(e->type))
			return xc_lin_fail();
		return xc_lin(x, e->u.e, depth);
	case E_BINARY: {
		const Expr *l = e->u.bin.l, *r = e->u.bin.r;
		if (e->u.bin.op == B_MUL) {
			const Expr *k = NULL, *o = NULL;
			if (ir_int_const(l, &c) && l->kind != E_VAR)
				k = l, o = r;
			else if (ir_int_const(r, &c) && r->kind != E_VAR)
				k = r, o = l;
			if (!k || c < -4096 || c > 4096)
				return xc_lin_fail();
			Lin a = xc_lin(x, o, depth);
			if (!a.ok)
				return a;
			Lin m = {a.coef * c, c >= 0 ? a.lo * c : a.hi * c,
				 c >= 0 ? a.hi * c : a.lo * c, 1,
				 a.holes || (a.lo != a.hi && (c > 1 || c < -1))};
			return m;
		}
		if (e->u.bin.op != B_ADD && e->u.bin.op != B_SUB)
			return xc_lin_fail();
		Lin a = xc_lin(x, l, depth), b = xc_lin(x, r, depth);
		if (!a.ok || !b.ok)
			return xc_lin_fail();
		Lin s = {0, 0, 0, 1, a.holes || b.holes};
		if (e->u.bin.op == B_ADD) {
			s.coef = a.coef + b.coef;
			s.lo = a.lo + b.lo;
			s.hi = a.hi + b.hi;
		} else {
			s.coef = a.coef - b.coef;
			s.lo = a.lo - b.hi;
			s.hi = a.hi - b.lo;
		}
		return s;
	}
	default:
		return xc_lin_fail();
	}
}

/* xc_lin, failing where a value leaves +-XC_LIN_MAX (no overflow). */
static Lin xc_lin(Xc *x, const Expr *e, int depth)
{
	Lin l = xc_lin_(x, e, depth);
	if (l.ok && (l.coef > XC_LIN_MAX || l.coef < -XC_LIN_MAX ||
		     l.lo > XC_LIN_MAX || l.lo < -XC_LIN_MAX ||
		     l.hi > XC_LIN_MAX || l.hi < -XC_LIN_MAX))
		return xc_lin_fail();
	return l;
}


/* An accumulating store A[e] += t or (A + o)[e] += t: records its
 * element index; fails for anything else. */
static void xc_accumulate(Xc *x, const Stmt *s)
{
	const Expr *lv = s->u.assign.lhs;
	if (lv->kind != E_INDEX) {
		x->ok = 0;
		return;
	}
	const Expr *base = lv->u.index.base;
	Lin l = xc_lin(x, lv->u.index.idx, 0);
	if (base->kind == E_BINARY && base->u.bin.op == B_ADD &&
	    base->u.bin.l->kind == E_VAR) {
		Lin o = xc_lin(x, base->u.bin.r, 0);
		l.coef += o.coef;
		l.lo += o.lo;
		l.hi += o.hi;
		l.ok = l.ok && o.ok;
		l.holes = l.holes || o.holes;
		base = base->u.bin.l;
	}
	if (!l.ok || base->kind != E_VAR || l.coef == 0) {
		x->ok = 0;
		return;
	}
	int a = base->u.var;
	const Var *var = x->g->vars[a];
	if (var->kind != VAR_LOCAL || var->is_static ||
	    var->type->kind != TY_ARRAY ||
	    !type_is_float(var->type->base) || x->dvar[a] ||
	    x->btemp[a]) {
		x->ok = 0;
		return;
	}
	if (!x->aseen[a]) {
		x->aseen[a] = 1;
		x->coef[a] = l.coef;
		x->rmin[a] = l.lo;
		x->rmax[a] = l.hi;
	} else {
		if (x->coef[a] != l.coef) {
			x->ok = 0;
			return;
		}
		if (l.lo < x->rmin[a])
			x->rmin[a] = l.lo;
		if (l.hi > x->rmax[a])
			x->rmax[a] = l.hi;
	}
	x->acc[a] = 1;
	x->nacc += x->weight;
	struct XcStore one = { (Stmt *)s, a, l };
	VEC_PUSH(x->st, x->nst, one);
}

/* ---------------------------------------------------------------- BODY */

static int xc_body(Xc *x, const Stmt *s);

/* An expression of BODY: no call, and what it indexes is a parameter's
 * data or a local array, not what a local pointer (or a local struct's
 * pointer member) points to, which S1 may have stored into. */
static void xc_body_expr_visit(void *ctx, const Expr *e)
{
	Xc *x = ctx;
	if (e->kind == E_CALL || e->kind == E_DEREF) {
		x->ok = 0;
		return;
	}
	if (e->kind != E_INDEX)
		return;
	int r = xc_root(e);
	if (r < 0) {
		x->ok = 0;
		return;
	}
	const Var *var = x->g->vars[r];
	if (var->kind == VAR_PARAM)
		return;
	for (const Expr *b = e->u.index.base; b->kind != E_VAR;) {
		if (b->kind == E_MEMBER || b->kind == E_DEREF) {
			x->ok = 0;
			return;
		}
		b = b->kind == E_INDEX ? b->u.index.base
		    : b->kind == E_BINARY ? b->u.bin.l
		    : b->u.e;
	}
	if (var->type->kind != TY_ARRAY)
		x->ok = 0;
}

/* A nested counted loop items[k] of block blk: its index i's range, from
 * the store i = I0 before it and its literal count C >= 1. */
static int xc_nested(Xc *x, const Stmt *blk, int k)
{
	const Stmt *s = blk->u.block.items[k];
	int cn, ci;
	long c, i0;
	if (s->u.loop.omp || s->u.loop.zfold ||
	    !counted_loop_header(s, &cn, &ci) ||
	    !ir_int_const(s->u.loop.init->u.assign.rhs, &c) || c < 1 ||
	    c > 4096 || x->ranged[ci])
		return 0;
	int j = k - 1;
	for (; j >= 0; j--) {
		const Stmt *t = blk->u.block.items[j];
		if (t->kind == S_ASSIGN && t->u.assign.op == A_SET &&
		    t->u.assign.lhs->kind == E_VAR &&
		    t->u.assign.lhs->u.var == ci)
			break;
		if (stmt_assigns_var(t, ci))
			return 0;
	}
	if (j < 0 || !ir_int_const(blk->u.block.items[j]->u.assign.rhs, &i0) ||
	    i0 > XC_LIN_MAX || i0 < -XC_LIN_MAX)
		return 0;
	const Stmt *body = s->u.loop.body;
	for (int q = 1; q < body->u.block.n; q++)
		if (stmt_assigns_var(body->u.block.items[q], ci) ||
		    stmt_assigns_var(body->u.block.items[q], cn))
			return 0;
	x->bstored[ci] = x->bstored[cn] = 1;
	x->nstores[ci] += 2;
	x->nstores[cn] += 2;
	x->ranged[ci] = 1;
	x->lo[ci] = i0 - c;
	x->hi[ci] = i0 - 1;
	long w = x->weight;
	x->weight *= c;
	int ok = 1;
	for (int q = 1; q < body->u.block.n && ok; q++)
		ok = xc_body(x, body->u.block.items[q]);
	x->weight = w;
	x->ranged[ci] = 0;
	return ok;
}

/* Is s what BODY may hold (see the top of the file)?  Records the stores. */
static int xc_body(Xc *x, const Stmt *s)
{
	switch (s->kind) {
	case S_EMPTY:
		return 1;
	case S_BLOCK:
		for (int k = 0; k < s->u.block.n; k++) {
			const Stmt *t = s->u.block.items[k];
			if (t->kind == S_FOR) {
				if (!xc_nested(x, s, k))
					return 0;
			} else if (!xc_body(x, t)) {
				return 0;
			}
		}
		return 1;
	case S_DECL:
		if (s->u.decl.inits)
			for (int k = 0; k < s->u.decl.ninits; k++)
				ir_walk_expr(s->u.decl.inits[k],
					     xc_body_expr_visit, x);
		if (s->u.decl.init)
			ir_walk_expr(s->u.decl.init, xc_body_expr_visit, x);
		x->btemp[s->u.decl.var] = 1;
		return x->ok;
	case S_ASSIGN: {
		const Expr *lv = s->u.assign.lhs;
		if (s->u.assign.rhs)
			ir_walk_expr(s->u.assign.rhs, xc_body_expr_visit, x);
		ir_walk_expr(lv, xc_body_expr_visit, x);
		if (!x->ok)
			return 0;
		if (lv->kind == E_VAR) {
			int v = lv->u.var;
			TypeKind k = x->g->vars[v]->type->kind;
			if (k != TY_INT && !type_is_float(x->g->vars[v]->type))
				return 0;
			if (x->dvar[v] || v == x->v || v == x->b || v == x->m ||
			    v == x->n)
				return 0;
			x->bstored[v] = 1;
			x->nstores[v] += s->u.assign.op == A_SET ? 1 : 2;
			if (s->u.assign.op == A_SET)
				x->defexpr[v] = s->u.assign.rhs;
			return 1;
		}
		if (s->u.assign.op != A_ADD && s->u.assign.op != A_SUB)
			return 0;
		xc_accumulate(x, s);
		return x->ok;
	}
	default:
		return 0;
	}
}

/* ------------------------------------------------------------- reads
 *
 * A walk in execution order (a loop's body once) that sets def[] as
 * statements store scalars, and judges (xc_read_var) every variable read
 * before the walk saw it set.  What a statement that may not run sets
 * (an if's arms, a loop's body unless it is counted and runs) does not
 * count after it. */

typedef struct XcReads {
	Xc *x;
	int body; /* the walk of BODY: else of S1 */
	int skip; /* accumulated array of the lvalue being read */
} XcReads;

static void xc_read_var(XcReads *r, int v)
{
	Xc *x = r->x;
	if (x->def[v] || v == r->skip)
		return;
	if (r->body) {
		if (v == x->b || v == x->v || !x->stored[v])
			return;
		if (x->dvar[v]) {
			x->saved[v] = 1;
			return;
		}
		x->ok = 0;
	} else if (x->bstored[v] || x->acc[v] || v == x->b || v == x->m) {
		x->ok = 0;
	}
}

static void xc_read_visit(void *ctx, const Expr *e)
{
	if (e->kind == E_VAR)
		xc_read_var(ctx, e->u.var);
}

static void xc_reads_expr(XcReads *r, const Expr *e)
{
	if (e)
		ir_walk_expr(e, xc_read_visit, r);
}

static void xc_reads(XcReads *r, const Stmt *s);

/* xc_reads of s, which may not run: what it sets does not count after it
 * (what it reads before setting it still must be allowed). */
static void xc_reads_maybe(XcReads *r, const Stmt *s)
{
	size_t n = (size_t)r->x->g->nvars;
	unsigned char *keep = malloc(n);
	if (!keep) {
		r->x->ok = 0;
		return;
	}
	memcpy(keep, r->x->def, n);
	xc_reads(r, s);
	memcpy(r->x->def, keep, n);
	free(keep);
}

static void xc_reads(XcReads *r, const Stmt *s)
{
	Xc *x = r->x;
	if (!s || !x->ok)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (int k = 0; k < s->u.block.n; k++)
			xc_reads(r, s->u.block.items[k]);
		return;
	case S_DECL:
		xc_reads_expr(r, s->u.decl.init);
		for (int k = 0; k < s->u.decl.ninits; k++)
			xc_reads_expr(r, s->u.decl.inits[k]);
		x->def[s->u.decl.var] = 1;
		return;
	case S_ASSIGN: {
		const Expr *lv = s->u.assign.lhs;
		xc_reads_expr(r, s->u.assign.rhs);
		if (lv->kind == E_VAR) {
			if (s->u.assign.op != A_SET)
				xc_read_var(r, lv->u.var);
			x->def[lv->u.var] = 1;
			return;
		}
		/* the accumulated array itself is not read */
		int a = xc_root(lv);
		r->skip = a >= 0 && x->acc[a] ? a : -1;
		xc_reads_expr(r, lv);
		r->skip = -1;
		return;
	}
	case S_FOR: {
		/* what the body sets counts after the loop only where it runs
		 * (a counted loop of a literal count of at least one, as
		 * BODY's nested loops all are) */
		int n, i;
		long c;
		int runs = counted_loop_header(s, &n, &i) &&
			   ir_int_const(s->u.loop.init->u.assign.rhs, &c) &&
			   c >= 1;
		xc_reads(r, s->u.loop.init);
		xc_reads_expr(r, s->u.loop.cond);
		if (runs) {
			xc_reads(r, s->u.loop.body);
		} else {
			xc_reads_maybe(r, s->u.loop.body);
		}
		xc_reads(r, s->u.loop.inc);
		return;
	}
	case S_IF:
		/* S1 and S3 only: what one arm sets the other may not */
		xc_reads_expr(r, s->u.ifs.cond);
		xc_reads_maybe(r, s->u.ifs.then);
		xc_reads_maybe(r, s->u.ifs.els);
		return;
	case S_WHILE:
	case S_DO:
		/* S1 and S3 only: the body may not run */
		xc_reads_expr(r, s->u.loop.cond);
		xc_reads_maybe(r, s->u.loop.body);
		return;
	case S_EXPR:
	case S_RETURN:
		xc_reads_expr(r, s->u.expr);
		return;
	case S_BREAK:
	case S_CONTINUE:
	case S_CHECKPOINT:
		x->ok = 0;
		return;
	default:
		return;
	}
}

/* Does S1 (the items of blk before at) set every scalar BODY stores before
 * it reads it (a value S1 left would reach BODY in the loop, and another
 * one now), and keep off the accumulated arrays? */
static int xc_s1_ok(Xc *x, const Stmt *blk, int at)
{
	XcReads r = { x, 0, -1 };
	memset(x->def, 0, (size_t)x->g->nvars);
	for (int k = 0; k < at && x->ok; k++) {
		const Stmt *s = blk->u.block.items[k];
		for (int a = 0; a < x->nv; a++)
			if (x->acc[a] && stmt_mentions(s, a))
				return 0;
		if (stmt_has_continue(s))
			return 0;
		xc_reads(&r, s);
	}
	return x->ok;
}

/* S3 (the items of blk after at), which now runs before BODY instead of
 * after it: does it keep off what BODY stores, reading none of it before
 * setting it itself and storing none of it? */
static int xc_s3_ok(Xc *x, const Stmt *blk, int at)
{
	XcReads r = { x, 0, -1 };
	memset(x->def, 0, (size_t)x->g->nvars);
	for (int k = at + 1; k < blk->u.block.n && x->ok; k++) {
		const Stmt *s = blk->u.block.items[k];
		if (stmt_has_continue(s))
			return 0;
		for (int a = 0; a < x->nv; a++)
			if ((x->acc[a] && stmt_mentions(s, a)) ||
			    ((x->bstored[a] || a == x->b || a == x->m) &&
			     stmt_assigns_var(s, a)))
				return 0;
		xc_reads(&r, s);
	}
	return x->ok;
}

/* ----------------------------------------------------------- the form */

/* Is items[at] of blk the inner loop, { [long m;] b = E0; for (m = C;
 * m > 0; m--) { b--; BODY } }?  Returns the loop, with m and b set. */
static Stmt *xc_inner(Xc *x, Stmt *blk, int at)
{
	Stmt *s = blk->u.block.items[at];
	if (s->kind != S_BLOCK || s->u.block.n < 2 || s->u.block.n > 3)
		return NULL;
	Stmt **it = s->u.block.items;
	int k = 0, m;
	if (s->u.block.n == 3) {
		if (it[0]->kind != S_DECL || it[0]->u.decl.init ||
		    it[0]->u.decl.inits)
			return NULL;
		k = 1;
	}
	Stmt *set = it[k], *loop = it[k + 1];
	if (set->kind != S_ASSIGN || set->u.assign.op != A_SET ||
	    set->u.assign.lhs->kind != E_VAR || loop->kind != S_FOR ||
	    loop->u.loop.omp || loop->u.loop.zfold ||
	    !counted_loop_header(loop, &m, &x->b) ||
	    set->u.assign.lhs->u.var != x->b ||
	    (k == 1 && it[0]->u.decl.var != m))
		return NULL;
	if (!xc_signed(x->g->vars[x->b]->type))
		return NULL;
	x->m = m;
	return loop;
}

static int xc_local(Xc *x, const char *base, Type *t)
{
	return func_add_var(x->g, name_fresh2(x->p, x->f, x->g, base), t,
			    VAR_LOCAL, x->g->loc);
}

static Expr *xc_var(Xc *x, int v, Loc loc)
{
	return expr_var(x->g, v, loc);
}

/* sv[k * W + off] */
static Expr *xc_slot(Xc *x, int sv, int k, long w, long off, Loc loc)
{
	Type *lt = type_long();
	Expr *at = expr_binary(B_MUL, xc_var(x, k, loc), expr_int(w, loc), lt,
			       loc);
	if (off)
		at = expr_binary(B_ADD, at, expr_int(off, loc), lt, loc);
	return expr_index(xc_var(x, sv, loc), at, loc);
}

/* The copies of the saved variables, between the buffer and D (save) or
 * D' (!save): element by element. */
static void xc_copies(Xc *x, Stmt *out, const int *vars, const int *to,
		      int nsaved, int sv, int k, long w, int save, Loc loc)
{
	long off = 0;
	for (int q = 0; q < nsaved; q++) {
		const Type *t = x->g->vars[vars[q]]->type;
		long len = t->kind == TY_ARRAY ? t->len : 1;
		for (long j = 0; j < len; j++, off++) {
			Expr *d = xc_var(x, save ? vars[q] : to[q], loc);
			if (t->kind == TY_ARRAY)
				d = expr_index(d, expr_int(j, loc), loc);
			Expr *slot = xc_slot(x, sv, k, w, off, loc);
			stmt_append(out, save ? stmt_assign(A_SET, slot, d, loc)
					      : stmt_assign(A_SET, d, slot,
							    loc));
		}
	}
}

/* for (k = 0; k < nb; k++[, n--]) { v--; body } */
static Stmt *xc_points(Xc *x, int k, int nb, int n, Stmt *body, Loc loc)
{
	Stmt *loop = stmt_new(S_FOR, loc);
	loop->u.loop.init =
		stmt_assign(A_SET, xc_var(x, k, loc), expr_int(0, loc), loc);
	loop->u.loop.cond = expr_binary(B_LT, xc_var(x, k, loc),
					xc_var(x, nb, loc), type_int(), loc);
	Stmt *inc = stmt_assign(A_INC, xc_var(x, k, loc), NULL, loc);
	if (n >= 0) {
		Stmt *both = stmt_block(loc);
		stmt_append(both, inc);
		stmt_append(both, stmt_assign(A_DEC, xc_var(x, n, loc), NULL,
					      loc));
		inc = both;
	}
	loop->u.loop.inc = inc;
	Stmt *b = stmt_block(loc);
	stmt_append(b, stmt_assign(A_DEC, xc_var(x, x->v, loc), NULL, loc));
	stmt_append(b, body);
	loop->u.loop.body = b;
	return loop;
}

static long xc_touched(const Xc *x, int a, unsigned char *at);

/* The element c * b + r of accumulated array a, in long arithmetic. */
static Expr *xc_elem(Xc *x, int a, long r, Loc loc)
{
	Type *lt = type_long();
	Expr *e = expr_binary(B_MUL, expr_int(x->coef[a], loc),
			      expr_cast(lt, xc_var(x, x->b, loc), loc), lt, loc);
	if (r)
		e = expr_binary(B_ADD, e, expr_int(r, loc), lt, loc);
	return e;
}

/* Holds the elements of the accumulated arrays that one value of b
 * touches in local arrays while the points run: copies them in (into in)
 * and back (into out), and makes BODY's stores add into the copies. */
static void xc_hold(Xc *x, Stmt *in, Stmt *out, Loc loc)
{
	unsigned char mark[XC_MAX_SPAN];
	Type *lt = type_long();
	for (int a = 0; a < x->nv; a++) {
		if (!x->acc[a])
			continue;
		Type *t = type_new(TY_ARRAY);
		t->base = x->g->vars[a]->type->base;
		t->len = x->rmax[a] - x->rmin[a] + 1;
		int h = xc_local(x, "ck_acc", t);
		stmt_append(in, stmt_decl(h, NULL, loc));
		xc_touched(x, a, mark);
		for (long r = x->rmin[a]; r <= x->rmax[a]; r++) {
			if (!mark[r - x->rmin[a]])
				continue;
			Expr *el = expr_index(xc_var(x, a, loc),
					      xc_elem(x, a, r, loc), loc);
			Expr *hl = expr_index(xc_var(x, h, loc),
					      expr_int(r - x->rmin[a], loc),
					      loc);
			stmt_append(in, stmt_assign(A_SET, hl, el, loc));
			stmt_append(out, stmt_assign(A_SET, expr_clone(el),
						     expr_clone(hl), loc));
		}
		for (int k = 0; k < x->nst; k++) {
			if (x->st[k].a != a)
				continue;
			Stmt *st = x->st[k].s;
			const Expr *lv = st->u.assign.lhs;
			const Expr *base = lv->u.index.base;
			Expr *full = expr_clone(lv->u.index.idx);
			if (base->kind == E_BINARY)
				full = expr_binary(B_ADD,
						   expr_clone(base->u.bin.r),
						   full, lt, loc);
			Expr *at = expr_binary(B_SUB, full,
					       xc_elem(x, a, x->rmin[a], loc), lt,
					       loc);
			st->u.assign.lhs =
				expr_index(xc_var(x, h, st->loc), at, st->loc);
		}
	}
}

/* A copy of s, a statement BODY may hold, whose declarations declare new
 * variables (named after the old ones) that the copy uses instead. */
static Stmt *xc_clone(Xc *x, const Stmt *s, Stmt *root)
{
	Stmt *c = stmt_new(s->kind, s->loc);
	if (!root)
		root = c;
	switch (s->kind) {
	case S_BLOCK:
		for (int k = 0; k < s->u.block.n; k++)
			stmt_append(c, xc_clone(x, s->u.block.items[k], root));
		break;
	case S_DECL:
		c->u.decl = s->u.decl;
		c->u.decl.init = s->u.decl.init ? expr_clone(s->u.decl.init)
						 : NULL;
		if (s->u.decl.inits) {
			c->u.decl.inits = arena_alloc(sizeof(Expr *) *
						      (size_t)s->u.decl.ninits);
			for (int k = 0; k < s->u.decl.ninits; k++)
				c->u.decl.inits[k] =
					expr_clone(s->u.decl.inits[k]);
		}
		break;
	case S_ASSIGN:
		c->u.assign.op = s->u.assign.op;
		c->u.assign.lhs = expr_clone(s->u.assign.lhs);
		c->u.assign.rhs =
			s->u.assign.rhs ? expr_clone(s->u.assign.rhs) : NULL;
		break;
	case S_FOR:
		c->u.loop.init = xc_clone(x, s->u.loop.init, root);
		c->u.loop.cond = expr_clone(s->u.loop.cond);
		c->u.loop.inc = xc_clone(x, s->u.loop.inc, root);
		c->u.loop.body = xc_clone(x, s->u.loop.body, root);
		break;
	default:
		break;
	}
	return c;
}

/* The same, with the variables it declares renamed to new ones. */
static Stmt *xc_copy(Xc *x, const Stmt *s)
{
	Stmt *c = xc_clone(x, s, NULL);
	Stmt **decl = NULL, **todo = NULL;
	int nd = 0, nt = 0;
	VEC_PUSH(todo, nt, c);
	while (nt) {
		Stmt *t = todo[--nt];
		if (t->kind == S_DECL)
			VEC_PUSH(decl, nd, t);
		else if (t->kind == S_BLOCK)
			for (int k = 0; k < t->u.block.n; k++)
				VEC_PUSH(todo, nt, t->u.block.items[k]);
		else if (t->kind == S_FOR)
			VEC_PUSH(todo, nt, t->u.loop.body);
	}
	for (int k = 0; k < nd; k++) {
		int old = decl[k]->u.decl.var;
		const Var *v = x->g->vars[old];
		int nv = xc_local(x, v->name, v->type);
		stmt_rename_var(x->g, c, old, nv);
		decl[k]->u.decl.var = nv;
	}
	return c;
}

/* The nested counted loops of block s (phase 2's BODY) replaced by copies
 * of their bodies, { i--; ... } once per iteration, then n = 0, while the
 * copies of the whole BODY stay within copies (the loops xc_nested took:
 * literal counts of at least one). */
static void xc_unroll(Xc *x, Stmt *s, long copies)
{
	if (s->kind != S_BLOCK)
		return;
	for (int k = 0; k < s->u.block.n; k++) {
		Stmt *t = s->u.block.items[k];
		if (t->kind == S_BLOCK) {
			xc_unroll(x, t, copies);
			continue;
		}
		long c;
		int n, i;
		if (t->kind != S_FOR || !counted_loop_header(t, &n, &i) ||
		    !ir_int_const(t->u.loop.init->u.assign.rhs, &c) || c < 1 ||
		    c * copies > XC_MAX_COPIES)
			continue;
		xc_unroll(x, t->u.loop.body, copies * c);
		Stmt *flat = stmt_block(t->loc);
		for (long j = 0; j < c; j++)
			stmt_append(flat, j + 1 < c ? xc_copy(x, t->u.loop.body)
						    : t->u.loop.body);
		stmt_append(flat, stmt_assign(A_SET, xc_var(x, n, t->loc),
					      expr_int(0, t->loc), t->loc));
		s->u.block.items[k] = flat;
	}
}

/* Rewrites outer loop s whose body's block blk holds the inner loop at
 * index at (checked), W = w doubles saved per point, into the blocks of
 * points of the top of the file; returns the new statement. */
static Stmt *xc_rewrite(Xc *x, Stmt *s, Stmt *blk, int at, Stmt *inner,
			long w)
{
	Loc loc = s->loc;
	Type *lt = type_long();
	long per = XC_BLOCK_DOUBLES / w < XC_MAX_POINTS
			   ? XC_BLOCK_DOUBLES / w
			   : XC_MAX_POINTS;
	Type *buf = type_new(TY_ARRAY);
	buf->base = type_double();
	buf->len = per * w;
	int nv = xc_local(x, "ck_nv", lt);
	int sv = xc_local(x, "ck_sv", buf);
	int v0 = xc_local(x, "ck_v0", x->g->vars[x->v]->type);
	int nb = xc_local(x, "ck_nb", lt);
	int k1 = xc_local(x, "ck_k", lt);
	int k2 = xc_local(x, "ck_k", lt);
	int *vars = malloc(sizeof(int) * (size_t)x->nv);
	int *to = malloc(sizeof(int) * (size_t)x->nv);
	int nsaved = 0;
	for (int v = 0; v < x->nv; v++)
		if (x->saved[v])
			vars[nsaved++] = v;
	Stmt *out = stmt_block(loc);
	stmt_append(out, stmt_decl(nv, s->u.loop.init->u.assign.rhs, loc));
	stmt_append(out, stmt_decl(sv, NULL, loc));
	stmt_append(out, stmt_decl(v0, NULL, loc));
	stmt_append(out, stmt_decl(nb, NULL, loc));
	stmt_append(out, stmt_decl(k1, NULL, loc));
	stmt_append(out, stmt_decl(k2, NULL, loc));

	/* a block of up to per points: their outer bodies, saving instead
	 * of running the inner loop */
	Stmt *inner_blk = blk->u.block.items[at];
	Stmt *save = stmt_block(loc);
	xc_copies(x, save, vars, to, nsaved, sv, k1, w, 1, loc);
	blk->u.block.items[at] = save;
	Stmt *block = stmt_block(loc);
	Expr *less = expr_binary(B_LT, xc_var(x, x->n, loc),
				 expr_int(per, loc), type_int(), loc);
	stmt_append(block, stmt_assign(A_SET, xc_var(x, nb, loc),
				       expr_cond(less, xc_var(x, x->n, loc),
						 expr_int(per, loc), loc),
				       loc));
	stmt_append(block, stmt_assign(A_SET, xc_var(x, v0, loc),
				       xc_var(x, x->v, loc), loc));
	stmt_append(block, xc_points(x, k1, nb, x->n, blk, loc));

	/* then the inner loop outside, those points inside */
	Stmt *body = inner->u.loop.body;
	Stmt *rest = stmt_block(loc);
	for (int k = 1; k < body->u.block.n; k++)
		stmt_append(rest, body->u.block.items[k]);
	Stmt *each = stmt_block(loc);
	for (int q = 0; q < nsaved; q++) {
		const Var *d = x->g->vars[vars[q]];
		to[q] = xc_local(x, d->name, d->type);
		stmt_rename_var(x->g, rest, vars[q], to[q]);
		stmt_append(each, stmt_decl(to[q], NULL, loc));
	}
	xc_copies(x, each, vars, to, nsaved, sv, k2, w, 0, loc);
	stmt_append(each, rest);
	Stmt *walk = stmt_block(loc), *back = stmt_block(loc);
	xc_hold(x, walk, back, loc);
	xc_unroll(x, rest, 1);
	stmt_append(walk, stmt_assign(A_SET, xc_var(x, x->v, loc),
				      xc_var(x, v0, loc), loc));
	stmt_append(walk, xc_points(x, k2, nb, -1, each, loc));
	stmt_append(walk, back);
	body->u.block.n = 1;
	stmt_append(body, walk);
	stmt_append(block, inner_blk);

	/* for (n = nv; n > 0;) { a block } */
	s->u.loop.init->u.assign.rhs = xc_var(x, nv, loc);
	s->u.loop.inc = NULL;
	s->u.loop.body = block;
	stmt_append(out, s);
	free(vars);
	free(to);
	return out;
}

/* The offsets r of accumulated array a that BODY stores into, from
 * rmin, marked in at (XC_MAX_SPAN entries, or NULL); returns their count. */
static long xc_touched(const Xc *x, int a, unsigned char *at)
{
	unsigned char mark[XC_MAX_SPAN];
	long n = 0;
	memset(mark, 0, sizeof mark);
	for (int k = 0; k < x->nst; k++) {
		if (x->st[k].a != a)
			continue;
		for (long r = x->st[k].l.lo; r <= x->st[k].l.hi; r++)
			if (!mark[r - x->rmin[a]]) {
				mark[r - x->rmin[a]] = 1;
				n++;
			}
	}
	if (at)
		memcpy(at, mark, sizeof mark);
	return n;
}

/* BODY: the items of the inner loop's body after b--. */
static int xc_body_items(Xc *x, const Stmt *body)
{
	for (int k = 1; k < body->u.block.n; k++) {
		const Stmt *t = body->u.block.items[k];
		if (t->kind == S_FOR ? !xc_nested(x, body, k) : !xc_body(x, t))
			return 0;
	}
	return x->ok;
}

/* The checks of the top of the file on the nest s, whose outer body's
 * block blk holds the inner loop at index at; the saved doubles per outer
 * iteration in *w. */
static int xc_check(Xc *x, Stmt *s, Stmt *blk, int at, Stmt *inner, long *w)
{
	ir_visit_stmts(s, xc_stores_stmt, x);
	ir_walk_stmt(s, xc_call_visit, x);
	if (!x->ok)
		return 0;
	for (int k = 0; k < blk->u.block.n; k++)
		if (blk->u.block.items[k]->kind == S_DECL)
			x->dvar[blk->u.block.items[k]->u.decl.var] = 1;
	x->weight = 1;
	if (!xc_body_items(x, inner->u.loop.body) || x->nacc == 0)
		return 0;
	for (int v = 0; v < x->nv; v++)
		if (x->lindef[v] && x->nstores[v] != 1)
			return 0;
	/* b = E0 and the count C: the same values for every outer iteration */
	const Stmt *set = blk->u.block.items[at]->u.block.items[
		blk->u.block.items[at]->u.block.n - 2];
	const Expr *e0 = set->u.assign.rhs;
	const Expr *c = inner->u.loop.init->u.assign.rhs;
	if (expr_has_call(e0) || expr_has_call(c))
		return 0;
	for (int v = 0; v < x->nv; v++)
		if (x->stored[v] && (expr_mentions(e0, v) || expr_mentions(c, v)))
			return 0;
	XcReads r = { x, 1, -1 };
	memset(x->def, 0, (size_t)x->g->nvars);
	const Stmt *body = inner->u.loop.body;
	for (int k = 1; k < body->u.block.n && x->ok; k++)
		xc_reads(&r, body->u.block.items[k]);
	if (!x->ok || !xc_s1_ok(x, blk, at) || !xc_s3_ok(x, blk, at))
		return 0;
	*w = 0;
	for (int v = 0; v < x->nv; v++) {
		if (!x->saved[v])
			continue;
		const Type *t = x->g->vars[v]->type;
		if (x->bstored[v] || x->acc[v])
			return 0;
		if (t->kind == TY_DOUBLE) {
			*w += 1;
		} else if (t->kind == TY_ARRAY && t->base->kind == TY_DOUBLE &&
			   t->len > 0 && t->len <= XC_MAX_SAVED_LEN) {
			*w += t->len;
		} else {
			return 0;
		}
	}
	if (*w > XC_MAX_SAVED)
		return 0;
	for (int k = 0; k < x->nst; k++)
		if (x->st[k].l.holes)
			return 0;
	long held = 0;
	for (int a = 0; a < x->nv; a++) {
		if (!x->acc[a])
			continue;
		long span = x->rmax[a] - x->rmin[a];
		long mag = x->coef[a] < 0 ? -x->coef[a] : x->coef[a];
		if (span >= mag || span >= XC_MAX_SPAN || stmt_find_decl(s, a))
			return 0;
		held += xc_touched(x, a, NULL);
	}
	if (held > XC_MAX_HELD)
		return 0;
	return x->nacc >= 4 && x->nacc >= 2 * *w;
}

static Stmt *xc_try(const Program *p, const Func *f, Func *g, Stmt *s)
{
	int n, v;
	if (s->u.loop.omp || s->u.loop.zfold || !counted_loop_header(s, &n, &v))
		return NULL;
	Stmt *ob = s->u.loop.body;
	if (ob->u.block.n != 2 || ob->u.block.items[1]->kind != S_BLOCK ||
	    g->vars[v]->type->kind != TY_INT)
		return NULL;
	Stmt *blk = ob->u.block.items[1];
	if (stmt_assigns_var(blk, v) || stmt_mentions(blk, n))
		return NULL;
	for (int at = 0; at < blk->u.block.n; at++) {
		Xc x;
		memset(&x, 0, sizeof x);
		x.p = p;
		x.f = f;
		x.g = g;
		x.nv = g->nvars;
		x.n = n;
		x.v = v;
		x.ok = 1;
		Stmt *inner = xc_inner(&x, blk, at);
		if (!inner)
			continue;
		/* per variable, zeroed; the arena keeps them to the end */
		/* per variable of g, zeroed (the arena frees them at exit) */
		size_t nv = (size_t)g->nvars;
		x.stored = arena_alloc(nv);
		x.dvar = arena_alloc(nv);
		x.acc = arena_alloc(nv);
		x.bstored = arena_alloc(nv);
		x.btemp = arena_alloc(nv);
		x.def = arena_alloc(nv);
		x.saved = arena_alloc(nv);
		x.ranged = arena_alloc(nv);
		x.lindef = arena_alloc(nv);
		x.aseen = arena_alloc(nv);
		x.lo = arena_alloc(nv * sizeof(long));
		x.hi = arena_alloc(nv * sizeof(long));
		x.coef = arena_alloc(nv * sizeof(long));
		x.rmin = arena_alloc(nv * sizeof(long));
		x.rmax = arena_alloc(nv * sizeof(long));
		x.nstores = arena_alloc(nv * sizeof(int));
		x.defexpr = arena_alloc(nv * sizeof(const Expr *));
		long w = 0;
		Stmt *r = NULL;
		if (xc_check(&x, s, blk, at, inner, &w))
			r = xc_rewrite(&x, s, blk, at, inner, w);
		if (r)
			return r;
	}
	return NULL;
}

typedef struct XcWalk {
	const Program *p;
	const Func *f;
	Func *g;
} XcWalk;

static Stmt *xc_walk_try(void *ctx, Stmt *loop)
{
	XcWalk *w = ctx;
	return xc_try(w->p, w->f, w->g, loop);
}

static int xc_enabled = 1;

void interchange_set_enabled(int on)
{
	xc_enabled = on;
}

void interchange_loops(const Program *p, const Func *f, Func *g)
{
	XcWalk w = { p, f, g };
	if (xc_enabled)
		ir_rewrite_loops(g->body, xc_walk_try, &w, 0);
}
