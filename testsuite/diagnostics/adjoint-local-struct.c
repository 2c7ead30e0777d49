// Reverse mode refuses a local array of structs that is used other than
// through its members (once, at the declaration; structs/local-arrays.c
// shows those it supports) and a change to a local struct's integer
// member after the struct is first used, where the struct is used whole
// (structs/locals.c and structs/local-struct-members.c show the local
// structs it supports).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

struct item {
	double a;
	int n;
};

#pragma ck_adjoint wrt(x)
double f(double x)
{
	struct item it[2]; // CHECK: adjoint-local-struct.c:[[@LINE]]:14: error: the reverse mode supports a local array of structs ('it') only when nothing but its members are used (it[i].m), its members are numbers or arrays of them, and it is declared without values; otherwise let the caller pass it by pointer
	struct item *q = &it[1];
	it[0].a = x;
	q->a = x * x;
	return it[0].a * it[1].a;
}

static double use(const struct item *p)
{
	return p->a * p->n;
}

/* (used only through its members, p would be a variable per member:
 * structs/local-struct-members.c) */
#pragma ck_adjoint wrt(x)
double g(double x, int k)
{
	struct item p = { 1.0, 2 };
	p.a *= x;
	p.n = k; // CHECK: adjoint-local-struct.c:[[@LINE]]:2: error: the reverse mode does not support changing integer or pointer members of structs yet; keep such values in local variables
	return use(&p);
}
