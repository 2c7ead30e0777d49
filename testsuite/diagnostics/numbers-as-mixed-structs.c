// Numbers seen as structs through a local pointer are followed by the
// reverse mode only when the struct holds numbers of that type alone
// (structs/numbers-as-structs.c); a struct with an integer member over a
// double array is refused at the pointer, saying to index the member.
// RUN: rm -f %t.c
// RUN: bash -c '%ckc %s -o %t.c 2> %t.err; test $? -eq 1'
// RUN: FileCheck %s < %t.err
// RUN: test ! -e %t.c

typedef struct {
	double x;
	int id;
} point;

#pragma ck_adjoint wrt(q)
double f(const double *q, int n)
{
	const point *P = (const point *)q; // CHECK: numbers-as-mixed-structs.c:[[@LINE]]:15: error: the reverse mode cannot follow the local pointer 'P' into the members of a struct yet; index the member itself (s.data[k], p->w[i])
	double s = 0;
	for (int i = 0; i < n; i++)
		s += P[i].x * P[i].x;
	return s;
}
// CHECK-NOT: error:
