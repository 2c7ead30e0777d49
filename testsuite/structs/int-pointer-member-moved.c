// An int * member whose integers the code moves while it reads them, with
// no checkpoint: a local struct over a local array or a malloc'd buffer
// that a helper changes through the struct (bump(&m), m->conn[0]++), and
// a struct pointer parameter changed in place (m->conn[0]++).  Each read
// m.conn[0] moves into an integer local (int ck_conn = m.conn[0];), which
// the reverse sweep keeps, so f_bwd never reads the buffer (which is gone
// by then: f_fwd's frame has ended, or free() has).  The same loops in a
// checkpoint region are refused (diagnostics/checkpoint-int-member-*.c).
// Gradients against the one by hand, Hessian-vector products and the
// dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <stdlib.h>

#include "Inputs/conn.h"

#define N 4

static void bump(mesh *m)
{
	m->conn[0]++;
}

/* u[0] u[3] + u[1] u[3] + u[2] u[3] */
#pragma ck_tangent wrt(u)
#pragma ck_adjoint wrt(u)
#pragma ck_hvp wrt(u)
double moved_local(const double *u)
{
	int cb[1] = { 0 };
	mesh m = { cb };
	double s = 0;
	for (int t = 0; t < 3; t++) {
		s += u[m.conn[0]] * u[3];
		bump(&m);
	}
	return s;
}
// CHECK-LABEL: static void moved_local_bwd({{.*}}){{$}}
// CHECK: ck_conn = ck_pop_i(ck_t);
// CHECK-NOT: {{\.conn|->conn}}
// CHECK: }{{$}}

#pragma ck_tangent wrt(u)
#pragma ck_adjoint wrt(u)
#pragma ck_hvp wrt(u)
double moved_heap(const double *u)
{
	int *cb = malloc(sizeof *cb);
	cb[0] = 0;
	mesh m = { cb };
	double s = 0;
	for (int t = 0; t < 3; t++) {
		s += u[m.conn[0]] * u[3];
		bump(&m);
	}
	free(cb);
	return s;
}
// CHECK-LABEL: static void moved_heap_bwd({{.*}}){{$}}
// CHECK: ck_conn = ck_pop_i(ck_t);
// CHECK-NOT: {{\.conn|->conn}}
// CHECK: }{{$}}

#pragma ck_tangent wrt(u)
#pragma ck_adjoint wrt(u)
#pragma ck_hvp wrt(u)
double moved_param(const double *u, mesh *m)
{
	double s = 0;
	for (int t = 0; t < 3; t++) {
		s += u[m->conn[0]] * u[3];
		m->conn[0]++;
	}
	return s;
}
// CHECK-LABEL: static void moved_param_bwd({{.*}}){{$}}
// CHECK: ck_conn = ck_pop_i(ck_t);
// CHECK-NOT: {{\.conn|->conn}}
// CHECK: }{{$}}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static int C[1];
static mesh M = { C };

/* the caller's mesh, its counter back at 0 before each call */
static mesh *reset(void)
{
	C[0] = 0;
	return &M;
}

KC_SCALAR_WRAPPERS_PLAIN_AS(klocal, moved_local)
KC_SCALAR_WRAPPERS_PLAIN_AS(kheap, moved_heap)
KC_SCALAR_WRAPPERS_AS(kparam, moved_param, reset())

int main(void)
{
	volatile double one = 1.0;
	double v[N] = { 2 * one, 3 * one, 5 * one, 7 * one };
	double want[N] = { 7, 7, 7, 10 };
	double gl[N] = { 0 }, gh[N] = { 0 }, gp[N] = { 0 };
	moved_local_b(v, gl, 1.0);
	moved_heap_b(v, gh, 1.0);
	moved_param_b(v, gp, reset(), 1.0);
	for (int i = 0; i < N; i++) {
		ck_close("moved_local_b by hand", gl[i], want[i], 1e-15);
		ck_close("moved_heap_b by hand", gh[i], want[i], 1e-15);
		ck_close("moved_param_b by hand", gp[i], want[i], 1e-15);
	}
	kc_check_scalar("a local array moved by a helper", klocal, klocal_d,
			klocal_b, klocal_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("a malloc'd buffer moved by a helper", kheap, kheap_d,
			kheap_b, kheap_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("a parameter's buffer moved in place", kparam,
			kparam_d, kparam_b, kparam_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
