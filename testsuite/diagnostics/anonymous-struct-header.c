// A struct type without a tag or typedef name that a header defines is
// refused once, at its definition: the generated code includes the header
// and could not name the type.  (The input file's own such types are
// defined under a tag of ckc's own: structs/anonymous-struct.c.)
// RUN: rm -f %t.c
// RUN: bash -c '%ckc %s -o %t.c 2> %t.err; test $? -eq 1'
// RUN: FileCheck %s < %t.err
// RUN: test ! -e %t.c
#include "Inputs/anon-member.h"
// CHECK: Inputs/anon-member.h:3:2: error: a struct type without a tag or typedef name, defined in a header, is not supported: the generated code could not name it; give it a name
// CHECK-NOT: error:

#pragma ck_adjoint wrt(p)
double f(const double *p)
{
	struct body b;
	b.pos.x = p[0];
	b.pos.y = p[1];
	b.m = 2.0;
	return b.m * b.pos.x * b.pos.y;
}
