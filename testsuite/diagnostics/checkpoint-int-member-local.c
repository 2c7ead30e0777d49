// A checkpoint region (a binomial loop, a plain region, one inside a loop)
// that uses a local struct whose int * member points into a local array
// that a helper changes (bump(&m): m->conn[0]++; also a helper given the
// struct by value, and a region that only reads the integers, through a
// helper, while the loop around it changes them) is refused: the snapshot
// holds the struct, the pointer, not the integers, and f_bwd's
// recomputation read them through it after f_fwd's frame had ended (a
// wrong gradient, a stack-use-after-scope).  Without the checkpoint the
// same code is differentiated (structs/int-pointer-member-moved.c).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

typedef struct {
	int *conn;
} mesh;

static void bump(mesh *m)
{
	m->conn[0]++;
}

#pragma ck_tangent wrt(u)
#pragma ck_adjoint wrt(u)
double f(const double *u)
{
	int cb[1] = { 0 };
	mesh m = { cb };
	double s = 0;
	// CHECK: checkpoint-int-member-local.c:[[@LINE+1]]:9: error: this binomial(K) loop uses the integers behind member 'conn' of 'm', which the function changes; ckc cannot save that data yet (save() covers whole structs); put the region where that data no longer changes
#pragma ck_checkpoint binomial(1)
	for (int t = 0; t < 3; t++) {
		s += u[m.conn[0]] * u[3];
		bump(&m);
	}
	return s;
}

#pragma ck_adjoint wrt(u)
double g(const double *u)
{
	int cb[1] = { 0 };
	mesh m = { cb };
	double s = 0;
	// CHECK: checkpoint-int-member-local.c:[[@LINE+1]]:9: error: this ck_checkpoint region uses the integers behind member 'conn' of 'm', which the function changes; ckc cannot save that data yet (save() covers whole structs); put the region where that data no longer changes
#pragma ck_checkpoint
	for (int t = 0; t < 3; t++) {
		s += u[m.conn[0]] * u[3];
		bump(&m);
	}
	return s;
}

#pragma ck_adjoint wrt(u)
double h(const double *u)
{
	int cb[1] = { 0 };
	mesh m = { cb };
	double s = 0;
	for (int t = 0; t < 3; t++) {
		// CHECK: checkpoint-int-member-local.c:[[@LINE+1]]:9: error: this ck_checkpoint region uses the integers behind member 'conn' of 'm', which the function changes; ckc cannot save that data yet (save() covers whole structs); put the region where that data no longer changes
#pragma ck_checkpoint
		{
			s += u[m.conn[0]] * u[3];
			bump(&m);
		}
	}
	return s;
}

static void bump_val(mesh m)
{
	m.conn[0]++;
}

static double at(const mesh *m, const double *u)
{
	return u[m->conn[0]];
}

#pragma ck_adjoint wrt(u)
double by_value(const double *u)
{
	int cb[1] = { 0 };
	mesh m = { cb };
	double s = 0;
	// CHECK: checkpoint-int-member-local.c:[[@LINE+1]]:9: error: this binomial(K) loop uses the integers behind member 'conn' of 'm', which the function changes; ckc cannot save that data yet (save() covers whole structs); put the region where that data no longer changes
#pragma ck_checkpoint binomial(1)
	for (int t = 0; t < 3; t++) {
		s += u[m.conn[0]] * u[3];
		bump_val(m);
	}
	return s;
}

#pragma ck_adjoint wrt(u)
double read_only(const double *u)
{
	int cb[1] = { 0 };
	mesh m = { cb };
	double s = 0;
	for (int t = 0; t < 3; t++) {
		// CHECK: checkpoint-int-member-local.c:[[@LINE+1]]:9: error: this ck_checkpoint region uses the integers behind member 'conn' of 'm', which the function changes; ckc cannot save that data yet (save() covers whole structs); put the region where that data no longer changes
#pragma ck_checkpoint
		{
			s += at(&m, u) * u[3];
		}
		bump(&m);
	}
	return s;
}
