/*
 * irdump.c - the IR dump printer (ckc --dump-ir=STAGE) and the IR verifier.
 *
 * The dump shows one node per line, indented by tree depth, with its kind,
 * source position and, for expressions, their C spelling:
 *
 *   func dot(const double* x, const double* w, int n) -> double
 *     v0 param const double* x
 *     ...
 *     S_BLOCK @2:1
 *       S_ASSIGN += @5:3  s += x[i] * w[i]
 *
 * Types are spelled left to right (double[3][4], const double*, double*const)
 * so they read without C's inside-out declarators.
 *
 * The verifier checks the structural invariants every stage relies on; a
 * violation is a bug in ckc, reported as an internal error.
 */
#include <string.h>

#include "ckc.h"

#define CK_NAME1(name) #name,
static const char *const stmt_names[] = { CK_STMT_KINDS(CK_NAME1) };
static const char *const expr_names[] = { CK_EXPR_KINDS(CK_NAME1) };

/* ------------------------------------------------------------ dump */

static void dump_type(FILE *out, const Type *t)
{
	const Type *a;

	if (!t) {
		fputs("<no type>", out);
		return;
	}
	switch (t->kind) {
	case TY_PTR:
		dump_type(out, t->base);
		fputs(t->is_const ? "*const" : "*", out);
		return;
	case TY_ARRAY:
		for (a = t; a->kind == TY_ARRAY; a = a->base)
			;
		dump_type(out, a);
		for (a = t; a->kind == TY_ARRAY; a = a->base)
			fprintf(out, "[%ld]", a->len);
		return;
	case TY_VOID:
		fputs(t->is_const ? "const void" : "void", out);
		return;
	case TY_FLOAT:
		fputs(t->is_const ? "const float" : "float", out);
		return;
	case TY_DOUBLE:
		fputs(t->is_const ? "const double" : "double", out);
		return;
	default:
		fprintf(out, "%s%s", t->is_const ? "const " : "",
			t->name ? t->name : "?");
		return;
	}
}

static void dump_expr(FILE *out, const Program *p, const Func *f,
		      const Expr *e)
{
	if (e)
		emit_expr(out, f, p, e);
	else
		fputs("<null>", out);
}

static void dump_loc(FILE *out, Loc loc)
{
	if (loc.file)
		fprintf(out, " @%d:%d", loc.line, loc.col);
	else
		fputs(" @-", out);
}

static void dump_stmt(FILE *out, const Program *p, const Func *f,
		      const Stmt *s, int depth, const char *role);

/* The C text of the node's own expressions, after two spaces ("" for
 * nodes without any). */
static void dump_stmt_text(FILE *out, const Program *p, const Func *f,
			   const Stmt *s)
{
	int i;

	switch (s->kind) {
	case S_DECL:
		fprintf(out, "  %s", f->vars[s->u.decl.var]->name);
		if (s->u.decl.init) {
			fputs(" = ", out);
			dump_expr(out, p, f, s->u.decl.init);
		}
		for (i = 0; i < s->u.decl.ninits; i++) {
			fputs(i ? ", " : " = {", out);
			dump_expr(out, p, f, s->u.decl.inits[i]);
		}
		if (s->u.decl.ninits > 0)
			fputc('}', out);
		break;
	case S_ASSIGN:
		fputs("  ", out);
		dump_expr(out, p, f, s->u.assign.lhs);
		fprintf(out, "%s%s", s->u.assign.rhs ? " " : "",
			ir_assignop_spelling[s->u.assign.op]);
		if (s->u.assign.rhs) {
			fputc(' ', out);
			dump_expr(out, p, f, s->u.assign.rhs);
		}
		break;
	case S_EXPR:
	case S_RETURN:
		if (s->u.expr) {
			fputs("  ", out);
			dump_expr(out, p, f, s->u.expr);
		}
		break;
	case S_IF:
		fputs("  ", out);
		dump_expr(out, p, f, s->u.ifs.cond);
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		if (s->u.loop.cond) {
			fputs("  ", out);
			dump_expr(out, p, f, s->u.loop.cond);
		}
		break;
	default:
		break;
	}
}

/* A checkpoint's head: "binomial(K) save(p[lo:len])". */
static void dump_ckpt_text(FILE *out, const Program *p, const Func *f,
			   const Stmt *s)
{
	int i;

	if (s->u.ckpt.binomial)
		fprintf(out, " binomial(%d)", s->u.ckpt.binomial);
	if (s->u.ckpt.online)
		fprintf(out, " online(%d)", s->u.ckpt.online);
	if (s->u.ckpt.budget)
		fprintf(out, " budget(%lld)", s->u.ckpt.budget);
	if (s->u.ckpt.disk)
		fprintf(out, " disk(%d)", s->u.ckpt.disk);
	for (i = 0; i < s->u.ckpt.nsaves; i++) {
		const SaveSection *sv = s->u.ckpt.saves[i];

		fprintf(out, " save(v%d", sv->var);
		if (sv->field >= 0)
			fprintf(out, ".%d", sv->field);
		fputc('[', out);
		dump_expr(out, p, f, sv->lo);
		fputc(':', out);
		dump_expr(out, p, f, sv->len);
		fputs("])", out);
	}
}

static void dump_children(FILE *out, const Program *p, const Func *f,
			  const Stmt *s, int depth)
{
	int i;

	switch (s->kind) {
	case S_BLOCK:
		for (i = 0; i < s->u.block.n; i++)
			dump_stmt(out, p, f, s->u.block.items[i], depth, "");
		break;
	case S_IF:
		dump_stmt(out, p, f, s->u.ifs.then, depth, "then ");
		if (s->u.ifs.els)
			dump_stmt(out, p, f, s->u.ifs.els, depth, "else ");
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		if (s->u.loop.init)
			dump_stmt(out, p, f, s->u.loop.init, depth, "init ");
		if (s->u.loop.inc)
			dump_stmt(out, p, f, s->u.loop.inc, depth, "inc ");
		dump_stmt(out, p, f, s->u.loop.body, depth, "body ");
		break;
	case S_CHECKPOINT:
		dump_stmt(out, p, f, s->u.ckpt.body, depth, "");
		break;
	default:
		break;
	}
}

/* One node: "<role>KIND [op] @line:col  text", then its children. */
static void dump_stmt(FILE *out, const Program *p, const Func *f,
		      const Stmt *s, int depth, const char *role)
{
	fprintf(out, "%*s%s", 2 * depth, "", role);
	if (!s || s->kind < 0 || s->kind >= S__COUNT) {
		fprintf(out, s ? "<bad kind %d>\n" : "<null>\n",
			s ? (int)s->kind : 0);
		return;
	}
	fputs(stmt_names[s->kind], out);
	if (s->kind == S_ASSIGN && s->u.assign.op < A__COUNT)
		fprintf(out, " %s", ir_assignop_spelling[s->u.assign.op]);
	if (s->kind == S_CHECKPOINT)
		dump_ckpt_text(out, p, f, s);
	dump_loc(out, s->loc);
	dump_stmt_text(out, p, f, s);
	fputc('\n', out);
	dump_children(out, p, f, s, depth + 1);
}

void ir_dump(FILE *out, const Program *p, const Func *f)
{
	int i;

	fprintf(out, "func %s%s(", f->is_static ? "static " : "", f->name);
	for (i = 0; i < f->nparams; i++) {
		const Var *v = f->vars[f->params[i]];

		fputs(i ? ", " : "", out);
		dump_type(out, v->type);
		fprintf(out, " %s", v->name ? v->name : "");
	}
	fputs(f->is_variadic ? (f->nparams ? ", ...) -> " : "...) -> ")
			     : ") -> ",
	      out);
	dump_type(out, f->ret);
	fputs(f->generated ? " generated\n" : "\n", out);
	for (i = 0; i < f->nvars; i++) {
		const Var *v = f->vars[i];

		fprintf(out, "  v%d %s%s ", i,
			v->kind == VAR_PARAM ? "param" : "local",
			v->is_static ? " static" : "");
		dump_type(out, v->type);
		fprintf(out, " %s\n", v->name ? v->name : "");
	}
	if (f->body)
		dump_stmt(out, p, f, f->body, 1, "");
}

/* ---------------------------------------------------------- verify */

typedef struct Verifier {
	const Program *p;
	const Func *f;
	const char *stage;
	int loops; /* enclosing loops */
} Verifier;

/* Reports a broken invariant at loc and stops. */
static void verify_fail(const Verifier *v, Loc loc, const char *what)
{
	fprintf(stderr, "ckc: internal error: IR verifier after %s: %s",
		v->stage, what);
	if (loc.file)
		fprintf(stderr, " at %s:%d:%d", loc.file, loc.line, loc.col);
	fprintf(stderr, " in function %s\n",
		v->f && v->f->name ? v->f->name : "<unnamed>");
	diag_internal(__FILE__, __LINE__, "IR verifier failed");
}

#define CHECK(v, cond, loc, what)                                             \
	((cond) ? (void)0 : verify_fail((v), (loc), (what)))

static int is_lvalue(const Expr *e)
{
	return e->kind == E_VAR || e->kind == E_GLOBAL || e->kind == E_INDEX ||
	       e->kind == E_DEREF || e->kind == E_MEMBER;
}

static int is_pointerish(const Type *t)
{
	return t && (t->kind == TY_PTR || t->kind == TY_ARRAY);
}

static int var_ok(const Verifier *v, int id)
{
	return id >= 0 && id < v->f->nvars;
}

static void verify_expr(const Verifier *v, const Expr *e, Loc at);

static void verify_call(const Verifier *v, const Expr *e)
{
	const Program *p = v->p;
	int i, fn = e->u.call.fn;

	CHECK(v, e->u.call.name != NULL, e->loc, "E_CALL without a name");
	CHECK(v, e->u.call.nargs >= 0 && (e->u.call.args || !e->u.call.nargs),
	      e->loc, "E_CALL without its arguments");
	CHECK(v, fn >= -1 && (!p || fn < p->nfuncs), e->loc,
	      "E_CALL function index out of range");
	if (p && fn >= 0) {
		CHECK(v, strcmp(p->funcs[fn]->name, e->u.call.name) == 0,
		      e->loc, "E_CALL name differs from its function's");
		CHECK(v, p->funcs[fn]->nparams == e->u.call.nargs, e->loc,
		      "E_CALL argument count differs from the parameters'");
	}
	for (i = 0; i < e->u.call.nargs; i++)
		verify_expr(v, e->u.call.args[i], e->loc);
}

static void verify_expr_kind(const Verifier *v, const Expr *e)
{
	switch (e->kind) {
	case E_VAR:
		CHECK(v, var_ok(v, e->u.var), e->loc, "E_VAR id out of range");
		break;
	case E_GLOBAL:
		CHECK(v,
		      !v->p || (e->u.global >= 0 &&
				e->u.global < v->p->nglobals),
		      e->loc, "E_GLOBAL id out of range");
		break;
	case E_UNARY:
		CHECK(v, e->u.un.op >= 0 && e->u.un.op < U__COUNT, e->loc,
		      "unary operator out of range");
		verify_expr(v, e->u.un.e, e->loc);
		break;
	case E_BINARY:
		CHECK(v, e->u.bin.op >= 0 && e->u.bin.op < B__COUNT, e->loc,
		      "binary operator out of range");
		verify_expr(v, e->u.bin.l, e->loc);
		verify_expr(v, e->u.bin.r, e->loc);
		break;
	case E_COND:
		verify_expr(v, e->u.cond.c, e->loc);
		verify_expr(v, e->u.cond.a, e->loc);
		verify_expr(v, e->u.cond.b, e->loc);
		break;
	case E_CALL:
		verify_call(v, e);
		break;
	case E_INDEX:
		verify_expr(v, e->u.index.base, e->loc);
		verify_expr(v, e->u.index.idx, e->loc);
		CHECK(v, is_pointerish(e->u.index.base->type), e->loc,
		      "E_INDEX base is not a pointer or array");
		break;
	case E_DEREF:
		verify_expr(v, e->u.e, e->loc);
		CHECK(v, is_pointerish(e->u.e->type), e->loc,
		      "E_DEREF of a non-pointer");
		break;
	case E_ADDR:
		verify_expr(v, e->u.e, e->loc);
		CHECK(v, is_lvalue(e->u.e), e->loc, "E_ADDR of a non-lvalue");
		break;
	case E_CAST:
		verify_expr(v, e->u.e, e->loc);
		break;
	case E_MEMBER:
		verify_expr(v, e->u.mem.base, e->loc);
		CHECK(v, e->u.mem.base->type->kind == TY_STRUCT &&
			      e->u.mem.field >= 0 &&
			      e->u.mem.field < e->u.mem.base->type->st->nfields,
		      e->loc, "E_MEMBER of a non-struct or a missing field");
		CHECK(v, is_lvalue(e->u.mem.base), e->loc,
		      "E_MEMBER of a non-lvalue");
		break;
	default:
		break;
	}
}

/* at: the position of the enclosing node, for a missing expression. */
static void verify_expr(const Verifier *v, const Expr *e, Loc at)
{
	CHECK(v, e != NULL, at, "missing expression");
	CHECK(v, e->kind >= 0 && e->kind < E__COUNT, e->loc,
	      "expression kind out of range");
	if (!e->type)
		verify_fail(v, e->loc,
			    arena_printf("%s without a type",
					 expr_names[e->kind]));
	verify_expr_kind(v, e);
}

static void verify_stmt(Verifier *v, const Stmt *s, Loc at);

static void verify_decl(const Verifier *v, const Stmt *s)
{
	int i, id = s->u.decl.var;

	CHECK(v, var_ok(v, id), s->loc, "S_DECL var id out of range");
	CHECK(v, v->f->vars[id]->kind == VAR_LOCAL, s->loc,
	      "S_DECL of a variable that is not VAR_LOCAL");
	CHECK(v,
	      s->u.decl.ninits >= 0 && (s->u.decl.inits || !s->u.decl.ninits),
	      s->loc, "S_DECL without its initializer list");
	CHECK(v, !(s->u.decl.init && s->u.decl.ninits), s->loc,
	      "S_DECL with both a scalar and a list initializer");
	CHECK(v, !s->u.decl.ninits || v->f->vars[id]->type->kind == TY_ARRAY ||
			 v->f->vars[id]->type->kind == TY_STRUCT,
	      s->loc, "S_DECL list initializer for a non-array");
	if (s->u.decl.init)
		verify_expr(v, s->u.decl.init, s->loc);
	for (i = 0; i < s->u.decl.ninits; i++)
		verify_expr(v, s->u.decl.inits[i], s->loc);
}

static void verify_assign(const Verifier *v, const Stmt *s)
{
	AssignOp op = s->u.assign.op;

	CHECK(v, op >= 0 && op < A__COUNT, s->loc,
	      "assignment operator out of range");
	verify_expr(v, s->u.assign.lhs, s->loc);
	CHECK(v, is_lvalue(s->u.assign.lhs), s->loc,
	      "S_ASSIGN target is not an lvalue");
	CHECK(v, (s->u.assign.rhs == NULL) == (op == A_INC || op == A_DEC),
	      s->loc, "S_ASSIGN rhs present for ++/-- or missing otherwise");
	if (s->u.assign.rhs)
		verify_expr(v, s->u.assign.rhs, s->loc);
}

/* A for's init (decls allowed) or inc clause: a simple statement or a
 * block of simple statements: declarations only, or expressions
 * (assignments and calls may mix: the reverse mode's push before an
 * integer assignment, i++, ck_push_i(t, j), j = i). */
static void verify_for_clause(Verifier *v, const Stmt *s, int is_init)
{
	CHECK(v, ir_for_clause_ok(s, is_init), s->loc,
	      is_init ? "bad S_FOR init" : "bad S_FOR inc");
	verify_stmt(v, s, s->loc);
}

static void verify_loop(Verifier *v, const Stmt *s)
{
	if (s->kind != S_FOR || s->u.loop.cond)
		verify_expr(v, s->u.loop.cond, s->loc);
	if (s->kind == S_FOR && s->u.loop.init)
		verify_for_clause(v, s->u.loop.init, 1);
	if (s->kind == S_FOR && s->u.loop.inc)
		verify_for_clause(v, s->u.loop.inc, 0);
	CHECK(v, s->kind == S_FOR || (!s->u.loop.init && !s->u.loop.inc),
	      s->loc, "init or inc on a loop that is not S_FOR");
	v->loops++;
	verify_stmt(v, s->u.loop.body, s->loc);
	v->loops--;
}

static void verify_ckpt(Verifier *v, const Stmt *s)
{
	int i;

	CHECK(v, s->u.ckpt.binomial >= 0, s->loc, "negative binomial(K)");
	CHECK(v,
	      s->u.ckpt.nsaves >= 0 && (s->u.ckpt.saves || !s->u.ckpt.nsaves),
	      s->loc, "checkpoint without its save list");
	for (i = 0; i < s->u.ckpt.nsaves; i++) {
		const SaveSection *sv = s->u.ckpt.saves[i];

		CHECK(v, sv != NULL, s->loc, "missing save section");
		CHECK(v, var_ok(v, sv->var), sv->loc,
		      "save var id out of range");
		CHECK(v,
		      sv->field < 0 ||
			      (v->f->vars[sv->var]->type->kind == TY_STRUCT &&
			       sv->field <
				       v->f->vars[sv->var]->type->st->nfields),
		      sv->loc, "save member out of range");
		verify_expr(v, sv->lo, sv->loc);
		verify_expr(v, sv->len, sv->loc);
	}
	verify_stmt(v, s->u.ckpt.body, s->loc);
}

static void verify_return(const Verifier *v, const Stmt *s)
{
	int is_void = v->f->ret->kind == TY_VOID;

	CHECK(v, (s->u.expr == NULL) == is_void, s->loc,
	      is_void ? "S_RETURN with a value in a void function"
		      : "S_RETURN without a value in a non-void function");
	if (s->u.expr)
		verify_expr(v, s->u.expr, s->loc);
}

static void verify_stmt(Verifier *v, const Stmt *s, Loc at)
{
	int i;

	CHECK(v, s != NULL, at, "missing statement");
	CHECK(v, s->kind >= 0 && s->kind < S__COUNT, s->loc,
	      "statement kind out of range");
	switch (s->kind) {
	case S_BLOCK:
		CHECK(v,
		      s->u.block.n >= 0 && (s->u.block.items || !s->u.block.n),
		      s->loc, "S_BLOCK without its items");
		for (i = 0; i < s->u.block.n; i++)
			verify_stmt(v, s->u.block.items[i], s->loc);
		break;
	case S_DECL:
		verify_decl(v, s);
		break;
	case S_ASSIGN:
		verify_assign(v, s);
		break;
	case S_EXPR:
		verify_expr(v, s->u.expr, s->loc);
		break;
	case S_IF:
		verify_expr(v, s->u.ifs.cond, s->loc);
		verify_stmt(v, s->u.ifs.then, s->loc);
		if (s->u.ifs.els)
			verify_stmt(v, s->u.ifs.els, s->loc);
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		verify_loop(v, s);
		break;
	case S_BREAK:
	case S_CONTINUE:
		CHECK(v, v->loops > 0, s->loc,
		      "break or continue outside a loop");
		break;
	case S_RETURN:
		verify_return(v, s);
		break;
	case S_CHECKPOINT:
		verify_ckpt(v, s);
		break;
	default:
		break;
	}
}

/* The variable table and the parameter list. */
static void verify_vars(const Verifier *v)
{
	const Func *f = v->f;
	int i, nparams = 0;

	CHECK(v, f->nvars >= 0 && (f->vars || !f->nvars), f->loc,
	      "missing variable table");
	for (i = 0; i < f->nvars; i++) {
		const Var *var = f->vars[i];

		CHECK(v, var && var->type && (var->name || !f->body), f->loc,
		      "variable without a name or type");
		CHECK(v, var->kind == VAR_PARAM || var->kind == VAR_LOCAL,
		      var->loc, "variable kind out of range");
		CHECK(v, !(var->is_static && var->kind == VAR_PARAM), var->loc,
		      "static parameter");
		nparams += var->kind == VAR_PARAM;
	}
	CHECK(v, f->nparams == nparams && (f->params || !f->nparams), f->loc,
	      "parameter list differs from the VAR_PARAM variables");
	for (i = 0; i < f->nparams; i++)
		CHECK(v,
		      var_ok(v, f->params[i]) &&
			      f->vars[f->params[i]]->kind == VAR_PARAM,
		      f->loc, "parameter id out of range or not VAR_PARAM");
}

void ir_verify(const Program *p, const Func *f, const char *stage)
{
	Verifier v;

	v.p = p;
	v.f = f;
	v.stage = stage;
	v.loops = 0;
	CHECK(&v, f->name && f->ret, f->loc,
	      "function without a name or type");
	verify_vars(&v);
	if (!f->body)
		return;
	CHECK(&v, f->body->kind == S_BLOCK, f->body->loc,
	      "body is not S_BLOCK");
	verify_stmt(&v, f->body, f->loc);
}
