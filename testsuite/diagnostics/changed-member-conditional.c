// An integer member that the program changes, read where ckc does not
// move it into an integer local (an arm of ?:, the right of && or ||, a
// for's step), also an element of an integer array member read through a
// pointer into it (c[1] with const int *c = m.conn + 2 * e, or with &m.conn
// [2 * e]): the reverse sweep's copy of the struct does not follow the
// member's changes, so ckc refuses the read and says to read the member
// into a variable first (structs/int-members-changed.c and
// structs/int-member-pointer-reads.c have the positions it moves out).
// Before, the adjoint read a stale copy, and the message about &m.conn[k]
// spoke of ?: where there was none.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

typedef struct {
	int a, b;
} pair;

static void swap(pair *p)
{
	int t = p->a;
	p->a = p->b;
	p->b = t;
}

#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	pair p = { 0, n - 1 };
	double s = 0.0;
	for (int i = 0; i < 2; i++) {
		s += i ? x[p.a] : 0.0; // CHECK: changed-member-conditional.c:[[@LINE]]:16: error: the reverse sweep needs the value of the integer member 'a' here, and the program changes that member; ckc moves such a read into an integer variable only where it always runs, not in an arm of ?:, on the right of && or ||, or in a for loop's step; read it into an integer variable before the statement
		swap(&p);
	}
	return s;
}

typedef struct {
	int ne;
	int conn[4];
} mesh;

static void build(mesh *m)
{
	for (int i = 0; i < 4; i++)
		m->conn[i] = 3 - i;
}

#pragma ck_adjoint wrt(x)
double g(const double *x, int k)
{
	mesh m = { 2, { 0 } };
	build(&m);
	double W = 0.0;
	for (int e = 0; e < m.ne; e++) {
		const int *c = m.conn + 2 * e;
		const int *d = &m.conn[2 * e];
		W += x[k > 0 ? c[1] : 0]; // CHECK: changed-member-conditional.c:[[@LINE]]:18: error: the reverse sweep needs the value of an element of the member 'conn' here, and the program changes that member; ckc moves such a read into an integer variable only where it always runs, not in an arm of ?:, on the right of && or ||, or in a for loop's step; read it into an integer variable before the statement
		W += x[k > 0 ? d[1] : 0]; // CHECK: changed-member-conditional.c:[[@LINE]]:18: error: the reverse sweep needs the value of an element of the member 'conn' here, and the program changes that member; ckc moves such a read into an integer variable only where it always runs, not in an arm of ?:, on the right of && or ||, or in a for loop's step; read it into an integer variable before the statement
	}
	return W;
}
