/* ckrt.h and ckcheck.h compile as strict C99 under clang as well, with
 * everything that generated code and tests may be compiled with. */
// REQUIRES: clang
// RUN: %clang -std=c99 -Wall -Wextra -pedantic -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wconversion -I%S/../include -I%srcroot/runtime -fsyntax-only %s
// RUN: %cc -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wconversion -fsyntax-only %s
#include "ckcheck.h"
#include "ckrt.h"

int main(void);

int main(void)
{
	return 0;
}
