/*
 * frontend.c - libclang -> IR, and the ckc pragmas.
 *
 * frontend_parse() parses the input with libclang (as GNU C17 unless
 * told otherwise, as cc would), scans the tokens of the main file and of
 * the user headers it includes for `#pragma ck_...` directives, checks
 * the derivative requests,
 * and converts every requested function, and every function of the
 * translation unit that converted code calls, into ckc's IR.  Anything
 * outside the supported subset (DESIGN.md section 5) is reported at its
 * location.  This is the only file that includes clang-c headers; nothing
 * of libclang leaves it.
 *
 * The work, in order:
 *   1. parse; report clang's own errors and stop if there are any;
 *   2. tokens of the user headers and the main file -> pragmas, with
 *      the macros in clause arguments expanded, syntax checked here;
 *   3. function pragmas -> Requests, attached to the next definition (in
 *      a header: the next prototype of a function the input defines);
 *   4. requests checked against the functions' parameters;
 *   5. conversion of the requested functions and their callees (a
 *      worklist); checkpoint pragmas wrap the statement they precede;
 *   6. recursion check over the call graph of the converted functions;
 *      Program.funcs put in the order of the definitions in the source.
 *
 * Conversion goes on after an error to report as much as it can at once
 * (each message once per function); refused expressions become
 * placeholders and the Program is discarded.
 *
 * frontend_compile_flags() reads a compilation database (ckc -p) with
 * libclang's clang-c/CXCompilationDatabase.h; it is at the end.
 */
#include "ckc.h"

#include <clang-c/CXCompilationDatabase.h>
#include <clang-c/Index.h>

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ------------------------------------------------------------- helpers */

/* Copies a libclang string into the arena and disposes of it. */
static const char *cxs(CXString s)
{
	const char *c = clang_getCString(s);
	char *r = arena_strdup(c ? c : "");
	clang_disposeString(s);
	return r;
}

static const Loc noloc = { NULL, 0, 0 };

/* diag_error with a preformatted message (diag.c has no va_list form). */
static void verror(Loc loc, const char *fmt, va_list ap)
{
	char buf[1024];
	vsnprintf(buf, sizeof buf, fmt, ap);
	diag_error(loc, "%s", buf);
}

/* ------------------------------------------------------------- state */

/* A token of the main file. */
typedef struct Tok {
	CXTokenKind kind;
	const char *s; /* spelling */
	unsigned off;  /* byte offset in the main file */
	unsigned len;  /* length of the spelling */
	Loc loc;
	int hidden; /* inside a directive or a skipped #if region */
	/* A token of a pragma that comes from expanding a macro: the
	 * macro's name and definition (loc is where the macro is used). */
	const char *macro;
	Loc mloc;
} Tok;

/* save(p[lo:len]) of a checkpoint pragma, as token indices. */
typedef struct Section {
	int name;         /* the pointer's token */
	int member;       /* save(s.member[...]): the member's token, or -1 */
	int lo, lo_end;   /* tokens of lo: [lo, lo_end) */
	int len, len_end; /* tokens of len */
} Section;

typedef struct Def Def;

/* One `#pragma ck_...` directive of the main file or of a header it
 * includes. */
typedef struct Pragma {
	int is_ckpt;      /* ck_checkpoint, else a function pragma */
	int is_omp;       /* #pragma omp ... (toks from `omp` on) */
	int is_deriv;     /* ck_derivative (file scope) */
	UserRule *rule;   /* ck_derivative */
	int is_inactive;  /* ck_inactive: names, name_locs, nnames */
	const char **names;
	Loc *name_locs;
	int nnames;
	const char *name; /* "ck_tangent", ... */
	Loc loc;          /* of the ck_ token */
	unsigned off;     /* of the '#' */
	int ok;           /* no syntax errors */
	Request *req;     /* function pragmas */
	int binomial;     /* ck_checkpoint: K, or 0 */
	int online;       /* ck_checkpoint: K of online(K), or 0 */
	long long budget; /* ck_checkpoint: budget(BYTES), or 0 */
	int disk;         /* ck_checkpoint: D of disk(D), or 0 */
	Loc disk_loc;
	Section *saves;
	int nsaves;
	unsigned
		next_off; /* first statement token after it, UINT_MAX if none */
	Def *fn;          /* the function whose body holds it */
	int used;         /* attached to a statement */
	Tok *toks;        /* its tokens after the ck_ name, macros expanded */
	int ntoks;
	CXFile file;      /* where it is (offsets are in this file) */
	int in_header;    /* not in the main file */
} Pragma;

/* A function of the translation unit, by name. */
struct Def {
	const char *name;
	CXCursor decl; /* first declaration seen */
	CXCursor def;  /* the definition, when has_def */
	int has_def;
	int seq; /* position of the definition in the translation unit */
	int idx; /* index in Program.funcs, -1 while not converted */
	/* A copy of spec_of whose function-pointer parameters are bound to
	 * functions of the file (bind[i] for parameter i, or NULL): see
	 * fn_specialize.  specs: the copies made of this one. */
	Def *spec_of;
	CXCursor *bind; /* function declarations; null cursors elsewhere */
	int nbind;
	Def **specs;
	int nspecs;
};

/* A file-scope declaration of the main file or a user header (to place
 * function pragmas). */
typedef struct TopDecl {
	unsigned start, end; /* offsets in file */
	CXFile file;
	Def *fndef; /* a function definition, else NULL */
	Def *fn;    /* a function declaration or definition, else NULL */
} TopDecl;

/* A macro definition (or a main-file #undef) of the translation unit,
 * for the clause arguments of pragmas. */
typedef struct Macro {
	const char *name;
	CXCursor def; /* the MacroDefinition; unused for an #undef */
	int undef;
	unsigned off; /* main-file offset from where it holds */
} Macro;

/* A header and the main-file offset of the #include that brings it in. */
typedef struct IncOff {
	CXFile file;
	unsigned off;
} IncOff;

/* A name a save() bound may use besides variables: an enum constant, or a
 * macro defined as an integer literal. */
typedef struct Const {
	const char *name;
	long long val;
} Const;

typedef struct VarKey {
	CXCursor cur;
	unsigned hash;
	int id;
} VarKey;

/* A call from one converted function to another. */
typedef struct Edge {
	int from, to;
	Loc loc;
} Edge;

/* A struct declaration and what it converted to. */
typedef struct KnownStruct {
	CXCursor decl;
	StructDef *sd;
} KnownStruct;

/* An error conversion has reported (refuse). */
typedef struct Seen {
	const char *msg;
	Loc first;
	int more; /* not shown */
} Seen;

/* One dimension of the rows of a parameter declared as rows with a
 * length known at run time (row_param): the parameter's var id, the
 * dimension's length, and the copies of that length in the indices
 * converted so far.  C evaluates the length on entry: when the function
 * may change what it reads, rows_entry makes the copies read a local set
 * on entry instead.  The dimensions of a parameter are consecutive in
 * FE.rows, outermost first. */
typedef struct RowParam {
	int id;
	Expr *len;
	Expr **uses;
	int nuses;
} RowParam;

/* The most x++ moved out of one statement (incdec_split). */
#define FE_MAX_SPLIT 8

/* A label of a block being converted, ahead of the statement being
 * converted, so that a goto there jumps forward out of the statements
 * around it (conv_goto).  The jump sets a flag that the statements up to
 * the label test. */
typedef struct GotoTarget {
	CXCursor label;
	int flag;     /* its flag's var id, -1 until a goto needs one */
	int loops;    /* FE.loops at the label's block */
	int switches; /* FE.switches at the label's block */
	int reached;  /* conversion has come to the label: a goto is back */
	int fired;    /* FE.gotos when a goto to it was last converted */
} GotoTarget;

typedef struct FE {
	const FrontendOptions *opt;
	CXTranslationUnit tu;
	CXFile mainfile;
	const char *src; /* the main file's bytes */
	size_t srclen;
	Program *p;
	Tok *toks;
	int ntoks;
	Pragma **pragmas;
	int npragmas;
	Def **defs; /* every function declared in the translation unit */
	int ndefs;
	int *hash; /* open addressing over defs by name: index + 1 */
	int hashcap;
	TopDecl *tops;
	int ntops;
	int ndefined; /* definitions seen so far (Def.seq) */
	Const *consts;
	int nconsts;
	Macro *macros;
	int nmacros;
	IncOff *incs;
	int nincs;
	CXFile curfile; /* the file whose tokens are in toks (main or header) */
	Def **conv; /* Program.funcs index -> Def */
	int nconv;
	Edge *edges;
	int nedges;
	/* The function being converted. */
	Func *f;
	int fidx;
	Def *fdef;
	/* Converting the block of a `#pragma omp parallel` region: its
	 * clauses (its `#pragma omp for` loop takes them), else NULL. */
	OmpLoop *omp_region;
	VarKey *vars; /* cursor -> var id */
	int nvars;
	int *vslot;   /* hash table over vars: index of the last binding, -1 */
	int vcap;     /* its size, a power of two; 0 when not built */
	int *scope; /* var ids in scope, innermost last (for save() names) */
	int nscope;
	/* Local function-pointer variables that the function sets to one of
	 * several functions (fn_sel_make): each is an int that says which. */
	struct FnSel *sels;
	int nsels;
	/* var ids of types ckc cannot hold (refused at use), times 2, plus 1
	 * once an error has been reported (the next uses are refused
	 * quietly) */
	int *unheld;
	Seen *seen; /* error kinds reported in the function being converted */
	int nseen;
	int nunheld;
	/* The last file name looked up. */
	CXFile lastfile;
	const char *lastname;
	/* Struct types converted so far, by their declaration. */
	KnownStruct *structs;
	int nstructs;
	int nanon;        /* struct types named ck_anonN (conv_type) */
	int mentions_mpi; /* the input file names MPI_ macros (mpi_spelling) */
	/* The x++ (x--, ++x, --x) inside the statement being converted that
	 * conv_expr_stmt moves out of it, each converted as its x
	 * (incdec_split); split_busy: no statement inside is split again. */
	CXCursor split_inc[FE_MAX_SPLIT];
	int nsplit;
	int split_busy;
	/* What each split x++ is converted as: x, or in a loop's condition
	 * (conv_loop_incdec) x - 1 or x + 1, the value x had before its step
	 * moved ahead of the condition. */
	int split_adj[FE_MAX_SPLIT];
	/* Assignments v = E inside an expression that became the statement
	 * v = E before it (inner_assigns): each converts as v. */
	CXCursor held[2 * FE_MAX_SPLIT];
	int held_var[2 * FE_MAX_SPLIT]; /* -1: a comma, as its right operand */
	int nheld;
	/* The last assignment inner_assigns found read where C leaves the
	 * order undefined (its error says so). */
	CXCursor unseq_at;
	/* The last statement expression with more assignments inside than
	 * inner_assigns takes (FE_MAX_SPLIT). */
	CXCursor many_root;
	int many_set;
	/* Per parameter of the function being converted, the local copy it
	 * is walked through (walked_param), or -1. */
	int *walked;
	/* The variable-length arrays of the function being converted, each
	 * a pointer to a malloc'd buffer now (conv_vla_decl): var ids. */
	int *vlas;
	int nvlas;
	int *vla_lens; /* per such array, the local holding its length */
	/* The labels of the blocks around the statement being converted,
	 * outermost first; the loops and switches around it; gotos converted
	 * so far in the function. */
	GotoTarget *gts;
	int ngts;
	int loops;
	int switches;
	int gotos;
	/* Where the statement being converted declares the objects of its
	 * compound literals (conv_literal), NULL where none may be; whether
	 * that statement is a loop (its header); the ?: arms and right sides
	 * of && and || around the expression being converted. */
	Stmt *pre;
	int pre_loop;
	int cond_arms;
	/* The last statement conv_stmt put after its literals' objects in a
	 * block, which a block it is an item of flattens. */
	Stmt *pre_block;
	/* The parameters declared as rows of a length known at run time
	 * (row_param), flat pointers now; rows_ok: the reference being
	 * converted may name one (a subscript's base or a call's
	 * argument). */
	struct RowParam *rows;
	int nrows;
	int rows_ok;
	/* The structs of one pointer member that parameters declared as
	 * pointers to row pointers are read through (ptr_rows_param): of
	 * double rows, of float rows. */
	StructDef *prow_sd[2];
} FE;

/* ----------------------------------------------------------- locations */

static const char *file_name(FE *fe, CXFile file)
{
	if (clang_File_isEqual(file, fe->mainfile))
		return fe->opt->input;
	if (fe->lastfile && clang_File_isEqual(file, fe->lastfile))
		return fe->lastname;
	fe->lastfile = file;
	fe->lastname = cxs(clang_getFileName(file));
	return fe->lastname;
}

/* Positions are expansion locations, as in clang's own diagnostics. */
static Loc src_loc(FE *fe, CXSourceLocation sl)
{
	CXFile file;
	unsigned line, col, off;
	Loc loc = noloc;
	clang_getExpansionLocation(sl, &file, &line, &col, &off);
	if (!file)
		return loc;
	loc.file = file_name(fe, file);
	loc.line = (int)line;
	loc.col = (int)col;
	return loc;
}

static Loc cur_loc(FE *fe, CXCursor c)
{
	return src_loc(fe, clang_getCursorLocation(c));
}

/* Offset of sl in the main file; 0 when it is elsewhere. */
static int main_off(FE *fe, CXSourceLocation sl, unsigned *off)
{
	CXFile file;
	unsigned line, col;
	clang_getExpansionLocation(sl, &file, &line, &col, off);
	return file && clang_File_isEqual(file, fe->mainfile);
}

/* ------------------------------------------------------------ children */

typedef struct Kids {
	CXCursor *c;
	int n;
} Kids;

static enum CXChildVisitResult kids_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	Kids *k = data;
	(void)parent;
	VEC_PUSH(k->c, k->n, c);
	return CXChildVisit_Continue;
}

/* The direct children of c. */
static Kids kids(CXCursor c)
{
	Kids k = { NULL, 0 };
	clang_visitChildren(c, kids_visit, &k);
	return k;
}

/* The direct children of c that are expressions (casts and sizeof also
 * have TypeRef children). */
static Kids expr_kids(CXCursor c)
{
	Kids all = kids(c), k = { NULL, 0 };
	int i;
	for (i = 0; i < all.n; i++)
		if (clang_isExpression(clang_getCursorKind(all.c[i])))
			VEC_PUSH(k.c, k.n, all.c[i]);
	return k;
}

static int is_kind(CXCursor c, enum CXCursorKind k)
{
	return clang_getCursorKind(c) == k;
}

/* Strips parentheses and implicit conversions (an UnexposedExpr with one
 * child and the same source range). */
static CXCursor strip(CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		Kids ks;
		if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr)
			return c;
		ks = expr_kids(c);
		if (ks.n != 1)
			return c;
		if (k == CXCursor_UnexposedExpr &&
		    !clang_equalRanges(clang_getCursorExtent(c),
				       clang_getCursorExtent(ks.c[0])))
			return c;
		c = ks.c[0];
	}
}

/* --------------------------------------------------------------- types */

static const char *int_name(enum CXTypeKind k)
{
	switch (k) {
	case CXType_Bool:
		return "_Bool";
	case CXType_Char_U:
	case CXType_Char_S:
		return "char";
	case CXType_SChar:
		return "signed char";
	case CXType_UChar:
		return "unsigned char";
	case CXType_Short:
		return "short";
	case CXType_UShort:
		return "unsigned short";
	case CXType_Int:
		return "int";
	case CXType_UInt:
		return "unsigned int";
	case CXType_Long:
		return "long";
	case CXType_ULong:
		return "unsigned long";
	case CXType_LongLong:
		return "long long";
	case CXType_ULongLong:
		return "unsigned long long";
	case CXType_Int128:
		return "__int128";
	case CXType_UInt128:
		return "unsigned __int128";
	case CXType_WChar:
		return "int";
	case CXType_Char16:
		return "unsigned short";
	case CXType_Char32:
		return "unsigned int";
	default:
		return NULL;
	}
}

enum {
	TY_DECAY = 1,  /* a parameter: arrays become pointers */
	TY_REPORT = 2, /* report every unsupported type at loc */
	TY_DATA = 4,   /* report long double and VLAs only (pointed-to data) */
};

/* The pointee or element type of t (whose canonical type is ct), keeping
 * typedef names where libclang gives them. */
static CXType inner_type(CXType t, CXType ct)
{
	int ptr = ct.kind == CXType_Pointer;
	CXType r =
		ptr ? clang_getPointeeType(t) : clang_getArrayElementType(t);
	if (r.kind == CXType_Invalid)
		r = ptr ? clang_getPointeeType(ct)
			: clang_getArrayElementType(ct);
	return r;
}

/* Makes the innermost elements of t (t itself unless an array) const. */
static void set_elem_const(Type *t)
{
	while (t->kind == TY_ARRAY)
		t = t->base;
	t->is_const = 1;
}

static Type *conv_type(FE *fe, CXType t, Loc loc, int flags);

typedef struct FieldWalk {
	FE *fe;
	StructDef *sd;
	Loc loc;
	int bad; /* a member ckc cannot name (anonymous, bit-field) */
} FieldWalk;

static enum CXVisitorResult field_visit(CXCursor c, CXClientData data)
{
	FieldWalk *w = data;
	Field fl;
	const char *name = cxs(clang_getCursorSpelling(c));
	/* (a C11 anonymous member, struct { double x; };, which libclang
	 * spells "struct s::(anonymous at ...)") */
	CXCursor td = clang_getTypeDeclaration(
		clang_getCanonicalType(clang_getCursorType(c)));
	if (!*name || clang_Cursor_isBitField(c) ||
	    (!clang_Cursor_isNull(td) &&
	     clang_Cursor_isAnonymousRecordDecl(td))) {
		w->bad = 1;
		return CXVisit_Continue;
	}
	fl.name = name;
	fl.type = conv_type(w->fe, clang_getCursorType(c), w->loc, 0);
	w->sd->fields =
		arena_room(w->sd->fields, w->sd->nfields, sizeof(Field));
	w->sd->fields[w->sd->nfields++] = fl;
	return CXVisit_Continue;
}

/* The tag of a struct declaration as written (struct TAG ...), or NULL
 * for an anonymous struct (which libclang names after its typedef). */
static const char *struct_tag(FE *fe, CXCursor decl)
{
	CXToken *toks = NULL;
	unsigned n = 0;
	const char *tag = NULL;
	clang_tokenize(fe->tu, clang_getCursorExtent(decl), &toks, &n);
	if (n >= 2 && clang_getTokenKind(toks[1]) == CXToken_Identifier)
		tag = cxs(clang_getTokenSpelling(fe->tu, toks[1]));
	if (toks)
		clang_disposeTokens(fe->tu, toks, n);
	return tag;
}

/* The struct type of record declaration decl (canonical type ct, named
 * by t where it was written): one StructDef per definition, made the
 * first time and then shared.  Its members are converted after it is
 * registered, so a struct that points to itself converts. */
static Type *conv_struct(FE *fe, CXType t, CXType ct, Loc loc)
{
	CXCursor decl = clang_getCanonicalCursor(clang_getTypeDeclaration(ct));
	CXCursor def = clang_getCursorDefinition(decl);
	StructDef *sd = NULL;
	Type *ty;
	for (int i = 0; i < fe->nstructs; i++)
		if (clang_equalCursors(fe->structs[i].decl, decl)) {
			sd = fe->structs[i].sd;
			break;
		}
	if (!sd) {
		sd = ARENA_NEW(StructDef);
		sd->tag = struct_tag(fe, clang_Cursor_isNull(def) ? decl : def);
		KnownStruct k;
		k.decl = decl;
		k.sd = sd;
		VEC_PUSH(fe->structs, fe->nstructs, k);
		if (!clang_Cursor_isNull(def)) {
			CXSourceLocation sl = clang_getCursorLocation(def);
			unsigned off;
			FieldWalk w;
			sd->complete = 1;
			sd->loc = cur_loc(fe, def);
			long long sz = clang_Type_getSizeOf(ct);
			sd->size = sz > 0 ? (long)sz : 0;
			sd->where = clang_Location_isInSystemHeader(sl)
					    ? SD_SYSTEM
				    : main_off(fe, sl, &off) ? SD_MAIN
							     : SD_HEADER;
			w.fe = fe;
			w.sd = sd;
			w.loc = loc;
			w.bad = 0;
			clang_Type_visitFields(ct, field_visit, &w);
			if (w.bad && sd->where != SD_SYSTEM)
				sd->complete = -1; /* refused where used */
		} else {
			/* declared only (an opaque handle's struct, as MPI's):
			 * where its declaration is */
			CXSourceLocation sl = clang_getCursorLocation(decl);
			unsigned off;
			sd->where = clang_Location_isInSystemHeader(sl)
					    ? SD_SYSTEM
				    : main_off(fe, sl, &off) ? SD_MAIN
							     : SD_HEADER;
		}
	}
	/* an anonymous struct is named by the typedef that names it (and
	 * a tagged one keeps the first typedef too, for the header) */
	if (!sd->tdname) {
		CXType u = t;
		while (u.kind == CXType_Elaborated)
			u = clang_Type_getNamedType(u);
		if (u.kind == CXType_Typedef)
			sd->tdname = cxs(clang_getTypedefName(u));
	}
	ty = type_new(TY_STRUCT);
	ty->st = sd;
	ty->name = sd->tag ? arena_printf("struct %s", sd->tag) : sd->tdname;
	/* a header's struct keeps the typedef name it was used by (FILE,
	 * not struct _IO_FILE): the header defines every name it has */
	if (sd->where != SD_MAIN) {
		CXType u = t;
		while (u.kind == CXType_Elaborated)
			u = clang_Type_getNamedType(u);
		if (u.kind == CXType_Typedef)
			ty->name = cxs(clang_getTypedefName(u));
	}
	return ty;
}

/* Converts a clang type.  Typedefs resolve through the canonical type.
 * With TY_REPORT, types that converted code cannot hold (struct, union,
 * long double, VLAs, complex) are reported at loc; pointers to structs or
 * functions are kept as TY_OTHER and refused only where they are used. */
static Type *conv_type(FE *fe, CXType t, Loc loc, int flags)
{
	CXType ct = clang_getCanonicalType(t);
	int report = flags & TY_REPORT;
	int data = flags & (TY_REPORT | TY_DATA);
	Type *ty;
	const char *iname = int_name(ct.kind);

	if (iname) {
		ty = type_new(TY_INT);
		ty->name = iname;
		if ((ct.kind == CXType_Int128 || ct.kind == CXType_UInt128) &&
		    data)
			diag_error(loc,
				   "'%s' is not C99, which ckc writes; use "
				   "long long",
				   iname);
	} else
		switch (ct.kind) {
		case CXType_Void:
			ty = type_new(TY_VOID);
			break;
		case CXType_Float:
			ty = type_new(TY_FLOAT);
			break;
		case CXType_Double:
			ty = type_new(TY_DOUBLE);
			break;
		case CXType_Record:
			if (clang_getCursorKind(clang_getTypeDeclaration(ct)) ==
			    CXCursor_StructDecl) {
				ty = conv_struct(fe, t, ct, loc);
				/* a struct of the input without a tag or typedef
				 * name (a member's or a local's `struct { ... }
				 * p`): the output defines it under a tag of its
				 * own, the same members */
				if (!ty->name && ty->st->complete &&
				    ty->st->where == SD_MAIN) {
					ty->st->tag = arena_printf(
						"ck_anon%d", ++fe->nanon);
					ty->st->anon = 1;
					ty->name = arena_printf("struct %s",
								ty->st->tag);
				}
				if (!ty->name) {
					/* (at the definition: once) */
					if (report)
						diag_error(
							ty->st->complete
								? ty->st->loc
								: loc,
							"a struct type "
							"without a tag or "
							"typedef name, "
							"defined in a "
							"header, is not "
							"supported: the "
							"generated code could "
							"not name "
							"it; give it a name");
					ty->kind = TY_OTHER;
					ty->name = "int";
				}
				break;
			}
			goto other;
		case CXType_Enum: {
			CXCursor d = clang_getTypeDeclaration(ct);
			CXType it = clang_getCanonicalType(
				clang_getEnumDeclIntegerType(d));
			ty = type_new(TY_INT);
			ty->name =
				int_name(it.kind) ? int_name(it.kind) : "int";
			break;
		}
		case CXType_Pointer:
			ty = type_new(TY_PTR);
			ty->base = conv_type(fe, inner_type(t, ct), loc,
					     data ? TY_DATA : 0);
			break;
		case CXType_ConstantArray:
		case CXType_IncompleteArray:
		case CXType_VariableArray:
		case CXType_DependentSizedArray: {
			CXType et = inner_type(t, ct);
			int cq = clang_isConstQualifiedType(t) ||
				 clang_isConstQualifiedType(ct);
			if (flags & TY_DECAY) {
				ty = type_new(TY_PTR);
				ty->base = conv_type(fe, et, loc,
						     data ? TY_DATA : 0);
				if (cq) /* const on an array is on its elements */
					set_elem_const(ty->base);
				return ty;
			}
			if (ct.kind == CXType_VariableArray && data)
				diag_error(loc,
					   "variable-length arrays are not "
					   "supported; use a fixed size or a "
					   "pointer to memory the caller "
					   "provides");
			ty = type_new(TY_ARRAY);
			ty->base = conv_type(fe, et, loc, flags & ~TY_DECAY);
			ty->len = ct.kind == CXType_ConstantArray
					  ? (long)clang_getArraySize(ct)
					  : 0;
			if (ct.kind == CXType_ConstantArray && ty->len == 0 &&
			    data)
				diag_error(loc, "zero-length arrays are not C99, "
						"which ckc writes; give the array "
						"a size");
			if (cq)
				set_elem_const(ty->base);
			return ty;
		}
		default:
		other: {
			enum CXCursorKind dk = clang_getCursorKind(
				clang_getTypeDeclaration(ct));
			ty = type_new(TY_OTHER);
			ty->name = t.kind == CXType_Invalid
					   ? "int"
					   : cxs(clang_getTypeSpelling(
						     clang_getUnqualifiedType(
							     t)));
			if (ct.kind == CXType_LongDouble && data)
				diag_error(loc,
					   "long double is not supported");
			else if (!report)
				break;
			else if (dk == CXCursor_StructDecl)
				diag_error(loc,
					   "struct types are not supported");
			else if (dk == CXCursor_UnionDecl)
				diag_error(
					loc,
					"union types are not supported: ckc "
					"cannot tell which member holds the "
					"value; use a struct, or math.h's "
					"signbit, isnan, frexp ... to "
					"inspect a double");
			else if (ct.kind == CXType_Complex)
				diag_error(loc,
					   "complex types are not supported; use pairs of double");
			else if (ct.kind != CXType_FunctionProto &&
				 ct.kind != CXType_FunctionNoProto)
				diag_error(loc, "type '%s' is not supported",
					   ty->name);
			break;
		}
		}
	ty->is_const = clang_isConstQualifiedType(t) != 0;
	return ty;
}

/* Is t a C99 type that converted code cannot hold (long double, complex,
 * and pointers to or arrays of them)?  A parameter or local of such a
 * type is accepted as long as nothing uses it: ckc prints it as it is. */
static int unheld_type(CXType t)
{
	CXType ct = clang_getCanonicalType(t);
	for (;;) {
		switch (ct.kind) {
		case CXType_Pointer:
			ct = clang_getCanonicalType(clang_getPointeeType(ct));
			continue;
		case CXType_ConstantArray:
		case CXType_IncompleteArray:
			ct = clang_getCanonicalType(
				clang_getArrayElementType(ct));
			continue;
		case CXType_LongDouble:
		case CXType_Complex:
			return 1;
		default:
			return 0;
		}
	}
}

static int is_float_kind(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;
	return k == CXType_Float || k == CXType_Double;
}

static int is_pointerish(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;
	return k == CXType_Pointer || k == CXType_ConstantArray ||
	       k == CXType_IncompleteArray || k == CXType_VariableArray;
}

/* Is t a pointer to pointers to floating scalars (double **A, const
 * double *const *A, double *A[])? */
static int is_ptr_rows(CXType t)
{
	CXType ct = clang_getCanonicalType(t);
	if (ct.kind != CXType_Pointer && ct.kind != CXType_IncompleteArray &&
	    ct.kind != CXType_ConstantArray)
		return 0;
	CXType r = clang_getCanonicalType(inner_type(t, ct));
	return r.kind == CXType_Pointer &&
	       is_float_kind(clang_getPointeeType(r));
}

/* The data a pointer (or decayed array) parameter points to, with arrays
 * of arrays looked through; *is_const tells whether it is const. */
static CXType pointee_data(CXType t, int *is_const)
{
	CXType ct = clang_getCanonicalType(t);
	CXType e = ct.kind == CXType_Pointer ? clang_getPointeeType(ct)
					     : clang_getArrayElementType(ct);
	while (clang_getCanonicalType(e).kind == CXType_ConstantArray ||
	       clang_getCanonicalType(e).kind == CXType_VariableArray)
		e = clang_getArrayElementType(clang_getCanonicalType(e));
	*is_const = clang_isConstQualifiedType(e) != 0;
	return e;
}

/* -------------------------------------------------------- function table */

static unsigned str_hash(const char *s)
{
	unsigned h = 2166136261u;
	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static Def *def_find(FE *fe, const char *name)
{
	unsigned i;
	if (!fe->hashcap)
		return NULL;
	for (i = str_hash(name) & (unsigned)(fe->hashcap - 1);;
	     i = (i + 1) & (unsigned)(fe->hashcap - 1)) {
		int k = fe->hash[i];
		if (!k)
			return NULL;
		if (!strcmp(fe->defs[k - 1]->name, name))
			return fe->defs[k - 1];
	}
}

static void def_rehash(FE *fe)
{
	int i;
	fe->hashcap = fe->hashcap ? fe->hashcap * 2 : 1024;
	fe->hash = arena_alloc((size_t)fe->hashcap * sizeof *fe->hash);
	for (i = 0; i < fe->ndefs; i++) {
		unsigned h = str_hash(fe->defs[i]->name) &
			     (unsigned)(fe->hashcap - 1);
		while (fe->hash[h])
			h = (h + 1) & (unsigned)(fe->hashcap - 1);
		fe->hash[h] = i + 1;
	}
}

static Def *def_add(FE *fe, const char *name, CXCursor decl)
{
	Def *d = ARENA_NEW(Def);
	d->name = name;
	d->decl = decl;
	d->idx = -1;
	VEC_PUSH(fe->defs, fe->ndefs, d);
	if (fe->ndefs * 2 > fe->hashcap)
		def_rehash(fe);
	else {
		unsigned h = str_hash(name) & (unsigned)(fe->hashcap - 1);
		while (fe->hash[h])
			h = (h + 1) & (unsigned)(fe->hashcap - 1);
		fe->hash[h] = fe->ndefs;
	}
	return d;
}

/* Is the declaration in a system header (or a builtin, with no file)? */
static int in_system_header(CXCursor c)
{
	CXSourceLocation sl = clang_getCursorLocation(c);
	CXFile file;
	unsigned line, col, off;
	clang_getExpansionLocation(sl, &file, &line, &col, &off);
	return !file || clang_Location_isInSystemHeader(sl);
}

/* A user function: defined in the translation unit, not in a system
 * header. */
static int def_is_user(const Def *d)
{
	return d && d->has_def && !in_system_header(d->def);
}

/* The function a specialization copies (fn_specialize), or d. */
static Def *def_base(Def *d)
{
	return d && d->spec_of ? d->spec_of : d;
}

static void add_const(FE *fe, const char *name, long long v)
{
	Const k;
	k.name = name;
	k.val = v;
	VEC_PUSH(fe->consts, fe->nconsts, k);
}

/* Records the enum constants of an enum (names a save() bound and
 * binomial() may use). */
static void add_consts(FE *fe, CXCursor c)
{
	Kids ks = kids(c);
	int i;
	for (i = 0; i < ks.n; i++)
		if (is_kind(ks.c[i], CXCursor_EnumConstantDecl))
			add_const(fe, cxs(clang_getCursorSpelling(ks.c[i])),
				  clang_getEnumConstantDeclValue(ks.c[i]));
}

/* The main-file offset from where a declaration at sl holds: its own
 * offset in the main file, that of the #include that brings its header
 * in, 0 for the command line and predefined macros. */
static unsigned holds_from(FE *fe, CXSourceLocation sl)
{
	CXFile file;
	unsigned line, col, off;
	int i;
	clang_getExpansionLocation(sl, &file, &line, &col, &off);
	if (!file)
		return 0;
	if (clang_File_isEqual(file, fe->mainfile))
		return off;
	for (i = 0; i < fe->nincs; i++)
		if (clang_File_isEqual(file, fe->incs[i].file))
			return fe->incs[i].off;
	return 0;
}

static void add_macro(FE *fe, CXCursor c)
{
	Macro m;
	m.name = cxs(clang_getCursorSpelling(c));
	m.def = c;
	m.undef = 0;
	m.off = holds_from(fe, clang_getCursorLocation(c));
	VEC_PUSH(fe->macros, fe->nmacros, m);
}

/* Is the declaration at sl in a header that is not a system header? */
static int in_user_header(FE *fe, CXSourceLocation sl, CXFile *file)
{
	unsigned line, col, off;
	clang_getExpansionLocation(sl, file, &line, &col, &off);
	return *file && !clang_File_isEqual(*file, fe->mainfile) &&
	       !clang_Location_isInSystemHeader(sl);
}

static enum CXChildVisitResult top_visit(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	FE *fe = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXSourceRange ext = clang_getCursorExtent(c);
	TopDecl td;
	int keep;
	(void)parent;
	memset(&td, 0, sizeof td);
	if (k == CXCursor_MacroDefinition)
		add_macro(fe, c);
	if (k == CXCursor_EnumDecl)
		add_consts(fe, c);
	if (!clang_isDeclaration(k))
		return CXChildVisit_Continue;
	keep = main_off(fe, clang_getRangeStart(ext), &td.start) &&
	       main_off(fe, clang_getRangeEnd(ext), &td.end);
	if (keep)
		td.file = fe->mainfile;
	else if (in_user_header(fe, clang_getRangeStart(ext), &td.file)) {
		CXFile f2;
		unsigned line, col;
		clang_getExpansionLocation(clang_getRangeStart(ext), &td.file,
					   &line, &col, &td.start);
		clang_getExpansionLocation(clang_getRangeEnd(ext), &f2, &line,
					   &col, &td.end);
		keep = f2 && clang_File_isEqual(f2, td.file);
	}
	if (k == CXCursor_FunctionDecl) {
		const char *name = cxs(clang_getCursorSpelling(c));
		Def *d = def_find(fe, name);
		if (!d)
			d = def_add(fe, name, c);
		td.fn = d;
		if (clang_isCursorDefinition(c)) {
			d->def = c;
			d->has_def = 1;
			d->seq = fe->ndefined++;
			td.fndef = d;
		}
	}
	if (keep)
		VEC_PUSH(fe->tops, fe->ntops, td);
	return CXChildVisit_Continue;
}

/* ------------------------------------------------------ tokens, pragmas */

/* Is the '#' at off the first thing on its line? */
static int at_line_start(FE *fe, unsigned off)
{
	while (off > 0) {
		char ch = fe->src[--off];
		if (ch == '\n')
			return 1;
		if (ch != ' ' && ch != '\t' && ch != '\f' && ch != '\v' &&
		    ch != '\r')
			return 0;
	}
	return 1;
}

/* End of the directive starting at off: the first newline that is not
 * escaped and not inside a comment. */
static unsigned directive_end(FE *fe, unsigned off)
{
	const char *s = fe->src;
	size_t n = fe->srclen, i = off;
	while (i < n) {
		if (s[i] == '\\' && i + 1 < n &&
		    (s[i + 1] == '\n' ||
		     (s[i + 1] == '\r' && i + 2 < n && s[i + 2] == '\n'))) {
			i += s[i + 1] == '\n' ? 2 : 3;
		} else if (s[i] == '/' && i + 1 < n && s[i + 1] == '*') {
			i += 2;
			while (i + 1 < n && !(s[i] == '*' && s[i + 1] == '/'))
				i++;
			i += 2;
		} else if (s[i] == '/' && i + 1 < n && s[i + 1] == '/') {
			while (i < n && s[i] != '\n')
				i++;
		} else if (s[i] == '\n')
			break;
		else
			i++;
	}
	return (unsigned)(i < n ? i : n);
}

/* Offset of sl in the file being scanned (fe->curfile). */
static void cur_off(FE *fe, CXSourceLocation sl, unsigned *off)
{
	CXFile file;
	unsigned line, col;
	clang_getExpansionLocation(sl, &file, &line, &col, off);
	if (!file || !clang_File_isEqual(file, fe->curfile))
		*off = 0;
}

/* Reads the tokens of fe->curfile (whose bytes are fe->src) and marks
 * those inside directives and skipped #if regions as hidden. */
static void read_tokens(FE *fe)
{
	CXSourceRange all = clang_getRange(
		clang_getLocationForOffset(fe->tu, fe->curfile, 0),
		clang_getLocationForOffset(fe->tu, fe->curfile,
					   (unsigned)fe->srclen));
	CXToken *ct;
	unsigned n, i, k;
	int j;
	CXSourceRangeList *skipped;

	clang_tokenize(fe->tu, all, &ct, &n);
	fe->toks = arena_alloc((n + 1) * sizeof *fe->toks);
	for (i = 0, k = 0; i < n; i++) {
		Tok *t = &fe->toks[k];
		CXSourceLocation sl = clang_getTokenLocation(fe->tu, ct[i]);
		/* Comments are not tokens to the preprocessor: a comment after
		 * a pragma, or between a pragma and its statement, is not
		 * part of either. */
		if (clang_getTokenKind(ct[i]) == CXToken_Comment)
			continue;
		k++;
		t->kind = clang_getTokenKind(ct[i]);
		t->s = cxs(clang_getTokenSpelling(fe->tu, ct[i]));
		t->len = (unsigned)strlen(t->s);
		cur_off(fe, sl, &t->off);
		t->loc = src_loc(fe, sl);
	}
	fe->ntoks = (int)k;
	clang_disposeTokens(fe->tu, ct, n);

	for (j = 0; j < fe->ntoks; j++) {
		Tok *t = &fe->toks[j];
		if (t->kind == CXToken_Punctuation && !strcmp(t->s, "#") &&
		    at_line_start(fe, t->off)) {
			unsigned end = directive_end(fe, t->off);
			while (j < fe->ntoks && fe->toks[j].off < end)
				fe->toks[j++].hidden = 1;
			j--;
		}
	}
	skipped = clang_getSkippedRanges(fe->tu, fe->curfile);
	for (i = 0; skipped && i < skipped->count; i++) {
		unsigned a, b;
		cur_off(fe, clang_getRangeStart(skipped->ranges[i]), &a);
		cur_off(fe, clang_getRangeEnd(skipped->ranges[i]), &b);
		for (j = 0; j < fe->ntoks; j++)
			if (fe->toks[j].off >= a && fe->toks[j].off <= b)
				fe->toks[j].hidden = 2;
	}
	if (skipped)
		clang_disposeSourceRangeList(skipped);
}

/* A cursor over the tokens [i, end) of one pragma. */
typedef struct PC {
	FE *fe;
	Tok *toks;
	int i, end;
	const char *clause; /* the clause a constant belongs to: "binomial" */
} PC;

static Tok *pc_peek(PC *pc)
{
	return pc->i < pc->end ? &pc->toks[pc->i] : NULL;
}

static int pc_is(PC *pc, const char *s)
{
	Tok *t = pc_peek(pc);
	return t && !strcmp(t->s, s);
}

/* Where an error about the current token goes: the token, or just past
 * the pragma's last token. */
static Loc pc_loc(PC *pc)
{
	Tok *t;
	Loc loc;
	if (pc->i < pc->end)
		return pc->toks[pc->i].loc;
	t = &pc->toks[pc->end - 1];
	loc = t->loc;
	loc.col += (int)t->len;
	return loc;
}

/* After an error at token t: where t comes from a macro. */
static void macro_note(const Tok *t)
{
	if (t && t->macro)
		diag_note(t->mloc, "in the expansion of macro '%s'", t->macro);
}

static void pc_error(PC *pc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	verror(pc_loc(pc), fmt, ap);
	va_end(ap);
	macro_note(pc_peek(pc));
}

/* Consumes s or reports "expected 's' after 'prev'". */
static int pc_expect(PC *pc, const char *s, const char *prev)
{
	if (pc_is(pc, s)) {
		pc->i++;
		return 1;
	}
	if (prev)
		pc_error(pc, "expected '%s' after '%s'", s, prev);
	else
		pc_error(pc, "expected '%s'", s);
	return 0;
}

/* Appends a name and its location to a request's parallel arrays. */
static void push_name(const char ***names, Loc **locs, int *n,
		      const char *name, Loc loc)
{
	*locs = arena_room(*locs, *n, sizeof **locs);
	(*locs)[*n] = loc;
	ARENA_PUSH(*names, *n, (char *)name);
}

static Macro *macro_find(FE *fe, const char *name, unsigned at);

/* names := '(' identifier (',' identifier)* ')' */
static int parse_names(PC *pc, const char *clause, const char ***names,
		       Loc **locs, int *n)
{
	pc->i++;
	if (!pc_expect(pc, "(", clause))
		return 0;
	for (;;) {
		Tok *t = pc_peek(pc);
		if (!t || t->kind != CXToken_Identifier) {
			pc_error(pc, "expected a parameter name in %s(...)",
				 clause);
			return 0;
		}
		push_name(names, locs, n, t->s, t->loc);
		pc->i++;
		if (pc_is(pc, ",")) {
			pc->i++;
			continue;
		}
		if (pc_is(pc, ")")) {
			pc->i++;
			return 1;
		}
		pc_error(pc, "expected ',' or ')' in %s(...)", clause);
		return 0;
	}
}

/* A wrt(...) or out(...) clause at t, into (*wrt, *wrt_loc, *nwrt) or
 * (*out, *out_loc, *nout); *seen_wrt / *seen_out say which came already.
 * Returns 1 when parsed, 0 after an error, -1 when t starts neither. */
static int parse_wrt_out(PC *pc, const Tok *t, int *seen_wrt, int *seen_out,
			 const char ***wrt, Loc **wrt_loc, int *nwrt,
			 const char ***out, Loc **out_loc, int *nout)
{
	int *seen = !strcmp(t->s, "wrt")   ? seen_wrt
		    : !strcmp(t->s, "out") ? seen_out
					   : NULL;
	if (!seen || t->kind != CXToken_Identifier)
		return -1;
	if (*seen) {
		pc_error(pc, "%s(...) given twice", t->s);
		return 0;
	}
	*seen = 1;
	if (seen == seen_wrt)
		return parse_names(pc, "wrt", wrt, wrt_loc, nwrt);
	return parse_names(pc, "out", out, out_loc, nout);
}

/* pragma := ck_tangent|ck_adjoint|ck_hvp clause*
 * clause := wrt names | out names | vector (ck_tangent, ck_hvp) */
static void parse_func_pragma(PC *pc, Pragma *pr, Mode mode)
{
	Request *r = ARENA_NEW(Request);
	int seen_wrt = 0, seen_out = 0;
	r->mode = mode;
	r->fn = -1;
	r->loc = pr->loc;
	while (pc->i < pc->end) {
		Tok *t = pc_peek(pc);
		if (t->kind == CXToken_Identifier && !strcmp(t->s, "vector") &&
		    mode != MODE_ADJOINT) {
			if (r->vector) {
				pc_error(pc, "'vector' given twice");
				return;
			}
			r->vector = 1;
			pc->i++;
			continue;
		}
		int ok = parse_wrt_out(pc, t, &seen_wrt, &seen_out, &r->wrt,
				       &r->wrt_loc, &r->nwrt, &r->out,
				       &r->out_loc, &r->nout);
		if (ok < 0) {
			if (t->kind == CXToken_Identifier &&
			    macro_find(pc->fe, t->s, pr->off + 1))
				pc_error(pc,
					 "unexpected '%s' in %s pragma; ckc "
					 "expands macros only in the arguments "
					 "of wrt(...) and out(...)",
					 t->s, pr->name);
			else
				pc_error(pc, "unexpected '%s' in %s pragma",
					 t->s, pr->name);
			return;
		}
		if (!ok)
			return;
	}
	if (!seen_wrt) {
		diag_error(pr->loc, "'%s' needs a wrt(...) clause", pr->name);
		return;
	}
	pr->req = r;
	pr->ok = 1;
}

/* pragma := ck_derivative identifier clause*
 * clause := wrt names | out names | tangent '(' identifier ')'
 *         | adjoint '(' identifier ')' | hvp '(' identifier ')' */
static void parse_deriv_pragma(PC *pc, Pragma *pr)
{
	static const char *const fns[UR__COUNT] = { "tangent", "adjoint",
						    "hvp" };
	UserRule *r = ARENA_NEW(UserRule);
	int seen_wrt = 0, seen_out = 0, k;
	Tok *t = pc_peek(pc);
	if (!t || t->kind != CXToken_Identifier) {
		pc_error(pc, "expected the name of a function after "
			     "'ck_derivative'");
		return;
	}
	r->name = t->s;
	r->loc = t->loc;
	pc->i++;
	while (pc->i < pc->end) {
		int ok;
		t = pc_peek(pc);
		for (k = 0; k < UR__COUNT; k++)
			if (!strcmp(t->s, fns[k]))
				break;
		if (t->kind == CXToken_Identifier && k < UR__COUNT) {
			if (r->fn[k]) {
				pc_error(pc, "%s(...) given twice", t->s);
				return;
			}
			pc->i++;
			if (!pc_expect(pc, "(", fns[k]))
				return;
			t = pc_peek(pc);
			if (!t || t->kind != CXToken_Identifier) {
				pc_error(pc, "expected a function name in "
					     "%s(...)",
					 fns[k]);
				return;
			}
			r->fn[k] = t->s;
			r->fn_loc[k] = t->loc;
			pc->i++;
			if (!pc_expect(pc, ")", r->fn[k]))
				return;
			continue;
		}
		ok = parse_wrt_out(pc, t, &seen_wrt, &seen_out, &r->wrt,
				   &r->wrt_loc, &r->nwrt, &r->out, &r->out_loc,
				   &r->nout);
		if (ok < 0) {
			pc_error(pc, "unexpected '%s' in ck_derivative pragma",
				 t->s);
			return;
		}
		if (!ok)
			return;
	}
	if (!seen_wrt) {
		diag_error(pr->loc, "'ck_derivative' needs a wrt(...) clause");
		return;
	}
	for (k = 0; k < UR_HVP; k++)
		if (!r->fn[k]) {
			diag_error(pr->loc,
				   "'ck_derivative' needs %s %s(...) clause "
				   "naming the user's %s function",
				   k == UR_ADJOINT ? "an" : "a", fns[k], fns[k]);
			return;
		}
	pr->rule = r;
	pr->is_deriv = 1;
	pr->ok = 1;
}

/* pragma := ck_inactive identifier (',' identifier)*
 * The names are checked against the translation unit's functions later
 * (check_inactive). */
static void parse_inactive_pragma(PC *pc, Pragma *pr)
{
	pr->is_inactive = 1;
	if (pc->i >= pc->end) {
		diag_error(pr->loc, "'#pragma ck_inactive' needs the names of "
				    "functions: #pragma ck_inactive f, g");
		return;
	}
	for (;;) {
		Tok *t = pc_peek(pc);
		if (!t || t->kind != CXToken_Identifier) {
			pc_error(pc, "expected a function name in "
				     "'#pragma ck_inactive'");
			return;
		}
		push_name(&pr->names, &pr->name_locs, &pr->nnames, t->s,
			  t->loc);
		pc->i++;
		if (pc->i >= pc->end)
			break;
		if (!pc_is(pc, ",")) {
			pc_error(pc, "expected ',' between the names of "
				     "'#pragma ck_inactive'");
			return;
		}
		pc->i++;
	}
	pr->ok = 1;
}

/* A save() bound, parsed from tokens; with build set (during conversion)
 * it also becomes an IR expression over the function's variables.
 *   bound   := term (('+' | '-') term)*
 *   term    := unary (('*' | '/' | '%') unary)*
 *   unary   := '-' unary | primary
 *   primary := identifier | integer | '(' bound ')' */
typedef struct BoundParser {
	PC pc;
	int build;
} BoundParser;

static int bound_expr(BoundParser *bp, Expr **out);

static int scope_find(FE *fe, const char *name)
{
	int i;
	for (i = fe->nscope - 1; i >= 0; i--)
		if (!strcmp(fe->f->vars[fe->scope[i]]->name, name)) {
			int v = fe->scope[i];
			/* a walked pointer parameter: its copy (walked_param) */
			for (int k = 0; fe->walked && k < fe->f->nparams; k++)
				if (fe->f->params[k] == v &&
				    fe->walked[k] >= 0)
					return fe->walked[k];
			return v;
		}
	return -1;
}

/* An integer literal: decimal, octal or hex, with u/l suffixes. */
static int parse_int_spelling(const char *s, long long *v)
{
	char *end;
	if (!isdigit((unsigned char)s[0]))
		return 0;
	errno = 0;
	*v = strtoll(s, &end, 0);
	while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
		end++;
	return *end == '\0' && errno == 0;
}

static int parse_int_tok(const Tok *t, long long *v)
{
	return t->kind == CXToken_Literal && parse_int_spelling(t->s, v);
}

static int bound_primary(BoundParser *bp, Expr **out)
{
	PC *pc = &bp->pc;
	Tok *t = pc_peek(pc);
	long long v;
	if (t && !strcmp(t->s, "(")) {
		pc->i++;
		return bound_expr(bp, out) && pc_expect(pc, ")", NULL);
	}
	if (t && t->kind == CXToken_Identifier) {
		pc->i++;
		if (bp->build) {
			FE *fe = pc->fe;
			int id = scope_find(fe, t->s), i;
			for (i = fe->nconsts - 1; id < 0 && i >= 0; i--)
				if (!strcmp(fe->consts[i].name, t->s)) {
					*out = expr_int(fe->consts[i].val,
							t->loc);
					return 1;
				}
			if (id < 0) {
				diag_error(t->loc,
					   "no variable named '%s' here",
					   t->s);
				return 0;
			}
			if (fe->f->vars[id]->type->kind != TY_INT) {
				diag_error(t->loc,
					   "'%s' in a save() bound is not an "
					   "integer variable",
					   t->s);
				return 0;
			}
			*out = expr_var(fe->f, id, t->loc);
			(*out)->type = fe->f->vars[id]->type;
		}
		return 1;
	}
	if (t && parse_int_tok(t, &v)) {
		pc->i++;
		if (bp->build)
			*out = expr_int(v, t->loc);
		return 1;
	}
	pc_error(pc, "expected an integer expression in save(...)");
	return 0;
}

static int bound_unary(BoundParser *bp, Expr **out)
{
	PC *pc = &bp->pc;
	if (pc_is(pc, "-")) {
		Loc loc = pc_loc(pc);
		pc->i++;
		if (!bound_unary(bp, out))
			return 0;
		if (bp->build) {
			Type *ty = (*out)->type;
			*out = expr_unary(U_NEG, *out, loc);
			(*out)->type = ty;
		}
		return 1;
	}
	return bound_primary(bp, out);
}

static int bound_binary(BoundParser *bp, Expr **out, int level)
{
	PC *pc = &bp->pc;
	if (!(level ? bound_unary(bp, out) : bound_binary(bp, out, 1)))
		return 0;
	for (;;) {
		BinOp op;
		Loc loc = pc_loc(pc);
		Expr *r = NULL;
		if (level == 1 && pc_is(pc, "*"))
			op = B_MUL;
		else if (level == 1 && pc_is(pc, "/"))
			op = B_DIV;
		else if (level == 1 && pc_is(pc, "%"))
			op = B_MOD;
		else if (level == 0 && pc_is(pc, "+"))
			op = B_ADD;
		else if (level == 0 && pc_is(pc, "-"))
			op = B_SUB;
		else
			return 1;
		pc->i++;
		if (!(level ? bound_unary(bp, &r) : bound_binary(bp, &r, 1)))
			return 0;
		if (bp->build)
			*out = expr_binary(op, *out, r, (*out)->type, loc);
	}
}

static int bound_expr(BoundParser *bp, Expr **out)
{
	return bound_binary(bp, out, 0);
}

/* Parses the bound in tokens [i, end) of toks completely. */
static int parse_bound(FE *fe, Tok *toks, int i, int end, int build,
		       Expr **out)
{
	BoundParser bp;
	bp.pc.fe = fe;
	bp.pc.toks = toks;
	bp.pc.i = i;
	bp.pc.end = end;
	bp.pc.clause = "save";
	bp.build = build;
	if (i >= end) {
		pc_error(&bp.pc,
			 "expected an integer expression in save(...)");
		return 0;
	}
	if (!bound_expr(&bp, out))
		return 0;
	if (bp.pc.i < end) {
		pc_error(&bp.pc, "unexpected '%s' in save(...)",
			 pc_peek(&bp.pc)->s);
		return 0;
	}
	return 1;
}

/* Scans forward over one bound and stops before stop (':' or ']') at
 * bracket depth 0. */
static int bound_span(PC *pc, const char *stop, int *first, int *end)
{
	int depth = 0;
	*first = pc->i;
	while (pc->i < pc->end) {
		const char *s = pc->toks[pc->i].s;
		if (depth == 0 && !strcmp(s, stop))
			break;
		if (!strcmp(s, "(") || !strcmp(s, "["))
			depth++;
		else if ((!strcmp(s, ")") || !strcmp(s, "]")) && --depth < 0)
			break;
		pc->i++;
	}
	*end = pc->i;
	if (!parse_bound(pc->fe, pc->toks, *first, *end, 0, NULL))
		return 0;
	return pc_expect(pc, stop, NULL);
}

/* save := '(' section (',' section)* ')'
 * section := identifier '[' bound ':' bound ']' */
static int parse_save(PC *pc, Pragma *pr)
{
	pc->i++;
	if (!pc_expect(pc, "(", "save"))
		return 0;
	for (;;) {
		Section sec;
		Tok *t = pc_peek(pc);
		if (!t || t->kind != CXToken_Identifier) {
			pc_error(pc, "expected a pointer name in save(...)");
			return 0;
		}
		sec.name = pc->i++;
		sec.member = -1;
		if (pc_is(pc, ".") && pc->i + 1 < pc->end &&
		    pc->toks[pc->i + 1].kind == CXToken_Identifier) {
			/* a local struct's member (make_ckpt) */
			sec.member = pc->i + 1;
			pc->i += 2;
		} else if (pc_is(pc, ".") || pc_is(pc, "->")) {
			const char *op = pc_peek(pc)->s;
			const char *m =
				pc->i + 1 < pc->end &&
						pc->toks[pc->i + 1].kind ==
							CXToken_Identifier
					? pc->toks[pc->i + 1].s
					: "member";
			pc_error(pc,
				 "save(...) names an array or pointer "
				 "variable, or a member of a local struct "
				 "(s.v[lo:len]), not a member of what '%s' "
				 "points to; point a local pointer at it "
				 "(double *p = %s%s%s;) and name that, or "
				 "copy the member into a local array",
				 t->s, t->s, op, m);
			return 0;
		}
		if (!pc_is(pc, "[")) {
			pc_error(pc, "expected '[' after '%s' in save(...)",
				 t->s);
			return 0;
		}
		pc->i++;
		if (!bound_span(pc, ":", &sec.lo, &sec.lo_end) ||
		    !bound_span(pc, "]", &sec.len, &sec.len_end))
			return 0;
		VEC_PUSH(pr->saves, pr->nsaves, sec);
		if (pc_is(pc, ",")) {
			pc->i++;
			continue;
		}
		return pc_expect(pc, ")", NULL);
	}
}

/* The largest constant a clause takes (budget() in bytes). */
#define CONST_MAX ((long long)1 << 40)

/* The value of an integer constant expression of a pragma (macros are
 * expanded already; enum constants are known):
 *   cexpr  := cterm (('+' | '-') cterm)*
 *   cterm  := cunary (('*' | '/' | '%') cunary)*
 *   cunary := ('-' | '+') cunary | '(' cexpr ')' | integer | enum constant */
static int const_expr(PC *pc, long long *v, int level)
{
	Tok *t = pc_peek(pc);
	long long r;
	int i;
	if (level == 3) {
		if (t && (!strcmp(t->s, "-") || !strcmp(t->s, "+"))) {
			pc->i++;
			if (!const_expr(pc, v, 3))
				return 0;
			if (t->s[0] == '-')
				*v = -*v;
			return 1;
		}
		if (t && !strcmp(t->s, "(")) {
			pc->i++;
			return const_expr(pc, v, 0) && pc_expect(pc, ")", NULL);
		}
		if (t && parse_int_tok(t, v)) {
			pc->i++;
			return 1;
		}
		for (i = pc->fe->nconsts - 1; t && i >= 0; i--)
			if (t->kind == CXToken_Identifier &&
			    !strcmp(pc->fe->consts[i].name, t->s)) {
				*v = pc->fe->consts[i].val;
				pc->i++;
				return 1;
			}
		if (t && t->kind == CXToken_Identifier)
			pc_error(pc,
				 "%s() takes a positive integer constant: "
				 "'%s' is not a macro or an enum constant",
				 pc->clause, t->s);
		else
			pc_error(pc,
				 "%s() takes a positive integer "
				 "constant (a literal, a macro or an enum "
				 "constant)",
				 pc->clause);
		return 0;
	}
	if (!const_expr(pc, v, level + 1))
		return 0;
	for (;;) {
		const char *op;
		t = pc_peek(pc);
		op = t ? t->s : "";
		if (!(level == 0   ? !strcmp(op, "<<") || !strcmp(op, ">>")
		      : level == 1 ? !strcmp(op, "+") || !strcmp(op, "-")
				   : !strcmp(op, "*") || !strcmp(op, "/") ||
					     !strcmp(op, "%")))
			return 1;
		pc->i++;
		if (!const_expr(pc, &r, level + 1))
			return 0;
		if (level == 0) {
			/* budget(64 << 20); saturating as below */
			if (r < 0 || r > 62) {
				diag_error(t->loc,
					   "shift by %lld in %s(); the count "
					   "must be 0 to 62",
					   r, pc->clause);
				return 0;
			}
			if (op[0] == '>')
				*v = *v >> r;
			else if (*v > (CONST_MAX >> r) ||
				 *v < -(CONST_MAX >> r))
				*v = *v < 0 ? -CONST_MAX * 4 : CONST_MAX * 4;
			else
				*v = *v * ((long long)1 << r);
			continue;
		}
		if ((op[0] == '/' || op[0] == '%') && r == 0) {
			diag_error(t->loc, "division by zero in %s()",
				   pc->clause);
			return 0;
		}
		/* values stay below 2^40 (a budget in bytes); beyond, they
		 * saturate far above anything accepted */
		if (r > CONST_MAX || r < -CONST_MAX || *v > CONST_MAX ||
		    *v < -CONST_MAX ||
		    (op[0] == '*' && r != 0 &&
		     (*v > CONST_MAX / (r < 0 ? -r : r) ||
		      *v < -CONST_MAX / (r < 0 ? -r : r))))
			*v = op[0] == '-' ? -CONST_MAX * 4 : CONST_MAX * 4;
		else
			*v = op[0] == '+'   ? *v + r
			     : op[0] == '-' ? *v - r
			     : op[0] == '*' ? *v * r
			     : op[0] == '/' ? *v / r
					    : *v % r;
	}
}

/* clause '(' cexpr ')' with a value in 1..max; 0 on an error. */
static long long ckpt_count(PC *pc, const char *clause, long long max)
{
	long long k;
	pc->i++;
	pc->clause = clause;
	if (!pc_expect(pc, "(", clause))
		return 0;
	Tok *t = pc_peek(pc);
	if (!const_expr(pc, &k, 0))
		return 0;
	if (k <= 0 || k > max) {
		if (k > max && max == CONST_MAX)
			diag_error(t->loc, "%s() takes at most 2^40 bytes",
				   clause);
		else if (k > max)
			diag_error(t->loc, "%s() takes at most %lld, not %lld",
				   clause, max, k);
		else
			diag_error(t->loc,
				   "%s() takes a positive integer, not %lld",
				   clause, k);
		macro_note(t);
		return 0;
	}
	if (!pc_expect(pc, ")", NULL))
		return 0;
	return k;
}

/* pragma := ck_checkpoint [binomial(K) | online(K)] [disk(D)]
 *           [budget(BYTES)] [save(...)] */
static void parse_ckpt_pragma(PC *pc, Pragma *pr)
{
	int seen_save = 0;
	while (pc->i < pc->end) {
		Tok *t = pc_peek(pc);
		int binomial = t->kind == CXToken_Identifier &&
			       !strcmp(t->s, "binomial");
		int online = t->kind == CXToken_Identifier &&
			     !strcmp(t->s, "online");
		int budget = t->kind == CXToken_Identifier &&
			     !strcmp(t->s, "budget");
		if (binomial || online || budget) {
			if ((binomial && pr->binomial) ||
			    (online && pr->online) || (budget && pr->budget)) {
				pc_error(pc, "%s(...) given twice", t->s);
				return;
			}
			if ((binomial && pr->online) ||
			    (online && pr->binomial)) {
				pc_error(
					pc,
					"binomial(K) and online(K) exclude "
					"each other: binomial for a loop "
					"whose trip count is known when it "
					"starts, online for one whose is not");
				return;
			}
			if ((budget && (pr->binomial || pr->online)) ||
			    (!budget && pr->budget)) {
				pc_error(pc,
					 "budget(BYTES) chooses the snapshot "
					 "count itself: give it without "
					 "binomial(K) or online(K)");
				return;
			}
			long long k = ckpt_count(pc, t->s,
						 budget ? CONST_MAX : INT_MAX);
			if (!k)
				return;
			if (binomial)
				pr->binomial = (int)k;
			else if (online)
				pr->online = (int)k;
			else
				pr->budget = k;
		} else if (t->kind == CXToken_Identifier &&
			   !strcmp(t->s, "disk")) {
			if (pr->disk) {
				pc_error(pc, "disk(...) given twice");
				return;
			}
			pr->disk_loc = t->loc;
			long long d = ckpt_count(pc, "disk", INT_MAX);
			if (!d)
				return;
			pr->disk = (int)d;
		} else if (t->kind == CXToken_Identifier &&
			   !strcmp(t->s, "save")) {
			if (seen_save) {
				pc_error(pc, "save(...) given twice");
				return;
			}
			seen_save = 1;
			if (!parse_save(pc, pr))
				return;
		} else {
			pc_error(pc, "unexpected '%s' in ck_checkpoint pragma",
				 t->s);
			return;
		}
	}
	if (pr->disk && !pr->binomial && !pr->online) {
		diag_error(pr->disk_loc,
			   "disk(D) goes with binomial(K) or "
			   "online(K): it keeps snapshots in files "
			   "beyond the K in memory");
		return;
	}
	pr->ok = 1;
}

/* ------------------------------------------------ macros in pragmas */

/* The macro in force at main-file offset at (just before it) for name,
 * or NULL: the last definition before at, unless an #undef of the main
 * file came after it.  (An #undef in a header is not seen.) */
static Macro *macro_find(FE *fe, const char *name, unsigned at)
{
	Macro *best = NULL;
	int i;
	for (i = 0; i < fe->nmacros; i++) {
		Macro *m = &fe->macros[i];
		if (m->off < at && (!best || m->off >= best->off) &&
		    !strcmp(m->name, name))
			best = m;
	}
	return best && !best->undef ? best : NULL;
}

/* The replacement tokens of object-like macro m. */
static Tok *macro_body(FE *fe, Macro *m, int *n)
{
	CXToken *ct;
	unsigned nt, i;
	Tok *r;
	clang_tokenize(fe->tu, clang_getCursorExtent(m->def), &ct, &nt);
	r = arena_alloc((nt + 1) * sizeof *r);
	*n = 0;
	for (i = 1; i < nt; i++) { /* token 0 is the macro's name */
		Tok *t = &r[*n];
		if (clang_getTokenKind(ct[i]) == CXToken_Comment)
			continue;
		t->kind = clang_getTokenKind(ct[i]);
		t->s = cxs(clang_getTokenSpelling(fe->tu, ct[i]));
		t->len = (unsigned)strlen(t->s);
		(*n)++;
	}
	clang_disposeTokens(fe->tu, ct, nt);
	return r;
}

/* Appends toks[0..n) to (*out, *nout) with the object-like macros among
 * them expanded as the preprocessor does (a macro is not expanded again
 * inside its own expansion: those in active[0..nactive)).  Tokens that
 * come from a macro get the location of its use, origin.  Returns 0
 * after an error. */
static int expand_toks(FE *fe, const Tok *toks, int n, unsigned at,
		       const Tok *origin, const char **active, int nactive,
		       Tok **out, int *nout)
{
	int i, k;
	for (i = 0; i < n; i++) {
		const Tok *t = &toks[i];
		Macro *m = NULL;
		int skip = t->kind != CXToken_Identifier;
		for (k = 0; k < nactive && !skip; k++)
			skip = !strcmp(active[k], t->s);
		if (!skip)
			m = macro_find(fe, t->s, at);
		if (m && clang_Cursor_isMacroFunctionLike(m->def) &&
		    (i + 1 >= n || strcmp(toks[i + 1].s, "(")))
			m = NULL; /* a function-like macro's bare name */
		if (!m) {
			Tok c = *t;
			if (origin) {
				c.loc = origin->loc;
				c.macro = origin->macro;
				c.mloc = origin->mloc;
			}
			VEC_PUSH(*out, *nout, c);
			continue;
		}
		if (clang_Cursor_isMacroFunctionLike(m->def)) {
			diag_error(origin ? origin->loc : t->loc,
				   "function-like macro '%s' is not expanded "
				   "in ckc pragmas; use an object-like macro "
				   "or write the value",
				   t->s);
			macro_note(origin);
			return 0;
		}
		if (nactive >= 64) {
			diag_error(origin ? origin->loc : t->loc,
				   "macros nested too deeply in a pragma");
			return 0;
		}
		{
			Tok o;
			int nb;
			Tok *body = macro_body(fe, m, &nb);
			if (origin)
				o = *origin;
			else {
				o = *t;
				o.macro = m->name;
				o.mloc = cur_loc(fe, m->def);
			}
			active[nactive] = m->name;
			if (!expand_toks(fe, body, nb, at, &o, active,
					 nactive + 1, out, nout))
				return 0;
		}
	}
	return 1;
}

/* The tokens of a pragma after its ck_ name, toks[0..n), with the macros
 * inside parentheses (the clauses' arguments) expanded; the clause names
 * themselves are not.  at: the main-file offset of the pragma.  NULL
 * after an error. */
static Tok *expand_pragma(FE *fe, const Tok *toks, int n, unsigned at,
			  int *nout)
{
	const char *active[64];
	Tok *out = NULL;
	int i, depth = 0;
	*nout = 0;
	for (i = 0; i < n; i++) {
		const Tok *t = &toks[i];
		if (!strcmp(t->s, ")") && depth > 0)
			depth--;
		if (depth > 0 && t->kind == CXToken_Identifier) {
			int k = i + 1;
			/* a function-like macro takes its arguments along */
			if (k < n && !strcmp(toks[k].s, "("))
				k++;
			if (!expand_toks(fe, t, k - i, at, NULL, active, 0,
					 &out, nout))
				return NULL;
			if (k > i + 1) {
				depth++;
				i++;
			}
			continue;
		}
		if (!strcmp(t->s, "("))
			depth++;
		VEC_PUSH(out, *nout, *t);
	}
	if (!out) /* no tokens: an array all the same */
		out = arena_alloc(sizeof *out);
	return out;
}

/* The first statement token after the directive ending before token j. */
static unsigned next_stmt_off(FE *fe, int j)
{
	for (; j < fe->ntoks; j++)
		if (!fe->toks[j].hidden)
			return fe->toks[j].off;
	return UINT_MAX;
}

/* Finds the `#pragma ck_...` directives of the file whose tokens are in
 * fe->toks, and the `#include <...>` lines and `#undef`s of the main
 * file.  at0: the main-file offset where a header's macros hold (0 for
 * the main file itself). */
static void scan_directives(FE *fe, int in_header, unsigned at0)
{
	int j;
	/* _Pragma("ck_...") is not read: say so rather than ignore it */
	for (j = 0; j + 2 < fe->ntoks; j++) {
		Tok *t = &fe->toks[j];
		if (!strcmp(t->s, "_Pragma") && !strcmp(fe->toks[j + 1].s, "(") &&
		    !strncmp(fe->toks[j + 2].s, "\"ck_", 4))
			diag_error(t->loc, "ckc reads its requests only as "
					   "#pragma lines, not through _Pragma; "
					   "write #pragma %.*s before the function",
				   (int)strcspn(fe->toks[j + 2].s + 1, "\""),
				   fe->toks[j + 2].s + 1);
	}
	for (j = 0; j < fe->ntoks; j++) {
		Tok *t = &fe->toks[j];
		int end;
		if (t->hidden != 1 || strcmp(t->s, "#") ||
		    !at_line_start(fe, t->off))
			continue;
		{
			unsigned dend = directive_end(fe, t->off);
			for (end = j + 1;
			     end < fe->ntoks && fe->toks[end].off < dend;
			     end++)
				;
		}
		if (end - j >= 3 && !strcmp(fe->toks[j + 1].s, "undef") &&
		    !in_header) {
			Macro m;
			memset(&m, 0, sizeof m);
			m.name = fe->toks[j + 2].s;
			m.undef = 1;
			m.off = t->off;
			VEC_PUSH(fe->macros, fe->nmacros, m);
		}
		if (end - j >= 3 && !strcmp(fe->toks[j + 1].s, "include") &&
		    !strcmp(fe->toks[j + 2].s, "<") && !in_header) {
			const char *a = fe->src + fe->toks[j + 2].off + 1;
			const char *b = a;
			while (b < fe->src + fe->srclen && *b != '>' &&
			       *b != '\n')
				b++;
			if (*b == '>') {
				char *name = arena_alloc((size_t)(b - a) + 1);
				memcpy(name, a, (size_t)(b - a));
				ARENA_PUSH(fe->p->sys_includes,
					   fe->p->nsys_includes, name);
			}
		}
		if (end - j >= 3 && !strcmp(fe->toks[j + 1].s, "include") &&
		    fe->toks[j + 2].s[0] == '"' && !in_header) {
			const char *q = fe->toks[j + 2].s;
			ARENA_PUSH(fe->p->user_includes, fe->p->nuser_includes,
				   arena_printf("%.*s", (int)strlen(q) - 2,
						q + 1));
		}
		if (end - j >= 3 && !strcmp(fe->toks[j + 1].s, "pragma") &&
		    !strcmp(fe->toks[j + 2].s, "omp") && !in_header) {
			/* read where it precedes a statement of a converted
			 * function (conv_stmt); elsewhere it is the C
			 * compiler's business */
			Pragma *pr = ARENA_NEW(Pragma);
			pr->is_omp = 1;
			pr->ok = 1;
			pr->name = "omp";
			pr->loc = fe->toks[j + 2].loc;
			pr->off = t->off;
			pr->next_off = next_stmt_off(fe, end);
			pr->file = fe->curfile;
			pr->toks = expand_pragma(fe, &fe->toks[j + 2],
						 end - (j + 2), t->off + 1,
						 &pr->ntoks);
			if (pr->toks)
				VEC_PUSH(fe->pragmas, fe->npragmas, pr);
		}
		if (end - j >= 3 && !strcmp(fe->toks[j + 1].s, "pragma") &&
		    !strncmp(fe->toks[j + 2].s, "ck_", 3)) {
			Pragma *pr = ARENA_NEW(Pragma);
			PC pc;
			const char *name = fe->toks[j + 2].s;
			pr->name = name;
			pr->loc = fe->toks[j + 2].loc;
			pr->off = t->off;
			pr->next_off = next_stmt_off(fe, end);
			pr->file = fe->curfile;
			pr->in_header = in_header;
			if (in_header)
				fe->p->header_pragmas = 1;
			/* the ck_ name is token 0: errors at the end go after
			 * it */
			pr->toks = expand_pragma(fe, &fe->toks[j + 2],
						 end - (j + 2),
						 in_header ? at0 + 1 : t->off + 1,
						 &pr->ntoks);
			pc.fe = fe;
			pc.toks = pr->toks;
			pc.i = 1;
			pc.end = pr->ntoks;
			pc.clause = "binomial";
			if (!pr->toks)
				; /* a macro error: reported */
			else if (in_header && !strcmp(name, "ck_checkpoint")) {
				diag_warning(pr->loc,
					     "'#pragma ck_checkpoint' in an "
					     "included file is ignored; put the "
					     "function in the main file to "
					     "checkpoint it");
				pr = NULL;
			} else if (!strcmp(name, "ck_tangent"))
				parse_func_pragma(&pc, pr, MODE_TANGENT);
			else if (!strcmp(name, "ck_adjoint"))
				parse_func_pragma(&pc, pr, MODE_ADJOINT);
			else if (!strcmp(name, "ck_hvp"))
				parse_func_pragma(&pc, pr, MODE_HVP);
			else if (!strcmp(name, "ck_derivative"))
				parse_deriv_pragma(&pc, pr);
			else if (!strcmp(name, "ck_inactive"))
				parse_inactive_pragma(&pc, pr);
			else if (!strcmp(name, "ck_checkpoint")) {
				pr->is_ckpt = 1;
				parse_ckpt_pragma(&pc, pr);
			} else {
				diag_error(pr->loc, "unknown ckc pragma '%s'",
					   name);
				pr = NULL;
			}
			if (pr)
				VEC_PUSH(fe->pragmas, fe->npragmas, pr);
		}
		j = end - 1;
	}
}

/* Attaches each function pragma to the function definition after it, and
 * each checkpoint pragma to the function whose body holds it. */
static void place_pragmas(FE *fe)
{
	int i, k;
	for (i = 0; i < fe->npragmas; i++) {
		Pragma *pr = fe->pragmas[i];
		TopDecl *inside = NULL, *next = NULL;
		for (k = 0; k < fe->ntops; k++) {
			TopDecl *td = &fe->tops[k];
			if (!clang_File_isEqual(td->file, pr->file))
				continue;
			if (td->start < pr->off && pr->off < td->end)
				inside = td;
			else if (td->start > pr->off && !next)
				next = td;
		}
		if (pr->is_omp) {
			if (inside && inside->fndef)
				pr->fn = inside->fndef;
			continue;
		}
		if (pr->is_ckpt) {
			if (inside && inside->fndef)
				pr->fn = inside->fndef;
			else if (pr->ok) {
				diag_error(pr->loc,
					   "'#pragma ck_checkpoint' must "
					   "be inside a function body");
				pr->ok = 0;
			}
			continue;
		}
		if (!pr->ok)
			continue;
		if (pr->is_deriv) {
			if (inside) {
				diag_error(pr->loc,
					   "'#pragma ck_derivative' must be at "
					   "file scope, not inside a function");
				pr->ok = 0;
			}
			continue;
		}
		if (pr->is_inactive) {
			if (inside && inside->fndef) {
				diag_error(pr->loc, "'#pragma ck_inactive' must "
						    "be at file scope");
				pr->ok = 0;
			}
			continue;
		}
		if (pr->in_header) {
			/* before the prototype (or definition) of a function:
			 * the request is for this input when it defines that
			 * function, else for another one */
			if (inside || !next || !next->fn) {
				diag_error(pr->loc,
					   "'#pragma %s' in a header must be "
					   "followed by a function declaration",
					   pr->name);
				pr->ok = 0;
			} else if (!def_is_user(next->fn))
				pr->ok = 0;
			else
				pr->req->fname = next->fn->name;
			continue;
		}
		if (inside || !next || !next->fndef) {
			diag_error(
				pr->loc,
				"'#pragma %s' must be followed by a function "
				"definition",
				pr->name);
			pr->ok = 0;
			continue;
		}
		pr->req->fname = next->fndef->name;
	}
}

/* ------------------------------------------------------------ requests */

/* The names of the ck_inactive pragmas: functions the translation unit
 * declares, without a derivative rule, and (when the file defines them)
 * with external linkage, since ckc's output calls the user's own
 * function.  They go to Program.inactive. */
static void check_inactive(FE *fe)
{
	for (int i = 0; i < fe->npragmas; i++) {
		Pragma *pr = fe->pragmas[i];
		if (!pr->is_inactive || !pr->ok)
			continue;
		for (int k = 0; k < pr->nnames; k++) {
			const char *name = pr->names[k];
			Loc at = pr->name_locs[k];
			Def *d = def_find(fe, name);
			int j, dup = 0;
			if (!d) {
				diag_error(at, "'%s' in '#pragma ck_inactive' is "
					       "not a function declared in this "
					       "file",
					   name);
				continue;
			}
			const UserRule *ur = userrules_find(name);
			if (ur) {
				diag_error(at, "'%s' has a ck_derivative and "
					       "cannot also be ck_inactive; keep "
					       "one of them",
					   name);
				diag_note(ur->loc, "its ck_derivative is here");
				continue;
			}
			if (rules_find(name)) {
				diag_error(at, "'%s' has a derivative rule and "
					       "cannot be ck_inactive; "
					       "ck_inactive is for functions "
					       "whose results are constants "
					       "(random draws, timers, "
					       "counters)",
					   name);
				continue;
			}
			if (def_is_user(d) &&
			    clang_Cursor_getStorageClass(d->def) ==
				    CX_SC_Static) {
				diag_error(at, "'%s' is static: ckc's output "
					       "calls ck_inactive functions "
					       "themselves, so '%s' needs "
					       "external linkage (remove "
					       "'static')",
					   name, name);
				diag_note(cur_loc(fe, d->def),
					  "'%s' is defined here", name);
				/* still listed: its body is not converted, so
				 * nothing more is said about it */
			}
			for (j = 0; j < fe->p->ninactive; j++)
				dup |= !strcmp(fe->p->inactive[j], name);
			if (dup)
				continue;
			push_name(&fe->p->inactive, &fe->p->inactive_loc,
				  &fe->p->ninactive, name, at);
		}
	}
}

static const char *mode_pragma(Mode m)
{
	return m == MODE_TANGENT   ? "ck_tangent"
	       : m == MODE_ADJOINT ? "ck_adjoint"
				   : "ck_hvp";
}

/* The parameter of d named name, or a null cursor. */
static CXCursor find_param(const Def *d, const char *name)
{
	int i, n = clang_Cursor_getNumArguments(d->def);
	for (i = 0; i < n; i++) {
		CXCursor a = clang_Cursor_getArgument(d->def, (unsigned)i);
		CXString s = clang_getCursorSpelling(a);
		int eq = !strcmp(clang_getCString(s), name);
		clang_disposeString(s);
		if (eq)
			return a;
	}
	return clang_getNullCursor();
}

static int check_dups(const char **names, const Loc *locs, int n,
		      const char *clause)
{
	int i, k, ok = 1;
	for (i = 0; i < n; i++)
		for (k = 0; k < i; k++)
			if (!strcmp(names[i], names[k])) {
				diag_error(locs[i],
					   "'%s' is named twice in %s(...)",
					   names[i], clause);
				ok = 0;
				break;
			}
	return ok;
}

/* Is t a struct, or a pointer to (an array of) structs, that holds
 * floating-point data? */
static int cx_struct_with_float(FE *fe, CXType t)
{
	Type *ty = conv_type(fe, t, noloc, TY_DECAY);
	while (type_is_pointerish(ty))
		ty = ty->base;
	return ty->kind == TY_STRUCT && struct_has_float(ty->st);
}

/* Checks a request against its function; returns the function's Def when
 * it has a definition to convert. */
static Def *check_request(FE *fe, Request *r, Request **earlier, int nearlier)
{
	Def *d = def_find(fe, r->fname);
	const char *ts;
	CXType ret;
	int i;

	if (!def_is_user(d)) {
		if (d)
			diag_error(r->loc,
				   "no definition of '%s' to differentiate",
				   r->fname);
		else
			diag_error(r->loc,
				   "no function named '%s' to "
				   "differentiate",
				   r->fname);
		return NULL;
	}
	for (i = 0; i < nearlier; i++)
		if (earlier[i]->mode == r->mode &&
		    earlier[i]->vector == r->vector &&
		    !strcmp(earlier[i]->fname, r->fname)) {
			diag_error(r->loc, "'%s' already has a %s%s request",
				   r->fname, mode_pragma(r->mode),
				   r->vector ? " ... vector" : "");
			if (earlier[i]->loc.file)
				diag_note(earlier[i]->loc,
					  "the first is here");
			return d;
		}
	check_dups(r->wrt, r->wrt_loc, r->nwrt, "wrt");
	check_dups(r->out, r->out_loc, r->nout, "out");
	for (i = 0; i < r->nwrt; i++) {
		CXCursor a = find_param(d, r->wrt[i]);
		CXType t;
		int c;
		if (clang_Cursor_isNull(a)) {
			diag_error(r->wrt_loc[i],
				   "'%s' is not a parameter of '%s'",
				   r->wrt[i], r->fname);
			continue;
		}
		t = clang_getCursorType(a);
		if (is_float_kind(t) ||
		    (is_pointerish(t) && is_float_kind(pointee_data(t, &c))) ||
		    is_ptr_rows(t))
			continue;
		if (cx_struct_with_float(fe, t))
			continue;
		ts = cxs(clang_getTypeSpelling(t));
		diag_error(
			r->wrt_loc[i],
			"wrt parameter '%s' has type '%s'; only "
			"floating-point scalars, pointers to floating-point "
			"data or to rows of it, and structs holding "
			"floating-point data can be active",
			r->wrt[i], ts);
	}
	for (i = 0; i < r->nout; i++) {
		CXCursor a = find_param(d, r->out[i]);
		CXType t;
		int c;
		if (clang_Cursor_isNull(a)) {
			diag_error(r->out_loc[i],
				   "'%s' is not a parameter of '%s'",
				   r->out[i], r->fname);
			continue;
		}
		t = clang_getCursorType(a);
		if (is_pointerish(t) && is_float_kind(pointee_data(t, &c)) &&
		    !c)
			continue;
		if (is_pointerish(t) && cx_struct_with_float(fe, t) &&
		    (pointee_data(t, &c), !c))
			continue;
		/* double **A: rows of non-const data */
		if (is_ptr_rows(t) &&
		    !clang_isConstQualifiedType(clang_getPointeeType(
			    clang_getCanonicalType(inner_type(
				    t, clang_getCanonicalType(t))))))
			continue;
		diag_error(r->out_loc[i],
			   "out parameter '%s' must be a pointer to non-const "
			   "floating-point data",
			   r->out[i]);
	}
	ret = clang_getResultType(clang_getCursorType(d->def));
	if (cx_struct_with_float(fe, ret) && !is_pointerish(ret)) {
		/* the result is an out() struct (sret_program, sret_public) */
		if (r->vector)
			diag_error(r->loc,
				   "vector mode does not take a struct result "
				   "('%s' returns one); return it through a "
				   "pointer parameter named in out(...)",
				   r->fname);
		return d;
	}
	if (r->nout == 0 && !is_float_kind(ret)) {
		ts = cxs(clang_getTypeSpelling(ret));
		diag_error(r->loc,
			   "'%s' returns '%s'; name its outputs with "
			   "out(...)",
			   r->fname, ts);
	}
	return d;
}

Request *request_parse_cli(Mode mode, const char *spec)
{
	const char *opt = mode == MODE_TANGENT   ? "--tangent"
			  : mode == MODE_ADJOINT ? "--adjoint"
						 : "--hvp";
	Request *r = ARENA_NEW(Request);
	const char *s = spec;
	int seen_wrt = 0, seen_out = 0;

	r->mode = mode;
	r->fn = -1;
	r->loc = noloc;
	if (!isalpha((unsigned char)*s) && *s != '_')
		goto bad;
	while (isalnum((unsigned char)*s) || *s == '_')
		s++;
	r->fname = arena_printf("%.*s", (int)(s - spec), spec);
	while (*s == ':') {
		const char ***names;
		Loc **locs;
		int *n;
		s++;
		if (!strncmp(s, "wrt=", 4) && !seen_wrt) {
			seen_wrt = 1;
			names = &r->wrt, locs = &r->wrt_loc, n = &r->nwrt;
		} else if (!strncmp(s, "out=", 4) && !seen_out) {
			seen_out = 1;
			names = &r->out, locs = &r->out_loc, n = &r->nout;
		} else if (!strncmp(s, "vector", 6) && !r->vector &&
			   mode != MODE_ADJOINT &&
			   (s[6] == '\0' || s[6] == ':')) {
			r->vector = 1;
			s += 6;
			continue;
		} else
			goto bad;
		s += 4;
		for (;;) {
			const char *b = s;
			if (!isalpha((unsigned char)*s) && *s != '_')
				goto bad;
			while (isalnum((unsigned char)*s) || *s == '_')
				s++;
			push_name(names, locs, n,
				  arena_printf("%.*s", (int)(s - b), b),
				  noloc);
			if (*s != ',')
				break;
			s++;
		}
	}
	if (*s == '\0' && seen_wrt)
		return r;
bad:
	diag_error(noloc,
		   "invalid %s argument '%s': expected "
		   "'function:wrt=a,b[:out=y]%s'",
		   opt, spec, mode == MODE_ADJOINT ? "" : "[:vector]");
	return NULL;
}

/* ---------------------------------------------------------- conversion */

/* Conversion reports each error message once per function; the
 * repeats are counted, and a note at the end of the function says how
 * many there were, so that the errors a user reads are the different
 * problems, not one problem many times. */
static void refuse(FE *fe, Loc loc, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	Seen sn;
	int i;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	for (i = 0; i < fe->nseen; i++)
		if (!strcmp(fe->seen[i].msg, buf)) {
			fe->seen[i].more++;
			return;
		}
	sn.msg = arena_strdup(buf);
	sn.first = loc;
	sn.more = 0;
	VEC_PUSH(fe->seen, fe->nseen, sn);
	diag_error(loc, "%s", buf);
}

/* The notes for the errors refuse() did not show, for function name (or
 * file-scope code when NULL). */
static void refuse_flush(FE *fe, const char *name)
{
	int i;
	for (i = 0; i < fe->nseen; i++)
		if (fe->seen[i].more > 0)
			diag_note(fe->seen[i].first,
				  "%d more error%s like this in %s%s%s not "
				  "shown",
				  fe->seen[i].more,
				  fe->seen[i].more > 1 ? "s" : "",
				  name ? "'" : "", name ? name : "file scope",
				  name ? "'" : "");
	fe->nseen = 0;
}

static Expr *conv_expr(FE *fe, CXCursor c);
static Stmt *conv_stmt(FE *fe, CXCursor c);
static Stmt *goto_loop(FE *fe, Stmt *s, int seq);
static int is_split_inc(FE *fe, CXCursor c);

/* The slot of fe->vslot for decl (hash h): its binding, or the empty
 * slot where it would go. */
static int *var_slot(FE *fe, CXCursor decl, unsigned h)
{
	unsigned m = (unsigned)fe->vcap - 1, i;
	for (i = (h * 2654435761u) & m; fe->vslot[i] >= 0; i = (i + 1) & m) {
		const VarKey *k = &fe->vars[fe->vslot[i]];
		if (k->hash == h && clang_equalCursors(k->cur, decl))
			break;
	}
	return &fe->vslot[i];
}

/* The var id of the last binding of decl, or -1.  A hash table, since a
 * function of many statements has many variables. */
static int var_lookup(FE *fe, CXCursor decl)
{
	if (!fe->vcap)
		return -1;
	int i = *var_slot(fe, decl, clang_hashCursor(decl));
	return i >= 0 ? fe->vars[i].id : -1;
}

static void var_bind(FE *fe, CXCursor decl, int id)
{
	VarKey k;
	k.cur = decl;
	k.hash = clang_hashCursor(decl);
	k.id = id;
	VEC_PUSH(fe->vars, fe->nvars, k);
	VEC_PUSH(fe->scope, fe->nscope, id);
	if (2 * fe->nvars > fe->vcap) {
		/* rebuilt twice as large, later bindings replacing earlier */
		int n = fe->nvars - 1, i;
		fe->vcap = fe->vcap ? 2 * fe->vcap : 64;
		fe->vslot = arena_alloc(sizeof(int) * (size_t)fe->vcap);
		for (i = 0; i < fe->vcap; i++)
			fe->vslot[i] = -1;
		for (i = 0; i < n; i++)
			*var_slot(fe, fe->vars[i].cur, fe->vars[i].hash) = i;
	}
	*var_slot(fe, decl, k.hash) = fe->nvars - 1;
}

/* Index of f in Program.funcs, converting it later (worklist). */
static int schedule(FE *fe, Def *d)
{
	CXCursor c = d->def;
	Loc loc;
	Func *f;
	if (d->idx >= 0)
		return d->idx;
	loc = cur_loc(fe, c);
	f = func_new(d->name,
		     conv_type(fe, clang_getResultType(clang_getCursorType(c)),
			       loc, TY_REPORT),
		     loc);
	f->is_static = clang_Cursor_getStorageClass(c) == CX_SC_Static;
	unsigned off;
	f->in_header =
		!d->spec_of && !main_off(fe, clang_getCursorLocation(c), &off);
	if (d->spec_of)
		f->src_name = d->spec_of->name;
	d->idx = fe->p->nfuncs;
	ARENA_PUSH(fe->p->funcs, fe->p->nfuncs, f);
	ARENA_PUSH(fe->conv, fe->nconv, d);
	return d->idx;
}

/* Records a function without a definition that is not from a system
 * header in Program.externs (once). */
static Func *add_extern(FE *fe, CXCursor decl)
{
	CXType ft = clang_getCursorType(decl);
	Loc loc = cur_loc(fe, decl);
	const char *name = cxs(clang_getCursorSpelling(decl));
	Func *f;
	int i, n;
	for (i = 0; i < fe->p->nexterns; i++)
		if (!strcmp(fe->p->externs[i]->name, name))
			return fe->p->externs[i];
	f = func_new(name, conv_type(fe, clang_getResultType(ft), loc, 0),
		     loc);
	f->is_variadic = clang_isFunctionTypeVariadic(ft) != 0;
	f->is_static = clang_Cursor_getStorageClass(decl) == CX_SC_Static;
	n = clang_Cursor_getNumArguments(decl);
	for (i = 0; i < n; i++) {
		CXCursor a = clang_Cursor_getArgument(decl, (unsigned)i);
		func_add_param(
			f, cxs(clang_getCursorSpelling(a)),
			conv_type(fe, clang_getCursorType(a), loc, TY_DECAY),
			cur_loc(fe, a));
	}
	if (n < 0) /* no cursors for the parameters: use the type */
		for (i = 0; i < clang_getNumArgTypes(ft); i++)
			func_add_param(
				f, "",
				conv_type(fe,
					  clang_getArgType(ft, (unsigned)i),
					  loc, TY_DECAY),
				loc);
	ARENA_PUSH(fe->p->externs, fe->p->nexterns, f);
	return f;
}

/* The ck_derivative pragmas: their functions' declarations (as externs,
 * which the output declares where it calls them), checked by
 * userrules.c.  Calls to a function with a rule stay external calls
 * (call_target), also when the file defines it. */
static void add_rules(FE *fe)
{
	int i, k;
	for (i = 0; i < fe->npragmas; i++) {
		Pragma *pr = fe->pragmas[i];
		UserRule *r = pr->rule;
		Def *d;
		if (!pr->is_deriv || !pr->ok)
			continue;
		d = def_find(fe, r->name);
		if (d) {
			CXCursor c = d->has_def ? d->def : d->decl;
			r->decl = add_extern(fe, c);
			r->defined_here = d->has_def;
			if (d->has_def && clang_Cursor_getStorageClass(c) ==
						  CX_SC_Static)
				diag_error(r->loc,
					   "'%s' is static: the derivative code "
					   "ckc writes cannot call it; give it "
					   "external linkage",
					   r->name);
		}
		for (k = 0; k < UR__COUNT; k++) {
			Def *u = r->fn[k] ? def_find(fe, r->fn[k]) : NULL;
			if (!u)
				continue;
			r->user[k] = add_extern(fe, u->decl);
			if (clang_Cursor_getStorageClass(u->decl) == CX_SC_Static)
				diag_error(r->fn_loc[k],
					   "'%s' is static: the derivative code "
					   "ckc writes cannot call it; give it "
					   "external linkage",
					   r->fn[k]);
		}
		userrules_add(r);
	}
	userrules_check();
}

static int old_style_params(CXCursor c);
static void refuse(FE *fe, Loc loc, const char *fmt, ...);

/* Same type, for the parameters of calls to a function without a
 * prototype. */
static int same_type(const Type *a, const Type *b)
{
	for (; a && b; a = a->base, b = b->base)
		if (a->kind != b->kind || a->len != b->len ||
		    (a->name && b->name && strcmp(a->name, b->name)) ||
		    !a->name != !b->name)
			return 0;
	return !a && !b;
}

/* A call to an external function declared without a prototype
 * (`double g();`): ckc's output declares it with the promoted argument
 * types of its calls (what a definition must take for the call to be
 * valid C), as C99 without warnings wants, and every call must agree. */
static void shape_noproto(FE *fe, CXCursor fdecl, CXCursor call, Loc loc)
{
	const char *name = cxs(clang_getCursorSpelling(fdecl));
	int i, k, n = clang_Cursor_getNumArguments(call);
	Func *f = NULL, *g;
	for (i = 0; i < fe->p->nexterns; i++)
		if (!strcmp(fe->p->externs[i]->name, name))
			f = fe->p->externs[i];
	if (!f || (!f->is_variadic && f->nparams == 0 && n == 0))
		return;
	g = func_new(name, f->ret, f->loc);
	for (k = 0; k < n; k++)
		func_add_param(
			g, "",
			conv_type(fe,
				  clang_getCursorType(clang_Cursor_getArgument(
					  call, (unsigned)k)),
				  loc, TY_DECAY),
			loc);
	if (f->is_variadic) { /* the first call shapes it */
		f->nparams = g->nparams;
		f->params = g->params;
		f->vars = g->vars;
		f->nvars = g->nvars;
		f->is_variadic = 0;
		return;
	}
	for (k = 0; k == 0 || k < n; k++)
		if (n != f->nparams ||
		    (n && !same_type(g->vars[k]->type,
				     f->vars[f->params[k]]->type))) {
			refuse(fe, loc,
				   "'%s' has no prototype and its calls pass "
				   "different arguments; declare it with a "
				   "prototype",
				   name);
			return;
		}
}

/* A call to a function of the file defined old-style: ckc's output
 * declares it with a prototype, so the call must pass as many arguments
 * as the definition takes.  (clang converts the arguments to the
 * definition's parameter types; parameters that the promotions change
 * are refused at the definition.) */
static void check_noproto_call(FE *fe, CXCursor def, CXCursor call,
			       const char *name, Loc loc)
{
	int n = clang_Cursor_getNumArguments(call);
	int np = clang_Cursor_getNumArguments(def);
	if (clang_getCursorType(def).kind != CXType_FunctionNoProto &&
	    !old_style_params(def))
		return;
	if (n != np)
		refuse(fe, loc,
		       "'%s' is defined without a prototype and takes %d "
		       "argument%s, not %d; correct the call",
		       name, np, np == 1 ? "" : "s", n);
}

/* The Program.funcs index of the function a call refers to, or -1. */
/* d's index in Program.funcs (scheduled for conversion), with the edge
 * of the call graph from the function being converted. */
static int call_edge(FE *fe, Def *d, Loc loc)
{
	int idx = schedule(fe, d);
	Edge e;
	e.from = fe->fidx;
	e.to = idx;
	e.loc = loc;
	if (fe->fidx >= 0)
		VEC_PUSH(fe->edges, fe->nedges, e);
	return idx;
}

static int call_target(FE *fe, CXCursor fdecl, Loc loc)
{
	const char *name = cxs(clang_getCursorSpelling(fdecl));
	Def *d = def_find(fe, name);
	if (userrules_find(name)) { /* the user's derivatives (userrules.c) */
		add_extern(fe, d && d->has_def ? d->def : fdecl);
		return -1;
	}
	if (def_is_user(d) &&
	    calls_kind_name(fe->p, name) == CALL_INACTIVE) {
		/* ckc does not differentiate into it: the output calls the
		 * user's function */
		add_extern(fe, d->def);
		return -1;
	}
	if (!def_is_user(d)) {
		CXCursor first = d ? d->decl : clang_getCanonicalCursor(fdecl);
		if (!in_system_header(first) && !in_system_header(fdecl) &&
		    strncmp(name, "__builtin_", 10) != 0)
			add_extern(fe, fdecl);
		return -1;
	}
	return call_edge(fe, d, loc);
}

/* The type of placeholders: an int that marks a refused expression. */
static Type bad_type = { TY_INT, 0, "int", NULL, 0, NULL, 0, 0, NULL, NULL };

/* A placeholder for an expression that was refused (conversion goes on to
 * find more errors; the program is discarded). */
static Expr *bad_expr(Loc loc)
{
	Expr *e = expr_int(0, loc);
	e->type = &bad_type;
	return e;
}

/* The result of an operator whose operand has the wrong type: after a
 * refused operand (a placeholder) nothing more is said. */
static Expr *refused(FE *fe, Loc loc, const Expr *operand)
{
	if (operand->type != &bad_type)
		refuse(fe, loc, "unsupported expression");
	return bad_expr(loc);
}

/* The value of a constant expression (literal, sizeof, ...) as E_NUM, or
 * NULL when clang cannot evaluate it. */
static Expr *eval_const(FE *fe, CXCursor c, Loc loc)
{
	CXEvalResult r = clang_Cursor_Evaluate(c);
	Type *ty = conv_type(fe, clang_getCursorType(c), loc, TY_REPORT);
	Expr *e = NULL;
	if (!r)
		return NULL;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		if (clang_EvalResult_isUnsignedInt(r)) {
			unsigned long long u =
				clang_EvalResult_getAsUnsigned(r);
			e = expr_int((long long)u, loc);
			e->u.num.val = (double)u;
		} else {
			long long v = clang_EvalResult_getAsLongLong(r);
			e = expr_int(v, loc);
			e->u.num.val = (double)v;
		}
		e->type = ty;
	} else if (clang_EvalResult_getKind(r) == CXEval_Float) {
		e = expr_num(clang_EvalResult_getAsDouble(r), ty, loc);
		e->type = ty;
	}
	clang_EvalResult_dispose(r);
	return e;
}

static Expr *sub_object(const Expr *lhs, int i, Loc loc);
static void flatten_designated(FE *fe, CXCursor list, Type *ty, Expr ***out,
			       int *n);
static int is_designated(CXCursor c);
static Expr *designated_target(FE *fe, Expr *lhs, CXCursor c, CXCursor *val,
			       int *top);

static void flatten_init(FE *fe, CXCursor list, Type *ty, Expr ***out, int *n);

/* Appends the members of the struct of type ty that initializer list
 * `list` gives to (*out, *n), flattened in order (arrays and structs in
 * them too, each with its braces), the members it leaves out zero:
 * { 1.0, 0.5, { 2, 3 } }, also by name, { .c = 0.5, .p = 2 } (a member
 * without a designator follows the one before it, as in C). */
static void flatten_struct(FE *fe, CXCursor list, Type *ty, Expr ***out,
			   int *n)
{
	Kids ks = expr_kids(list);
	const StructDef *sd = ty->st;
	Loc loc = cur_loc(fe, list);
	/* each member's flat values, or NULL: zeros */
	Expr ***vals =
		arena_alloc(sizeof(Expr **) * (size_t)(sd->nfields + 1));
	int *nvals = arena_alloc(sizeof(int) * (size_t)(sd->nfields + 1));
	int i = 0;
	for (int j = 0; j < ks.n; j++, i++) {
		CXCursor k = strip(ks.c[j]);
		Loc kl = cur_loc(fe, ks.c[j]);
		if (is_designated(k)) {
			Kids all = kids(k);
			i = -1;
			if (all.n == 2 &&
			    is_kind(all.c[0], CXCursor_MemberRef)) {
				const char *name =
					cxs(clang_getCursorSpelling(all.c[0]));
				for (int f = 0; f < sd->nfields && i < 0; f++)
					if (!strcmp(sd->fields[f].name, name))
						i = f;
			}
			if (i < 0) {
				refuse(fe, kl,
				       "this designated initializer is not "
				       "supported in a table of structs; "
				       "name one member (.m = v)");
				return;
			}
			k = strip(all.c[1]);
		} else if (is_kind(k, CXCursor_UnexposedExpr)) {
			refuse(fe, kl,
			       "this initializer is not supported in a table "
			       "of structs; list the members in order");
			return;
		}
		if (i >= sd->nfields) {
			refuse(fe, loc, "unsupported initializer list");
			return;
		}
		if (vals[i]) {
			refuse(fe, kl,
			       "this initializer sets a member or element "
			       "that an earlier one of the list set; ckc "
			       "supports each once");
			return;
		}
		Type *ft = sd->fields[i].type;
		Expr **v = NULL;
		int nv = 0;
		if (ft->kind == TY_STRUCT && is_kind(k, CXCursor_InitListExpr))
			flatten_struct(fe, k, ft, &v, &nv);
		else if (ft->kind == TY_ARRAY &&
			 is_kind(k, CXCursor_InitListExpr))
			flatten_init(fe, k, ft, &v, &nv);
		else if (ft->kind == TY_STRUCT || ft->kind == TY_ARRAY ||
			 is_kind(k, CXCursor_InitListExpr)) {
			refuse(fe, kl,
			       "give each array or struct member of an entry "
			       "of a table of structs its own braces");
			return;
		} else
			ARENA_PUSH(v, nv, conv_expr(fe, k));
		vals[i] = v;
		nvals[i] = nv;
	}
	for (i = 0; i < sd->nfields; i++) {
		long size = type_scalars(sd->fields[i].type);
		for (long k = 0; k < size; k++)
			ARENA_PUSH(*out, *n,
				   vals[i] && k < nvals[i] ? vals[i][k]
							   : expr_int(0, loc));
	}
}

/* Appends the elements of initializer list `list` for an object of type
 * ty to (*out, *n), flattened in row-major order: a nested list for a row
 * of a multi-dimensional array is padded with zeros to the row's size, so
 * the flat list means exactly what the braces meant. */
static void flatten_init(FE *fe, CXCursor list, Type *ty, Expr ***out, int *n)
{
	Kids ks = expr_kids(list);
	Type *elem = ty->kind == TY_ARRAY ? ty->base : ty;
	int i, nlists = 0;
	for (i = 0; i < ks.n; i++)
		if (is_designated(strip(ks.c[i]))) {
			flatten_designated(fe, list, ty, out, n);
			return;
		}
	for (i = 0; i < ks.n; i++)
		nlists += is_kind(strip(ks.c[i]), CXCursor_InitListExpr);
	for (i = 0; i < ks.n; i++) {
		CXCursor k = strip(ks.c[i]);
		Loc kl = cur_loc(fe, ks.c[i]);
		if (is_kind(k, CXCursor_UnexposedExpr)) {
			refuse(fe, kl, "designated initializers are not "
				       "supported; list the elements in order");
			return;
		}
		if (!is_kind(k, CXCursor_InitListExpr)) {
			if (nlists && elem->kind == TY_ARRAY) {
				refuse(fe, kl, "mixing braced and unbraced "
					       "rows in an "
					       "initializer is not supported");
				return;
			}
			ARENA_PUSH(*out, *n, conv_expr(fe, ks.c[i]));
			continue;
		}
		if (elem->kind != TY_ARRAY && elem->kind != TY_STRUCT) {
			refuse(fe, kl,
			       "nested initializer lists are supported "
			       "only for the rows of arrays and the "
			       "entries of tables of structs");
			return;
		}
		{
			int start = *n;
			long size = type_scalars(elem);
			if (elem->kind == TY_STRUCT)
				flatten_struct(fe, k, elem, out, n);
			else
				flatten_init(fe, k, elem, out, n);
			while (*n - start < size)
				ARENA_PUSH(*out, *n, expr_int(0, kl));
		}
	}
}

/* flatten_init of a list with designators ([k] = v, [i][j] = v) for an
 * array of a known length: each element or row at its place, the rest
 * zero.  After a designator that reaches into a row, the next initializer
 * must have its own designator. */
static void flatten_designated(FE *fe, CXCursor list, Type *ty, Expr ***out,
			       int *n)
{
	Kids ks = expr_kids(list);
	Loc loc = cur_loc(fe, list);
	if (ty->kind != TY_ARRAY || ty->len <= 0) {
		refuse(fe, loc,
		       "designated initializers are supported for "
		       "arrays of a known length and for structs");
		return;
	}
	long size = type_scalars(ty->base), total = ty->len * size;
	Expr **slot = arena_alloc(sizeof(Expr *) * (size_t)total);
	long pos = 0; /* the next element of ty, or -1 after [i][j] */
	for (int i = 0; i < ks.n; i++) {
		CXCursor k = strip(ks.c[i]), val = k;
		Loc kl = cur_loc(fe, ks.c[i]);
		const Type *t = ty;
		long off = pos * size;
		if (is_designated(k)) {
			Kids all = kids(k);
			off = 0;
			for (int j = 0; j + 1 < all.n && t; j++) {
				Expr *e =
					t->kind == TY_ARRAY
						? eval_const(fe, all.c[j], kl)
						: NULL;
				if (!e || !e->u.num.is_int ||
				    e->u.num.ival < 0 ||
				    e->u.num.ival >= t->len) {
					t = NULL;
					break;
				}
				if (j == 0)
					pos = (long)e->u.num.ival;
				off += (long)e->u.num.ival *
				       type_scalars(t->base);
				t = t->base;
			}
			if (!t) {
				refuse(fe, kl,
				       "unsupported designated initializer; "
				       "ckc takes constant indices in range, "
				       "[k] = v or [i][j] = v");
				return;
			}
			if (all.n > 2)
				pos = -1;
			else
				t = ty->base;
			val = strip(all.c[all.n - 1]);
		} else if (pos < 0 || pos >= ty->len) {
			refuse(fe, kl,
			       pos < 0 ? "give this initializer its "
					 "own designator: the one "
					 "before it reached into a row"
				       : "unsupported initializer list");
			return;
		} else {
			t = ty->base;
		}
		/* the value: a row in braces, or a scalar */
		Expr **vals = NULL;
		int nv = 0;
		long need = type_scalars(t);
		if (t->kind == TY_ARRAY) {
			if (!is_kind(val, CXCursor_InitListExpr)) {
				refuse(fe, kl,
				       "give each row of a designated "
				       "initializer its braces");
				return;
			}
			flatten_init(fe, val, (Type *)t, &vals, &nv);
		} else if (is_kind(val, CXCursor_InitListExpr) &&
			   t->kind == TY_STRUCT) {
			/* an entry of a table of structs, [1] = { 2.0, 2 } */
			flatten_struct(fe, val, (Type *)t, &vals, &nv);
			while (nv < need)
				ARENA_PUSH(vals, nv, expr_int(0, kl));
		} else if (is_kind(val, CXCursor_InitListExpr)) {
			refuse(fe, kl,
			       "nested initializer lists are supported "
			       "only for the rows of arrays and the "
			       "entries of tables of structs");
			return;
		} else {
			ARENA_PUSH(vals, nv, conv_expr(fe, val));
		}
		for (long j = 0; j < need; j++) {
			if (slot[off + j]) {
				refuse(fe, kl,
				       "this initializer sets an "
				       "element that an earlier one "
				       "of the list set; ckc supports "
				       "each once");
				return;
			}
			slot[off + j] = j < nv ? vals[j] : expr_int(0, kl);
		}
		if (pos >= 0)
			pos++;
	}
	for (long j = 0; j < total; j++)
		ARENA_PUSH(*out, *n, slot[j] ? slot[j] : expr_int(0, loc));
}

/* ---- static data of the file that nothing changes
 *
 * A static file-scope variable without const may still be data that
 * never changes: Cephes' coefficient tables (static double P[] = {...}
 * passed to polevl(x, P, N)), f2c's constants (static integer c__1 = 1,
 * passed as &c__1).  The generated file holds its own copy of such data,
 * as it does of const data.  The scan follows every use in the file:
 * reads, indexing and members; pointers into the data copied into local
 * pointers, or passed to parameters of the file's functions (whose uses
 * are followed in turn) or to pointer-to-const parameters of functions
 * that return no pointer.  A store into it, ++ or --, or a pointer into
 * it going anywhere else (a global, a struct, a return value, a cast to
 * a non-const pointer or to a number, a difference of pointers, another
 * function without a body in the file) counts as a change. */

/* What the expression met so far designates: the data (or part of it),
 * a pointer into it, or a pointer variable holding one. */
enum { UW_DATA, UW_PTR, UW_PVAR };
enum { UW_MAX_HANDLES = 64 };

static int binop_of(CXCursor c, int *assign);

typedef struct UwAnc {
	CXCursor c;
	const struct UwAnc *up;
} UwAnc;

typedef struct Unwritten {
	CXCursor h[UW_MAX_HANDLES]; /* the variable, then pointers into it */
	int nh;
	int bad;
	CXCursor at; /* the first use that may change it */
	int via;     /* at is a pointer into it */
} Unwritten;

static int uw_type_ok(CXType t);

/* (clang_Type_visitFields' result does not tell a break here) */
static enum CXVisitorResult uw_field(CXCursor c, CXClientData data)
{
	if (uw_type_ok(clang_getCursorType(c)))
		return CXVisit_Continue;
	*(int *)data = 1;
	return CXVisit_Break;
}

/* Numbers, arrays and structs of numbers: data with no pointer in it. */
static int uw_type_ok(CXType t)
{
	t = clang_getCanonicalType(t);
	while (t.kind == CXType_ConstantArray ||
	       t.kind == CXType_IncompleteArray)
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	if (t.kind == CXType_Record) {
		int ptr = 0;
		clang_Type_visitFields(t, uw_field, &ptr);
		return !ptr;
	}
	return t.kind >= CXType_Bool && t.kind <= CXType_LongDouble;
}

static int uw_ptr_to_const(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind == CXType_Pointer &&
	       clang_isConstQualifiedType(clang_getPointeeType(t));
}

/* Follows a pointer into the data into variable (or parameter) v. */
static int uw_follow(Unwritten *u, CXCursor v)
{
	v = clang_getCanonicalCursor(v);
	for (int i = 0; i < u->nh; i++)
		if (clang_equalCursors(u->h[i], v))
			return 1;
	if (u->nh == UW_MAX_HANDLES)
		return 0;
	u->h[u->nh++] = v;
	return 1;
}

/* Is this the use of a local pointer variable (not a global, not a
 * member)?  Returns its declaration or a null cursor. */
static CXCursor uw_local_ptr(CXCursor lhs)
{
	lhs = strip(lhs);
	CXCursor r = clang_getCursorReferenced(lhs);
	if (is_kind(lhs, CXCursor_DeclRefExpr) &&
	    (is_kind(r, CXCursor_VarDecl) || is_kind(r, CXCursor_ParmDecl)) &&
	    !clang_Cursor_hasVarDeclGlobalStorage(r) &&
	    clang_getCanonicalType(clang_getCursorType(r)).kind ==
		    CXType_Pointer)
		return r;
	return clang_getNullCursor();
}

/* A pointer argument: a parameter of one of the file's functions, whose
 * uses are followed, or a pointer to const data of a function defined
 * elsewhere. */
static int uw_call_arg(Unwritten *u, CXCursor call, CXCursor arg)
{
	int n = clang_Cursor_getNumArguments(call), i;
	for (i = 0; i < n; i++)
		if (clang_equalCursors(clang_Cursor_getArgument(call, i), arg))
			break;
	CXCursor fn = clang_getCursorReferenced(call);
	if (i == n || !is_kind(fn, CXCursor_FunctionDecl))
		return 0;
	CXCursor def = clang_getCursorDefinition(fn);
	if (!clang_Cursor_isNull(def) && i < clang_Cursor_getNumArguments(def))
		return uw_follow(u,
				 clang_Cursor_getArgument(def, (unsigned)i));
	/* (one that returns a pointer may return one into the data:
	 * memchr, strchr, bsearch) */
	CXType ft = clang_getCursorType(fn);
	return clang_Cursor_isNull(def) && i < clang_getNumArgTypes(ft) &&
	       uw_ptr_to_const(clang_getArgType(ft, (unsigned)i)) &&
	       clang_getCanonicalType(clang_getResultType(ft)).kind !=
		       CXType_Pointer;
}

/* Does this use of a handle (ref, under ancestors up) leave the data as
 * it is?  st: what ref designates. */
static int uw_use_ok(Unwritten *u, CXCursor ref, const UwAnc *up, int st)
{
	CXCursor cur = ref;
	for (; up; cur = up->c, up = up->up) {
		CXCursor p = up->c;
		enum CXCursorKind k = clang_getCursorKind(p);
		CXType ct = clang_getCanonicalType(clang_getCursorType(cur));
		int assign = 0, first = 0;
		if (st == UW_DATA &&
		    (ct.kind == CXType_ConstantArray ||
		     ct.kind == CXType_IncompleteArray) &&
		    !(is_kind(p, CXCursor_UnaryOperator) &&
		      clang_getCursorUnaryOperatorKind(p) ==
			      CXUnaryOperator_AddrOf))
			st = UW_PTR; /* an array stands for its start */
		if (clang_isExpression(k)) {
			Kids ks = expr_kids(p);
			first = ks.n > 0 && clang_equalCursors(ks.c[0], cur);
		}
		switch (k) {
		case CXCursor_ParenExpr:
			continue;
		case CXCursor_UnexposedExpr: /* an implicit conversion */
			if (st == UW_DATA)
				return 1; /* its value read */
			if (st == UW_PVAR)
				st = UW_PTR;
			if (clang_getCanonicalType(clang_getCursorType(p))
				    .kind != CXType_Pointer)
				return 1; /* a pointer tested */
			continue;
		case CXCursor_CStyleCastExpr: {
			CXType t =
				clang_getCanonicalType(clang_getCursorType(p));
			if (st == UW_DATA || t.kind == CXType_Void)
				return 1; /* a value, or none */
			if (t.kind != CXType_Pointer)
				return 0; /* an address as a number */
			if (!uw_ptr_to_const(t))
				return 0;
			st = UW_PTR;
			continue;
		}
		case CXCursor_ArraySubscriptExpr:
			if (!first)
				return st == UW_DATA; /* an index */
			if (st != UW_PTR)
				return 0;
			st = UW_DATA;
			continue;
		case CXCursor_MemberRefExpr:
			if (st == UW_PVAR)
				return 0;
			st = UW_DATA;
			continue;
		case CXCursor_UnaryOperator:
			switch (clang_getCursorUnaryOperatorKind(p)) {
			case CXUnaryOperator_Deref:
				if (st != UW_PTR)
					return 0;
				st = UW_DATA;
				continue;
			case CXUnaryOperator_AddrOf:
				if (st != UW_DATA)
					return 0;
				st = UW_PTR;
				continue;
			case CXUnaryOperator_PostInc:
			case CXUnaryOperator_PostDec:
			case CXUnaryOperator_PreInc:
			case CXUnaryOperator_PreDec:
				if (st != UW_PVAR)
					return 0; /* a change */
				st = UW_PTR;      /* the pointer moves */
				continue;
			case CXUnaryOperator_Extension:
				continue;
			default:
				return st != UW_PVAR;
			}
		case CXCursor_BinaryOperator:
		case CXCursor_CompoundAssignOperator: {
			enum CXBinaryOperatorKind bk =
				clang_getCursorBinaryOperatorKind(p);
			if (k == CXCursor_CompoundAssignOperator)
				assign = 1;
			else
				binop_of(p, &assign);
			if (bk == CXBinaryOperator_Assign)
				assign = 1;
			if (assign && first)
				return st ==
				       UW_PVAR; /* a store into the data */
			if (bk == CXBinaryOperator_Comma) {
				if (first)
					return 1;
				continue;
			}
			if (st == UW_DATA)
				return 1; /* its value read */
			if (assign) {
				/* p = ptr: follow p, a local pointer */
				if (bk != CXBinaryOperator_Assign)
					return 0;
				CXCursor v = uw_local_ptr(expr_kids(p).c[0]);
				return !clang_Cursor_isNull(v) &&
				       uw_follow(u, v);
			}
			if (bk == CXBinaryOperator_Add ||
			    bk == CXBinaryOperator_Sub) {
				/* (a difference of pointers is an address as
				 * a number, which may come back: Z + (P - Z)) */
				if (clang_getCanonicalType(
					    clang_getCursorType(p))
					    .kind != CXType_Pointer)
					return 0;
				st = UW_PTR;
				continue;
			}
			return 1; /* compared */
		}
		case CXCursor_ConditionalOperator:
			if (first)
				return 1; /* the condition */
			continue;
		case CXCursor_CallExpr:
			if (st == UW_DATA)
				return 1; /* passed by value */
			return uw_call_arg(u, p, cur);
		case CXCursor_VarDecl:
			if (st == UW_DATA)
				return 1;
			return clang_getCanonicalType(clang_getCursorType(p))
					       .kind == CXType_Pointer &&
			       !clang_Cursor_hasVarDeclGlobalStorage(p) &&
			       uw_follow(u, p);
		case CXCursor_UnaryExpr: /* sizeof */
			return 1;
		default:
			/* a statement testing or dropping the value, return,
			 * an initializer list: a pointer stops being followed */
			if (clang_isStatement(k) &&
			    !is_kind(p, CXCursor_ReturnStmt))
				return 1;
			return st == UW_DATA;
		}
	}
	return 1;
}

typedef struct UwScan {
	Unwritten *u;
	CXCursor var;
	int st;
	const UwAnc *up;
} UwScan;

static enum CXChildVisitResult uw_visit(CXCursor c, CXCursor parent,
					CXClientData data)
{
	UwScan *s = data;
	(void)parent;
	if (is_kind(c, CXCursor_DeclRefExpr)) {
		CXCursor r =
			clang_getCanonicalCursor(clang_getCursorReferenced(c));
		if (clang_equalCursors(r, s->var) &&
		    !uw_use_ok(s->u, c, s->up, s->st)) {
			s->u->bad = 1;
			s->u->at = c;
			s->u->via = s->st == UW_PVAR;
		}
		return s->u->bad ? CXChildVisit_Break : CXChildVisit_Continue;
	}
	UwAnc a = { c, s->up };
	UwScan k = { s->u, s->var, s->st, &a };
	clang_visitChildren(c, uw_visit, &k);
	return s->u->bad ? CXChildVisit_Break : CXChildVisit_Continue;
}

static enum CXChildVisitResult uw_top(CXCursor c, CXCursor parent,
				      CXClientData data)
{
	(void)parent;
	if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	return uw_visit(c, parent, data);
}

/* Does nothing in the file change static variable def (see above)?
 * Else *at is the first use that may (no file for data with pointers
 * in it), and *via the pointer into it used there, if not itself. */
static int static_unwritten(FE *fe, CXCursor def, Loc *at, const char **via)
{
	memset(at, 0, sizeof *at);
	if (!uw_type_ok(clang_getCursorType(def)))
		return 0;
	Unwritten *u = arena_alloc(sizeof *u);
	u->nh = 0;
	u->bad = 0;
	uw_follow(u, def);
	for (int i = 0; i < u->nh && !u->bad; i++) {
		UwScan s = { u, u->h[i], i ? UW_PVAR : UW_DATA, NULL };
		clang_visitChildren(clang_getTranslationUnitCursor(fe->tu),
				    uw_top, &s);
	}
	if (u->bad) {
		*at = cur_loc(fe, u->at);
		*via = u->via ? cxs(clang_getCursorSpelling(u->at)) : NULL;
	}
	return !u->bad;
}

/* A file-scope variable: its index in Program.globals (added once). */
static int global_index(FE *fe, CXCursor decl, Loc use)
{
	const char *name = cxs(clang_getCursorSpelling(decl));
	CXCursor def = clang_getCursorDefinition(decl);
	Global *g;
	int i;
	for (i = 0; i < fe->p->nglobals; i++)
		if (!strcmp(fe->p->globals[i]->name, name))
			return i;
	if (clang_Cursor_isNull(def))
		def = decl;
	g = ARENA_NEW(Global);
	g->name = name;
	g->loc = cur_loc(fe, def);
	g->is_static = clang_Cursor_getStorageClass(def) == CX_SC_Static;
	unsigned off;
	g->in_header = !main_off(fe, clang_getCursorLocation(def), &off);
	ARENA_PUSH(fe->p->globals, fe->p->nglobals, g);
	g->type = conv_type(fe, clang_getCursorType(def), use, TY_REPORT);
	g->unwritten =
		g->is_static && !type_is_readonly(g->type) &&
		static_unwritten(fe, def, &g->changed_at, &g->changed_via);
	/* a static global the generated code uses is copied into it, which
	 * is right only for data that never changes: normalize.c reports
	 * the others that converted code still uses after it has made the
	 * scratch ones locals */
	/* The emitted code needs the initializer of a static global only:
	 * others are declared extern. */
	if (g->is_static) {
		CXCursor init = clang_Cursor_getVarDeclInitializer(def);
		Func *saved = fe->f;
		int savedidx = fe->fidx;
		fe->f = NULL;
		fe->fidx = -1;
		if (!clang_Cursor_isNull(init)) {
			CXCursor s = strip(init);
			if (is_kind(s, CXCursor_InitListExpr) &&
			    g->type->kind == TY_ARRAY)
				flatten_init(fe, s, g->type, &g->inits,
					     &g->ninits);
			else if (is_kind(s, CXCursor_InitListExpr) &&
				 g->type->kind == TY_STRUCT &&
				 g->type->st->complete)
				flatten_struct(fe, s, g->type, &g->inits,
					       &g->ninits);
			else if (is_kind(s, CXCursor_InitListExpr) &&
				 expr_kids(s).n == 1)
				g->init = conv_expr(fe, expr_kids(s).c[0]);
			else
				g->init = conv_expr(fe, init);
		}
		fe->f = saved;
		fe->fidx = savedidx;
	}
	return fe->p->nglobals - 1;
}

/* A use of a variable whose type ckc cannot hold. */
static void unheld_error(FE *fe, int id, Loc loc)
{
	const Var *v = fe->f->vars[id];
	const Type *t = v->type;
	while (t->base)
		t = t->base;
	refuse(fe, loc,
		   "'%s' has type '%s', which ckc does not differentiate "
		   "through; use double (a parameter or local of this type "
		   "is accepted only when nothing uses it)",
		   v->name, t->name);
}

static const char msg_ptr_rows[] =
	"'%s', a pointer to row pointers, may only be indexed or passed "
	"whole to a function";
static const char msg_rows[] =
	"'%s', whose rows have a length known at run time, may only be "
	"indexed down to a row of scalars or passed whole to a function";

/* The index in fe->rows of the first dimension of the rows of parameter
 * id (see row_param), or -1 for any other variable; *n gets the number of
 * dimensions. */
static int row_dims(const FE *fe, int id, int *n)
{
	int i, k;
	for (i = 0; i < fe->nrows && fe->rows[i].id != id; i++)
		;
	if (i == fe->nrows)
		return -1;
	for (k = i; k < fe->nrows && fe->rows[k].id == id; k++)
		;
	if (n)
		*n = k - i;
	return i;
}

static int row_len(const FE *fe, int id)
{
	return row_dims(fe, id, NULL);
}

/* A copy of the length of dimension fe->rows[r], for an index. */
static Expr *row_cols(FE *fe, int r)
{
	RowParam *rp = &fe->rows[r];
	Expr *e = expr_clone(rp->len);
	VEC_PUSH(rp->uses, rp->nuses, e);
	return e;
}

/* The parameter with rows of run-time length that c (a reference) names,
 * or -1. */
static int row_ref(FE *fe, CXCursor c)
{
	c = strip(c);
	if (!fe->nrows || !is_kind(c, CXCursor_DeclRefExpr))
		return -1;
	int id = var_lookup(fe, clang_getCursorReferenced(c));
	return id >= 0 && row_len(fe, id) >= 0 ? id : -1;
}

/* The parameter declared as a pointer to row pointers that c (a
 * reference) names, or -1. */
static int prow_ref(FE *fe, CXCursor c)
{
	c = strip(c);
	if (!fe->f || !is_kind(c, CXCursor_DeclRefExpr))
		return -1;
	int id = var_lookup(fe, clang_getCursorReferenced(c));
	return id >= 0 && type_ptr_rows(fe->f->vars[id]->type) ? id : -1;
}

/* c, a subscript A[i]...[l] of a parameter A declared as rows of a
 * length known at run time, through its flat view: a scalar A[i][j][l]
 * is A[(i * m + j) * k + l], a row of scalars A[i][j] is
 * A + (i * m + j) * k (for rows [m][k]).  NULL when c is no such
 * subscript. */
static Expr *row_index(FE *fe, CXCursor c, Loc loc)
{
	CXCursor subs[16], cur = c;
	int s = 0, nd = 0, i;
	while (is_kind(cur, CXCursor_ArraySubscriptExpr) &&
	       expr_kids(cur).n == 2 && s < 16) {
		subs[s++] = expr_kids(cur).c[1];
		cur = strip(expr_kids(cur).c[0]);
	}
	int id = row_ref(fe, cur);
	if (id < 0)
		return NULL;
	int d = row_dims(fe, id, &nd);
	if (s < nd) {
		refuse(fe, loc, msg_rows, fe->f->vars[id]->name);
		return bad_expr(loc);
	}
	fe->rows_ok = 1;
	Expr *base = conv_expr(fe, cur);
	/* subs holds the subscripts innermost first */
	Expr *off = conv_expr(fe, subs[s - 1]);
	for (i = 1; i < nd; i++)
		off = expr_binary(
			B_ADD,
			expr_binary(B_MUL, off, row_cols(fe, d + i - 1),
				    type_long(), loc),
			conv_expr(fe, subs[s - 1 - i]), type_long(), loc);
	if (s == nd) /* a row */
		return expr_binary(B_ADD, base,
				   expr_binary(B_MUL, off,
					       row_cols(fe, d + nd - 1),
					       type_long(), loc),
				   base->type, loc);
	off = expr_binary(B_ADD,
			  expr_binary(B_MUL, off, row_cols(fe, d + nd - 1),
				      type_long(), loc),
			  conv_expr(fe, subs[0]), type_long(), loc);
	Expr *e = expr_index(base, off, loc);
	e->type = conv_type(fe, clang_getCursorType(c), loc, 0);
	return e;
}

static CXCursor fn_var_bound(FE *fe, CXCursor v);
static int fn_var_refused(CXCursor c);

static Expr *conv_declref(FE *fe, CXCursor c, Loc loc)
{
	CXCursor r = clang_getCursorReferenced(c);
	enum CXCursorKind k = clang_getCursorKind(r);
	Expr *e;
	if (k == CXCursor_VarDecl || k == CXCursor_ParmDecl) {
		int id = fe->f ? var_lookup(fe, r) : -1, i;
		for (i = 0; id >= 0 && i < fe->nunheld; i++)
			if (fe->unheld[i] >> 1 == id) {
				if (!(fe->unheld[i] & 1))
					unheld_error(fe, id, loc);
				fe->unheld[i] |= 1;
				return bad_expr(loc);
			}
		if (id >= 0 && !fe->rows_ok &&
		    (row_len(fe, id) >= 0 ||
		     type_ptr_rows(fe->f->vars[id]->type))) {
			refuse(fe, loc,
			       row_len(fe, id) >= 0 ? msg_rows : msg_ptr_rows,
			       fe->f->vars[id]->name);
			return bad_expr(loc);
		}
		fe->rows_ok = 0;
		if (id >= 0) {
			e = expr_var(fe->f, id, loc);
			e->type = fe->f->vars[id]->type;
			return e;
		}
		if (id < 0 && fn_var_refused(c)) {
			/* (a refused one was reported at its declaration) */
			if (clang_Cursor_isNull(fn_var_bound(fe, r)))
				return bad_expr(loc);
			refuse(fe, loc,
			       "the function-pointer variable '%s' may only "
			       "be "
			       "called or passed to a function-pointer "
			       "parameter; ckc replaces it by the function it "
			       "names",
			       cxs(clang_getCursorSpelling(r)));
			return bad_expr(loc);
		}
		if (k == CXCursor_VarDecl &&
		    clang_Cursor_hasVarDeclGlobalStorage(r)) {
			int g = global_index(fe, r, loc);
			e = expr_new(E_GLOBAL, fe->p->globals[g]->type, loc);
			e->u.global = g;
			return e;
		}
	} else if (k == CXCursor_EnumConstantDecl) {
		e = expr_int(clang_getEnumConstantDeclValue(r), loc);
		e->u.num.val = (double)e->u.num.ival;
		e->type = conv_type(fe, clang_getCursorType(c), loc, 0);
		return e;
	} else if (k == CXCursor_FunctionDecl) {
		refuse(fe, loc,
		       "a function is supported as a value only as the "
		       "argument of a function-pointer parameter of a "
		       "function of the file, or as what a local "
		       "function-pointer variable that is only called is "
		       "set to; call it by name");
		return bad_expr(loc);
	}
	refuse(fe, loc, "unsupported reference to '%s'",
		   cxs(clang_getCursorSpelling(c)));
	return bad_expr(loc);
}

/* A string literal (an argument of stdio output or of a ck_inactive
 * function) as its tokens: "a" "b" stays two literals. */
static Expr *conv_string(FE *fe, CXCursor c, Loc loc)
{
	CXToken *toks;
	unsigned n, k;
	size_t len = 1;
	char *buf;
	Type *ct = type_new(TY_INT);
	Expr *e;
	clang_tokenize(fe->tu, clang_getCursorExtent(c), &toks, &n);
	for (k = 0; k < n; k++) {
		const char *sp = cxs(clang_getTokenSpelling(fe->tu, toks[k]));
		if (clang_getTokenKind(toks[k]) != CXToken_Literal ||
		    !strchr(sp, '"')) {
			clang_disposeTokens(fe->tu, toks, n);
			refuse(fe, loc, "a string argument made by a macro is "
					"not supported; write the string "
					"literal");
			return bad_expr(loc);
		}
		len += strlen(sp) + 1;
	}
	buf = arena_alloc(len);
	for (k = 0; k < n; k++) {
		if (k)
			strcat(buf, " ");
		strcat(buf, cxs(clang_getTokenSpelling(fe->tu, toks[k])));
	}
	clang_disposeTokens(fe->tu, toks, n);
	if (!n) {
		refuse(fe, loc, "unsupported string literal");
		return bad_expr(loc);
	}
	ct->name = "char";
	ct->is_const = 1;
	e = expr_new(E_STR, type_ptr(ct), loc);
	e->u.str = buf;
	return e;
}

/* math.h's classification macros (isfinite(x), signbit(x), isless(a,
 * b), ...) expand to builtins: the call is written as the macro again,
 * which the generated file's math.h expands as the input's did. */
static const char *fp_class_name(const char *name)
{
	static const char *const map[][2] = {
		{ "__builtin_isfinite", "isfinite" },
		{ "__builtin_isnan", "isnan" },
		{ "__builtin_isinf_sign", "isinf" },
		{ "__builtin_isinf", "isinf" },
		{ "__builtin_isnormal", "isnormal" },
		{ "__builtin_signbit", "signbit" },
		{ "__builtin_signbitf", "signbit" },
		{ "__builtin_signbitl", "signbit" },
		{ "__builtin_isgreater", "isgreater" },
		{ "__builtin_isgreaterequal", "isgreaterequal" },
		{ "__builtin_isless", "isless" },
		{ "__builtin_islessequal", "islessequal" },
		{ "__builtin_islessgreater", "islessgreater" },
		{ "__builtin_isunordered", "isunordered" },
	};
	for (size_t i = 0; i < sizeof map / sizeof *map; i++)
		if (!strcmp(name, map[i][0]))
			return map[i][1];
	return name;
}

/* ------------------------------------------ function-pointer parameters
 *
 * A function of the file with parameters of function-pointer type is
 * converted once per combination of functions its calls pass them (each
 * by name, or a bound parameter of the caller passed on): a copy named
 * after both (rk4_lorenz) without those parameters, whose calls through
 * them call the bound functions by name.  Each copy is then an ordinary
 * function, differentiated as any other. */

static int fn_ptr_type(CXType t)
{
	t = clang_getCanonicalType(t);
	if (t.kind != CXType_Pointer)
		return 0;
	CXType f = clang_getCanonicalType(clang_getPointeeType(t));
	return f.kind == CXType_FunctionProto ||
	       f.kind == CXType_FunctionNoProto;
}

static CXCursor fn_bound(FE *fe, CXCursor c);
static int is_incdec(CXCursor c);
static int binop_of(CXCursor c, int *assign);

/* Local function-pointer variables: act_fn act = relu; ... act(t).  One
 * that its declaration sets to a function (by name, or to what fn_bound
 * knows: a bound parameter, another such variable) and that nothing
 * changes after (no assignment to it, no &act) names that function:
 * calls through it call the function by name, it may be passed on to a
 * function-pointer parameter, and its declaration is dropped. */
/* Does a statement write variable var (an assignment to it, x++), or,
 * with addr, take its address? */
typedef struct VarWrite {
	CXCursor var;
	int addr;
	int found;
} VarWrite;

static enum CXChildVisitResult var_write_visit(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	VarWrite *pw = data;
	CXCursor target = clang_getNullCursor();
	int assign = 0;
	(void)parent;
	switch (clang_getCursorKind(c)) {
	case CXCursor_UnaryOperator:
		assign = is_incdec(c) ||
			 (pw->addr && clang_getCursorUnaryOperatorKind(c) ==
					      CXUnaryOperator_AddrOf);
		break;
	case CXCursor_CompoundAssignOperator:
		assign = 1;
		break;
	case CXCursor_BinaryOperator:
		binop_of(c, &assign);
		break;
	default:
		break;
	}
	if (assign) {
		Kids ks = expr_kids(c);
		if (ks.n >= 1)
			target = strip(ks.c[0]);
	}
	if (is_kind(target, CXCursor_DeclRefExpr) &&
	    clang_equalCursors(clang_getCursorReferenced(target), pw->var)) {
		pw->found = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Does a statement take the address of VarWrite.var? */
static enum CXChildVisitResult addr_taken_visit(CXCursor c, CXCursor parent,
						CXClientData data)
{
	VarWrite *pw = data;
	(void)parent;
	if (is_kind(c, CXCursor_UnaryOperator) &&
	    clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf) {
		Kids ks = expr_kids(c);
		CXCursor t =
			ks.n == 1 ? strip(ks.c[0]) : clang_getNullCursor();
		if (is_kind(t, CXCursor_DeclRefExpr) &&
		    clang_equalCursors(clang_getCursorReferenced(t),
				       pw->var)) {
			pw->found = 1;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

/* Is c (through a *) a local function-pointer variable, whose
 * declaration conv_var_decl refused unless it names a function? */
static int fn_var_refused(CXCursor c)
{
	c = strip(c);
	if (is_kind(c, CXCursor_UnaryOperator)) {
		Kids ks = expr_kids(c);
		if (ks.n == 1)
			c = strip(ks.c[0]);
	}
	CXCursor r = clang_getCursorReferenced(c);
	return is_kind(c, CXCursor_DeclRefExpr) &&
	       is_kind(r, CXCursor_VarDecl) &&
	       !clang_Cursor_hasVarDeclGlobalStorage(r) &&
	       fn_ptr_type(clang_getCursorType(r));
}

/* The function local variable v names for good (see above), else a null
 * cursor. */
static CXCursor fn_var_bound(FE *fe, CXCursor v)
{
	CXCursor init = clang_Cursor_getVarDeclInitializer(v);
	if (!is_kind(v, CXCursor_VarDecl) ||
	    clang_Cursor_hasVarDeclGlobalStorage(v) || !fe->fdef ||
	    !fn_ptr_type(clang_getCursorType(v)) || clang_Cursor_isNull(init))
		return clang_getNullCursor();
	VarWrite u = { v, 1, 0 };
	clang_visitChildren(fe->fdef->def, var_write_visit, &u);
	return u.found ? clang_getNullCursor() : fn_bound(fe, init);
}

/* The function that expression c designates: a function by name (&f, f)
 * of the file or of the C library, a parameter of the copy being
 * converted bound to one, or a local variable that names one for good
 * (fn_var_bound); else a null cursor. */
static CXCursor fn_bound(FE *fe, CXCursor c)
{
	CXCursor none = clang_getNullCursor();
	c = strip(c);
	if (is_kind(c, CXCursor_UnaryOperator)) {
		Kids ks = expr_kids(c);
		enum CXUnaryOperatorKind k =
			clang_getCursorUnaryOperatorKind(c);
		if (ks.n != 1 || (k != CXUnaryOperator_AddrOf &&
				  k != CXUnaryOperator_Deref))
			return none;
		c = strip(ks.c[0]);
	}
	if (!is_kind(c, CXCursor_DeclRefExpr))
		return none;
	CXCursor r = clang_getCursorReferenced(c);
	if (is_kind(r, CXCursor_ParmDecl) && fe->fdef && fe->fdef->spec_of) {
		CXCursor fd = fe->fdef->def;
		for (int i = 0; i < fe->fdef->nbind; i++)
			if (!clang_Cursor_isNull(fe->fdef->bind[i]) &&
			    clang_equalCursors(
				    clang_Cursor_getArgument(fd, (unsigned)i),
				    r))
				return fe->fdef->bind[i];
		return none;
	}
	if (is_kind(r, CXCursor_VarDecl))
		return fn_var_bound(fe, r);
	if (!is_kind(r, CXCursor_FunctionDecl))
		return none;
	return clang_getCanonicalCursor(r);
}

/* For call c of fdecl: the functions its function-pointer arguments
 * designate, per parameter (null cursors elsewhere), in *bind; 0 when
 * fdecl, a function of the file, has no such parameter, 1 when it has,
 * -1 after an error. */
static int fn_binds(FE *fe, CXCursor fdecl, CXCursor c, CXCursor **bind)
{
	int n = clang_Cursor_getNumArguments(fdecl), any = 0;
	for (int i = 0; i < n; i++)
		any |= fn_ptr_type(clang_getCursorType(
			clang_Cursor_getArgument(fdecl, (unsigned)i)));
	Def *d = def_find(fe, cxs(clang_getCursorSpelling(fdecl)));
	if (!any || !def_is_user(d))
		return 0;
	*bind = arena_alloc(sizeof(CXCursor) * (size_t)n);
	for (int i = 0; i < n; i++) {
		(*bind)[i] = clang_getNullCursor();
		if (!fn_ptr_type(clang_getCursorType(
			    clang_Cursor_getArgument(fdecl, (unsigned)i))))
			continue;
		CXCursor a = clang_Cursor_getArgument(c, (unsigned)i);
		(*bind)[i] = fn_bound(fe, a);
		if (clang_Cursor_isNull((*bind)[i])) {
			refuse(fe, cur_loc(fe, a),
			       "a function-pointer argument must name a "
			       "function (or pass on such a parameter), so "
			       "that ckc can differentiate the call");
			return -1;
		}
	}
	return 1;
}

/* The index in Program.funcs of d's copy with parameters bound to bind
 * (made and scheduled the first time). */
static int fn_specialize(FE *fe, Def *d, CXCursor *bind, Loc loc)
{
	int n = clang_Cursor_getNumArguments(d->def);
	Def *sp = NULL;
	for (int k = 0; k < d->nspecs && !sp; k++) {
		int same = 1;
		for (int i = 0; i < n; i++)
			same &= clang_equalCursors(d->specs[k]->bind[i],
						   bind[i]) != 0;
		if (same)
			sp = d->specs[k];
	}
	if (!sp) {
		const char *name = d->name;
		for (int i = 0; i < n; i++)
			if (!clang_Cursor_isNull(bind[i]))
				name = arena_printf(
					"%s_%s", name,
					cxs(clang_getCursorSpelling(bind[i])));
		const char *base = name;
		for (int k = 2; def_find(fe, name); k++)
			name = arena_printf("%s%d", base, k);
		sp = ARENA_NEW(Def);
		*sp = *d;
		sp->name = name;
		sp->idx = -1;
		sp->spec_of = d;
		sp->bind = bind;
		sp->nbind = n;
		sp->specs = NULL;
		sp->nspecs = 0;
		VEC_PUSH(d->specs, d->nspecs, sp);
	}
	int idx = call_edge(fe, sp, loc);
	fe->p->funcs[idx]->is_static = 1;
	return idx;
}

/* Is parameter i of fdecl, a function the file defines, a pointer to
 * characters (an error report's message: nrerror("..."))? */
static int char_param(CXCursor fdecl, int i)
{
	if (clang_Cursor_isNull(clang_getCursorDefinition(fdecl)) ||
	    i >= clang_Cursor_getNumArguments(fdecl))
		return 0;
	CXType t = clang_getCanonicalType(clang_getCursorType(
		clang_Cursor_getArgument(fdecl, (unsigned)i)));
	/* (char text[] too, as nrutil's nrerror declares it) */
	if (t.kind == CXType_Pointer)
		t = clang_getPointeeType(t);
	else if (t.kind == CXType_IncompleteArray ||
		 t.kind == CXType_ConstantArray)
		t = clang_getArrayElementType(t);
	else
		return 0;
	switch (clang_getCanonicalType(t).kind) {
	case CXType_Char_S:
	case CXType_Char_U:
	case CXType_SChar:
	case CXType_UChar:
		return 1;
	default:
		return 0;
	}
}

/* ---- function pointers chosen at run time
 *
 * A local function-pointer variable v that is set to one of several
 * functions (`lim_fn lim = kind == 0 ? minmod : vanleer;`, or assigned
 * function names in the arms of an if or a switch), whose address nobody
 * takes and that is used only as a callee, becomes an int that says
 * which: v's candidates are the functions named in its assignments, in
 * order of appearance; `v = c ? f : g` sets v to c ? 0 : 1, and a call
 * v(a, b) is the call of the function v names, `v == 0 ? f(a, b) : g(a,
 * b)` (an if chain for a call whose value is unused).  Each arm is then a
 * call by name, which ckc differentiates as any other. */

static Expr *conv_call_via(FE *fe, CXCursor c, CXCursor force, Loc loc);
static Expr *fn_sel_index(FE *fe, const struct FnSel *sel, CXCursor c);

typedef struct FnSel {
	CXCursor var;
	int id;          /* the int that replaces it */
	CXCursor *cands; /* canonical function cursors */
	int ncands;
} FnSel;

typedef struct FnSelScan {
	FE *fe;
	FnSel *sel;
	int refs, ok, bad;
} FnSelScan;

/* Adds the functions that choice c names to sel's candidates; 0 when c
 * is not a function name or a ?: of them. */
static int fn_sel_choice(FE *fe, FnSel *sel, CXCursor c)
{
	c = strip(c);
	if (is_kind(c, CXCursor_ConditionalOperator)) {
		Kids ks = expr_kids(c);
		return ks.n == 3 && fn_sel_choice(fe, sel, ks.c[1]) &&
		       fn_sel_choice(fe, sel, ks.c[2]);
	}
	CXCursor f = fn_bound(fe, c);
	if (clang_Cursor_isNull(f) || !is_kind(f, CXCursor_FunctionDecl))
		return 0;
	for (int i = 0; i < sel->ncands; i++)
		if (clang_equalCursors(sel->cands[i], f))
			return 1;
	VEC_PUSH(sel->cands, sel->ncands, f);
	return 1;
}

static int fn_sel_ref(const FnSel *sel, CXCursor c)
{
	c = strip(c);
	return is_kind(c, CXCursor_DeclRefExpr) &&
	       clang_equalCursors(clang_getCursorReferenced(c), sel->var);
}

/* The callee of call c, through a `*`. */
static CXCursor fn_sel_callee_of(CXCursor c)
{
	Kids ks = expr_kids(c);
	CXCursor callee = ks.n ? strip(ks.c[0]) : clang_getNullCursor();
	if (is_kind(callee, CXCursor_UnaryOperator) &&
	    clang_getCursorUnaryOperatorKind(callee) ==
		    CXUnaryOperator_Deref) {
		Kids k2 = expr_kids(callee);
		callee = k2.n == 1 ? strip(k2.c[0]) : clang_getNullCursor();
	}
	return callee;
}

static enum CXChildVisitResult fn_sel_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	FnSelScan *w = data;
	if (fn_sel_ref(w->sel, c)) {
		w->refs++;
		return CXChildVisit_Continue;
	}
	if (is_kind(c, CXCursor_CallExpr) &&
	    fn_sel_ref(w->sel, fn_sel_callee_of(c)))
		w->ok++;
	int assign = 0;
	if (is_kind(c, CXCursor_BinaryOperator))
		binop_of(c, &assign);
	Kids ks = expr_kids(c);
	if (assign && ks.n == 2 && fn_sel_ref(w->sel, ks.c[0])) {
		/* a statement of its own: in a block, a case or a label, or
		 * an arm of an if */
		enum CXCursorKind pk = clang_getCursorKind(parent);
		int stmt = pk == CXCursor_CompoundStmt ||
			   pk == CXCursor_CaseStmt ||
			   pk == CXCursor_DefaultStmt ||
			   pk == CXCursor_LabelStmt;
		if (pk == CXCursor_IfStmt) {
			Kids pks = expr_kids(parent);
			stmt = pks.n >= 2 && !clang_equalCursors(pks.c[0], c);
		}
		if (clang_getCursorBinaryOperatorKind(c) !=
			    CXBinaryOperator_Assign ||
		    !stmt || !fn_sel_choice(w->fe, w->sel, ks.c[1]))
			w->bad = 1;
		else
			w->ok++;
	}
	return CXChildVisit_Recurse;
}

static FnSel *fn_sel_find(FE *fe, CXCursor v)
{
	for (int i = 0; i < fe->nsels; i++)
		if (clang_equalCursors(fe->sels[i].var, v))
			return &fe->sels[i];
	return NULL;
}

/* The selector of the variable that callee names, or NULL. */
static FnSel *fn_sel_callee(FE *fe, CXCursor call)
{
	CXCursor callee = fn_sel_callee_of(call);
	if (!is_kind(callee, CXCursor_DeclRefExpr))
		return NULL;
	return fn_sel_find(fe, clang_getCursorReferenced(callee));
}

/* v as a selector (see above), registered, with its declaration as the
 * int's; NULL when v is not one. */
static Stmt *fn_sel_make(FE *fe, CXCursor v, Loc loc)
{
	FnSel sel = { v, -1, NULL, 0 };
	CXCursor init = clang_Cursor_getVarDeclInitializer(v);
	if (!fe->fdef ||
	    (!clang_Cursor_isNull(init) && !fn_sel_choice(fe, &sel, init)))
		return NULL;
	FnSelScan w = { fe, &sel, 0, 0, 0 };
	clang_visitChildren(fe->fdef->def, fn_sel_visit, &w);
	if (w.bad || w.refs != w.ok || !sel.ncands)
		return NULL;
	sel.id = func_add_var(fe->f, cxs(clang_getCursorSpelling(v)),
			      type_int(), VAR_LOCAL, loc);
	VEC_PUSH(fe->sels, fe->nsels, sel);
	var_bind(fe, v, sel.id);
	return stmt_decl(
		sel.id,
		clang_Cursor_isNull(init)
			? NULL
			: fn_sel_index(fe, &fe->sels[fe->nsels - 1], init),
		loc);
}

/* Choice c (a function name or a ?: of them) as the index of the
 * function among sel's candidates. */
static Expr *fn_sel_index(FE *fe, const struct FnSel *sel, CXCursor c)
{
	Loc loc = cur_loc(fe, c);
	c = strip(c);
	if (is_kind(c, CXCursor_ConditionalOperator)) {
		Kids ks = expr_kids(c);
		return expr_cond(conv_expr(fe, ks.c[0]),
				 fn_sel_index(fe, sel, ks.c[1]),
				 fn_sel_index(fe, sel, ks.c[2]), loc);
	}
	CXCursor f = fn_bound(fe, c);
	for (int i = 0; i < sel->ncands; i++)
		if (clang_equalCursors(sel->cands[i], f))
			return expr_int(i, loc);
	return bad_expr(loc); /* (fn_sel_choice collected every one) */
}

/* sel == k */
static Expr *fn_sel_is(FE *fe, const FnSel *sel, int k, Loc loc)
{
	return expr_binary(B_EQ, expr_var(fe->f, sel->id, loc),
			   expr_int(k, loc), type_int(), loc);
}

/* Call c through selector sel: the candidate k's call, for each k. */
static Expr *fn_sel_call(FE *fe, const FnSel *sel, CXCursor c, int k, Loc loc)
{
	return conv_call_via(fe, c, sel->cands[k], loc);
}

/* Call c through selector sel as an expression: a chain of ?:. */
static Expr *fn_sel_dispatch(FE *fe, const FnSel *sel, CXCursor c, Loc loc)
{
	int n = sel->ncands;
	Expr *e = fn_sel_call(fe, sel, c, n - 1, loc);
	for (int k = n - 2; k >= 0; k--)
		e = expr_cond(fn_sel_is(fe, sel, k, loc),
			      fn_sel_call(fe, sel, c, k, loc), e, loc);
	return e;
}

/* Call c through selector sel as a statement: a chain of ifs. */
static Stmt *fn_sel_stmt(FE *fe, const FnSel *sel, CXCursor c, Loc loc)
{
	int n = sel->ncands;
	Stmt *s = stmt_block(loc);
	stmt_append(s, stmt_expr(S_EXPR, fn_sel_call(fe, sel, c, n - 1, loc),
				 loc));
	for (int k = n - 2; k >= 0; k--) {
		Stmt *ifs = stmt_new(S_IF, loc), *b = stmt_block(loc);
		ifs->u.ifs.cond = fn_sel_is(fe, sel, k, loc);
		ifs->u.ifs.then = stmt_block(loc);
		stmt_append(ifs->u.ifs.then,
			    stmt_expr(S_EXPR, fn_sel_call(fe, sel, c, k, loc),
				      loc));
		ifs->u.ifs.els = s;
		stmt_append(b, ifs);
		s = b;
	}
	return s;
}

/* Call c, of the function force when it is not a null cursor (a
 * selector's candidate, fn_sel_call), else of its callee. */
static Expr *conv_call_via(FE *fe, CXCursor c, CXCursor force, Loc loc)
{
	Kids ks = expr_kids(c);
	CXCursor callee = ks.n ? strip(ks.c[0]) : clang_getNullCursor();
	CXCursor fdecl;
	Expr **args = NULL, *e;
	int nargs = 0, i, n, fn;
	const char *name;
	CallKind kind;

	/* v(...) for a selector v: one call per function it may name */
	FnSel *sel = clang_Cursor_isNull(force) ? fn_sel_callee(fe, c) : NULL;
	if (sel)
		return fn_sel_dispatch(fe, sel, c, loc);
	/* f(...), (*f)(...) for a parameter f bound to a function */
	CXCursor via =
		clang_Cursor_isNull(force) ? fn_bound(fe, callee) : force;
	if (clang_Cursor_isNull(force) && !clang_Cursor_isNull(via) &&
	    is_kind(clang_getCursorReferenced(strip(callee)),
		    CXCursor_FunctionDecl))
		via = clang_getNullCursor(); /* a plain call by name */
	if (clang_Cursor_isNull(via) &&
	    (!is_kind(callee, CXCursor_DeclRefExpr) ||
	     !is_kind(clang_getCursorReferenced(callee),
		      CXCursor_FunctionDecl))) {
		if (fn_var_refused(callee))
			return bad_expr(loc);
		refuse(fe, loc,
		       "a call through a function pointer is supported only "
		       "through a parameter of a function that ckc reaches "
		       "by calls, each passing a function by name (ckc "
		       "copies it per function), or through a local variable "
		       "that names one; call the function by name");
		return bad_expr(loc);
	}
	fdecl = clang_Cursor_isNull(via) ? clang_getCursorReferenced(callee)
					 : via;
	name = cxs(clang_getCursorSpelling(fdecl));
	/* Builtins behind macros such as NAN (__builtin_nanf("")) are
	 * constants. */
	if (!strncmp(name, "__builtin_", 10) && (e = eval_const(fe, c, loc)))
		return e;
	name = fp_class_name(name);
	/* <tgmath.h>'s sqrt(x) is clang's overloaded __tg_sqrt(x): the
	 * math.h function of the call's type (sqrt, sqrtf, sqrtl) */
	if (!strncmp(name, "__tg_", 5) && name[5] &&
	    clang_Location_isInSystemHeader(clang_getCursorLocation(fdecl))) {
		enum CXTypeKind rk = clang_getCursorType(c).kind;
		name = arena_printf("%s%s", name + 5,
				    rk == CXType_Float        ? "f"
				    : rk == CXType_LongDouble ? "l"
							      : "");
	}
	n = clang_Cursor_getNumArguments(c);
	kind = calls_kind_name(fe->p, name);
	CXCursor *bind = NULL;
	int binds = fn_binds(fe, fdecl, c, &bind);
	if (binds < 0)
		return bad_expr(loc);
	for (i = 0; i < n; i++) {
		CXCursor a = clang_Cursor_getArgument(c, (unsigned)i);
		if (binds && i < clang_Cursor_getNumArguments(fdecl) &&
		    !clang_Cursor_isNull(bind[i]))
			continue; /* the copy calls it by name */
		if (is_kind(strip(a), CXCursor_DeclRefExpr) &&
		    is_kind(clang_getCursorReferenced(strip(a)),
			    CXCursor_FunctionDecl) &&
		    clang_Cursor_isNull(clang_getCursorDefinition(fdecl))) {
			/* qsort(w, n, sizeof *w, cmp): ckc would have to
			 * follow the calls the library makes */
			refuse(fe, cur_loc(fe, a),
			       "'%s' is passed to '%s', which has no "
			       "definition in this file, so ckc cannot follow "
			       "the calls '%s' makes; do that work outside "
			       "the "
			       "differentiated code, or write it in this file",
			       cxs(clang_getCursorSpelling(strip(a))), name,
			       name);
			e = bad_expr(cur_loc(fe, a));
		} else if ((kind == CALL_OUTPUT || kind == CALL_INACTIVE ||
			    char_param(fdecl, i)) &&
			   is_kind(strip(a), CXCursor_StringLiteral)) {
			e = conv_string(fe, strip(a), cur_loc(fe, a));
		} else {
			/* (rows of run-time length pass as their flat view,
			 * which the callee reads with its own length) */
			fe->rows_ok =
				row_ref(fe, a) >= 0 || prow_ref(fe, a) >= 0;
			e = conv_expr(fe, a);
			fe->rows_ok = 0;
		}
		ARENA_PUSH(args, nargs, e);
	}
	fn = binds ? fn_specialize(
			     fe,
			     def_find(fe, cxs(clang_getCursorSpelling(fdecl))),
			     bind, loc)
		   : call_target(fe, fdecl, loc);
	if (binds)
		name = fe->conv[fn]->name;
	if (fn < 0 &&
	    clang_getCursorType(fdecl).kind == CXType_FunctionNoProto)
		shape_noproto(fe, fdecl, c, loc);
	if (fn >= 0)
		check_noproto_call(fe, fe->conv[fn]->def, c, name, loc);
	return expr_call(name, fn, args, nargs,
			 conv_type(fe, clang_getCursorType(c), loc, TY_REPORT),
			 loc);
}

/* clang's binary operators and what each is in the IR: an E_BINARY
 * operator, or the operator of an S_ASSIGN. */
static const struct {
	enum CXBinaryOperatorKind cx;
	int assign; /* op is an AssignOp, else a BinOp */
	int op;
} binop_table[] = {
	{ CXBinaryOperator_Mul, 0, B_MUL },
	{ CXBinaryOperator_Div, 0, B_DIV },
	{ CXBinaryOperator_Rem, 0, B_MOD },
	{ CXBinaryOperator_Add, 0, B_ADD },
	{ CXBinaryOperator_Sub, 0, B_SUB },
	{ CXBinaryOperator_Shl, 0, B_SHL },
	{ CXBinaryOperator_Shr, 0, B_SHR },
	{ CXBinaryOperator_LT, 0, B_LT },
	{ CXBinaryOperator_GT, 0, B_GT },
	{ CXBinaryOperator_LE, 0, B_LE },
	{ CXBinaryOperator_GE, 0, B_GE },
	{ CXBinaryOperator_EQ, 0, B_EQ },
	{ CXBinaryOperator_NE, 0, B_NE },
	{ CXBinaryOperator_And, 0, B_BAND },
	{ CXBinaryOperator_Xor, 0, B_XOR },
	{ CXBinaryOperator_Or, 0, B_BOR },
	{ CXBinaryOperator_LAnd, 0, B_LAND },
	{ CXBinaryOperator_LOr, 0, B_LOR },
	{ CXBinaryOperator_Assign, 1, A_SET },
	{ CXBinaryOperator_MulAssign, 1, A_MUL },
	{ CXBinaryOperator_DivAssign, 1, A_DIV },
	{ CXBinaryOperator_RemAssign, 1, A_MOD },
	{ CXBinaryOperator_AddAssign, 1, A_ADD },
	{ CXBinaryOperator_SubAssign, 1, A_SUB },
	{ CXBinaryOperator_ShlAssign, 1, A_SHL },
	{ CXBinaryOperator_ShrAssign, 1, A_SHR },
	{ CXBinaryOperator_AndAssign, 1, A_AND },
	{ CXBinaryOperator_XorAssign, 1, A_XOR },
	{ CXBinaryOperator_OrAssign, 1, A_OR },
};

/* The IR operator of a binary operator cursor, or -1 (comma, ...);
 * *assign tells an assignment operator. */
static int binop_of(CXCursor c, int *assign)
{
	enum CXBinaryOperatorKind k = clang_getCursorBinaryOperatorKind(c);
	size_t i;
	for (i = 0; i < sizeof binop_table / sizeof binop_table[0]; i++)
		if (binop_table[i].cx == k) {
			*assign = binop_table[i].assign;
			return binop_table[i].op;
		}
	*assign = 0;
	return -1;
}

static const char *const msg_assign_in_expr =
	"assignment inside an expression is not supported; make it a "
	"statement of its own";

/* Are a and b one expression of the source?  Cursors of one expression
 * reached along different paths (a declaration's initializer, a call's
 * argument) may compare unequal: their kinds and extents are compared. */
static int same_expr(CXCursor a, CXCursor b)
{
	return clang_equalCursors(a, b) ||
	       (clang_getCursorKind(a) == clang_getCursorKind(b) &&
		clang_equalRanges(clang_getCursorExtent(a),
				  clang_getCursorExtent(b)));
}

static Expr *conv_unary(FE *fe, CXCursor c, Loc loc)
{
	Kids ks = expr_kids(c);
	Type *ty = conv_type(fe, clang_getCursorType(c), loc, 0);
	Expr *e, *a;
	if (ks.n != 1) {
		refuse(fe, loc, "unsupported expression");
		return bad_expr(loc);
	}
	switch (clang_getCursorUnaryOperatorKind(c)) {
	case CXUnaryOperator_PostInc:
	case CXUnaryOperator_PostDec:
	case CXUnaryOperator_PreInc:
	case CXUnaryOperator_PreDec:
		for (int k = 0; k < fe->nsplit; k++) {
			if (!same_expr(c, fe->split_inc[k]))
				continue;
			e = conv_expr(fe, ks.c[0]);
			if (fe->split_adj[k])
				e = expr_binary(
					fe->split_adj[k] > 0 ? B_ADD : B_SUB,
					e, expr_int(1, loc), NULL, loc);
			return e;
		}
		refuse(fe, loc,
		       "this increment (or decrement) is not supported here: "
		       "ckc moves one out of an expression only where C runs "
		       "it on every evaluation, or where later operands of "
		       "a loop's && condition or an if's && and || "
		       "condition hold it, and nothing else in the "
		       "expression reads its variable; make it a statement "
		       "of its own");
		return bad_expr(loc);
	case CXUnaryOperator_Extension:
		return conv_expr(fe, ks.c[0]);
	case CXUnaryOperator_Real:
	case CXUnaryOperator_Imag:
		refuse(fe, loc, "complex types are not supported; use pairs of double");
		return bad_expr(loc);
	default:
		break;
	}
	a = conv_expr(fe, ks.c[0]);
	switch (clang_getCursorUnaryOperatorKind(c)) {
	case CXUnaryOperator_AddrOf:
		e = expr_addr(a, loc);
		break;
	case CXUnaryOperator_Deref:
		if (!type_is_pointerish(a->type))
			return refused(fe, loc, a);
		e = expr_deref(a, loc);
		break;
	case CXUnaryOperator_Plus:
		e = expr_unary(U_PLUS, a, loc);
		break;
	case CXUnaryOperator_Minus:
		e = expr_unary(U_NEG, a, loc);
		break;
	case CXUnaryOperator_Not:
		e = expr_unary(U_BNOT, a, loc);
		break;
	case CXUnaryOperator_LNot:
		e = expr_unary(U_NOT, a, loc);
		break;
	default:
		refuse(fe, loc, "unsupported unary operator; rewrite it with the supported "
			   "operators");
		return bad_expr(loc);
	}
	e->type = ty;
	return e;
}

static int cur_within(CXCursor c, CXCursor what);

static Expr *conv_binary(FE *fe, CXCursor c, Loc loc)
{
	Kids ks = expr_kids(c);
	int assign, op = binop_of(c, &assign);
	Expr *l, *r;
	if (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Comma) {
		/* (t = e, g(t)) whose t = e moved ahead (inner_assigns) */
		for (int i = 0; i < fe->nheld && ks.n == 2; i++)
			if (fe->held_var[i] < 0 &&
			    clang_equalCursors(c, fe->held[i]))
				return conv_expr(fe, ks.c[1]);
		refuse(fe, loc, "the comma operator is not supported here; "
				"split it into separate statements");
		return bad_expr(loc);
	}
	for (int i = 0; assign && i < fe->nheld; i++)
		if (fe->held_var[i] >= 0 && clang_equalCursors(c, fe->held[i]))
			return expr_var(fe->f, fe->held_var[i], loc);
	if ((assign || is_kind(c, CXCursor_CompoundAssignOperator)) &&
	    fe->many_set && cur_within(fe->many_root, c)) {
		refuse(fe, loc,
		       "more than %d assignments inside one statement are not "
		       "supported; make some of them statements of their own",
		       FE_MAX_SPLIT);
		return bad_expr(loc);
	}
	if ((assign || is_kind(c, CXCursor_CompoundAssignOperator)) &&
	    clang_equalCursors(c, fe->unseq_at) && ks.n == 2) {
		refuse(fe, loc,
		       "the expression also reads '%s' where C does not order "
		       "the read after this assignment to it (which makes "
		       "the result undefined); make the assignment a "
		       "statement of its own",
		       cxs(clang_getCursorSpelling(strip(ks.c[0]))));
		return bad_expr(loc);
	}
	if (assign || is_kind(c, CXCursor_CompoundAssignOperator)) {
		refuse(fe, loc, "%s", msg_assign_in_expr);
		return bad_expr(loc);
	}
	if (op < 0 || ks.n != 2) {
		refuse(fe, loc, "unsupported binary operator; rewrite it with the supported "
			   "operators");
		return bad_expr(loc);
	}
	/* One conversion per statement: their order is the order of the
	 * diagnostics and of Program.globals. */
	l = conv_expr(fe, ks.c[0]);
	int arm = op == B_LAND || op == B_LOR;
	fe->cond_arms += arm;
	r = conv_expr(fe, ks.c[1]);
	fe->cond_arms -= arm;
	return expr_binary((BinOp)op, l, r,
			   conv_type(fe, clang_getCursorType(c), loc, 0), loc);
}

static Expr *conv_index(FE *fe, CXCursor c, Loc loc)
{
	Kids ks = expr_kids(c);
	Expr *base, *idx, *e;
	if (ks.n != 2) {
		refuse(fe, loc, "unsupported subscript");
		return bad_expr(loc);
	}
	if ((e = row_index(fe, c, loc)))
		return e;
	if (prow_ref(fe, ks.c[0]) >= 0) {
		/* A[i] of double **A: the row pointer A[i].p */
		fe->rows_ok = 1;
		base = conv_expr(fe, ks.c[0]);
		idx = conv_expr(fe, ks.c[1]);
		return expr_member(expr_index(base, idx, loc), 0, loc);
	}
	base = conv_expr(fe, ks.c[0]);
	idx = conv_expr(fe, ks.c[1]);
	if (!type_is_pointerish(base->type) && type_is_pointerish(idx->type)) {
		Expr *t = base; /* i[a] */
		base = idx;
		idx = t;
	}
	if (!type_is_pointerish(base->type))
		return refused(fe, loc, base);
	e = expr_index(base, idx, loc);
	e->type = conv_type(fe, clang_getCursorType(c), loc, 0);
	return e;
}

/* Is c, an UnexposedExpr with children ks, GNU's `a ?: b`?  clang
 * gives it four: a, then a twice more (as the condition and the value),
 * then b. */
static int is_gnu_cond(CXCursor c, Kids ks)
{
	CXSourceRange r = clang_getCursorExtent(ks.c[0]);
	(void)c;
	return ks.n == 4 &&
	       clang_equalRanges(r, clang_getCursorExtent(ks.c[1])) &&
	       clang_equalRanges(r, clang_getCursorExtent(ks.c[2])) &&
	       !clang_equalRanges(r, clang_getCursorExtent(ks.c[3]));
}

/* a ?: b (GNU) is a ? a : b when evaluating a twice changes nothing. */
static Expr *conv_gnu_cond(FE *fe, CXCursor c, Kids ks, Loc loc)
{
	Expr *a = conv_expr(fe, ks.c[0]), *b, *e;
	if (expr_has_call(a)) {
		refuse(fe, loc, "'?:' with an omitted middle operand that "
				"calls a function is not supported; store the "
				"value in a variable v and write 'v ? v : ...'");
		return bad_expr(loc);
	}
	fe->cond_arms++;
	b = conv_expr(fe, ks.c[3]);
	fe->cond_arms--;
	e = expr_cond(a, expr_clone(a), b, loc);
	e->type = conv_type(fe, clang_getCursorType(c), loc, 0);
	return e;
}

static Expr *conv_cond(FE *fe, CXCursor c, Kids ks, Loc loc)
{
	Expr *k = conv_expr(fe, ks.c[0]);
	fe->cond_arms++;
	Expr *a = conv_expr(fe, ks.c[1]);
	Expr *b = conv_expr(fe, ks.c[2]);
	fe->cond_arms--;
	Expr *e = expr_cond(k, a, b, loc);
	e->type = conv_type(fe, clang_getCursorType(c), loc, 0);
	return e;
}

/* s.f and p->f (as (*p).f).  Errors are reported at the start of the
 * expression, where clang reports them too. */
static Expr *conv_member(FE *fe, CXCursor c)
{
	Loc at = src_loc(fe, clang_getRangeStart(clang_getCursorExtent(c)));
	Kids ks = expr_kids(c);
	CXCursor fd = clang_getCursorReferenced(c);
	const char *name = cxs(clang_getCursorSpelling(fd));
	Expr *base;
	StructDef *sd;
	if (ks.n != 1 || !is_kind(fd, CXCursor_FieldDecl)) {
		diag_error(at, "unsupported member access");
		return bad_expr(at);
	}
	base = conv_expr(fe, ks.c[0]);
	if (base->type == &bad_type)
		return base;
	if (type_is_pointerish(base->type))
		base = expr_deref(base, base->loc);
	if (base->type->kind != TY_STRUCT) {
		/* (a struct without a name was refused where it was met) */
		if (!base->type->st)
			diag_error(at,
				   "member access into a union or another "
				   "unsupported type; ckc supports structs");
		return bad_expr(at);
	}
	sd = base->type->st;
	if (sd->complete < 0) {
		/* (at the definition: once) */
		diag_error(sd->loc.file ? sd->loc : at,
			   "%s%s%s has a bit-field or an anonymous member, "
			   "which ckc does not support; give every member a "
			   "name and a full type",
			   sd->anon ? "" : "'",
			   sd->anon ? "this struct type" : base->type->name,
			   sd->anon ? "" : "'");
		return bad_expr(at);
	}
	if (base->kind != E_VAR && base->kind != E_INDEX &&
	    base->kind != E_DEREF && base->kind != E_MEMBER &&
	    base->kind != E_GLOBAL) {
		diag_error(at, "member access into a struct value that is "
			       "not a variable (a call's result, ...) is not "
			       "supported; store it in a variable first");
		return bad_expr(at);
	}
	for (int i = 0; i < sd->nfields; i++)
		if (!strcmp(sd->fields[i].name, name)) {
			Expr *e = expr_member(base, i, cur_loc(fe, c));
			e->type = conv_type(fe, clang_getCursorType(c), at,
					    TY_REPORT);
			return e;
		}
	ck_unreachable();
}

/* Converts an expression.  The value type of every node is the canonical
 * type clang gives the cursor; implicit conversions are dropped (C
 * re-applies them when the code is printed). */
/* Does the text s[0, n) (not NUL-terminated) contain w? */
static int mentions(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w);
	for (size_t i = 0; s && i + k <= n; i++)
		if (s[i] == w[0] && !memcmp(s + i, w, k))
			return 1;
	return 0;
}

/* An expression that is all of one expansion of an MPI macro of the main
 * file (MPI_DOUBLE, MPI_COMM_WORLD, MPI_PROC_NULL, MPI_STATUS_IGNORE): e
 * keeps the macro's name, printed for it, so that generated code reads as
 * the input (and does not spell Open MPI's internals); the expressions
 * inside it do not.  Only constants: a cast, a number, an address, a
 * negation. */
static void mpi_spelling(FE *fe, CXCursor c, Expr *e)
{
	CXFile f;
	unsigned ntok;
	CXToken *toks;
	if (!e || (e->kind != E_CAST && e->kind != E_NUM &&
		   e->kind != E_ADDR && e->kind != E_UNARY))
		return;
	if (!fe->mentions_mpi)
		return;
	/* the extent of the expression's expansion in the input: the
	 * macro's name when one expansion makes all of it */
	CXSourceRange ext = clang_getCursorExtent(c);
	CXFile f2;
	unsigned o1, o2;
	clang_getExpansionLocation(clang_getRangeStart(ext), &f, NULL, NULL,
				   &o1);
	clang_getExpansionLocation(clang_getRangeEnd(ext), &f2, NULL, NULL,
				   &o2);
	if (!f || !clang_File_isEqual(f, fe->mainfile) ||
	    !clang_File_isEqual(f, f2) || o2 <= o1)
		return;
	clang_tokenize(
		fe->tu,
		clang_getRange(clang_getLocationForOffset(fe->tu, f, o1),
			       clang_getLocationForOffset(fe->tu, f, o2)),
		&toks, &ntok);
	if (ntok == 1 && clang_getTokenKind(toks[0]) == CXToken_Identifier) {
		CXString sp = clang_getTokenSpelling(fe->tu, toks[0]);
		const char *name = clang_getCString(sp);
		if (!strncmp(name, "MPI_", 4)) {
			e->spelled = arena_strdup(name);
			/* its operands were converted first, and may have
			 * taken the name too */
			if (e->kind == E_CAST || e->kind == E_ADDR)
				e->u.e->spelled = NULL;
			else if (e->kind == E_UNARY)
				e->u.un.e->spelled = NULL;
		}
		clang_disposeString(sp);
	}
	clang_disposeTokens(fe->tu, toks, ntok);
}

static Expr *conv_expr1(FE *fe, CXCursor c);

static void struct_init(FE *fe, Stmt *out, Expr *lhs, CXCursor c, Loc loc);
static int fe_temp(FE *fe, const char *base, Type *type, Loc loc);

/* t without const, at the top and in the elements of arrays: the type
 * of an object that assignments initialize. */
static Type *type_writable(Type *t)
{
	if (t->kind != TY_ARRAY)
		return type_with_const(t, 0);
	Type *c = ARENA_NEW(Type);
	*c = *t;
	c->is_const = 0;
	c->base = type_writable(t->base);
	return c;
}

/* A compound literal, (vec2){a, b} or (double[]){x, y}: an object
 * declared and initialized before the statement (fe->pre), which the
 * expression names.  C evaluates the literal where it stands, but
 * nothing in the statement is sequenced before it except in the places
 * refused here: a loop's header, an arm of ?:, the right of && and ||. */
static Expr *conv_literal(FE *fe, CXCursor c, Loc loc)
{
	Kids ks = expr_kids(c);
	CXCursor list = clang_getNullCursor();
	int i;
	if (!fe->pre || fe->pre_loop || fe->cond_arms) {
		refuse(fe, loc,
		       !fe->pre ? "a compound literal is not supported here; "
				  "declare a variable instead"
		       : fe->pre_loop
			       ? "a compound literal in a loop's header is "
				 "not "
				 "supported; declare a variable before the "
				 "loop"
			       : "a compound literal in an arm of ?: or on "
				 "the "
				 "right of && or || is not supported; declare "
				 "a variable before the statement");
		return bad_expr(loc);
	}
	for (i = 0; i < ks.n; i++)
		if (is_kind(ks.c[i], CXCursor_InitListExpr))
			list = ks.c[i];
	Type *ty = conv_type(fe, clang_getCursorType(c), loc, TY_REPORT);
	if (clang_Cursor_isNull(list) || ty == &bad_type) {
		if (clang_Cursor_isNull(list))
			refuse(fe, loc, "unsupported compound literal");
		return bad_expr(loc);
	}
	int id = fe_temp(fe, "ck_lit", type_writable(ty), loc);
	Stmt *pre = fe->pre;
	stmt_append(pre, stmt_decl(id, NULL, loc));
	struct_init(fe, pre, expr_var(fe->f, id, loc), list, loc);
	return expr_var(fe->f, id, loc);
}

static Expr *conv_expr(FE *fe, CXCursor c)
{
	Expr *e = conv_expr1(fe, c);
	mpi_spelling(fe, c, e);
	return e;
}

static Expr *conv_expr1(FE *fe, CXCursor c)
{
	Loc loc = cur_loc(fe, c);
	Kids ks;
	Expr *e;
	switch (clang_getCursorKind(c)) {
	case CXCursor_UnexposedExpr:
	case CXCursor_ParenExpr: {
		CXCursor s = strip(c);
		if (!clang_equalCursors(s, c))
			return conv_expr(fe, s);
		ks = expr_kids(c);
		if (is_gnu_cond(c, ks))
			return conv_gnu_cond(fe, c, ks, loc);
		break;
	}
	case CXCursor_IntegerLiteral:
	case CXCursor_FloatingLiteral:
	case CXCursor_CharacterLiteral:
		if ((e = eval_const(fe, c, loc)))
			return e;
		refuse(fe, loc, "unsupported literal");
		return bad_expr(loc);
	case CXCursor_DeclRefExpr:
		return conv_declref(fe, c, loc);
	case CXCursor_CallExpr:
		return conv_call_via(fe, c, clang_getNullCursor(), loc);
	case CXCursor_UnaryOperator:
		return conv_unary(fe, c, loc);
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
		return conv_binary(fe, c, loc);
	case CXCursor_ConditionalOperator:
		ks = expr_kids(c);
		if (ks.n != 3)
			break;
		return conv_cond(fe, c, ks, loc);
	case CXCursor_ArraySubscriptExpr:
		return conv_index(fe, c, loc);
	case CXCursor_CStyleCastExpr: {
		Type *ty;
		ks = expr_kids(c);
		if (ks.n < 1)
			break;
		ty = conv_type(fe, clang_getCursorType(c), loc, TY_REPORT);
		return expr_cast(ty, conv_expr(fe, ks.c[ks.n - 1]), loc);
	}
	case CXCursor_UnaryExpr: /* sizeof, _Alignof */
		if ((e = eval_const(fe, c, loc)))
			return e;
		refuse(fe, loc, "sizeof of a variable-length array is not "
				"supported");
		return bad_expr(loc);
	case CXCursor_MemberRefExpr:
		return conv_member(fe, c);
	case CXCursor_StringLiteral:
		refuse(fe, loc, "string literals are not supported in "
				"differentiated code; move the code that uses "
				"them out of the differentiated function");
		return bad_expr(loc);
	case CXCursor_CompoundLiteralExpr:
		return conv_literal(fe, c, loc);
	case CXCursor_StmtExpr:
		refuse(fe, loc, "statement expressions are not supported; write the "
				"statements before the expression");
		return bad_expr(loc);
	case CXCursor_GenericSelectionExpr:
		refuse(fe, loc, "_Generic is not supported; call the function for the type "
				"directly");
		return bad_expr(loc);
	case CXCursor_InitListExpr:
		refuse(fe, loc, "initializer lists are supported only in "
				"declarations");
		return bad_expr(loc);
	case CXCursor_ImaginaryLiteral:
		refuse(fe, loc, "complex types are not supported; use pairs of double");
		return bad_expr(loc);
	case CXCursor_AddrLabelExpr:
		refuse(fe, loc,
		       "the address of a label is not supported in "
		       "differentiated code; use structured control flow");
		return bad_expr(loc);
	default:
		break;
	}
	if ((e = eval_const(fe, c, loc)))
		return e;
	refuse(fe, loc, "unsupported expression");
	return bad_expr(loc);
}

/* ---------------------------------------------------------- statements */

/* stmt_append_flat, leaving out an empty statement. */
static void append_flat(Stmt *b, Stmt *s)
{
	if (s->kind != S_EMPTY)
		stmt_append_flat(b, s);
}

/* The number of scalars a copy of an object of type t assigns. */
static long copy_size(const Type *t)
{
	long n = 0;
	if (t->kind == TY_ARRAY)
		return t->len * copy_size(t->base);
	if (t->kind != TY_STRUCT)
		return 1;
	for (int i = 0; i < t->st->nfields && n < 100000; i++)
		n += copy_size(t->st->fields[i].type);
	return n;
}

/* Zero into object lhs, member by member (what C gives the members an
 * initializer list leaves out). */
static void zero_object(Stmt *out, Expr *lhs, Loc loc)
{
	Type *t = lhs->type;
	if (t->kind == TY_STRUCT) {
		for (int i = 0; i < t->st->nfields; i++)
			zero_object(out, expr_member(expr_clone(lhs), i, loc), loc);
	} else if (t->kind == TY_ARRAY) {
		for (long j = 0; j < t->len; j++)
			zero_object(out,
				    expr_index(expr_clone(lhs), expr_int(j, loc),
					       loc),
				    loc);
	} else {
		stmt_append(out, stmt_assign(A_SET, lhs,
					     type_is_float(t)
						     ? expr_num(0, t, loc)
						     : expr_int(0, loc),
					     loc));
	}
}

static Stmt *struct_assign(FE *fe, Expr *lhs, Expr *rhs, Loc loc);

/* The assignments of initializer list (or expression) c to object lhs:
 * members and elements in order, braces optional where C allows them to
 * be left out only for a scalar initializer, the rest zero. */
static void struct_init(FE *fe, Stmt *out, Expr *lhs, CXCursor c, Loc loc)
{
	Type *t = lhs->type;
	Kids ks;
	int n;
	if (t->kind != TY_STRUCT && t->kind != TY_ARRAY) {
		if (is_kind(c, CXCursor_InitListExpr)) {
			ks = expr_kids(c);
			if (ks.n != 1) {
				diag_error(cur_loc(fe, c),
					   "unsupported initializer list");
				return;
			}
			c = strip(ks.c[0]);
		}
		stmt_append(out, stmt_assign(A_SET, lhs, conv_expr(fe, c), loc));
		return;
	}
	if (!is_kind(c, CXCursor_InitListExpr)) {
		if (t->kind == TY_STRUCT) { /* a struct member from a struct */
			append_flat(out, struct_assign(fe, lhs,
						       conv_expr(fe, c), loc));
			return;
		}
		diag_error(cur_loc(fe, c), "initialize each member of a struct "
					   "with braces around arrays; ckc does "
					   "not support elided braces here");
		return;
	}
	ks = expr_kids(c);
	n = t->kind == TY_STRUCT ? t->st->nfields : (int)t->len;
	unsigned char *set = arena_alloc((size_t)n + 1);
	int pos = 0;
	for (int i = 0; i < ks.n; i++) {
		CXCursor k = strip(ks.c[i]), val = k;
		int top = pos;
		Expr *m;
		if (is_designated(k)) {
			m = designated_target(fe, lhs, k, &val, &top);
			if (!m)
				return;
		} else if (pos >= n) {
			diag_error(cur_loc(fe, ks.c[i]),
				   "unsupported initializer list");
			return;
		} else {
			m = sub_object(lhs, top, loc);
		}
		/* .in.b = x sets part of member in: a later .in.c = y sets
		 * another part (C keeps in.b), so only a second initializer
		 * of the whole member is refused */
		int part = !expr_equal(m, sub_object(lhs, top, loc));
		if (set[top] && !part) {
			diag_error(cur_loc(fe, ks.c[i]),
				   "this initializer sets a member or element "
				   "that an earlier one of the list set; ckc "
				   "supports each once");
			return;
		}
		pos = top + 1;
		if (m->kind != E_MEMBER && m->kind != E_INDEX)
			ck_unreachable();
		/* .in.b = x: the rest of in is zero, unless an earlier
		 * initializer of the list set in or part of it */
		if (part && !set[top])
			zero_object(out, sub_object(lhs, top, loc), loc);
		set[top] = 1;
		struct_init(fe, out, m, strip(val), loc);
	}
	for (int i = 0; i < n; i++)
		if (!set[i])
			zero_object(out, sub_object(lhs, i, loc), loc);
}

/* Member or element i of struct or array object lhs. */
static Expr *sub_object(const Expr *lhs, int i, Loc loc)
{
	return lhs->type->kind == TY_STRUCT
		       ? expr_member(expr_clone(lhs), i, loc)
		       : expr_index(expr_clone(lhs), expr_int(i, loc), loc);
}

/* Is initializer c designated (.m = v, [k] = v)?  Its extent starts
 * before its value's. */
static int is_designated(CXCursor c)
{
	if (!is_kind(c, CXCursor_UnexposedExpr))
		return 0;
	Kids all = kids(c);
	if (all.n < 2)
		return 0;
	CXSourceLocation a = clang_getRangeStart(clang_getCursorExtent(c));
	CXSourceLocation b =
		clang_getRangeStart(clang_getCursorExtent(all.c[all.n - 1]));
	return !clang_equalLocations(a, b);
}

/* The object that designated initializer c of lhs sets (lhs.in.b,
 * lhs[2]), with its value in *val and the index of lhs's member or
 * element that holds it in *top; NULL after an error. */
static Expr *designated_target(FE *fe, Expr *lhs, CXCursor c, CXCursor *val,
			       int *top)
{
	Kids all = kids(c);
	Loc loc = cur_loc(fe, c);
	Expr *m = lhs;
	for (int i = 0; i + 1 < all.n; i++) {
		const Type *t = m->type;
		int k = -1;
		if (is_kind(all.c[i], CXCursor_MemberRef) &&
		    t->kind == TY_STRUCT) {
			const char *name =
				cxs(clang_getCursorSpelling(all.c[i]));
			for (int j = 0; j < t->st->nfields && k < 0; j++)
				if (strcmp(t->st->fields[j].name, name) == 0)
					k = j;
		} else if (t->kind == TY_ARRAY) {
			Expr *e = eval_const(fe, all.c[i], loc);
			if (e && e->u.num.is_int && e->u.num.ival >= 0 &&
			    e->u.num.ival < t->len)
				k = (int)e->u.num.ival;
		}
		if (k < 0) {
			diag_error(loc, "unsupported designated initializer");
			return NULL;
		}
		if (i == 0)
			*top = k;
		m = sub_object(m, k, loc);
	}
	*val = all.c[all.n - 1];
	return m;
}

/* for (int i = 0; i < count; i++) with a fresh int i named from base (in
 * *iv) and an empty block as its body. */
static Stmt *counted_loop(FE *fe, const char *base, long count, int *iv,
			  Loc loc)
{
	int i = *iv = fe_temp(fe, base, type_int(), loc);
	Stmt *f = stmt_new(S_FOR, loc);
	f->u.loop.init = stmt_decl(i, expr_int(0, loc), loc);
	f->u.loop.cond = expr_binary(B_LT, expr_var(fe->f, i, loc),
				     expr_int(count, loc), type_int(), loc);
	f->u.loop.inc = stmt_assign(A_INC, expr_var(fe->f, i, loc), NULL, loc);
	f->u.loop.body = stmt_block(loc);
	return f;
}

enum { STRUCT_COPY_UNROLL = 16 };

/* The assignments struct_copy writes for an object of type t (a loop's
 * body counted once). */
static long copy_statements(const Type *t)
{
	long n = 0;
	if (t->kind == TY_ARRAY)
		return copy_size(t) > STRUCT_COPY_UNROLL
			       ? copy_statements(t->base)
			       : copy_size(t);
	if (t->kind != TY_STRUCT)
		return 1;
	for (int i = 0; i < t->st->nfields && n < 100000; i++)
		n += copy_statements(t->st->fields[i].type);
	return n;
}

/* lhs = rhs of objects of one type into out: member by member, and an
 * array of more than STRUCT_COPY_UNROLL scalars by a counted loop over
 * its elements (an array member u[32][32] is two loops, not 1024
 * statements of each generated function); without fe (a memcpy's
 * element), element by element.  Without rhs, zeros. */
static void struct_copy(FE *fe, Stmt *out, Expr *lhs, Expr *rhs, Loc loc)
{
	Type *t = lhs->type;
	if (t->kind == TY_STRUCT) {
		for (int i = 0; i < t->st->nfields; i++)
			struct_copy(fe, out,
				    expr_member(expr_clone(lhs), i, loc),
				    rhs ? expr_member(expr_clone(rhs), i, loc)
					: NULL,
				    loc);
		return;
	}
	if (!fe || t->kind != TY_ARRAY || copy_size(t) <= STRUCT_COPY_UNROLL) {
		if (rhs)
			ir_copy_object(out, lhs, rhs, loc);
		else
			zero_object(out, lhs, loc);
		return;
	}
	int i;
	Stmt *f = counted_loop(fe, "ck_i", t->len, &i, loc);
	struct_copy(
		fe, f->u.loop.body,
		expr_index(expr_clone(lhs), expr_var(fe->f, i, loc), loc),
		rhs ? expr_index(expr_clone(rhs), expr_var(fe->f, i, loc), loc)
		    : NULL,
		loc);
	stmt_append(out, f);
}

/* lhs = rhs on structs: a block of member assignments. */
static Stmt *struct_assign(FE *fe, Expr *lhs, Expr *rhs, Loc loc)
{
	Stmt *b = stmt_block(loc);
	if (lhs->type == &bad_type || rhs->type == &bad_type)
		return stmt_new(S_EMPTY, loc);
	if (rhs->kind == E_COND && !expr_has_call(rhs->u.cond.c) &&
	    !expr_has_call(lhs)) {
		/* r = c ? p : q; (or ? mk(a) : mk(b)) is if (c) r = p; else
		 * r = q;: each arm a struct assignment of its own */
		Stmt *ifs = stmt_new(S_IF, loc);
		ifs->u.ifs.cond = rhs->u.cond.c;
		ifs->u.ifs.then = struct_assign(fe, lhs, rhs->u.cond.a, loc);
		ifs->u.ifs.els =
			struct_assign(fe, expr_clone(lhs), rhs->u.cond.b, loc);
		return ifs;
	}
	if (rhs->kind == E_CALL && rhs->u.call.fn >= 0 && !expr_has_call(lhs))
		/* s = g(x): sret.c makes g fill s through a pointer */
		return stmt_assign(A_SET, lhs, rhs, loc);
	if (rhs->kind == E_CALL) {
		diag_error(loc, "a struct result of a function without a "
				"definition in this file is not supported; pass "
				"a pointer to the struct to fill instead");
		return stmt_new(S_EMPTY, loc);
	}
	if (expr_has_call(lhs) || expr_has_call(rhs) ||
	    rhs->type->kind != TY_STRUCT || rhs->type->st != lhs->type->st) {
		diag_error(loc, "unsupported struct assignment; assign its "
				"members one by one");
		return stmt_new(S_EMPTY, loc);
	}
	if ((fe ? copy_statements(lhs->type) : copy_size(lhs->type)) > 4096) {
		diag_error(loc, "struct assignment of more than 4096 scalars is "
				"not supported; copy it in a loop");
		return stmt_new(S_EMPTY, loc);
	}
	struct_copy(fe, b, lhs, rhs, loc);
	return b;
}

static Stmt *conv_expr_stmt(FE *fe, CXCursor c);

/* Is c x++, x--, ++x or --x? */
static int is_incdec(CXCursor c)
{
	if (!is_kind(c, CXCursor_UnaryOperator))
		return 0;
	switch (clang_getCursorUnaryOperatorKind(c)) {
	case CXUnaryOperator_PostInc:
	case CXUnaryOperator_PostDec:
	case CXUnaryOperator_PreInc:
	case CXUnaryOperator_PreDec:
		return 1;
	default:
		return 0;
	}
}

/* Is c (stripped) an assignment, compound assignment, ++ or --? */
static int is_assignment(CXCursor c)
{
	int assign;
	if (is_kind(c, CXCursor_CompoundAssignOperator))
		return 1;
	if (is_kind(c, CXCursor_BinaryOperator)) {
		binop_of(c, &assign);
		return assign;
	}
	return is_incdec(c);
}

/* What the statements of a converted assignment chain write: variables
 * (written[var]) and whether memory is written. */
typedef struct Writes {
	unsigned char *var;
	int nvars;
	int mem;
	int hit; /* set by writes_read: an expression reads one of them */
} Writes;

static void writes_read(void *ctx, const Expr *e)
{
	Writes *w = ctx;
	if (e->kind == E_VAR && e->u.var < w->nvars && w->var[e->u.var])
		w->hit = 1;
}

/* Does computing the value of e read memory (or call a function)? */
static void reads_memory_visit(void *ctx, const Expr *e)
{
	if (e->kind == E_INDEX || e->kind == E_DEREF || e->kind == E_CALL)
		*(int *)ctx = 1;
}

static int value_reads_memory(const Expr *e)
{
	int found = 0;
	ir_walk_expr(e, reads_memory_visit, &found);
	return found;
}

/* Does computing the address of lvalue e read memory? */
static int lvalue_reads_memory(const Expr *e)
{
	switch (e->kind) {
	case E_VAR:
	case E_GLOBAL:
		return 0;
	case E_INDEX:
		return value_reads_memory(e->u.index.idx) ||
		       (e->u.index.base->type &&
				e->u.index.base->type->kind == TY_ARRAY
			? lvalue_reads_memory(e->u.index.base)
			: value_reads_memory(e->u.index.base));
	case E_DEREF:
		return value_reads_memory(e->u.e);
	case E_MEMBER:
		return lvalue_reads_memory(e->u.mem.base);
	default:
		return 1;
	}
}

/* The value of an assignment expression: its lvalue, read again after
 * the store (C's value: the left operand after the assignment, in its
 * type).  NULL when reading it again could give another value. */
static Expr *chain_value(FE *fe, Stmt *last, CXCursor inner, Loc loc)
{
	const char *why = NULL;
	Expr *lv;
	if (last->kind != S_ASSIGN)
		return NULL;
	lv = last->u.assign.lhs;
	if (is_kind(inner, CXCursor_UnaryOperator) &&
	    (clang_getCursorUnaryOperatorKind(inner) ==
		     CXUnaryOperator_PostInc ||
	     clang_getCursorUnaryOperatorKind(inner) ==
		     CXUnaryOperator_PostDec))
		why = "the value of x++ or x-- is the old one";
	else if (expr_has_call(lv))
		why = "its target calls a function";
	else if (lvalue_reads_memory(lv))
		why = "its target's address is read from memory the "
		      "assignment may change";
	if (why) {
		refuse(fe, loc,
			   "this assignment inside an assignment is not "
			   "supported (%s); make it a statement of its own",
			   why);
		return NULL;
	}
	return expr_clone(lv);
}

/* Converts the assignment expression inner, whose value a larger
 * assignment or a declaration uses, into statements appended to block
 * (in C's order: the inner assignment is done first) and returns its
 * value, or NULL after an error.  The variables and memory the
 * statements write are added to *w. */
/* conv_expr_stmt with no x++ moved out of c (incdec_split): where the
 * statement's value or place is used, as in a chain or a for's header. */
static Stmt *conv_expr_stmt_whole(FE *fe, CXCursor c)
{
	int busy = fe->split_busy;
	fe->split_busy = 1;
	Stmt *s = conv_expr_stmt(fe, c);
	fe->split_busy = busy;
	return s;
}

static Stmt *inner_assigns(FE *fe, CXCursor root, int top);

static Expr *conv_chain_inner(FE *fe, CXCursor inner, Stmt *block, Writes *w)
{
	/* w[i] = v[i] = (t = e) + 1: t = e first (inner_assigns) */
	Stmt *s = inner_assigns(fe, inner, 1), *last;
	if (s) {
		append_flat(s, conv_expr_stmt_whole(fe, inner));
		fe->nheld = 0;
	} else {
		s = conv_expr_stmt_whole(fe, inner);
	}
	last = s;
	Loc loc = cur_loc(fe, inner);
	Stmt *tmp = stmt_block(loc);
	int i;
	append_flat(tmp, s);
	append_flat(block, s);
	if (s->kind == S_BLOCK)
		last = s->u.block.n ? s->u.block.items[s->u.block.n - 1] : s;
	for (i = 0; i < tmp->u.block.n; i++) {
		Stmt *t = tmp->u.block.items[i];
		if (t->kind != S_ASSIGN)
			continue;
		if (t->u.assign.lhs->kind == E_VAR &&
		    t->u.assign.lhs->u.var < w->nvars)
			w->var[t->u.assign.lhs->u.var] = 1;
		else
			w->mem = 1;
	}
	return chain_value(fe, last, inner, loc);
}

static Writes writes_new(FE *fe)
{
	Writes w;
	w.nvars = fe->f->nvars + 1;
	w.var = arena_alloc((size_t)w.nvars);
	w.mem = 0;
	w.hit = 0;
	return w;
}

/* Does lvalue lhs (of the outer assignment) read what the inner
 * assignments write?  C leaves that unsequenced; ckc refuses it. */
static int chain_conflict(const Expr *lhs, Writes *w)
{
	w->hit = 0;
	ir_walk_expr(lhs, writes_read, w);
	return w->hit || (w->mem && lvalue_reads_memory(lhs));
}

/* a = b = e (any assignment operators, also ++b): b = e; a = b. */
static Stmt *conv_chain(FE *fe, CXCursor c, AssignOp op, Kids ks, Loc loc)
{
	Stmt *b = stmt_block(loc);
	Writes w = writes_new(fe);
	Expr *lhs = conv_expr(fe, ks.c[0]);
	Expr *val = conv_chain_inner(fe, strip(ks.c[1]), b, &w);
	(void)c;
	if (!val)
		return b;
	if (chain_conflict(lhs, &w)) {
		refuse(fe, loc, "the target of this assignment reads what the "
				"assignment inside it changes; make the inner "
				"assignment a statement of its own");
		return b;
	}
	if (lhs->type->kind == TY_STRUCT && op == A_SET)
		append_flat(b, struct_assign(fe, lhs, val, loc));
	else
		stmt_append(b, stmt_assign(op, lhs, val, loc));
	return b;
}

/* An expression used as a statement: assignments, ++/--, calls; a comma
 * expression becomes a block of its parts, and so does a chain of
 * assignments.  Anything else has no effect and becomes S_EMPTY (after
 * its errors are reported). */
/* ------------------------------------------------- memcpy and memset
 *
 * A statement memcpy(d, s, bytes) or memset(d, 0, bytes) on arrays of
 * double (or of float) becomes the loop it stands for:
 *
 *   { long ck_n = COUNT; long ck_i;
 *     for (ck_i = 0; ck_i < ck_n; ck_i++) d[ck_i] = s[ck_i]; }
 *
 * (= 0.0 for memset), which every mode differentiates as it would the
 * user's loop.  COUNT is bytes over the element's size, read off how bytes
 * is written: a constant (sizeof buf), or a product with a constant
 * factor that is a multiple of the size (n * sizeof(double),
 * sizeof *d * n * 2).  Arrays of other element types keep the call, which
 * is fine on inactive data. */

/* A fresh local of f named after base (ck_n, ck_n2, ...). */
static int fe_temp(FE *fe, const char *base, Type *type, Loc loc)
{
	return func_add_var(fe->f, name_fresh(fe->p, fe->f, base), type,
			    VAR_LOCAL, loc);
}

/* c's value when it is an integer constant expression that a long long
 * holds. */
static int int_const(CXCursor c, long long *v)
{
	CXEvalResult r = clang_Cursor_Evaluate(c);
	int ok = r && clang_EvalResult_getKind(r) == CXEval_Int &&
		 !(clang_EvalResult_isUnsignedInt(r) &&
		   clang_EvalResult_getAsUnsigned(r) >
			   (unsigned long long)9223372036854775807LL);
	if (ok)
		*v = clang_EvalResult_getAsLongLong(r);
	if (r)
		clang_EvalResult_dispose(r);
	return ok;
}

/* The number of elements of `size` bytes in the byte count c, or NULL. */
static Expr *mem_count(FE *fe, CXCursor c, long long size)
{
	long long b;
	c = strip(c);
	if (int_const(c, &b))
		return b >= 0 && b % size == 0
			       ? expr_int(b / size, cur_loc(fe, c))
			       : NULL;
	if (!is_kind(c, CXCursor_BinaryOperator) ||
	    clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Mul)
		return NULL;
	Kids ks = expr_kids(c);
	if (ks.n != 2)
		return NULL;
	for (int k = 0; k < 2; k++) {
		CXCursor a = ks.c[k], other = ks.c[1 - k];
		Loc loc = cur_loc(fe, c);
		if (!int_const(strip(a), &b))
			continue;
		if (b > 0 && b % size == 0) {
			Expr *e = conv_expr(fe, other);
			return b == size ? e
					 : expr_binary(B_MUL, e,
						       expr_int(b / size, loc),
						       e->type, loc);
		}
		Expr *e = mem_count(fe, other, size);
		if (e)
			return expr_binary(B_MUL, e, expr_int(b, loc), e->type,
					   loc);
	}
	return NULL;
}

/* The floating element type of the array or pointer argument c (before
 * its conversion to void *), or CXType_Invalid. */
static enum CXTypeKind mem_elem_kind(CXCursor c)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(strip(c)));
	if (t.kind == CXType_Pointer)
		t = clang_getPointeeType(t);
	else if (t.kind == CXType_ConstantArray ||
		 t.kind == CXType_IncompleteArray ||
		 t.kind == CXType_VariableArray)
		t = clang_getArrayElementType(t);
	else
		return CXType_Invalid;
	t = clang_getCanonicalType(t);
	/* (through rows: double A[n][3], double (*R)[3]) */
	while (t.kind == CXType_ConstantArray)
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	return t.kind == CXType_Double || t.kind == CXType_Float
		       ? t.kind
		       : CXType_Invalid;
}

/* p as base + off: &a[k] and a + k give a and k, anything else p and
 * NULL (offset 0). */
static void mem_split(Expr *p, Expr **base, Expr **off)
{
	*base = p;
	*off = NULL;
	if (p->kind == E_ADDR && p->u.e->kind == E_INDEX) {
		*base = p->u.e->u.index.base;
		*off = p->u.e->u.index.idx;
	} else if (p->kind == E_BINARY && p->u.bin.op == B_ADD &&
		   type_is_pointerish(p->u.bin.l->type) &&
		   !type_is_pointerish(p->u.bin.r->type)) {
		*base = p->u.bin.l;
		*off = p->u.bin.r;
	}
}

/* Number flat of the numbers that root points to, counted across its
 * rows: root[flat] for numbers, root[flat / (m * k)][flat / k % m][flat %
 * k] for rows [m][k]. */
static Expr *mem_rows_elem(Expr *root, Expr *flat, Loc loc)
{
	long stride = 1;
	for (const Type *t = root->type->base; t->kind == TY_ARRAY;
	     t = t->base)
		stride *= t->len;
	Expr *e = expr_index(root,
			     stride == 1 ? flat
					 : expr_binary(B_DIV, expr_clone(flat),
						       expr_int(stride, loc),
						       type_long(), loc),
			     loc);
	while (e->type->kind == TY_ARRAY) {
		stride /= e->type->len;
		Expr *k = stride == 1 ? expr_clone(flat)
				      : expr_binary(B_DIV, expr_clone(flat),
						    expr_int(stride, loc),
						    type_long(), loc);
		e = expr_index(e,
			       expr_binary(B_MOD, k,
					   expr_int(e->type->len, loc),
					   type_long(), loc),
			       loc);
	}
	return e;
}

/* Element i of the array p points to: p[i], or a[k + i] for p = &a[k] or
 * p = a + k; counted across rows where p points into rows (a row A[r],
 * &A[r][c], A[r] + c: from A's start, r * m + c + i for rows of m, which
 * the copy may run past). */
static Expr *mem_elem(FE *fe, Expr *p, int i, Loc loc)
{
	Expr *base, *off, *iv = expr_var(fe->f, i, loc);
	mem_split(p, &base, &off);
	if (base->kind == E_INDEX && base->type->kind == TY_ARRAY) {
		Expr *start = off;
		while (base->kind == E_INDEX && base->type->kind == TY_ARRAY) {
			Expr *r = expr_binary(
				B_MUL, base->u.index.idx,
				expr_int(type_scalars(base->type), loc),
				type_long(), loc);
			start = start ? expr_binary(B_ADD, r, start,
						    type_long(), loc)
				      : r;
			base = base->u.index.base;
		}
		return mem_rows_elem(
			base, expr_binary(B_ADD, start, iv, type_long(), loc),
			loc);
	}
	if (!off)
		return mem_rows_elem(p, iv, loc);
	long stride = 1;
	for (const Type *t = base->type->base; t->kind == TY_ARRAY;
	     t = t->base)
		stride *= t->len;
	if (stride > 1) /* (rows R + k: k counts rows) */
		off = expr_binary(B_MUL, off, expr_int(stride, loc),
				  type_long(), loc);
	return mem_rows_elem(
		base, expr_binary(B_ADD, off, iv, type_long(), loc), loc);
}

/* lhs = rhs, or lhs = 0 without rhs; a struct member by member. */
static Stmt *mem_store(Expr *lhs, Expr *rhs, Loc loc)
{
	if (lhs->type->kind != TY_STRUCT)
		return stmt_assign(A_SET, lhs,
				   rhs ? rhs : expr_num(0.0, lhs->type, loc),
				   loc);
	if (rhs)
		return struct_assign(NULL, lhs, rhs, loc);
	Stmt *b = stmt_block(loc);
	zero_object(b, lhs, loc);
	return b;
}

/* for (i = 0; i < n; i++) d[i] = s[i] (= 0.0 without s), or with
 * back the same from i = n - 1 down to 0 (memmove onto a later part of
 * the same array). */
static Stmt *mem_loop(FE *fe, Expr *d, Expr *s, int n, int i, int back,
		      Loc loc)
{
	Stmt *f = stmt_new(S_FOR, loc);
	Expr *from = back ? expr_binary(B_SUB, expr_var(fe->f, n, loc),
					expr_int(1, loc), type_long(), loc)
			  : expr_int(0, loc);
	f->u.loop.init =
		stmt_assign(A_SET, expr_var(fe->f, i, loc), from, loc);
	f->u.loop.cond =
		back ? expr_binary(B_GE, expr_var(fe->f, i, loc),
				   expr_int(0, loc), type_int(), loc)
		     : expr_binary(B_LT, expr_var(fe->f, i, loc),
				   expr_var(fe->f, n, loc), type_int(), loc);
	f->u.loop.inc = stmt_assign(back ? A_DEC : A_INC,
				    expr_var(fe->f, i, loc), NULL, loc);
	f->u.loop.body = mem_store(mem_elem(fe, d, i, loc),
				   s ? mem_elem(fe, s, i, loc) : NULL, loc);
	return f;
}

/* Is offset off (NULL: 0) an integer literal? */
static int mem_off_const(const Expr *off, long long *k)
{
	if (!off) {
		*k = 0;
		return 1;
	}
	if (off->kind == E_NUM && off->u.num.is_int) {
		*k = off->u.num.ival;
		return 1;
	}
	return 0;
}

/* The block of a memcpy's or memset's loop, with its count n and index
 * i declared, and the destination d and source s (null cursor: none, *s
 * NULL) converted; NULL after an error. */
static Stmt *mem_block(FE *fe, CXCursor d, CXCursor s, Expr *count, Expr **de,
		       Expr **se, int *n, int *i, Loc loc)
{
	*de = conv_expr(fe, d);
	*se = clang_Cursor_isNull(s) ? NULL : conv_expr(fe, s);
	if (!type_is_pointerish((*de)->type) ||
	    (*se && !type_is_pointerish((*se)->type)))
		return NULL;
	Stmt *blk = stmt_block(loc);
	*n = fe_temp(fe, "ck_n", type_long(), loc);
	*i = fe_temp(fe, "ck_i", type_long(), loc);
	stmt_append(blk, stmt_decl(*n, count, loc));
	stmt_append(blk, stmt_decl(*i, NULL, loc));
	return blk;
}

/* The canonical element type of the array or pointer c points into. */
static CXType mem_elem_type(CXCursor c)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(strip(c)));
	if (t.kind == CXType_Pointer)
		return clang_getCanonicalType(clang_getPointeeType(t));
	if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
		return clang_getCanonicalType(clang_getArrayElementType(t));
	return t;
}

/* memcpy or memset (to 0 or -1, all bits set) into a local array of
 * integers, which f_bwd may keep a copy of only when element stores alone
 * change it (adj_int_array): the loop it stands for, or NULL to keep the
 * call (other arrays, element types or values). */
static Stmt *mem_int_local(FE *fe, const char *name, CXCursor *a, Loc loc)
{
	CXCursor d = strip(a[0]);
	if (!is_kind(d, CXCursor_DeclRefExpr))
		return NULL;
	CXCursor v = clang_getCursorReferenced(d);
	CXType t = clang_getCanonicalType(clang_getCursorType(v));
	if (!is_kind(v, CXCursor_VarDecl) || t.kind != CXType_ConstantArray ||
	    clang_Cursor_hasVarDeclGlobalStorage(v))
		return NULL;
	CXType et = clang_getCanonicalType(clang_getArrayElementType(t));
	switch (et.kind) {
	case CXType_Char_S:
	case CXType_Char_U:
	case CXType_SChar:
	case CXType_UChar:
	case CXType_Short:
	case CXType_UShort:
	case CXType_Int:
	case CXType_UInt:
	case CXType_Long:
	case CXType_ULong:
	case CXType_LongLong:
	case CXType_ULongLong:
		break;
	default:
		return NULL;
	}
	int cpy = !strcmp(name, "memcpy");
	long long val = 0;
	if (!strcmp(name, "memmove") ||
	    (cpy && !clang_equalTypes(mem_elem_type(a[1]), et)) ||
	    (!cpy &&
	     (!int_const(strip(a[1]), &val) || (val != 0 && val != -1))))
		return NULL;
	Expr *count = mem_count(fe, a[2], clang_Type_getSizeOf(et));
	if (!count)
		return NULL;
	Expr *de, *se;
	int n, i;
	Stmt *blk = mem_block(fe, d, cpy ? strip(a[1]) : clang_getNullCursor(),
			      count, &de, &se, &n, &i, loc);
	if (!blk)
		return stmt_new(S_EMPTY, loc); /* an error was reported */
	Stmt *loop = mem_loop(fe, de, se, n, i, 0, loc);
	if (!cpy)
		loop->u.loop.body->u.assign.rhs = expr_int(val, loc);
	stmt_append(blk, loop);
	return blk;
}

/* The loop for a statement that calls memcpy or memset on floating
 * arrays, or NULL for any other call. */
/* The struct p points to: s for &s, *p otherwise. */
static Expr *mem_struct_elem(Expr *p)
{
	return p->kind == E_ADDR ? p->u.e : expr_deref(p, p->loc);
}

/* memcpy, memmove or memset (to 0) of structs that hold floating data,
 * memcpy(&t, &b[i], sizeof t): struct assignments (one, or a loop of
 * them), member by member as `t = b[i]` would be. */
static Stmt *mem_struct(FE *fe, const char *name, CXCursor *a, Loc loc)
{
	int cpy = strcmp(name, "memset") != 0;
	CXType et = mem_elem_type(a[0]);
	long long v;
	if (cpy &&
	    !clang_equalTypes(clang_getUnqualifiedType(et),
			      clang_getUnqualifiedType(mem_elem_type(a[1])))) {
		refuse(fe, loc,
		       "%s between different types is not supported; "
		       "assign the struct instead",
		       name);
		return stmt_new(S_EMPTY, loc);
	}
	if (!cpy && (!int_const(strip(a[1]), &v) || v != 0)) {
		refuse(fe, cur_loc(fe, a[1]),
		       "memset of a struct to anything but 0 is not "
		       "supported; assign its members");
		return stmt_new(S_EMPTY, loc);
	}
	Expr *count = mem_count(fe, a[2], clang_Type_getSizeOf(et));
	if (!count) {
		refuse(fe, cur_loc(fe, a[2]),
		       "ckc cannot tell how many structs this %s covers; "
		       "write the size as a count times sizeof of the struct",
		       name);
		return stmt_new(S_EMPTY, loc);
	}
	/* (memmove of structs: only one, which overlaps itself at most) */
	int one = count->kind == E_NUM && count->u.num.ival == 1;
	if (!strcmp(name, "memmove") && !one) {
		refuse(fe, loc,
		       "memmove of several structs is not supported; use "
		       "memcpy where they never overlap, or a loop");
		return stmt_new(S_EMPTY, loc);
	}
	CXCursor src = cpy ? strip(a[1]) : clang_getNullCursor();
	if (!one) {
		Expr *d, *s;
		int n, i;
		Stmt *blk = mem_block(fe, strip(a[0]), src, count, &d, &s, &n,
				      &i, loc);
		if (!blk)
			return stmt_new(S_EMPTY,
					loc); /* an error was reported */
		stmt_append(blk, mem_loop(fe, d, s, n, i, 0, loc));
		return blk;
	}
	/* one struct: t = *p, or t = b[i] for &b[i] */
	Expr *d = conv_expr(fe, strip(a[0]));
	Expr *s = cpy ? conv_expr(fe, src) : NULL;
	if (!type_is_pointerish(d->type) ||
	    (s && !type_is_pointerish(s->type)))
		return stmt_new(S_EMPTY, loc); /* an error was reported */
	Stmt *blk = stmt_block(loc);
	append_flat(blk, mem_store(mem_struct_elem(d),
				   s ? mem_struct_elem(s) : NULL, loc));
	return blk;
}

/* memset(V, 0, sizeof V) and memcpy(V, U, sizeof V) of a whole array of
 * arrays of structs that hold floating data (Q V[2][3]): the struct
 * assignment V = U (struct_copy), or zeros.  Only when the byte count is
 * a constant equal to V's size, and U has V's type; NULL otherwise. */
static Stmt *mem_whole_rows(FE *fe, int cpy, CXCursor *a, Loc loc)
{
	CXCursor d = strip(a[0]);
	CXType dt = clang_getCanonicalType(clang_getCursorType(d));
	/* (or rows behind a pointer, Q (*d)[3] of a parameter Q d[2][3],
	 * the count a whole number of rows) */
	int rows = dt.kind == CXType_Pointer;
	CXType row =
		rows ? clang_getCanonicalType(clang_getPointeeType(dt))
		     : clang_getCanonicalType(clang_getArrayElementType(dt));
	if ((!rows && dt.kind != CXType_ConstantArray) ||
	    row.kind != CXType_ConstantArray)
		return NULL;
	CXType el = row;
	while (el.kind == CXType_ConstantArray)
		el = clang_getCanonicalType(clang_getArrayElementType(el));
	if (el.kind != CXType_Record || !cx_struct_with_float(fe, el))
		return NULL;
	Expr *n = eval_const(fe, strip(a[2]), loc);
	long long v, rsize = clang_Type_getSizeOf(row);
	if (!n || !n->u.num.is_int || rsize <= 0 ||
	    (rows ? n->u.num.ival <= 0 || n->u.num.ival % rsize
		  : n->u.num.ival != clang_Type_getSizeOf(dt)))
		return NULL;
	if (cpy) {
		CXType st = clang_getCanonicalType(
			clang_getCursorType(strip(a[1])));
		CXType srow = st.kind == CXType_Pointer
				      ? clang_getPointeeType(st)
				      : clang_getArrayElementType(st);
		if ((st.kind != CXType_Pointer &&
		     st.kind != CXType_ConstantArray) ||
		    !clang_equalTypes(clang_getUnqualifiedType(
					      clang_getCanonicalType(srow)),
				      row))
			return NULL;
	}
	if (!cpy && (!int_const(strip(a[1]), &v) || v != 0))
		return NULL;
	Expr *de = conv_expr(fe, d);
	Expr *se = cpy ? conv_expr(fe, strip(a[1])) : NULL;
	if (de->type == &bad_type || (se && se->type == &bad_type))
		return stmt_new(S_EMPTY, loc);
	Stmt *b = stmt_block(loc);
	/* (a parameter declared Q d[2][3] has the array's type in clang and
	 * a pointer's here) */
	if (de->type->kind == TY_ARRAY &&
	    (!se || se->type->kind == TY_ARRAY)) {
		struct_copy(fe, b, de, se, loc);
		return b;
	}
	/* for (r = 0; r < count / sizeof row; r++) d[r] = s[r]; */
	int r;
	Stmt *f = counted_loop(fe, "ck_r", n->u.num.ival / rsize, &r, loc);
	struct_copy(fe, f->u.loop.body,
		    expr_index(de, expr_var(fe->f, r, loc), loc),
		    se ? expr_index(se, expr_var(fe->f, r, loc), loc) : NULL,
		    loc);
	stmt_append(b, f);
	return b;
}

static Stmt *conv_mem(FE *fe, CXCursor c, Loc loc)
{
	Kids ks = expr_kids(c);
	CXCursor callee = ks.n ? strip(ks.c[0]) : clang_getNullCursor();
	if (!is_kind(callee, CXCursor_DeclRefExpr))
		return NULL;
	const char *name = cxs(
		clang_getCursorSpelling(clang_getCursorReferenced(callee)));
	int move = !strcmp(name, "memmove");
	int cpy = move || !strcmp(name, "memcpy");
	if ((!cpy && strcmp(name, "memset")) ||
	    clang_Cursor_getNumArguments(c) != 3)
		return NULL;
	CXCursor a[3];
	for (int k = 0; k < 3; k++)
		a[k] = clang_Cursor_getArgument(c, (unsigned)k);
	enum CXTypeKind ek = mem_elem_kind(a[0]);
	Stmt *whole = mem_whole_rows(fe, cpy && !move, a, loc);
	if (whole)
		return whole;
	if (ek == CXType_Invalid &&
	    mem_elem_type(a[0]).kind == CXType_Record &&
	    cx_struct_with_float(fe, mem_elem_type(a[0])))
		return mem_struct(fe, name, a, loc);
	if (ek == CXType_Invalid)
		return mem_int_local(fe, name, a, loc);
	long long size = ek == CXType_Double ? (long long)sizeof(double)
					     : (long long)sizeof(float),
		  v;
	if (move && (mem_elem_type(a[0]).kind == CXType_ConstantArray ||
		     mem_elem_type(a[1]).kind == CXType_ConstantArray)) {
		refuse(fe, loc,
		       "memmove of arrays of rows is not supported; use "
		       "memcpy where they never overlap, or a loop");
		return stmt_new(S_EMPTY, loc);
	}
	if (cpy && mem_elem_kind(a[1]) != ek) {
		refuse(fe, loc,
		       "%s between arrays of different element types is "
		       "not supported; copy element by element",
		       name);
		return stmt_new(S_EMPTY, loc);
	}
	if (!cpy && (!int_const(strip(a[1]), &v) || v != 0)) {
		refuse(fe, cur_loc(fe, a[1]),
		       "memset of a floating-point array to anything but 0 is "
		       "not supported; assign the elements in a loop");
		return stmt_new(S_EMPTY, loc);
	}
	Expr *count = mem_count(fe, a[2], size);
	if (!count) {
		refuse(fe, cur_loc(fe, a[2]),
		       "ckc cannot tell how many elements this %s covers; "
		       "write the size as a count times sizeof(%s)",
		       name, ek == CXType_Double ? "double" : "float");
		return stmt_new(S_EMPTY, loc);
	}
	Expr *d, *s;
	int n, i;
	Stmt *blk = mem_block(fe, strip(a[0]),
			      cpy ? strip(a[1]) : clang_getNullCursor(), count,
			      &d, &s, &n, &i, loc);
	if (!blk)
		return stmt_new(S_EMPTY, loc); /* an error was reported */
	if (!move) {
		stmt_append(blk, mem_loop(fe, d, s, n, i, 0, loc));
		return blk;
	}
	/* memmove: forward where d is not after s in the same array (the
	 * same variable, or the same member array), backward where it is */
	Expr *db, *doff, *sb, *soff;
	mem_split(d, &db, &doff);
	mem_split(s, &sb, &soff);
	long long dk, sk;
	int same = expr_equal(db, sb); /* one array (a local's, s.a) */
	if (!same && (db->kind != E_VAR || sb->kind != E_VAR)) {
		refuse(fe, loc,
		       "ckc cannot tell which arrays this memmove copies "
		       "between; pass arrays or a + k");
		return stmt_new(S_EMPTY, loc);
	}
	if (!same) {
		const Var *x = fe->f->vars[db->u.var],
			  *y = fe->f->vars[sb->u.var];
		if ((x->kind != VAR_LOCAL || x->type->kind != TY_ARRAY) &&
		    (y->kind != VAR_LOCAL || y->type->kind != TY_ARRAY)) {
			refuse(fe, loc,
			       "ckc cannot tell whether '%s' and '%s' "
			       "overlap, "
			       "so which way this memmove copies; use memcpy "
			       "where they never do, or a loop",
			       x->name, y->name);
			return stmt_new(S_EMPTY, loc);
		}
		stmt_append(blk, mem_loop(fe, d, s, n, i, 0, loc));
		return blk;
	}
	if (mem_off_const(doff, &dk) && mem_off_const(soff, &sk)) {
		stmt_append(blk, mem_loop(fe, d, s, n, i, dk > sk, loc));
		return blk;
	}
	/* in an array (not behind a pointer) no offset is below 0: d at
	 * offset 0 is not after s, s at offset 0 not after d (a test of k
	 * against 0 would leave a branch that indexes with k < 0, which
	 * gcc's -Warray-bounds reports) */
	if (db->type->kind == TY_ARRAY &&
	    ((mem_off_const(doff, &dk) && dk == 0) ||
	     (mem_off_const(soff, &sk) && sk == 0))) {
		stmt_append(blk,
			    mem_loop(fe, d, s, n, i,
				     !(mem_off_const(doff, &dk) && dk == 0),
				     loc));
		return blk;
	}
	Stmt *ifs = stmt_new(S_IF, loc);
	ifs->u.ifs.cond = expr_binary(
		B_LE, doff ? expr_clone(doff) : expr_int(0, loc),
		soff ? expr_clone(soff) : expr_int(0, loc), type_int(), loc);
	ifs->u.ifs.then = mem_loop(fe, d, s, n, i, 0, loc);
	ifs->u.ifs.els =
		mem_loop(fe, expr_clone(d), expr_clone(s), n, i, 1, loc);
	stmt_append(blk, ifs);
	return blk;
}

/* ------------------------------------------------ x++ in a statement
 *
 * An expression statement holding x++ (x--, ++x, --x) of integer or
 * pointer locals or parameters inside it, `buf[k++] = e;` or
 * `*q++ = 2 * *p++;`, is the statement with each x for its x++, followed
 * by `x++;` (preceded, for ++x).  Only when that moves nothing C orders:
 * each x is a different variable, mentioned nowhere else in the
 * statement, which has no ?:, && or || (an increment would be
 * conditional) and calls only functions it does not define (which cannot
 * see a local).  A declaration's initializer, `double v = *p++;`, is
 * split the same way (conv_decl_init). */

typedef struct IncScan {
	int n;                      /* increments and decrements found */
	CXCursor inc[FE_MAX_SPLIT]; /* the first FE_MAX_SPLIT of them */
	CXCursor var[FE_MAX_SPLIT]; /* their operands' declarations */
	int refs[FE_MAX_SPLIT];     /* references to each var */
	int deref[FE_MAX_SPLIT];    /* (*p)++: var is the pointer p */
	/* s->n++ or s.n++: var is the field n, base the variable s */
	CXCursor base[FE_MAX_SPLIT];
	int member[FE_MAX_SPLIT];
	/* a[k]++: var is the array a, idx the index k */
	CXCursor idx[FE_MAX_SPLIT];
	int elem[FE_MAX_SPLIT];
	/* ?:, &&, ||, an assignment, a call through a pointer, x++ of
	 * something other than a variable or an element */
	int bad;
	int calls; /* a call of a function of the file */
} IncScan;

static int effects_count(CXCursor c);

static enum CXChildVisitResult inc_scan_visit(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	IncScan *sc = data;
	(void)parent;
	switch (clang_getCursorKind(c)) {
	case CXCursor_UnaryOperator: {
		if (!is_incdec(c))
			break;
		Kids ks = expr_kids(c);
		CXCursor op =
			ks.n == 1 ? strip(ks.c[0]) : clang_getNullCursor();
		/* (*p)++: the integer p points to */
		int deref = is_kind(op, CXCursor_UnaryOperator) &&
			    clang_getCursorUnaryOperatorKind(op) ==
				    CXUnaryOperator_Deref &&
			    expr_kids(op).n == 1;
		if (deref)
			op = strip(expr_kids(op).c[0]);
		/* s->n++, s.n++: an integer member of a struct variable */
		CXCursor mbase = clang_getNullCursor();
		if (!deref && is_kind(op, CXCursor_MemberRefExpr) &&
		    expr_kids(op).n == 1 &&
		    is_kind(strip(expr_kids(op).c[0]), CXCursor_DeclRefExpr))
			mbase = clang_getCursorReferenced(
				strip(expr_kids(op).c[0]));
		/* nnb[i]++: an integer element of an array variable */
		CXCursor ebase = clang_getNullCursor();
		if (!deref && is_kind(op, CXCursor_ArraySubscriptExpr) &&
		    expr_kids(op).n == 2 &&
		    is_kind(strip(expr_kids(op).c[0]), CXCursor_DeclRefExpr) &&
		    !effects_count(expr_kids(op).c[1])) {
			ebase = clang_getCursorReferenced(
				strip(expr_kids(op).c[0]));
			sc->idx[sc->n] = expr_kids(op).c[1];
		}
		if (sc->n == FE_MAX_SPLIT ||
		    (!is_kind(op, CXCursor_DeclRefExpr) &&
		     clang_Cursor_isNull(mbase) &&
		     clang_Cursor_isNull(ebase))) {
			sc->bad = 1;
			break;
		}
		sc->elem[sc->n] = !clang_Cursor_isNull(ebase);
		if (sc->elem[sc->n]) {
			sc->member[sc->n] = 0;
			sc->base[sc->n] = clang_getNullCursor();
			sc->deref[sc->n] = 0;
			sc->inc[sc->n] = c;
			sc->var[sc->n] = ebase;
			sc->n++;
			break;
		}
		sc->member[sc->n] = !clang_Cursor_isNull(mbase);
		sc->base[sc->n] = mbase;
		sc->deref[sc->n] = deref;
		sc->inc[sc->n] = c;
		sc->var[sc->n] = clang_getCursorReferenced(op);
		sc->n++;
		break;
	}
	case CXCursor_ConditionalOperator: {
		/* c ? a : b runs c on every evaluation: an increment in c
		 * moves out as anywhere else (m[k++] ? x : 0); one in an arm
		 * does not */
		Kids ks = expr_kids(c);
		if (ks.n != 3) {
			sc->bad = 1;
			break;
		}
		inc_scan_visit(ks.c[0], c, sc);
		clang_visitChildren(ks.c[0], inc_scan_visit, sc);
		for (int i = 1; i < 3; i++) {
			IncScan arm;
			memset(&arm, 0, sizeof arm);
			inc_scan_visit(ks.c[i], c, &arm);
			clang_visitChildren(ks.c[i], inc_scan_visit, &arm);
			if (arm.n || arm.bad)
				sc->bad = 1;
			sc->calls |= arm.calls;
		}
		return CXChildVisit_Continue;
	}
	case CXCursor_CompoundAssignOperator:
		sc->bad = 1;
		break;
	case CXCursor_BinaryOperator: {
		int assign;
		enum CXBinaryOperatorKind k =
			clang_getCursorBinaryOperatorKind(c);
		binop_of(c, &assign);
		if (k == CXBinaryOperator_LAnd || k == CXBinaryOperator_LOr ||
		    k == CXBinaryOperator_Comma || assign)
			sc->bad = 1;
		break;
	}
	case CXCursor_CallExpr: {
		CXCursor f = clang_getCursorReferenced(c);
		if (clang_Cursor_isNull(f))
			sc->bad = 1;
		else if (!clang_Cursor_isNull(clang_getCursorDefinition(f)))
			sc->calls = 1;
		break;
	}
	default:
		break;
	}
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult inc_refs_visit(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	IncScan *sc = data;
	(void)parent;
	if (is_kind(c, CXCursor_DeclRefExpr)) {
		CXCursor v = clang_getCursorReferenced(c);
		for (int k = 0; k < sc->n; k++)
			if (!sc->member[k] &&
			    clang_equalCursors(v, sc->var[k]))
				sc->refs[k]++;
	} else if (is_kind(c, CXCursor_MemberRefExpr)) {
		/* s->n, s.n of an s->n++ being moved (through s only: a
		 * read through another pointer to s would be unsequenced) */
		CXCursor v = clang_getCursorReferenced(c);
		Kids ks = expr_kids(c);
		CXCursor b =
			ks.n == 1 ? strip(ks.c[0]) : clang_getNullCursor();
		for (int k = 0; k < sc->n; k++)
			if (sc->member[k] &&
			    clang_equalCursors(v, sc->var[k]) &&
			    is_kind(b, CXCursor_DeclRefExpr) &&
			    clang_equalCursors(clang_getCursorReferenced(b),
					       sc->base[k]))
				sc->refs[k]++;
	}
	return CXChildVisit_Recurse;
}

/* Whether v, the operand of an x++ to move out, is an integer or pointer
 * local or parameter of the function; with deref, a local or parameter
 * that points to an integer or pointer ((*v)++). */
static int inc_var_ok(CXCursor v, int deref)
{
	enum CXCursorKind vk = clang_getCursorKind(v);
	CXType vt = clang_getCanonicalType(clang_getCursorType(v));
	if (deref) {
		if (vt.kind != CXType_Pointer)
			return 0;
		vt = clang_getCanonicalType(clang_getPointeeType(vt));
	}
	enum CX_StorageClass sc = clang_Cursor_getStorageClass(v);
	if (vk != CXCursor_VarDecl && vk != CXCursor_ParmDecl)
		return 0;
	/* a static or a global (return ++calls; buf[gpos++] = e): 2, for
	 * a statement that calls no function of the file, which could see
	 * it before its step */
	int shared = sc == CX_SC_Static || sc == CX_SC_Extern ||
		     is_kind(clang_getCursorSemanticParent(v),
			     CXCursor_TranslationUnit);
	if (shared && deref)
		return 0;
	if (!((vt.kind >= CXType_Bool && vt.kind <= CXType_Int128) ||
	      vt.kind == CXType_Pointer || vt.kind == CXType_Float ||
	      vt.kind == CXType_Double))
		return 0;
	return shared ? 2 : 1;
}

typedef struct IdxUse {
	const IncScan *sc;
	int hit;
} IdxUse;

static enum CXChildVisitResult inc_idx_visit(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	IdxUse *u = data;
	(void)parent;
	if (is_kind(c, CXCursor_DeclRefExpr))
		for (int k = 0; k < u->sc->n; k++)
			if (clang_equalCursors(clang_getCursorReferenced(c),
					       u->sc->var[k]))
				u->hit = 1;
	return CXChildVisit_Recurse;
}

/* Whether the element increment a[i]++ (number k of sc) may move out: a
 * is a local array or a parameter pointer (not static) of integers or
 * floating values, and its index reads no variable the statement steps
 * (nor a itself), so a[i] names the same element after the statement. */
static int inc_elem_ok(const IncScan *sc, int k)
{
	CXCursor v = sc->var[k];
	enum CXCursorKind vk = clang_getCursorKind(v);
	CXType t = clang_getCanonicalType(clang_getCursorType(v));
	enum CX_StorageClass stc = clang_Cursor_getStorageClass(v);
	if ((vk != CXCursor_VarDecl && vk != CXCursor_ParmDecl) ||
	    stc == CX_SC_Static || stc == CX_SC_Extern ||
	    is_kind(clang_getCursorSemanticParent(v),
		    CXCursor_TranslationUnit))
		return 0;
	CXType e = t.kind == CXType_Pointer ? clang_getPointeeType(t)
		   : t.kind == CXType_ConstantArray
			   ? clang_getArrayElementType(t)
			   : t;
	e = clang_getCanonicalType(e);
	if (((e.kind < CXType_Bool || e.kind > CXType_Int128) &&
	     e.kind != CXType_Float && e.kind != CXType_Double) ||
	    clang_isConstQualifiedType(e))
		return 0;
	IdxUse u = { sc, 0 };
	if (is_kind(strip(sc->idx[k]), CXCursor_DeclRefExpr))
		inc_idx_visit(strip(sc->idx[k]), clang_getNullCursor(), &u);
	clang_visitChildren(sc->idx[k], inc_idx_visit, &u);
	return !u.hit;
}

/* Whether the member increment s->n++ (s.n++) may move out: s is a
 * local or parameter (a struct, or a pointer to one), n an integer or
 * pointer field. */
static int inc_member_ok(CXCursor base, CXCursor field)
{
	enum CXCursorKind bk = clang_getCursorKind(base);
	enum CX_StorageClass sc = clang_Cursor_getStorageClass(base);
	CXType ft = clang_getCanonicalType(clang_getCursorType(field));
	if ((bk != CXCursor_VarDecl && bk != CXCursor_ParmDecl) ||
	    sc == CX_SC_Static || sc == CX_SC_Extern ||
	    is_kind(clang_getCursorSemanticParent(base),
		    CXCursor_TranslationUnit) ||
	    !is_kind(field, CXCursor_FieldDecl))
		return 0;
	return (ft.kind >= CXType_Bool && ft.kind <= CXType_Int128) ||
	       ft.kind == CXType_Pointer;
}

/* Scans c (a statement, or with top a declaration's initializer, c
 * itself included) for the x++ that may move out of it into
 * fe->split_inc; 0 when there is none or moving one could change what c
 * does. */
static int incdec_scan(FE *fe, CXCursor c, int top)
{
	IncScan sc;
	memset(&sc, 0, sizeof sc);
	if (fe->split_busy)
		return 0;
	if (top)
		inc_scan_visit(c, clang_getNullCursor(), &sc);
	clang_visitChildren(c, inc_scan_visit, &sc);
	if (sc.n == 0 || sc.bad)
		return 0;
	for (int k = 0; k < sc.n; k++) {
		int ok = sc.elem[k]     ? inc_elem_ok(&sc, k)
			 : sc.member[k] ? inc_member_ok(sc.base[k], sc.var[k])
					: inc_var_ok(sc.var[k], sc.deref[k]);
		/* (2: a static or a global, which a call could see) */
		if (!ok || (ok == 2 && sc.calls))
			return 0;
	}
	/* a function of the file that the statement calls sees x before its
	 * step moves out: only a variable whose address f never takes is
	 * out of its reach (out[no++] = act(s)) */
	for (int k = 0; sc.calls && k < sc.n; k++) {
		VarWrite a = { sc.var[k], 1, 0 };
		if (sc.member[k] || sc.deref[k] || sc.elem[k] || !fe->fdef)
			return 0;
		clang_visitChildren(fe->fdef->def, addr_taken_visit, &a);
		if (a.found)
			return 0;
	}
	if (is_kind(c, CXCursor_DeclRefExpr))
		inc_refs_visit(c, clang_getNullCursor(), &sc);
	clang_visitChildren(c, inc_refs_visit, &sc);
	for (int k = 0; k < sc.n; k++)
		if (sc.refs[k] != 1)
			return 0;
	for (int k = 0; k < sc.n; k++) {
		fe->split_inc[k] = sc.inc[k];
		fe->split_adj[k] = 0;
	}
	fe->nsplit = sc.n;
	return 1;
}

/* Counts the x++ and assignments in c (c included). */
static enum CXChildVisitResult effects_visit(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	int *n = data;
	int assign = 0;
	(void)parent;
	if (is_incdec(c) || is_kind(c, CXCursor_CompoundAssignOperator))
		(*n)++;
	else if (is_kind(c, CXCursor_BinaryOperator)) {
		binop_of(c, &assign);
		*n += assign;
	}
	return CXChildVisit_Recurse;
}

static int effects_count(CXCursor c)
{
	int n = 0;
	effects_visit(c, clang_getNullCursor(), &n);
	clang_visitChildren(c, effects_visit, &n);
	return n;
}

/* incdec_scan of a condition c: of c itself, or, when c is a chain of
 * && and || whose first operand (always evaluated, before the others)
 * holds all of c's x++, of that operand; the other operands may then
 * read x, after the step as in C: if (x[j++] > 0 || j >= n). */
static int incdec_scan_cond(FE *fe, CXCursor c)
{
	if (incdec_scan(fe, c, 1))
		return 1;
	CXCursor left = c;
	while (is_kind(left, CXCursor_BinaryOperator)) {
		enum CXBinaryOperatorKind k =
			clang_getCursorBinaryOperatorKind(left);
		if (k != CXBinaryOperator_LAnd && k != CXBinaryOperator_LOr)
			break;
		left = strip(expr_kids(left).c[0]);
	}
	if (clang_equalCursors(left, c) ||
	    effects_count(left) != effects_count(c))
		return 0;
	return incdec_scan(fe, left, 1);
}

/* Whether c is one of the x++ being moved out of its statement. */
static int is_split_inc(FE *fe, CXCursor c)
{
	for (int k = 0; k < fe->nsplit; k++)
		if (clang_equalCursors(c, fe->split_inc[k]))
			return 1;
	return 0;
}

/* The step of x++ (x--, ++x, --x) inc as a statement: x++ or x--. */
static Stmt *incdec_step(FE *fe, CXCursor inc, Loc loc)
{
	enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(inc);
	int up = u == CXUnaryOperator_PreInc || u == CXUnaryOperator_PostInc;
	return stmt_assign(up ? A_INC : A_DEC,
			   conv_expr(fe, expr_kids(inc).c[0]), NULL, loc);
}

/* Appends to b the steps of fe->split_inc that come before their
 * statement (pre: ++x, --x) or after it, and forgets them when after. */
static void incdec_steps(FE *fe, Stmt *b, int pre, Loc loc)
{
	for (int k = 0; k < fe->nsplit; k++) {
		enum CXUnaryOperatorKind u =
			clang_getCursorUnaryOperatorKind(fe->split_inc[k]);
		int is_pre = u == CXUnaryOperator_PreInc ||
			     u == CXUnaryOperator_PreDec;
		if (is_pre == pre)
			stmt_append(b, incdec_step(fe, fe->split_inc[k], loc));
	}
	if (!pre)
		fe->nsplit = 0;
}

/* The statement c with its x++ moved out, or NULL when it has none or
 * moving them could change what the statement does. */
static Stmt *incdec_split(FE *fe, CXCursor c, Loc loc)
{
	if (is_kind(c, CXCursor_UnaryOperator) || !incdec_scan(fe, c, 0))
		return NULL;
	Stmt *b = stmt_block(loc);
	incdec_steps(fe, b, 1, loc);
	fe->split_busy = 1;
	stmt_append(b, conv_expr_stmt(fe, c));
	fe->split_busy = 0;
	incdec_steps(fe, b, 0, loc);
	return b;
}

/* return e with x++ in it (return s->v[--s->top];), after incdec_scan:
 * the steps before e, then e, then the steps after it, through a
 * temporary when there are any: { --s->top; T ck_ret = s->v[s->top];
 * return ck_ret; }. */
static Stmt *conv_return_incdec(FE *fe, CXCursor e, Loc loc)
{
	Stmt *b = stmt_block(loc);
	incdec_steps(fe, b, 1, loc);
	int post = 0;
	for (int k = 0; k < fe->nsplit; k++) {
		enum CXUnaryOperatorKind u =
			clang_getCursorUnaryOperatorKind(fe->split_inc[k]);
		post |= u == CXUnaryOperator_PostInc ||
			u == CXUnaryOperator_PostDec;
	}
	fe->split_busy = 1;
	Expr *v = conv_expr(fe, e);
	fe->split_busy = 0;
	if (post) {
		int t = fe_temp(fe, "ck_ret", type_with_const(v->type, 0),
				loc);
		stmt_append(b, stmt_decl(t, v, loc));
		v = expr_var(fe->f, t, loc);
	}
	incdec_steps(fe, b, 0, loc);
	stmt_append(b, stmt_expr(S_RETURN, v, loc));
	/* a block that has it as an item flattens it: a last return stays
	 * last */
	fe->pre_block = b;
	return b;
}

/* ------------------------------------------ x++ in a loop's condition
 *
 * A while or do-while condition holding x++ (x--, ++x, --x) of integer
 * or pointer locals or parameters, as in `while (n--)` or
 * `do ... while (--k > 0)`, under the rules of incdec_split, takes the
 * steps ahead of the condition and reads x in it as the value x++ had:
 *
 *   while (C[x++]) S     for (x++; C[x - 1]; x++) S
 *   do S while (C[--x])  do { S --x; } while (C[x])
 *
 * The for's init and inc run each step once per evaluation of the
 * condition, after a continue too; a break leaves without one, as in C.
 * In a do-while the steps end the body; when a continue would skip them,
 * the loop is for (int ck_first = 1; ck_first || C[x - 1]; x++,
 * ck_first = 0) S instead.  Integers narrower than int are refused: their
 * x - 1 would not wrap as x++ does. */

/* Does c (a loop's body) hold a continue of the loop itself? */
static enum CXChildVisitResult continue_visit(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	(void)parent;
	switch (clang_getCursorKind(c)) {
	case CXCursor_ContinueStmt:
		*(CXCursor *)data = c;
		return CXChildVisit_Break;
	case CXCursor_ForStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
		return CXChildVisit_Continue;
	default:
		return CXChildVisit_Recurse;
	}
}

/* The steps of fe->split_inc, all of them, as statements of a block. */
static Stmt *incdec_all_steps(FE *fe, Loc loc)
{
	Stmt *b = stmt_block(loc);
	for (int k = 0; k < fe->nsplit; k++)
		stmt_append(b, incdec_step(fe, fe->split_inc[k], loc));
	return b;
}

/* Whether x, stepped in a loop's condition, may be read there as x - 1
 * (x + 1): int and wider, or a pointer. */
static int incdec_cond_type_ok(CXType t)
{
	switch (clang_getCanonicalType(t).kind) {
	case CXType_Int:
	case CXType_UInt:
	case CXType_Long:
	case CXType_ULong:
	case CXType_LongLong:
	case CXType_ULongLong:
	case CXType_Int128:
	case CXType_UInt128:
	case CXType_Pointer:
		return 1;
	default:
		return 0;
	}
}

/* After incdec_scan of a loop's condition: what each x++ reads as
 * (split_adj), or 0 with an error for a counter narrower than int. */
static int incdec_cond_prepare(FE *fe)
{
	for (int k = 0; k < fe->nsplit; k++) {
		CXCursor inc = fe->split_inc[k];
		CXCursor op = strip(expr_kids(inc).c[0]);
		/* (a variable's declared type; an element's) */
		CXType vt = is_kind(op, CXCursor_DeclRefExpr)
				    ? clang_getCursorType(
					      clang_getCursorReferenced(op))
				    : clang_getCursorType(op);
		enum CXUnaryOperatorKind u =
			clang_getCursorUnaryOperatorKind(inc);
		if (!incdec_cond_type_ok(vt)) {
			enum CXTypeKind tk = clang_getCanonicalType(vt).kind;
			fe->nsplit = 0;
			/* (the test reads x - 1 for x++, which a floating x
			 * would round) */
			if (tk == CXType_Float || tk == CXType_Double)
				refuse(fe, cur_loc(fe, inc),
				       "an increment in a loop's condition of "
				       "a floating variable is not supported; "
				       "step it in the body");
			else
				refuse(fe, cur_loc(fe, inc),
				       "an increment in a loop's condition of "
				       "an integer narrower than int is not "
				       "supported; declare it int, or step it "
				       "in the body");
			return 0;
		}
		fe->split_adj[k] = u == CXUnaryOperator_PostInc   ? -1
				   : u == CXUnaryOperator_PostDec ? 1
								  : 0;
	}
	return 1;
}

/* ----------------------------- x++ in a later operand of a condition
 *
 * A while or do-while condition that is a chain of && with x++ in an
 * operand after the first, as in `while (err > tol && ++it < maxit)`,
 * which steps x only when the operands before it hold: each operand
 * becomes a test that leaves the loop, with its steps ahead of it and x
 * read as x++ had it (conv_loop_incdec's rules, per operand):
 *
 *   while (A && B[x++]) S   for (;;) { if (!A) break; x++;
 *                                      if (!B[x - 1]) break; S }
 *   do S while (A && B[++x])
 *                           for (;;) { S if (!A) break; ++x;
 *                                      if (!B[x]) break; }
 *
 * A continue in a do-while's body must reach the tests:
 * for (int ck_first = 1;; ck_first = 0) { if (!ck_first) { tests } S }. */

#define FE_MAX_CHAIN 16

/* The operands of the && chain c, first to last, into ops; their count,
 * or 0 when c is no chain or a longer one than FE_MAX_CHAIN. */
static int and_chain(CXCursor c, CXCursor *ops)
{
	int n = 0;
	while (is_kind(c, CXCursor_BinaryOperator) &&
	       clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_LAnd) {
		if (n == FE_MAX_CHAIN - 1)
			return 0;
		ops[n++] = strip(expr_kids(c).c[1]);
		c = strip(expr_kids(c).c[0]);
	}
	ops[n++] = c;
	for (int i = 0; i < n / 2; i++) {
		CXCursor t = ops[i];
		ops[i] = ops[n - 1 - i];
		ops[n - 1 - i] = t;
	}
	return n > 1 ? n : 0;
}

/* ------------------------------------- assignments inside an expression
 *
 * An assignment v = e (or v op= e) inside a statement's expression, at a
 * place C always evaluates (not in a ?: arm, nor right of && or ||), as
 * NR's tridiagonal solver writes `u[1] = r[1] / (bet = b[1])`, or as in
 * `return (s = a + b)`: C stores v before the statement ends, and nothing
 * else in the statement may read v (that would be undefined), so v = e
 * moves ahead of the statement and the expression reads v:
 *
 *   u[1] = r[1] / (bet = b[1]);     bet = b[1]; u[1] = r[1] / bet;
 *
 * v is a local or parameter scalar (not static) whose address the
 * function never takes (no call in the statement can then tell the
 * order), and e has no effects of its own. */

typedef struct InnerScan {
	FE *fe;
	CXCursor found[FE_MAX_SPLIT];
	int n, bad;
	int many; /* more than FE_MAX_SPLIT */
	/* comma operators whose left operand is one of found, (t = e, g(t)):
	 * each converts as its right operand */
	CXCursor commas[FE_MAX_SPLIT];
	int ncommas;
} InnerScan;

static void inner_assign_walk(InnerScan *sc, CXCursor c)
{
	c = strip(c);
	Kids ks = expr_kids(c);
	int assign = 0, i;
	enum CXCursorKind k = clang_getCursorKind(c);
	if (k == CXCursor_BinaryOperator ||
	    k == CXCursor_CompoundAssignOperator) {
		enum CXBinaryOperatorKind b =
			clang_getCursorBinaryOperatorKind(c);
		binop_of(c, &assign);
		if (ks.n != 2) {
			sc->bad = 1;
			return;
		}
		if (assign || k == CXCursor_CompoundAssignOperator) {
			CXCursor l = strip(ks.c[0]);
			int id =
				is_kind(l, CXCursor_DeclRefExpr)
					? var_lookup(
						  sc->fe,
						  clang_getCursorReferenced(l))
					: -1;
			if (id < 0 || sc->fe->f->vars[id]->is_static ||
			    !type_is_arith(sc->fe->f->vars[id]->type) ||
			    effects_count(ks.c[1]) || sc->n == FE_MAX_SPLIT) {
				if (sc->n == FE_MAX_SPLIT)
					sc->many = 1;
				sc->bad = 1;
				return;
			}
			sc->found[sc->n++] = c;
			return;
		}
		if (b == CXBinaryOperator_Comma) {
			/* (d1 = x[i], abs(d1)), as f2c writes ABS: the left
			 * operand an assignment that moves ahead, the right
			 * one the value (it reads d1 after the store) */
			int before = sc->n;
			inner_assign_walk(sc, ks.c[0]);
			if (sc->n != before + 1 ||
			    !clang_equalCursors(sc->found[before],
						strip(ks.c[0])) ||
			    sc->ncommas == FE_MAX_SPLIT) {
				sc->bad = 1;
				return;
			}
			sc->commas[sc->ncommas++] = c;
			inner_assign_walk(sc, ks.c[1]);
			return;
		}
		inner_assign_walk(sc, ks.c[0]);
		/* (the right operand of && and || runs only sometimes) */
		if (b != CXBinaryOperator_LAnd && b != CXBinaryOperator_LOr)
			inner_assign_walk(sc, ks.c[1]);
		return;
	}
	switch (k) {
	case CXCursor_UnaryOperator:
		if (is_incdec(c)) {
			sc->bad = 1;
			return;
		}
		/* fall through */
	case CXCursor_CStyleCastExpr:
	case CXCursor_ArraySubscriptExpr:
	case CXCursor_CallExpr:
	case CXCursor_MemberRefExpr:
		for (i = 0; i < ks.n; i++)
			inner_assign_walk(sc, ks.c[i]);
		return;
	case CXCursor_ConditionalOperator:
		/* (only the condition runs always) */
		if (ks.n == 3)
			inner_assign_walk(sc, ks.c[0]);
		return;
	default:
		return;
	}
}

typedef struct CurCount {
	CXCursor what; /* the cursor to count, or with refs a declaration */
	int refs;      /* count the references to `what` instead */
	int n;
} CurCount;

static enum CXChildVisitResult cur_count_visit(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	CurCount *k = data;
	(void)parent;
	if (k->refs ? is_kind(c, CXCursor_DeclRefExpr) &&
			      clang_equalCursors(clang_getCursorReferenced(c),
						 k->what)
		    : clang_equalCursors(c, k->what))
		k->n++;
	return CXChildVisit_Recurse;
}

/* How often what is c or in c, or with refs, how often c (c included)
 * names declaration what. */
static int cur_count(CXCursor c, CXCursor what, int refs)
{
	CurCount k = { what, refs, 0 };
	cur_count_visit(c, clang_getNullCursor(), &k);
	clang_visitChildren(c, cur_count_visit, &k);
	return k.n;
}

static int decl_refs(CXCursor c, CXCursor decl)
{
	return cur_count(c, decl, 1);
}

/* Is cursor what c or inside c? */
static int cur_within(CXCursor c, CXCursor what)
{
	return cur_count(c, what, 0) > 0;
}

/* How often c names decl where C does not order the name after
 * assignment a (inside c): all of c, but for the right operand of &&,
 * || or the comma whose left operand holds a, and the arms of a ?:
 * whose condition holds a (`(t = e) > c ? t : c` reads t after its
 * store; `(c ? t : 0) + (t = e)` may read it before). */
static int unseq_refs(CXCursor c, CXCursor decl, CXCursor a)
{
	c = strip(c);
	Kids ks = expr_kids(c);
	int n = 0, i, last = ks.n;
	switch (clang_getCursorKind(c)) {
	case CXCursor_DeclRefExpr:
		return clang_equalCursors(clang_getCursorReferenced(c), decl);
	case CXCursor_BinaryOperator:
		switch (clang_getCursorBinaryOperatorKind(c)) {
		case CXBinaryOperator_LAnd:
		case CXBinaryOperator_LOr:
		case CXBinaryOperator_Comma:
			if (ks.n && cur_within(ks.c[0], a))
				last = 1;
			break;
		default:
			break;
		}
		break;
	case CXCursor_ConditionalOperator:
		if (ks.n && cur_within(ks.c[0], a))
			last = 1;
		break;
	case CXCursor_CompoundAssignOperator:
	case CXCursor_UnaryOperator:
	case CXCursor_CStyleCastExpr:
	case CXCursor_ArraySubscriptExpr:
	case CXCursor_CallExpr:
	case CXCursor_MemberRefExpr:
		break;
	default:
		return decl_refs(c, decl);
	}
	for (i = 0; i < last; i++)
		n += unseq_refs(ks.c[i], decl, a);
	return n;
}

/* Scans root (a statement's expression or a condition; with top, an
 * assignment at root is the statement's own) into sc: does it hold
 * assignments that can move ahead of it, and no other effects? */
static int inner_assigns_scan(FE *fe, CXCursor root, int top, InnerScan *sc)
{
	int eff, own = 0, i;
	if (fe->nheld || fe->split_busy || !fe->fdef)
		return 0;
	eff = effects_count(root);
	if (!eff)
		return 0;
	memset(sc, 0, sizeof *sc);
	sc->fe = fe;
	root = strip(root);
	if (top && (is_kind(root, CXCursor_CompoundAssignOperator) ||
		    (is_kind(root, CXCursor_BinaryOperator) &&
		     (binop_of(root, &own), own)))) {
		Kids ks = expr_kids(root);
		/* (a = b = e is an assignment chain: conv_chain) */
		if (ks.n != 2 || is_assignment(strip(ks.c[1])))
			return 0;
		own = 1;
		inner_assign_walk(sc, ks.c[0]);
		inner_assign_walk(sc, ks.c[1]);
	} else {
		inner_assign_walk(sc, root);
	}
	if (sc->many) {
		fe->many_root = root;
		fe->many_set = 1;
	}
	if (sc->bad || !sc->n || sc->n + own != eff)
		return 0;
	for (i = 0; i < sc->n; i++) {
		CXCursor v = clang_getCursorReferenced(
			strip(expr_kids(sc->found[i]).c[0]));
		VarWrite a = { v, 1, 0 };
		if (unseq_refs(root, v, sc->found[i]) !=
		    decl_refs(sc->found[i], v)) {
			fe->unseq_at = sc->found[i];
			return 0;
		}
		clang_visitChildren(fe->fdef->def, addr_taken_visit, &a);
		if (a.found)
			return 0;
	}
	return 1;
}

/* The assignments inside root (as inner_assigns_scan) that move ahead of
 * it, as statements, each held so that conv_binary converts it as its
 * variable (the caller clears fe->nheld after converting root); NULL
 * when root has none, or has effects that cannot move. */
static Stmt *inner_assigns(FE *fe, CXCursor root, int top)
{
	InnerScan sc;
	int i, assign;
	if (!inner_assigns_scan(fe, root, top, &sc))
		return NULL;
	Stmt *b = stmt_block(cur_loc(fe, root));
	for (i = 0; i < sc.n; i++) {
		CXCursor c = sc.found[i];
		Kids ks = expr_kids(c);
		Loc loc = cur_loc(fe, c);
		int op = binop_of(c, &assign);
		int id = var_lookup(fe,
				    clang_getCursorReferenced(strip(ks.c[0])));
		stmt_append(b,
			    stmt_assign((AssignOp)op, expr_var(fe->f, id, loc),
					conv_expr(fe, ks.c[1]), loc));
		fe->held[fe->nheld] = c;
		fe->held_var[fe->nheld++] = id;
	}
	for (i = 0; i < sc.ncommas; i++) {
		fe->held[fe->nheld] = sc.commas[i];
		fe->held_var[fe->nheld++] = -1;
	}
	return b;
}

/* Can the assignments of condition c, all its effects, move ahead of
 * it (inner_assigns)? */
static int inner_assigns_ok(FE *fe, CXCursor c)
{
	InnerScan sc;
	return inner_assigns_scan(fe, c, 0, &sc);
}

/* ---------------------------- effects in a later operand of an if's test
 *
 * if (err < tol || ++it > maxit) S, if (x > 0 && (y = g(x)) > 1) S: an
 * operand of the condition's chain of && and || (under any !) after the
 * first steps a counter or assigns a local, which C does only when the
 * operands before it let it run.  The operands are tested in turn into a
 * flag, each with its own effects just ahead of its test, as conditions of
 * loops take them (a loop's && chain, conv_loop_chain):
 *
 *   int ck_c; ck_c = err < tol; if (!ck_c) { ++it; ck_c = it > maxit; }
 *   if (ck_c) S */

static int is_chain_op(CXCursor c, int not )
{
	if (not )
		return is_kind(c, CXCursor_UnaryOperator) &&
		       clang_getCursorUnaryOperatorKind(c) ==
			       CXUnaryOperator_LNot &&
		       expr_kids(c).n == 1;
	if (!is_kind(c, CXCursor_BinaryOperator) || expr_kids(c).n != 2)
		return 0;
	enum CXBinaryOperatorKind k = clang_getCursorBinaryOperatorKind(c);
	return k == CXBinaryOperator_LAnd || k == CXBinaryOperator_LOr;
}

/* Can each operand of condition c's chain that has effects take them
 * ahead of its test (its steps, or its assignments)?  *late counts the
 * operands with effects after the first. */
static int if_chain_ok(FE *fe, CXCursor c, int first, int *late)
{
	c = strip(c);
	if (is_chain_op(c, 1))
		return if_chain_ok(fe, expr_kids(c).c[0], first, late);
	if (is_chain_op(c, 0))
		return if_chain_ok(fe, expr_kids(c).c[0], first, late) &&
		       if_chain_ok(fe, expr_kids(c).c[1], 0, late);
	if (!effects_count(c))
		return 1;
	*late += !first;
	if (inner_assigns_ok(fe, c))
		return 1;
	int ok = incdec_scan(fe, c, 1);
	fe->nsplit = 0;
	return ok;
}

/* Statements into b that set flag to whether c holds (if_chain_ok's c),
 * running c's operands as C does; 0 after an error. */
static int if_chain_into(FE *fe, CXCursor c, Stmt *b, int flag)
{
	Loc loc = cur_loc(fe, c);
	Expr *e;
	c = strip(c);
	if (is_chain_op(c, 1)) {
		if (!if_chain_into(fe, expr_kids(c).c[0], b, flag))
			return 0;
		stmt_append(b,
			    stmt_assign(A_SET, expr_var(fe->f, flag, loc),
					expr_unary(U_NOT,
						   expr_var(fe->f, flag, loc),
						   loc),
					loc));
		return 1;
	}
	if (is_chain_op(c, 0)) {
		Stmt *t = stmt_new(S_IF, loc);
		Expr *fv = expr_var(fe->f, flag, loc);
		if (!if_chain_into(fe, expr_kids(c).c[0], b, flag))
			return 0;
		t->u.ifs.cond = clang_getCursorBinaryOperatorKind(c) ==
						CXBinaryOperator_LAnd
					? fv
					: expr_unary(U_NOT, fv, loc);
		t->u.ifs.then = stmt_block(loc);
		stmt_append(b, t);
		return if_chain_into(fe, expr_kids(c).c[1], t->u.ifs.then,
				     flag);
	}
	if (!effects_count(c)) {
		e = conv_expr(fe, c);
	} else if (inner_assigns_ok(fe, c)) {
		append_flat(b, inner_assigns(fe, c, 0));
		e = conv_expr(fe, c);
		fe->nheld = 0;
	} else {
		incdec_scan(fe, c, 1);
		if (!incdec_cond_prepare(fe))
			return 0;
		append_flat(b, incdec_all_steps(fe, loc));
		fe->split_busy = 1;
		e = conv_expr(fe, c);
		fe->split_busy = 0;
		fe->nsplit = 0;
	}
	if (e->type && e->type->kind != TY_INT)
		e = expr_binary(B_NE, e, expr_int(0, loc), type_int(), loc);
	stmt_append(b, stmt_assign(A_SET, expr_var(fe->f, flag, loc), e, loc));
	return 1;
}

/* The if statement s with condition c as a flag that if_chain_into sets,
 * in a block; NULL when c's chain has no effects after its first operand
 * or has some that cannot move. */
static Stmt *if_chain(FE *fe, CXCursor c, Stmt *s, Loc loc)
{
	int late = 0;
	if (!effects_count(c) || !if_chain_ok(fe, c, 1, &late) || !late)
		return NULL;
	int flag = fe_temp(fe, "ck_c", type_int(), loc);
	Stmt *b = stmt_block(loc);
	stmt_append(b, stmt_decl(flag, NULL, loc));
	if (!if_chain_into(fe, c, b, flag))
		return b;
	s->u.ifs.cond = expr_var(fe->f, flag, loc);
	return b;
}

/* ------------------------- an assignment with steps in a loop's test
 *
 * while ((j = nbr[k++]) >= 0) S: an operand of a loop's condition whose
 * effects are all one assignment to a local scalar, with x++ steps on its
 * right (which inner_assigns does not move).  The assignment becomes a
 * statement of its own ahead of the operand's test, its steps split as in
 * any statement, and the test reads the variable (conv_loop_chain):
 *
 *   for (;;) { j = nbr[k]; k++; if (!(j >= 0)) break; S }
 *
 * Only where C runs the assignment each time the operand is tested (not
 * under &&, || or ?: inside the operand), and nothing else in the operand
 * names the variable or what the steps change (C leaves those reads
 * unsequenced). */

typedef struct StepAssign {
	CXCursor asg;
	int n, bad;
} StepAssign;

static void step_assign_walk(StepAssign *w, CXCursor c)
{
	c = strip(c);
	if (is_incdec(c)) {
		w->bad = 1;
		return;
	}
	if (is_assignment(c)) {
		w->asg = c;
		w->n++;
		return;
	}
	if (is_kind(c, CXCursor_ConditionalOperator) ||
	    (is_kind(c, CXCursor_BinaryOperator) &&
	     (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_LAnd ||
	      clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_LOr ||
	      clang_getCursorBinaryOperatorKind(c) ==
		      CXBinaryOperator_Comma))) {
		if (effects_count(c))
			w->bad = 1;
		return;
	}
	Kids ks = expr_kids(c);
	for (int i = 0; i < ks.n && !w->bad; i++)
		step_assign_walk(w, ks.c[i]);
}

/* The variables that the steps inside c change: their names stay inside
 * the assignment a (StepRefs.ok). */
typedef struct StepRefs {
	CXCursor op, asg;
	int ok;
} StepRefs;

static enum CXChildVisitResult step_refs_visit(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	StepRefs *r = data;
	(void)parent;
	if (!is_incdec(c))
		return CXChildVisit_Recurse;
	Kids ks = expr_kids(c);
	CXCursor t = ks.n == 1 ? strip(ks.c[0]) : clang_getNullCursor();
	if (!is_kind(t, CXCursor_DeclRefExpr)) {
		r->ok = 0;
		return CXChildVisit_Break;
	}
	CXCursor v = clang_getCursorReferenced(t);
	if (decl_refs(r->op, v) != decl_refs(r->asg, v)) {
		r->ok = 0;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Is operand c of a loop's condition such an assignment with steps?  Its
 * variable in *var, the assignment in *asg. */
static int step_assign_ok(FE *fe, CXCursor c, CXCursor *asg, int *var)
{
	if (fe->nheld || fe->split_busy || !fe->fdef || !effects_count(c))
		return 0;
	StepAssign w;
	memset(&w, 0, sizeof w);
	step_assign_walk(&w, c);
	if (w.bad || w.n != 1 || effects_count(c) != effects_count(w.asg))
		return 0;
	Kids ks = expr_kids(w.asg);
	CXCursor l = ks.n == 2 ? strip(ks.c[0]) : clang_getNullCursor();
	if (!is_kind(l, CXCursor_DeclRefExpr) || effects_count(ks.c[1]) == 0)
		return 0;
	CXCursor d = clang_getCursorReferenced(l);
	int id = var_lookup(fe, d);
	if (id < 0 || fe->f->vars[id]->is_static ||
	    !type_is_arith(fe->f->vars[id]->type) ||
	    decl_refs(c, d) != decl_refs(w.asg, d))
		return 0;
	VarWrite a = { d, 1, 0 };
	clang_visitChildren(fe->fdef->def, addr_taken_visit, &a);
	if (a.found)
		return 0;
	StepRefs r = { c, w.asg, 1 };
	clang_visitChildren(ks.c[1], step_refs_visit, &r);
	if (!r.ok)
		return 0;
	*asg = w.asg;
	*var = id;
	return 1;
}

static Stmt *conv_loop_chain(FE *fe, CXCursor cond, CXCursor body, int is_do,
			     Loc loc)
{
	CXCursor ops[FE_MAX_CHAIN];
	int n = and_chain(strip(cond), ops), any = 0;
	if (!n) { /* one operand */
		ops[0] = strip(cond);
		n = 1;
	}
	for (int i = 0; i < n; i++) {
		if (!effects_count(ops[i]))
			continue;
		if (inner_assigns_ok(fe, ops[i])) {
			any = 1;
			continue;
		}
		CXCursor asg;
		int var;
		if (step_assign_ok(fe, ops[i], &asg, &var)) {
			any = 1;
			continue;
		}
		if (n == 1 || !incdec_scan(fe, ops[i], 1))
			return NULL;
		fe->nsplit = 0;
		any = 1;
	}
	if (!any)
		return NULL;
	Stmt *tests = stmt_block(loc);
	for (int i = 0; i < n; i++) {
		Expr *e;
		CXCursor asg;
		int var;
		if (inner_assigns_ok(fe, ops[i])) {
			/* while ((r = resid(u)) > tol): r = resid(u); then
			 * the test of r > tol */
			append_flat(tests, inner_assigns(fe, ops[i], 0));
			e = conv_expr(fe, ops[i]);
			fe->nheld = 0;
		} else if (step_assign_ok(fe, ops[i], &asg, &var)) {
			/* while ((j = nbr[k++]) >= 0): j = nbr[k]; k++;
			 * then the test of j >= 0 */
			append_flat(tests, conv_expr_stmt(fe, asg));
			fe->held[0] = asg;
			fe->held_var[0] = var;
			fe->nheld = 1;
			e = conv_expr(fe, ops[i]);
			fe->nheld = 0;
		} else if (effects_count(ops[i])) {
			incdec_scan(fe, ops[i], 1);
			if (!incdec_cond_prepare(fe))
				return stmt_new(S_EMPTY, loc);
			append_flat(tests, incdec_all_steps(fe, loc));
			fe->split_busy = 1;
			e = conv_expr(fe, ops[i]);
			fe->split_busy = 0;
			fe->nsplit = 0;
		} else {
			e = conv_expr(fe, ops[i]);
		}
		Stmt *t = stmt_new(S_IF, loc);
		t->u.ifs.cond = expr_unary(U_NOT, e, loc);
		t->u.ifs.then = stmt_new(S_BREAK, loc);
		stmt_append(tests, t);
	}
	CXCursor cont = clang_getNullCursor();
	if (is_do)
		clang_visitChildren(body, continue_visit, &cont);
	int first = clang_Cursor_isNull(cont)
			    ? -1
			    : fe_temp(fe, "ck_first", type_int(), loc);
	return ir_tested_loop(fe->f, is_do, tests, conv_stmt(fe, body), first,
			      loc);
}

/* The while (is_do: do-while) loop with condition cond and body body,
 * its condition's x++ moved out; NULL when the condition has none or
 * moving them could change what the loop does (conv_expr then refuses
 * the x++ that stays). */
static Stmt *conv_loop_incdec(FE *fe, CXCursor cond, CXCursor body, int is_do,
			      Loc loc)
{
	if (!incdec_scan_cond(fe, strip(cond)))
		return conv_loop_chain(fe, cond, body, is_do, loc);
	if (!incdec_cond_prepare(fe))
		return stmt_new(S_EMPTY, loc);
	CXCursor cont = clang_getNullCursor();
	if (is_do)
		clang_visitChildren(body, continue_visit, &cont);
	if (!clang_Cursor_isNull(cont)) {
		/* a continue must reach the steps: for (int ck_first = 1;
		 * ck_first || C[x - 1]; x++, ck_first = 0) S */
		Stmt *f = stmt_new(S_FOR, loc);
		int first = fe_temp(fe, "ck_first", type_int(), loc);
		f->u.loop.init = stmt_decl(first, expr_int(1, loc), loc);
		Stmt *inc = incdec_all_steps(fe, loc);
		stmt_append(inc,
			    stmt_assign(A_SET, expr_var(fe->f, first, loc),
					expr_int(0, loc), loc));
		f->u.loop.inc = inc;
		fe->split_busy = 1;
		f->u.loop.cond =
			expr_binary(B_LOR, expr_var(fe->f, first, loc),
				    conv_expr(fe, cond), type_int(), loc);
		fe->split_busy = 0;
		fe->nsplit = 0;
		f->u.loop.body = conv_stmt(fe, body);
		return f;
	}
	Stmt *s = stmt_new(is_do ? S_DO : S_FOR, loc);
	Stmt *steps = incdec_all_steps(fe, loc);
	fe->split_busy = 1;
	s->u.loop.cond = conv_expr(fe, cond);
	fe->split_busy = 0;
	if (is_do) {
		fe->nsplit = 0;
		Stmt *b = stmt_block(loc);
		append_flat(b, conv_stmt(fe, body));
		append_flat(b, steps);
		s->u.loop.body = b;
		return s;
	}
	s->u.loop.init = steps;
	s->u.loop.inc = incdec_all_steps(fe, loc);
	fe->nsplit = 0;
	s->u.loop.body = conv_stmt(fe, body);
	return s;
}

/* ---------------------------------------------------------- assert
 *
 * The C library's assert(e) expands into a ?: (strict C) or a GNU
 * statement expression with an if; both call __assert_fail.  The
 * statement is the call assert(e) again, with e converted: the generated
 * functions that run f's statements check it as f does (and NDEBUG
 * leaves it out of them as it does of f). */

typedef struct AssertScan {
	CXCursor fail; /* the call of __assert_fail (__assert, ...) */
	CXCursor ifs;  /* the GNU form's if */
} AssertScan;

static enum CXChildVisitResult assert_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	AssertScan *a = data;
	(void)parent;
	if (is_kind(c, CXCursor_IfStmt) && clang_Cursor_isNull(a->ifs))
		a->ifs = c;
	if (is_kind(c, CXCursor_CallExpr) && clang_Cursor_isNull(a->fail)) {
		const char *n = cxs(clang_getCursorSpelling(c));
		if (!strncmp(n, "__assert", 8))
			a->fail = c;
	}
	return CXChildVisit_Recurse;
}

/* The statement assert(e) for expression statement c when c is the C
 * library's assert, else NULL. */
static Stmt *conv_assert(FE *fe, CXCursor c, Loc loc)
{
	/* the statement as written starts with assert ( */
	unsigned off;
	if (!main_off(fe, clang_getRangeStart(clang_getCursorExtent(c)),
		      &off) ||
	    off + 6 > fe->srclen || strncmp(fe->src + off, "assert", 6))
		return NULL;
	off += 6;
	while (off < fe->srclen &&
	       (fe->src[off] == ' ' || fe->src[off] == '\t'))
		off++;
	int named = off < fe->srclen && fe->src[off] == '(';
	if (!named)
		return NULL;
	AssertScan a;
	a.fail = a.ifs = clang_getNullCursor();
	clang_visitChildren(c, assert_visit, &a);
	if (clang_Cursor_isNull(a.fail))
		return NULL;
	CXCursor cond;
	if (!clang_Cursor_isNull(a.ifs)) {
		cond = kids(a.ifs).c[0];
	} else if (is_kind(c, CXCursor_ConditionalOperator)) {
		cond = expr_kids(c).c[0];
	} else {
		return NULL;
	}
	Expr **args = arena_alloc(sizeof(Expr *));
	args[0] = conv_expr(fe, cond);
	Type *vt = conv_type(fe, clang_getCursorType(a.fail), loc, 0);
	return stmt_expr(S_EXPR, expr_call("assert", -1, args, 1, vt, loc),
			 loc);
}

static Stmt *conv_expr_stmt(FE *fe, CXCursor c)
{
	Loc loc = cur_loc(fe, c);
	Kids ks;
	int assign, op;
	c = strip(c);
	ks = expr_kids(c);
	Stmt *as = conv_assert(fe, c, loc);
	if (as)
		return as;
	Stmt *split = incdec_split(fe, c, loc);
	if (split)
		return split;
	switch (clang_getCursorKind(c)) {
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
		op = binop_of(c, &assign);
		if (clang_getCursorBinaryOperatorKind(c) ==
			    CXBinaryOperator_Comma &&
		    ks.n == 2) {
			Stmt *b = stmt_block(loc);
			append_flat(b, conv_expr_stmt(fe, ks.c[0]));
			append_flat(b, conv_expr_stmt(fe, ks.c[1]));
			return b;
		}
		if (assign && ks.n == 2 && is_assignment(strip(ks.c[1])) &&
		    !is_split_inc(fe, strip(ks.c[1])))
			return conv_chain(fe, c, (AssignOp)op, ks, loc);
		if (assign && ks.n == 2 && op == A_SET &&
		    is_kind(strip(ks.c[0]), CXCursor_DeclRefExpr)) {
			FnSel *sel = fn_sel_find(
				fe, clang_getCursorReferenced(strip(ks.c[0])));
			if (sel)
				return stmt_assign(
					A_SET, expr_var(fe->f, sel->id, loc),
					fn_sel_index(fe, sel, ks.c[1]), loc);
		}
		if (assign && ks.n == 2) {
			Expr *lhs = conv_expr(fe, ks.c[0]);
			if (lhs->type->kind == TY_STRUCT && op == A_SET)
				return struct_assign(
					fe, lhs, conv_expr(fe, ks.c[1]), loc);
			return stmt_assign((AssignOp)op, lhs,
					   conv_expr(fe, ks.c[1]), loc);
		}
		break;
	case CXCursor_UnaryOperator:
		switch (clang_getCursorUnaryOperatorKind(c)) {
		case CXUnaryOperator_PostInc:
		case CXUnaryOperator_PreInc:
			return stmt_assign(A_INC, conv_expr(fe, ks.c[0]), NULL,
					   loc);
		case CXUnaryOperator_PostDec:
		case CXUnaryOperator_PreDec:
			return stmt_assign(A_DEC, conv_expr(fe, ks.c[0]), NULL,
					   loc);
		default:
			break;
		}
		break;
	case CXCursor_CallExpr: {
		Stmt *m = conv_mem(fe, c, loc);
		if (m)
			return m;
		FnSel *sel = fn_sel_callee(fe, c);
		if (sel)
			return fn_sel_stmt(fe, sel, c, loc);
		break;
	}
	case CXCursor_CStyleCastExpr:
		/* (void)expr; (void)v says v is unused, whatever its type (a
		 * local keeps it after its declaration: Var.voided) */
		if (clang_getCanonicalType(clang_getCursorType(c)).kind ==
			    CXType_Void &&
		    ks.n >= 1) {
			CXCursor r = strip(ks.c[ks.n - 1]);
			if (is_kind(r, CXCursor_DeclRefExpr)) {
				int id = var_lookup(
					fe, clang_getCursorReferenced(r));
				if (id >= 0 &&
				    fe->f->vars[id]->kind == VAR_LOCAL)
					fe->f->vars[id]->voided = 1;
				return stmt_new(S_EMPTY, loc);
			}
			return conv_expr_stmt(fe, ks.c[ks.n - 1]);
		}
		break;
	default:
		break;
	}
	{
		Expr *e = conv_expr(fe, c);
		if (expr_has_call(e))
			return stmt_expr(S_EXPR, e, loc);
		return stmt_new(S_EMPTY, loc);
	}
}

/* One S_DECL for a local variable, or NULL for a declaration that needs
 * none (a block-scope extern).  An initializer that is an assignment
 * (`double a = b = 0;`) puts that assignment in block first. */
/* ------------------------------------------- variable-length arrays
 *
 * A local `T a[e]` (one variable dimension, the outermost) is a pointer
 * to a buffer from malloc, freed where the array's lifetime ends: at the
 * end of its block, and before every return, and every break or continue
 * that leaves its block:
 *
 *   double w[n];  ...  return e;
 *   double *w = (double *)malloc(8 * (long)(n));  ...
 *   { double ck_ret = e; free(w); return ck_ret; }
 *
 * so every mode treats it as the malloc'd buffers it already supports.
 * Its length is kept in a local (ck_len) at the declaration, so that a
 * checkpoint that uses it saves it whole (vla_saves).  sizeof of such an
 * array stays refused (conv_expr). */
static Stmt *conv_vla_decl(FE *fe, CXCursor v, const char *name, Loc loc)
{
	CXType vt = clang_getCanonicalType(clang_getCursorType(v));
	CXType et = clang_getCanonicalType(clang_getArrayElementType(vt));
	Kids ks = expr_kids(v);
	Type *el = et.kind == CXType_VariableArray
			   ? type_double()
			   : conv_type(fe, et, loc, TY_REPORT);
	int id = func_add_var(fe->f, name, type_ptr(el), VAR_LOCAL, loc);
	var_bind(fe, v, id);
	Stmt *s = stmt_decl(id, NULL, loc);
	if (et.kind == CXType_VariableArray || ks.n < 1 ||
	    !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(v))) {
		refuse(fe, loc,
		       "variable-length arrays are supported with one "
		       "variable dimension, the first; use a pointer to "
		       "memory from malloc");
		return s;
	}
	if (!type_is_float(el) && !type_float_elem(el)) {
		refuse(fe, loc,
		       "variable-length arrays of integers are not supported; "
		       "give the array a fixed size (a bound on its length)");
		return s;
	}
	/* (the sizes of the constant inner dimensions come first) */
	int ln = fe_temp(fe, "ck_len", type_long(), loc);
	Stmt *b = stmt_block(loc);
	stmt_append(b, stmt_decl(ln,
				 expr_cast(type_long(),
					   conv_expr(fe, ks.c[ks.n - 1]), loc),
				 loc));
	stmt_append(b, s);
	/* (a length below 1 is undefined in C; 1 keeps gcc from warning
	 * that a negative one makes malloc's argument too large) */
	Expr *pos = expr_cond(expr_binary(B_GT, expr_var(fe->f, ln, loc),
					  expr_int(0, loc), type_int(), loc),
			      expr_var(fe->f, ln, loc), expr_int(1, loc), loc);
	Expr *bytes =
		expr_binary(B_MUL, expr_int(clang_Type_getSizeOf(et), loc),
			    pos, type_long(), loc);
	s->u.decl.init =
		expr_cast(type_ptr(el),
			  expr_call_n("malloc", type_ptr(type_new(TY_VOID)),
				      loc, bytes, NULL, NULL),
			  loc);
	int k = fe->nvlas;
	VEC_PUSH(fe->vlas, fe->nvlas, id);
	VEC_PUSH(fe->vla_lens, k, ln);
	fe->p->vla_heap = 1;
	return b;
}

/* The variable-length arrays alive at a point of the walk (vla_frees),
 * innermost last; -1 marks the body of a loop (what a break or continue
 * leaves). */
typedef struct VlaLive {
	FE *fe;
	int *v;
	int n;
} VlaLive;

static int vla_is(const FE *fe, int var)
{
	for (int i = 0; i < fe->nvlas; i++)
		if (fe->vlas[i] == var)
			return 1;
	return 0;
}

/* free() of the live arrays from the innermost down to entry `to`,
 * stopping at a loop mark when `loop`. */
static void vla_free_to(VlaLive *w, Stmt *out, int to, int loop, Loc loc)
{
	for (int i = w->n - 1; i >= to; i--) {
		if (w->v[i] < 0) {
			if (loop)
				return;
			continue;
		}
		Expr *p = expr_var(w->fe->f, w->v[i], loc);
		stmt_append(out,
			    stmt_expr(S_EXPR,
				      expr_call_n("free", type_new(TY_VOID),
						  loc, p, NULL, NULL),
				      loc));
	}
}

/* A checkpoint region (or binomial loop) s saves the whole of every live
 * variable-length array that its body uses and its save() does not name:
 * save(w[0:len]), len the array's length (conv_vla_decl). */
static void vla_saves(VlaLive *w, Stmt *s)
{
	for (int i = 0; i < w->n; i++) {
		int v = w->v[i];
		if (v < 0)
			continue;
		int used = stmt_mentions(s->u.ckpt.body, v);
		for (int k = 0; k < s->u.ckpt.nsaves; k++)
			used &= s->u.ckpt.saves[k]->var != v;
		if (!used)
			continue;
		int len = -1;
		for (int k = 0; k < w->fe->nvlas; k++)
			if (w->fe->vlas[k] == v)
				len = w->fe->vla_lens[k];
		SaveSection *ss = ARENA_NEW(SaveSection);
		ss->var = v;
		ss->field = -1;
		ss->loc = s->loc;
		ss->lo = expr_int(0, s->loc);
		ss->len = expr_var(w->fe->f, len, s->loc);
		ARENA_PUSH(s->u.ckpt.saves, s->u.ckpt.nsaves, ss);
	}
}

static int vla_jump(const Stmt *s)
{
	return s->kind == S_RETURN || s->kind == S_BREAK ||
	       s->kind == S_CONTINUE;
}

static void vla_walk(VlaLive *w, Stmt **sp)
{
	Stmt *s = *sp;
	Loc loc = s->loc;
	switch (s->kind) {
	case S_BLOCK: {
		int base = w->n, n = s->u.block.n;
		Stmt **items = s->u.block.items;
		Stmt *last = n ? items[n - 1] : NULL;
		s->u.block.items = NULL;
		s->u.block.n = 0;
		for (int i = 0; i < n; i++) {
			Stmt *it = items[i];
			if (it->kind == S_DECL &&
			    vla_is(w->fe, it->u.decl.var))
				VEC_PUSH(w->v, w->n, it->u.decl.var);
			vla_walk(w, &items[i]);
			if (items[i] != it && vla_jump(it)) /* frees; jump */
				for (int k = 0; k < items[i]->u.block.n; k++)
					stmt_append(
						s, items[i]->u.block.items[k]);
			else
				stmt_append(s, items[i]);
		}
		if (w->n > base && !(last && vla_jump(last)))
			vla_free_to(w, s, base, 0, loc);
		w->n = base;
		return;
	}
	case S_IF:
		vla_walk(w, &s->u.ifs.then);
		if (s->u.ifs.els)
			vla_walk(w, &s->u.ifs.els);
		return;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		VEC_PUSH(w->v, w->n, -1);
		vla_walk(w, &s->u.loop.body);
		w->n--;
		return;
	case S_CHECKPOINT:
		vla_saves(w, s);
		vla_walk(w, &s->u.ckpt.body);
		return;
	case S_RETURN:
	case S_BREAK:
	case S_CONTINUE: {
		Stmt *b = stmt_block(loc);
		vla_free_to(w, b, 0, s->kind != S_RETURN, loc);
		if (!b->u.block.n)
			return;
		if (s->kind == S_RETURN && s->u.expr) {
			int r = func_add_var(w->fe->f, "ck_ret",
					     type_with_const(w->fe->f->ret, 0),
					     VAR_LOCAL, loc);
			stmt_prepend(b, stmt_decl(r, s->u.expr, loc));
			s->u.expr = expr_var(w->fe->f, r, loc);
		}
		stmt_append(b, s);
		*sp = b;
		return;
	}
	default:
		return;
	}
}

/* Inserts the frees of the variable-length arrays of the function being
 * converted (see conv_vla_decl) into its body. */
static void vla_frees(FE *fe, Stmt *body)
{
	VlaLive w = { fe, NULL, 0 };
	vla_walk(&w, &body);
}

/* Does initializer list c (or a list in it) have a designator? (The
 * stores of a struct initializer take them; a static table's list does
 * not yet, so a static one that is not const keeps those stores.) */
static int init_designated(CXCursor c)
{
	if (!is_kind(c, CXCursor_InitListExpr))
		return 0;
	Kids ks = expr_kids(c);
	for (int i = 0; i < ks.n; i++)
		if (is_designated(strip(ks.c[i])) ||
		    init_designated(strip(ks.c[i])))
			return 1;
	return 0;
}

/* The name of a const member of struct type t (or of a struct in it), or
 * NULL. */
static const char *const_member(const Type *t)
{
	while (t->kind == TY_ARRAY)
		t = t->base;
	if (t->kind != TY_STRUCT || !t->st)
		return NULL;
	for (int i = 0; i < t->st->nfields; i++) {
		const Type *m = t->st->fields[i].type;
		const Type *el = m;
		while (el->kind == TY_ARRAY)
			el = el->base;
		if (m->is_const || el->is_const)
			return t->st->fields[i].name;
		const char *in =
			el->kind == TY_STRUCT ? const_member(el) : NULL;
		if (in)
			return in;
	}
	return NULL;
}

static Stmt *conv_var_decl(FE *fe, CXCursor v, Stmt *block)
{
	Loc loc = cur_loc(fe, v);
	const char *name = cxs(clang_getCursorSpelling(v));
	enum CX_StorageClass sc = clang_Cursor_getStorageClass(v);
	Type *ty;
	CXCursor init;
	Stmt *s;
	int id, unheld;

	if (sc == CX_SC_Extern)
		return NULL;
	/* a name for a function: calls through it call the function */
	if (!clang_Cursor_hasVarDeclGlobalStorage(v) &&
	    fn_ptr_type(clang_getCursorType(v))) {
		if (!clang_Cursor_isNull(fn_var_bound(fe, v)))
			return NULL;
		Stmt *sd = fn_sel_make(fe, v, loc);
		if (!sd)
			refuse(fe, loc,
			       "the function-pointer variable '%s' is used "
			       "otherwise than called and set to functions by "
			       "name (it is passed on, compared, set from "
			       "another pointer, or its address is taken), so "
			       "ckc cannot tell which function each use "
			       "calls; call the functions by name",
			       name);
		return sd;
	}
	if (clang_getCanonicalType(clang_getCursorType(v)).kind ==
		    CXType_VariableArray &&
	    sc != CX_SC_Static)
		return conv_vla_decl(fe, v, name, loc);
	unheld = unheld_type(clang_getCursorType(v));
	ty = conv_type(fe, clang_getCursorType(v), loc,
		       unheld ? 0 : TY_REPORT);
	id = func_add_var(fe->f, name, ty, VAR_LOCAL, loc);
	if (unheld)
		VEC_PUSH(fe->unheld, fe->nunheld, id * 2);
	if (sc == CX_SC_Static)
		/* a static const table is data every call reads alike; the
		 * rest must be scratch that each call overwrites before it
		 * reads it (normalize.c, static_scratch) */
		fe->f->vars[id]->is_static = 1;
	var_bind(fe, v, id);
	s = stmt_decl(id, NULL, loc);
	init = clang_Cursor_getVarDeclInitializer(v);
	if (clang_Cursor_isNull(init))
		return s;
	if (unheld) {
		unheld_error(fe, id, loc);
		fe->unheld[fe->nunheld - 1] |= 1;
		return s;
	}
	const Type *inner = ty;
	while (inner->kind == TY_ARRAY)
		inner = inner->base;
	/* a static const table of structs keeps its list (as a global's):
	 * static const term t[2] = { { 1.0, 0.5 }, { -0.3, 1.5 } } */
	/* (and a static one that is not const: set once, as C sets it, not
	 * by stores at every call; normalize.c makes it const when nothing
	 * changes it) */
	int table = (ty->kind == TY_ARRAY || ty->kind == TY_STRUCT) &&
		    fe->f->vars[id]->is_static &&
		    (type_is_readonly(ty) || !init_designated(strip(init)));
	if (is_kind(strip(init), CXCursor_InitListExpr) &&
	    inner->kind == TY_STRUCT && !table &&
	    (ty->kind == TY_STRUCT || ty->len > 0)) {
		const char *cm = const_member(inner);
		if (cm) {
			refuse(fe, loc,
			       "'%s' has a const member, '%s', which the "
			       "generated code cannot set by a store as it "
			       "sets an initialized struct; drop the const "
			       "of the member",
			       fe->f->vars[id]->name, cm);
			return s;
		}
		/* S s = {a, b}: S s; s.f0 = a; s.f1 = b; the rest zero (and
		 * so for each struct of an array, S s[2] = {{..}, {..}}); a
		 * const one is no longer const, since stores set it */
		Stmt *b = stmt_block(loc);
		fe->f->vars[id]->type = type_writable(ty);
		stmt_append(b, s);
		struct_init(fe, b, expr_var(fe->f, id, loc), strip(init), loc);
		return b;
	}
	if (is_kind(strip(init), CXCursor_InitListExpr)) {
		Kids ks = expr_kids(strip(init));
		if (ty->kind == TY_ARRAY)
			flatten_init(fe, strip(init), ty, &s->u.decl.inits,
				     &s->u.decl.ninits);
		else if (table) /* static const params P = { ... } */
			flatten_struct(fe, strip(init), ty, &s->u.decl.inits,
				       &s->u.decl.ninits);
		else if (ks.n == 1)
			s->u.decl.init = conv_expr(fe, ks.c[0]);
		else
			refuse(fe, cur_loc(fe, init),
				   "initializer lists are "
				   "supported only for arrays");
		return s;
	}
	if (ty->kind != TY_STRUCT && incdec_scan(fe, strip(init), 1)) {
		/* double v = *p++: ++p before the declaration, p++ after */
		Stmt *b = stmt_block(loc);
		incdec_steps(fe, block, 1, loc);
		fe->split_busy = 1;
		s->u.decl.init = conv_expr(fe, init);
		fe->split_busy = 0;
		stmt_append(b, s);
		incdec_steps(fe, b, 0, loc);
		return b;
	}
	if (is_assignment(strip(init))) {
		Writes w = writes_new(fe);
		Expr *val = conv_chain_inner(fe, strip(init), block, &w);
		if (val && w.var[id]) {
			refuse(fe, loc, "the initializer of '%s' assigns '%s'; "
					"assign it in a statement of its own",
				   name, name);
			val = NULL;
		}
		s->u.decl.init = val ? val : bad_expr(loc);
		if (val && ty->kind == TY_STRUCT) { /* S a = b = c */
			Stmt *b = stmt_block(loc);
			s->u.decl.init = NULL;
			fe->f->vars[id]->type = type_writable(ty);
			stmt_append(b, s);
			append_flat(b,
				    struct_assign(fe, expr_var(fe->f, id, loc),
						  val, loc));
			return b;
		}
		return s;
	}
	s->u.decl.init = conv_expr(fe, init);
	if (ty->kind == TY_STRUCT) { /* S a = b: S a; a = b member-wise */
		Stmt *b = stmt_block(loc);
		Expr *rhs = s->u.decl.init;
		s->u.decl.init = NULL;
		fe->f->vars[id]->type = type_writable(ty);
		stmt_append(b, s);
		append_flat(b, struct_assign(fe, expr_var(fe->f, id, loc), rhs,
					     loc));
		return b;
	}
	return s;
}

/* The S_DECLs of a declaration statement, appended to block. */
static void conv_decl_stmt(FE *fe, CXCursor c, Stmt *block)
{
	Kids ks = kids(c);
	int i;
	for (i = 0; i < ks.n; i++) {
		Stmt *s;
		if (!is_kind(ks.c[i], CXCursor_VarDecl))
			continue; /* typedefs, tags, prototypes */
		/* double q = r / (bet = b[1]): bet = b[1]; double q = r / bet
		 * (`double a = b = 0` is conv_var_decl's) */
		CXCursor init = clang_Cursor_getVarDeclInitializer(ks.c[i]);
		Stmt *h =
			clang_Cursor_isNull(init) || is_assignment(strip(init))
				? NULL
				: inner_assigns(fe, init, 0);
		if (h)
			append_flat(block, h);
		s = conv_var_decl(fe, ks.c[i], block);
		fe->nheld = h ? 0 : fe->nheld;
		if (s)
			append_flat(block, s);
	}
}

/* Takes the checkpoint pragmas that precede statement c, outermost first. */
static int take_ckpts(FE *fe, CXCursor c, Pragma **out, int max)
{
	unsigned off;
	int i, n = 0;
	if (!main_off(fe, clang_getRangeStart(clang_getCursorExtent(c)), &off))
		return 0;
	for (i = 0; i < fe->npragmas && n < max; i++) {
		Pragma *pr = fe->pragmas[i];
		if (pr->is_ckpt && pr->fn == def_base(fe->fdef) &&
		    (!pr->used || fe->fdef->spec_of) && pr->next_off == off) {
			pr->used = 1;
			if (pr->ok)
				out[n++] = pr;
		}
	}
	return n;
}

/* The S_CHECKPOINT for pragma pr around body. */
static Stmt *make_ckpt(FE *fe, Pragma *pr, Stmt *body)
{
	Stmt *s = stmt_new(S_CHECKPOINT, pr->loc);
	int i;
	s->u.ckpt.binomial = pr->binomial;
	s->u.ckpt.online = pr->online;
	s->u.ckpt.budget = pr->budget;
	s->u.ckpt.disk = pr->disk;
	s->u.ckpt.body = body;
	for (i = 0; i < pr->nsaves; i++) {
		Section *sec = &pr->saves[i];
		Tok *t = &pr->toks[sec->name];
		SaveSection *ss = ARENA_NEW(SaveSection);
		ss->loc = t->loc;
		ss->var = scope_find(fe, t->s);
		ss->field = -1;
		if (ss->var < 0) {
			diag_error(t->loc, "no variable named '%s' here",
				   t->s);
			continue;
		}
		if (sec->member >= 0) {
			/* save(s.v[lo:len]): v a pointer to numbers */
			const Var *x = fe->f->vars[ss->var];
			const Tok *m = &pr->toks[sec->member];
			const StructDef *sd = x->type->kind == TY_STRUCT
						      ? x->type->st
						      : NULL;
			for (int k = 0; sd && k < sd->nfields; k++)
				if (!strcmp(sd->fields[k].name, m->s))
					ss->field = k;
			const Type *ft = ss->field >= 0
						 ? sd->fields[ss->field].type
						 : NULL;
			if (x->kind != VAR_LOCAL || x->is_static || !sd ||
			    !ft || ft->kind != TY_PTR ||
			    !type_is_float(ft->base)) {
				diag_error(
					m->loc,
					"'%s.%s' is not a member of a local "
					"struct that points to numbers, the "
					"only members save() names "
					"(save(s.v[lo:len])); point a local "
					"pointer at its data (double *p = "
					"%s.%s;) and name that, or copy it "
					"into a local array",
					t->s, m->s, t->s, m->s);
				continue;
			}
		} else if (!type_is_pointerish(fe->f->vars[ss->var]->type)) {
			diag_error(t->loc,
				   "'%s' in save(...) is not a pointer or "
				   "array",
				   t->s);
			continue;
		}
		if (!parse_bound(fe, pr->toks, sec->lo, sec->lo_end, 1,
				 &ss->lo) ||
		    !parse_bound(fe, pr->toks, sec->len, sec->len_end, 1,
				 &ss->len))
			continue;
		/* save(A[lo:len]) of rows of run-time length counts rows:
		 * elements of the flat view times the row's size */
		int nd, d = ss->field < 0 ? row_dims(fe, ss->var, &nd) : -1;
		for (int k = 0; d >= 0 && k < nd; k++) {
			ss->lo =
				expr_binary(B_MUL, ss->lo, row_cols(fe, d + k),
					    type_long(), ss->loc);
			ss->len = expr_binary(B_MUL, ss->len,
					      row_cols(fe, d + k), type_long(),
					      ss->loc);
		}
		ARENA_PUSH(s->u.ckpt.saves, s->u.ckpt.nsaves, ss);
	}
	return s;
}

static Stmt *conv_stmt_inner(FE *fe, CXCursor c);

/* ------------------------------------------------------ OpenMP pragmas */

/* The `#pragma omp` directive just before statement c of the function
 * being converted, or NULL. */
static Pragma *take_omp(FE *fe, CXCursor c)
{
	unsigned off;
	Pragma *found = NULL;
	if (!main_off(fe, clang_getRangeStart(clang_getCursorExtent(c)), &off))
		return NULL;
	for (int i = 0; i < fe->npragmas; i++) {
		Pragma *pr = fe->pragmas[i];
		if (!pr->is_omp || pr->fn != def_base(fe->fdef) ||
		    (pr->used && !fe->fdef->spec_of) || pr->next_off != off)
			continue;
		pr->used = 1;
		if (found)
			diag_error(pr->loc, "only one '#pragma omp' directive "
					    "may precede a loop here");
		found = pr;
	}
	return found;
}

/* The tokens of a clause's parentheses as text: "static, 4". */
static const char *omp_clause_text(PC *pc, const char *clause)
{
	int depth = 0, start;
	char *buf;
	size_t len = 0;
	pc->i++;
	if (!pc_expect(pc, "(", clause))
		return NULL;
	start = pc->i;
	for (; pc->i < pc->end; pc->i++) {
		if (pc_is(pc, "("))
			depth++;
		else if (pc_is(pc, ")") && depth-- == 0)
			break;
	}
	if (pc->i >= pc->end || pc->i == start) {
		pc_error(pc, "expected an argument and ')' in %s(...)",
			 clause);
		return NULL;
	}
	for (int k = start; k < pc->i; k++)
		len += strlen(pc->toks[k].s) + 1;
	buf = arena_alloc(len + 1);
	for (int k = start; k < pc->i; k++) {
		const char *t = pc->toks[k].s;
		if (k > start && strcmp(t, ",") && strcmp(t, ")") &&
		    strcmp(pc->toks[k - 1].s, "("))
			strcat(buf, " ");
		strcat(buf, t);
	}
	pc->i++;
	return buf;
}

/* list := '(' identifier (',' identifier)* ')' of variables in scope,
 * appended to (*vars, *n); for reduction(op: list) the ids go to red. */
static int omp_var_list(FE *fe, PC *pc, const char *clause, int **vars, int *n,
			OmpLoop *red, OmpRedOp op, const char *opsp)
{
	for (;;) {
		Tok *t = pc_peek(pc);
		int v;
		if (!t || t->kind != CXToken_Identifier) {
			pc_error(pc, "expected a variable name in %s(...)",
				 clause);
			return 0;
		}
		v = scope_find(fe, t->s);
		int file_scope = 0;
		for (int g = 0; v < 0 && g < fe->p->nglobals; g++)
			file_scope |= !strcmp(fe->p->globals[g]->name, t->s);
		if (v < 0 && file_scope) {
			pc_error(pc,
				 "'%s' in %s(...) is a file-scope variable, "
				 "which ckc takes in no OpenMP clause; give "
				 "the loop a local variable instead",
				 t->s, clause);
			return 0;
		}
		if (v < 0) {
			pc_error(pc, "no variable named '%s' here", t->s);
			return 0;
		}
		if (red) {
			OmpReduction r;
			r.op = op;
			r.spelling = opsp;
			r.var = v;
			r.loc = t->loc;
			VEC_PUSH(red->red, red->nred, r);
		} else
			VEC_PUSH(*vars, *n, v);
		pc->i++;
		if (pc_is(pc, ",")) {
			pc->i++;
			continue;
		}
		if (pc_is(pc, "[")) {
			/* an array section, reduction(+:h[:4]) */
			pc_error(pc,
				 "ckc does not support array sections in "
				 "%s(...) yet; name whole variables (reduce "
				 "into scalars, or accumulate the array in "
				 "a loop of its own)",
				 clause);
			return 0;
		}
		return pc_expect(pc, ")", NULL);
	}
}

/* reduction '(' op ':' list ')' */
static int omp_reduction(FE *fe, PC *pc, OmpLoop *om)
{
	static const struct {
		const char *sp;
		OmpRedOp op;
	} ops[] = {
		{ "+", OMP_RED_ADD },   { "-", OMP_RED_SUB },
		{ "*", OMP_RED_MUL },   { "max", OMP_RED_MAX },
		{ "min", OMP_RED_MIN }, { "&", OMP_RED_INT },
		{ "|", OMP_RED_INT },   { "^", OMP_RED_INT },
		{ "&&", OMP_RED_INT },  { "||", OMP_RED_INT },
	};
	Tok *t;
	size_t k;
	pc->i++;
	if (!pc_expect(pc, "(", "reduction"))
		return 0;
	t = pc_peek(pc);
	for (k = 0; t && k < sizeof ops / sizeof ops[0]; k++)
		if (!strcmp(t->s, ops[k].sp))
			break;
	if (!t || k == sizeof ops / sizeof ops[0]) {
		pc_error(pc, "expected a reduction operator (+, -, *, max, "
			     "min, &, |, ^, &&, ||) in reduction(...)");
		return 0;
	}
	pc->i++;
	if (!pc_expect(pc, ":", ops[k].sp))
		return 0;
	return omp_var_list(fe, pc, "reduction", NULL, NULL, om, ops[k].op,
			    ops[k].sp);
}

/* pragma := omp parallel for clause*  (the only OpenMP construct that
 * differentiated code may use); the clauses as OpenMP writes them.
 * Returns the loop's OmpLoop, or NULL after an error. */
/* The directives parse_omp_pragma reads. */
typedef enum OmpDir {
	OMP_DIR_PARALLEL_FOR, /* parallel for */
	OMP_DIR_PARALLEL,     /* parallel, before a block (a region) */
	OMP_DIR_FOR,          /* for, inside such a region */
} OmpDir;

/* Is token k of pc a clause's name (not a directive's next word)? */
static int omp_clause_next(const PC *pc, int k)
{
	static const char *const words[] = {
		"for",	  "sections", "single", "master", "masked", "loop",
		"simd",	  "workshare", "task",	 "taskloop", "critical",
	};
	if (k >= pc->end)
		return 1;
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (!strcmp(pc->toks[k].s, words[i]))
			return 0;
	return 1;
}

static OmpLoop *parse_omp_pragma(FE *fe, Pragma *pr, int is_for, int is_block,
				 OmpDir *dir)
{
	PC pc;
	OmpLoop *om = ARENA_NEW(OmpLoop);
	int ok = 1;
	pc.fe = fe;
	pc.toks = pr->toks;
	pc.i = 1;
	pc.end = pr->ntoks;
	pc.clause = "omp";
	om->loc = pr->loc;
	if (pc_is(&pc, "parallel") && pc.i + 1 < pc.end &&
	    !strcmp(pc.toks[pc.i + 1].s, "for") &&
	    omp_clause_next(&pc, pc.i + 2)) {
		*dir = OMP_DIR_PARALLEL_FOR;
		pc.i += 2;
	} else if (pc_is(&pc, "parallel") && is_block && !fe->omp_region &&
		   omp_clause_next(&pc, pc.i + 1)) {
		*dir = OMP_DIR_PARALLEL;
		pc.i += 1;
	} else if (pc_is(&pc, "for") && fe->omp_region &&
		   omp_clause_next(&pc, pc.i + 1)) {
		*dir = OMP_DIR_FOR;
		pc.i += 1;
	} else {
		/* the directive's name: its first words, up to three */
		char name[128] = "";
		for (int k = 1;
		     k < pc.end && k <= 3 &&
		     (pc.toks[k].kind == CXToken_Identifier ||
		      pc.toks[k].kind == CXToken_Keyword) &&
		     (k + 1 >= pc.end || strcmp(pc.toks[k + 1].s, "("));
		     k++)
			snprintf(name + strlen(name),
				 sizeof name - strlen(name), " %s",
				 pc.toks[k].s);
		diag_error(
			pr->loc,
			"'#pragma omp%s' is not supported in differentiated "
			"code; ckc differentiates '#pragma omp parallel for' "
			"loops, and '#pragma omp parallel' regions around one "
			"'#pragma omp for' loop",
			name);
		return NULL;
	}
	if (*dir != OMP_DIR_PARALLEL && !is_for) {
		diag_error(pr->loc, "'#pragma omp %s' must be followed by a for "
				    "loop",
			   *dir == OMP_DIR_FOR ? "for" : "parallel for");
		return NULL;
	}
	while (ok && pc.i < pc.end) {
		Tok *t = pc_peek(&pc);
		const char *c = t->s;
		if (pc_is(&pc, ","))
			pc.i++;
		else if (!strcmp(c, "private") || !strcmp(c, "firstprivate") ||
			 !strcmp(c, "lastprivate") || !strcmp(c, "shared")) {
			int **v = !strcmp(c, "private")        ? &om->priv
				  : !strcmp(c, "firstprivate") ? &om->fpriv
				  : !strcmp(c, "lastprivate")  ? &om->lpriv
							       : &om->shared;
			int *n = !strcmp(c, "private")        ? &om->npriv
				 : !strcmp(c, "firstprivate") ? &om->nfpriv
				 : !strcmp(c, "lastprivate")  ? &om->nlpriv
							      : &om->nshared;
			pc.i++;
			ok = pc_expect(&pc, "(", c) &&
			     omp_var_list(fe, &pc, c, v, n, NULL, OMP_RED_ADD,
					  NULL);
		} else if (!strcmp(c, "reduction"))
			ok = omp_reduction(fe, &pc, om);
		else if (!strcmp(c, "schedule")) {
			om->schedule = omp_clause_text(&pc, c);
			ok = om->schedule != NULL;
			if (ok && strncmp(om->schedule, "static", 6)) {
				diag_error(t->loc,
					   "schedule(%s) is not supported: "
					   "ckc's derivatives of a parallel "
					   "loop need schedule(static[, "
					   "chunk]), which gives every thread "
					   "the same iterations in every run",
					   om->schedule);
				ok = 0;
			}
		} else if (!strcmp(c, "collapse")) {
			const char *n = omp_clause_text(&pc, c);
			long long v = 0;
			ok = n && parse_int_spelling(n, &v) && v >= 1 &&
			     v <= 8;
			if (n && !ok)
				diag_error(t->loc,
					   "collapse(...) needs an "
					   "integer literal from 1 to 8");
			om->collapse = (int)v;
		} else if (!strcmp(c, "num_threads"))
			ok = (om->num_threads = omp_clause_text(&pc, c)) != 0;
		else if (!strcmp(c, "if"))
			ok = (om->if_clause = omp_clause_text(&pc, c)) != 0;
		else if (!strcmp(c, "proc_bind"))
			ok = (om->proc_bind = omp_clause_text(&pc, c)) != 0;
		else if (!strcmp(c, "nowait") && *dir == OMP_DIR_FOR)
			pc.i++; /* the region ends after the loop anyway */
		else if (!strcmp(c, "default"))
			/* a check of the input's clauses only: the output
			 * lists what it adds itself */
			ok = omp_clause_text(&pc, c) != NULL;
		else {
			pc_error(
				&pc,
				"'%s' is not supported on '#pragma omp "
				"parallel for' in differentiated code; ckc "
				"supports private, firstprivate, lastprivate, "
				"shared, reduction, schedule(static), "
				"collapse, num_threads, if, proc_bind and "
				"default",
				c);
			ok = 0;
		}
	}
	return ok ? om : NULL;
}

/* A `#pragma omp parallel` region, block b with the region's clauses om:
 * it may hold declarations and one `#pragma omp for` loop, which then is
 * the region's parallel for: the clauses of both, and the declarations'
 * variables private to each thread (firstprivate when initialized: each
 * thread starts from the value). */
static void omp_region(FE *fe, Stmt *b, const OmpLoop *om)
{
	Stmt *loop = NULL;
	int ok = b->kind == S_BLOCK;
	for (int i = 0; ok && i < b->u.block.n; i++) {
		Stmt *it = b->u.block.items[i];
		if (it->kind == S_DECL || it->kind == S_EMPTY)
			continue;
		if (it->kind == S_FOR && it->u.loop.omp && !loop)
			loop = it;
		else
			ok = 0;
	}
	if (!ok || !loop) {
		diag_error(om->loc, "a '#pragma omp parallel' region in "
				    "differentiated code may hold only "
				    "declarations and one '#pragma omp for' "
				    "loop; write it as '#pragma omp parallel "
				    "for'");
		return;
	}
	omp_region_check(fe->f, b);
	omp_region_merge(loop->u.loop.omp, om, b);
	omp_check_loop(fe->f, loop);
}

/* A statement, wrapped in the checkpoint regions of the pragmas before
 * it, and a for loop with the `#pragma omp parallel for` before it. */
/* A statement with attributes, which libclang does not expose: a loop
 * after #pragma GCC unroll 4, #pragma unroll or #pragma clang loop
 * unroll(full), a statement marked fallthrough.  They are hints to the
 * compiler; the statement itself is what counts. */
static CXCursor unwrap_attributed(CXCursor c)
{
	while (is_kind(c, CXCursor_UnexposedStmt)) {
		Kids ks = kids(c);
		CXCursor only = clang_getNullCursor();
		int n = 0;
		for (int i = 0; i < ks.n; i++) {
			enum CXCursorKind k = clang_getCursorKind(ks.c[i]);
			if (clang_isStatement(k) || clang_isExpression(k)) {
				only = ks.c[i];
				n++;
			}
		}
		if (n != 1)
			break;
		c = only;
	}
	return c;
}

static Stmt *conv_stmt(FE *fe, CXCursor c)
{
	c = unwrap_attributed(c);
	Pragma *prs[16];
	int n = take_ckpts(fe, c, prs, 16), i;
	Pragma *omp = take_omp(fe, c);
	OmpLoop *om = NULL;
	Stmt *s;
	for (i = 0; i < n; i++) {
		int loop = i == n - 1 && (is_kind(c, CXCursor_ForStmt) ||
					  is_kind(c, CXCursor_WhileStmt) ||
					  is_kind(c, CXCursor_DoStmt));
		if (prs[i]->binomial &&
		    (i != n - 1 || !is_kind(c, CXCursor_ForStmt)))
			diag_error(prs[i]->loc,
				   "binomial(K) must be followed by a "
				   "for loop");
		else if (prs[i]->online && !loop)
			diag_error(prs[i]->loc,
				   "online(K) must be followed by a loop "
				   "(while, do or for)");
		else if (prs[i]->budget && !loop)
			diag_error(prs[i]->loc,
				   "budget(BYTES) must be followed by a loop "
				   "(while, do or for)");
	}
	OmpDir dir = OMP_DIR_PARALLEL_FOR;
	int is_loop = is_kind(c, CXCursor_ForStmt) ||
		      is_kind(c, CXCursor_WhileStmt) ||
		      is_kind(c, CXCursor_DoStmt);
	int seq = fe->gotos;
	Stmt *pre = stmt_block(cur_loc(fe, c)), *outer_pre = fe->pre;
	int outer_loop = fe->pre_loop;
	fe->pre = pre;
	fe->pre_loop = is_loop;
	fe->loops += is_loop;
	if (omp)
		om = parse_omp_pragma(fe, omp, is_kind(c, CXCursor_ForStmt),
				      is_kind(c, CXCursor_CompoundStmt), &dir);
	if (om && dir == OMP_DIR_PARALLEL) {
		fe->omp_region = om;
		s = conv_stmt_inner(fe, c);
		fe->omp_region = NULL;
		omp_region(fe, s, om);
	} else {
		s = conv_stmt_inner(fe, c);
		if (om && s->kind == S_FOR && dir == OMP_DIR_FOR) {
			s->u.loop.omp = om; /* checked with its region's */
		} else if (om && s->kind == S_FOR) {
			s->u.loop.omp = om;
			omp_check_loop(fe->f, s);
		}
	}
	fe->loops -= is_loop;
	fe->pre = outer_pre;
	fe->pre_loop = outer_loop;
	if (pre->u.block.n) {
		stmt_append(pre, s);
		s = fe->pre_block = pre;
	}
	for (i = n - 1; i >= 0; i--) {
		/* a for loop whose init declares and whose condition
		 * steps or assigns came out as { int i = n; i--; for (;
		 * i + 1 > 0; i--) body } (conv_for_steps): a binomial,
		 * online or budget pragma takes the loop, and what comes
		 * before it runs once before the loop */
		Stmt **at = &s;
		if (i == n - 1 && is_loop && s->kind == S_BLOCK &&
		    s->u.block.n > 0 &&
		    (prs[i]->binomial || prs[i]->online || prs[i]->budget)) {
			Stmt **last = &s->u.block.items[s->u.block.n - 1];
			if ((*last)->kind == S_FOR ||
			    (*last)->kind == S_WHILE || (*last)->kind == S_DO)
				at = last;
		}
		Stmt *k = make_ckpt(fe, prs[i], *at);
		if (!fe->opt->no_checkpoint)
			*at = k;
	}
	if (is_loop && fe->gotos != seq)
		s = goto_loop(fe, s, seq);
	return s;
}

/* ------------------------------------------------------------ goto
 *
 * A goto forward to a label of a block around it becomes structured code.
 * The goto sets the label's flag (`int ck_goto = 0` at the top of the
 * label's block) and leaves the loops between it and that block with
 * break; each statement of those loops that may have set the flag is
 * followed by `if (ck_goto) break;`.  In the label's block and the blocks
 * between, the statements after one that may have set the flag, up to the
 * label, run under `if (!ck_goto)`.  Their declarations move out of that
 * if, so that the code after the label still sees them; a declaration's
 * initializer becomes an assignment where the declaration was.  Any other
 * goto is refused: one back (a loop), and one into a statement. */

/* The guards of one block being converted: the block, where its next
 * statement goes, and the if statements open around that place. */
typedef struct GotoGuard {
	int target; /* index in FE.gts */
	Stmt *parent;
} GotoGuard;

typedef struct GotoBlock {
	Stmt *b;
	Stmt *cur;
	GotoGuard *open;
	int nopen;
	int hoist; /* where in b the moved declarations go, -1 before any */
} GotoBlock;

static Stmt *conv_goto(FE *fe, CXCursor c, Loc loc)
{
	Kids ks = kids(c);
	CXCursor lab = clang_getNullCursor();
	int i, t = -1;

	for (i = 0; i < ks.n; i++)
		if (is_kind(ks.c[i], CXCursor_LabelRef))
			lab = clang_getCursorReferenced(ks.c[i]);
	/* (the label that LabelRef refers to is not clang_equalCursors
	 * to the LabelStmt of the block, so compare their places) */
	for (i = 0; i < fe->ngts && t < 0; i++)
		if (clang_equalLocations(
			    clang_getCursorLocation(fe->gts[i].label),
			    clang_getCursorLocation(lab)))
			t = i;
	if (t < 0 || fe->gts[t].reached) {
		unsigned lo = 0, go = 0;
		main_off(fe, clang_getRangeStart(clang_getCursorExtent(lab)),
			 &lo);
		main_off(fe, clang_getRangeStart(clang_getCursorExtent(c)),
			 &go);
		if (lo < go)
			refuse(fe, loc,
			       "goto back to an earlier label is not "
			       "supported; "
			       "write the repetition as a loop");
		else
			refuse(fe, loc,
			       "goto into a statement that does not contain "
			       "it is not supported; ckc turns into "
			       "structured "
			       "code only a goto forward to a label of a "
			       "block "
			       "around it");
		return stmt_new(S_EMPTY, loc);
	}
	GotoTarget *g = &fe->gts[t];
	if (fe->switches > g->switches) {
		refuse(fe, loc,
		       "goto out of a switch is not supported; set a flag, "
		       "break, and test the flag after the switch");
		return stmt_new(S_EMPTY, loc);
	}
	if (g->flag < 0)
		g->flag = fe_temp(fe, "ck_goto", type_int(), loc);
	g->fired = ++fe->gotos;
	Stmt *s = stmt_block(loc);
	stmt_append(s, stmt_assign(A_SET, expr_var(fe->f, g->flag, loc),
				   expr_int(1, loc), loc));
	if (fe->loops > g->loops) {
		Stmt *b = stmt_new(S_BREAK, loc);
		b->from_goto = 1;
		stmt_append(s, b);
	}
	return s;
}

/* After loop s, converted since the goto count seq: the loops around it
 * inside the label's block of a goto in s end too.  The break goes after
 * s's checkpoint region, if any. */
static Stmt *goto_loop(FE *fe, Stmt *s, int seq)
{
	int t;
	for (t = 0; t < fe->ngts; t++) {
		GotoTarget *g = &fe->gts[t];
		if (g->fired <= seq || fe->loops <= g->loops)
			continue;
		Stmt *ifs = stmt_new(S_IF, s->loc);
		ifs->u.ifs.cond = expr_var(fe->f, g->flag, s->loc);
		ifs->u.ifs.then = stmt_new(S_BREAK, s->loc);
		ifs->u.ifs.then->from_goto = 2;
		if (s->kind != S_BLOCK) {
			Stmt *b = stmt_block(s->loc);
			stmt_append(b, s);
			s = b;
		}
		stmt_append(s, ifs);
	}
	return s;
}

/* Opens `if (!flag) { }` for target t where gb's next statement goes. */
static void goto_guard(FE *fe, GotoBlock *gb, int t)
{
	Loc loc = gb->cur->loc;
	Stmt *ifs = stmt_new(S_IF, loc), *g = stmt_block(loc);
	GotoGuard gg;

	ifs->u.ifs.cond =
		expr_unary(U_NOT, expr_var(fe->f, fe->gts[t].flag, loc), loc);
	ifs->u.ifs.then = g;
	stmt_append(gb->cur, ifs);
	if (gb->hoist < 0)
		gb->hoist = gb->b->u.block.n - 1;
	gg.target = t;
	gg.parent = gb->cur;
	VEC_PUSH(gb->open, gb->nopen, gg);
	gb->cur = g;
}

/* After a statement of gb's block that converted gotos (those since the
 * count seq): the flags they set stop what follows. */
static void goto_fired(FE *fe, GotoBlock *gb, int seq)
{
	int t;
	for (t = 0; t < fe->ngts; t++) {
		GotoTarget *g = &fe->gts[t];
		if (g->fired <= seq)
			continue;
		/* Inside a loop of its label's block, the goto has left that
		 * loop (goto_loop).  Else the flag gets a guard, even under a
		 * guard of its own: the statement may have set it since. */
		if (fe->loops == g->loops)
			goto_guard(fe, gb, t);
	}
}

/* At statement c of gb's block: the labels on it end their guards. */
static void goto_reach(FE *fe, GotoBlock *gb, CXCursor c, int from)
{
	int t, k, j;
	for (; is_kind(c, CXCursor_LabelStmt) && kids(c).n;
	     c = kids(c).c[kids(c).n - 1]) {
		for (t = from; t < fe->ngts; t++)
			if (clang_equalCursors(fe->gts[t].label, c))
				break;
		if (t == fe->ngts)
			continue;
		fe->gts[t].reached = 1;
		for (k = 0; k < gb->nopen && gb->open[k].target != t; k++)
			;
		if (k == gb->nopen)
			continue;
		/* close its outermost guard and those inside it; open one
		 * again for each other flag among those */
		int n = 0, m;
		int *inner = arena_alloc(sizeof(int) * (size_t)gb->nopen);
		for (j = k + 1; j < gb->nopen; j++) {
			int it = gb->open[j].target;
			for (m = 0; m < n && inner[m] != it; m++)
				;
			if (it != t && m == n)
				inner[n++] = it;
		}
		gb->cur = gb->open[k].parent;
		gb->nopen = k;
		for (j = 0; j < n; j++)
			goto_guard(fe, gb, inner[j]);
	}
}

/* Is e a literal, maybe negated or cast? */
static int is_literal(const Expr *e)
{
	while (e->kind == E_UNARY || e->kind == E_CAST)
		e = e->kind == E_UNARY ? e->u.un.e : e->u.e;
	return e->kind == E_NUM;
}

/* Puts the statements of tb (a declaration's conversion) under gb's
 * guards: declarations move ahead of them. */
static void goto_hoist(FE *fe, GotoBlock *gb, Stmt *tb)
{
	int i, k;
	for (i = 0; i < tb->u.block.n; i++) {
		Stmt *s = tb->u.block.items[i];
		if (s->kind != S_DECL) {
			stmt_append(gb->cur, s);
			continue;
		}
		/* (C forbids a jump past a variable-length array's
		 * declaration: none is here) */
		Var *v = fe->f->vars[s->u.decl.var];
		for (k = 0; k < fe->nscope; k++) {
			int o = fe->scope[k];
			if (o != s->u.decl.var &&
			    !strcmp(fe->f->vars[o]->name, v->name))
				break;
		}
		if (k < fe->nscope) {
			/* moved ahead, it would hide the other from the
			 * statements in between */
			refuse(fe, s->loc,
			       "'%s' is declared between a goto and its label "
			       "and hides another variable of that name; "
			       "rename one of them",
			       v->name);
			continue;
		}
		if (s->u.decl.inits && !v->is_static) {
			for (k = 0; k < s->u.decl.ninits; k++)
				if (!is_literal(s->u.decl.inits[k]))
					break;
			if (k < s->u.decl.ninits)
				refuse(fe, s->loc,
				       "an array initialized with computed "
				       "values between a goto and its label "
				       "is "
				       "not supported; assign its elements "
				       "instead");
		} else if (s->u.decl.init && !v->is_static &&
			   !is_literal(s->u.decl.init)) {
			Expr *init = s->u.decl.init;
			s->u.decl.init = NULL;
			v->type = type_with_const(v->type, 0);
			stmt_append(gb->cur,
				    stmt_assign(A_SET,
						expr_var(fe->f, s->u.decl.var,
							 s->loc),
						init, s->loc));
		}
		stmt_insert(gb->b, gb->hoist++, s);
	}
}

static Stmt *conv_block(FE *fe, CXCursor c)
{
	Kids ks = kids(c);
	Stmt *b = stmt_block(cur_loc(fe, c));
	int mark = fe->nscope, tmark = fe->ngts, i;
	GotoBlock gb = { b, b, NULL, 0, -1 };

	/* the labels of this block, for the gotos before them */
	for (i = 0; i < ks.n; i++) {
		CXCursor l = ks.c[i];
		for (; is_kind(l, CXCursor_LabelStmt) && kids(l).n;
		     l = kids(l).c[kids(l).n - 1]) {
			GotoTarget g = {
				l, -1, fe->loops, fe->switches, 0, 0
			};
			VEC_PUSH(fe->gts, fe->ngts, g);
		}
	}
	for (i = 0; i < ks.n; i++) {
		int seq = fe->gotos;
		goto_reach(fe, &gb, ks.c[i], tmark);
		Stmt *into = gb.cur == b ? b : stmt_block(b->loc);
		if (is_kind(ks.c[i], CXCursor_DeclStmt)) {
			Pragma *prs[16];
			int n = take_ckpts(fe, ks.c[i], prs, 16), k;
			for (k = 0; k < n; k++)
				diag_error(
					prs[k]->loc,
					"'#pragma ck_checkpoint' must be "
					"followed "
					"by a statement, not a declaration");
			Stmt *outer_pre = fe->pre;
			int outer_loop = fe->pre_loop;
			fe->pre = into;
			fe->pre_loop = 0;
			conv_decl_stmt(fe, ks.c[i], into);
			fe->pre = outer_pre;
			fe->pre_loop = outer_loop;
		} else if (clang_isExpression(clang_getCursorKind(ks.c[i]))) {
			/* a comma expression or an assignment chain is a
			 * block of statements without declarations */
			Stmt *s = conv_stmt(fe, ks.c[i]);
			if (s->kind == S_BLOCK)
				append_flat(into, s);
			else
				stmt_append(into, s);
		} else {
			/* (a return at the end of the function stays there) */
			Stmt *s = conv_stmt(fe, ks.c[i]);
			if (s == fe->pre_block)
				append_flat(into, s);
			else
				stmt_append(into, s);
		}
		if (into != b)
			goto_hoist(fe, &gb, into);
		if (fe->gotos != seq)
			goto_fired(fe, &gb, seq);
	}
	/* each flag at the top of its label's block */
	for (i = fe->ngts - 1; i >= tmark; i--)
		if (fe->gts[i].flag >= 0)
			stmt_prepend(b,
				     stmt_decl(fe->gts[i].flag,
					       expr_int(0, b->loc), b->loc));
	fe->ngts = tmark;
	fe->nscope = mark;
	return b;
}

/* Offsets of the two ';' of a for header, found in the tokens between
 * `for` and the body. */
static int for_semis(FE *fe, CXCursor c, CXCursor body, unsigned semi[2])
{
	CXSourceRange r = clang_getRange(
		clang_getRangeStart(clang_getCursorExtent(c)),
		clang_getRangeStart(clang_getCursorExtent(body)));
	CXToken *toks;
	unsigned n, i;
	int depth = 0, nsemi = 0;
	clang_tokenize(fe->tu, r, &toks, &n);
	for (i = 0; i < n && nsemi < 2; i++) {
		CXString s = clang_getTokenSpelling(fe->tu, toks[i]);
		const char *t = clang_getCString(s);
		if (!strcmp(t, "(") || !strcmp(t, "[") || !strcmp(t, "{"))
			depth++;
		else if (!strcmp(t, ")") || !strcmp(t, "]") || !strcmp(t, "}"))
			depth--;
		else if (!strcmp(t, ";") && depth == 1 &&
			 main_off(fe, clang_getTokenLocation(fe->tu, toks[i]),
				  &semi[nsemi]))
			nsemi++;
		clang_disposeString(s);
	}
	clang_disposeTokens(fe->tu, toks, n);
	return nsemi == 2;
}

/* A for-init or for-inc: a single statement, a block of the declarations
 * or assignments of a comma list, or NULL when empty. */
static Stmt *conv_for_part(FE *fe, CXCursor c)
{
	Stmt *s;
	if (is_kind(c, CXCursor_DeclStmt)) {
		Stmt *b = stmt_block(cur_loc(fe, c));
		int i;
		conv_decl_stmt(fe, c, b);
		for (i = 0; i < b->u.block.n; i++)
			if (b->u.block.items[i]->kind != S_DECL) {
				refuse(fe, b->u.block.items[i]->loc,
					   "an assignment inside the "
					   "initializer of a for-loop "
					   "declaration is not supported; "
					   "assign before the loop");
				break;
			}
		return b->u.block.n == 1 ? b->u.block.items[0] : b;
	}
	s = conv_expr_stmt_whole(fe, c);
	return s->kind == S_EMPTY ? NULL : s;
}

/* Appends clause part (a statement, a block of them, or NULL) to b. */
static void append_clause(Stmt *b, Stmt *part)
{
	if (!part)
		return;
	if (part->kind != S_BLOCK) {
		stmt_append(b, part);
		return;
	}
	for (int i = 0; i < part->u.block.n; i++)
		stmt_append(b, part->u.block.items[i]);
}

/* for (init; C[x++]; inc) body, with init converted into s and the x++
 * of the condition in fe->split_inc: for (init, x++; C[x - 1]; inc, x++)
 * body (conv_loop_incdec).  A declaration in init goes before the loop,
 * in a block of its own with the first steps: { int i = n; i--;
 * for (; i + 1 > 0; i--) body }. */
static Stmt *conv_for_steps(FE *fe, Stmt *s, const CXCursor *inc, Stmt *first,
			    Stmt *again, CXCursor body, int mark, Loc loc);

static Stmt *conv_for_incdec(FE *fe, Stmt *s, const CXCursor *inc,
			     CXCursor cond, CXCursor body, int mark, Loc loc)
{
	if (!incdec_cond_prepare(fe)) {
		fe->nscope = mark;
		return stmt_new(S_EMPTY, loc);
	}
	Stmt *first = incdec_all_steps(fe, loc);
	Stmt *again = incdec_all_steps(fe, loc);
	fe->split_busy = 1;
	s->u.loop.cond = conv_expr(fe, cond);
	fe->split_busy = 0;
	fe->nsplit = 0;
	return conv_for_steps(fe, s, inc, first, again, body, mark, loc);
}

/* for (init; C[(t = e)]; inc) body, whose condition's assignments all
 * move ahead of it (inner_assigns): for (init, t = e; C[t]; inc, t = e)
 * body, as conv_for_incdec does with steps. */
static Stmt *conv_for_assigns(FE *fe, Stmt *s, const CXCursor *inc,
			      CXCursor cond, CXCursor body, int mark, Loc loc)
{
	Stmt *first = inner_assigns(fe, cond, 0);
	fe->nheld = 0;
	Stmt *again = inner_assigns(fe, cond, 0);
	s->u.loop.cond = conv_expr(fe, cond);
	fe->nheld = 0;
	return conv_for_steps(fe, s, inc, first, again, body, mark, loc);
}

/* The rest of conv_for_incdec and conv_for_assigns: first after s's init,
 * again after its inc. */
static Stmt *conv_for_steps(FE *fe, Stmt *s, const CXCursor *inc, Stmt *first,
			    Stmt *again, CXCursor body, int mark, Loc loc)
{
	Stmt *init = stmt_block(loc), *step = stmt_block(loc);
	append_clause(init, s->u.loop.init);
	append_clause(init, first);
	if (inc)
		append_clause(step, conv_for_part(fe, *inc));
	append_clause(step, again);
	s->u.loop.inc = step;
	s->u.loop.body = conv_stmt(fe, body);
	fe->nscope = mark;
	int decl = 0;
	for (int i = 0; i < init->u.block.n; i++)
		decl |= init->u.block.items[i]->kind == S_DECL;
	if (!decl) {
		s->u.loop.init = init;
		return s;
	}
	s->u.loop.init = NULL;
	stmt_append(init, s);
	return init;
}

/* A for loop l whose init declares a floating variable (for (double p =
 * x[0], w = 2.0; ...)) becomes { double p = x[0]; double w = 2.0; for (;
 * ...) }, as conv_for_steps does: the same scope, and the derivative
 * code of the declarations goes where that of any block's does.  (The
 * reverse sweep declared p_b again for the init's own block, shadowing
 * the p_b that the loop added to, and f_dv declared the direction
 * values of p in a block that ended before the loop.) */
static Stmt *for_hoist_float_decls(FE *fe, Stmt *l, Loc loc)
{
	if (!l || l->kind != S_FOR || !l->u.loop.init)
		return l;
	Stmt *init = l->u.loop.init;
	int n = init->kind == S_BLOCK ? init->u.block.n : 1, fl = 0;
	for (int i = 0; i < n; i++) {
		const Stmt *d =
			init->kind == S_BLOCK ? init->u.block.items[i] : init;
		if (d->kind != S_DECL)
			return l;
		fl |= type_is_float(fe->f->vars[d->u.decl.var]->type);
	}
	if (!fl)
		return l;
	Stmt *b = stmt_block(loc);
	append_clause(b, init);
	l->u.loop.init = NULL;
	stmt_append(b, l);
	return b;
}

/* for (init; cond; inc) body: libclang leaves out absent parts, so they
 * are told apart by their position relative to the header's ';'s. */
static Stmt *conv_for(FE *fe, CXCursor c, Loc loc)
{
	Kids ks = kids(c);
	Stmt *s = stmt_new(S_FOR, loc);
	unsigned semi[2];
	int mark = fe->nscope, i, nparts = ks.n - 1;
	CXCursor part[3];
	int have[3] = { 0, 0, 0 };

	if (ks.n < 1)
		return s;
	if (nparts == 3) {
		for (i = 0; i < 3; i++)
			part[i] = ks.c[i], have[i] = 1;
	} else if (nparts > 0) {
		if (!for_semis(fe, c, ks.c[ks.n - 1], semi)) {
			refuse(fe, loc, "unsupported for loop header");
			return s;
		}
		for (i = 0; i < nparts; i++) {
			unsigned off = 0;
			int slot;
			main_off(fe,
				 clang_getRangeStart(
					 clang_getCursorExtent(ks.c[i])),
				 &off);
			slot = off < semi[0] ? 0 : off < semi[1] ? 1 : 2;
			part[slot] = ks.c[i];
			have[slot] = 1;
		}
	}
	if (have[0])
		s->u.loop.init = conv_for_part(fe, part[0]);
	if (have[1] && incdec_scan(fe, strip(part[1]), 1))
		return conv_for_incdec(fe, s, have[2] ? &part[2] : NULL,
				       part[1], ks.c[ks.n - 1], mark, loc);
	if (have[1] && inner_assigns_ok(fe, part[1]))
		return conv_for_assigns(fe, s, have[2] ? &part[2] : NULL,
					part[1], ks.c[ks.n - 1], mark, loc);
	if (have[1] && effects_count(part[1])) {
		/* for (i = 0; i < n && (t = e) < c; i++) body: a step or an
		 * assignment in a later operand of the condition's && chain
		 * runs only when the operands before it hold, in a test of
		 * its own (conv_loop_chain): for (i = 0;; i++) { if (!(i <
		 * n)) break; t = e; if (!(t < c)) break; body } */
		Stmt *l = conv_loop_chain(fe, part[1], ks.c[ks.n - 1], 0, loc);
		if (l && l->kind == S_FOR) {
			l->u.loop.init = s->u.loop.init;
			l->u.loop.inc =
				have[2] ? conv_for_part(fe, part[2]) : NULL;
		}
		if (l) {
			fe->nscope = mark;
			return for_hoist_float_decls(fe, l, loc);
		}
	}
	if (have[1])
		s->u.loop.cond = conv_expr(fe, part[1]);
	if (have[2])
		s->u.loop.inc = conv_for_part(fe, part[2]);
	s->u.loop.body = conv_stmt(fe, ks.c[ks.n - 1]);
	fe->nscope = mark;
	return for_hoist_float_decls(fe, s, loc);
}

/* ------------------------------------------------------------ switch
 *
 * A switch becomes an if/else chain on a copy of its controlling value:
 *
 *   switch (e) { case 1: A; break; case 2: case 3: B; default: D; }
 *
 *   { int ck_sw = e;
 *     if (ck_sw == 1) { A } else if (ck_sw == 2 || ck_sw == 3) { B D }
 *     else { D } }
 *
 * Each label's branch runs the statements from the label to the first
 * break, return or continue at the top of the switch's braces, across the
 * labels it falls through (those statements are converted again for each
 * label that reaches them), or to the end of braces that end with one
 * (case 1: { ...; break; }, whose break is then dropped).  A break deeper
 * inside a branch (in an if)
 * leaves the switch: the branch is then the body of a do { } while (0),
 * which such a break leaves the same way, unless the branch also holds a
 * continue of an enclosing loop, which the do would take over (refused).
 * Case labels must sit directly in the switch's braces, and declarations
 * there are refused: their scope would span the branches. */

/* One item of a switch's braces: a label or a statement. */
typedef struct SwItem {
	CXCursor c;  /* the statement, or the label's cursor */
	int label;   /* 0: a statement; 1: case; 2: default */
	long long v; /* case: its value */
} SwItem;

/* Flattens c, an item of a switch's braces, into items. */
static void sw_flatten(FE *fe, CXCursor c, SwItem **items, int *n)
{
	SwItem it = { c, 0, 0 };
	Kids ks;

	if (is_kind(c, CXCursor_CaseStmt)) {
		ks = kids(c);
		it.label = 1;
		if (ks.n != 2) {
			refuse(fe, cur_loc(fe, c),
			       "a case range ('case a ... b') is not "
			       "supported; list the values");
			return;
		}
		if (!int_const(ks.c[0], &it.v))
			refuse(fe, cur_loc(fe, ks.c[0]),
			       "ckc cannot read this case label's value");
		VEC_PUSH(*items, *n, it);
		sw_flatten(fe, ks.c[1], items, n);
		return;
	}
	if (is_kind(c, CXCursor_DefaultStmt)) {
		ks = kids(c);
		it.label = 2;
		VEC_PUSH(*items, *n, it);
		if (ks.n)
			sw_flatten(fe, ks.c[ks.n - 1], items, n);
		return;
	}
	if (is_kind(c, CXCursor_DeclStmt)) {
		refuse(fe, cur_loc(fe, c),
		       "a declaration directly inside a switch's braces is "
		       "not supported; declare it before the switch, or "
		       "inside braces after its case label");
		/* bound all the same, so that its uses say nothing more */
		conv_decl_stmt(fe, c, stmt_block(cur_loc(fe, c)));
		return;
	}
	VEC_PUSH(*items, *n, it);
}

/* Does s hold a break (what 1) or continue (what 2) that is not inside a
 * loop of s? */
static int sw_jumps(const Stmt *s, StmtKind what)
{
	int i;

	if (!s)
		return 0;
	switch (s->kind) {
	case S_BREAK:
	case S_CONTINUE:
		return s->kind == what;
	case S_BLOCK:
		for (i = 0; i < s->u.block.n; i++)
			if (sw_jumps(s->u.block.items[i], what))
				return 1;
		return 0;
	case S_IF:
		return sw_jumps(s->u.ifs.then, what) ||
		       sw_jumps(s->u.ifs.els, what);
	case S_CHECKPOINT:
		return sw_jumps(s->u.ckpt.body, what);
	default:
		return 0;
	}
}

/* How does c, an item of a switch's braces, end: 1 with a break at the
 * top of its braces ({ ...; break; }, nested braces too), 2 with a return
 * or continue there, 0 otherwise.  After such braces no statement of the
 * next label runs. */
static int sw_tail_jump(CXCursor c)
{
	if (is_kind(c, CXCursor_CompoundStmt)) {
		Kids ks = kids(c);
		return ks.n ? sw_tail_jump(ks.c[ks.n - 1]) : 0;
	}
	if (is_kind(c, CXCursor_BreakStmt))
		return 1;
	return is_kind(c, CXCursor_ReturnStmt) ||
			       is_kind(c, CXCursor_ContinueStmt)
		       ? 2
		       : 0;
}

/* Drops the break that ends s's braces (sw_tail_jump 1): the branch ends
 * there anyway. */
static void sw_drop_tail_break(Stmt *s)
{
	if (!s || s->kind != S_BLOCK || s->u.block.n == 0)
		return;
	Stmt *last = s->u.block.items[s->u.block.n - 1];
	if (last->kind == S_BREAK)
		s->u.block.n--;
	else
		sw_drop_tail_break(last);
}

/* Is any ck_checkpoint or omp pragma of the function before a statement
 * that starts in [c0, c1]'s extent?  Those statements are converted
 * again. */
static const Pragma *sw_pragma_in(FE *fe, CXCursor c0, CXCursor c1)
{
	unsigned lo, hi;

	if (!main_off(fe, clang_getRangeStart(clang_getCursorExtent(c0)),
		      &lo) ||
	    !main_off(fe, clang_getRangeEnd(clang_getCursorExtent(c1)), &hi))
		return NULL;
	for (int i = 0; i < fe->npragmas; i++) {
		const Pragma *pr = fe->pragmas[i];
		if ((pr->is_ckpt || pr->is_omp) &&
		    pr->fn == def_base(fe->fdef) && pr->next_off >= lo &&
		    pr->next_off <= hi)
			return pr;
	}
	return NULL;
}

static Stmt *conv_switch(FE *fe, CXCursor c, Loc loc)
{
	Kids ks = kids(c);
	SwItem *items = NULL;
	int nitems = 0, done = 0, i, j;
	Stmt *blk = stmt_block(loc), *chain = NULL, **tail = &chain;
	Stmt *dflt = NULL;

	if (ks.n < 2) {
		refuse(fe, loc, "unsupported statement");
		return blk;
	}
	fe->switches++;
	CXCursor body = ks.c[ks.n - 1];
	Expr *cond = conv_expr(fe, ks.c[ks.n - 2]);
	int sw = fe_temp(fe, "ck_sw", type_with_const(cond->type, 0), loc);
	stmt_append(blk, stmt_decl(sw, cond, loc));

	if (is_kind(body, CXCursor_CompoundStmt)) {
		Kids bs = kids(body);
		for (i = 0; i < bs.n; i++)
			sw_flatten(fe, bs.c[i], &items, &nitems);
	} else {
		sw_flatten(fe, body, &items, &nitems);
	}
	for (i = 0; i < nitems; i++) {
		if (!items[i].label)
			continue;
		/* the labels at this place, and the test they make */
		Loc lloc = cur_loc(fe, items[i].c);
		Expr *test = NULL;
		int is_default = 0;
		for (; i < nitems && items[i].label; i++) {
			if (items[i].label == 2) {
				is_default = 1;
				continue;
			}
			Expr *eq = expr_binary(B_EQ, expr_var(fe->f, sw, lloc),
					       expr_int(items[i].v, lloc),
					       type_int(), lloc);
			test = test ? expr_binary(B_LOR, test, eq, type_int(),
						  lloc)
				    : eq;
		}
		/* the statements up to the first jump at the top, over the
		 * labels that follow */
		Stmt *br = stmt_block(lloc);
		int first = -1, last = -1;
		for (j = i; j < nitems; j++) {
			if (items[j].label)
				continue;
			enum CXCursorKind k = clang_getCursorKind(items[j].c);
			if (k == CXCursor_BreakStmt)
				break;
			if (j < done) {
				if (first < 0)
					first = j;
				last = j;
			}
			Stmt *st = conv_stmt(fe, items[j].c);
			int ends = sw_tail_jump(items[j].c);
			if (ends == 1)
				sw_drop_tail_break(st);
			stmt_append(br, st);
			if (k == CXCursor_ReturnStmt ||
			    k == CXCursor_ContinueStmt || ends) {
				j++;
				break;
			}
		}
		if (j > done)
			done = j;
		if (first >= 0) {
			const Pragma *pr = sw_pragma_in(fe, items[first].c,
							items[last].c);
			if (pr)
				diag_error(
					pr->loc,
					"this pragma's statement is reached "
					"from more than one case label "
					"(falling through); end the case "
					"before it with break");
		}
		if (sw_jumps(br, S_BREAK)) {
			if (sw_jumps(br, S_CONTINUE))
				refuse(fe, lloc,
				       "this case both leaves the switch "
				       "early with break and continues the "
				       "enclosing loop; use a flag and "
				       "if/else "
				       "instead");
			Stmt *d = stmt_new(S_DO, lloc);
			d->u.loop.body = br;
			d->u.loop.cond = expr_int(0, lloc);
			Stmt *wrap = stmt_block(lloc);
			stmt_append(wrap, d);
			br = wrap;
		}
		i--; /* the loop's i++ comes back to the statement after */
		if (is_default) {
			/* `case 1: default:` is the default branch: the values
			 * of its cases reach it as any other value does */
			dflt = br;
			continue;
		}
		Stmt *ifs = stmt_new(S_IF, lloc);
		ifs->u.ifs.cond = test;
		ifs->u.ifs.then = br;
		*tail = ifs;
		tail = &ifs->u.ifs.els;
	}
	*tail = dflt;
	if (chain)
		stmt_append(blk, chain);
	fe->switches--;
	return blk;
}

static Stmt *conv_stmt_inner(FE *fe, CXCursor c)
{
	Loc loc = cur_loc(fe, c);
	enum CXCursorKind k = clang_getCursorKind(c);
	Kids ks;
	Stmt *s;

	if (clang_isExpression(k)) {
		/* a, b; is a; b; (each its own statement, before the moves
		 * below take the comma's assignments for inner ones) */
		CXCursor e = strip(c);
		if (is_kind(e, CXCursor_BinaryOperator) &&
		    clang_getCursorBinaryOperatorKind(e) ==
			    CXBinaryOperator_Comma &&
		    expr_kids(e).n == 2) {
			Kids ek = expr_kids(e);
			Stmt *b = stmt_block(loc);
			append_flat(b, conv_stmt_inner(fe, ek.c[0]));
			append_flat(b, conv_stmt_inner(fe, ek.c[1]));
			return b;
		}
		/* u[1] = r[1] / (bet = b[1]): bet = b[1]; u[1] = r[1] / bet */
		Stmt *h = inner_assigns(fe, c, 1);
		if (!h)
			return conv_expr_stmt(fe, c);
		append_flat(h, conv_expr_stmt(fe, c));
		fe->nheld = 0;
		return h;
	}
	switch (k) {
	case CXCursor_CompoundStmt:
		return conv_block(fe, c);
	case CXCursor_DeclStmt:
		s = stmt_block(loc);
		conv_decl_stmt(fe, c, s);
		return s;
	case CXCursor_NullStmt:
		return stmt_new(S_EMPTY, loc);
	case CXCursor_IfStmt:
		ks = kids(c);
		if (ks.n < 2)
			break;
		s = stmt_new(S_IF, loc);
		/* if (C[x++]) S:  x++; if (C[x - 1]) S, as for a loop's
		 * condition (conv_loop_incdec) */
		Stmt *steps = NULL;
		if (inner_assigns_ok(fe, ks.c[0])) {
			/* if ((t = e) > c) S: t = e; if (t > c) S */
			steps = stmt_block(loc);
			append_flat(steps, inner_assigns(fe, ks.c[0], 0));
			s->u.ifs.cond = conv_expr(fe, ks.c[0]);
			fe->nheld = 0;
		} else if (incdec_scan_cond(fe, strip(ks.c[0]))) {
			if (!incdec_cond_prepare(fe))
				return stmt_new(S_EMPTY, loc);
			steps = incdec_all_steps(fe, loc);
			fe->split_busy = 1;
			s->u.ifs.cond = conv_expr(fe, ks.c[0]);
			fe->split_busy = 0;
			fe->nsplit = 0;
		} else if (!(steps = if_chain(fe, ks.c[0], s, loc))) {
			/* (if_chain: if (err < tol || ++it > maxit) S) */
			s->u.ifs.cond = conv_expr(fe, ks.c[0]);
		}
		s->u.ifs.then = conv_stmt(fe, ks.c[1]);
		if (ks.n > 2)
			s->u.ifs.els = conv_stmt(fe, ks.c[2]);
		if (steps) {
			stmt_append(steps, s);
			return steps;
		}
		return s;
	case CXCursor_ForStmt:
		return conv_for(fe, c, loc);
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
		ks = kids(c);
		if (ks.n != 2)
			break;
		s = k == CXCursor_WhileStmt
			    ? conv_loop_incdec(fe, ks.c[0], ks.c[1], 0, loc)
			    : conv_loop_incdec(fe, ks.c[1], ks.c[0], 1, loc);
		if (s)
			return s;
		s = stmt_new(k == CXCursor_WhileStmt ? S_WHILE : S_DO, loc);
		if (k == CXCursor_WhileStmt) {
			s->u.loop.cond = conv_expr(fe, ks.c[0]);
			s->u.loop.body = conv_stmt(fe, ks.c[1]);
		} else {
			s->u.loop.body = conv_stmt(fe, ks.c[0]);
			s->u.loop.cond = conv_expr(fe, ks.c[1]);
		}
		return s;
	case CXCursor_BreakStmt:
		return stmt_new(S_BREAK, loc);
	case CXCursor_ContinueStmt:
		return stmt_new(S_CONTINUE, loc);
	case CXCursor_ReturnStmt:
		ks = expr_kids(c);
		if (ks.n && (s = inner_assigns(fe, ks.c[0], 0))) {
			/* return (s = e): s = e; return s */
			stmt_append(s, stmt_expr(S_RETURN,
						 conv_expr(fe, ks.c[0]), loc));
			fe->nheld = 0;
			/* (flattened: a last return stays last) */
			fe->pre_block = s;
			return s;
		}
		if (ks.n && incdec_scan(fe, strip(ks.c[0]), 1))
			return conv_return_incdec(fe, ks.c[0], loc);
		return stmt_expr(S_RETURN,
				 ks.n ? conv_expr(fe, ks.c[0]) : NULL, loc);
	case CXCursor_LabelStmt:
		/* the labeled statement (conv_block and conv_goto make
		 * the gotos to it structured) */
		ks = kids(c);
		for (; ks.n > 0; ks.n--)
			if (clang_isStatement(
				    clang_getCursorKind(ks.c[ks.n - 1])) ||
			    clang_isExpression(
				    clang_getCursorKind(ks.c[ks.n - 1])))
				return conv_stmt(fe, ks.c[ks.n - 1]);
		return stmt_new(S_EMPTY, loc);
	case CXCursor_GotoStmt:
		return conv_goto(fe, c, loc);
	case CXCursor_IndirectGotoStmt:
		refuse(fe, loc,
		       "a computed goto is not supported in differentiated "
		       "code; use structured control flow");
		return stmt_new(S_EMPTY, loc);
	case CXCursor_SwitchStmt:
		return conv_switch(fe, c, loc);
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt:
		refuse(fe, loc,
		       "a case label inside a nested statement of its switch "
		       "is not supported; put every label directly in the "
		       "switch's braces");
		return stmt_new(S_EMPTY, loc);
	case CXCursor_GCCAsmStmt:
	case CXCursor_MSAsmStmt:
		refuse(fe, loc, "inline assembly is not supported; move it into a function "
				"that differentiated code does not call");
		return stmt_new(S_EMPTY, loc);
	default:
		break;
	}
	refuse(fe, loc, "unsupported statement");
	return stmt_new(S_EMPTY, loc);
}

/* ----------------------------------------------------------- functions */

/* Does the default argument promotion change type t (float, and the
 * integer types narrower than int)? */
static int promoted(const Type *t)
{
	static const char *const narrow[] = {
		"_Bool", "char", "signed char", "unsigned char", "short",
		"unsigned short",
	};
	size_t i;
	if (t->kind == TY_FLOAT)
		return 1;
	for (i = 0; t->kind == TY_INT && i < sizeof narrow / sizeof *narrow;
	     i++)
		if (!strcmp(t->name, narrow[i]))
			return 1;
	return 0;
}

/* Is definition c old-style with parameters (`double g(a) double a;
 * {...}`)?  libclang gives it a prototype type, but callers promote its
 * arguments; its parameters are declared after the ')' of the list, so
 * the first one starts after the function's first ')'. */
static int old_style_params(CXCursor c)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	CXSourceRange r;
	CXToken *toks;
	unsigned n, i, close = 0, poff = 0, off;
	CXFile file, pfile;
	int depth = 0, found = 0;
	if (clang_Cursor_getNumArguments(c) < 1)
		return 0;
	clang_getFileLocation(
		clang_getCursorLocation(clang_Cursor_getArgument(c, 0)),
		&pfile, NULL, NULL, &poff);
	/* from the name on: attributes before it have parentheses too */
	r = clang_getRange(clang_getCursorLocation(c),
			   clang_getRangeEnd(clang_getCursorExtent(c)));
	clang_tokenize(tu, r, &toks, &n);
	for (i = 0; i < n && !found; i++) {
		CXString sp = clang_getTokenSpelling(tu, toks[i]);
		const char *t = clang_getCString(sp);
		if (!strcmp(t, "("))
			depth++;
		else if (!strcmp(t, ")") && --depth == 0) {
			clang_getFileLocation(
				clang_getTokenLocation(tu, toks[i]), &file,
				NULL, NULL, &off);
			close = off;
			found = clang_File_isEqual(file, pfile);
		}
		clang_disposeString(sp);
	}
	clang_disposeTokens(tu, toks, n);
	return found && poff > close;
}

/* ------------------------------------------- pointer parameters walked
 *
 * A pointer parameter that the body assigns (`while (n--) s += *x++;`)
 * is walked through a local copy: `const double *ck_x = x;` first, and
 * ck_x wherever the body names x.  The parameter itself then stays where
 * the caller put it, the base that the reverse sweep finds the copy's
 * place from, as for any local pointer into it. */

/* The local copy that body walks in place of pointer parameter a (id),
 * bound to a's declaration, or -1 when body never assigns a. */
static int walked_param(FE *fe, CXCursor a, int id, CXCursor body)
{
	VarWrite pw = { a, 0, 0 };
	Var *v = fe->f->vars[id];
	if (v->type->kind != TY_PTR)
		return -1;
	clang_visitChildren(body, var_write_visit, &pw);
	if (!pw.found)
		return -1;
	char *base = arena_alloc(strlen(v->name) + 4);
	sprintf(base, "ck_%s", v->name);
	int l = fe_temp(fe, base, v->type, v->loc);
	var_bind(fe, a, l);
	return l;
}

/* Parameter a when it is declared as a pointer to row pointers, double
 * **A: it becomes a pointer to structs of one pointer member, p, read as
 * A[i].p[j], so that every mode follows the rows as it follows pointer
 * members (their shadows are built by the caller with the primal's
 * shape, as a struct's).  The public functions declare it as written
 * (public_rows).  Returns 0 for any other parameter. */
static int ptr_rows_param(FE *fe, CXCursor a, Loc loc)
{
	CXType t = clang_getCursorType(a);
	if (!is_ptr_rows(t))
		return 0;
	Type *decl = conv_type(fe, t, loc, TY_DECAY | TY_REPORT);
	Type *el = type_with_const(decl->base->base, 0);
	int fl = el->kind == TY_FLOAT;
	StructDef *sd = fe->prow_sd[fl];
	if (!sd) {
		sd = ARENA_NEW(StructDef);
		sd->tag = fl ? "ck_rows_float" : "ck_rows_double";
		sd->complete = 1;
		sd->loc = loc;
		sd->where = SD_MAIN;
		sd->rows = 1;
		Field fd;
		fd.name = "p";
		fd.type = type_ptr(el);
		VEC_PUSH(sd->fields, sd->nfields, fd);
		fe->prow_sd[fl] = sd;
	}
	Type *st = type_new(TY_STRUCT);
	st->st = sd;
	st->name = arena_printf("struct %s", sd->tag);
	/* (read-only data stays const in the view too) */
	Type *ty = type_ptr(st);
	ty->base->is_const =
		decl->base->is_const && decl->base->base->is_const;
	ty->declared = decl;
	int id = func_add_param(fe->f, cxs(clang_getCursorSpelling(a)), ty,
				loc);
	var_bind(fe, a, id);
	return 1;
}

/* Parameter a when it is declared as rows of a length known at run time,
 * `const double A[n][m]` or `double (*A)[2 * m]`: a flat pointer to the
 * elements, read as A[i * m + j] (conv_index; rows_entry).  Returns 0 for
 * any other parameter. */
static int row_param(FE *fe, CXCursor a, Loc loc)
{
	/* (through the types as written: the canonical ones lose the const
	 * of the elements) */
	CXType t = clang_getCursorType(a), ct = clang_getCanonicalType(t);
	if (ct.kind != CXType_Pointer && ct.kind != CXType_VariableArray &&
	    ct.kind != CXType_ConstantArray &&
	    ct.kind != CXType_IncompleteArray)
		return 0;
	/* the row's dimensions, one at least of a length known at run time,
	 * and its elements */
	CXType row = inner_type(t, ct), el = row;
	int nd = 0, var = 0, cq = 0;
	for (;;) {
		CXType c = clang_getCanonicalType(el);
		if (c.kind != CXType_VariableArray &&
		    c.kind != CXType_ConstantArray)
			break;
		var |= c.kind == CXType_VariableArray;
		cq |= clang_isConstQualifiedType(el);
		el = inner_type(el, c);
		nd++;
	}
	if (!var)
		return 0;
	enum CXTypeKind ek = clang_getCanonicalType(el).kind;
	const char *name = cxs(clang_getCursorSpelling(a));
	/* the lengths are the first expressions below the parameter,
	 * innermost first (then the outermost, which the type drops) */
	Kids ks = kids(a);
	CXCursor lens[16];
	int k, n = 0;
	for (k = 0; k < ks.n && n < nd && n < 16; k++)
		if (clang_isExpression(clang_getCursorKind(ks.c[k])))
			lens[n++] = ks.c[k];
	/* the dimensions as clang spells the row type, "[m][k + 1]" of
	 * "const double[m][k + 1]" */
	const char *sp = cxs(clang_getTypeSpelling(row));
	const char *lb = strchr(sp, '['), *rb = strrchr(sp, ']');
	if ((!is_float_kind(el) && !int_name(ek)) || n < nd || !lb || !rb ||
	    rb < lb) {
		diag_error(loc,
			   "parameter '%s' has rows of a length known at run "
			   "time whose elements are not floating-point or "
			   "integer scalars; pass a pointer to the first "
			   "element instead",
			   name);
		/* bound, its uses refused quietly */
		int id = func_add_param(fe->f, name, type_ptr(type_double()),
					loc);
		var_bind(fe, a, id);
		VEC_PUSH(fe->unheld, fe->nunheld, id * 2 + 1);
		return 1;
	}
	Type *ty = type_ptr(conv_type(fe, el, loc, TY_REPORT));
	/* (const on an array is on its elements) */
	if (cq || clang_isConstQualifiedType(el))
		ty->base = type_with_const(ty->base, 1);
	ty->rows = arena_printf("%.*s", (int)(rb - lb + 1), lb);
	int id = func_add_param(fe->f, name, ty, loc);
	var_bind(fe, a, id);
	for (k = nd - 1; k >= 0; k--) {
		/* (a constant stays as written, others count in long) */
		Expr *len = conv_expr(fe, lens[k]);
		RowParam rp = { id,
				len->kind == E_NUM
					? len
					: expr_cast(type_long(), len, loc),
				NULL, 0 };
		VEC_PUSH(fe->rows, fe->nrows, rp);
	}
	return 1;
}

typedef struct RowWrites {
	const Expr *len;
	int hit;
} RowWrites;

static void row_addr(void *ctx, const Expr *e)
{
	RowWrites *w = ctx;
	if (e->kind == E_ADDR && e->u.e->kind == E_VAR &&
	    expr_mentions(w->len, e->u.e->u.var))
		w->hit = 1;
}

static void row_global(void *ctx, const Expr *e)
{
	RowWrites *w = ctx;
	if (e->kind == E_GLOBAL || (e->kind == E_CALL && !expr_math_only(e)))
		w->hit = 1;
}

static void row_store(void *ctx, const Stmt *s)
{
	RowWrites *w = ctx;
	if (s->kind != S_ASSIGN)
		return;
	const Expr *l = s->u.assign.lhs;
	while (l->kind == E_INDEX || l->kind == E_MEMBER)
		l = l->kind == E_INDEX ? l->u.index.base : l->u.mem.base;
	if (l->kind == E_VAR && expr_mentions(w->len, l->u.var))
		w->hit = 1;
}

/* A store to a row pointer of a parameter declared as a pointer to row
 * pointers (A[i] = ..., A[i]++): its shadow's rows could not follow. */
static void prow_store(void *ctx, const Stmt *s)
{
	FE *fe = ctx;
	if (s->kind != S_ASSIGN)
		return;
	const Expr *l = s->u.assign.lhs;
	if (l->kind != E_MEMBER || l->u.mem.base->kind != E_INDEX ||
	    l->u.mem.base->u.index.base->kind != E_VAR)
		return;
	const Var *v = fe->f->vars[l->u.mem.base->u.index.base->u.var];
	if (!type_ptr_rows(v->type))
		return;
	refuse(fe, s->loc,
	       "changing a row pointer of '%s' is not supported; move the "
	       "rows' elements instead, or keep the order in an int array",
	       v->name);
}

/* Where the body may change what the length of a rows parameter reads
 * (a variable it stores to or takes the address of; a global or a call
 * in the length), a local takes the length on entry and the indices read
 * it (C's order); elsewhere they read the length itself, and no local is
 * left unread. */
static void rows_entry(FE *fe, Stmt *body, Stmt *init)
{
	for (int r = 0; r < fe->nrows; r++) {
		RowParam *rp = &fe->rows[r];
		RowWrites w = { rp->len, 0 };
		ir_visit_stmts(body, row_store, &w);
		ir_walk_stmt(body, row_addr, &w);
		RowWrites g = { rp->len, 0 };
		ir_walk_expr(rp->len, row_global, &g);
		if ((!w.hit && !g.hit) || !rp->nuses)
			continue;
		Loc loc = rp->len->loc;
		int len = fe_temp(fe, "ck_cols", type_long(), loc);
		stmt_append(init, stmt_decl(len, rp->len, loc));
		for (int i = 0; i < rp->nuses; i++)
			*rp->uses[i] = *expr_var(fe->f, len, loc);
	}
}

/* Converts the function at index idx of Program.funcs. */
static void conv_func(FE *fe, int idx)
{
	Def *d = fe->conv[idx];
	Func *f = fe->p->funcs[idx];
	CXCursor c = d->def;
	Kids ks = kids(c);
	int nerr = diag_errors(), i, n, noproto;

	fe->f = f;
	fe->fidx = idx;
	fe->fdef = d;
	fe->nvars = 0;
	fe->vcap = 0;
	fe->nscope = 0;
	fe->nunheld = 0;
	fe->nvlas = 0;
	fe->ngts = 0;
	fe->loops = 0;
	fe->switches = 0;
	fe->pre = NULL;
	fe->pre_loop = 0;
	fe->cond_arms = 0;
	fe->nrows = 0;
	fe->rows_ok = 0;
	/* An old-style definition (`double g()`, `double g(a) double a;`)
	 * has no prototype, which libclang calls variadic; it is not. */
	noproto = clang_getCursorType(c).kind == CXType_FunctionNoProto ||
		  old_style_params(c);
	if (!noproto && clang_isFunctionTypeVariadic(clang_getCursorType(c))) {
		/* Its body (va_list, va_arg) would only add noise. */
		diag_error(f->loc,
			   "variadic function '%s' is not supported; give it "
			   "a fixed parameter list (an array and a count)",
			   f->name);
		f->body = stmt_block(f->loc);
		return;
	}
	n = clang_Cursor_getNumArguments(c);
	int *pos = arena_alloc(sizeof(int) * (size_t)(n + 1));
	Stmt *rows_init = stmt_block(f->loc);
	for (i = 0; i < n; i++) {
		CXCursor a = clang_Cursor_getArgument(c, (unsigned)i);
		Loc loc = cur_loc(fe, a);
		pos[i] = -1;
		if (d->spec_of && !clang_Cursor_isNull(d->bind[i]))
			continue; /* a bound function-pointer parameter */
		pos[i] = f->nparams;
		if (row_param(fe, a, loc) || ptr_rows_param(fe, a, loc))
			continue;
		int unheld = unheld_type(clang_getCursorType(a));
		int id = func_add_param(
			f, cxs(clang_getCursorSpelling(a)),
			conv_type(fe, clang_getCursorType(a), loc,
				  unheld ? TY_DECAY : TY_DECAY | TY_REPORT),
			loc);
		var_bind(fe, a, id);
		if (unheld)
			VEC_PUSH(fe->unheld, fe->nunheld, id * 2);
		/* ckc declares the functions it calls with prototypes: that
		 * is compatible with an old-style definition only for
		 * parameter types that the default promotions keep. */
		if (noproto && promoted(f->vars[id]->type))
			diag_error(loc,
				   "parameter '%s' of the old-style definition "
				   "of '%s' has type '%s', which callers pass "
				   "promoted; write a prototype definition",
				   f->vars[id]->name, f->name,
				   cxs(clang_getTypeSpelling(
					   clang_getCursorType(a))));
	}
	for (i = ks.n - 1; i >= 0; i--)
		if (is_kind(ks.c[i], CXCursor_CompoundStmt)) {
			int *walked =
				arena_alloc(sizeof(int) * (size_t)(n + 1));
			for (int k = 0; k < n; k++)
				walked[k] = -1;
			fe->walked = walked;
			/* (not rows of run-time length: a step is a row) */
			for (int k = 0; k < n; k++)
				if (pos[k] >= 0 &&
				    row_len(fe, f->params[pos[k]]) < 0 &&
				    !type_ptr_rows(
					    f->vars[f->params[pos[k]]]->type))
					walked[pos[k]] = walked_param(
						fe,
						clang_Cursor_getArgument(
							c, (unsigned)k),
						f->params[pos[k]], ks.c[i]);
			f->body = conv_block(fe, ks.c[i]);
			if (fe->nvlas)
				vla_frees(fe, f->body);
			rows_entry(fe, f->body, rows_init);
			ir_visit_stmts(f->body, prow_store, fe);
			for (int k = rows_init->u.block.n - 1; k >= 0; k--)
				stmt_prepend(f->body,
					     rows_init->u.block.items[k]);
			for (int k = n - 1; k >= 0; k--)
				if (pos[k] >= 0 && walked[pos[k]] >= 0)
					stmt_prepend(
						f->body,
						stmt_decl(
							walked[pos[k]],
							expr_var(
								f,
								f->params
									[pos[k]],
								f->loc),
							f->loc));
			fe->walked = NULL;
			break;
		}
	if (!f->body)
		f->body = stmt_block(f->loc);
	refuse_flush(fe, f->name);
	if (diag_errors() > nerr)
		return;
	for (i = 0; i < fe->npragmas; i++) {
		Pragma *pr = fe->pragmas[i];
		if (pr->is_ckpt && pr->fn == def_base(d) && pr->ok &&
		    !pr->used)
			diag_error(pr->loc, "'#pragma ck_checkpoint' must be "
					    "followed by a statement");
		if (pr->is_omp && pr->fn == def_base(d) && !pr->used)
			diag_error(pr->loc,
				   "'#pragma omp' is supported in "
				   "differentiated code only as "
				   "'#pragma omp parallel for' before "
				   "a for loop, or '#pragma omp "
				   "parallel' around one '#pragma omp "
				   "for' loop");
	}
}

static void dfs_calls(FE *fe, int u, unsigned char *color)
{
	int i;
	color[u] = 1;
	for (i = 0; i < fe->nedges; i++) {
		Edge *e = &fe->edges[i];
		if (e->from != u)
			continue;
		if (color[e->to] == 1)
			diag_error(e->loc,
				   "recursive call to '%s' is not supported; "
				   "write the recursion as a loop",
				   fe->p->funcs[e->to]->name);
		else if (color[e->to] == 0)
			dfs_calls(fe, e->to, color);
	}
	color[u] = 2;
}

/* Reports every call that closes a cycle in the call graph. */
static void check_recursion(FE *fe)
{
	unsigned char *color = arena_alloc((size_t)fe->p->nfuncs + 1);
	int i;
	for (i = 0; i < fe->p->nfuncs; i++)
		if (!color[i])
			dfs_calls(fe, i, color);
}

/* Renumbers the E_CALL targets of converted code after a reordering. */
static void remap_expr(Expr *e, const int *map)
{
	int i;
	if (!e)
		return;
	switch (e->kind) {
	case E_CALL:
		if (e->u.call.fn >= 0)
			e->u.call.fn = map[e->u.call.fn];
		for (i = 0; i < e->u.call.nargs; i++)
			remap_expr(e->u.call.args[i], map);
		break;
	case E_UNARY:
		remap_expr(e->u.un.e, map);
		break;
	case E_BINARY:
		remap_expr(e->u.bin.l, map);
		remap_expr(e->u.bin.r, map);
		break;
	case E_COND:
		remap_expr(e->u.cond.c, map);
		remap_expr(e->u.cond.a, map);
		remap_expr(e->u.cond.b, map);
		break;
	case E_INDEX:
		remap_expr(e->u.index.base, map);
		remap_expr(e->u.index.idx, map);
		break;
	case E_DEREF:
	case E_ADDR:
	case E_CAST:
		remap_expr(e->u.e, map);
		break;
	default:
		break;
	}
}

static void remap_stmt(Stmt *s, const int *map)
{
	int i;
	if (!s)
		return;
	switch (s->kind) {
	case S_BLOCK:
		for (i = 0; i < s->u.block.n; i++)
			remap_stmt(s->u.block.items[i], map);
		break;
	case S_DECL:
		remap_expr(s->u.decl.init, map);
		for (i = 0; i < s->u.decl.ninits; i++)
			remap_expr(s->u.decl.inits[i], map);
		break;
	case S_ASSIGN:
		remap_expr(s->u.assign.lhs, map);
		remap_expr(s->u.assign.rhs, map);
		break;
	case S_EXPR:
	case S_RETURN:
		remap_expr(s->u.expr, map);
		break;
	case S_IF:
		remap_expr(s->u.ifs.cond, map);
		remap_stmt(s->u.ifs.then, map);
		remap_stmt(s->u.ifs.els, map);
		break;
	case S_FOR:
	case S_WHILE:
	case S_DO:
		remap_stmt(s->u.loop.init, map);
		remap_expr(s->u.loop.cond, map);
		remap_stmt(s->u.loop.inc, map);
		remap_stmt(s->u.loop.body, map);
		break;
	case S_CHECKPOINT:
		remap_stmt(s->u.ckpt.body, map);
		break;
	default:
		break;
	}
}

/* Puts Program.funcs in the order of the definitions in the source, so
 * that the output follows the input's layout whatever the call order. */
static void sort_funcs(FE *fe)
{
	Program *p = fe->p;
	int n = p->nfuncs, i, k;
	int *map = arena_alloc(((size_t)n + 1) * sizeof *map);
	Def **order = arena_alloc(((size_t)n + 1) * sizeof *order);
	Func **funcs = arena_alloc(((size_t)n + 1) * sizeof *funcs);
	for (i = 0; i < n; i++) { /* insertion sort by Def.seq */
		Def *d = fe->conv[i];
		for (k = i; k > 0 && order[k - 1]->seq > d->seq; k--)
			order[k] = order[k - 1];
		order[k] = d;
	}
	for (i = 0; i < n; i++) {
		map[order[i]->idx] = i;
		funcs[i] = p->funcs[order[i]->idx];
	}
	for (i = 0; i < n; i++) {
		p->funcs[i] = funcs[i];
		fe->conv[i] = order[i];
		order[i]->idx = i;
		remap_stmt(funcs[i]->body, map);
	}
	for (i = 0; i < p->nreqs; i++)
		if (p->reqs[i]->fn >= 0)
			p->reqs[i]->fn = map[p->reqs[i]->fn];
}

/* --------------------------------------------------------- entry point */

/* Reports clang's errors (warnings are not shown), each message once
 * (a note counts the repeats); returns their number. */
static int report_clang_errors(FE *fe)
{
	unsigned i, n = clang_getNumDiagnostics(fe->tu);
	int nerr = 0, k;
	fe->nseen = 0;
	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(fe->tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
		if (sev >= CXDiagnostic_Error) {
			const char *msg = cxs(clang_getDiagnosticSpelling(d));
			const char *flag =
				cxs(clang_getDiagnosticOption(d, NULL));
			Loc loc = src_loc(fe, clang_getDiagnosticLocation(d));
			CXDiagnosticSet kidset = clang_getChildDiagnostics(d);
			unsigned j, nk = clang_getNumDiagnosticsInSet(kidset);
			Seen sn;
			nerr++;
			for (k = 0; k < fe->nseen; k++)
				if (!strcmp(fe->seen[k].msg, msg))
					break;
			if (k < fe->nseen) {
				clang_disposeDiagnostic(d);
				continue;
			}
			sn.msg = msg;
			sn.first = loc;
			sn.more = 0;
			VEC_PUSH(fe->seen, fe->nseen, sn);
			for (j = i + 1; j < n; j++) { /* the repeats */
				CXDiagnostic r = clang_getDiagnostic(fe->tu, j);
				CXString rs = clang_getDiagnosticSpelling(r);
				if (!strcmp(clang_getCString(rs), msg))
					fe->seen[fe->nseen - 1].more++;
				clang_disposeString(rs);
				clang_disposeDiagnostic(r);
			}
			if (*flag)
				diag_error(loc, "%s [%s]", msg, flag);
			else
				diag_error(loc, "%s", msg);
			for (j = 0; j < nk; j++) {
				CXDiagnostic note =
					clang_getDiagnosticInSet(kidset, j);
				diag_note(src_loc(fe,
						  clang_getDiagnosticLocation(
							  note)),
					  "%s",
					  cxs(clang_getDiagnosticSpelling(
						  note)));
				clang_disposeDiagnostic(note);
			}
			if (sn.more || fe->seen[fe->nseen - 1].more)
				diag_note(loc, "%d more error%s like this not "
					       "shown",
					  fe->seen[fe->nseen - 1].more,
					  fe->seen[fe->nseen - 1].more > 1 ? "s"
									  : "");
		}
		clang_disposeDiagnostic(d);
	}
	fe->nseen = 0;
	return nerr;
}

static void inclusion_visit(CXFile file, CXSourceLocation *stack, unsigned len,
			    CXClientData data)
{
	FE *fe = data;
	const char *name;
	int i;
	if (len == 0)
		return;
	name = cxs(clang_getFileName(file));
	for (i = 0; i < *fe->opt->ndeps; i++)
		if (!strcmp((*fe->opt->deps)[i], name))
			return;
	(void)stack;
	ARENA_PUSH(*fe->opt->deps, *fe->opt->ndeps, (char *)name);
}

/* Records every included file with the main-file offset of the #include
 * that brings it in (directly or through other headers). */
static void include_visit(CXFile file, CXSourceLocation *stack, unsigned len,
			  CXClientData data)
{
	FE *fe = data;
	IncOff io;
	CXFile f;
	unsigned line, col;
	int i;
	if (len == 0)
		return;
	for (i = 0; i < fe->nincs; i++)
		if (clang_File_isEqual(fe->incs[i].file, file))
			return;
	io.file = file;
	clang_getExpansionLocation(stack[len - 1], &f, &line, &col, &io.off);
	if (!f || !clang_File_isEqual(f, fe->mainfile))
		io.off = 0;
	VEC_PUSH(fe->incs, fe->nincs, io);
}

static int mentions_ck(const char *s, size_t n)
{
	return mentions(s, n, "ck_");
}

/* The requests in the user headers the input includes (system headers
 * hold none): their pragmas are scanned as the main file's are. */
static void scan_headers(FE *fe)
{
	int i;
	for (i = 0; i < fe->nincs; i++) {
		CXFile file = fe->incs[i].file;
		size_t len;
		const char *src;
		if (clang_Location_isInSystemHeader(
			    clang_getLocationForOffset(fe->tu, file, 0)))
			continue;
		src = clang_getFileContents(fe->tu, file, &len);
		/* no pragma, no work (most headers) */
		if (!src || !mentions_ck(src, len))
			continue;
		fe->curfile = file;
		fe->src = src;
		fe->srclen = len;
		read_tokens(fe);
		scan_directives(fe, 1, fe->incs[i].off);
	}
	fe->src = clang_getFileContents(fe->tu, fe->mainfile, &fe->srclen);
}

/* Did the parse stop at a missing mpi.h? */
static int missing_mpi_h(CXTranslationUnit tu)
{
	unsigned n = clang_getNumDiagnostics(tu);
	int found = 0;
	for (unsigned i = 0; i < n && !found; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXString s = clang_getDiagnosticSpelling(d);
		found = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error &&
			strstr(clang_getCString(s), "'mpi.h' file not found");
		clang_disposeString(s);
		clang_disposeDiagnostic(d);
	}
	return found;
}

/* The -I and -D flags of the MPI compiler wrapper (Open MPI's mpicc
 * -showme:compile, else MPICH's mpicc -show), appended to args; their
 * number.  Without a wrapper, none: the parse reports the missing mpi.h. */
static int mpi_flags(const char **args, int max)
{
	static const char *const cmds[] = {
		"mpicc -showme:compile 2>/dev/null",
		"mpicc -show 2>/dev/null",
	};
	for (size_t c = 0; c < sizeof cmds / sizeof cmds[0]; c++) {
		FILE *pipe = popen(cmds[c], "r");
		char line[4096];
		int n = 0;
		if (!pipe)
			continue;
		if (!fgets(line, sizeof line, pipe))
			line[0] = 0;
		if (pclose(pipe) != 0)
			continue;
		for (char *tok = strtok(line, " \t\n"); tok && n < max;
		     tok = strtok(NULL, " \t\n"))
			if (!strncmp(tok, "-I", 2) || !strncmp(tok, "-D", 2))
				args[n++] = arena_strdup(tok);
		if (n)
			return n;
	}
	return 0;
}

#define MPI_MAX_FLAGS 32

static CXTranslationUnit parse_tu(const FrontendOptions *opt, CXIndex index)
{
	const char **args = arena_alloc(
		((size_t)opt->nclang_args + 2 + MPI_MAX_FLAGS) * sizeof *args);
	int nargs = 0, i, has_std = 0;
	CXTranslationUnit tu = NULL;
	for (i = 0; i < opt->nclang_args; i++) {
		const char *a = opt->clang_args[i];
		if (!strncmp(a, "-std=", 5) || !strncmp(a, "--std=", 6) ||
		    !strcmp(a, "-ansi"))
			has_std = 1;
		/* With -fopenmp, libclang hides a parallel loop's for
		 * statement inside the directive: the input is read without
		 * it, as the compiler would see it (_OPENMP, OpenMP 4.5), and
		 * ckc reads the omp pragmas itself. */
		if (!strcmp(a, "-fopenmp") || !strncmp(a, "-fopenmp=", 9))
			a = "-D_OPENMP=201511";
		args[nargs++] = a;
	}
	/* The C compiler's default dialect (cc is gcc: GNU C17), so that
	 * the input means what it means to the build: M_PI and the POSIX
	 * declarations are visible.  The output is C99 whatever this is. */
	if (!has_std)
		args[nargs++] = "-std=gnu17";
	args[nargs++] = "-Wno-unknown-pragmas";
	if (clang_parseTranslationUnit2(
		    index, opt->input, args, nargs, NULL, 0,
		    CXTranslationUnit_DetailedPreprocessingRecord,
		    &tu) != CXError_Success)
		return NULL;
	/* An MPI program parsed without the MPI flags (no -p, no -I): the
	 * flags the MPI compiler wrapper would add, then again. */
	if (missing_mpi_h(tu)) {
		int k = mpi_flags(args + nargs, MPI_MAX_FLAGS);
		CXTranslationUnit again = NULL;
		if (k && clang_parseTranslationUnit2(
				 index, opt->input, args, nargs + k, NULL, 0,
				 CXTranslationUnit_DetailedPreprocessingRecord,
				 &again) == CXError_Success) {
			clang_disposeTranslationUnit(tu);
			tu = again;
		}
	}
	return tu;
}

Program *frontend_parse(const FrontendOptions *opt)
{
	FE fe0, *fe = &fe0;
	int nerr = diag_errors(), i, nreq;
	CXIndex index;
	FILE *in;
	Request **reqs = NULL;
	Def **reqdefs = NULL;
	int nreqdefs = 0;

	memset(fe, 0, sizeof *fe);
	fe->opt = opt;
	fe->fidx = -1;
	in = fopen(opt->input, "r");
	if (!in) {
		diag_error(noloc, "cannot open '%s': %s", opt->input,
			   strerror(errno));
		return NULL;
	}
	fclose(in);

	index = clang_createIndex(0, 0);
	fe->tu = parse_tu(opt, index);
	if (!fe->tu) {
		diag_error(noloc, "cannot parse '%s'", opt->input);
		clang_disposeIndex(index);
		return NULL;
	}
	fe->mainfile = clang_getFile(fe->tu, opt->input);
	if (opt->deps && opt->ndeps)
		clang_getInclusions(fe->tu, inclusion_visit, fe);
	if (!fe->mainfile) {
		diag_error(noloc, "cannot read '%s'", opt->input);
		goto done;
	}
	if (report_clang_errors(fe) > 0)
		goto done;

	fe->p = ARENA_NEW(Program);
	fe->p->input = opt->input;
	fe->src = clang_getFileContents(fe->tu, fe->mainfile, &fe->srclen);
	if (!fe->src) {
		diag_error(noloc, "cannot read '%s'", opt->input);
		goto done;
	}
	fe->mentions_mpi = mentions(fe->src, fe->srclen, "MPI_");
	def_rehash(fe);
	clang_getInclusions(fe->tu, include_visit, fe);
	clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), top_visit,
			    fe);
	scan_headers(fe);
	fe->curfile = fe->mainfile;
	read_tokens(fe);
	scan_directives(fe, 0, 0);
	place_pragmas(fe);
	add_rules(fe);
	if (macro_find(fe, "_GNU_SOURCE", UINT_MAX))
		fe->p->feature_macro = "_GNU_SOURCE";
	else if (!macro_find(fe, "__STRICT_ANSI__", UINT_MAX))
		fe->p->feature_macro = "_DEFAULT_SOURCE";

	/* Requests: pragmas in source order, then the command line. */
	nreq = 0;
	for (i = 0; i < fe->npragmas; i++)
		if (!fe->pragmas[i]->is_ckpt && !fe->pragmas[i]->is_deriv &&
		    !fe->pragmas[i]->is_inactive && !fe->pragmas[i]->is_omp &&
		    fe->pragmas[i]->ok)
			ARENA_PUSH(reqs, nreq, fe->pragmas[i]->req);
	check_inactive(fe);
	for (i = 0; i < opt->ncli_reqs; i++)
		ARENA_PUSH(reqs, nreq, opt->cli_reqs[i]);
	for (i = 0; i < nreq; i++) {
		Def *d = check_request(fe, reqs[i], reqs, i);
		ARENA_PUSH(fe->p->reqs, fe->p->nreqs, reqs[i]);
		ARENA_PUSH(reqdefs, nreqdefs, d);
	}

	/* Conversion: requested functions, then callees as found. */
	for (i = 0; i < nreq; i++)
		if (reqdefs[i])
			reqs[i]->fn = schedule(fe, reqdefs[i]);
	for (i = 0; i < fe->p->nfuncs; i++)
		conv_func(fe, i);
	check_recursion(fe);
	sort_funcs(fe);

done:
	/* every function the translation unit declares or defines: generated
	 * names must not clash with any of them */
	for (i = 0; i < fe->ndefs; i++)
		ARENA_PUSH(fe->p->tu_names, fe->p->ntu_names,
			   (char *)fe->defs[i]->name);
	clang_disposeTranslationUnit(fe->tu);
	clang_disposeIndex(index);
	if (diag_errors() > nerr)
		return NULL;
	return fe->p;
}

/* -------------------------------------------------- compilation databases */

/* Options that take a value and change how the C parser reads the file:
 * -I, -D, -U joined (-Iinc) or separate (-I inc), the longer ones separate
 * (-isystem inc) or, for --sysroot, with '=' (so that -include-pch is not
 * -include).  path: the value is a file or directory, made absolute
 * against the command's directory. */
static const struct {
	const char *name;
	int path;
} db_valued[] = {
	{"-isystem", 1}, {"-isysroot", 1}, {"-iquote", 1}, {"-idirafter", 1},
	{"-include", 1}, {"-imacros", 1},  {"--sysroot", 1}, {"-I", 1},
	{"-D", 0},       {"-U", 0},
};

/* Flags without a value that change how the C parser reads the file. */
static int db_flag_kept(const char *a)
{
	static const char *const flags[] = {
		"-ansi",    "-nostdinc",       "-nostdlibinc",  "-undef",
		"-pthread", "-funsigned-char", "-fsigned-char", "-m32",
		"-m64",     "-fopenmp",
	};
	size_t i;
	if (!strncmp(a, "-std=", 5) || !strncmp(a, "--std=", 6))
		return 1;
	for (i = 0; i < sizeof flags / sizeof flags[0]; i++)
		if (!strcmp(a, flags[i]))
			return 1;
	return 0;
}

/* Options whose separate value must be skipped with them (-o out.o). */
static int db_skips_value(const char *a)
{
	static const char *const opts[] = {
		"-o", "-MF", "-MT", "-MQ", "-x", "-Xclang", "-Xpreprocessor",
		"-Xassembler", "-Xlinker", "-target", "-arch", "--param",
	};
	size_t i;
	for (i = 0; i < sizeof opts / sizeof opts[0]; i++)
		if (!strcmp(a, opts[i]))
			return 1;
	return 0;
}

/* path made absolute against dir (when it is relative). */
static const char *db_abs(const char *dir, const char *path)
{
	if (path[0] == '/' || !*dir)
		return path;
	return arena_printf("%s/%s", dir, path);
}

/* Are a and b the same file? */
static int db_same_file(const char *a, const struct stat *b)
{
	struct stat sa;
	return stat(a, &sa) == 0 && sa.st_dev == b->st_dev &&
	       sa.st_ino == b->st_ino;
}

/* Appends the kept flags of one compile command to *args. */
static void db_keep_flags(CXCompileCommand cmd, const char *dir,
			  const char ***args, int *nargs)
{
	unsigned i, n = clang_CompileCommand_getNumArgs(cmd);
	/* Argument 0 is the compiler. */
	for (i = 1; i < n; i++) {
		const char *a = cxs(clang_CompileCommand_getArg(cmd, i));
		const char *v = NULL;
		size_t k, len = 0;
		for (k = 0; k < sizeof db_valued / sizeof db_valued[0]; k++) {
			len = strlen(db_valued[k].name);
			if (!strncmp(a, db_valued[k].name, len) &&
			    (len == 2 || !a[len] ||
			     (a[len] == '=' && a[1] == '-')))
				break;
		}
		if (k < sizeof db_valued / sizeof db_valued[0]) {
			if (a[len] == '=' && db_valued[k].name[1] == '-')
				v = a + len + 1; /* --sysroot=DIR */
			else if (a[len])
				v = a + len;
			else if (i + 1 < n)
				v = cxs(clang_CompileCommand_getArg(cmd, ++i));
			else
				break;
			if (db_valued[k].path)
				v = db_abs(dir, v);
			ARENA_PUSH(*args, *nargs, (char *)db_valued[k].name);
			ARENA_PUSH(*args, *nargs, (char *)v);
		} else if (db_flag_kept(a)) {
			ARENA_PUSH(*args, *nargs, (char *)a);
		} else if (db_skips_value(a)) {
			i++;
		}
		/* Everything else (the source, -c, -o, -M*, -O, -W, -f, -g,
		 * ...) is for the compiler, not the parser. */
	}
}

CompDbStatus frontend_compile_flags(const char *build_dir, const char *file,
				    const char ***args, int *nargs)
{
	CXCompilationDatabase_Error err;
	CXCompilationDatabase db;
	CXCompileCommands cmds;
	const char *json = arena_printf("%s/compile_commands.json", build_dir);
	struct stat want;
	unsigned i, n;
	CompDbStatus status = COMPDB_NO_FILE;
	FILE *f = fopen(json, "r");

	if (!f)
		return COMPDB_MISSING;
	fclose(f);
	if (stat(file, &want) != 0)
		return COMPDB_OK; /* frontend_parse says it cannot open it */
	db = clang_CompilationDatabase_fromDirectory(build_dir, &err);
	if (err != CXCompilationDatabase_NoError || !db)
		return COMPDB_MISSING;
	/* All commands and a comparison of our own: asking libclang for the
	 * file's commands would interpolate a command for a file that is not
	 * in the database from a neighbour's. */
	cmds = clang_CompilationDatabase_getAllCompileCommands(db);
	n = cmds ? clang_CompileCommands_getSize(cmds) : 0;
	for (i = 0; i < n; i++) {
		CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, i);
		const char *dir = cxs(clang_CompileCommand_getDirectory(cmd));
		const char *name = cxs(clang_CompileCommand_getFilename(cmd));
		if (!db_same_file(db_abs(dir, name), &want))
			continue;
		db_keep_flags(cmd, dir, args, nargs);
		status = COMPDB_OK;
		break;
	}
	if (cmds)
		clang_CompileCommands_dispose(cmds);
	clang_CompilationDatabase_dispose(db);
	return status;
}
