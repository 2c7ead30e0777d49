// Local arrays of structs whose members are numbers or arrays of them,
// used only through their members (s[i][j].x, s[i][j].f[k]), become one
// array per member (double s_x[2][2], s_f[2][2][2]), which every mode
// handles as any local array: reverse mode too.  A two-dimensional array
// declared in a loop's body, an int member read as an index, a chained
// assignment to members, and a checkpoint region over the time loop.
// Gradients, Hessian-vector products and the dot-product test against
// differences, bitwise the same without checkpoints.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nock.c
// RUN: %ckc-run --one %t.nock.c %s %t.nock -I%S > %t.nock.out
// RUN: cmp %t.out %t.nock.out
#include <math.h>

#include "Inputs/particle.h"

#define N 4

#pragma ck_tangent wrt(x0)
#pragma ck_adjoint wrt(x0)
#pragma ck_hvp wrt(x0)
double sim(const double *x0)
{
	double e = 0;
	for (int rep = 0; rep < 2; rep++) {
		particle s[2][2];
		for (int i = 0; i < 2; i++)
			for (int j = 0; j < 2; j++) {
				s[i][j].x = x0[(i + 2 * j + rep) % N];
				s[i][j].v = 0;
				s[i][j].kind = i + j;
				s[i][j].f[0] = s[i][j].f[1] = 0.5 + 0.1 * j;
			}
#pragma ck_checkpoint
		for (int t = 0; t < 5; t++)
			for (int i = 0; i < 2; i++)
				for (int j = 0; j < 2; j++) {
					s[i][j].v += -0.1 * sin(s[i][j].x) *
						     s[i][j].f[s[i][j].kind % 2];
					s[i][j].x += 0.1 * s[i][j].v;
				}
		for (int i = 0; i < 2; i++)
			e += s[i][1].x * s[i][0].x + s[i][i].v;
	}
	return e;
}
// CHECK-LABEL: double sim_d(const double *x0, const double *x0_d, double *ret_d){{$}}
// CHECK: double s_x[2][2];
// CHECK: double s_f[2][2][2];
// CHECK: int s_kind[2][2];
// CHECK: s_x[i][j] = x0[(i + 2 * j + rep) % 4];

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS_PLAIN(sim)
int main(void)
{
	double v[N] = {0.3, -0.7, 1.1, 0.8};
	kc_check_scalar("local arrays of structs", kf, kf_d, kf_b, kf_b_d,
			NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
