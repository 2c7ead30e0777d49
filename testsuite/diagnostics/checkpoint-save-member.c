// A save() section that names a struct member (save(s.x[0:4])): the
// message was "expected '[' after 's'"; it now says that save() names
// variables and how to name the member's data (a local pointer to it,
// which is accepted: the second run).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: sed 's/save(s.x\[0:4\])/save(p[0:4])/' %s > %t.d/ok.c
// RUN: %ckc %t.d/ok.c -o %t.d/ok_grad.c
#include <math.h>

typedef struct {
	double x[4];
	double k;
} S;

#pragma ck_adjoint wrt(x)
double f(const double *x)
{
	S s;
	for (int i = 0; i < 4; i++)
		s.x[i] = x[i];
	double *p = s.x;
// CHECK: checkpoint-save-member.c:[[@LINE+1]]:29: error: save(...) names an array or pointer variable, not a member of 's'; point a local pointer at it (double *p = s.x;) and name that, or copy the member into a local array
#pragma ck_checkpoint save(s.x[0:4])
	for (int i = 0; i < 4; i++)
		p[i] = sin(p[i]);
	return p[0] * p[3];
}
// CHECK-NOT: error:
