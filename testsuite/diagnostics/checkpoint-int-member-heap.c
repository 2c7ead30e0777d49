// A binomial loop that uses a local struct whose int * member points to a
// malloc'd buffer that a helper changes is refused: the snapshot holds
// the pointer, not the integers, and f_bwd's recomputation read them
// after f_fwd had freed the buffer (heap-use-after-free).  The same when
// the loop changes them itself (m.conn[0]++; ckc then keeps the member in
// a local of its own, which save() cannot name either).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c
#include <stdlib.h>

typedef struct {
	int *conn;
} mesh;

static void bump(mesh *m)
{
	m->conn[0]++;
}

#pragma ck_adjoint wrt(u)
double f(const double *u)
{
	int *cb = malloc(sizeof *cb);
	cb[0] = 0;
	mesh m = { cb };
	double s = 0;
	// CHECK: checkpoint-int-member-heap.c:[[@LINE+1]]:9: error: this binomial(K) loop uses the integers behind member 'conn' of 'm', which the function changes; ckc cannot save that data yet (save() covers whole structs); put the region where that data no longer changes
#pragma ck_checkpoint binomial(1)
	for (int t = 0; t < 3; t++) {
		s += u[m.conn[0]] * u[3];
		bump(&m);
	}
	free(cb);
	return s;
}

#pragma ck_adjoint wrt(u)
double g(const double *u)
{
	int *cb = malloc(sizeof *cb);
	cb[0] = 0;
	mesh m = { cb };
	double s = 0;
	// CHECK: checkpoint-int-member-heap.c:[[@LINE+1]]:9: error: this ck_checkpoint region uses data behind the pointer member 'm.conn', which the function changes; ckc cannot save that data yet (save() covers whole structs); put the region where that data no longer changes
#pragma ck_checkpoint
	for (int t = 0; t < 3; t++) {
		s += u[m.conn[0]] * u[3];
		m.conn[0]++;
	}
	free(cb);
	return s;
}
