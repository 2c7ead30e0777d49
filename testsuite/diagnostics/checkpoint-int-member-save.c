// A checkpoint region that changes the integers behind a struct pointer
// parameter's int * member (m->conn[0]++) is refused, save(m[0:1]) or
// not: save() holds the struct, the pointer, not the integers, so the
// recomputation started from the changed ones (the gradient (0, 0, 7, 5)
// instead of (7, 7, 7, 10), and a read past u).  Before, the refusal
// without save() suggested save(m[lo:len]), which was then accepted.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

typedef struct {
	int *conn;
} mesh;

#pragma ck_adjoint wrt(u)
double f(const double *u, mesh *m)
{
	double s = 0;
	// CHECK: checkpoint-int-member-save.c:[[@LINE+1]]:9: error: this binomial(K) loop uses the integers behind member 'conn' of 'm', which the function changes; ckc cannot save that data yet (save() covers whole structs); put the region where that data no longer changes
#pragma ck_checkpoint binomial(1) save(m[0:1])
	for (int t = 0; t < 3; t++) {
		s += u[m->conn[0]] * u[3];
		m->conn[0]++;
	}
	return s;
}

#pragma ck_adjoint wrt(u)
double g(const double *u, mesh *m)
{
	double s = 0;
	// CHECK: checkpoint-int-member-save.c:[[@LINE+1]]:9: error: this ck_checkpoint region uses the integers behind member 'conn' of 'm', which the function changes; ckc cannot save that data yet (save() covers whole structs); put the region where that data no longer changes
#pragma ck_checkpoint
	for (int t = 0; t < 3; t++) {
		s += u[m->conn[0]] * u[3];
		m->conn[0]++;
	}
	return s;
}
