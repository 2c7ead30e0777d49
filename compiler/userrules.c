/*
 * userrules.c - derivatives the user supplies for functions ckc cannot
 * (or should not) see into:
 *
 *   #pragma ck_derivative solve wrt(A, b) out(x) tangent(solve_d)
 *                         adjoint(solve_b) [hvp(solve_b_d)]
 *
 * The front end parses the pragma and hands over the declarations of NAME
 * and of the user's functions; this file checks them against the
 * signatures of DESIGN §2 and answers the transforms' questions: which
 * parameters of a call carry shadows, and what the call becomes.
 *
 *   tangent:  y = NAME(a, s)  ->  y = F_d(a, a_d, s, s_d, &y_d)
 *   adjoint:  f_fwd calls NAME; f_bwd calls F_b(a, a_b, s, &s_b, y_b)
 *             with the argument values the primal call saw (adjoint.c)
 *   hvp:      f_b_d is the tangent of f_b, so NAME becomes F_d there and
 *             F_b becomes F_b_d(a, a_d, a_b, a_bd, s, s_d, &s_b, &s_bd,
 *             y_b, y_bd): F_b_d is the tangent of F_b.
 *
 * A shadow is a null pointer (a scalar tangent 0) where the argument
 * carries no derivative at that call.
 */
#include "ckc.h"

#include <string.h>

static UserRule **ur_rules;
static int ur_nrules;
static CallRule **ur_calls;
static int ur_ncalls;

static const char *const ur_what[UR__COUNT] = { "tangent", "adjoint", "hvp" };

void userrules_add(UserRule *r)
{
	ARENA_PUSH(ur_rules, ur_nrules, r);
}

const UserRule *userrules_find(const char *name)
{
	for (int i = 0; i < ur_nrules; i++)
		if (strcmp(ur_rules[i]->name, name) == 0)
			return ur_rules[i];
	return NULL;
}

const CallRule *userrules_call(const char *name)
{
	for (int i = 0; i < ur_ncalls; i++)
		if (strcmp(ur_calls[i]->callee->name, name) == 0)
			return ur_calls[i];
	return NULL;
}

/* ---- types as C spells them, for the expected prototypes */

static const char *ur_type_str(const Type *t)
{
	const char *c = t->is_const ? "const " : "";
	switch (t->kind) {
	case TY_VOID:
		return arena_printf("%svoid", c);
	case TY_FLOAT:
		return arena_printf("%sfloat", c);
	case TY_DOUBLE:
		return arena_printf("%sdouble", c);
	case TY_INT:
	case TY_OTHER:
		return arena_printf("%s%s", c, t->name);
	case TY_STRUCT:
		return arena_printf(
			"%s%s", c,
			t->st->tdname ? t->st->tdname
				      : arena_printf("struct %s", t->st->tag));
	case TY_PTR:
	case TY_ARRAY: {
		const char *b = ur_type_str(t->base);
		return arena_printf("%s *%s", b, t->is_const ? "const" : "");
	}
	}
	return "?";
}

/* "double *x" or "int n" */
static const char *ur_param_str(const Type *t, const char *name)
{
	const char *ts = ur_type_str(t);
	size_t n = strlen(ts);
	return arena_printf("%s%s%s", ts, n && ts[n - 1] == '*' ? "" : " ",
			    name);
}

/* Same type, up to the const of the parameter itself. */
static int ur_same(const Type *a, const Type *b, int top)
{
	if (a->kind != b->kind || (!top && a->is_const != b->is_const))
		return 0;
	switch (a->kind) {
	case TY_INT:
	case TY_OTHER:
		return strcmp(a->name, b->name) == 0;
	case TY_STRUCT:
		return a->st == b->st;
	case TY_PTR:
	case TY_ARRAY:
		return ur_same(a->base, b->base, 0);
	default:
		return 1;
	}
}

/* ---- the expected signatures */

typedef struct Sig {
	Type **types;
	const char **names;
	int n;
	Type *ret;
} Sig;

static void sig_add(Sig *s, Type *t, const char *name)
{
	Type **tt = arena_alloc(sizeof(Type *) * (size_t)(s->n + 1));
	const char **nn = arena_alloc(sizeof(char *) * (size_t)(s->n + 1));
	if (s->n) {
		memcpy(tt, s->types, sizeof(Type *) * (size_t)s->n);
		memcpy(nn, s->names, sizeof(char *) * (size_t)s->n);
	}
	tt[s->n] = t;
	nn[s->n] = name;
	s->types = tt;
	s->names = nn;
	s->n++;
}

static int ur_named(const char **names, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return 1;
	return 0;
}

/* A pointer to p's floating elements, const or not. */
static Type *ur_elem_ptr(const Type *p, int is_const)
{
	return type_ptr(type_with_const(p->base, is_const));
}

/* The parameters of DESIGN §2 for mode k of rule r:
 *   tangent  p, p_d            (scalar p_d by value; pointer p_d const
 *                               unless p is in out)
 *   adjoint  p, p_b            (p_b a pointer)
 *   hvp      p, p_d, p_b, p_bd
 * and for a floating result T *ret_d / T ret_b / T ret_b, T ret_bd. */
static Sig ur_sig(const UserRule *r, int k)
{
	Sig s;
	const Func *d = r->decl;
	memset(&s, 0, sizeof s);
	s.ret = d->ret;
	for (int i = 0; i < d->nparams; i++) {
		const Var *x = d->vars[d->params[i]];
		const char *nm =
			x->name[0] ? x->name : arena_printf("p%d", i + 1);
		sig_add(&s, x->type, nm);
		if (!r->active[i])
			continue;
		int ptr = x->type->kind == TY_PTR;
		int in_out = ur_named(r->out, r->nout, x->name);
		Type *el = ptr ? x->type->base : x->type;
		if (k != UR_ADJOINT)
			sig_add(&s,
				ptr ? ur_elem_ptr(x->type, !in_out)
				    : type_with_const(el, 0),
				arena_printf("%s_d", nm));
		if (k != UR_TANGENT) {
			sig_add(&s,
				ptr ? ur_elem_ptr(x->type, 0)
				    : type_ptr(type_with_const(el, 0)),
				arena_printf("%s_b", nm));
		}
		if (k == UR_HVP)
			sig_add(&s,
				ptr ? ur_elem_ptr(x->type, 0)
				    : type_ptr(type_with_const(el, 0)),
				arena_printf("%s_bd", nm));
	}
	if (r->ret_active) {
		Type *rt = type_with_const(d->ret, 0);
		if (k == UR_TANGENT)
			sig_add(&s, type_ptr(rt), "ret_d");
		else
			sig_add(&s, rt, "ret_b");
		if (k == UR_HVP)
			sig_add(&s, rt, "ret_bd");
	}
	return s;
}

static const char *ur_proto(const Sig *s, const char *name)
{
	const char *rs = ur_type_str(s->ret);
	size_t n = strlen(rs);
	const char *p =
		arena_printf("%s%s%s(", rs, rs[n - 1] == '*' ? "" : " ", name);
	for (int i = 0; i < s->n; i++)
		p = arena_printf("%s%s%s", p, i ? ", " : "",
				 ur_param_str(s->types[i], s->names[i]));
	return arena_printf("%s%s)", p, s->n ? "" : "void");
}

/* Checks the user's function of mode k against its signature. */
static int ur_check_user(const UserRule *r, int k)
{
	Sig s = ur_sig(r, k);
	const Func *u = r->user[k];
	const char *want = ur_proto(&s, r->fn[k]);
	if (!u) {
		diag_error(
			r->fn_loc[k],
			"no declaration of '%s', the %s of '%s'; declare it "
			"(the expected prototype follows)",
			r->fn[k], ur_what[k], r->name);
		diag_note(r->fn_loc[k], "expected prototype: %s;", want);
		return 0;
	}
	if (u->nparams != s.n || u->is_variadic) {
		diag_error(u->loc,
			   "'%s' takes %d parameter%s; as the %s of '%s' with "
			   "this wrt/out it must take %d",
			   u->name, u->nparams, u->nparams == 1 ? "" : "s",
			   ur_what[k], r->name, s.n);
		diag_note(r->fn_loc[k], "expected prototype: %s;", want);
		return 0;
	}
	for (int i = 0; i < s.n; i++) {
		const Var *x = u->vars[u->params[i]];
		if (ur_same(x->type, s.types[i], 1))
			continue;
		diag_error(
			x->loc,
			"parameter %d%s%s%s of '%s' has type '%s', but the %s "
			"of '%s' takes '%s' there",
			i + 1, x->name[0] ? " '" : "", x->name,
			x->name[0] ? "'" : "", u->name, ur_type_str(x->type),
			ur_what[k], r->name,
			ur_param_str(s.types[i], s.names[i]));
		diag_note(r->fn_loc[k], "expected prototype: %s;", want);
		return 0;
	}
	if (!ur_same(u->ret, s.ret, 1)) {
		diag_error(u->loc,
			   "'%s' returns '%s'; the %s of '%s' returns "
			   "'%s', the primal result",
			   u->name, ur_type_str(u->ret), ur_what[k], r->name,
			   ur_type_str(s.ret));
		diag_note(r->fn_loc[k], "expected prototype: %s;", want);
		return 0;
	}
	return 1;
}

/* Checks wrt/out against NAME's declaration and sets r->active. */
static int ur_check_names(UserRule *r)
{
	const Func *d = r->decl;
	int ok = 1;
	r->active = arena_alloc((size_t)d->nparams + 1);
	for (int j = 0; j < r->nwrt + r->nout; j++) {
		int w = j < r->nwrt;
		const char *nm = w ? r->wrt[j] : r->out[j - r->nwrt];
		Loc at = w ? r->wrt_loc[j] : r->out_loc[j - r->nwrt];
		int i = func_find_var(d, nm);
		if (i < 0 || d->vars[i]->kind != VAR_PARAM) {
			diag_error(at, "'%s' is not a parameter of '%s'", nm,
				   r->name);
			ok = 0;
			continue;
		}
		const Type *t = d->vars[i]->type;
		int pos = 0;
		while (d->params[pos] != i)
			pos++;
		if (w && !type_is_float(t) &&
		    !(t->kind == TY_PTR && type_is_float(t->base))) {
			diag_error(at,
				   "wrt parameter '%s' of '%s' has type '%s'; "
				   "ck_derivative takes floating-point "
				   "scalars and pointers to floating-point "
				   "data",
				   nm, r->name, ur_type_str(t));
			ok = 0;
		} else if (!w &&
			   !(t->kind == TY_PTR && type_is_float(t->base) &&
			     !t->base->is_const)) {
			diag_error(at,
				   "out parameter '%s' must be a pointer to "
				   "non-const floating-point data",
				   nm);
			ok = 0;
		}
		r->active[pos] = 1;
	}
	r->ret_active = type_is_float(d->ret);
	if (ok && r->nout == 0 && !r->ret_active) {
		diag_error(r->loc,
			   "'%s' returns '%s'; name its outputs with "
			   "out(...)",
			   r->name, ur_type_str(d->ret));
		ok = 0;
	}
	return ok;
}

/* The tangent rules of a rule: NAME -> F_d, and with with_adjoint
 * F_b -> F_b_d. */
static void ur_add_calls(const UserRule *r, int with_adjoint)
{
	CallRule *c = ARENA_NEW(CallRule);
	c->rule = r;
	c->callee = r->decl;
	c->tangent = r->fn[UR_TANGENT];
	c->active = r->active;
	c->ret_d = r->ret_active;
	ARENA_PUSH(ur_calls, ur_ncalls, c);
	if (!with_adjoint)
		return;

	/* F_b's parameters: NAME's (but those an MPI helper's F_b does not
	 * take), each active one followed by its adjoint (both active in
	 * F_b_d), then ret_b (active) */
	const Func *b = r->user[UR_ADJOINT];
	unsigned char *act = arena_alloc((size_t)b->nparams + 1);
	int k = 0;
	for (int i = 0; i < r->decl->nparams; i++) {
		if (!r->mpi_drop || !r->mpi_drop[i])
			act[k++] = r->active[i];
		if (r->active[i])
			act[k++] = 1;
	}
	if (r->ret_active)
		act[k++] = 1;
	ck_assert(k == b->nparams);
	c = ARENA_NEW(CallRule);
	c->rule = r;
	c->callee = b;
	c->tangent = r->fn[UR_HVP];
	c->active = act;
	c->is_adjoint = 1;
	ARENA_PUSH(ur_calls, ur_ncalls, c);
}

/* An MPI helper's rule is made by mpi.c, not by a pragma: its F_b takes
 * no primal buffers (r->mpi_drop), and it needs no checks. */
void userrules_add_mpi(const UserRule *r, int with_adjoint)
{
	ur_add_calls(r, with_adjoint);
}

int userrules_check(void)
{
	int ok = 1;
	for (int i = 0; i < ur_nrules; i++) {
		UserRule *r = ur_rules[i];
		int dup = 0;
		for (int j = 0; j < i; j++)
			if (strcmp(ur_rules[j]->name, r->name) == 0) {
				diag_error(r->loc,
					   "'%s' already has a "
					   "ck_derivative",
					   r->name);
				diag_note(ur_rules[j]->loc,
					  "the first is here");
				dup = 1;
			}
		if (dup) {
			ok = 0;
			continue;
		}
		if (!r->decl) {
			diag_error(r->loc,
				   "no function named '%s' is declared",
				   r->name);
			ok = 0;
			continue;
		}
		if (r->decl->is_variadic) {
			diag_error(r->loc,
				   "'%s' takes a variable number of "
				   "arguments; ck_derivative needs a "
				   "fixed prototype",
				   r->name);
			ok = 0;
			continue;
		}
		if (!ur_check_names(r)) {
			ok = 0;
			continue;
		}
		int uok = 1;
		for (int k = 0; k < UR__COUNT; k++)
			if (r->fn[k] && !ur_check_user(r, k))
				uok = 0;
		if (!uok) {
			ok = 0;
			continue;
		}
		ur_add_calls(r, 1);
	}
	return ok;
}
