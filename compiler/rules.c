/*
 * rules.c - the math.h derivative rules of rules.def, turned into IR.
 *
 * Each partial derivative is a small C expression over the arguments a and
 * b.  rules_partial parses it with a recursive-descent parser and builds IR
 * in which a and b are clones of the call's arguments.
 *
 *   expr    = compare ["?" expr ":" expr]
 *   compare = sum [("<" | "<=" | ">" | ">=" | "==") sum]
 *   sum     = product {("+" | "-") product}
 *   product = unary {("*" | "/") unary}
 *   unary   = "-" unary | primary
 *   primary = number | "a" | "b" | "c" | name "(" expr {"," expr} ")"
 *             | "(" expr ")"
 */
#include "ckc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const MathRule rules_table[] = {
#define CK_RULE(name, fname, arity, da, db)                                   \
	{ #name, #fname, arity, { da, db, NULL } },
#define CK_RULE3(name, fname, da, db, dc) { #name, #fname, 3, { da, db, dc } },
#include "rules.def"
#undef CK_RULE
#undef CK_RULE3
};

const MathRule *rules_find(const char *name)
{
	size_t n = sizeof rules_table / sizeof rules_table[0];
	for (size_t i = 0; i < n; i++)
		if (strcmp(rules_table[i].name, name) == 0 ||
		    strcmp(rules_table[i].fname, name) == 0)
			return &rules_table[i];
	return NULL;
}

int rules_is_float_variant(const MathRule *r, const char *name)
{
	return strcmp(r->fname, name) == 0;
}

int rules_cheap(const char *name)
{
	/* (the step functions too: one instruction each, and a derivative
	 * that reads no value, so nothing would read a taped one) */
	static const char *const cheap[] = {
		"fabs",    "fabsf",    "fmin",      "fminf",     "fmax",
		"fmaxf",   "copysign", "copysignf", "floor",     "floorf",
		"ceil",    "ceilf",    "trunc",     "truncf",    "round",
		"roundf",  "rint",     "rintf",     "nearbyint", "nearbyintf",
		"ck_mulz", "ck_mulzf", /* a product; its factors may be
					  tangents (rules_mul) */
	};
	for (size_t k = 0; k < sizeof cheap / sizeof *cheap; k++)
		if (!strcmp(name, cheap[k]))
			return 1;
	return 0;
}

int rules_singular(const MathRule *r)
{
	static const char *const sing[] = {
		"sqrt",  "cbrt", "asin", "acos", "acosh",   "atan2",
		"hypot", "pow",  "fmin", "fmax", "ck_mulz",
	};
	for (size_t k = 0; k < sizeof sing / sizeof *sing; k++)
		if (!strcmp(r->name, sing[k]))
			return 1;
	return 0;
}

static int rp_const(const Expr *e, double *v);

static int strong_zero = 1;

void rules_set_strong_zero(int on)
{
	strong_zero = on;
}

Expr *rules_mul(const MathRule *r, const Expr *call, int i, Expr *partial,
		Expr *d, Loc loc)
{
	double b;
	if (!strong_zero || !rules_singular(r) || partial->kind == E_NUM)
		return NULL;
	/* pow(a, 3.0): b * pow(a, b - 1) is finite for a constant b >= 1 */
	if (!strcmp(r->name, "pow") && i == 0 && call->u.call.nargs == 2 &&
	    rp_const(call->u.call.args[1], &b) && b >= 1)
		return NULL;
	Type *t = type_common(partial->type, d->type);
	return expr_call_n(t->kind == TY_FLOAT ? "ck_mulzf" : "ck_mulz", t,
			   loc, partial, d, NULL);
}

int rules_costly_call(const Expr *e)
{
	return e->kind == E_CALL && e->u.call.fn < 0 &&
	       type_is_float(e->type) && !rules_cheap(e->u.call.name) &&
	       expr_reads_data(e);
}

/* Parser state: the template text, the call it is instantiated for. */
typedef struct RuleParser {
	const char *s;
	const char *text;
	const Expr *call;
	int is_float;
	Type *type;
} RuleParser;

static Expr *rp_expr(RuleParser *rp);

static void rp_skip(RuleParser *rp)
{
	while (isspace((unsigned char)*rp->s))
		rp->s++;
}

static int rp_accept(RuleParser *rp, const char *tok)
{
	rp_skip(rp);
	size_t n = strlen(tok);
	if (strncmp(rp->s, tok, n) != 0)
		return 0;
	/* "<" must not match the start of "<=" */
	if ((tok[0] == '<' || tok[0] == '>') && n == 1 && rp->s[1] == '=')
		return 0;
	rp->s += n;
	return 1;
}

static void rp_expect(RuleParser *rp, const char *tok)
{
	if (!rp_accept(rp, tok))
		diag_internal(__FILE__, __LINE__,
			      arena_printf("bad derivative rule '%s'",
					   rp->text));
}

static Expr *rp_primary(RuleParser *rp)
{
	Loc loc = rp->call->loc;
	rp_skip(rp);
	if (rp_accept(rp, "(")) {
		Expr *e = rp_expr(rp);
		rp_expect(rp, ")");
		return e;
	}
	if (isdigit((unsigned char)*rp->s)) {
		char *end;
		double v = strtod(rp->s, &end);
		rp->s = end;
		return expr_num(v, rp->type, loc);
	}
	const char *start = rp->s;
	while (isalnum((unsigned char)*rp->s) || *rp->s == '_')
		rp->s++;
	size_t n = (size_t)(rp->s - start);
	if (n == 1 && (start[0] == 'a' || start[0] == 'b' ||
		       (start[0] == 'c' && rp->call->u.call.nargs == 3)))
		return expr_clone(rp->call->u.call.args[start[0] - 'a']);
	if (n == 0)
		rp_expect(rp, "<name>");
	char *name = arena_alloc(n + 2);
	memcpy(name, start, n);
	if (rp->is_float)
		name[n] = 'f';
	Expr **args = NULL;
	int nargs = 0;
	rp_expect(rp, "(");
	do
		ARENA_PUSH(args, nargs, rp_expr(rp));
	while (rp_accept(rp, ","));
	rp_expect(rp, ")");
	return expr_call(name, -1, args, nargs, rp->type, loc);
}

static Expr *rp_unary(RuleParser *rp)
{
	if (rp_accept(rp, "-"))
		return expr_unary(U_NEG, rp_unary(rp), rp->call->loc);
	return rp_primary(rp);
}

static Expr *rp_product(RuleParser *rp)
{
	Expr *e = rp_unary(rp);
	for (;;) {
		BinOp op;
		if (rp_accept(rp, "*"))
			op = B_MUL;
		else if (rp_accept(rp, "/"))
			op = B_DIV;
		else
			return e;
		e = expr_binary(op, e, rp_unary(rp), NULL, rp->call->loc);
	}
}

static Expr *rp_sum(RuleParser *rp)
{
	Expr *e = rp_product(rp);
	for (;;) {
		BinOp op;
		if (rp_accept(rp, "+"))
			op = B_ADD;
		else if (rp_accept(rp, "-"))
			op = B_SUB;
		else
			return e;
		e = expr_binary(op, e, rp_product(rp), NULL, rp->call->loc);
	}
}

/* Is e a number, or arithmetic of numbers (2.0 - 1.0, the exponent of
 * pow's second partial), through casts?  Its value in *v. */
static int rp_const(const Expr *e, double *v)
{
	double l, r;
	while (e->kind == E_CAST)
		e = e->u.e;
	switch (e->kind) {
	case E_NUM:
		*v = e->u.num.val;
		return 1;
	case E_UNARY:
		if (e->u.un.op != U_NEG || !rp_const(e->u.un.e, &l))
			return 0;
		*v = -l;
		return 1;
	case E_BINARY:
		if (!rp_const(e->u.bin.l, &l) || !rp_const(e->u.bin.r, &r))
			return 0;
		switch (e->u.bin.op) {
		case B_ADD:
			*v = l + r;
			return 1;
		case B_SUB:
			*v = l - r;
			return 1;
		case B_MUL:
			*v = l * r;
			return 1;
		default:
			return 0;
		}
	default:
		return 0;
	}
}

/* A comparison of two numbers (pow(x, 3.0)'s b == 0) is decided here, so
 * that ?: keeps only its arm. */
static Expr *rp_compare(RuleParser *rp)
{
	static const struct {
		const char *tok;
		BinOp op;
	} ops[] = { { "<=", B_LE },
		    { ">=", B_GE },
		    { "==", B_EQ },
		    { "<", B_LT },
		    { ">", B_GT } };
	Expr *e = rp_sum(rp);
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
		if (!rp_accept(rp, ops[i].tok))
			continue;
		Expr *r = rp_sum(rp);
		double x, y;
		if (rp_const(e, &x) && rp_const(r, &y)) {
			BinOp op = ops[i].op;
			return expr_int(op == B_LE   ? x <= y
					: op == B_GE ? x >= y
					: op == B_EQ ? x == y
					: op == B_LT ? x < y
						     : x > y,
					rp->call->loc);
		}
		return expr_binary(ops[i].op, e, r, NULL, rp->call->loc);
	}
	return e;
}

static Expr *rp_expr(RuleParser *rp)
{
	Expr *c = rp_compare(rp);
	if (!rp_accept(rp, "?"))
		return c;
	Expr *a = rp_expr(rp);
	rp_expect(rp, ":");
	Expr *b = rp_expr(rp);
	double v;
	if (rp_const(c, &v))
		return v != 0 ? a : b;
	if (expr_equal(a, b)) /* a guard that a number decided inside */
		return a;
	return expr_cond(c, a, b, rp->call->loc);
}

Expr *rules_partial(const MathRule *r, const Expr *call, int i)
{
	ck_assert(i >= 0 && i < r->arity && call->kind == E_CALL);
	RuleParser rp;
	rp.text = rp.s = r->d[i];
	rp.call = call;
	rp.is_float = rules_is_float_variant(r, call->u.call.name);
	rp.type = call->type;
	Expr *e = rp_expr(&rp);
	rp_skip(&rp);
	if (*rp.s)
		rp_expect(&rp, "<end>");
	return e;
}
