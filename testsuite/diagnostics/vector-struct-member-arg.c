// Vector mode's f_b_dv cannot pass a struct member of a struct that holds
// derivatives (q.p) to a function, by value or by address: the reverse
// mode passes it by its address, and its directions are not contiguous.
// The error says so, and what to do (copy it into a local struct).  The
// plain request of the same function is accepted.  (A pointer that keeps
// such an address: diagnostics/vector-struct-member-pointer.c.)
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: sed 's/ vector$//' %s > %t.d/plain.c
// RUN: %ckc %t.d/plain.c -o %t.d/ok.c

typedef struct {
	double x, y;
} V2;
typedef struct {
	V2 p;
	double w;
} Pw;

static double n2(V2 a)
{
	return a.x * a.x + a.y * a.y;
}

#pragma ck_hvp wrt(x) vector
double nested(const double *x)
{
	Pw q;
	q.p.x = x[0];
	q.p.y = x[1];
	q.w = 2.0;
// CHECK: vector-struct-member-arg.c:[[@LINE+1]]:15: error: vector mode cannot take the address of a struct member of a struct that holds derivatives, to pass it to a function or keep it in a pointer (its directions are one per copy of the outer struct); copy it into a local struct first
	return q.w * n2(q.p);
}

// CHECK-NOT: error:
