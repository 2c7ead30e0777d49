// --tangent on a source without pragmas, with -D passed to the parser.
// RUN: %ckc %S/Inputs/plain.c --tangent 'energy:wrt=q,k' -DUNUSED=1 -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t %S/Inputs/plain.c
// CHECK: double energy_d(const double *q, const double *q_d, double k, double k_d, int n, double *ret_d)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

double energy(const double *q, double k, int n);

#define N 4
static double q0[N], v[N];

static double at(double t, void *ctx)
{
	double q[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		q[i] = q0[i] + t * v[i];
	return energy(q, 1.3 + t * 0.5, N);
}

int main(void)
{
	for (int i = 0; i < N; i++) {
		q0[i] = ck_rand();
		v[i] = ck_rand();
	}
	double d;
	ck_equal_bits("primal", energy_d(q0, v, 1.3, 0.5, N, &d), energy(q0, 1.3, N));
	ck_close("tangent", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
