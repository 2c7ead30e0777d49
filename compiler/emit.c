/*
 * emit.c - IR -> C text: the generated .c file and its .h.
 *
 * Expressions get the fewest parentheses C's precedence needs, plus those
 * gcc's -Wparentheses asks for; statements go one per line, tab-indented,
 * with K&R braces and every if/loop body braced.  The text depends on the
 * IR alone, so the same input always gives the same bytes.
 *
 * emit_c also makes the generated file self-sufficient: it declares the
 * user's functions and globals that generated code uses, and copies the
 * static ones (with their static callees) so nothing needs model.c's
 * internals.
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ckc.h"

typedef struct Emitter {
	FILE *out;
	const Program *p;
	const Func *f; /* the function whose variables E_VAR names, or NULL */
	/* var id -> the name printed instead (a parallel loop's partial
	 * result), or NULL; the array itself may be NULL */
	const char **alias;
	/* the wide copy of vector mode being emitted (emit_copies), else
	 * NULL */
	const struct WideLevel *wide;
	/* the fixed number of directions of the copy being emitted
	 * (emit_copies), else 0 */
	int nd;
} Emitter;

/* Precedence levels beyond the binary operators' (ir_binop_prec). */
enum {
	PREC_TOP = 0, /* a full expression: statement, argument, index */
	PREC_COND = 3,
	PREC_UNARY = 14,
	PREC_POSTFIX = 15,
	PREC_PRIMARY = 16
};

static void emit_stmt(Emitter *em, const Stmt *s, int depth);
static void emit_func_em(Emitter *em, const Func *f);
static void print_expr(Emitter *em, const Expr *e, int ctx);

/* An emitter of f's code (f NULL: outside functions) into out. */
static void emitter_init(Emitter *em, FILE *out, const Program *p,
			 const Func *f)
{
	em->out = out;
	em->p = p;
	em->f = f;
	em->alias = NULL;
	em->wide = NULL;
	em->nd = 0;
}

/* ------------------------------------------------------------ types */

/* The declaration specifiers of t: the qualified type at the bottom of its
 * pointers and arrays ("const double").  A const array is an array of
 * const elements. */
static const char *type_specifier(const Type *t)
{
	int is_const = 0;
	const char *name;

	for (; t->kind == TY_PTR || t->kind == TY_ARRAY; t = t->base)
		is_const = t->kind == TY_ARRAY && (is_const || t->is_const);
	switch (t->kind) {
	case TY_VOID:
		name = "void";
		break;
	case TY_FLOAT:
		name = "float";
		break;
	case TY_DOUBLE:
		name = "double";
		break;
	default:
		name = t->name;
		break;
	}
	ck_assert(name != NULL);
	return is_const || t->is_const ? arena_printf("const %s", name) : name;
}

/* The declarator of t around inner, a name or "" for an abstract
 * declarator: "*const p", "a[10]", "(*p)[4]", "*". */
static const char *type_declarator(const Type *t, const char *inner)
{
	for (; t->kind == TY_PTR || t->kind == TY_ARRAY; t = t->base) {
		if (t->kind == TY_ARRAY) {
			inner = t->vla_nd == 1
					? arena_printf("%s[ck_nd]", inner)
				: t->vla_nd == 2
					? arena_printf("%s[%ld * ck_nd]",
						       inner, t->len)
				: t->rows
					? arena_printf("%s%s", inner, t->rows)
				: t->len > 0 ? arena_printf("%s[%ld]", inner,
							    t->len)
					     : arena_printf("%s[]", inner);
			continue;
		}
		const char *q = t->is_const && t->is_restrict ? "const restrict"
				: t->is_const ? "const"
				: t->is_restrict ? "restrict" : "";
		inner = arena_printf("*%s%s%s", q, *q && *inner ? " " : "",
				     inner);
		if (t->base->kind == TY_ARRAY)
			inner = arena_printf("(%s)", inner);
	}
	return inner;
}

/* A declaration of name with type t ("const double *x"); name NULL or ""
 * gives the type name ("const double *"). */
static const char *type_decl(const Type *t, const char *name)
{
	const char *d = type_declarator(t, name ? name : "");

	return *d ? arena_printf("%s %s", type_specifier(t), d)
		  : type_specifier(t);
}

/* --------------------------------------------------------- literals */

static const struct {
	const char *type, *suffix;
} int_suffixes[] = {
	{ "unsigned int", "U" },
	{ "unsigned", "U" },
	{ "long", "L" },
	{ "long int", "L" },
	{ "unsigned long", "UL" },
	{ "unsigned long int", "UL" },
	{ "long long", "LL" },
	{ "long long int", "LL" },
	{ "unsigned long long", "ULL" },
	{ "unsigned long long int", "ULL" },
};

/* The suffix an integer literal of type t needs; "" for int and types
 * narrower than int (their literals are ints anyway). */
static const char *int_suffix(const Type *t)
{
	size_t i;

	if (!t || t->kind != TY_INT || !t->name)
		return "";
	for (i = 0; i < sizeof int_suffixes / sizeof int_suffixes[0]; i++)
		if (strcmp(t->name, int_suffixes[i].type) == 0)
			return int_suffixes[i].suffix;
	return "";
}

static const char *int_literal(long long v, const Type *t)
{
	const char *sfx = int_suffix(t);

	if (strcmp(sfx, "U") == 0)
		return arena_printf("%uU", (unsigned)v);
	if (sfx[0] == 'U')
		return arena_printf("%llu%s", (unsigned long long)v, sfx);
	if (v == LLONG_MIN) /* -9223372036854775808 is not a literal */
		return arena_printf("(-%lld%s - 1)", LLONG_MAX, sfx);
	return arena_printf("%lld%s", v, sfx);
}

static int reads_back(const char *s, double v, int is_float)
{
	return is_float ? strtof(s, NULL) == (float)v : strtod(s, NULL) == v;
}

/* Writes the decimal digits and exponent of the shortest %e spelling of
 * v >= 0 that reads back as v: v = d.ddd * 10^*exp, no trailing zeros. */
static void shortest_digits(double v, int is_float, char *digits, int *exp)
{
	char buf[40], *e;
	int prec, n = 0;

	for (prec = 0; prec < (is_float ? 9 : 17); prec++) {
		snprintf(buf, sizeof buf, "%.*e", prec, v);
		if (reads_back(buf, v, is_float))
			break;
	}
	e = strchr(buf, 'e');
	*exp = atoi(e + 1);
	for (const char *c = buf; c < e; c++)
		if (*c != '.')
			digits[n++] = *c;
	while (n > 1 && digits[n - 1] == '0')
		n--;
	digits[n] = '\0';
}

/* Spells digits d (n of them, value d.ddd * 10^x) in exponent form at s:
 * "1e-10", "2.5e20". */
static int exp_form(char *s, const char *d, int n, int x)
{
	return sprintf(s, "%c%s%se%d", d[0], n > 1 ? "." : "", d + 1, x);
}

/* The same in positional form, with a '.': "0.001", "100.0", "1.5". */
static int plain_form(char *s, const char *d, int n, int x)
{
	int i, k = 0;

	if (x < 0) {
		k += sprintf(s, "0.");
		for (i = 1; i < -x; i++)
			s[k++] = '0';
		return k + sprintf(s + k, "%s", d);
	}
	for (i = 0; i <= x; i++)
		s[k++] = i < n ? d[i] : '0';
	return k + sprintf(s + k, ".%s", x + 1 < n ? d + x + 1 : "0");
}

/* The shortest decimal that reads back as v (as a float when is_float),
 * always with a '.' or an exponent.  Positional unless the exponent form
 * is shorter for small numbers ("1e-3", but "0.01") or the number is
 * large or ends in 5 or more zeros ("2.5e20", "1e5", but "1000.0"). */
static const char *float_literal(double v, int is_float)
{
	char d[40], s[128], e[64];
	int x, n, k = 0, elen;

	if (is_float)
		v = (float)v;
	/* INFINITY, HUGE_VAL, NAN in the input: math.h's C99 macros (the
	 * output always includes math.h) */
	if (isinf(v))
		return arena_printf("%sHUGE_VAL%s", v < 0 ? "-" : "",
				    is_float ? "F" : "");
	if (isnan(v))
		return signbit(v) ? "-NAN" : "NAN";
	shortest_digits(fabs(v), is_float, d, &x);
	n = (int)strlen(d);
	if (signbit(v))
		s[k++] = '-';
	elen = exp_form(e, d, n, x);
	if (x < 0 ? elen < 1 - x + n : x > 15 || x - (n - 1) >= 5)
		k += sprintf(s + k, "%s", e);
	else
		k += plain_form(s + k, d, n, x);
	if (is_float)
		s[k++] = 'f';
	s[k] = '\0';
	ck_assert(reads_back(s, v, is_float));
	return arena_strdup(s);
}

/* A literal prints as an integer unless its type is floating. */
static int num_is_int(const Expr *e)
{
	if (!e->type)
		return e->u.num.is_int;
	return e->type->kind != TY_FLOAT && e->type->kind != TY_DOUBLE;
}

static int num_is_negative(const Expr *e)
{
	return num_is_int(e) ? e->u.num.ival < 0 : signbit(e->u.num.val) != 0;
}

static const char *num_literal(const Expr *e)
{
	if (num_is_int(e))
		return int_literal(e->u.num.ival, e->type);
	return float_literal(e->u.num.val,
			     e->type && e->type->kind == TY_FLOAT);
}

/* ------------------------------------------------------ expressions */

static int expr_prec(const Expr *e)
{
	if (e->spelled)
		return PREC_POSTFIX;
	switch (e->kind) {
	case E_BINARY:
		return ir_binop_prec[e->u.bin.op];
	case E_COND:
		return PREC_COND;
	case E_UNARY:
	case E_DEREF:
	case E_ADDR:
	case E_CAST:
		return PREC_UNARY;
	case E_CALL:
	case E_INDEX:
	case E_MEMBER:
		return PREC_POSTFIX;
	default:
		return PREC_PRIMARY;
	}
}

typedef enum OpGroup {
	G_ARITH,
	G_SHIFT,
	G_COMPARE,
	G_BITWISE,
	G_LOGIC
} OpGroup;

/* The operator's family, from its precedence level in CK_BINOPS. */
static OpGroup binop_group(BinOp op)
{
	int prec = ir_binop_prec[op];

	if (prec >= 12) /* * / % + - */
		return G_ARITH;
	if (prec == 11) /* << >> */
		return G_SHIFT;
	if (prec >= 9) /* < > <= >= == != */
		return G_COMPARE;
	return prec >= 6 ? G_BITWISE : G_LOGIC; /* & ^ | : && || */
}

/* Operands that get parentheses although precedence does not need them,
 * the cases gcc -Wall warns about (-Wparentheses, -Wlogical-not-
 * parentheses) and a few more for the reader: && inside ||; arithmetic
 * inside a shift; comparisons inside comparisons; anything but the same
 * operator inside a bitwise operator; !x compared or in a bitwise
 * operator. */
static int wants_parens(BinOp parent, const Expr *child)
{
	OpGroup g = binop_group(parent), cg;

	if (child->kind == E_UNARY && child->u.un.op == U_NOT)
		return g == G_COMPARE || g == G_BITWISE;
	if (child->kind != E_BINARY)
		return 0;
	cg = binop_group(child->u.bin.op);
	switch (g) {
	case G_LOGIC:
		return parent == B_LOR && child->u.bin.op == B_LAND;
	case G_SHIFT:
		return cg == G_ARITH;
	case G_COMPARE:
		return cg == G_COMPARE;
	case G_BITWISE:
		return child->u.bin.op != parent;
	default:
		return 0;
	}
}

/* The context precedence for the test of c ? a : b: arithmetic, shift
 * and bitwise tests are parenthesized (clang's -Wparentheses). */
static int cond_test_prec(const Expr *c)
{
	if (c->kind == E_BINARY && binop_group(c->u.bin.op) != G_COMPARE &&
	    binop_group(c->u.bin.op) != G_LOGIC)
		return PREC_PRIMARY;
	return PREC_COND + 1;
}

static void print_unary(Emitter *em, const Expr *e)
{
	const Expr *x = e->u.un.e;
	const char *op = ir_unop_spelling[e->u.un.op];

	fputs(op, em->out);
	/* -(-x), +(+x): never "--x"; negative literals get parens anyway. */
	if (x->kind == E_UNARY && ir_unop_spelling[x->u.un.op][0] == op[0]) {
		fputc('(', em->out);
		print_expr(em, x, PREC_TOP);
		fputc(')', em->out);
	} else {
		print_expr(em, x, PREC_UNARY);
	}
}

static void print_binary(Emitter *em, const Expr *e)
{
	BinOp op = e->u.bin.op;
	int prec = ir_binop_prec[op];
	const Expr *l = e->u.bin.l, *r = e->u.bin.r;

	print_expr(em, l, wants_parens(op, l) ? PREC_PRIMARY : prec);
	fprintf(em->out, " %s ", ir_binop_spelling[op]);
	print_expr(em, r, wants_parens(op, r) ? PREC_PRIMARY : prec + 1);
}

/* Vector mode's copies (emit_copies).  Wide copies: the vector functions
 * compiled again for a wider instruction set, named with a suffix, and
 * run by the public ones where the processor has it, widest first.
 * Fixed copies: at each level (the file's own instruction set and each
 * wide one), the vector functions again for 16 and for 8 directions,
 * with ck_nd a constant instead of a parameter, so that the compiler
 * keeps a statement's directions in registers; the public ones run them
 * for those counts. */
typedef struct WideLevel {
	const char *suffix; /* appended to each vector function's name */
	const char *target; /* gcc's and clang's target("...") */
	const char *width;  /* doubles per vector (CKC_FIXED_DIRECTIONS) */
} WideLevel;

static const WideLevel wide_levels[] = {
	{ "_ck512", "avx512f", "8" },
	{ "_ck256", "avx2", "4" },
};
#define NWIDE ((int)(sizeof wide_levels / sizeof wide_levels[0]))

/* the direction counts of the fixed copies, the most first */
static const int fixed_nds[] = { 16, 8 };
#define NFIXED ((int)(sizeof fixed_nds / sizeof fixed_nds[0]))

/* Does the file define vector-mode functions? */
static int has_vector(const Program *p)
{
	int i;

	for (i = 0; i < p->nout; i++)
		if (p->out[i]->vector)
			return 1;
	return 0;
}

/* Does the file get vector mode's copies: vector functions, and public
 * ones whose parameters all have names, for their dispatch to pass on?
 * (A copy that nothing calls would fail -Wunused-function.) */
static int copies_ok(const Program *p)
{
	int i, j;

	if (!has_vector(p))
		return 0;
	for (i = 0; i < p->nout; i++) {
		const Func *f = p->out[i];
		if (!f->vector || f->is_static)
			continue;
		for (j = 0; j < f->nparams; j++)
			if (!f->vars[f->params[j]]->name ||
			    !*f->vars[f->params[j]]->name)
				return 0;
	}
	return 1;
}

/* Where ck_nd is among vector function f's parameters (vector.c adds it
 * under that name, which nothing else in f may have). */
static int nd_param(const Func *f)
{
	int i;

	for (i = 0; i < f->nparams; i++)
		if (!strcmp(f->vars[f->params[i]]->name, "ck_nd"))
			return i;
	ck_assert(!"a vector function without ck_nd");
	return -1;
}

/* The name of vector function NAME's copy for level w (NULL: the
 * file's own) and nd directions (0: any number). */
static const char *copy_name(const char *name, const WideLevel *w, int nd)
{
	if (!w && !nd)
		return name;
	if (!nd)
		return arena_printf("%s%s", name, w->suffix);
	return arena_printf("%s%s_n%d", name, w ? w->suffix : "", nd);
}

/* The function call e names, with its parameters: the program's, a
 * generated one or an external one; NULL for libckrt's and the system's. */
static const Func *call_target(const Program *p, const Expr *e)
{
	int i;

	if (e->u.call.fn >= 0)
		return p->funcs[e->u.call.fn];
	for (i = 0; i < p->nout; i++)
		if (strcmp(p->out[i]->name, e->u.call.name) == 0)
			return p->out[i];
	for (i = 0; i < p->nexterns; i++)
		if (strcmp(p->externs[i]->name, e->u.call.name) == 0)
			return p->externs[i];
	return NULL;
}

/* Is t a pointer to (or an array of) rows of a fixed length whose
 * elements are const (readonly) or not? */
static int fixed_rows(const Type *t, int readonly)
{
	return type_is_pointerish(t) && t->base->kind == TY_ARRAY &&
	       !t->base->rows && !t->base->vla_nd &&
	       type_is_readonly(t->base) == readonly;
}

/* The type of argument a as the function being emitted declares it: a
 * local array (or an element of one) has its variable's type, which may
 * have lost the const of f's expressions (f_fwd's copy of a const table
 * is writable: f_fwd stores its values). */
static const Type *arg_type(const Emitter *em, const Expr *a)
{
	const Expr *r = a;
	const Type *t;
	int depth = 0;

	/* A + k, &A[k]: a pointer to the rows of what A is declared as */
	if (a->kind == E_BINARY &&
	    (a->u.bin.op == B_ADD || a->u.bin.op == B_SUB) &&
	    type_is_pointerish(a->type)) {
		t = arg_type(em, a->u.bin.l);
		return t != a->u.bin.l->type && t->kind == TY_ARRAY
			       ? type_ptr(t->base)
			       : a->type;
	}
	if (a->kind == E_ADDR && a->u.e->kind == E_INDEX) {
		t = arg_type(em, a->u.e);
		return t != a->u.e->type && t->kind == TY_ARRAY
			       ? type_ptr((Type *)t)
			       : a->type;
	}
	for (; r->kind == E_INDEX; r = r->u.index.base)
		depth++;
	if (r->kind != E_VAR || !em->f)
		return a->type;
	t = em->f->vars[r->u.var]->type;
	for (; depth > 0 && t->kind == TY_ARRAY; depth--)
		t = t->base;
	return depth == 0 && t->kind == TY_ARRAY ? t : a->type;
}

/* A call.  An argument that points to rows of writable elements, passed
 * to a parameter that points to rows of const ones (f_bwd_d's y_d of an
 * output y, f_fwd's copy of a const local table), is cast to the
 * parameter's type: C before C2X does not convert double (*)[2] to
 * const double (*)[2] by itself (gcc -pedantic says so). */
static void print_call(Emitter *em, const Expr *e)
{
	const Func *g = NULL;
	int i, looked = 0, skip = -1;

	if (em->wide || em->nd) {
		/* a vector function's copy calls the same copy of another,
		 * which has no ck_nd parameter if fixed */
		g = call_target(em->p, e);
		looked = 1;
		if (g && g->vector) {
			fputs(copy_name(e->u.call.name, em->wide, em->nd),
			      em->out);
			if (em->nd)
				skip = nd_param(g);
		}
	}
	if (!g || !g->vector)
		fputs(e->u.call.name, em->out);
	fputc('(', em->out);
	for (i = 0; i < e->u.call.nargs; i++) {
		const Expr *a = e->u.call.args[i];
		const Type *at = arg_type(em, a);
		if (i == skip) {
			ck_assert(
				a->kind == E_VAR &&
				!strcmp(em->f->vars[a->u.var]->name, "ck_nd"));
			continue;
		}
		if (i > (skip == 0))
			fputs(", ", em->out);
		if (fixed_rows(at, 0) && !looked) {
			g = call_target(em->p, e);
			looked = 1;
		}
		if (fixed_rows(at, 0) && g && i < g->nparams) {
			Type *pt = g->vars[g->params[i]]->type;
			if (pt->kind == TY_PTR && fixed_rows(pt, 1)) {
				fprintf(em->out, "(%s)",
					type_decl(type_ptr(pt->base), NULL));
				print_expr(em, a, PREC_UNARY);
				continue;
			}
		}
		print_expr(em, a, PREC_TOP);
	}
	fputc(')', em->out);
}

static void print_expr_bare(Emitter *em, const Expr *e)
{
	FILE *out = em->out;

	if (e->spelled) {
		fputs(e->spelled, out);
		return;
	}
	switch (e->kind) {
	case E_NUM:
		fputs(num_literal(e), out);
		break;
	case E_VAR:
		ck_assert(em->f && e->u.var >= 0 && e->u.var < em->f->nvars);
		fputs(em->alias && em->alias[e->u.var]
			      ? em->alias[e->u.var]
			      : em->f->vars[e->u.var]->name,
		      out);
		break;
	case E_GLOBAL:
		fputs(em->p->globals[e->u.global]->name, out);
		break;
	case E_STR:
		fputs(e->u.str, out);
		break;
	case E_UNARY:
		print_unary(em, e);
		break;
	case E_BINARY:
		print_binary(em, e);
		break;
	case E_COND:
		print_expr(em, e->u.cond.c, cond_test_prec(e->u.cond.c));
		fputs(" ? ", out);
		print_expr(em, e->u.cond.a, PREC_COND + 1);
		fputs(" : ", out);
		print_expr(em, e->u.cond.b, PREC_COND);
		break;
	case E_CALL:
		print_call(em, e);
		break;
	case E_INDEX:
		print_expr(em, e->u.index.base, PREC_POSTFIX);
		fputc('[', out);
		print_expr(em, e->u.index.idx, PREC_TOP);
		fputc(']', out);
		break;
	case E_DEREF:
		fputc('*', out);
		print_expr(em, e->u.e, PREC_UNARY);
		break;
	case E_ADDR:
		fputc('&', out);
		print_expr(em, e->u.e, PREC_UNARY);
		break;
	case E_CAST:
		fprintf(out, "(%s)", type_decl(e->type, NULL));
		print_expr(em, e->u.e, PREC_UNARY);
		break;
	case E_MEMBER: { /* (*p).f prints as p->f */
		const Expr *b = e->u.mem.base;
		const char *name = b->type->st->fields[e->u.mem.field].name;
		if (b->kind == E_DEREF) {
			print_expr(em, b->u.e, PREC_POSTFIX);
			fprintf(out, "->%s", name);
		} else {
			print_expr(em, b, PREC_POSTFIX);
			fprintf(out, ".%s", name);
		}
		break;
	}
	default:
		ck_unreachable();
	}
}

/* Prints e where the context needs precedence ctx or higher.  Negative
 * literals are parenthesized everywhere but at the top: a * (-2.0). */
static void print_expr(Emitter *em, const Expr *e, int ctx)
{
	int paren;

	ck_assert(e != NULL);
	paren = expr_prec(e) < ctx ||
		(e->kind == E_NUM && ctx > PREC_TOP && num_is_negative(e) &&
		 !(num_is_int(e) && e->u.num.ival == LLONG_MIN));
	if (paren)
		fputc('(', em->out);
	print_expr_bare(em, e);
	if (paren)
		fputc(')', em->out);
}

void emit_expr(FILE *out, const Func *f, const Program *p, const Expr *e)
{
	Emitter em;

	emitter_init(&em, out, p, f);
	print_expr(&em, e, PREC_TOP);
}

/* ------------------------------------------------------- statements */

static void indent(Emitter *em, int depth)
{
	while (depth-- > 0)
		fputc('\t', em->out);
}

/* A flat initializer list for an object of type t, braced per row of a
 * multi-dimensional array ({{a, b}, {c}}) and per struct, and its array
 * and struct members, as -Wmissing-braces wants. */
static void print_list(Emitter *em, const Type *t, Expr *const *es, int n)
{
	int i;

	const Type *bottom = t;
	while (bottom->kind == TY_ARRAY)
		bottom = bottom->base;
	if (n == 1 && bottom->kind == TY_STRUCT && es[0]->kind == E_NUM &&
	    es[0]->u.num.is_int && es[0]->u.num.ival == 0) {
		fputs("{0}", em->out); /* a struct's (or array's) zero */
		return;
	}
	if (t->kind == TY_STRUCT && t->st && t->st->complete) {
		fputc('{', em->out);
		i = 0;
		for (int f = 0; f < t->st->nfields && i < n; f++) {
			const Type *ft = t->st->fields[f].type;
			long k = type_scalars(ft);
			if (f > 0)
				fputs(", ", em->out);
			if (ft->kind == TY_ARRAY || ft->kind == TY_STRUCT)
				print_list(em, ft, es + i,
					   n - i < k ? n - i : (int)k);
			else
				print_expr(em, es[i], PREC_TOP);
			i += (int)k;
		}
		fputc('}', em->out);
		return;
	}
	long row = t->kind == TY_ARRAY ? type_scalars(t->base) : 1;
	int sub = t->kind == TY_ARRAY &&
		  (t->base->kind == TY_ARRAY || t->base->kind == TY_STRUCT);
	if (row < 1) { /* an incomplete inner type: print flat */
		row = 1;
		sub = 0;
	}
	fputc('{', em->out);
	for (i = 0; i < n; i += (int)row) {
		if (i > 0)
			fputs(", ", em->out);
		/* (rows of one element too: double a[2][1] = {{0.0}}) */
		if (sub)
			print_list(em, t->base, es + i,
				   n - i < row ? n - i : (int)row);
		else
			print_expr(em, es[i], PREC_TOP);
	}
	fputc('}', em->out);
}

/* " = init" or " = {a, b}" of a declaration, if any. */
/* Value e stored into a variable of type t: rows of writable elements
 * stored into a pointer to rows of const ones (B = A + 1, f_fwd's copy
 * of a const local table) are cast to t, as print_call casts them. */
static void print_stored(Emitter *em, const Type *t, const Expr *e)
{
	if (t->kind == TY_PTR && fixed_rows(t, 1) &&
	    fixed_rows(arg_type(em, e), 0)) {
		fprintf(em->out, "(%s)", type_decl((Type *)t, NULL));
		print_expr(em, e, PREC_UNARY);
		return;
	}
	print_expr(em, e, PREC_TOP);
}

/* Is s the declaration of a local array of floating elements, zeroed,
 * of more than 64 bytes?  gcc, under its generic tuning, clears 96 to
 * 8192 bytes of known length with rep stosq, whose start-up cost exceeds
 * the clearing: a double a[16] = {0.0} took 12 ns where clang's vector
 * stores took 2 (gmm's q_times_centered zeroes two such arrays per call,
 * a fifth of gcc's gradient).  Such a declaration has no initializer,
 * and CKC_ZERO (emit_zero) clears the array after it. */
static int zeroed_by_call(const Func *f, const Stmt *s)
{
	if (s->kind != S_DECL || s->u.decl.init || s->u.decl.ninits != 1)
		return 0;
	const Var *v = f->vars[s->u.decl.var];
	const Expr *z = s->u.decl.inits[0];
	if (v->is_static || v->type->kind != TY_ARRAY || z->kind != E_NUM ||
	    (z->u.num.is_int ? z->u.num.ival != 0
			     : z->u.num.val != 0 || signbit(z->u.num.val)))
		return 0;
	const Type *el = v->type;
	for (; el->kind == TY_ARRAY; el = el->base)
		if (el->vla_nd || el->rows || el->len <= 0)
			return 0;
	if (!type_is_float(el))
		return 0;
	return type_scalars(v->type) * (el->kind == TY_DOUBLE ? 8 : 4) > 64;
}

static void print_init(Emitter *em, const Type *t, const Expr *init,
		       Expr *const *inits, int ninits)
{
	if (init) {
		fputs(" = ", em->out);
		print_stored(em, t, init);
	} else if (inits && ninits > 0) { /* an empty list means none */
		fputs(" = ", em->out);
		print_list(em, t, inits, ninits);
	}
}

/* A declaration, assignment or expression statement without the ';'.
 * with_spec 0 leaves out the type specifier: the ", j = 1" of a for. */
static void print_simple(Emitter *em, const Stmt *s, int with_spec)
{
	const Var *v;

	switch (s->kind) {
	case S_DECL:
		v = em->f->vars[s->u.decl.var];
		if (with_spec)
			fprintf(em->out, "%s%s", v->is_static ? "static " : "",
				type_decl(v->type, v->name));
		else
			fputs(type_declarator(v->type, v->name), em->out);
		if (!zeroed_by_call(em->f, s))
			print_init(em, v->type, s->u.decl.init,
				   s->u.decl.inits, s->u.decl.ninits);
		break;
	case S_ASSIGN:
		/* x++ is postfix: (*p)++ keeps its parentheses */
		if (s->u.assign.op == A_INC || s->u.assign.op == A_DEC) {
			print_expr(em, s->u.assign.lhs, PREC_POSTFIX);
			fputs(ir_assignop_spelling[s->u.assign.op], em->out);
			break;
		}
		print_expr(em, s->u.assign.lhs, PREC_TOP);
		fprintf(em->out, " %s ", ir_assignop_spelling[s->u.assign.op]);
		if (s->u.assign.op == A_SET && s->u.assign.lhs->kind == E_VAR)
			print_stored(em,
				     em->f->vars[s->u.assign.lhs->u.var]->type,
				     s->u.assign.rhs);
		else
			print_expr(em, s->u.assign.rhs, PREC_TOP);
		break;
	case S_EXPR:
		print_expr(em, s->u.expr, PREC_TOP);
		break;
	default:
		ck_unreachable();
	}
}

/* The type specifier a declaration statement starts with. */
static const char *decl_specifier(const Emitter *em, const Stmt *s)
{
	return type_specifier(em->f->vars[s->u.decl.var]->type);
}

/* The init or inc clause of a for: one statement, or a block of
 * declarations sharing one type specifier, or of assignments. */
static void print_for_clause(Emitter *em, const Stmt *s)
{
	const Stmt *first;
	int i;

	if (s->kind != S_BLOCK) {
		print_simple(em, s, 1);
		return;
	}
	first = s->u.block.items[0];
	for (i = 0; i < s->u.block.n; i++) {
		const Stmt *it = s->u.block.items[i];
		int spec = i == 0 || it->kind != S_DECL;

		if (i > 0)
			fputs(", ", em->out);
		if (!spec)
			ck_assert(first->kind == S_DECL &&
				  strcmp(decl_specifier(em, first),
					 decl_specifier(em, it)) == 0);
		print_simple(em, it, spec);
	}
}

/* The statements of an if/loop body one level deeper than depth: a block's
 * items, or the single statement (bodies are always braced). */
static void emit_body(Emitter *em, const Stmt *s, int depth)
{
	int i;

	if (s->kind != S_BLOCK) {
		emit_stmt(em, s, depth + 1);
		return;
	}
	for (i = 0; i < s->u.block.n; i++)
		emit_stmt(em, s->u.block.items[i], depth + 1);
}

/* if (c) { ... } else if (d) { ... } else { ... }, from the indentation on. */
static void emit_if(Emitter *em, const Stmt *s, int depth)
{
	for (;;) {
		fputs("if (", em->out);
		print_expr(em, s->u.ifs.cond, PREC_TOP);
		fputs(") {\n", em->out);
		emit_body(em, s->u.ifs.then, depth);
		indent(em, depth);
		fputc('}', em->out);
		s = s->u.ifs.els;
		if (!s)
			break;
		fputs(" else ", em->out);
		if (s->kind != S_IF) {
			fputs("{\n", em->out);
			emit_body(em, s, depth);
			indent(em, depth);
			fputc('}', em->out);
			break;
		}
	}
	fputc('\n', em->out);
}

static void emit_for(Emitter *em, const Stmt *s, int depth)
{
	/* a direction loop of vector mode (see emit_vectorize) */
	if (s->vec == VEC_LOOP && em->nd)
		fprintf(em->out, "CKC_FIXED_DIRECTIONS(%s) ",
			em->wide ? em->wide->width : "CKC_VW");
	else if (s->vec == VEC_LOOP)
		fputs(em->wide ? "CKC_WIDE_DIRECTIONS " : "CKC_DIRECTIONS ",
		      em->out);
	fputs("for (", em->out);
	if (s->u.loop.init)
		print_for_clause(em, s->u.loop.init);
	fputc(';', em->out);
	if (s->u.loop.cond) {
		fputc(' ', em->out);
		print_expr(em, s->u.loop.cond, PREC_TOP);
	}
	fputc(';', em->out);
	if (s->u.loop.inc) {
		fputc(' ', em->out);
		print_for_clause(em, s->u.loop.inc);
	}
	fputs(") {\n", em->out);
	emit_body(em, s->u.loop.body, depth);
	indent(em, depth);
	fputs("}\n", em->out);
}

static void emit_while(Emitter *em, const Stmt *s, int depth)
{
	if (s->kind == S_DO) {
		fputs("do {\n", em->out);
		emit_body(em, s->u.loop.body, depth);
		indent(em, depth);
		fputs("} while (", em->out);
		print_expr(em, s->u.loop.cond, PREC_TOP);
		fputs(");\n", em->out);
		return;
	}
	fputs("while (", em->out);
	print_expr(em, s->u.loop.cond, PREC_TOP);
	fputs(") {\n", em->out);
	emit_body(em, s->u.loop.body, depth);
	indent(em, depth);
	fputs("}\n", em->out);
}

/* The pragma a checkpoint region came from, as a comment line, then the
 * region itself. */
static void emit_checkpoint(Emitter *em, const Stmt *s, int depth)
{
	int i;

	fputs("/* ck_checkpoint", em->out);
	if (s->u.ckpt.binomial > 0)
		fprintf(em->out, " binomial(%d)", s->u.ckpt.binomial);
	if (s->u.ckpt.online > 0)
		fprintf(em->out, " online(%d)", s->u.ckpt.online);
	if (s->u.ckpt.budget > 0)
		fprintf(em->out, " budget(%lld)", s->u.ckpt.budget);
	if (s->u.ckpt.disk > 0)
		fprintf(em->out, " disk(%d)", s->u.ckpt.disk);
	for (i = 0; i < s->u.ckpt.nsaves; i++) {
		const SaveSection *sv = s->u.ckpt.saves[i];

		fprintf(em->out, " save(%s[", em->f->vars[sv->var]->name);
		print_expr(em, sv->lo, PREC_TOP);
		fputc(':', em->out);
		print_expr(em, sv->len, PREC_TOP);
		fputs("])", em->out);
	}
	fputs(" */\n", em->out);
	emit_stmt(em, s->u.ckpt.body, depth);
}

/* An OpenMP line of loop s, under #ifdef _OPENMP: without -fopenmp the
 * compiler ignores it, as it does the input's, and does not warn. */
static void emit_omp_line(Emitter *em, const Stmt *s, OmpPart part, int depth)
{
	fputs("#ifdef _OPENMP\n", em->out);
	indent(em, depth);
	omp_print(em->out, em->f, s->u.loop.omp, part);
	fputs("#endif\n", em->out);
}

/* The output's parallel loop s (omp.c).  Without floating reductions of
 * +, - or *, its pragma; returns 0 and the loop follows.  With them, the
 * same pragma would reduce the threads' partial results in any order, and
 * a run's bits would differ from the last's: each thread sums into a
 * partial of its own, and the partials are added to the variable in
 * thread order ("omp for ordered" over the threads).  That form is for
 * -fopenmp only; the serial build keeps the plain loop, which gives the
 * bits the input's loop gives serially. */
static int emit_omp_for(Emitter *em, const Stmt *s, int depth)
{
	const OmpLoop *om = s->u.loop.omp;
	const Func *f = em->f;
	const char **alias = NULL, *k;
	int i;
	for (i = 0; i < om->nred; i++)
		if (omp_red_ordered(f, om, &om->red[i])) {
			if (!alias)
				alias = arena_alloc(sizeof *alias *
						    (size_t)f->nvars);
			alias[om->red[i].var] = name_fresh(
				em->p, f,
				arena_printf("ck_part_%s",
					     f->vars[om->red[i].var]->name));
		}
	if (!alias) {
		emit_omp_line(em, s, OMP_PARALLEL_FOR, depth);
		return 0;
	}
	fputs("#ifdef _OPENMP\n", em->out);
	indent(em, depth);
	omp_print(em->out, f, om, OMP_PARALLEL);
	indent(em, depth);
	fputs("{\n", em->out);
	for (i = 0; i < om->nred; i++) {
		const OmpReduction *r = &om->red[i];
		if (!omp_red_ordered(f, om, r))
			continue;
		indent(em, depth + 1);
		fprintf(em->out, "%s = %s;\n",
			type_decl(type_with_const(f->vars[r->var]->type, 0),
				  alias[r->var]),
			omp_red_identity(r));
	}
	indent(em, depth + 1);
	omp_print(em->out, f, om, OMP_FOR);
	em->alias = alias;
	indent(em, depth + 1);
	emit_for(em, s, depth + 1);
	em->alias = NULL;
	k = name_fresh(em->p, f, "ck_thread");
	indent(em, depth + 1);
	fputs("#pragma omp for ordered schedule(static, 1)\n", em->out);
	indent(em, depth + 1);
	fprintf(em->out,
		"for (int %s = 0; %s < omp_get_num_threads(); %s++) {\n", k, k,
		k);
	indent(em, depth + 2);
	fputs("#pragma omp ordered\n", em->out);
	indent(em, depth + 2);
	fputs("{\n", em->out);
	for (i = 0; i < om->nred; i++) {
		const OmpReduction *r = &om->red[i];
		if (!omp_red_ordered(f, om, r))
			continue;
		char ind[32];
		int di = depth + 3 < 31 ? depth + 3 : 31;
		memset(ind, '\t', (size_t)di);
		ind[di] = 0;
		omp_print_combine(em->out, f, om, r, alias, ind);
	}
	indent(em, depth + 2);
	fputs("}\n", em->out);
	indent(em, depth + 1);
	fputs("}\n", em->out);
	indent(em, depth);
	fputs("}\n", em->out);
	fputs("#else\n", em->out);
	indent(em, depth);
	emit_for(em, s, depth);
	fputs("#endif\n", em->out);
	return 1;
}

static void emit_stmt(Emitter *em, const Stmt *s, int depth)
{
	FILE *out = em->out;

	if (s->kind == S_FOR && s->u.loop.omp && s->u.loop.omp->emit &&
	    omp_check_generated(em->f, s) && emit_omp_for(em, s, depth))
		return;
	/* nothing for an empty statement: every body has its braces */
	if (s->kind == S_EMPTY)
		return;
	indent(em, depth);
	switch (s->kind) {
	case S_BLOCK:
		fputs("{\n", out);
		emit_body(em, s, depth);
		indent(em, depth);
		fputs("}\n", out);
		break;
	case S_DECL:
	case S_ASSIGN:
	case S_EXPR:
		print_simple(em, s, 1);
		fputs(";\n", out);
		if (zeroed_by_call(em->f, s)) {
			indent(em, depth);
			fprintf(out, "CKC_ZERO(%s);\n",
				em->f->vars[s->u.decl.var]->name);
		}
		/* the source's (void)v; follows v's declaration, so that
		 * -Wunused stays quiet where the function no longer reads v */
		if (s->kind == S_DECL && em->f->vars[s->u.decl.var]->voided) {
			indent(em, depth);
			fprintf(out, "(void)%s;\n",
				em->f->vars[s->u.decl.var]->name);
		}
		break;
	case S_IF:
		emit_if(em, s, depth);
		break;
	case S_FOR:
		emit_for(em, s, depth);
		break;
	case S_WHILE:
	case S_DO:
		emit_while(em, s, depth);
		break;
	case S_BREAK:
		fputs("break;\n", out);
		break;
	case S_CONTINUE:
		fputs("continue;\n", out);
		break;
	case S_RETURN:
		fputs("return", out);
		if (s->u.expr) {
			fputc(' ', out);
			print_expr(em, s->u.expr, PREC_TOP);
		}
		fputs(";\n", out);
		break;
	case S_CHECKPOINT:
		emit_checkpoint(em, s, depth);
		break;
	default:
		ck_unreachable();
	}
}

/* ------------------------------------------------------- functions */

static void mark_var(void *used, const Expr *e)
{
	if (e->kind == E_VAR)
		((unsigned char *)used)[e->u.var] = 1;
}

/* "(void)x;" for each parameter the body never mentions, so that
 * -Wunused-parameter stays quiet (e.g. in copies of user functions), and
 * for each whose only read was a self-assignment that cleanup_self
 * dropped (voided), so that -Wunused-but-set-parameter does too where the
 * body still stores into it (s_d = s_d; ... s_d = 0.0; in f_d, where an
 * inactive value overwrites a by-value input). */
static void emit_unused_params(Emitter *em, const Func *f)
{
	unsigned char *used = arena_alloc((size_t)f->nvars + 1);
	int i, skip = em->nd ? nd_param(f) : -1; /* a fixed copy's constant */

	ir_walk_stmt(f->body, mark_var, used);
	for (i = 0; i < f->nparams; i++) {
		const Var *v = f->vars[f->params[i]];

		if (i == skip)
			continue;
		if ((!used[f->params[i]] || v->voided) && v->name && *v->name)
			fprintf(em->out, "\t(void)%s;\n", v->name);
	}
}

/* The parameter declarations of f: "const double *x", "...". */
static const char **param_decls(const Func *f, int *n)
{
	const char **ps = arena_alloc(sizeof *ps * ((size_t)f->nparams + 1));
	int i;

	for (i = 0; i < f->nparams; i++) {
		const Var *v = f->vars[f->params[i]];
		ps[i] = type_decl(v->type, v->name);
	}
	*n = f->nparams;
	if (f->is_variadic && f->nparams > 0)
		ps[(*n)++] = "...";
	else if (f->nparams == 0 && !f->is_variadic)
		ps[(*n)++] = "void";
	return ps;
}

/* "static double f(const double *x, int n)" then end (";\n" or "\n"),
 * on one line so that grep and FileCheck find a whole signature. */
static void emit_signature(Emitter *em, const Func *f, const char *end)
{
	int i, n, first = 1;
	const char **ps = param_decls(f, &n);
	/* a fixed copy has ck_nd as a constant, not a parameter */
	int skip = em->nd ? nd_param(f) : -1;

	fprintf(em->out, "%s%s(",
		f->is_static || em->wide || em->nd ? "static " : "",
		type_decl(f->ret, copy_name(f->name, em->wide, em->nd)));
	for (i = 0; i < n; i++) {
		if (i == skip)
			continue;
		fprintf(em->out, "%s%s", first ? "" : ", ", ps[i]);
		first = 0;
	}
	fprintf(em->out, "%s)%s", first ? "void" : "", end);
}

/* Clang vectorizes vector mode's direction loops (ck_nd iterations, a
 * count it does not know at compile time), but in blocks of four vectors
 * (its interleave count) that 16 directions do not fill with AVX, so there
 * each direction loop asks it for one (CKC_DIRECTIONS; at -O2
 * -march=native with AVX-512, burgers' f_dv of 16 directions takes half
 * the time).  With SSE2's two doubles a block of four is 8 directions,
 * and interleaving helps: make bench's f_dv(16) took 1 to 9 % longer
 * without it.  The directions' arithmetic is the same either way: each
 * direction computes alone, in the same order.  gcc vectorizes them under
 * the file's dynamic cost model (emit_cost_model). */
static void emit_vectorize(FILE *out, const Program *p)
{
	if (!has_vector(p))
		return;
	fputs("\n/* clang runs a vectorized loop of unknown length in blocks "
	      "of four vectors\n * (32 doubles with AVX-512), which would "
	      "leave 16 directions to its\n * scalar remainder: one vector at "
	      "a time instead, where vectors are wide */\n"
	      "#if defined(__clang__) && defined(__AVX__)\n"
	      "#define CKC_DIRECTIONS "
	      "_Pragma(\"clang loop interleave_count(1)\")\n"
	      "#else\n#define CKC_DIRECTIONS\n#endif\n",
	      out);
	fputs("\n/* the vector functions again for AVX-512 and for AVX2 (the "
	      "_ck512 and _ck256\n * copies), which the public ones run "
	      "where the processor has them */\n"
	      "#if !defined(CKC_NO_WIDE) && defined(__x86_64__) && "
	      "!defined(__AVX512F__) && \\\n"
	      "\t((defined(__clang__) && __clang_major__ >= 6) || \\\n"
	      "\t (!defined(__clang__) && defined(__GNUC__) && __GNUC__ >= 6))"
	      "\n#define CKC_WIDE 1\n"
	      "#if defined(__clang__)\n"
	      "#define CKC_WIDE_DIRECTIONS "
	      "_Pragma(\"clang loop interleave_count(1)\")\n"
	      "#else\n#define CKC_WIDE_DIRECTIONS\n#endif\n#endif\n",
	      out);
	fputs("\n/* in the copies for 16 and for 8 directions (_n16, _n8), "
	      "ck_nd is a constant,\n * and a direction loop is ck_nd / W "
	      "vectors of W doubles (the wide copy's W,\n * or CKC_VW, the "
	      "file's own), unrolled completely, so that the compiler\n * "
	      "keeps a statement's directions in registers: gcc -O2 keeps "
	      "such a\n * vectorized loop rolled, and clang would unroll the "
	      "scalar loop before it\n * vectorizes it.  A loop clang cannot "
	      "vectorize stays as it is (its\n * -Wpass-failed warning says "
	      "so) */\n"
	      "#if defined(__AVX512F__)\n#define CKC_VW 8\n"
	      "#elif defined(__AVX__)\n#define CKC_VW 4\n"
	      "#else\n#define CKC_VW 2\n#endif\n"
	      "#define CKC_PRAGMA_(x) _Pragma(#x)\n"
	      "#if defined(__clang__)\n"
	      "#pragma clang diagnostic ignored \"-Wpass-failed\"\n"
	      "#define CKC_FIXED_DIRECTIONS(w) CKC_PRAGMA_(clang loop "
	      "unroll(disable) \\\n"
	      "\tvectorize_width(w) interleave_count(ck_nd / (w)))\n"
	      "#elif defined(__GNUC__) && __GNUC__ >= 8\n"
	      "#define CKC_FIXED_DIRECTIONS(w) "
	      "CKC_PRAGMA_(GCC unroll (ck_nd / (w)))\n"
	      "#else\n#define CKC_FIXED_DIRECTIONS(w)\n#endif\n",
	      out);
}

/* The start and the end of a block of functions compiled for level w's
 * instruction set. */
static void wide_begin(FILE *out, const WideLevel *w)
{
	fprintf(out,
		"#if defined(__clang__)\n"
		"#pragma clang attribute "
		"push(__attribute__((target(\"%s\"))), "
		"apply_to = function)\n"
		"#else\n#pragma GCC push_options\n#pragma GCC target(\"%s\")\n"
		"#endif\n",
		w->target, w->target);
}

static void wide_end(FILE *out)
{
	fputs("#if defined(__clang__)\n#pragma clang attribute pop\n"
	      "#else\n#pragma GCC pop_options\n#endif\n",
	      out);
}

/* Level w's copies of every vector function for nd directions (0: any):
 * their prototypes (defs = 0) or their definitions (defs = 1). */
static void emit_copy_set(Emitter *em, const WideLevel *w, int nd, int defs)
{
	const Program *p = em->p;
	int i;

	em->wide = w;
	em->nd = nd;
	for (i = 0; i < p->nout; i++) {
		if (!p->out[i]->vector)
			continue;
		if (defs)
			emit_func_em(em, p->out[i]);
		else
			emit_signature(em, p->out[i], ";\n");
	}
	em->wide = NULL;
	em->nd = 0;
}

/* Level w's copies (NULL: the file's own level, its fixed copies only):
 * for any number of directions, then the fixed ones. */
static void emit_copy_level(Emitter *em, const WideLevel *w, int defs)
{
	int k;

	if (w) {
		wide_begin(em->out, w);
		emit_copy_set(em, w, 0, defs);
	}
	for (k = 0; k < NFIXED; k++)
		emit_copy_set(em, w, fixed_nds[k], defs);
	if (w)
		wide_end(em->out);
}

/* Vector mode's copies: their prototypes (defs = 0, after the other
 * prototypes) or definitions (defs = 1, at the end of the file).  Under
 * CKC_WIDE each wide level's, else the file's own level's fixed ones,
 * unless CKC_NO_FIXED (a quick -O0 build: the public functions run every
 * count of directions themselves): a processor without AVX2 runs the
 * public functions themselves. */
static void emit_copies(FILE *out, const Program *p, int defs)
{
	Emitter em;
	int l;

	if (!copies_ok(p))
		return;
	emitter_init(&em, out, p, NULL);
	fputs("\n#ifdef CKC_WIDE\n", out);
	for (l = 0; l < NWIDE; l++)
		emit_copy_level(&em, &wide_levels[l], defs);
	fputs("#elif !defined(CKC_NO_FIXED)\n", out);
	emit_copy_level(&em, NULL, defs);
	fputs("#endif\n", out);
}

/* "return f_cpy(args);" (or the call then "return;"), where f_cpy is
 * public vector function f's copy for level w and nd directions, after
 * indent. */
static void emit_run_copy(Emitter *em, const Func *f, const WideLevel *w,
			  int nd, const char *indent)
{
	int i, first = 1, skip = nd ? nd_param(f) : -1;

	fprintf(em->out, "%s%s%s(", indent,
		f->ret->kind == TY_VOID ? "" : "return ",
		copy_name(f->name, w, nd));
	for (i = 0; i < f->nparams; i++) {
		if (i == skip)
			continue;
		fprintf(em->out, "%s%s", first ? "" : ", ",
			f->vars[f->params[i]]->name);
		first = 0;
	}
	fputs(");\n", em->out);
	if (f->ret->kind == TY_VOID)
		fprintf(em->out, "%sreturn;\n", indent);
}

/* "if (ck_nd == 16) ..." for each fixed copy of level w. */
static void emit_run_fixed(Emitter *em, const Func *f, const WideLevel *w,
			   const char *indent)
{
	const char *in2 = arena_printf("%s\t", indent);
	int k;

	for (k = 0; k < NFIXED; k++) {
		fprintf(em->out, "%sif (ck_nd == %d)%s", indent, fixed_nds[k],
			f->ret->kind == TY_VOID ? " {\n" : "\n");
		emit_run_copy(em, f, w, fixed_nds[k], in2);
		if (f->ret->kind == TY_VOID)
			fprintf(em->out, "%s}\n", indent);
	}
}

/* A public vector function runs the widest level's copy the processor
 * can, for its number of directions where a fixed copy has it. */
static void emit_dispatch(Emitter *em, const Func *f)
{
	int l;

	if (!copies_ok(em->p))
		return;
	fputs("#ifdef CKC_WIDE\n", em->out);
	for (l = 0; l < NWIDE; l++) {
		fprintf(em->out, "\tif (__builtin_cpu_supports(\"%s\")) {\n",
			wide_levels[l].target);
		emit_run_fixed(em, f, &wide_levels[l], "\t\t");
		emit_run_copy(em, f, &wide_levels[l], 0, "\t\t");
		fputs("\t}\n", em->out);
	}
	fputs("#elif !defined(CKC_NO_FIXED)\n", em->out);
	emit_run_fixed(em, f, NULL, "\t");
	fputs("#endif\n", em->out);
}

static void emit_func_em(Emitter *em, const Func *f)
{
	int i;

	em->f = f;
	ck_assert(f->body && f->body->kind == S_BLOCK);
	emit_signature(em, f, "\n{\n");
	if (em->nd)
		fprintf(em->out, "\tenum { ck_nd = %d };\n", em->nd);
	emit_unused_params(em, f);
	if (f->vector && !f->is_static && !em->wide && !em->nd)
		emit_dispatch(em, f);
	for (i = 0; i < f->body->u.block.n; i++)
		emit_stmt(em, f->body->u.block.items[i], 1);
	fputs("}\n", em->out);
	em->f = NULL;
}

void emit_func(FILE *out, const Program *p, const Func *f)
{
	Emitter em;

	emitter_init(&em, out, p, NULL);
	emit_func_em(&em, f);
}

/* A comment block: one line "/" "* text *" "/", or one " * " line per line
 * of text.  A "*" "/" inside text is broken up. */
static void emit_comment(FILE *out, const char *text)
{
	const char *c;

	fputs(strchr(text, '\n') ? "/*\n * " : "/* ", out);
	for (c = text; *c; c++) {
		if (*c == '\n' && c[1])
			fputs("\n * ", out);
		else if (*c == '*' && c[1] == '/')
			fputs("* ", out);
		else if (*c != '\n')
			fputc(*c, out);
	}
	fputs(strchr(text, '\n') ? "\n */\n" : " */\n", out);
}

static void emit_banner(FILE *out, const Program *p)
{
	emit_comment(out,
		     arena_printf("Generated by ckc %s from %s. Do not edit.",
				  CKC_VERSION,
				  p->input ? p->input : "<stdin>"));
}

/* ---------------------------------------------------- dependencies */

/* What generated code (and the static copies it needs) uses from the
 * input: flags per Program.funcs, .externs and .globals. */
typedef struct Deps {
	const Program *p;
	unsigned char *func, *ext, *glob;
	int runtime; /* calls a ck_ function: include "ckrt.h" */
	int mulz;    /* calls ck_mulz (1) or ck_mulzf (2): defines them */
	int mpi;     /* calls a ck_mpi_ function: include "ckrt_mpi.h" */
	int sysfn;   /* calls a system function that is not a math rule */
	int zero;    /* declares an array that CKC_ZERO clears */
	const Func *f; /* the function being scanned */
} Deps;

static void mark_use(void *ctx, const Expr *e)
{
	Deps *d = ctx;
	int i;

	if (e->kind == E_GLOBAL)
		d->glob[e->u.global] = 1;
	if (e->kind != E_CALL)
		return;
	if (e->u.call.fn >= 0) {
		d->func[e->u.call.fn] = 1;
		return;
	}
	if (!strcmp(e->u.call.name, "ck_mulz") ||
	    !strcmp(e->u.call.name, "ck_mulzf")) {
		d->mulz |= e->u.call.name[7] ? 2 : 1;
		return;
	}
	if (strncmp(e->u.call.name, "ck_", 3) == 0 ||
	    strncmp(e->u.call.name, "CK_", 3) == 0) {
		d->runtime = 1;
		if (strncmp(e->u.call.name, "ck_mpi_", 7) == 0)
			d->mpi = 1;
		return;
	}
	for (i = 0; i < d->p->nexterns; i++)
		if (strcmp(d->p->externs[i]->name, e->u.call.name) == 0) {
			d->ext[i] = 1;
			return;
		}
	if (!rules_find(e->u.call.name) &&
	    strncmp(e->u.call.name, "__builtin_", 10) != 0)
		d->sysfn = 1;
}

static void mark_zero(void *ctx, const Stmt *s)
{
	Deps *d = ctx;

	d->zero |= zeroed_by_call(d->f, s);
}

/* Marks what function f's body uses. */
static void deps_scan(Deps *d, const Func *f)
{
	ir_walk_stmt(f->body, mark_use, d);
	d->f = f;
	ir_visit_stmts(f->body, mark_zero, d);
}

/* Marks what p->out uses, then what the copies of static functions and
 * static const globals use, until nothing new is found. */
static void deps_collect(Deps *d, const Program *p)
{
	unsigned char *scanned = arena_alloc((size_t)p->nfuncs + 1);
	unsigned char *gscanned = arena_alloc((size_t)p->nglobals + 1);
	int i, changed = 1;

	d->p = p;
	d->func = arena_alloc((size_t)p->nfuncs + 1);
	d->ext = arena_alloc((size_t)p->nexterns + 1);
	d->glob = arena_alloc((size_t)p->nglobals + 1);
	d->runtime = 0;
	d->mulz = 0;
	d->mpi = 0;
	d->sysfn = 0;
	d->zero = 0;
	for (i = 0; i < p->nout; i++)
		deps_scan(d, p->out[i]);
	/* Ends: each pass that goes on scans a function or global not
	 * scanned before. */
	while (changed) {
		changed = 0;
		for (i = 0; i < p->nfuncs; i++) {
			if (d->func[i] && !scanned[i] &&
			    p->funcs[i]->is_static) {
				scanned[i] = changed = 1;
				deps_scan(d, p->funcs[i]);
			}
		}
		for (i = 0; i < p->nglobals; i++) {
			const Global *g = p->globals[i];
			if (d->glob[i] && !gscanned[i] && g->is_static) {
				gscanned[i] = changed = 1;
				ir_walk_expr(g->init, mark_use, d);
				ir_walk_exprs(g->inits, g->ninits, mark_use, d);
			}
		}
	}
}

/* ----------------------------------------------------- struct types
 *
 * Struct types defined in the input file are printed into the output
 * (both the .c and the .h) from their IR, definitions before uses; those
 * of other headers come with the input's quoted #includes; those of
 * system headers with its system #includes. */

typedef struct StructUse {
	StructDef **sds; /* in the order they must be defined */
	int n;
	int headers;     /* some come from the input's own headers */
} StructUse;

static void struct_use_type(StructUse *u, const Type *t);

static void struct_use_def(StructUse *u, StructDef *sd)
{
	for (int i = 0; i < u->n; i++)
		if (u->sds[i] == sd)
			return;
	if (sd->visiting) /* a tagged struct that points to itself */
		return;
	if (sd->where == SD_HEADER)
		u->headers = 1;
	if (sd->where != SD_MAIN)
		return;
	sd->visiting = 1;
	for (int i = 0; i < sd->nfields; i++)
		struct_use_type(u, sd->fields[i].type);
	sd->visiting = 0;
	ARENA_PUSH(u->sds, u->n, sd);
}

static void struct_use_type(StructUse *u, const Type *t)
{
	while (t && (t->kind == TY_PTR || t->kind == TY_ARRAY))
		t = t->base;
	if (t && t->kind == TY_STRUCT)
		struct_use_def(u, t->st);
}

static void struct_use_func(StructUse *u, const Func *f)
{
	struct_use_type(u, f->ret);
	for (int i = 0; i < f->nvars; i++)
		struct_use_type(u, f->vars[i]->type);
}

/* The struct types f's prototype names (its result and parameters). */
static void struct_use_sig(StructUse *u, const Func *f)
{
	struct_use_type(u, f->ret);
	for (int i = 0; i < f->nparams; i++)
		struct_use_type(u, f->vars[f->params[i]]->type);
}

/* The struct types the functions printed into the output need; for the
 * header, those the public prototypes name (a type the generated code
 * uses only inside would clash with the user's own definition in a file
 * that includes the header). */
static void structs_collect(StructUse *u, const Program *p, const Deps *d,
			    int header)
{
	int i;
	u->sds = NULL;
	u->n = 0;
	u->headers = 0;
	if (header) {
		for (i = 0; i < p->nout; i++)
			if (!p->out[i]->is_static)
				struct_use_sig(u, p->out[i]);
		return;
	}
	for (i = 0; i < p->nout; i++)
		struct_use_func(u, p->out[i]);
	for (i = 0; i < p->nfuncs; i++)
		if (d->func[i])
			struct_use_func(u, p->funcs[i]);
	for (i = 0; i < p->nexterns; i++)
		if (d->ext[i])
			struct_use_func(u, p->externs[i]);
	for (i = 0; i < p->nglobals; i++)
		if (d->glob[i])
			struct_use_type(u, p->globals[i]->type);
}

static void emit_user_includes(FILE *out, const Program *p,
			       const StructUse *u)
{
	if (!u->headers)
		return;
	/* the C compiler does not know ckc's requests in those headers and
	 * would warn under -Wall */
	if (p->header_pragmas)
		fputs("#pragma GCC diagnostic push\n"
		      "#pragma GCC diagnostic ignored \"-Wunknown-pragmas\"\n",
		      out);
	for (int i = 0; i < p->nuser_includes; i++)
		fprintf(out, "#include \"%s\"\n", p->user_includes[i]);
	if (p->header_pragmas)
		fputs("#pragma GCC diagnostic pop\n", out);
}

/* struct tag { ... }; (typedef struct tag name;) or typedef struct { ... }
 * name; for the input file's own struct types, forward declarations of
 * the tagged ones first. */
static void emit_struct_defs(FILE *out, const StructUse *u)
{
	int i, any = 0;
	for (i = 0; i < u->n; i++)
		if (u->sds[i]->tag) {
			if (!any++)
				fputc('\n', out);
			fprintf(out, "struct %s;\n", u->sds[i]->tag);
		}
	for (i = 0; i < u->n; i++) {
		const StructDef *sd = u->sds[i];
		if (!sd->complete && sd->tag)
			continue; /* declared only: its forward declaration */
		fputc('\n', out);
		if (sd->tag)
			fprintf(out, "struct %s {\n", sd->tag);
		else
			fputs("typedef struct {\n", out);
		for (int j = 0; j < sd->nfields; j++)
			fprintf(out, "\t%s;\n",
				type_decl(sd->fields[j].type, sd->fields[j].name));
		if (sd->tag && sd->tdname)
			fprintf(out, "};\ntypedef struct %s %s;\n", sd->tag,
				sd->tdname);
		else if (sd->tag)
			fputs("};\n", out);
		else
			fprintf(out, "} %s;\n", sd->tdname);
	}
}

/* ----------------------------------------------------- the C file */

/* The chain rule's product where a partial may be infinite at finite
 * arguments (rules_mul): a factor that is exactly 0 makes it 0, not the
 * NaN of 0 * inf; elsewhere it is a * b, bit for bit.  Each generated
 * file that uses it defines it, so tangents need no runtime header. */
static void emit_mulz(FILE *out, int which)
{
	static const char *const def[2][2] = {
		{ "double", "0.0" },
		{ "float", "0.0f" },
	};
	for (int k = 0; k < 2; k++)
		if (which & (1 << k))
			fprintf(out,
				"\nstatic %s ck_mulz%s(%s a, %s b)\n{\n"
				"\t%s r = a * b;\n"
				"\treturn r != r && (a == 0 || b == 0) ? %s : "
				"r;\n}\n",
				def[k][0], k ? "f" : "", def[k][0], def[k][0],
				def[k][0], def[k][1]);
}

/* Floating-point contraction off in the generated file, before anything
 * it includes (so that the runtime's inline functions, compiled alike,
 * still inline): gcc's GNU modes and clang's default would fuse a * b +
 * c where the shapes of two functions allow it, and f_dv would differ
 * from f_d, a checkpointed f_b from the same without checkpoints, in the
 * last bits.  CKC_FP_CONTRACT keeps the compiler's choice. */
static void emit_fp_contract(FILE *out)
{
	fputs("#ifndef CKC_FP_CONTRACT /* the derivatives agree bit for bit "
	      "*/\n"
	      "#if defined(__clang__)\n"
	      "#pragma STDC FP_CONTRACT OFF\n"
	      "#elif defined(__GNUC__)\n"
	      "#pragma GCC optimize(\"fp-contract=off\")\n"
	      "#endif\n"
	      "#endif\n",
	      out);
}

/* gcc at -O2 vectorizes a loop only where its "very cheap" cost model
 * sees no remainder and no run-time check, that is where it knows a trip
 * count that the vector width divides.  The loops of the derivatives run
 * to the user's bounds (n, nin, ck_nd): the reverse sweep's elementwise
 * loops, the tangent's, vector mode's direction loops.  So the generated
 * file asks for gcc's dynamic cost model, -O3's, for itself and what it
 * includes (a function of other options would not inline the runtime's
 * push and pop).  On make bench's kernels at gcc -O2 this made hand's
 * gradient 1.4 times faster, heat's and mlp's 1.2 and 1.1, Rosenbrock's
 * and hand's tangents 1.6 and 1.8, and slowed none beyond the noise.
 * Vectorizing changes no result: without -ffast-math gcc keeps each
 * element's operations and their order.  CKC_VECT_COST_MODEL keeps the
 * compiler's choice. */
static void emit_cost_model(FILE *out)
{
	fputs("#if defined(__GNUC__) && !defined(__clang__) && "
	      "!defined(CKC_VECT_COST_MODEL)\n"
	      "#pragma GCC optimize(\"vect-cost-model=dynamic\") /* as -O3 "
	      "*/\n"
	      "#endif\n",
	      out);
}

/* Does the input include <name>, so that the output does too? */
static int has_sys_include(const Program *p, const char *name)
{
	for (int i = 0; i < p->nsys_includes; i++)
		if (!strcmp(p->sys_includes[i], name))
			return 1;
	return 0;
}

/* CKC_ZERO(a): clears local array a (zeroed_by_call), through the C
 * library's memset under gcc, whose length an empty asm hides from gcc
 * so that it does not expand the call as rep stosq.  A plain memset
 * elsewhere: clang clears with vector stores, as for a = {0.0}. */
static void emit_zero(FILE *out, const Program *p)
{
	if (!has_sys_include(p, "string.h"))
		fputs("#include <string.h>\n", out);
	fputs("/* clears a local array: under gcc by the C library's memset, "
	      "since gcc\n * clears 96 to 8192 bytes of known length with "
	      "rep stosq, whose start\n * costs more than the clearing */\n"
	      "#if defined(__GNUC__) && !defined(__clang__)\n"
	      "#define CKC_ZERO(a) do { size_t ck_zn_ = sizeof(a); "
	      "__asm__(\"\" : \"+r\"(ck_zn_)); memset(a, 0, ck_zn_); } "
	      "while (0)\n"
	      "#else\n"
	      "#define CKC_ZERO(a) memset(a, 0, sizeof(a))\n"
	      "#endif\n",
	      out);
}

static void emit_includes(FILE *out, const Program *p, const Deps *d)
{
	int i;

	emit_fp_contract(out);
	emit_cost_model(out);

	/* The input was read with POSIX (or GNU) declarations visible: a
	 * call to one of them (j0, drand48) needs them under -std=c99. */
	if (d->sysfn && p->feature_macro)
		fprintf(out,
			"#ifndef %s\n#define %s 1 /* as the input was read */\n"
			"#endif\n",
			p->feature_macro, p->feature_macro);

	for (i = 0; i < p->nsys_includes; i++)
		fprintf(out, "#include <%s>\n", p->sys_includes[i]);
	if (!has_sys_include(p, "math.h"))
		fputs("#include <math.h>\n", out);
	if (p->vla_heap && !has_sys_include(p, "stdlib.h"))
		fputs("#include <stdlib.h>\n", out);
	if (d->zero)
		emit_zero(out, p);
	if (d->runtime)
		fputs("#include \"ckrt.h\"\n", out);
	if (d->mpi)
		fputs("#include \"ckrt_mpi.h\"\n", out);
	if (omp_emitted())
		fputs("#ifdef _OPENMP\n#include <omp.h>\n#endif\n", out);
	emit_mulz(out, d->mulz);
}

/* extern declarations of used globals, copies of the static const ones. */
static void emit_globals(Emitter *em, const Deps *d)
{
	const Program *p = em->p;
	int i, any = 0;

	for (i = 0; i < p->nglobals; i++) {
		const Global *g = p->globals[i];

		if (!d->glob[i])
			continue;
		if (!any++)
			fputc('\n', em->out);
		if (!g->is_static) {
			fprintf(em->out, "extern %s;\n",
				type_decl(g->type, g->name));
			continue;
		}
		ck_assert(type_is_readonly(g->type) || g->unwritten);
		fprintf(em->out, "static %s", type_decl(g->type, g->name));
		print_init(em, g->type, g->init, g->inits, g->ninits);
		fputs(";\n", em->out);
	}
}

/* The n-th prototype of a group, after a blank line when it is the first. */
static void prototype(Emitter *em, const Func *f, int *n)
{
	if ((*n)++ == 0)
		fputc('\n', em->out);
	emit_signature(em, f, ";\n");
}

/* Prototypes: used user functions (static ones are copied below), used
 * external functions, and the generated static helpers, so that
 * definitions may come in any order.  (Public generated functions get
 * none here: their first line is their definition, which tests look for;
 * their prototypes are in the .h.) */
static void emit_prototypes(Emitter *em, const Deps *d)
{
	const Program *p = em->p;
	int i, n = 0;

	for (i = 0; i < p->nfuncs; i++)
		if (d->func[i])
			prototype(em, p->funcs[i], &n);
	for (i = 0; i < p->nexterns; i++)
		if (d->ext[i])
			prototype(em, p->externs[i], &n);
	for (i = 0; i < p->nout; i++)
		if (p->out[i]->is_static)
			prototype(em, p->out[i], &n);
}

void emit_c(FILE *out, const Program *p)
{
	Emitter em;
	Deps d;
	StructUse su;
	int i;

	emitter_init(&em, out, p, NULL);
	deps_collect(&d, p);
	emit_banner(out, p);
	fputc('\n', out);
	emit_includes(out, p, &d);
	structs_collect(&su, p, &d, 0);
	emit_user_includes(out, p, &su);
	if (su.headers) {
		/* the input's headers are included: the functions and static
		 * tables they define are there (a copy would define them
		 * twice) */
		for (i = 0; i < p->nfuncs; i++)
			if (p->funcs[i]->in_header)
				d.func[i] = 0;
		for (i = 0; i < p->nglobals; i++)
			if (p->globals[i]->in_header &&
			    p->globals[i]->is_static)
				d.glob[i] = 0;
	}
	emit_struct_defs(out, &su);
	emit_globals(&em, &d);
	emit_prototypes(&em, &d);
	if (p->fused_hvp_choice)
		fputs("\n/* f_b_d of a loop that f_b runs fused: the fused loop's "
		      "tangent (1) or the\n * two sweeps' (0), the same "
		      "numbers; clang runs the sweeps faster, gcc\n * the fused "
		      "loop (define it to choose) */\n"
		      "#ifndef CKC_FUSED_HVP\n#if defined(__clang__)\n"
		      "#define CKC_FUSED_HVP 0\n#else\n"
		      "#define CKC_FUSED_HVP 1\n#endif\n#endif\n",
		      out);
	emit_vectorize(out, p);
	emit_copies(out, p, 0);
	for (i = 0; i < p->nfuncs; i++) {
		if (d.func[i] && p->funcs[i]->is_static) {
			fputc('\n', out);
			emit_func(out, p, p->funcs[i]);
		}
	}
	for (i = 0; i < p->nout; i++) {
		fputc('\n', out);
		if (p->out[i]->comment)
			emit_comment(out, p->out[i]->comment);
		emit_func(out, p, p->out[i]);
	}
	emit_copies(out, p, 1);
}

/* Does a public generated function have a parameter whose type is
 * named by a header (FILE *; MPI_Comm, a pointer to a struct that a
 * header only declares)? */
static int header_needs_includes(const Program *p)
{
	int i, k;

	for (i = 0; i < p->nout; i++) {
		const Func *f = p->out[i];

		for (k = 0; k < f->nparams && !f->is_static; k++) {
			const Type *t = f->vars[f->params[k]]->type;

			while (t->base)
				t = t->base;
			if (t->kind == TY_OTHER ||
			    (t->kind == TY_STRUCT && !t->st->complete &&
			     t->st->where != SD_MAIN))
				return 1;
		}
	}
	return 0;
}

void emit_header(FILE *out, const Program *p, const char *guard)
{
	Emitter em;
	int i;

	emitter_init(&em, out, p, NULL);
	emit_banner(out, p);
	StructUse su;
	fprintf(out, "#ifndef %s\n#define %s\n", guard, guard);
	if (header_needs_includes(p)) {
		fputc('\n', out);
		for (i = 0; i < p->nsys_includes; i++)
			fprintf(out, "#include <%s>\n", p->sys_includes[i]);
	}
	structs_collect(&su, p, NULL, 1);
	if (su.headers)
		fputc('\n', out);
	emit_user_includes(out, p, &su);
	emit_struct_defs(out, &su);
	fputs("\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n", out);
	for (i = 0; i < p->nout; i++)
		if (!p->out[i]->is_static)
			emit_signature(&em, p->out[i], ";\n");
	fputs("\n#ifdef __cplusplus\n}\n#endif\n\n", out);
	fprintf(out, "#endif /* %s */\n", guard);
}
