// A checkpoint region that uses data behind a struct's pointer members,
// data the function changes, is refused: save() can snapshot whole structs
// but not what their members point to.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c
#include <math.h>

typedef struct {
	int n;
	double *w;
} P;

#pragma ck_adjoint wrt(p) out(p)
double f(P *p)
{
	double s = 0.0;
	// CHECK: checkpoint-struct-pointer-members.c:[[@LINE+1]]:9: error: this ck_checkpoint region uses data behind the pointer members of 'p', which the function changes; ckc cannot save that data yet (save() covers whole structs); put the region where that data no longer changes
#pragma ck_checkpoint save(p[0:1])
	for (int i = 0; i < p->n; i++)
		p->w[i] = sin(p->w[i]);
	for (int i = 0; i < p->n; i++)
		s += p->w[i] * p->w[i];
	return s;
}
