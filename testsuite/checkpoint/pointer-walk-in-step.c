// A pointer declared inside a checkpoint region, or inside a binomial
// loop's body, that walks a local array (double *p = u; *p = ...; p++):
// the data behind it is the array, which the snapshot holds, so no save()
// is needed (none could name p before its declaration), and a pointer the
// body declares starts afresh at every step, so the binomial loop may
// move it.  f_b and f_b_d are bit for bit those of ckc --no-checkpoint
// (outputs compared with cmp); gradients, Hessian-vector products and the
// dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: cmp %t.out %t.plain.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#define N 6

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double u[N], s = 0.0;
	for (int i = 0; i < N; i++)
		u[i] = x[i];
#pragma ck_checkpoint
	{
		double *p = u;
		for (int i = 0; i < N; i++) {
			*p = *p + 0.1 * sin(*p) * x[(i + 1) % N];
			p++;
		}
	}
#pragma ck_checkpoint binomial(2)
	for (int t = 0; t < 7; t++) {
		double *p = u + 1;
		for (int i = 1; i < N; i++) {
			*p = *p + 0.05 * p[-1] * x[(i + t) % N];
			p++;
		}
		s += u[0] * u[N - 1];
	}
	return s;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {0.3, -0.7, 1.1, 0.8, 0.2, -0.4}, g[N] = {0};
	double gb[N] = {0}, hv[N] = {0};
	f_b(v, g, 1.0);
	f_b_d(v, v, gb, hv, 1.0, 0.5);
	for (int i = 0; i < N; i++)
		printf("derivatives %d %a %a %a\n", i, g[i], gb[i], hv[i]);
	kc_check_scalar("pointer walks in checkpointed steps", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
