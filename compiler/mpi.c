/*
 * mpi.c - MPI calls in differentiated code (DESIGN §5, "Parallel code").
 *
 * A supported MPI call on double or float data becomes a call to a typed
 * helper of libckrt_mpi (runtime/ckrt_mpi.h), and the helper gets a
 * derivative rule as if the user had written a ck_derivative for it
 * (userrules.c), so that activity, the tangent, the adjoint and the
 * second order treat it as any call with a supplied derivative:
 *
 *   MPI_Send(&s, 1, MPI_DOUBLE, 1, 0, comm)
 *     -> ck_mpi_send_dbl(&s, 1, MPI_DOUBLE, 1, 0, comm)
 *     f_d:   ck_mpi_send_dbl_d(&s, &s_d, ...)     the tangent alongside
 *     f_bwd: ck_mpi_send_dbl_b(&s_b, ...)         receives the adjoint
 *     f_b_d: ck_mpi_send_dbl_b_d(&s_b, &s_bd, ...)
 *
 * The adjoints take no primal buffers (nor the status): the rules of the
 * supported calls do not read the data (MPI_SUM only), so f_bwd need not
 * keep it.  MPI_IN_PLACE reductions get helpers of their own, the buffer
 * read and written.
 *
 * Activity is local to a rank, communication is not: rank 0 may send a
 * constant while rank 1 receives into varied data.  So every rank must call
 * the same derivative helpers at the same points: a helper call always
 * carries its derivative (null shadows send zeros), what a call receives
 * is varied, and a function that communicates floating data is never
 * called as its primal from derivative code (mpi_func_communicates).
 *
 * MPI calls on integer data, MPI_Comm_rank, MPI_Comm_size and MPI_Barrier
 * stay as they are: no derivatives, and a recomputation may run them again,
 * since every rank recomputes the same steps.  Any other MPI call that
 * moves floating data is refused (mpi_check_call).
 */
#include "ckc.h"

#include <string.h>

/* A supported blocking call.  Arguments by position: the data read (in)
 * and written (out), the status; -1 when the call has none.  For
 * MPI_Bcast, in == out (the root sends, the others receive into the same
 * buffer).  (Nonblocking calls: below.) */
typedef struct MpiCall {
	const char *name;   /* MPI_Send */
	const char *helper; /* send: ck_mpi_send_dbl, ... */
	int nargs;
	int in, out;
	int status;
	int op; /* the MPI_Op */
} MpiCall;

static const MpiCall mpi_calls[] = {
	{ "MPI_Send", "send", 6, 0, -1, -1, -1 },
	{ "MPI_Recv", "recv", 7, -1, 0, 6, -1 },
	{ "MPI_Sendrecv", "sendrecv", 12, 0, 5, 11, -1 },
	{ "MPI_Bcast", "bcast", 5, 0, 0, -1, -1 },
	{ "MPI_Reduce", "reduce", 7, 0, 1, -1, 4 },
	{ "MPI_Allreduce", "allreduce", 6, 0, 1, -1, 4 },
};

#define MPI_NCALLS ((int)(sizeof mpi_calls / sizeof mpi_calls[0]))

static const MpiCall *mpi_find(const char *name)
{
	for (int i = 0; i < MPI_NCALLS; i++)
		if (!strcmp(mpi_calls[i].name, name))
			return &mpi_calls[i];
	return NULL;
}

int mpi_is_mpi_name(const char *name)
{
	return !strncmp(name, "MPI_", 4) || !strncmp(name, "PMPI_", 5);
}

/* The expression under the pointer casts of an argument: the buffer the
 * user passed as void *. */
static const Expr *mpi_strip(const Expr *e)
{
	while (e->kind == E_CAST && type_is_pointerish(e->type) &&
	       type_is_pointerish(e->u.e->type))
		e = e->u.e;
	return e;
}

/* MPI_IN_PLACE: a pointer made of a nonzero integer constant ((void *) 1
 * in Open MPI, (void *) -1 in MPICH). */
static int mpi_in_place(const Expr *e)
{
	return e->kind == E_CAST && type_is_pointerish(e->type) &&
	       e->u.e->kind == E_NUM && e->u.e->u.num.is_int &&
	       e->u.e->u.num.ival != 0;
}

/* A null pointer constant ((void *) 0, 0). */
static int mpi_null(const Expr *e)
{
	while (e->kind == E_CAST)
		e = e->u.e;
	return e->kind == E_NUM && e->u.num.is_int && e->u.num.ival == 0;
}

/* The floating type of the data behind an argument, or NULL. */
static Type *mpi_float_data(const Expr *arg)
{
	const Expr *e = mpi_strip(arg);
	if (!type_is_pointerish(e->type))
		return NULL;
	Type *t = e->type->base;
	return type_is_float(t) ? t : NULL;
}

/* Does the call pass floating data to MPI (an argument that points to
 * double or float)? */
static int mpi_moves_float(const Expr *call)
{
	for (int i = 0; i < call->u.call.nargs; i++)
		if (mpi_float_data(call->u.call.args[i]))
			return 1;
	return 0;
}

/* ---- the rules of the helpers */

static int mpi_used;

/* A declaration with the types of args, where types[i] (when not NULL)
 * replaces one. */
static Func *mpi_decl_of(const char *name, Expr **args, int nargs,
			 Type **types, Loc loc)
{
	Func *f = func_new(name, type_int(), loc);
	for (int i = 0; i < nargs; i++)
		func_add_param(f, arena_printf("a%d", i + 1),
			       types[i] ? types[i] : args[i]->type, loc);
	return f;
}

/* F_b's declaration: NAME's parameters without the primal buffers and the
 * status, each active one followed by its adjoint. */
static Func *mpi_decl_b(const char *name, const Func *d,
			const unsigned char *active, const unsigned char *drop)
{
	Func *f = func_new(name, type_new(TY_VOID), d->loc);
	for (int i = 0; i < d->nparams; i++) {
		const Var *x = d->vars[d->params[i]];
		if (!drop[i])
			func_add_param(f, x->name, x->type, d->loc);
		if (active[i])
			func_add_param(
				f, arena_printf("%s_b", x->name),
				type_ptr(type_with_const(x->type->base, 0)),
				d->loc);
	}
	return f;
}

/* The rule of helper `name` (made on first use): a UserRule as a
 * ck_derivative would give, with its two CallRules (NAME -> F_d, and
 * F_b -> F_b_d).  active: the parameters with shadows; drop: those F_b
 * does not take.  With taped, also NAME_t, the spelling of the call in
 * taped forward sweeps (nonblocking calls keep the requests' records for
 * the reverse sweep there), whose tangent is NAME_t_d and whose F_b is
 * NAME's. */
static UserRule *mpi_rule(const char *name, Func *decl, unsigned char *active,
			  unsigned char *drop, int taped)
{
	UserRule *r = (UserRule *)userrules_find(name);
	if (r)
		return r;
	r = ARENA_NEW(UserRule);
	r->name = name;
	r->loc = decl->loc;
	r->fn[UR_TANGENT] = arena_printf("%s_d", name);
	r->fn[UR_ADJOINT] = arena_printf("%s_b", name);
	r->fn[UR_HVP] = arena_printf("%s_b_d", name);
	r->decl = decl;
	r->active = active;
	r->mpi_drop = drop;
	r->mpi = 1;
	r->mpi_op = -1;
	r->user[UR_ADJOINT] =
		mpi_decl_b(r->fn[UR_ADJOINT], r->decl, active, drop);
	userrules_add(r);
	userrules_add_mpi(r, 1);
	if (!taped)
		return r;
	UserRule *t = ARENA_NEW(UserRule);
	*t = *r;
	t->name = arena_printf("%s_t", name);
	t->fn[UR_TANGENT] = arena_printf("%s_t_d", name);
	Func *dt = ARENA_NEW(Func);
	*dt = *decl;
	dt->name = t->name;
	t->decl = dt;
	r->mpi_taped = t->name;
	userrules_add(t);
	userrules_add_mpi(t, 0);
	return r;
}

/* The name of the global at the bottom of an MPI handle ((MPI_Op)
 * &ompi_mpi_op_max in Open MPI), or NULL. */
static const char *mpi_handle_global(const Program *p, const Expr *e)
{
	while (e->kind == E_CAST)
		e = e->u.e;
	if (e->kind == E_ADDR)
		e = e->u.e;
	return e->kind == E_GLOBAL ? p->globals[e->u.global]->name : NULL;
}

static int ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), k = strlen(tail);
	return n >= k && !strcmp(s + n - k, tail);
}

/* ---- the rewrite */

/* Is a reduction's MPI_Op (argument op) MPI_MAX or MPI_MIN, as far as
 * the expression shows (Open MPI: &ompi_mpi_op_max)? */
static int mpi_minmax_op(const Program *p, const Expr *e, int op)
{
	const char *g = mpi_handle_global(p, e->u.call.args[op]);
	return g && (ends_with(g, "_max") || ends_with(g, "_min"));
}

static void mpi_rewrite_call(const Program *p, Expr *e)
{
	const MpiCall *mc = mpi_find(e->u.call.name);
	if (!mc || e->u.call.nargs != mc->nargs || !mpi_moves_float(e))
		return;
	int in_place = mc->in >= 0 && mc->in != mc->out &&
		       mpi_in_place(e->u.call.args[mc->in]);
	Type *elem = NULL;
	int ok = 1;
	for (int k = 0; k < 2; k++) {
		int i = k ? mc->out : mc->in;
		if (i < 0 || (k == 0 && in_place))
			continue;
		const Expr *a = e->u.call.args[i];
		Type *t = mpi_float_data(a);
		if (!t) {
			/* a null receive buffer (MPI_Reduce off the root) */
			if (!mpi_null(a))
				ok = 0;
			continue;
		}
		if (elem && elem->kind != t->kind)
			ok = 0;
		elem = t;
	}
	if (!ok || !elem)
		return; /* refused by mpi_check_call */
	/* reductions by MPI_MAX and MPI_MIN: the adjoint finds the winners
	 * from the operands, so F_b takes the send buffer */
	int minmax = mc->op >= 0 && !in_place && mpi_minmax_op(p, e, mc->op);
	const char *name = arena_printf(
		"ck_mpi_%s%s%s_%s", mc->helper, in_place ? "_inplace" : "",
		minmax ? "_minmax" : "",
		elem->kind == TY_DOUBLE ? "dbl" : "flt");
	/* the helper's parameters: the call's (without MPI_IN_PLACE), with
	 * typed buffers, const where the call only reads */
	int n = e->u.call.nargs - in_place;
	Type **types = arena_alloc(sizeof(Type *) * (size_t)n);
	unsigned char *active = arena_alloc((size_t)n + 1);
	unsigned char *drop = arena_alloc((size_t)n + 1);
	for (int i = in_place; i < e->u.call.nargs; i++) {
		int k = i - in_place;
		if (i == mc->in || i == mc->out) {
			types[k] = type_ptr(type_with_const(
				elem, i != mc->out && !in_place));
			active[k] = drop[k] = 1;
		}
		if (i == mc->status)
			drop[k] = 1;
		if (minmax && i == mc->in)
			drop[k] = 0; /* F_b finds the winners from it */
	}
	UserRule *r = mpi_rule(
		name,
		mpi_decl_of(name, e->u.call.args + in_place, n, types, e->loc),
		active, drop, 0);
	/* the MPI_Op of a reduction whose derivative needs MPI_SUM */
	if (mc->op >= 0 && !minmax)
		r->mpi_op = mc->op - in_place;
	r->mpi_call = mc->name;
	/* the buffers without the casts to void * */
	for (int i = 0; i < e->u.call.nargs; i++)
		if ((i == mc->in || i == mc->out) &&
		    mpi_float_data(e->u.call.args[i]))
			e->u.call.args[i] =
				(Expr *)mpi_strip(e->u.call.args[i]);
	if (in_place) {
		e->u.call.args++;
		e->u.call.nargs--;
	}
	e->u.call.name = name;
	mpi_used = 1;
}

/* ---- nonblocking calls
 *
 * MPI_Isend and MPI_Irecv on floating data, and the MPI_Wait and
 * MPI_Waitall of the function that posts them, become helpers that keep a
 * record per request (libckrt_mpi): at a wait of a taped forward sweep, the
 * records it completed go on a stack, and the wait's adjoint, first in the
 * reverse sweep, posts their adjoint communication (a receive for a send,
 * a send of the buffer's adjoint for a receive); the adjoint of each post
 * completes it.  The wait's adjoint finds a receive buffer's adjoint from
 * the buffer's variable, which the wait passes (up to MPI_MAX_BASES of
 * them, slots), and the element offset the post recorded:
 *
 *   MPI_Irecv(&u[n + 1], 1, MPI_DOUBLE, r, 1, comm, &rq[1])
 *     -> ck_mpi_irecv_dbl(&u[n + 1], 1, ..., &rq[1], FID, 0, u)
 *   MPI_Waitall(4, rq, st) -> ck_mpi_waitall_dbl1(4, rq, st, FID, u)
 *     f_bwd: ck_mpi_waitall_dbl1_b(4, FID, u_b)
 *
 * FID names the function: a request must be waited for where it was
 * posted.  Taped forward sweeps spell the helpers NAME_t (the records
 * stay for the reverse sweep); untaped code (tangents, recomputations that
 * are not reversed) drops them at the wait. */

#define MPI_MAX_BASES 4

typedef struct NbFunc {
	Func *f;
	int fid;
	int roots[MPI_MAX_BASES]; /* the variables receive buffers are in */
	int nroots;
	Type *elem; /* the posts' floating type */
	int posts;  /* MPI_Isend/MPI_Irecv on floating data */
	int bad;    /* refused: the posts stay as they are */
} NbFunc;

/* Calls refused with a message of their own (reported by mpi_check_call
 * where the function is differentiated). */
typedef struct Refusal {
	const Expr *call;
	const char *why;
} Refusal;

static Refusal *mpi_refused;
static int mpi_nrefused;

static void mpi_refuse(const Expr *call, const char *why)
{
	Refusal r = { call, why };
	VEC_PUSH(mpi_refused, mpi_nrefused, r);
}

/* The MPI calls on requests that ckc cannot reverse. */
static const char *const mpi_nb_refused[] = {
	"MPI_Test",    "MPI_Testall",  "MPI_Testany",      "MPI_Testsome",
	"MPI_Waitany", "MPI_Waitsome", "MPI_Request_free", "MPI_Cancel",
};

static int mpi_is_post(const Expr *e, int *recv)
{
	if (e->kind != E_CALL || e->u.call.fn >= 0 || e->u.call.nargs != 7)
		return 0;
	*recv = !strcmp(e->u.call.name, "MPI_Irecv");
	return (*recv || !strcmp(e->u.call.name, "MPI_Isend")) &&
	       mpi_float_data(e->u.call.args[0]);
}

static void nb_scan(void *ctx, const Expr *e)
{
	NbFunc *nf = ctx;
	int recv;
	if (!mpi_is_post(e, &recv))
		return;
	Type *t = mpi_float_data(e->u.call.args[0]);
	nf->posts++;
	if (nf->elem && nf->elem->kind != t->kind) {
		mpi_refuse(e, "the nonblocking calls of a function are on one "
			      "floating type for ckc; post double and float "
			      "data from separate functions");
		nf->bad = 1;
		return;
	}
	nf->elem = t;
	if (!recv)
		return;
	int root = activity_root(mpi_strip(e->u.call.args[0]));
	const Type *rt = root >= 0 ? nf->f->vars[root]->type : NULL;
	if (!rt || !(type_is_float(rt) ||
		     (type_is_pointerish(rt) && type_is_float(rt->base)))) {
		mpi_refuse(e, "ckc follows the receive buffer of MPI_Irecv "
			      "in a local or parameter array, pointer or "
			      "scalar of floating type; receive into one");
		nf->bad = 1;
		return;
	}
	for (int i = 0; i < nf->nroots; i++)
		if (nf->roots[i] == root)
			return;
	if (nf->nroots == MPI_MAX_BASES) {
		mpi_refuse(e, "ckc follows the receive buffers of MPI_Irecv "
			      "in at most 4 variables of a function; receive "
			      "into fewer arrays, or post from separate "
			      "functions");
		nf->bad = 1;
		return;
	}
	nf->roots[nf->nroots++] = root;
}

/* The variable v as a pointer to its floating data: v, or &v. */
static Expr *nb_base(NbFunc *nf, int v, Loc loc)
{
	Expr *e = expr_var(nf->f, v, loc);
	return type_is_float(e->type) ? expr_addr(e, loc) : e;
}

static void nb_rewrite(void *ctx, const Expr *ce)
{
	NbFunc *nf = ctx;
	Expr *e = (Expr *)ce;
	int recv = 0, wait = 0;
	if (e->kind != E_CALL || e->u.call.fn >= 0)
		return;
	const char *nm = e->u.call.name;
	for (size_t i = 0; i < sizeof mpi_nb_refused / sizeof *mpi_nb_refused;
	     i++)
		if (!strcmp(nm, mpi_nb_refused[i])) {
			mpi_refuse(e,
				   "ckc reverses MPI_Wait and MPI_Waitall of "
				   "requests on floating data, not this "
				   "call; wait for the requests of this "
				   "function with them");
			return;
		}
	if (!strcmp(nm, "MPI_Wait") && e->u.call.nargs == 2)
		wait = 1;
	else if (!strcmp(nm, "MPI_Waitall") && e->u.call.nargs == 3)
		wait = 2;
	else if (!mpi_is_post(e, &recv))
		return;
	const char *ts = nf->elem->kind == TY_DOUBLE ? "dbl" : "flt";
	int n0 = e->u.call.nargs, n = n0 + 1, slot = -1;
	if (wait)
		n += nf->nroots;
	else if (recv)
		n += 2;
	Expr **args = arena_alloc(sizeof(Expr *) * (size_t)n);
	Type **types = arena_alloc(sizeof(Type *) * (size_t)n);
	unsigned char *active = arena_alloc((size_t)n + 1);
	unsigned char *drop = arena_alloc((size_t)n + 1);
	for (int i = 0; i < n0; i++)
		args[i] = e->u.call.args[i];
	args[n0] = expr_int(nf->fid, e->loc);
	const char *name;
	if (wait) {
		name = arena_printf("ck_mpi_%s_%s%d",
				    wait == 1 ? "wait" : "waitall", ts,
				    nf->nroots);
		drop[wait - 1] = drop[wait] = 1; /* the requests, statuses */
		for (int k = 0; k < nf->nroots; k++) {
			int i = n0 + 1 + k;
			args[i] = nb_base(nf, nf->roots[k], e->loc);
			types[i] = type_ptr(type_with_const(nf->elem, 0));
			active[i] = drop[i] = 1;
		}
	} else {
		name = arena_printf("ck_mpi_%s_%s", recv ? "irecv" : "isend",
				    ts);
		args[0] = (Expr *)mpi_strip(args[0]);
		types[0] = type_ptr(type_with_const(nf->elem, !recv));
		active[0] = drop[0] = drop[6] = 1; /* buffer, request */
		if (recv) {
			int root = activity_root(args[0]);
			while (nf->roots[++slot] != root)
				;
			args[n0 + 1] = expr_int(slot, e->loc);
			args[n0 + 2] = nb_base(nf, root, e->loc);
			types[n0 + 2] = types[0];
			active[n0 + 2] = drop[n0 + 2] = 1;
		}
	}
	mpi_rule(name, mpi_decl_of(name, args, n, types, e->loc), active, drop,
		 1);
	e->u.call.args = args;
	e->u.call.nargs = n;
	e->u.call.name = name;
	mpi_used = 1;
}

static int mpi_refused_at(const Expr *call)
{
	for (int i = 0; i < mpi_nrefused; i++)
		if (mpi_refused[i].call == call)
			return i;
	return -1;
}

/* A function whose posts are refused: the others stay without a message
 * of their own (the first says why). */
static void nb_quiet(void *ctx, const Expr *e)
{
	int recv;
	(void)ctx;
	if (mpi_is_post(e, &recv) && mpi_refused_at(e) < 0)
		mpi_refuse(e, NULL);
}

static void mpi_nonblocking(Program *p, int fid)
{
	NbFunc nf;
	memset(&nf, 0, sizeof nf);
	nf.f = p->funcs[fid];
	nf.fid = fid;
	ir_walk_stmt(nf.f->body, nb_scan, &nf);
	if (nf.posts && !nf.bad)
		ir_walk_stmt(nf.f->body, nb_rewrite, &nf);
	else if (nf.bad)
		ir_walk_stmt(nf.f->body, nb_quiet, NULL);
}

static void mpi_visit(void *ctx, const Expr *e)
{
	if (e->kind == E_CALL && e->u.call.fn < 0)
		mpi_rewrite_call(ctx, (Expr *)e);
}

void mpi_program(Program *p)
{
	for (int i = 0; i < p->nfuncs; i++) {
		mpi_nonblocking(p, i);
		ir_walk_stmt(p->funcs[i]->body, mpi_visit, p);
	}
}

/* ---- checks */

int mpi_check_call(const Expr *call)
{
	const char *name = call->u.call.name;
	int k = mpi_refused_at(call);
	if (k >= 0) {
		if (mpi_refused[k].why) /* else: refused with another call */
			diag_error(call->loc, "%s", mpi_refused[k].why);
		return 0;
	}
	if (!mpi_is_mpi_name(name) || !mpi_moves_float(call))
		return 1;
	const MpiCall *mc = mpi_find(name);
	if (mc && call->u.call.nargs == mc->nargs) {
		diag_error(call->loc,
			   "'%s' here mixes double and float data (or passes "
			   "floating data where MPI expects none); ckc "
			   "differentiates it on one floating type, "
			   "MPI_DOUBLE or MPI_FLOAT",
			   name);
		return 0;
	}
	diag_error(
		call->loc,
		"ckc cannot differentiate '%s', which moves floating-point "
		"data between ranks; it differentiates MPI_Send, MPI_Recv, "
		"MPI_Sendrecv, MPI_Isend, MPI_Irecv, MPI_Wait, MPI_Waitall, "
		"MPI_Bcast, MPI_Reduce and MPI_Allreduce (MPI_SUM, MPI_MAX, "
		"MPI_MIN) on MPI_DOUBLE and MPI_FLOAT data",
		name);
	return 0;
}

int mpi_check_rule_call(const Program *p, const UserRule *r, const Expr *call)
{
	int op = r->mpi_op;
	/* F_b of generated code was checked as NAME */
	if (!r->mpi || op < 0 || strcmp(call->u.call.name, r->name))
		return 1;
	const char *g = mpi_handle_global(p, call->u.call.args[op]);
	const char *what = r->mpi_call;
	if (!g || ends_with(g, "_sum"))
		return 1; /* MPI_SUM, or an op only the run knows (checked there) */
	if (ends_with(g, "_max") || ends_with(g, "_min"))
		diag_error(call->u.call.args[op]->loc,
			   "the derivative of an in-place '%s' by MPI_MAX or "
			   "MPI_MIN is not supported yet; reduce into a "
			   "separate buffer",
			   what);
	else
		diag_error(call->u.call.args[op]->loc,
			   "the derivative of '%s' with this MPI_Op is not "
			   "supported; ckc differentiates reductions by "
			   "MPI_SUM, MPI_MAX and MPI_MIN",
			   what);
	return 0;
}

/* ---- functions that communicate */

static unsigned char *mpi_comm_memo; /* 0 unknown, 1 no, 2 yes */
static int mpi_comm_n;

typedef struct CommScan {
	const Program *p;
	int found;
} CommScan;

static int mpi_comm_fn(const Program *p, int fn);

static void mpi_comm_visit(void *ctx, const Expr *e)
{
	CommScan *cs = ctx;
	if (e->kind != E_CALL || cs->found)
		return;
	if (e->u.call.fn >= 0)
		cs->found = mpi_comm_fn(cs->p, e->u.call.fn);
	else if (!strncmp(e->u.call.name, "ck_mpi_", 7))
		cs->found = 1;
}

static int mpi_comm_fn(const Program *p, int fn)
{
	if (fn >= mpi_comm_n) { /* functions were added: grow */
		unsigned char *m = arena_alloc((size_t)p->nfuncs + 1);
		if (mpi_comm_n)
			memcpy(m, mpi_comm_memo, (size_t)mpi_comm_n);
		mpi_comm_memo = m;
		mpi_comm_n = p->nfuncs;
	}
	if (!mpi_comm_memo[fn]) {
		CommScan cs = { p, 0 };
		/* recursion is refused by the front end: the walk ends */
		ir_walk_stmt(p->funcs[fn]->body, mpi_comm_visit, &cs);
		mpi_comm_memo[fn] = (unsigned char)(cs.found ? 2 : 1);
	}
	return mpi_comm_memo[fn] == 2;
}

int mpi_func_communicates(const Program *p, int fn)
{
	return mpi_used && fn >= 0 && fn < p->nfuncs && mpi_comm_fn(p, fn);
}
