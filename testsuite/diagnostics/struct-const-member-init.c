// A local struct with a const member, declared with an initializer, is
// refused: the generated code sets an initialized struct member by
// member, and a store cannot set a const member (the output did not
// compile).
// RUN: rm -f %t.c
// RUN: bash -c '%ckc %s -o %t.c 2> %t.err; test $? -eq 1'
// RUN: FileCheck %s < %t.err
// RUN: test ! -e %t.c

struct pt {
	const double a;
	double b;
};

#pragma ck_adjoint wrt(x)
double f(const double *x)
{
	struct pt s = { x[0] * x[1], 1.0 }; // CHECK: struct-const-member-init.c:[[@LINE]]:12: error: 's' has a const member, 'a', which the generated code cannot set by a store as it sets an initialized struct; drop the const of the member
	s.b = s.a * x[2];
	return s.a * s.b;
}
// CHECK-NOT: error:
