/*
 * online.c - the shape of a loop under #pragma ck_checkpoint online(K) or
 * budget(BYTES): its steps are reversed one by one (checkpoint.c), so a
 * step must be a statement that ends where the step ends.  A loop whose
 * body leaves it (break, or a return anywhere inside) or goes on early
 * (continue) gets, before the analyses run:
 *
 *   while (c) B    ->   while (c) {
 *                         ck_brk = 0;
 *                         do { B' } while (0);     one step
 *                         if (ck_brk) break;
 *                       }
 *                       if (ck_brk == 2) return ck_rv;
 *
 * (for and do loops alike), where B' is B with
 *   - a break of the loop:    { ck_brk = 1; break; }
 *   - return e, at any depth: { ck_rv = e; ck_brk = 2; break; }, and
 *     `if (ck_brk) break;` after each inner loop that holds one;
 *   - continue as it was: it ends the step, and the loop goes on.
 * ck_brk (an int, 0 on entry) and ck_rv (of f's result type) are fresh
 * locals of f.  The meaning is f's, so every mode may use the shape;
 * checkpoint.c runs the do statement as the step, and tells a step that
 * left the loop by ck_brk.  Returns inside a checkpoint region nested in
 * the loop stay as they are: the region refuses them.  A binomial(K)
 * loop's body with a continue (and nothing that leaves the loop) becomes
 * do { B } while (0) alone: its trip count stays fixed.
 */
#include "ckc.h"

typedef struct Shaper {
	Program *p;
	Func *f;
	int brk;     /* ck_brk */
	int rv;      /* ck_rv, or -1 */
	int rets;    /* returns rewritten in the loop being shaped */
	int brks;    /* and breaks of the loop */
	Stmt *decls; /* declarations of ck_brk and ck_rv, put at the top of
			f's body once the walk is done */
} Shaper;

/* What s, inside the loop's body with depth inner loops around it, does
 * to the loop: SH_CONTINUE if it ends a step early, SH_LEAVE if it leaves
 * the loop (or both). */
enum { SH_CONTINUE = 1, SH_LEAVE = 2 };

static int sh_jumps(const Stmt *s, int depth)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case S_BLOCK: {
		int j = 0;
		for (int i = 0; i < s->u.block.n; i++)
			j |= sh_jumps(s->u.block.items[i], depth);
		return j;
	}
	case S_IF:
		return sh_jumps(s->u.ifs.then, depth) |
		       sh_jumps(s->u.ifs.els, depth);
	case S_FOR:
	case S_WHILE:
	case S_DO:
		return sh_jumps(s->u.loop.body, depth + 1);
	case S_CHECKPOINT:
		return 0; /* a region refuses what leaves it */
	case S_BREAK:
		return depth == 0 ? SH_LEAVE : 0;
	case S_CONTINUE:
		return depth == 0 ? SH_CONTINUE : 0;
	case S_RETURN:
		return SH_LEAVE;
	default:
		return 0;
	}
}

static int sh_exits(const Stmt *s, int depth)
{
	return sh_jumps(s, depth) != 0;
}

/* A binomial loop's body with a continue, and nothing that leaves the
 * loop, is one step as do { B } while (0), where the continue ends the
 * step (the loop's trip count stays fixed). */
static void sh_continue_step(Stmt *loop)
{
	if (sh_jumps(loop->u.loop.body, 0) != SH_CONTINUE)
		return;
	Stmt *step = stmt_new(S_DO, loop->loc);
	step->u.loop.cond = expr_int(0, loop->loc);
	step->u.loop.body = loop->u.loop.body;
	Stmt *b = stmt_block(loop->loc);
	stmt_append(b, step);
	loop->u.loop.body = b;
}

static Stmt *sh_set(Shaper *sh, int v, int k, Loc loc)
{
	return stmt_assign(A_SET, expr_var(sh->f, v, loc), expr_int(k, loc),
			   loc);
}

/* `if (ck_brk) break;` */
static Stmt *sh_leave_if(Shaper *sh, Loc loc)
{
	Stmt *s = stmt_new(S_IF, loc);
	s->u.ifs.cond = expr_var(sh->f, sh->brk, loc);
	s->u.ifs.then = stmt_block(loc);
	stmt_append(s->u.ifs.then, stmt_new(S_BREAK, loc));
	return s;
}

/* Rewrites *sp (see the top comment); depth: inner loops around it. */
static void sh_rewrite(Shaper *sh, Stmt **sp, int depth)
{
	Stmt *s = *sp;
	Loc loc = s->loc;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			sh_rewrite(sh, &s->u.block.items[i], depth);
		return;
	case S_IF:
		sh_rewrite(sh, &s->u.ifs.then, depth);
		if (s->u.ifs.els)
			sh_rewrite(sh, &s->u.ifs.els, depth);
		return;
	case S_FOR:
	case S_WHILE:
	case S_DO: {
		int before = sh->rets;
		sh_rewrite(sh, &s->u.loop.body, depth + 1);
		if (sh->rets == before)
			return;
		Stmt *b = stmt_block(loc);
		stmt_append(b, s);
		stmt_append(b, sh_leave_if(sh, loc));
		*sp = b;
		return;
	}
	case S_BREAK:
		if (depth == 0) {
			sh->brks++;
			Stmt *b = stmt_block(loc);
			stmt_append(b, sh_set(sh, sh->brk, 1, loc));
			stmt_append(b, s);
			*sp = b;
		}
		return;
	case S_RETURN: {
		Stmt *b = stmt_block(loc);
		if (s->u.expr)
			stmt_append(b,
				    stmt_assign(A_SET,
						expr_var(sh->f, sh->rv, loc),
						s->u.expr, loc));
		stmt_append(b, sh_set(sh, sh->brk, 2, loc));
		stmt_append(b, stmt_new(S_BREAK, loc));
		sh->rets++;
		*sp = b;
		return;
	}
	default:
		return;
	}
}

/* A fresh local of f, declared (with a zero) at the top of its body. */
static int sh_local(Shaper *sh, const char *base, Type *t)
{
	Loc loc = sh->f->body->loc;
	int v = func_add_var(sh->f, name_fresh(sh->p, sh->f, base), t,
			     VAR_LOCAL, loc);
	stmt_append(sh->decls, stmt_decl_zero(sh->f, v, loc));
	return v;
}

static void sh_walk_single(Shaper *sh, Stmt **sp);

/* Does s hold a return (not inside a nested checkpoint region)? */
static int sh_returns(const Stmt *s)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++)
			if (sh_returns(s->u.block.items[i]))
				return 1;
		return 0;
	case S_IF:
		return sh_returns(s->u.ifs.then) || sh_returns(s->u.ifs.els);
	case S_FOR:
	case S_WHILE:
	case S_DO:
		return sh_returns(s->u.loop.body);
	case S_RETURN:
		return 1;
	default:
		return 0;
	}
}

/* Shapes online loop ck (an S_CHECKPOINT); returns the statement that
 * must follow it (the return of f's result), or NULL. */
static Stmt *sh_loop(Shaper *sh, Stmt *ck)
{
	Stmt *loop = ck->u.ckpt.body;
	Loc loc = loop->loc;
	if (!sh_exits(loop->u.loop.body, 0))
		return NULL;
	if (sh->brk < 0)
		sh->brk = sh_local(sh, "ck_brk", type_int());
	if (sh->rv < 0 && sh->f->ret && sh->f->ret->kind != TY_VOID &&
	    sh_returns(loop->u.loop.body))
		sh->rv = sh_local(sh, "ck_rv", sh->f->ret);
	sh->rets = sh->brks = 0;
	Stmt *step = stmt_new(S_DO, loc);
	step->u.loop.cond = expr_int(0, loc);
	step->u.loop.body = loop->u.loop.body;
	if (step->u.loop.body->kind != S_BLOCK) {
		Stmt *b = stmt_block(loc);
		stmt_append(b, step->u.loop.body);
		step->u.loop.body = b;
	}
	sh_rewrite(sh, &step->u.loop.body, 0);
	Stmt *body = stmt_block(loc);
	stmt_append(body, sh_set(sh, sh->brk, 0, loc));
	stmt_append(body, step);
	stmt_append(body, sh_leave_if(sh, loc));
	loop->u.loop.body = body;
	ck->u.ckpt.brk = sh->brk + 1;
	if (!sh->rets)
		return NULL;
	Stmt *ret = stmt_new(S_RETURN, loc);
	if (sh->rv >= 0)
		ret->u.expr = expr_var(sh->f, sh->rv, loc);
	/* a loop that only a return leaves (while (1), for (;;)) returns
	 * after it in every case, as f does */
	const Expr *c = loop->u.loop.cond;
	if (!sh->brks && (!c || (c->kind == E_NUM && c->u.num.is_int &&
				 c->u.num.ival != 0)))
		return ret;
	Stmt *iff = stmt_new(S_IF, loc);
	iff->u.ifs.cond = expr_binary(B_EQ, expr_var(sh->f, sh->brk, loc),
				      expr_int(2, loc), NULL, loc);
	iff->u.ifs.then = stmt_block(loc);
	stmt_append(iff->u.ifs.then, ret);
	return iff;
}

/* Walks *sp; returns a statement to put after it (see sh_loop). */
static Stmt *sh_walk(Shaper *sh, Stmt **sp)
{
	Stmt *s = *sp;
	if (!s)
		return NULL;
	switch (s->kind) {
	case S_BLOCK:
		for (int i = 0; i < s->u.block.n; i++) {
			Stmt *after = sh_walk(sh, &s->u.block.items[i]);
			if (!after)
				continue;
			stmt_append(s, after); /* grows the block */
			for (int k = s->u.block.n - 1; k > i + 1; k--)
				s->u.block.items[k] = s->u.block.items[k - 1];
			s->u.block.items[i + 1] = after;
			i++;
		}
		return NULL;
	case S_IF:
		sh_walk_single(sh, &s->u.ifs.then);
		sh_walk_single(sh, &s->u.ifs.els);
		return NULL;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		sh_walk_single(sh, &s->u.loop.body);
		return NULL;
	case S_CHECKPOINT: {
		Stmt *body = s->u.ckpt.body;
		int loop = body->kind == S_FOR || body->kind == S_WHILE ||
			   body->kind == S_DO;
		/* inner loops first: their returns become this loop's */
		sh_walk_single(sh,
			       loop ? &body->u.loop.body : &s->u.ckpt.body);
		if ((s->u.ckpt.online || s->u.ckpt.budget) && loop)
			return sh_loop(sh, s);
		if (s->u.ckpt.binomial && body->kind == S_FOR)
			sh_continue_step(body);
		return NULL;
	}
	default:
		return NULL;
	}
}

/* sh_walk on a statement that is not an item of a block: what must
 * follow it goes with it into a new block. */
static void sh_walk_single(Shaper *sh, Stmt **sp)
{
	Stmt *after = sh_walk(sh, sp);
	if (!after)
		return;
	Stmt *b = stmt_block((*sp)->loc);
	stmt_append(b, *sp);
	stmt_append(b, after);
	*sp = b;
}

void online_shape(Program *p, Func *f)
{
	Shaper sh;
	sh.p = p;
	sh.f = f;
	sh.brk = -1;
	sh.rv = -1;
	sh.rets = 0;
	sh.decls = stmt_block(f->body->loc);
	sh_walk_single(&sh, &f->body);
	int n = sh.decls->u.block.n;
	if (!n)
		return;
	Stmt *body = f->body;
	for (int i = 0; i < n; i++) /* grows the block */
		stmt_append(body, sh.decls->u.block.items[i]);
	for (int i = body->u.block.n - 1; i >= n; i--)
		body->u.block.items[i] = body->u.block.items[i - n];
	for (int i = 0; i < n; i++)
		body->u.block.items[i] = sh.decls->u.block.items[i];
}
