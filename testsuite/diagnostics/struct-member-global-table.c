// A pointer member of a struct whose other member carries derivatives, set
// to a file-scope table (a curve's tenors next to its zero rates): the
// table has no derivatives that the member's shadow could point to.
// Refused in every mode, naming the table, with the way out (a local copy,
// which is accepted: the last function).  The message was "ckc cannot
// follow derivatives through this pointer expression".
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <string.h>

typedef struct {
	const double *t;
	const double *z;
} curve;

static const double tenors[3] = {0.5, 1.0, 2.0};

static double zsum(const curve *c)
{
	double s = 0.0;
	for (int i = 0; i < 3; i++)
		s += c->t[i] * c->z[i] * c->z[i];
	return s;
}

#pragma ck_tangent wrt(v)
double loss(const double *v)
{
	curve c = { tenors, v }; // CHECK: struct-member-global-table.c:[[@LINE]]:14: error: this points into 'tenors', a file-scope array without derivatives, where ckc follows derivatives (a pointer member of a struct whose other members carry them, or a pointer that may also point to active data); copy it into a local array first
	return zsum(&c);
}

#pragma ck_adjoint wrt(v)
double loss2(const double *v)
{
	curve c;
	c.z = v;
	c.t = &tenors[1]; // CHECK: struct-member-global-table.c:[[@LINE]]:9: error: this points into 'tenors', a file-scope array without derivatives, where ckc follows derivatives (a pointer member of a struct whose other members carry them, or a pointer that may also point to active data); copy it into a local array first
	return zsum(&c);
}

#pragma ck_adjoint wrt(v)
double copied(const double *v)
{
	double t[3];
	memcpy(t, tenors, sizeof t);
	curve c = { t, v };
	return zsum(&c);
}
// CHECK-NOT: error
