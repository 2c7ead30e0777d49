// A struct type of the input that only the function's body uses (a local
// of a typedef'd anonymous struct, a helper's parameter) is defined in the
// generated .c, not in the generated header, whose prototypes do not name
// it: a file that defines the type itself and includes the header (as
// this test's does) compiles.  Derivatives against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --check-prefix=HDR --input-file %t.h
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 4

typedef struct {
	double *pos;
	double *vel;
	int n;
	double mass;
} particles;

static void step(particles *p, double dt)
{
	for (int i = 0; i < p->n; i++) {
		p->vel[i] -= dt * p->pos[i] / p->mass;
		p->pos[i] += dt * sin(p->vel[i]);
	}
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double pos[N], vel[N] = {0.0}, s = 0.0;
	particles p = {pos, vel, N, 1.5};
	for (int i = 0; i < N; i++)
		pos[i] = x[i];
	for (int t = 0; t < 5; t++)
		step(&p, 0.1);
	for (int i = 0; i < N; i++)
		s += pos[i] * vel[i];
	return s;
}

// HDR-NOT: particles
// HDR: double f_b(const double *x, double *x_b, double ret_b);
// HDR-NOT: particles
// CHECK: } particles;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand() - 0.5;
	kc_check_scalar("internal struct type", kf, kf_d, kf_b, kf_b_d, NULL,
			v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
