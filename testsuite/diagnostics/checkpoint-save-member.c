// A save() section that names an array member of a struct (save(s.x[0:4])):
// the message was "expected '[' after 's'"; it now says which members
// save() names (a local struct's pointers to numbers, as in
// checkpoint/save-struct-member.c) and how to name this one's data (a
// local pointer to it, which is accepted: the second run).
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
// CHECK: checkpoint-save-member.c:[[@LINE+1]]:30: error: 's.x' is not a member of a local struct that points to numbers, the only members save() names (save(s.v[lo:len])); point a local pointer at its data (double *p = s.x;) and name that, or copy it into a local array
#pragma ck_checkpoint save(s.x[0:4])
	for (int i = 0; i < 4; i++)
		p[i] = sin(p[i]);
	return p[0] * p[3];
}
// CHECK-NOT: error:
