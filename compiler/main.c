/*
 * main.c - the ckc driver.
 *
 * Reads the command line, then runs the pipeline, one call per stage:
 *
 *   parse (libclang -> IR) -> normalize -> tangent, adjoint -> emit
 *
 * The IR verifier runs after every stage; --dump-ir=STAGE prints the IR
 * there.  Nothing is written unless every stage succeeded, and the output
 * files appear whole (written beside the target, then renamed).
 *
 * Exit status: 0 success, 1 errors in the input, 2 usage errors, 3 an
 * internal error (a bug in ckc).
 */
#include "ckc.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct Options {
	FrontendOptions fe;
	const char *output;
	const char *header;
	const char *dump; /* stage name, "all", or NULL */
	int md;              /* -MD: write a depfile */
	int mp;              /* -MP: phony rules for the included files */
	const char *depfile; /* -MF FILE (implies -MD) */
	const char **deps;   /* files the input includes (-MD) */
	int ndeps;
	const char *build_dir; /* -p DIR: flags from DIR/compile_commands.json */
} Options;

static const char ckc_usage[] =
	"usage: ckc [options] model.c [-- clang-args...]\n"
	"\n"
	"Writes the derivatives of the functions annotated with\n"
	"#pragma ck_tangent / ck_adjoint / ck_hvp in model.c as C.\n"
	"\n"
	"options:\n"
	"  -o FILE             output C file (default: model_grad.c; '-' for "
	"stdout)\n"
	"  --header FILE       output header (default: FILE with .h)\n"
	"  -I DIR, -D NAME[=V], -U NAME, -std=STD\n"
	"                      passed to the C parser\n"
	"  -fopenmp            read the input as compiled with OpenMP\n"
	"                      (_OPENMP defined); '#pragma omp parallel for'\n"
	"                      loops are read either way\n"
	"  -p BUILD_DIR        take the parser flags (-I, -D, -U, -std=, ...) of\n"
	"                      model.c's command in "
	"BUILD_DIR/compile_commands.json\n"
	"  -MD                 also write a Make depfile: the outputs depend on\n"
	"                      model.c and every file it includes\n"
	"  -MF FILE            the depfile's name (implies -MD; default: the\n"
	"                      output with .d instead of .c)\n"
	"  -MP                 add an empty rule for every included file\n"
	"  --tangent 'f:wrt=a,b[:out=y]'\n"
	"                      request f_d as #pragma ck_tangent would\n"
	"  --adjoint SPEC, --hvp SPEC\n"
	"                      request f_b / f_b_d the same way\n"
	"  --no-checkpoint     ignore #pragma ck_checkpoint (for comparison)\n"
	"  --no-useful         keep derivatives of values that reach no output\n"
	"                      (turns the usefulness analysis off, for comparison)\n"
	"  --no-activity       give every local floating variable a derivative\n"
	"                      (turns activity analysis off, for comparison)\n"
	"  --no-tbr            tape every floating operand the reverse sweep needs\n"
	"                      (turns the to-be-recorded analysis off)\n"
	"  --no-strong-zero    multiply partials that may be infinite (sqrt at\n"
	"                      0, acos at 1, ...) as any others: 0 * inf is a\n"
	"                      NaN (it is 0 otherwise)\n"
	"  --no-counted-loops  tape every loop's trip count and index (f_bwd\n"
	"                      computes those of counted loops otherwise)\n"
	"  --no-gather         keep reverse loops that scatter into x_b[i + c]\n"
	"                      as they are (f_bwd gathers each element's\n"
	"                      contributions, or keeps the elements in\n"
	"                      registers, otherwise)\n"
	"  --no-interchange    keep reverse loop nests whose inner loop adds into\n"
	"                      a table by the inner index as they are (f_bwd\n"
	"                      runs the inner loop outside otherwise)\n"
	"  --no-zeroed         keep a reverse loop's adds into an adjoint array\n"
	"                      that it finds all zeros, and the clearing that\n"
	"                      made them zeros, or that a gathered loop adds\n"
	"                      into after the loop before cleared them (f_bwd\n"
	"                      stores instead otherwise)\n"
	"  --no-fuse           keep f_b's two sweeps apart (f_b runs a reduction\n"
	"                      loop and its adjoint as one loop otherwise)\n"
	"  --dump-ir=STAGE     print the IR after STAGE (parse, normalize,\n"
	"                      activity, tangent, all) to stderr\n"
	"  --version           print the version\n"
	"  --help              print this help\n";

static int usage_error(const char *fmt, const char *arg)
{
	fputs("ckc: error: ", stderr);
	fprintf(stderr, fmt, arg);
	fputs("\nckc: try 'ckc --help'\n", stderr);
	return 2;
}

static void add_clang_arg(Options *o, const char *a)
{
	ARENA_PUSH(o->fe.clang_args, o->fe.nclang_args, (char *)a);
}

static int add_request(Options *o, Mode mode, const char *spec)
{
	Request *r = request_parse_cli(mode, spec);
	if (!r)
		return 0;
	ARENA_PUSH(o->fe.cli_reqs, o->fe.ncli_reqs, r);
	return 1;
}

/* Options that take a value, as "-o FILE" or "-oFILE" / "--opt=VALUE". */
static const char *opt_value(int argc, char **argv, int *i, const char *name)
{
	const char *a = argv[*i];
	size_t n = strlen(name);
	if (strncmp(a, name, n) != 0)
		return NULL;
	if (a[n] == '=' && name[1] == '-')
		return a + n + 1;
	if (a[n] && name[1] != '-')
		return a + n;
	if (a[n])
		return NULL;
	if (*i + 1 >= argc) {
		usage_error("option '%s' needs a value", name);
		exit(2);
	}
	return argv[++*i];
}

/* -p DIR: the parser flags of the input's compile command go before those
 * of the command line. */
static int compile_commands(Options *o)
{
	const char **args = NULL;
	int nargs = 0;
	switch (frontend_compile_flags(o->build_dir, o->fe.input, &args,
				       &nargs)) {
	case COMPDB_OK:
		break;
	case COMPDB_MISSING:
		return usage_error("no compilation database '%s'",
				   arena_printf("%s/compile_commands.json",
						o->build_dir));
	case COMPDB_NO_FILE:
		diag_error((Loc){0, 0, 0},
			   "'%s' is not in the compilation database "
			   "'%s/compile_commands.json'",
			   o->fe.input, o->build_dir);
		return 1;
	}
	for (int i = 0; i < o->fe.nclang_args; i++)
		ARENA_PUSH(args, nargs, (char *)o->fe.clang_args[i]);
	o->fe.clang_args = args;
	o->fe.nclang_args = nargs;
	return 0;
}

static int parse_args(Options *o, int argc, char **argv)
{
	static const struct {
		const char *name;
		Mode mode;
	} modes[] = {{"--tangent", MODE_TANGENT},
		     {"--adjoint", MODE_ADJOINT},
		     {"--hvp", MODE_HVP}};
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v;
		int matched = 0;
		if (strcmp(a, "--") == 0) {
			while (++i < argc)
				add_clang_arg(o, argv[i]);
			break;
		}
		for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
			if ((v = opt_value(argc, argv, &i, modes[m].name))) {
				if (!add_request(o, modes[m].mode, v))
					return 2;
				matched = 1;
			}
		}
		if (matched)
			continue;
		if ((v = opt_value(argc, argv, &i, "-o")))
			o->output = v;
		else if ((v = opt_value(argc, argv, &i, "--header")))
			o->header = v;
		else if ((v = opt_value(argc, argv, &i, "--dump-ir")))
			o->dump = v;
		else if (strcmp(a, "-MD") == 0)
			o->md = 1;
		else if (strcmp(a, "-MP") == 0)
			o->mp = 1;
		else if ((v = opt_value(argc, argv, &i, "-MF")))
			o->depfile = v, o->md = 1;
		else if (strcmp(a, "-p") == 0 || strncmp(a, "-p=", 3) == 0) {
			if (a[2] == '=')
				o->build_dir = a + 3;
			else if (i + 1 < argc)
				o->build_dir = argv[++i];
			else
				return usage_error("option '%s' needs a value",
						   "-p");
		} else if ((v = opt_value(argc, argv, &i, "-I")))
			add_clang_arg(o, arena_printf("-I%s", v));
		else if ((v = opt_value(argc, argv, &i, "-D")))
			add_clang_arg(o, arena_printf("-D%s", v));
		else if ((v = opt_value(argc, argv, &i, "-U")))
			add_clang_arg(o, arena_printf("-U%s", v));
		else if (strncmp(a, "-std=", 5) == 0 ||
			 strcmp(a, "-fopenmp") == 0)
			add_clang_arg(o, a);
		else if (strcmp(a, "--no-checkpoint") == 0)
			o->fe.no_checkpoint = 1;
		else if (strcmp(a, "--no-useful") == 0)
			activity_set_useful(0);
		else if (strcmp(a, "--no-activity") == 0)
			activity_set_enabled(0);
		else if (strcmp(a, "--no-tbr") == 0)
			adjoint_set_tbr(0);
		else if (strcmp(a, "--no-strong-zero") == 0)
			rules_set_strong_zero(0);
		else if (strcmp(a, "--no-counted-loops") == 0)
			adjoint_set_counted(0);
		else if (strcmp(a, "--no-gather") == 0)
			gather_set_enabled(0);
		else if (strcmp(a, "--no-interchange") == 0)
			interchange_set_enabled(0);
		else if (strcmp(a, "--no-zeroed") == 0)
			zeroed_set_enabled(0);
		else if (strcmp(a, "--no-fuse") == 0)
			fuse_set_enabled(0);
		else if (strcmp(a, "--version") == 0) {
			printf("ckc %s (libclang 19)\n", CKC_VERSION);
			exit(0);
		} else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			fputs(ckc_usage, stdout);
			exit(0);
		} else if (a[0] == '-' && a[1])
			return usage_error("unknown option '%s'", a);
		else if (o->fe.input)
			return usage_error("more than one input file ('%s')", a);
		else
			o->fe.input = a;
	}
	if (!o->fe.input)
		return usage_error("%s", "no input file");
	static const char *const stages[] = {"parse", "normalize", "activity",
					     "tangent", "all"};
	if (o->dump) {
		size_t k = 0;
		while (k < 5 && strcmp(o->dump, stages[k]) != 0)
			k++;
		if (k == 5)
			return usage_error("unknown --dump-ir stage '%s'",
					   o->dump);
	}
	if (o->md && o->output && strcmp(o->output, "-") == 0)
		return usage_error("%s", "-MD needs an output file, not '-o -'");
	if (o->md) {
		o->fe.deps = &o->deps;
		o->fe.ndeps = &o->ndeps;
	}
	return o->build_dir ? compile_commands(o) : 0;
}

/* "dir/model.c" -> "dir/model" + suffix */
static const char *with_suffix(const char *path, const char *suffix)
{
	size_t n = strlen(path);
	if (n > 2 && strcmp(path + n - 2, ".c") == 0)
		n -= 2;
	return arena_printf("%.*s%s", (int)n, path, suffix);
}

/* Verifies every function after a stage and dumps the IR when asked. */
static void stage_done(const Options *o, const Program *p, const char *stage)
{
	int dump = o->dump && (strcmp(o->dump, stage) == 0 ||
			       strcmp(o->dump, "all") == 0);
	int generated = strcmp(stage, "tangent") == 0;
	int n = generated ? p->nout : p->nfuncs;
	for (int i = 0; i < n; i++) {
		const Func *f = generated ? p->out[i] : p->funcs[i];
#ifdef CKC_VERIFY_IR
		ir_verify(p, f, stage);
#endif
		if (dump) {
			fprintf(stderr, "=== IR after %s ===\n", stage);
			ir_dump(stderr, p, f);
		}
	}
}

static void dump_activity(const Options *o, Program *p)
{
	if (!o->dump || (strcmp(o->dump, "activity") != 0 &&
			 strcmp(o->dump, "all") != 0))
		return;
	for (int i = 0; i < p->nreqs; i++) {
		if (p->reqs[i]->fn < 0)
			continue;
		Activity *a = activity_analyze(
			p, activity_request_pattern(p, p->reqs[i]));
		if (a) {
			fprintf(stderr, "=== activity ===\n");
			activity_dump(stderr, p, a);
		}
	}
}

/* Output files are written whole: to a temporary beside the target
 * (write_begin), then renamed over it (write_end), so a failed run never
 * leaves a partial file.  A target that exists and is not a regular file
 * (/dev/null, a pipe) is written directly: renaming over it would replace
 * the device. */
static int is_special(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && !S_ISREG(st.st_mode);
}

static FILE *write_begin(const char *path)
{
	FILE *f = fopen(is_special(path) ? path
					 : arena_printf("%s.ckc-tmp", path),
			"w");
	if (!f)
		diag_error((Loc){0, 0, 0}, "cannot write '%s'", path);
	return f;
}

static int write_end(FILE *f, const char *path)
{
	const char *tmp = arena_printf("%s.ckc-tmp", path);
	int ok = !ferror(f);
	ok &= fclose(f) == 0;
	if (is_special(path))
		return ok;
	if (!ok || rename(tmp, path) != 0) {
		remove(tmp);
		diag_error((Loc){0, 0, 0}, "cannot write '%s'", path);
		return 0;
	}
	return 1;
}

/* Removes an output written before a later one failed ("-" and special
 * files stay). */
static void remove_output(const char *path)
{
	if (path && strcmp(path, "-") != 0 && !is_special(path))
		remove(path);
}

static int write_file(const char *path, const Program *p, const char *guard)
{
	if (strcmp(path, "-") == 0) {
		guard ? emit_header(stdout, p, guard) : emit_c(stdout, p);
		return fflush(stdout) == 0;
	}
	FILE *f = write_begin(path);
	if (!f)
		return 0;
	guard ? emit_header(f, p, guard) : emit_c(f, p);
	return write_end(f, path);
}

/* A file name in a Make rule: blanks and '#' escaped, '$' doubled, and
 * without a leading "./" (libclang's name for "model.h" next to model.c). */
static void put_make_name(FILE *f, const char *s)
{
	while (s[0] == '.' && s[1] == '/' && s[2])
		s += 2;
	for (; *s; s++) {
		if (*s == ' ' || *s == '\t' || *s == '#')
			fputc('\\', f);
		else if (*s == '$')
			fputc('$', f);
		fputc(*s, f);
	}
}

/* -MD: "OUT HDR: model.c included files..." so that a build system runs
 * ckc again when the input or any file it includes changes (gcc's -MD);
 * -MP adds an empty rule per included file, so that make does not stop
 * when one of them is deleted. */
static int write_depfile(const Options *o, const char *path, const char *out,
			 const char *hdr)
{
	FILE *f = write_begin(path);
	if (!f)
		return 0;
	put_make_name(f, out);
	if (hdr && strcmp(hdr, "-") != 0) {
		fputc(' ', f);
		put_make_name(f, hdr);
	}
	fputs(": ", f);
	put_make_name(f, o->fe.input);
	for (int i = 0; i < o->ndeps; i++) {
		fputs(" \\\n  ", f);
		put_make_name(f, o->deps[i]);
	}
	fputc('\n', f);
	for (int i = 0; o->mp && i < o->ndeps; i++) {
		fputc('\n', f);
		put_make_name(f, o->deps[i]);
		fputs(":\n", f);
	}
	return write_end(f, path);
}

/* CKC_MODEL_GRAD_H from "dir/model_grad.h" */
static const char *header_guard(const char *header)
{
	const char *base = strrchr(header, '/');
	base = base ? base + 1 : header;
	char *g = arena_printf("CKC_%s", base);
	for (char *c = g; *c; c++) {
		if (*c >= 'a' && *c <= 'z')
			*c = (char)(*c - 'a' + 'A');
		else if (!((*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9')))
			*c = '_';
	}
	return g;
}

/* Would writing path overwrite the input file? */
static int is_input(const char *path, const char *input)
{
	struct stat a, b;
	if (!path || strcmp(path, "-") == 0)
		return 0;
	if (strcmp(path, input) == 0)
		return 1;
	return stat(path, &a) == 0 && stat(input, &b) == 0 &&
	       a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* Refuses outputs that would replace the input (a usage error). */
static int check_outputs(const Options *o)
{
	const char *out = o->output ? o->output
				    : with_suffix(o->fe.input, "_grad.c");
	const char *hdr = o->header;
	if (!hdr && strcmp(out, "-") != 0)
		hdr = with_suffix(out, ".h");
	const char *paths[] = {out, hdr, o->md ? o->depfile : NULL};
	for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++)
		if (is_input(paths[i], o->fe.input))
			return usage_error("the output '%s' would overwrite the "
					   "input",
					   paths[i]);
	return 0;
}

static int write_outputs(const Options *o, const Program *p)
{
	const char *out = o->output ? o->output
				    : with_suffix(o->fe.input, "_grad.c");
	const char *hdr = o->header;
	if (!hdr && strcmp(out, "-") != 0)
		hdr = with_suffix(out, ".h");
	if (hdr && !write_file(hdr, p, header_guard(hdr)))
		return 0;
	if (!write_file(out, p, NULL)) {
		remove_output(hdr);
		return 0;
	}
	if (o->md && !write_depfile(o, o->depfile ? o->depfile
						  : with_suffix(out, ".d"),
				    out, hdr)) {
		remove_output(out);
		remove_output(hdr);
		return 0;
	}
	return 1;
}

/* The pipeline, one call per stage. */
static int ckc_main(int argc, char **argv)
{
	Options o;
	memset(&o, 0, sizeof o);
	int status = parse_args(&o, argc, argv);
	if (!status)
		status = check_outputs(&o);
	if (status)
		return status;

	Program *p = frontend_parse(&o.fe);
	if (!p || diag_errors())
		return 1;
	if (!p->nreqs) {
		diag_error((Loc){o.fe.input, 1, 1},
			   "nothing to differentiate: put #pragma ck_tangent, "
			   "ck_adjoint or ck_hvp before a function, or use "
			   "--tangent/--adjoint/--hvp");
		return 1;
	}
	stage_done(&o, p, "parse");

	mpi_program(p);
	calls_check(p);
	normalize_program(p);
	sret_program(p);
	views_program(p);
	stage_done(&o, p, "normalize");
	dump_activity(&o, p);

	tangent_program(p);
	omp_serial_order(p);
	adjoint_program(p);
	hvp_program(p);
	if (diag_errors())
		return 1;
	/* x_d * x + x * x_d is 2 * (x_d * x), the same number; runs of
	 * pushes and pops are one tape operation each; no v = v; */
	for (int i = 0; i < p->nout; i++)
		if (p->out[i]->generated) {
			cleanup_double(p->out[i]);
			cleanup_self(p->out[i]);
			batch_tape(p, p->out[i]);
		}
	for (int i = 0; i < p->nout; i++)
		cleanup_call_names(p, p->out[i]);
	sret_public(p);
	public_rows(p);
	if (diag_errors())
		return 1;
	stage_done(&o, p, "tangent");

	status = write_outputs(&o, p) ? 0 : 1;
	arena_free_all();
	return status;
}

/* ckc and libclang recurse over expressions; deeply nested (valid) C
 * needs more stack than a process starts with, so the pipeline runs on a
 * thread with a large one. */
typedef struct MainArgs {
	int argc;
	char **argv;
	int status;
} MainArgs;

static void *ckc_thread(void *arg)
{
	MainArgs *m = arg;
	m->status = ckc_main(m->argc, m->argv);
	return NULL;
}

int main(int argc, char **argv)
{
	MainArgs m = {argc, argv, 3};
	/* libclang parses on a helper thread of its own with a small stack
	 * unless told to stay on the calling thread (ours, large) */
	setenv("LIBCLANG_NOTHREADS", "1", 0);
	pthread_attr_t attr;
	pthread_t t;
	if (pthread_attr_init(&attr) == 0 &&
	    pthread_attr_setstacksize(&attr, (size_t)1 << 30) == 0 &&
	    pthread_create(&t, &attr, ckc_thread, &m) == 0) {
		pthread_join(t, NULL);
		return m.status;
	}
	return ckc_main(argc, argv);
}
