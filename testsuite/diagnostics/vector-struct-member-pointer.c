// Vector mode cannot keep the address of a struct member of a struct that
// holds derivatives in a pointer (const V2 *p = &r.l[i]): the member's
// directions are one per copy of the outer struct.  The error said "pass
// ... to a function", where there is no function; it now says both uses
// and what to do.  The plain request is accepted.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: sed 's/ vector$//' %s > %t.d/plain.c
// RUN: %ckc %t.d/plain.c -o %t.d/ok.c

typedef struct {
	double x, y;
} V2;
typedef struct {
	V2 l[2];
} R;

#pragma ck_tangent wrt(x) vector
double walk(const double *x)
{
	R r;
	r.l[0].x = x[0];
	r.l[0].y = x[1];
	r.l[1].x = x[2];
	r.l[1].y = x[3];
	double s = 0;
	for (int i = 0; i < 2; i++) {
// CHECK: vector-struct-member-pointer.c:[[@LINE+1]]:17: error: vector mode cannot take the address of a struct member of a struct that holds derivatives, to pass it to a function or keep it in a pointer (its directions are one per copy of the outer struct); copy it into a local struct first
		const V2 *p = &r.l[i];
		s += p->x * p->y;
	}
	return s;
}
// CHECK-NOT: error:
