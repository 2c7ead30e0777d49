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

void diag_error(Loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vprint(loc, "error", fmt, ap);
	va_end(ap);
	diag_nerrors++;
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
