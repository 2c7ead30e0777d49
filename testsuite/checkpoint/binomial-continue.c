// A binomial(K) loop whose body ends some steps early by continue (a
// time loop that skips its output every third step): the trip count stays
// fixed, so ckc makes the body one step, do { ... } while (0), where the
// continue ends the step, and Revolve reverses the 12 steps with 3
// snapshots in F(12, 3) = 21 recomputations.  f_b and f_b_d are bit for
// bit those of ckc --no-checkpoint (outputs compared with cmp); gradients,
// Hessian-vector products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: grep -v STATS %t.out > %t.deriv
// RUN: grep -v STATS %t.plain.out > %t.plain.deriv
// RUN: cmp %t.deriv %t.plain.deriv
// OUT: STATS f_b recomputations 21
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#define N 4
#define T 12

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double evolve(const double *x)
{
	double u[N], s = 0.0;
	for (int i = 0; i < N; i++)
		u[i] = x[i];
#pragma ck_checkpoint binomial(3)
	for (int t = 0; t < T; t++) {
		double un[N];
		for (int i = 0; i < N; i++)
			un[i] = u[i] + 0.1 * sin(u[(i + 1) % N]) * x[i];
		for (int i = 0; i < N; i++)
			u[i] = un[i];
		if (t % 3 == 2)
			continue;
		s += u[0] * u[N - 1];
	}
	return s + u[1] * u[2];
}
// CHECK-LABEL: static double evolve_fwd(const double *x){{$}}
// CHECK: do {
// CHECK: continue;
// CHECK: } while (0);

#ifdef CK_TEST_MAIN
#include "ckrt.h"
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(evolve)

int main(void)
{
	double v[N] = {0.3, -0.7, 1.1, 0.8}, g[N] = {0}, hv[N] = {0};
	double gb[N] = {0};
	ck_stats st;
	ck_stats_reset();
	evolve_b(v, g, 1.0);
	ck_stats_get(&st);
	printf("STATS f_b recomputations %llu\n", st.recomputations);
	evolve_b_d(v, v, gb, hv, 1.0, 0.5);
	for (int i = 0; i < N; i++)
		printf("derivatives %d %a %a %a\n", i, g[i], gb[i], hv[i]);
	kc_check_scalar("binomial loop with continue", kf, kf_d, kf_b, kf_b_d,
			NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
