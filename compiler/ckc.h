/*
 * ckc.h - the internal header of the ckc compiler.
 *
 * It is the architecture map: one section per source file, in pipeline
 * order.  Anything a file does not list here is static to it, except
 * what the reverse mode's files share through adjoint.h.
 *
 *   main.c      command line, the pipeline as a list of calls
 *   diag.c      diagnostics (clang's form), internal errors
 *   arena.c     the per-run arena every IR node is allocated from
 *   frontend.c  libclang -> IR, pragma scanning (the only clang-c user)
 *   ir.c        IR builders, cloning, names
 *   irdump.c    the IR dump printer (--dump-ir) and the IR verifier
 *   normalize.c hoists calls to user functions out of expressions
 *   online.c    online(K)/budget() loops: a step as a statement of its own
 *   sret.c      struct results -> out-pointer parameters
 *   views.c     local pointers into struct members -> their definitions
 *   userrules.c derivatives the user supplies (#pragma ck_derivative)
 *   activity.c  varied x useful activity, per function and call pattern
 *   omp.c       OpenMP parallel loops: data-sharing checks, tangent
 *               clauses, printing
 *   rules.c     math.h derivative rules (the table lives in rules.def)
 *   calls.c     calls ckc cannot see into: ck_inactive functions, stdio
 *               output, library functions safe to run again
 *   alloc.c     malloc/calloc/realloc/free and shadow buffers (a table)
 *   tangent.c   the tangent transform (forward mode), IR -> IR
 *   vector.c    vector mode: a tangent function with ck_nd directions
 *   adjoint.c   the adjoint transform (reverse mode), IR -> IR: the
 *               scheme, expressions, statements, functions; with
 *   record.c    what its forward sweep records, and what f_bwd computes
 *               again instead (rematerialization, counted loops, loop
 *               copies), and
 *   checkpoint.c its checkpoint regions and binomial loops
 *               (the three share the private header adjoint.h)
 *   gather.c    reverse loops that scatter into x_b[i + c], in gather form
 *   fuse.c      f_b in one loop where f_fwd only computes f's result
 *   hvp.c       second order: f_b_d as the tangent of f_b
 *   cleanup.c   drops generated variables that are set but never read
 *   emit.c      IR -> C text (the .c and the .h)
 *
 * Memory policy: the compiler allocates from one arena for the whole run and
 * never frees anything before exit.
 */
#ifndef CKC_H
#define CKC_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#define CKC_VERSION "0.1.0"

typedef struct Type Type;
typedef struct Expr Expr;
typedef struct Stmt Stmt;
typedef struct Func Func;
typedef struct Program Program;

/* A source position.  file == NULL means "no location" (generated code). */
typedef struct Loc {
	const char *file;
	int line, col;
} Loc;

/* ---------------------------------------------------------------- diag.c */

/* Prints "file:line:col: error: msg" (or without the position when loc has
 * no file) to stderr and counts it. */
void diag_error(Loc loc, const char *fmt, ...);
void diag_warning(Loc loc, const char *fmt, ...);
/* A note attached to the previous error, "file:line:col: note: msg". */
void diag_note(Loc loc, const char *fmt, ...);
/* Number of errors reported so far. */
int diag_errors(void);
/* An internal error: a bug in ckc, never a user error.  Exits with 3. */
#define ck_unreachable() diag_internal(__FILE__, __LINE__, "unreachable")
#define ck_assert(c) ((c) ? (void)0 : diag_internal(__FILE__, __LINE__, #c))
#if defined(__GNUC__)
#define CK_NORETURN __attribute__((noreturn))
#else
#define CK_NORETURN
#endif
CK_NORETURN void diag_internal(const char *file, int line, const char *what);

/* --------------------------------------------------------------- arena.c */

void *arena_alloc(size_t size); /* zeroed; never returns NULL */
/* Zeroed heap memory the caller frees: scratch that a pass needs per
 * statement, which the arena would keep to the end. */
void *scratch_alloc(size_t size);
char *arena_strdup(const char *s);
char *arena_printf(const char *fmt, ...);
/* Appends item to a growable array (*items, *n) of pointers. */
void arena_push(void ***items, int *n, void *item);
#define ARENA_NEW(T) ((T *)arena_alloc(sizeof(T)))
/* Makes room for element n of a growable arena array of any element type
 * whose capacity is implied by n (8, 16, 32, ...): grow it only with
 * VEC_PUSH, from empty. */
void *arena_room(void *v, int n, size_t elem);
#define VEC_PUSH(arr, n, item)                                                \
	((arr) = arena_room((arr), (n), sizeof *(arr)), (arr)[(n)++] = (item))
#define ARENA_PUSH(arr, n, item) arena_push((void ***)&(arr), &(n), (item))
void arena_free_all(void);

/* ------------------------------------------------------------------ ir.h */

/* Types.  Only what the supported subset needs; TY_OTHER marks anything
 * else (unions, function types, ...) so the front end can refuse it. */
typedef enum TypeKind {
	TY_VOID,
	TY_INT,    /* any integer type; name holds its canonical spelling */
	TY_FLOAT,  /* float */
	TY_DOUBLE, /* double */
	TY_PTR,    /* pointer to base */
	TY_ARRAY,  /* base[len] */
	TY_STRUCT, /* a struct: st describes it */
	TY_OTHER,  /* unsupported; name holds clang's spelling */
} TypeKind;

typedef struct StructDef StructDef;

struct Type {
	TypeKind kind;
	int is_const;     /* const-qualified at this level */
	const char *name; /* TY_INT: "int", "unsigned long", "_Bool", ...;
			     TY_STRUCT: "Wishart" or "struct bone"; TY_OTHER */
	Type *base;       /* TY_PTR, TY_ARRAY */
	long len;         /* TY_ARRAY: number of elements */
	StructDef *st;    /* TY_STRUCT */
	int is_restrict;  /* TY_PTR: restrict-qualified (generated code) */
	/* TY_ARRAY in vector mode (vector.c): 1 for [ck_nd], 2 for
	 * [len * ck_nd] */
	int vla_nd;
	/* TY_PTR: the flat view of a parameter declared as rows of a length
	 * known at run time, `double A[n][m]` (frontend.c), whose rows have
	 * these dimensions ("[m]", "[m][k + 1]"); a public function declares
	 * the parameter as such rows again (public_rows).  TY_ARRAY: its
	 * dimensions as written ("[m][k + 1]", base the element), printed
	 * instead of len. */
	const char *rows;
	/* TY_PTR to a rows struct (StructDef.rows, type_ptr_rows): the view
	 * of a parameter declared as a pointer to row pointers, `double **A`
	 * (frontend.c), read as A[i].p[j]; a public function declares the
	 * primal as `declared` (as written) and a shadow as `double **`
	 * again (public_rows). */
	Type *declared;
};

/* A member of a struct. */
typedef struct Field {
	const char *name;
	Type *type;
} Field;

/* A struct type, one per definition in the translation unit (every Type
 * of the struct points here). */
struct StructDef {
	const char *tag;     /* "bone" of struct bone, or NULL (anonymous) */
	const char *tdname;  /* the typedef name that names it, or NULL */
	Field *fields;       /* NULL until complete */
	int nfields;
	int complete;        /* the definition was seen */
	Loc loc;             /* of the definition */
	/* Where the definition is: in the input file itself (printed into the
	 * output), in a system header, or in another header (included). */
	enum { SD_MAIN, SD_SYSTEM, SD_HEADER } where;
	int has_float;       /* floating data in it or behind its pointers */
	int rows;            /* ckc's struct of one pointer member p, through
				which it reads `double **A` (type_ptr_rows) */
	int visiting;        /* has_float computation in progress */
	int anon;            /* no tag or typedef name: tag is ckc's own */
	long size;           /* sizeof, in bytes (complete structs) */
};

/* X-macros over the IR's operators: enum name, C spelling, precedence
 * (higher binds tighter, as in C). */
#define CK_BINOPS(X)                                                          \
	X(B_MUL, "*", 13)                                                     \
	X(B_DIV, "/", 13)                                                     \
	X(B_MOD, "%", 13)                                                     \
	X(B_ADD, "+", 12)                                                     \
	X(B_SUB, "-", 12)                                                     \
	X(B_SHL, "<<", 11)                                                    \
	X(B_SHR, ">>", 11)                                                    \
	X(B_LT, "<", 10)                                                      \
	X(B_GT, ">", 10)                                                      \
	X(B_LE, "<=", 10)                                                     \
	X(B_GE, ">=", 10)                                                     \
	X(B_EQ, "==", 9)                                                      \
	X(B_NE, "!=", 9)                                                      \
	X(B_BAND, "&", 8)                                                     \
	X(B_XOR, "^", 7)                                                      \
	X(B_BOR, "|", 6)                                                      \
	X(B_LAND, "&&", 5)                                                    \
	X(B_LOR, "||", 4)

#define CK_UNOPS(X)                                                           \
	X(U_NEG, "-")                                                         \
	X(U_PLUS, "+")                                                        \
	X(U_NOT, "!")                                                         \
	X(U_BNOT, "~")

/* Assignment operators of S_ASSIGN.  A_INC/A_DEC are ++/-- (rhs NULL). */
#define CK_ASSIGNOPS(X)                                                       \
	X(A_SET, "=")                                                         \
	X(A_ADD, "+=")                                                        \
	X(A_SUB, "-=")                                                        \
	X(A_MUL, "*=")                                                        \
	X(A_DIV, "/=")                                                        \
	X(A_MOD, "%=")                                                        \
	X(A_SHL, "<<=")                                                       \
	X(A_SHR, ">>=")                                                       \
	X(A_AND, "&=")                                                        \
	X(A_OR, "|=")                                                         \
	X(A_XOR, "^=")                                                        \
	X(A_INC, "++")                                                        \
	X(A_DEC, "--")

/* Entry makers for the X-macro lists, by their number of columns. */
#define CK_ENUM1(name) name,
#define CK_ENUM2(name, spelling) name,
#define CK_ENUM3(name, spelling, prec) name,
typedef enum BinOp { CK_BINOPS(CK_ENUM3) B__COUNT } BinOp;
typedef enum UnOp { CK_UNOPS(CK_ENUM2) U__COUNT } UnOp;
typedef enum AssignOp { CK_ASSIGNOPS(CK_ENUM2) A__COUNT } AssignOp;

extern const char *const ir_binop_spelling[];
extern const int ir_binop_prec[];
extern const char *const ir_unop_spelling[];
extern const char *const ir_assignop_spelling[];

/* Expressions.  Side-effect free except E_CALL: assignments and ++/-- exist
 * only as statements (the front end refuses them inside expressions). */
#define CK_EXPR_KINDS(X)                                                      \
	X(E_NUM)    /* literal: u.num                                     */ \
	X(E_VAR)    /* variable of the function: u.var (index in vars)    */ \
	X(E_GLOBAL) /* file-scope variable: u.global (index in globals)   */ \
	X(E_UNARY)  /* u.un: op operand                                   */ \
	X(E_BINARY) /* u.bin: l op r                                      */ \
	X(E_COND)   /* u.cond: c ? a : b                                  */ \
	X(E_CALL)   /* u.call: name(args)                                 */ \
	X(E_INDEX)  /* u.index: base[idx]; base is a pointer or array     */ \
	X(E_DEREF)  /* u.e: *e                                            */ \
	X(E_ADDR)   /* u.e: &e, e an lvalue                               */ \
	X(E_CAST)   /* u.e: (type)e, an explicit cast                     */ \
	X(E_MEMBER) /* u.mem: base.field; p->f is (*p).f                  */ \
	X(E_STR)    /* u.str: a string literal as spelled ("x=%g\\n"),     \
		       only as an argument of stdio output and ck_inactive \
		       calls (calls.c)                                     */
typedef enum ExprKind { CK_EXPR_KINDS(CK_ENUM1) E__COUNT } ExprKind;

struct Expr {
	ExprKind kind;
	Type *type; /* type of the value, as C computes it */
	Loc loc;
	/* The MPI macro the input wrote for this constant (MPI_DOUBLE,
	 * MPI_COMM_WORLD, MPI_PROC_NULL), printed instead of its expansion,
	 * or NULL */
	const char *spelled;
	union {
		struct {
			double val;      /* value as a double */
			long long ival;  /* value when is_int */
			int is_int;      /* integer (or character) literal */
		} num;
		int var;
		int global;
		struct {
			UnOp op;
			Expr *e;
		} un;
		struct {
			BinOp op;
			Expr *l, *r;
		} bin;
		struct {
			Expr *c, *a, *b;
		} cond;
		struct {
			const char *name;
			int fn; /* index in Program.funcs of a defined function, else -1 */
			Expr **args;
			int nargs;
		} call;
		struct {
			Expr *base, *idx;
		} index;
		struct {
			Expr *base; /* a struct-typed lvalue */
			int field;  /* index in base->type->st->fields */
		} mem;
		Expr *e;
		const char *str; /* E_STR: the literal with its quotes */
	} u;
};

/* Statements. */
#define CK_STMT_KINDS(X)                                                      \
	X(S_BLOCK)      /* u.block: { items }                             */ \
	X(S_DECL)       /* u.decl: declaration of a local, with init      */ \
	X(S_ASSIGN)     /* u.assign: lhs op rhs (rhs NULL for ++/--)      */ \
	X(S_EXPR)       /* u.expr: expression statement (a call)          */ \
	X(S_IF)         /* u.ifs                                          */ \
	X(S_FOR)        /* u.loop: init/cond/inc may be NULL              */ \
	X(S_WHILE)      /* u.loop: cond, body                             */ \
	X(S_DO)         /* u.loop: body, cond                             */ \
	X(S_BREAK)      /*                                                */ \
	X(S_CONTINUE)   /*                                                */ \
	X(S_RETURN)     /* u.expr, NULL for a void return                 */ \
	X(S_CHECKPOINT) /* u.ckpt: #pragma ck_checkpoint before u.ckpt.body */ \
	X(S_EMPTY)      /* ;                                              */
typedef enum StmtKind { CK_STMT_KINDS(CK_ENUM1) S__COUNT } StmtKind;

/* `#pragma omp parallel for` on an S_FOR (frontend.c reads it; tangent.c
 * carries it into f_d with the shadows in its clauses; emit.c prints it
 * under #ifdef _OPENMP).  Variables are ids of the function that holds
 * the loop. */
typedef enum OmpRedOp {
	OMP_RED_ADD, /* + */
	OMP_RED_SUB, /* - (as +, for OpenMP) */
	OMP_RED_MUL, /* * */
	OMP_RED_MAX, /* max */
	OMP_RED_MIN, /* min */
	OMP_RED_INT, /* & | ^ && || : integer data only */
} OmpRedOp;

typedef struct OmpReduction {
	OmpRedOp op;
	const char *spelling; /* "+", "max", "&&", ... */
	int var;
	Loc loc;
	/* f_d: the shadow of the reduction of variable `of` (its tangent,
	 * reduced with the rule of op: omp.c) */
	int shadow_of_set;
	int of;
} OmpReduction;

typedef struct OmpLoop {
	Loc loc;              /* of the `omp` token */
	int *priv, npriv;     /* private(...) */
	int *fpriv, nfpriv;   /* firstprivate(...) */
	/* 1 + a firstprivate scalar that the body reads before it sets it,
	 * so that it goes from one iteration to the next of a thread, which
	 * the reverse mode cannot follow (omp_privatize); 0: none */
	int carried;
	/* 1 + a reduction variable by + - or * that the body reads other
	 * than in its own update (s += e; y[i] = s): each thread reads its
	 * partial, which the reverse mode cannot follow; 0: none */
	int red_read;
	Loc red_read_loc;     /* the statement that reads it */
	int *lpriv, nlpriv;   /* lastprivate(...) */
	int *shared, nshared; /* shared(...) */
	OmpReduction *red;    /* reduction(op: ...), one per variable */
	int nred;
	const char *schedule;    /* text between schedule's parentheses */
	int collapse;            /* n of collapse(n); 0 or 1: none */
	const char *num_threads; /* text of num_threads(...), or NULL */
	const char *if_clause;   /* text of if(...), or NULL */
	const char *proc_bind;   /* text of proc_bind(...), or NULL */
	int emit;                /* printed (omp_tangent made it, or a
				    reverse-mode pass proved the loop's
				    iterations independent) */
	int fwd;                 /* f_fwd's copy of the input's loop:
				    printed when it records nothing
				    (omp_finish) */
	int cand;                /* a reverse sweep's loop: gather.c prints
				    the loops it proves independent */
	int phase;               /* a phase of a reverse loop (omp_phases):
				    the scalars its body sets are
				    firstprivate (omp_check_generated) */
} OmpLoop;

/* save(p[lo:len]) of a checkpoint pragma. */
typedef struct SaveSection {
	int var; /* the pointer variable */
	/* save(s.v[lo:len]): var is the local struct s and field v's index,
	 * until normalize.c names the local that holds s.v (Var.of_var);
	 * else -1 */
	int field;
	Expr *lo, *len;
	Loc loc;
} SaveSection;

/* Stmt.vec: what vector mode (vector.c) needs to know of a statement. */
enum {
	VEC_NONE,
	VEC_TAN,  /* the tangent half of a tape, snapshot or buffer hand-over
		     call of generated code (tangent.c, second order) */
	VEC_LOOP, /* a loop over the directions that may be fused */
	VEC_TEMP, /* a primal value computed once for a direction loop */
};

struct Stmt {
	StmtKind kind;
	Loc loc;
	unsigned char vec; /* VEC_* */
	/* S_BREAK: made by the frontend for a goto out of loops (1: the
	 * goto's own, 2: the one after a loop that the goto left), for
	 * messages that speak of the goto */
	unsigned char from_goto;
	union {
		struct {
			Stmt **items;
			int n;
		} block;
		struct {
			int var;
			Expr *init;    /* scalar initializer, or NULL */
			Expr **inits;  /* array initializer list {..}, or NULL */
			int ninits;
		} decl;
		struct {
			AssignOp op;
			Expr *lhs, *rhs;
		} assign;
		Expr *expr;
		struct {
			Expr *cond;
			Stmt *then, *els; /* els may be NULL */
		} ifs;
		struct {
			/* S_FOR: init and inc are single statements or an S_BLOCK of
			 * S_DECLs (init) / S_ASSIGNs (init, inc), printed with ", ". */
			Stmt *init;
			Expr *cond;
			Stmt *inc;
			Stmt *body;
			OmpLoop *omp; /* S_FOR: #pragma omp parallel for */
			struct ZeroFold *zfold; /* S_FOR of f_bwd: zeroed.c */
		} loop;
		struct {
			int binomial; /* K of binomial(K), 0 for a plain region */
			int online;   /* K of online(K), or 0 */
			long long budget; /* BYTES of budget(BYTES), or 0 */
			int disk;         /* D of disk(D), or 0 */
			int brk; /* an online loop (online.c): 1 + the id of
					 f's int var that a step leaving the
					 loop sets, 0 for none */
			SaveSection **saves;
			int nsaves;
			Stmt *body;
		} ckpt;
	} u;
};

typedef enum VarKind { VAR_PARAM, VAR_LOCAL } VarKind;

typedef struct Var {
	const char *name;
	Type *type;
	VarKind kind;
	Loc loc;
	int is_static; /* a static local */
	int refused;   /* an error about it was reported (say it once) */
	int dropped;   /* replaced by its definition (views.c): no longer
			  declared or used */
	int is_adjoint; /* an adjoint adjoint.c made (x_b, ret_b): its tangent
			   in f_b_d is x_bd, not x_b_d as for a user's x_b */
	int tape_block; /* a pointer to a block of the tape (record.c,
			   ck_block_push_d) that nothing else points into */
	int voided;     /* a local the source marks unused with (void)v, or
			   a member's array nothing reads (normalize.c):
			   emit.c writes (void)v after its declaration */
	/* The buffer that joins several malloc'd buffers (normalize.c,
	 * heap_locals): their pointers' names for messages ("'u' and 'v'")
	 * and the save() that names them ("u[lo:len], v[lo:len]"). */
	const char *joins, *joins_save;
	/* A local that stands for a member of a local struct that
	 * normalize.c split into one local per member (m_conn for m.conn):
	 * the member as the source names it, "m.conn", for messages. */
	const char *member_of;
	/* A local that holds member of_field of local struct var of_var - 1
	 * (normalize.c: a member split off, or a buffer malloc'd into the
	 * member), which save(s.v[lo:len]) names; of_var 0: none. */
	int of_var, of_field;
	/* A local pointer of a group of swapped local arrays that
	 * normalize.c did not join into one array of arrays: why ("'a' is
	 * declared with values other than numbers"), for messages. */
	const char *ping_why;
	/* In f_fwd and f_bwd: a malloc'd buffer that f_fwd hands to f_bwd
	 * (adjoint.c, heap variables) and a checkpoint region reads; 1 when
	 * its data is varied in f, 2 when not.  f_b_d's two sweeps give it
	 * a tangent by that alone (activity.c): the region's recomputation
	 * in f_bwd_d reads the tangent f_fwd_d pushed. */
	int handed;
} Var;

/* A file-scope variable read (or written) by converted code. */
typedef struct Global {
	const char *name;
	Type *type;
	Loc loc;
	int is_static;
	int in_header; /* defined in a header the input includes */
	/* static, not const, and nothing in the file changes it (frontend's
	 * static_unwritten): data the generated file may copy */
	int unwritten;
	Loc changed_at;          /* else where the file may change it, */
	const char *changed_via; /* through this pointer, or NULL */
	Expr *init;   /* scalar initializer or NULL */
	Expr **inits; /* array initializer list or NULL */
	int ninits;
} Global;

struct Func {
	const char *name;
	Type *ret;
	Loc loc;
	int is_static; /* `static` storage class */
	int in_header; /* defined in a header the input includes */
	Var **vars;    /* every variable: parameters and locals (index = id) */
	int nvars;
	int *params;   /* parameter variable ids, in order */
	int nparams;
	Stmt *body;    /* S_BLOCK */
	int is_variadic; /* declarations in Program.externs only */
	/* the name in the source of a copy bound to function arguments
	 * (simpson_integrand is simpson's), for messages; else NULL */
	const char *src_name;
	/* Set on generated functions. */
	int generated;
	int vector;          /* a vector-mode function (vector.c) */
	const char *comment; /* printed above the definition, or NULL */
	/* The base of the result's shadows: "ret" (ret_d, ret_b, ret_bd),
	 * or another name when a parameter has that one (func_ret_base);
	 * generated functions take their origin's. */
	const char *ret_base;
	/* The function whose tangent is this one's (same name and
	 * parameters, a body that is the same numbers where the tangent can
	 * tell): fuse.c's f_fb without its folded negations; else NULL */
	Func *tangent_source;
};

typedef enum Mode { MODE_TANGENT, MODE_ADJOINT, MODE_HVP } Mode;

/* One derivative request: a pragma before a function, or a command-line
 * --tangent/--adjoint/--hvp. */
typedef struct Request {
	Mode mode;
	const char *fname; /* function name */
	int fn;            /* index in Program.funcs once converted, else -1 */
	const char **wrt;
	Loc *wrt_loc;
	int nwrt;
	const char **out;
	Loc *out_loc;
	int nout;
	Loc loc; /* of the pragma (or no location for the command line) */
	/* `vector`: f_dv (tangent) or f_b_dv (hvp) with ck_nd directions
	 * (vector.c) */
	int vector;
	/* MODE_HVP: the adjoint (a static f_b) whose tangent is f_b_d, made
	 * by adjoint_program, or NULL */
	Func *adj_wrapper;
	/* MODE_HVP, where adj_wrapper runs a fused loop that uses no tape
	 * (fuse.c): the same adjoint with its two sweeps, whose tangent
	 * f_b_d runs instead where CKC_FUSED_HVP is 0 (hvp.c); else NULL */
	Func *adj_sweeps;
} Request;

struct Program {
	const char *input; /* the input file as named on the command line */
	Func **funcs;      /* converted user functions (requested + callees) */
	int nfuncs;
	Global **globals;
	int nglobals;
	Request **reqs;
	int nreqs;
	Func **out;        /* generated functions, in emission order */
	int nout;
	/* Functions called by converted code that have no definition in the
	 * translation unit and are not declared in a system header: their
	 * declarations (body NULL, is_variadic set as declared). */
	Func **externs;
	int nexterns;
	/* Every function the translation unit declares or defines (also
	 * those no request reaches): generated names avoid them all. */
	const char **tu_names;
	int ntu_names;
	/* System headers the input file includes, as written: "math.h". */
	const char **sys_includes;
	int nsys_includes;
	/* Other headers the input file includes ("model.h", as written),
	 * printed into the output when a struct it defines is used. */
	const char **user_includes;
	int nuser_includes;
	/* A header the input includes holds '#pragma ck_' lines: the output
	 * includes it with -Wunknown-pragmas off. */
	int header_pragmas;
	/* Struct types that converted code uses, definitions before uses. */
	StructDef **structs;
	int nstructs;
	/* The feature-test macro under which the system headers showed the
	 * input the declarations it saw ("_DEFAULT_SOURCE" for GNU C, or
	 * "_GNU_SOURCE" when the input defines it), or NULL in strict ISO C:
	 * the output defines it when it calls system functions beyond the
	 * math rules, so that -std=c99 sees them too. */
	const char *feature_macro;
	/* A function's variable-length array became a malloc'd buffer
	 * (frontend.c, conv_vla_decl): the output includes <stdlib.h>. */
	int vla_heap;
	/* #pragma ck_inactive f, g: functions whose calls carry no
	 * derivative (see calls.c), with the positions of their names */
	const char **inactive;
	Loc *inactive_loc;
	int ninactive;
	/* An f_b_d chooses between a fused loop and two sweeps by the macro
	 * CKC_FUSED_HVP (hvp.c), which the output defines. */
	int fused_hvp_choice;
};

/* ------------------------------------------------------------------ ir.c */

Type *type_new(TypeKind kind);
Type *type_ptr(Type *base);
/* Types that give the same values (qualifiers aside). */
int type_same(const Type *a, const Type *b);
Type *type_double(void);
Type *type_int(void);
Type *type_long(void);
int type_is_float(const Type *t);      /* TY_FLOAT or TY_DOUBLE */
int type_is_arith(const Type *t);      /* integer or floating */
int type_is_pointerish(const Type *t); /* TY_PTR or TY_ARRAY */
/* The floating element type at the bottom of pointers/arrays, or NULL.
 * A struct with floating data in it (or behind its pointer members)
 * counts as floating: its first floating scalar's type is returned. */
Type *type_float_elem(Type *t);
/* The type at the bottom of t's pointers and arrays (the element, with
 * its qualifiers). */
Type *type_bottom(const Type *t);
/* Does t (a struct type's definition) hold floating data, directly or
 * behind pointer members? */
int struct_has_float(StructDef *sd);
/* Same type with a different top-level const. */
Type *type_with_const(Type *t, int is_const);
/* Array type t (of arrays...) with its elements const or not; any other
 * type as type_with_const. */
Type *type_with_const_elems(Type *t, int is_const);
int type_is_readonly(const Type *t); /* const, or an array of const */
/* Is t the view of a pointer to row pointers (Type.declared)? */
int type_ptr_rows(const Type *t);
/* The type of an arithmetic result of a and b (double > float > int). */
Type *type_common(Type *a, Type *b);

Expr *expr_new(ExprKind kind, Type *type, Loc loc);
Expr *expr_num(double v, Type *type, Loc loc); /* floating literal */
Expr *expr_int(long long v, Loc loc);            /* int literal */
Expr *expr_var(Func *f, int var, Loc loc);
Expr *expr_unary(UnOp op, Expr *e, Loc loc);
Expr *expr_binary(BinOp op, Expr *l, Expr *r, Type *type, Loc loc);
Expr *expr_cond(Expr *c, Expr *a, Expr *b, Loc loc);
Expr *expr_call(const char *name, int fn, Expr **args, int nargs, Type *type,
		Loc loc);
/* A call to a function that is not the program's (math.h, libckrt) with
 * up to three arguments: the leading non-NULL ones of a, b, c. */
Expr *expr_call_n(const char *name, Type *ret, Loc loc, Expr *a, Expr *b,
		  Expr *c);
Expr *expr_index(Expr *base, Expr *idx, Loc loc);
Expr *expr_deref(Expr *e, Loc loc);
Expr *expr_addr(Expr *e, Loc loc);
Expr *expr_cast(Type *type, Expr *e, Loc loc);
/* base.fields[field]; base is a struct-typed lvalue (E_DEREF for ->). */
Expr *expr_member(Expr *base, int field, Loc loc);
Expr *expr_clone(const Expr *e);
/* Are a and b the same expression: same structure, variables, constants
 * and types, and no call to a user function (which may have effects)? */
int expr_equal(const Expr *a, const Expr *b);
/* Are a and b the products x * y and y * x, of one type (so the same
 * number, bit for bit)? */
int expr_swapped_product(const Expr *a, const Expr *b);
/* e with every subexpression equal to what replaced by a copy of with
 * (changed in place; returns the new root). */
Expr *expr_replace(Expr *e, const Expr *what, const Expr *with);
/* e with each subexpression x for which fn(ctx, x) returns an expression
 * replaced by it (fn sees x before its operands, which it does not visit
 * when it replaces x; changed in place; returns the new root). */
typedef Expr *ExprMap(void *ctx, Expr *e);
Expr *expr_map(Expr *e, ExprMap *fn, void *ctx);
/* expr_map on every expression of s and the statements in it. */
void stmt_map_exprs(Stmt *s, ExprMap *fn, void *ctx);
/* Every mention of variable from in s (of f) becomes one of to. */
void stmt_rename_var(Func *f, Stmt *s, int from, int to);
/* The same, where own(ctx, t) first sees each statement t (s and those
 * inside it, in order) and may map t's own expressions itself: when it
 * returns 1, fn leaves them (not those of the statements inside t). */
typedef int StmtHook(void *ctx, Stmt *s);
void stmt_rewrite(Stmt *s, StmtHook *own, ExprMap *fn, void *ctx);

Stmt *stmt_new(StmtKind kind, Loc loc);
Stmt *stmt_block(Loc loc);
void stmt_append(Stmt *block, Stmt *s);
/* Appends s to block b, the items of s when it is a block itself. */
void stmt_append_flat(Stmt *b, Stmt *s);
/* s first in block */
void stmt_prepend(Stmt *block, Stmt *s);
/* s at index at of block, the items from there on after it */
void stmt_insert(Stmt *block, int at, Stmt *s);
Stmt *stmt_assign(AssignOp op, Expr *lhs, Expr *rhs, Loc loc);
Stmt *stmt_decl(int var, Expr *init, Loc loc);
/* A declaration of f's variable var with a zero of its type: 0.0, 0, or
 * {0} (or {0.0}) for arrays and structs. */
Stmt *stmt_decl_zero(const Func *f, int var, Loc loc);
/* Appends to out the scalar assignments that copy object rhs into lhs
 * (same type): member by member and element by element, as C's struct
 * assignment does, so the transforms see only scalar stores. */
void ir_copy_object(Stmt *out, Expr *lhs, Expr *rhs, Loc loc);
Stmt *stmt_expr(StmtKind kind, Expr *e, Loc loc); /* S_EXPR or S_RETURN */

Func *func_new(const char *name, Type *ret, Loc loc);
/* Adds a variable and returns its id. */
int func_add_var(Func *f, const char *name, Type *type, VarKind kind, Loc loc);
int func_add_param(Func *f, const char *name, Type *type, Loc loc);
/* Index of the variable named name, or -1. */
int func_find_var(const Func *f, const char *name);
/* Is name used by any variable of f, any global or any function of p? */
int name_taken(const Program *p, const Func *f, const char *name);
/* The base of the names of f's result's shadows (ret_d, ret_b, ret_bd,
 * ret_dv, ret_bdv): "ret", unless a parameter of f is named ret or ret_...
 * (a portfolio's returns: its shadows would be ret_d, ret_b), then the
 * first of res, result, ck_ret that no parameter takes so. */
const char *func_ret_base(const Func *f);
/* A name not yet taken: base, else base2, base3, ... */
const char *name_fresh(const Program *p, const Func *f, const char *base);
/* The same for a name that must be free in two functions' variables (g
 * may be NULL). */
const char *name_fresh2(const Program *p, const Func *f, const Func *g,
			const char *base);
int prog_find_func(const Program *p, const char *name);
/* Declares again, in each public generated function, the parameters that
 * are flat views of rows of run-time length (Type.rows) as such rows,
 * `const double (*A)[m]`; the flat view is a local of the body.  Last
 * before printing: it renames variables. */
void public_rows(Program *p);

/* Calls fn on every expression node of s (or e), subexpressions
 * included, in source order. */
typedef void ExprVisitor(void *ctx, const Expr *e);
void ir_walk_expr(const Expr *e, ExprVisitor *fn, void *ctx);
void ir_walk_exprs(Expr *const *es, int n, ExprVisitor *fn, void *ctx);
void ir_walk_stmt(const Stmt *s, ExprVisitor *fn, void *ctx);
/* Calls fn on the operands of e that are neither a call's arguments nor
 * an index's or a dereference's operands, which callers treat apart:
 * those of unary, binary, ?:, &, cast and member expressions (not
 * deeper). */
void ir_plain_kids(const Expr *e, ExprVisitor *fn, void *ctx);
/* Calls fn on s and on every statement inside it (block items, if arms,
 * loop parts, checkpoint bodies), outer ones first. */
typedef void StmtVisitor(void *ctx, const Stmt *s);
void ir_visit_stmts(const Stmt *s, StmtVisitor *fn, void *ctx);
/* Offers every S_FOR of s (in blocks, if arms, loop bodies and checkpoint
 * bodies, outer ones first) to fn; a statement fn returns replaces the
 * loop in its block, and the walk goes on inside the loop's body when
 * inside is set (else not).  For the passes that rewrite f_bwd's loops. */
typedef Stmt *LoopRewrite(void *ctx, Stmt *loop);
void ir_rewrite_loops(Stmt *s, LoopRewrite *fn, void *ctx, int inside);
/* Does e (or s, its statements and expressions) mention variable var? */
int expr_mentions(const Expr *e, int var);
/* Does e call anything (so that it may not be evaluated twice)? */
int expr_has_call(const Expr *e);
/* The value of integer expression e when it is a constant (literals,
 * arithmetic, comparisons, ?: and casts); 0 otherwise. */
int ir_int_const(const Expr *e, long *v);
/* Does a checkpoint region in s mention v (decl: declare v)? */
int stmt_in_region(const Stmt *s, int v, int decl);
int stmt_mentions(const Stmt *s, int var);
/* Does s assign variable var (var = e, var += e, var++), or take its
 * address? */
int stmt_assigns_var(const Stmt *s, int var);
/* The declaration of v in s (s or a statement in it), or NULL. */
const Stmt *stmt_find_decl(const Stmt *s, int v);
/* Does loop body s hold a continue of its own loop (not an inner one's)? */
int stmt_has_continue(const Stmt *s);
/* Does s take the address of variable var (&var)? */
int stmt_takes_addr(const Stmt *s, int var);
/* Is s what C takes as a for's init (is_init) or increment: assignments,
 * calls, declarations (init only), or a block of them of one kind? */
int ir_for_clause_ok(const Stmt *s, int is_init);
/* Reports that pointer expression e, into the file-scope data of global
 * g, is stored where derivatives are followed (a pointer member of a
 * struct with members that carry them): that data has none. */
void diag_global_shadow(const Program *p, const Expr *e, int g);
/* Is s `for (i = A; i < B; i++)` (or i <= B)?  Returns i, else -1, with
 * A in *lo, B in *hi and *le set for <=. */
int ir_counted_for(const Stmt *s, const Expr **lo, const Expr **hi, int *le);
/* A loop with no condition around body and tests (statements that leave
 * it with break where a test fails), for a condition that became tests:
 * a while or for loop runs the tests first, a do-while after the body,
 * which keeps its braces (the tests may read what a declaration in it
 * shadows), or, when first is a flag variable of f (>= 0; for a body
 * with a continue), before it behind the flag:
 * for (first = 1;; first = 0) { if (!first) { tests } body }. */
Stmt *ir_tested_loop(Func *f, int is_do, Stmt *tests, Stmt *body, int first,
		     Loc loc);
/* The scalar values in an object of type t (arrays' elements and
 * structs' members, down to their numbers). */
long type_scalars(const Type *t);
/* The variable whose element (not a row: t[i] of int t[4][4]) e reads,
 * a[k] or a[i][j], or -1 (checkpoint.c). */
int ir_elem_root(const Expr *e);
/* Integer members of structs that the program changes other than by a
 * plain store s.m = e into a struct variable's member (p->n++, c->pos =
 * 0): ir_fields_scan finds them in p's converted functions, and
 * ir_field_changed tells whether member expression mem names one.
 * ir_lv_member is the member an lvalue is or indexes (s.a[k]), or NULL. */
void ir_fields_scan(const Program *p);
int ir_field_changed(const Expr *mem);
/* ir_field_changed for member number field of sd. */
int ir_field_changed_at(const StructDef *sd, int field);
const Expr *ir_lv_member(const Expr *e);
/* The member an element read or store e (x[k], *x) goes through, or NULL:
 * ir_lv_member's, and also (m->conn + 2 * e)[1], *(m->conn + k),
 * (&m.conn[k])[1], and with f, c[1] through a local pointer f declares
 * as one of those (const int *c = m->conn + 2 * e). */
const Expr *ir_elem_member(const Func *f, const Expr *e);
/* Does e call nothing but math functions (rules.def), which neither tape
 * nor change anything?  (NULL: yes.) */
int expr_math_only(const Expr *e);
/* Is s an assignment or declaration whose expressions call nothing but
 * math functions? */
int stmt_math_only(const Stmt *s);

/* Statements to insert into a block, each before an item of it. */
typedef struct Inserts {
	Stmt **stmts;
	int *at;
	int n, cap;
} Inserts;
void inserts_add(Inserts *in, Stmt *s, int at);
/* Rebuilds block b with the inserted statements before their items, in
 * the order they were added, and empties in. */
void inserts_apply(Inserts *in, Stmt *b);
/* Does e read a variable (or a global), not only literals?  A math call
 * on literals is folded by the C compiler, and is left where it is. */
int expr_reads_data(const Expr *e);

/* The calls into libckrt that the adjoint transform writes, as the
 * tangent of generated code (second order) sees them: the tape and the
 * snapshots carry floating-point values, and their tangents travel with
 * them. */
typedef enum RtCall {
	RT_NONE,   /* not a libckrt call */
	RT_PUSH_F, /* ck_push_d / ck_push_f (tape, value) */
	RT_POP_F,  /* ck_pop_d / ck_pop_f (tape) */
	RT_SAVE,   /* CK_SAVE (snap, variable) */
	RT_LOAD,   /* CK_LOAD (snap, variable) */
	RT_SAVE_N, /* CK_SAVE_N (snap, pointer, count) */
	RT_LOAD_N, /* CK_LOAD_N (snap, pointer, count) */
	RT_PUSH_N, /* ck_push_nd / ck_push_nf (tape, array, count) */
	RT_POP_N,  /* ck_pop_nd / ck_pop_nf (tape, array, count) */
	RT_OTHER,  /* any other ck_ call: integers, pointers, bookkeeping */
} RtCall;
/* A tape block's call of generated code (ckrt.h, ck_block_push_d): 1 for
 * ck_block_push_d or _f, 2 for ck_block_pop_d or _f, else 0. */
int ir_block_call(const Expr *e);
/* What kind of libckrt call e is (RT_NONE for anything else, also for
 * non-calls).  Only generated functions make these calls. */
RtCall ir_rt_call(const Expr *e);


/* -------------------------------------------------------------- irdump.c */

/* Pretty-prints the IR of f as an indented tree (for --dump-ir). */
void ir_dump(FILE *out, const Program *p, const Func *f);
/* Checks the structural invariants of f; reports internal errors. */
void ir_verify(const Program *p, const Func *f, const char *stage);

/* ------------------------------------------------------------ frontend.c */

typedef struct FrontendOptions {
	const char *input;
	const char **clang_args; /* -I, -D, -U, -std= and arguments after -- */
	int nclang_args;
	Request **cli_reqs; /* requests from --tangent/--adjoint/--hvp */
	int ncli_reqs;
	int no_checkpoint; /* drop ck_checkpoint pragmas (still validated) */
	/* For -MD: headers the input includes (filled by the front end). */
	const char ***deps;
	int *ndeps;
} FrontendOptions;

/* Parses the input with libclang, scans the pragmas, and converts every
 * requested function and every function they call into IR.  Reports
 * errors through diag_error and returns NULL when there were any. */
Program *frontend_parse(const FrontendOptions *opt);

/* Parses a request spec of the command line, "f:wrt=a,b[:out=y]". */
Request *request_parse_cli(Mode mode, const char *spec);

/* -p BUILD_DIR: the flags of file's command in BUILD_DIR/compile_commands.json
 * that change how the C parser reads it (-I -D -U -std= -include -isystem
 * ..., relative paths made absolute against the command's directory),
 * appended to (*args, *nargs).  The compiler, the source, -c, -o, -M...,
 * optimisation and warning flags are dropped. */
typedef enum CompDbStatus {
	COMPDB_OK,
	COMPDB_MISSING, /* no (readable) compile_commands.json in BUILD_DIR */
	COMPDB_NO_FILE, /* the database has no command for file */
} CompDbStatus;
CompDbStatus frontend_compile_flags(const char *build_dir, const char *file,
				    const char ***args, int *nargs);

/* ----------------------------------------------------------- normalize.c */

/* Moves calls to user functions out of larger expressions into temporaries
 * so that each such call is a statement of its own. */
void normalize_program(Program *p);

/* -------------------------------------------------------------- online.c */

/* Gives each online(K) or budget(BYTES) loop of f whose body leaves it or
 * ends its step early the shape checkpoint.c reverses step by step (see
 * online.c); normalize_program calls it. */
void online_shape(Program *p, Func *f);

/* ---------------------------------------------------------------- sret.c */

/* Functions that return a struct holding floating-point data fill it
 * through a new last pointer parameter instead, under a fresh static name;
 * their calls pass the address of what receives the result. */
/* The public derivatives of a requested function with a struct result
 * return it again (S f_d(..., S *ret_d), S f_b(..., S ret_b), ...).
 * Last before printing, with public_rows. */
void sret_public(Program *p);
void sret_program(Program *p);

/* --------------------------------------------------------------- views.c */

/* Replaces local pointers into the members of structs (double *r =
 * m->data) by the expressions that made them, where that is exact. */
void views_program(Program *p);
/* Does any of the n statements at items assign variable v (as a whole)
 * or take its address? */
int views_changes(Stmt *const *items, int n, int v);

/* ----------------------------------------------------------- userrules.c */

/* #pragma ck_derivative NAME wrt(...) out(...) tangent(F_d) adjoint(F_b)
 * [hvp(F_b_d)]: calls to NAME in differentiated code use the user's
 * functions, whose signatures are those of DESIGN §2 for that wrt/out. */
enum { UR_TANGENT, UR_ADJOINT, UR_HVP, UR__COUNT };

typedef struct UserRule {
	const char *name; /* NAME */
	Loc loc;          /* of NAME in the pragma */
	const char **wrt;
	Loc *wrt_loc;
	int nwrt;
	const char **out;
	Loc *out_loc;
	int nout;
	const char *fn[UR__COUNT]; /* the user's functions, NULL if absent */
	Loc fn_loc[UR__COUNT];
	/* Filled by the front end: declarations (body NULL), NULL when the
	 * translation unit declares no such function. */
	Func *decl;                /* NAME */
	Func *user[UR__COUNT];
	int defined_here;          /* the file defines NAME (the rule replaces
				      ckc's own derivative of it) */
	/* Filled by userrules_check. */
	unsigned char *active; /* per parameter of NAME: named in wrt/out */
	int ret_active;        /* NAME returns double or float */
	/* A helper of libckrt_mpi (mpi.c): every call carries its derivative,
	 * what it writes is varied, and F_b does not take the parameters
	 * marked in mpi_drop (primal buffers, the status). */
	int mpi;
	unsigned char *mpi_drop;
	/* NAME_t, NAME's spelling in taped forward sweeps, or NULL */
	const char *mpi_taped;
	const char *mpi_call; /* the MPI call it stands for (MPI_Reduce) */
	int mpi_op; /* the MPI_Op parameter, when the derivative needs
		       MPI_SUM; else -1 */
} UserRule;

/* How a call to a function with a rule is differentiated by the tangent
 * transform: NAME becomes F_d (result tangent through a last T *ret_d);
 * F_b, called by a generated f_b, becomes F_b_d (f_b_d is the tangent of
 * f_b).  Shadows follow every active parameter, NULL (or 0) when the
 * argument carries no derivative. */
typedef struct CallRule {
	const UserRule *rule;
	const Func *callee;          /* NAME's or F_b's declaration */
	const char *tangent;         /* F_d or F_b_d; NULL: no hvp(...) */
	const unsigned char *active; /* per parameter of callee */
	int ret_d;                   /* the tangent takes T *ret_d last */
	int is_adjoint;              /* callee is F_b */
} CallRule;

/* Registers a rule (the front end, once per pragma). */
void userrules_add(UserRule *r);
/* Checks every rule: wrt/out names and types, the user's declarations
 * against the signatures of DESIGN §2 (errors name the parameter that
 * differs, a note shows the expected prototype).  Returns 0 on errors. */
int userrules_check(void);
/* The rule for calls to name, or NULL. */
const UserRule *userrules_find(const char *name);
/* The tangent rule for a call to name (NAME or F_b), or NULL. */
const CallRule *userrules_call(const char *name);
/* The CallRules of an MPI helper's rule (mpi.c), which needs no check:
 * NAME's, and with with_adjoint F_b's. */
void userrules_add_mpi(const UserRule *r, int with_adjoint);

/* ----------------------------------------------------------------- mpi.c */

/* Rewrites the supported MPI calls on floating data into calls to the
 * typed helpers of libckrt_mpi, with their rules (before normalization). */
void mpi_program(Program *p);
/* MPI_... or PMPI_... */
int mpi_is_mpi_name(const char *name);
/* Refuses an MPI call that moves floating data and was not rewritten
 * (unsupported, or mixed types): reports and returns 0. */
int mpi_check_call(const Expr *call);
/* Refuses a helper call whose MPI_Op is known not to be MPI_SUM. */
int mpi_check_rule_call(const Program *p, const UserRule *r, const Expr *call);
/* Does function fn (or a function it calls) call an MPI helper?  Such a
 * function is never called as its primal from derivative code. */
int mpi_func_communicates(const Program *p, int fn);

/* ------------------------------------------------------------ activity.c */

/* Activity of one function for one calling pattern.  A "node" is a storage
 * class: every variable has one; pointer variables that may point into the
 * same storage share it (union-find over pointer copies).  A node is
 * varied when it may hold a value that depends on an active input. */
/* The calling pattern of a function: for each parameter, whether it is
 * active on entry (has a shadow).  Pointer parameters in the pattern have
 * shadows for the data they point to. */
typedef struct Pattern {
	int fn;
	unsigned char *active; /* per parameter position */
	int force_ret;         /* the return value is an output */
	int drop_ret;          /* the caller never reads the result's tangent */
	/* per parameter position, or NULL: a pointer the callee only stores
	 * through, to data that the caller never reads (a recomputation's
	 * output in f_bwd, whose adjoint reads only the tape): inactive, and
	 * the callee drops the derivatives it would store there
	 * (activity.c, act_dead_locals) */
	unsigned char *dead;
} Pattern;

/* The same pattern (the same callee variant). */
int pattern_same(const Pattern *x, const Pattern *y, int nparams);

typedef struct Activity {
	const Func *f;
	const Pattern *pat;
	int *node;               /* var id -> node (representative var id) */
	unsigned char *varied;   /* node -> may hold a varied value */
	unsigned char *written;  /* node -> stored to (incl. by callees) */
	/* node -> the data stored to, not only a pointer member of a struct
	 * variable (P.col = col leaves what col points to as it was) */
	unsigned char *data_written;
	Loc *varied_at;          /* node -> first store that made it varied */
	int ret_varied;          /* the return value is varied (has ret_d) */
	/* var -> a local array whose values nothing reads (or NULL):
	 * act_dead_locals */
	unsigned char *dead_local;
} Activity;

/* Computes the activity of p->funcs[pat->fn] for pat.  Reports errors for
 * derivative flow that cannot be represented (unknown functions on active
 * data, globals written with active values) and returns NULL then. */
Activity *activity_analyze(Program *p, const Pattern *pat);
/* Forgets the activities computed for p->funcs[fn] (its body changed:
 * omp_serial_order). */
void activity_forget(Program *p, int fn);
/* Usefulness pruning (on by default): varied local scalars that reach no
 * output get no shadow.  Off only to compare (--no-useful). */
void activity_set_useful(int on);
/* Activity analysis (on by default).  Off (--no-activity): every local
 * floating variable counts as varied and useful, for comparison. */
void activity_set_enabled(int on);
/* Is e's value varied under a? (floating-point expressions only) */
int activity_expr_varied(const Activity *a, const Expr *e);
/* The variable whose storage e (an lvalue or pointer expression) is in, or
 * -1 when e is not rooted in a variable. */
int activity_root(const Expr *e);
/* Every variable pointer expression e may point into (both arms of ?:),
 * in *out (arena memory); returns how many. */
int activity_roots(const Expr *e, int **out);
/* Does the storage behind variable var (a pointer, array or scalar) have a
 * shadow? */
int activity_var_varied(const Activity *a, int var);
/* Does argument e pass active data: a varied value, or a pointer to
 * storage with a shadow? */
int activity_arg_active(const Activity *a, const Expr *e);
/* Does a call with a user rule get a derivative: an argument active at
 * one of the rule's active parameters? */
int activity_rule_any(const Activity *a, const CallRule *cr, const Expr *e);
/* The pattern for a call, given the caller's activity. */
Pattern *activity_call_pattern(const Activity *caller, const Program *p,
			       const Expr *call);
int pattern_empty(const Pattern *pat, const Program *p);
/* Does a call with pattern pat change nothing that has a derivative and
 * return no floating value (find(&A, j) that reads an active struct's
 * integers)?  Then it needs no derivative where it stands. */
int pattern_no_effect(Program *p, const Pattern *pat);
/* The pattern of a request: its wrt and out parameters are active, and
 * a floating-point result is an output. */
Pattern *activity_request_pattern(const Program *p, const Request *r);
/* Does st, a statement of a->f's body, store into the storage of node
 * (a->node[var]), itself or in a function it calls?  written[node] for
 * part of the body. */
int activity_stmt_writes(Program *p, const Activity *a, const Stmt *st,
			 int node);
/* Prints the activity of each variable (for --dump-ir=activity). */
void activity_dump(FILE *out, const Program *p, const Activity *a);

/* --------------------------------------------------------------- rules.c */

typedef struct MathRule {
	const char *name;   /* double version: "sin" */
	const char *fname;  /* float version: "sinf" */
	int arity;
	const char *d[3]; /* partial derivatives, as C expressions in a, b
			       (and c) */
} MathRule;

/* The rule for a math.h function (double or float name), or NULL. */
const MathRule *rules_find(const char *name);
/* Is name a float variant ("sinf")? */
int rules_is_float_variant(const MathRule *r, const char *name);
/* Is name a math function as cheap as the arithmetic around it (fabs,
 * fmin, fmax, copysign and their float versions)? */
int rules_cheap(const char *name);
/* Can a partial of r be infinite at finite arguments (sqrt at 0, acos at
 * 1, atan2 at (0, 0), ...), or 0 where it stops one that is (fmin and
 * fmax, whose argument not chosen gets nothing)? */
int rules_singular(const MathRule *r);
/* partial * d for the partial of rule r in argument i of call, where
 * that product must be 0 when d is (a partial of rules_singular that may
 * be infinite or stop an infinite d: ck_mulz(partial, d)); NULL for the
 * others, whose callers multiply as they do. */
Expr *rules_mul(const MathRule *r, const Expr *call, int i, Expr *partial,
		Expr *d, Loc loc);
/* Strong zeros (rules_mul; on by default).  Off (--no-strong-zero): such
 * partials multiply as any others, and 0 * inf is a NaN. */
void rules_set_strong_zero(int on);
/* Is e a call of a math function other than the cheap ones, on data (a
 * call on literals is folded by the C compiler)? */
int rules_costly_call(const Expr *e);
/* The partial derivative of call (a call of r's function) with respect to
 * argument i, as a new expression over clones of the call's arguments. */
Expr *rules_partial(const MathRule *r, const Expr *call, int i);

/* --------------------------------------------------------------- calls.c */

/* What a call to a function ckc does not differentiate into is.  The
 * rules live in calls.c as tables, not in the transforms. */
typedef enum CallKind {
	CALL_USER,     /* a function of the file that ckc differentiates */
	CALL_RULE,     /* math.h with a derivative rule (rules.def) */
	CALL_RUNTIME,  /* libckrt (generated code only) */
	CALL_OUTPUT,   /* stdio output (printf, ...): no derivative, runs
			  once as in f, never in a recomputation */
	CALL_INACTIVE, /* named by #pragma ck_inactive: its result and what
			  it writes are constants */
	CALL_PURE,     /* a library function without effects (floor, ...):
			  may run again */
	CALL_ALLOC,    /* malloc, calloc, realloc, free (alloc.c): may run
			  again, as f's own code does */
	CALL_DERIV,    /* has a #pragma ck_derivative (userrules.c): the
			  user's derivatives; may run again, as f's own
			  code does */
	CALL_MPI,      /* an MPI call that mpi.c did not rewrite: no floating
			  data (mpi_check_call refuses the rest); may run
			  again, as every rank recomputes the same steps */
	CALL_OTHER,    /* anything else: may not see active data, and may
			  not run again */
} CallKind;

CallKind calls_kind(const Program *p, const Expr *call);
/* The same by name, for a function that is not the program's. */
CallKind calls_kind_name(const Program *p, const char *name);
/* Is name one of the stdio output functions? */
int calls_is_output(const char *name);
/* Is call one of the library functions that end the program (exit,
 * abort)? */
int calls_ends_program(const Program *p, const Expr *call);
/* modf, frexp, sincos (1, 2, 3; float versions too) or 0; the double
 * name of each */
int calls_out_math(const Expr *e);
/* Reports call e of a function of the file that needs a derivative where
 * normalize.c could not move it into a statement of its own. */
void calls_not_here(const Expr *e);
const char *calls_out_math_name(int which);
/* Reports an error (and a note at the pragma) for every call in body, and
 * in the functions it calls, that a recomputation of body would make
 * again although it must not run twice: ck_inactive and unknown external
 * functions, and stdio output of a user's function that the
 * recomputation runs untaped (steps: body is a binomial loop, whose
 * steps run so).  what names the region ("checkpoint region").  Returns
 * 0 when it reported. */
int calls_check_rerun(const Program *p, const Stmt *body, int steps,
		      Loc pragma, const char *what);
/* The guard of a stdio output statement in code that a recomputation may
 * run (a forward sweep): if (!ck_recomputing()) s. */
Stmt *calls_guard_output(Stmt *s);
/* Is s an expression statement that calls stdio output? */
int calls_is_output_stmt(const Stmt *s);
/* Reports stdio output whose result converted code uses. */
void calls_check(const Program *p);
/* Does any converted function print (stdio output)? */
int calls_program_has_output(const Program *p);

/* --------------------------------------------------------------- alloc.c */

typedef enum AllocKind {
	ALLOC_NEW,    /* a new buffer: malloc, calloc, ck_shadow_alloc */
	ALLOC_RESIZE, /* realloc: the old buffer moves into the new one */
	ALLOC_COPY,   /* a new buffer holding a copy; the old one stays */
	ALLOC_FREE,   /* free */
} AllocKind;

typedef struct AllocRule {
	const char *name;
	int nargs;
	AllocKind kind;
	int ptr;                 /* the argument holding the old buffer, -1 */
	int user;                /* the C library's (not generated code's) */
	const char *shadow;      /* the call that makes the shadow (tangent) */
	const char *shadow_args; /* its arguments (see alloc.c) */
} AllocRule;

/* The rule of e, a call of an allocation function (also under casts:
 * (double *)malloc(...)), or NULL. */
const AllocRule *alloc_find(const Expr *e);
/* The call at the bottom of e's casts, or NULL when e is no call. */
const Expr *alloc_call_of(const Expr *e);
/* The old buffer an allocation call (realloc, free) takes, or NULL. */
const Expr *alloc_old(const Expr *e);
/* The byte count of an allocation (not free) call, as a new expression. */
Expr *alloc_bytes(const Expr *e);
/* The tangent's call for allocation call e: the same for the shadow
 * (old_shadow is the old buffer's shadow where the rule takes one). */
Expr *alloc_shadow_call(const Expr *e, Expr *old_shadow);

/* ----------------------------------------------------------------- omp.c */

/* Checks the data sharing of the input's parallel loop s (an S_FOR with
 * omp) of f: reports a scalar that its iterations write and share. */
void omp_check_loop(const Func *f, const Stmt *s);
/* Private scalars of f's parallel loops become variables of the loops'
 * bodies; a firstprivate one carried from iteration to iteration is
 * noted in OmpLoop.carried (normalize.c, first). */
void omp_privatize(Program *p, Func *f);
/* The OpenMP clauses of loop om's tangent: each variable's shadow
 * (shadow[var], or -1) joins its clause.  NULL (and a warning) when the
 * tangent must run serially: a reduction by *, max or min of a varied
 * variable. */
OmpLoop *omp_tangent(const Func *f, const OmpLoop *om, const int *shadow);
/* Reverse mode, for the input's parallel loop s of f: the clauses of
 * f_fwd's copy (the input's, and private for the variables declared in
 * the body, which f_fwd declares at its top), and the mark of the
 * reverse sweep's loop (no clauses yet: gather.c gives them). */
OmpLoop *omp_forward(const Func *f, const Stmt *s);
/* A parallel loop of f_fwd (or a recomputation) keeps its init in its
 * header, as OpenMP needs: the statement its conversion appended to block
 * (which held `before` items), when that is the index's assignment v = e,
 * taken out of block; else NULL (the loop then runs serially). */
Stmt *omp_take_init(Stmt *block, int before);
/* om with each variable v of its clauses map(ctx, v), or NULL when a map
 * gives -1. */
OmpLoop *omp_remap(const OmpLoop *om, int (*map)(void *ctx, int v), void *ctx);
/* The `#pragma omp for` loop l of a `#pragma omp parallel` region
 * (clauses region, block b) becomes the region's parallel for: the
 * clauses of both, and b's declarations private (firstprivate when
 * initialized). */
void omp_region_merge(OmpLoop *l, const OmpLoop *region, const Stmt *b);
/* Refuses a declaration of `#pragma omp parallel` region b whose
 * initializer takes the address of another of b's variables. */
void omp_region_check(const Func *f, const Stmt *b);
OmpLoop *omp_reverse_candidate(const OmpLoop *om);
/* A loop of a reverse sweep that gather.c proved independent, made from
 * candidate cand: private(index), printed. */
OmpLoop *omp_reverse(const OmpLoop *cand, int index);
/* The number of phases in which the reverse of parallel loop s of f (a
 * loop around other loops) runs parallel, or 0 (see omp.c); a: f's
 * activity; heap[v]: local pointer v holds a buffer f allocates. */
long omp_phases(const Activity *a, const Func *f, const Stmt *s,
		const unsigned char *heap);
/* Does s record nothing on the tape and call only math functions? */
int omp_records_nothing(const Stmt *s);
/* A phase's loop: firstprivate for the scalars it sets. */
OmpLoop *omp_phase_loop(const OmpLoop *om);
/* A reverse loop over n iterations in d phases (variables of g: n its
 * count, i its index or -1, hi i's value on entry, ph and q the new loops'
 * indices), appended to out:
 *
 *   for (ph = 0; ph < d; ph++)
 *       for (q = ph; q < n; q += d) { i = hi - 1 - q; body }   parallel
 *   i = hi - n;
 *
 * the inner loop with omp_phase_loop(cand); returns it. */
Stmt *omp_phase_nest(Func *g, const OmpLoop *cand, int n, int i, int hi,
		     int ph, int q, long d, Stmt *body, Stmt *out, Loc loc);
/* Adds reduction(+: var) to generated loop l (a floating scalar that its
 * iterations only add to: partials joined in thread order, emit.c). */
void omp_add_sum(OmpLoop *l, int var, Loc loc);
/* f_fwd (g): marks for printing the copies of parallel loops whose
 * bodies record nothing and call only math functions. */
void omp_finish(Func *g);
/* Removes the variables v with dead[v] (cleanup.c dropped them) from
 * om's clauses. */
void omp_drop_vars(OmpLoop *om, const unsigned char *dead);
/* Does generated loop s of f share no scalar its iterations write?
 * (When it does, the output runs it serially.) */
int omp_check_generated(const Func *f, const Stmt *s);
/* Did omp_tangent make a loop that the output prints parallel? */
int omp_emitted(void);
/* Is r a reduction of floating data whose result depends on the order
 * of the partial results (+, -, *), or one of max or min with a tangent?
 * The output reduces those itself, in thread order (emit.c), so that a
 * run gives the bits of the last. */
int omp_red_ordered(const Func *f, const OmpLoop *om, const OmpReduction *r);
/* The statements that add partial result `part` (and its tangent
 * `part_d`, when r has a shadow in om) into r's variable, in C. */
void omp_print_combine(FILE *out, const Func *f, const OmpLoop *om,
		       const OmpReduction *r, const char *const *alias,
		       const char *indent);
/* The value a partial result of r starts from. */
const char *omp_red_identity(const OmpReduction *r);
/* Prints "#pragma omp parallel for <clauses>\n" for om in f (all
 * clauses), "#pragma omp parallel <clauses>" (num_threads, if,
 * proc_bind) or "#pragma omp for <clauses>" (the others, without the
 * ordered reductions). */
typedef enum OmpPart { OMP_PARALLEL_FOR, OMP_PARALLEL, OMP_FOR } OmpPart;
void omp_print(FILE *out, const Func *f, const OmpLoop *om, OmpPart part);
/* The adjoint's input: a parallel loop that f_fwd runs serially (a call
 * in it, a reduction by *, max or min) and that reduces floating data by
 * +, - or * becomes a serial loop over the team's threads, each running
 * its iterations into partials joined in thread order, as f_d does (see
 * omp.c).  After tangent_program, before adjoint_program. */
void omp_serial_order(Program *p);
/* Is name one of the libckrt functions omp_serial_order calls (functions
 * of their arguments, which may run again)? */
int omp_order_call(const char *name);

/* ------------------------------------------------------------- tangent.c */

/* Generates f_d for every tangent request (and the helpers they need) and
 * appends them to p->out.  Reports errors and stops where the derivative
 * cannot be generated. */
void tangent_program(Program *p);
/* The public tangent of p->funcs[pat->fn] for pat, named name, appended
 * to p->out with the helpers it needs (hvp.c makes f_b_d this way, from
 * f_b); NULL when activity failed. */
Func *tangent_function(Program *p, Pattern *pat, const char *name, int vector);

/* -------------------------------------------------------------- vector.c */

/* Makes tangent function g (its parameters complete, is_shadow per var
 * id) a vector function: inserts its parameter int ck_nd at nd_pos and
 * returns its var id.  Its callers' calls get ck_nd there too. */
int vector_signature(Program *p, Func *g, const unsigned char *is_shadow,
		     int nd_pos);
/* Rewrites the body of g, a complete scalar tangent function whose
 * signature vector_signature made, to carry ck_nd directions. */
void vector_function(Program *p, Func *g, const unsigned char *is_shadow,
		     int nd);

/* ------------------------------------------------------------- adjoint.c */

/* Generates f_b for every adjoint request: the public f_b and, per
 * function and calling pattern, the static forward sweep f_fwd and
 * reverse sweep f_bwd.  Reports errors where it cannot. */
void adjoint_program(Program *p);
/* To-be-recorded analysis (on by default): floating data that nothing
 * changes is read again by the reverse sweep instead of being taped.  Off
 * only to compare (--no-tbr). */
void adjoint_set_tbr(int on);
/* Counted loops (on by default): f_bwd computes the trip count of a for
 * loop from its bounds and sets an index only such loops mention, so
 * neither is taped.  Off only to compare (--no-counted-loops). */
void adjoint_set_counted(int on);

/* ----------------------------------------------------------------- hvp.c */

/* Generates f_b_d for every ck_hvp request, as the tangent of the adjoint
 * adjoint_program made for it, then drops generated static functions that
 * nothing calls.  Runs after adjoint_program. */
void hvp_program(Program *p);

/* -------------------------------------------------------------- gather.c */

/* Rewrites the loops of f_bwd g (made from f) whose iterations add to
 * neighbouring elements of an adjoint array so that each element gathers
 * its contributions (see the top of gather.c); bitwise the same results. */
void gather_loops(const Program *p, const Func *f, Func *g);

/* Off: gather_loops changes nothing (--no-gather, to compare). */
void gather_set_enabled(int on);

/* ---------------------------------------------------------- interchange.c */

/* Rewrites the reverse loop nests of f_bwd g (made from f) whose inner
 * loop adds into elements of a local array that only the inner index
 * picks, so that the inner loop runs outside (see the top of
 * interchange.c); bitwise the same results. */
void interchange_loops(const Program *p, const Func *f, Func *g);
/* Off: interchange_loops changes nothing (--no-interchange, to compare). */
void interchange_set_enabled(int on);
/* Is idx i + c (also c + i, i - c, i) with c an integer literal (*c)? */
int index_offset(int i, const Expr *idx, long *c);
/* Is s a counted loop of f_bwd, `for (n = COUNT; n > 0; n--) { i--; ...
 * }`?  Sets n and i. */
int counted_loop_header(const Stmt *s, int *pn, int *pi);
/* Is a an array of g that the gather form may store into: a local array
 * or a restrict pointer parameter, of floating elements? */
int gather_store_target(const Func *g, int a);

/* In f_bwd g, a reverse loop's adds into a local adjoint array that it
 * finds all zeros become stores, and the clearing that made them zeros
 * goes when nothing reads what it cleared (see zeroed.c). */
void zeroed_loops(Func *g);
/* Off: zeroed_loops changes nothing (--no-zeroed, to compare). */
void zeroed_set_enabled(int on);

/* An array that the counted loop before a counted loop L of f_bwd reads
 * and clears over L's range, and that L only adds to: zeroed_loops hangs
 * it on L, and gather.c's gather form of L stores the first term of each
 * element instead of adding it, clears only the elements its edge loops
 * add to, and takes the clearing out of the loop before (zeroed.c). */
typedef struct ZeroFold {
	int x;       /* the array */
	Stmt *clear; /* x[i] = 0.0 in the loop before L */
	struct ZeroFold *next;
} ZeroFold;
/* Takes the one occurrence of s out of the block that holds it, anywhere
 * under root; 0 (and nothing changed) when s is not there exactly once. */
int zeroed_take(Stmt *root, const Stmt *s);

/* --------------------------------------------------------------- fuse.c */

/* f_b's two sweeps as one function named name, with f_bwd's parameters,
 * that returns f's result and runs f_fwd's loop with f_bwd's reverse
 * loop fused into it (see the top of fuse.c), or NULL when they do not
 * qualify.  Bitwise the same results.  *tapeless: the two sweeps use no
 * tape either (f_fwd pushes nothing), so that f_b_d may run their
 * tangents instead of the fused one's with the same ck_stats. */
Func *fuse_sweeps(const Program *p, const Func *fwd, const Func *bwd,
		  const char *name, int *tapeless);
/* Off: fuse_sweeps fuses nothing (--no-fuse, to compare). */
void fuse_set_enabled(int on);
/* Removes the static generated functions of p->out that no public one
 * calls (hvp.c). */
void prog_drop_unused(Program *p);

/* ------------------------------------------------------------- cleanup.c */

/* Removes the variables of g from id first on that are set but never
 * read: their declarations and the stores to them (parameters keep their
 * place).  Stores that pop the tape or call a function keep the call. */
void cleanup_unread(Func *g, int first);
/* Rewrites arithmetic of f_bwd that C compilers keep as it is: an
 * adjoint's v += e where v is known to be zero becomes v = e (the same
 * number but for the sign of a zero), and A * B + B * A becomes
 * 2 * (A * B), the same number (see cleanup.c). */
void cleanup_arith(Func *g);
/* Only the second, exact rewrite (for tangents: f_d, f_b_d). */
void cleanup_double(Func *g);
/* Drops the statements v = v; of g. */
void cleanup_self(Func *g);
/* Gives a variable of g named as a function g calls (a local g_d of f
 * that f_d would call) the next free name. */
void cleanup_call_names(const Program *p, Func *g);

/* ----------------------------------------------------------------- cse.c */

/* Gives each math call of a block's statements one evaluation: later
 * equal calls, while their arguments are unchanged, read the variable
 * the first was assigned to or a temporary ck_e declared before it (see
 * cse.c).  Bitwise the same results. */
void cse_calls(const Program *p, Func *g);

/* --------------------------------------------------------------- batch.c */

/* Makes each run of consecutive pushes (or pops) of doubles or floats in
 * g's blocks one reservation (release) on the tape (see batch.c). */
void batch_tape(const Program *p, Func *g);

/* ---------------------------------------------------------------- emit.c */

/* Writes the generated functions of p as C.  source_name is the input's
 * name, printed in the banner. */
void emit_c(FILE *out, const Program *p);
void emit_header(FILE *out, const Program *p, const char *guard);
/* Prints one expression / function as C (used by the dump printer). */
void emit_expr(FILE *out, const Func *f, const Program *p, const Expr *e);
void emit_func(FILE *out, const Program *p, const Func *f);

#endif
