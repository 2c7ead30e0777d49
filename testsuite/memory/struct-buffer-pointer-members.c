// A malloc'd buffer of structs with pointer members holding active data:
// a zeroed shadow would have null pointers where the shadows' pointers
// must point to the shadows of the primal's; refused.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#include <stdlib.h>

typedef struct row {
	double w;
	double *data;
} row;

#pragma ck_tangent wrt(x)
double f(const double *x, int n)
{
	row *s = malloc(n * sizeof *s); // CHECK: struct-buffer-pointer-members.c:[[@LINE]]:11: error: ckc cannot make the shadow of a buffer whose elements hold pointers yet; allocate the arrays of floating data separately
	for (int i = 0; i < n; i++)
		s[i].w = x[i];
	double r = s[0].w * s[n - 1].w;
	free(s);
	return r;
}
// CHECK-NOT: error
