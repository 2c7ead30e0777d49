/*
 * adjoint.h - what the files of the reverse mode share, and no other file
 * includes: adjoint.c (the overall scheme, expressions, statements and
 * functions), record.c (what the forward sweep records: rematerialization,
 * counted loops, loop copies) and checkpoint.c (checkpoint regions,
 * binomial loops).  The types the three files use and the functions one
 * calls in another; everything else is static to its file.  ckc.h
 * declares what the rest of the compiler calls.
 */
#ifndef CKC_ADJOINT_H
#define CKC_ADJOINT_H

#include "ckc.h"

/* ---------------------------------------------------------------- maps */

/* Pointer -> small struct index, for facts about statements. */
typedef struct PtrMap {
	const void **keys;
	int *vals;
	int cap, n;
} PtrMap;

/* --------------------------------------------------------- exit sites
 *
 * A break, continue or return (see adjoint.c). */

typedef struct SiteInfo {
	int first, count;     /* sites of this statement's scope inside it */
	int any;              /* any site of any scope inside */
	int id;               /* a site: its id in its own scope */
	int fn_id;            /* a return: its id in the function scope */
	int nloops;           /* a return: enclosing loops, outermost first */
	const Stmt **loops;
	int *loop_ids;
	int nsites;           /* a loop: sites of its own scope */
} SiteInfo;

typedef struct SiteWalk {
	PtrMap map;
	SiteInfo **infos;
	int ninfos;
	const Stmt **path; /* statements from the body down to the current */
	int *path_scope;   /* scope index of each (0 = function) */
	int depth, cap;
	const Stmt **scopes; /* loops, scopes[0] = NULL for the function */
	int *next_id;
	int nscopes;
	int fn_sites;
} SiteWalk;

/* ---------------------------------------------------------- variants */

/* The forward and reverse functions of one function for one pattern. */
typedef struct AdjVariant {
	Pattern *pat;
	Activity *a;
	const Func *f;
	Func *fwd, *bwd;
	unsigned char *needed; /* int/pointer var read by the reverse sweep */
	unsigned char *reassigned; /* var assigned after its declaration */
	int ret_b;             /* the result has an adjoint seed */
	int *base;             /* pointer var -> the var it points into, -1/-2 */
	unsigned char *heap;   /* local pointer var holding malloc'd active data
				  (see adj_find_heap) */
	unsigned char *heap_int;   /* local int pointer var holding only
				    buffers it allocates (malloc, calloc):
				    an integer table that f_bwd reads from
				    the buffer itself once it is needed
				    (adj_heap_int) */
	unsigned char *heap_alias; /* one that is not, as it holds several
				      buffers and another pointer aliases
				      them (adj_heap_alias_error) */
	unsigned char *int_passed; /* local int array that leaves f only as
				      a whole call argument, h(perm): each
				      call that may change it is a whole
				      update (adj_int_array) */
	int heap_alias_said;       /* its error was reported */
	int ints_said;             /* adj_param_ints_changed's error too */
	/* &k arguments of the first statement that mentions k after its
	 * declaration without a value, in f's body (no loop around): the
	 * call sets k, nothing before reads it, so its old value needs no
	 * tape (adj_addr_updates) */
	PtrMap fresh_addr;
	SiteWalk sites;
	unsigned char *stable; /* pointer params whose data stays unchanged (1),
				  or, for pointers to structs, whose data
				  changes but which f_bwd takes to read the
				  structs' integer and pointer members (2) */
	int fn_sites;          /* returns */
	int failed;
	/* Local structs: the stores right after a local struct's declaration
	 * that set its integer and pointer members (its "setup"), replayed at
	 * the start of the block's reverse in f_bwd (see adj_local_structs). */
	PtrMap setup;
	/* f_fwd and f_bwd as one function (fuse.c) that f_b calls, or NULL;
	 * named and output once a wrapper calls it */
	Func *fused;
	int fused_out;
	int fused_tapeless; /* fuse_sweeps' *tapeless */
} AdjVariant;

/* One frame of the nesting around the statement being generated. */
typedef struct Frame {
	const Stmt *s;  /* the if or loop */
	int branch;     /* if: 1 in the then branch, 0 in the else branch */
	int count_var;  /* loop: the fwd iteration counter */
	int code_var;   /* loop: the bwd iteration code, -1 without sites */
	int bits;       /* if: records its branch */
} Frame;

typedef struct Adj {
	Program *p;
	AdjVariant *v;
	const Func *f;
	const Activity *a;
	Func *fwd, *bwd;
	int ft, bt;        /* ck_t in fwd and in bwd */
	int *bmap;         /* f var -> bwd var holding its value, -1 */
	/* f's pointer parameter -> bwd's scratch buffer standing for its
	 * data in a region's recomputation (checkpoint.c rg_scratch), -1 */
	int *rgscr;
	int *adjv;         /* f var -> bwd adjoint var, -1 */
	int *adj_ptr;      /* f var -> bwd var: scalar param's adjoint is *p_b */
	Frame *frames;
	int nframes;
	int changed;       /* the needed set grew */
	int fn_code;       /* bwd var with the function's exit code, -1 */
	Stmt *fdecls;      /* declarations at the top of fwd */
	const Expr **remat; /* float local -> its value as an expression f_bwd
			      can evaluate again (see adj_remat_set) */
	long *remat_cost;   /* float local -> size of remat's expansion */
	struct RematUse **readers; /* var -> the remat values that read it */
	struct RematUse *live;     /* every remat value set */
	int in_decl;       /* generating a declaration's initializer */
	int *pcopy;        /* f var -> bwd copy of a floating primal variable
			      (checkpoint regions recompute in f_bwd) */
	int *twin;         /* fwd var -> bwd var, for generated variables */
	int *stwin;        /* local struct -> its bwd copy (integer and pointer
			      members only), -1 */
	int ntwin;
	Stmt *bdecls;      /* declarations at the top of bwd */
	int loops;         /* loops around the statement being generated */
	int *hbytes_f;     /* heap var -> fwd var with its buffer's bytes */
	int *hptr_b;       /* heap var -> bwd var with the buffer's pointer */
	int *hbytes_b;     /* heap var -> bwd var with its bytes */
	struct LoopCopy *lcopies; /* arrays the loops being generated tape
				     once (see adj_loop_copies) */
	int nlcopies, caplcopies;
	struct IdxRange *ranges; /* counted loops around the statement */
	int nranges, capranges;
	const Expr **cinit; /* floating local -> its constant initializer,
			       when nothing else assigns it (adj_const_locals) */
	const Stmt **ctab;  /* const local array with constant values -> its
			       declaration (adj_const_tables), or NULL */
	int *ctab_b;        /* such an array -> its bwd copy, -1 */
	int in_region;     /* generating a checkpointed body's sweeps */
	const Stmt *region; /* the innermost checkpointed body, or NULL */
	struct LoopBounds *lb; /* counted loops f_bwd recomputes (lb_get) */
	struct Replay *rp;     /* integers and pointers f_bwd sets again
				  (rp_get) */
	struct ShareCache *share; /* values taped once in the block being
				     generated (see record.c), or NULL */
	/* while a statement of a block other than an assignment, a
	 * declaration or a return is generated: that statement and the
	 * block's values (for the scalars a loop tapes once, lc_share) */
	const Stmt *share_item;
	struct ShareCache *share_blk;
} Adj;

extern int adj_tbr;     /* off: tape every floating operand (--no-tbr) */
extern int adj_counted; /* off: every loop tapes its count (lb_get) */

/* ------------------------------------------------ statement plans
 *
 * The reverse of one statement (see adjoint.c). */

typedef struct Plan {
	Stmt *fwd;    /* pushes, in order */
	Stmt *pops;   /* pops, reverse order (built by prepending) */
	Stmt *decls;  /* bwd temporaries */
	Stmt *adj;    /* adjoint statements */
	const Expr **keys; /* values already taped in this plan */
	int *temps;
	int nkeys;
	/* math calls f_fwd computes once into a temporary (its fwd var), so
	 * that their value is taped instead of their arguments; set only
	 * where the statement's primal copy takes the temporaries too */
	int can_hoist;
	/* its pushes run unconditionally, right before the statement: they
	 * may serve other statements of the block (share_find) */
	int share;
	const Expr **hoists;
	int *hoist_vars;
	int nhoists;
	Loc loc;
} Plan;

/* ------------------------------------------------- values taped once
 *
 * One push for a value that several statements of a block need (see
 * record.c). */

typedef struct Shared {
	const Expr *e; /* the value, as f reads it */
	int temp;      /* the bwd variable every user reads */
	Stmt *push;    /* the push, in the block's f_fwd code */
	Stmt *pop;     /* the pop, in the last user's f_bwd code */
	Stmt *decl;    /* temp's declaration in the first user's plan */
	int moved;     /* decl moved to the start of the block's f_bwd */
	/* a loop's copy of a scalar (record.c, lc_share): the push follows
	 * the loop, and the pop is the initializer of popdecl, the copy's
	 * declaration before the reversed loop (pop is NULL), then, when the
	 * copy also serves an earlier statement, popcopy, temp = copy.  A
	 * later user leaves popdecl reading temp instead. */
	Stmt *popdecl;
	Stmt *popcopy;
	/* e with the block's definitions followed (share_canon), as of the
	 * definitions' generation canon_gen */
	const Expr *canon;
	unsigned canon_gen;
} Shared;

typedef struct ShareCache {
	Shared **ents;     /* live values, in the order they were taped */
	int n;
	Stmt **dead;       /* pushes, pops and declarations to remove */
	int ndead;
	Stmt **decls;      /* declarations for the start of the block's f_bwd */
	int ndecls;
	struct ShareDef **defs; /* scalars set from values still unchanged */
	int ndefs;
	unsigned gen; /* changes whenever defs does */
} ShareCache;

Shared *share_find(Adj *c, const Expr *e);
Shared *share_taped(Adj *c, const Expr *e, int temp, Stmt *push, Stmt *pop,
		    Stmt *decl);
void share_reuse(Adj *c, Shared *sh, Stmt *push, Stmt *pop);
int share_temp(Adj *c, Shared *sh, Type *t, Loc loc);

/* ------------------------------------------------------------- adjoint.c */

int pm_get(const PtrMap *m, const void *k);
void pm_put(PtrMap *m, const void *k, int v);
Type *adj_long(void);
Expr *adj_call(const char *name, Type *ret, Expr *a, Expr *b);
Type *adj_void(void);
Stmt *adj_push(Adj *c, Expr *e);
Stmt *adj_push_bit(Adj *c, int bit, Loc loc);
Expr *adj_pop(Adj *c, Type *t, Loc loc);
Expr *adj_pop_bit(Adj *c, Loc loc);
const char *adj_fresh(Adj *c, Func *g, const char *base);
int adj_local(Adj *c, Func *g, const char *base, Type *t);
int adj_is_site_stmt(const Stmt *s);
SiteInfo *adj_site(Adj *c, const Stmt *s);
int adj_empty(const Stmt *b);
int adj_reassigned(const AdjVariant *v, int var);
const Stmt *adj_first_assign(const Stmt *s, int v);
int adj_member_of(const Expr *lv, int v);
int adj_stable(Adj *c, int var);
int adj_bvar(Adj *c, int v, Loc loc);
Expr *adj_bw_value(Adj *c, const Expr *e);
int adj_bw_ok(Adj *c, const Expr *e);
Expr *adj_shadow_ptr(Adj *c, const Expr *e);
Expr *adj_lv(Adj *c, const Expr *e);
int adj_lv_active(Adj *c, const Expr *lv);
Plan *plan_new(Loc loc);
void plan_hoisted(Adj *c, Plan *pl, Expr **primal);
void adj_expr(Adj *c, Plan *pl, const Expr *e, Expr *adj);
int adj_reads_var(const Expr *e, int v);
Expr *adj_fwd_saved(Adj *c, int v, Loc loc);
Expr *adj_flat_base(Expr *base, const Type *p);
/* A pointer p that sees rows over flat data: sum (the data's pointer plus
 * the offset) cast to p's type (a shadow's without const), else sum. */
Expr *adj_rows_view(Expr *sum, const Type *p, int shadow);
Expr *adj_typed_base(Expr *base, const Type *p);
int adj_ctab_var(Adj *c, int v);
/* Type t with writable elements, at every level (a copy). */
Type *adj_unconst_array(const Type *t);
/* The integers and pointers that calls in e may change through &k: taped
 * into fout before them, put back by the result (adjoint.c). */
Stmt *adj_addr_updates(Adj *c, const Expr *e, Stmt *fout, Loc loc);
/* Moves the single pushes of block pushes after a user call (see
 * adjoint.c); 0 when it cannot. */
int adj_push_late(Adj *c, Stmt *pushes, Stmt *before, Stmt *after);
/* Does e take the address of variable v (&v, &v[i], an array passed)? */
int adj_takes_addr(const Expr *e, int v);
Stmt *adj_then(Stmt *a, Stmt *b);
/* The integer scalar k that pointer variable p always points to, or -1. */
int adj_int_target(Adj *c, int p);
/* A store through int pointer p whose integer ckc cannot name, where
 * f_bwd reads one it may be: reported, 1. */
int adj_int_store_unknown(Adj *c, int p, Loc loc);
/* Is p a parameter through which the caller passed one integer, &k, that
 * the callee may change (stable mask 3)? */
int adj_int_cell_param(Adj *c, int p);
Stmt *adj_cell_update(Adj *c, const Expr *lhs, AssignOp op, const Expr *rhs,
		      Stmt *fout, Loc loc);
Stmt *adj_int_update(Adj *c, int v, AssignOp op, const Expr *rhs,
		     Stmt *fout, Loc loc);
int adj_int_array(const Adj *c, int v);
/* Does f_bwd receive pointer parameter v with the values behind it as f
 * saw them?  (A struct pointer may come without them: the caller passes
 * its own copy for the integer members.) */
int adj_param_reached(const Adj *c, int v);
int adj_heap_alias_error(Adj *c, int v, Loc loc);
Stmt *adj_int_elem_update(Adj *c, const Expr *lhs, Stmt *fout, Loc loc);
Stmt *adj_int_array_io(Adj *c, int v, int pop, Loc loc);
int rg_heap_local(Adj *c, const Stmt *r, int v);
/* The variable or global at the bottom of lvalue lv's members and
 * elements (s for s.a[k]). */
const Expr *adj_lv_base(const Expr *lv);
/* Is v an integer table in malloc'd buffers that f_bwd reads? */
int adj_heap_int(const Adj *c, int v);
/* Is x a local struct or array of structs (a copy in f_bwd)? */
int adj_struct_local(const Var *x);
/* Variables of f whose address may be taken, or arrays used other than as
 * a[k] (checkpoint.c; computed once per function). */
const unsigned char *rg_escaped(const Func *f);
void rg_heap_null(Adj *c, const Stmt *r, Stmt *fout, Loc loc);
void rg_heap_shadows(Adj *c, const Stmt *r, Stmt *b, Loc loc);
void adj_heap_push(Adj *c, int v, Stmt *fout, Loc loc);
Stmt *adj_heap_assign(Adj *c, const Stmt *s, Stmt *fout);
Stmt *plan_bwd(Plan *pl);
void plan_fwd(Plan *pl, Stmt *fout);
void adj_active_assign(Adj *c, Plan *pl, AssignOp op, const Expr *lhs,
		       const Expr *rhs);
int adj_is_user_call(const Expr *e);
Stmt *adj_user_call(Adj *c, const Expr *lhs, const Expr *call,
		    Stmt *fout, Stmt *primal, Expr **primal_call);
Stmt *adj_stmt(Adj *c, const Stmt *s, Stmt *fout);
int adj_unaliased(Adj *c, int v);

/* -------------------------------------------------------------- record.c */

void adj_remat_kill_all(Adj *c);
void adj_remat_kill_stmt(Adj *c, const Stmt *s);
Stmt *adj_assign(Adj *c, const Stmt *s, Stmt *fout);
Expr *adj_elem(Func *g, int var, long k, Loc loc);
long adj_elems(const Type *t);
Stmt *adj_decl(Adj *c, const Stmt *s, Stmt *fout);
void adj_site_pushes(Adj *c, const Stmt *site, const Stmt *stop,
		     Stmt *fout);
void adj_turn(Adj *c, int code, Stmt *fout, Loc loc);
Stmt *adj_return(Adj *c, const Stmt *s, Stmt *fout);
Stmt *adj_if(Adj *c, const Stmt *s, Stmt *fout);
Stmt *adj_block(Adj *c, const Stmt *s, Stmt *fout);
int lb_index(Adj *c, int v);
int rp_replayed(Adj *c, int v);
struct LoopCopy *lc_covering(Adj *c, const Expr *e);
Expr *lc_read(Adj *c, struct LoopCopy *lc, const Expr *e);
struct LoopCopy *lc_scalar(Adj *c, int v);
Expr *lc_scalar_read(Adj *c, struct LoopCopy *lc, Loc loc);
int adj_stable_scalar(Adj *c, int v);
Stmt *adj_loop(Adj *c, const Stmt *s, Stmt *fout);

/* ---------------------------------------------------------- checkpoint.c */

Stmt *adj_region(Adj *c, const Stmt *s, Stmt *fout);
Stmt *adj_binomial(Adj *c, const Stmt *prag, Stmt *fout);
Stmt *adj_online(Adj *c, const Stmt *prag, Stmt *fout);
/* Is prag's loop one that adj_binomial reverses (binomial(K), or
 * budget(BYTES) on a counted for loop), rather than an adj_loop? */
int adj_binomial_loop(Adj *c, const Stmt *prag);

#endif
