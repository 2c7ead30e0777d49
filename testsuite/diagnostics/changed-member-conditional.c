// An integer member that the program changes, read where ckc does not
// move it into an integer local (an arm of ?:, the right of && or ||):
// the reverse sweep's copy of the struct does not follow the member's
// changes, so ckc refuses the read and says to read the member into a
// variable first (structs/int-members-changed.c has the positions it
// moves out).  Before, the adjoint read a stale copy.
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
		s += i ? x[p.a] : 0.0; // CHECK: changed-member-conditional.c:[[@LINE]]:16: error: the reverse sweep needs the value the integer member 'a' has here, in an arm of ?: or on the right of && or ||, and the program changes that member; read it into an integer variable before the statement
		swap(&p);
	}
	return s;
}
