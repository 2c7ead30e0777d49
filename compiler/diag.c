/*
 * diag.c - diagnostics in clang's form.
 *
 *   model.c:12:5: error: message
 *   model.c:10:1: note: message
 *
 * User errors are counted; the driver stops after a stage that reported
 * any.  Internal errors are bugs in ckc: they say so and exit with 3.
 */
#include "ckc.h"

#include <stdlib.h>
#include <string.h>

static int diag_nerrors;

static void diag_vprint(Loc loc, const char *kind, const char *fmt,
			va_list ap)
{
	if (loc.file)
		fprintf(stderr, "%s:%d:%d: ", loc.file, loc.line, loc.col);
	else
		fputs("ckc: ", stderr);
	fprintf(stderr, "%s: ", kind);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

/* The errors printed so far ("file:line:col: message"), so that the same
 * error at the same place prints once: the adjoint builds a function in
 * rounds, and each round may meet the same refused statement. */
static char **diag_seen;
static int diag_nseen;
static int diag_quiet; /* the last error was a repeat: so are its notes */

void diag_error(Loc loc, const char *fmt, ...)
{
	va_list ap;
	char msg[2048];
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	const char *key =
		arena_printf("%s:%d:%d: %s", loc.file ? loc.file : "",
			     loc.line, loc.col, msg);
	diag_nerrors++;
	for (int i = 0; i < diag_nseen; i++)
		if (strcmp(diag_seen[i], key) == 0) {
			diag_quiet = 1;
			return;
		}
	ARENA_PUSH(diag_seen, diag_nseen, (void *)key);
	diag_quiet = 0;
	if (loc.file)
		fprintf(stderr, "%s:%d:%d: ", loc.file, loc.line, loc.col);
	else
		fputs("ckc: ", stderr);
	fprintf(stderr, "error: %s\n", msg);
}

void diag_warning(Loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vprint(loc, "warning", fmt, ap);
	va_end(ap);
}

void diag_note(Loc loc, const char *fmt, ...)
{
	va_list ap;
	if (diag_quiet)
		return;
	va_start(ap, fmt);
	diag_vprint(loc, "note", fmt, ap);
	va_end(ap);
}

int diag_errors(void)
{
	return diag_nerrors;
}

void diag_internal(const char *file, int line, const char *what)
{
	fprintf(stderr,
		"ckc: internal error at %s:%d: %s\n"
		"ckc: this is a bug in ckc, not in your code; please report it "
		"with the input that triggered it\n",
		file, line, what);
	exit(3);
}
