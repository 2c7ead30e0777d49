// Vector mode refuses a struct member that points to rows, double (*r)[2],
// when it carries derivatives: the struct's shadow has the primal's
// member type, rows of 2, and the rows of its shadow hold 2 * ck_nd values
// (a local pointer to rows gets a shadow of that type:
// hvp/vector-rows.c).  Once per member.  The plain requests are accepted.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// RUN: sed 's/ vector$//' %s > %t.plain.c
// RUN: %ckc %t.plain.c -o %t.ok.c
#include <stdlib.h>

typedef struct Rows {
	double (*r)[2];
	int n;
} Rows;

#pragma ck_tangent wrt(x) vector
#pragma ck_hvp wrt(x) vector
double f(const double *x, int n)
{
	double (*buf)[2] = malloc(n * sizeof *buf);
	// CHECK: vector-row-pointer-member.c:[[@LINE+1]]:7: error: vector mode cannot follow a struct member that points to rows ('r'); make it a pointer to the first element (double *r, read as r[i * N + j])
	Rows R = { buf, n };
	for (int i = 0; i < n; i++) {
		R.r[i][0] = x[i] * x[i];
		R.r[i][1] = x[i];
	}
	double s = 0;
	for (int i = 0; i < n; i++)
		s += R.r[i][0] * R.r[i][1];
	free(buf);
	return s;
}
// CHECK-NOT: error:
