// save() sections are checked against every counted loop form (i <= B,
// B > i, i != B, i += 1, i-- with > or >=; diagnostics/checkpoint-section-
// loop-forms.c has the refusals): regions in these forms whose sections
// cover what they read and write, with the function changing the data
// after the region, are accepted, and f_b, f_d and f_b_d are bit for bit
// those of ckc --no-checkpoint (outputs compared with cmp), checked against
// differences.  A local array that the snapshot holds whole may be read
// outside its section (boundary: u[0], changed after the region).
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: grep derivatives %t.out > %t.deriv
// RUN: grep derivatives %t.plain.out > %t.plain.deriv
// RUN: cmp %t.deriv %t.plain.deriv
// OUT: derivatives 4
// OUT: derivatives boundary 4
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

#define N 5

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double forms(const double *x)
{
	double u[N], s = 0.0;
	for (int i = 0; i < N; i++)
		u[i] = x[i];
	for (int t = 0; t < 2; t++) {
#pragma ck_checkpoint save(u[0:N])
		for (int i = 1; i <= N - 1; i++)
			s += u[i] * (1.0 + 0.5 * u[i - 1]);
		u[0] = u[1] * u[0];
#pragma ck_checkpoint save(u[0:N])
		for (int i = N - 1; i >= 1; i--)
			s += u[i - 1] * u[i] * u[i];
		u[N - 1] = u[0] * u[N - 1];
#pragma ck_checkpoint save(u[0:N])
		for (int i = N - 1; i > 0; --i)
			u[i] = u[i] * (1.0 - 0.3 * u[i - 1]);
		u[0] = 0.5 * u[0] * u[1];
#pragma ck_checkpoint save(u[0:N])
		for (int i = 0; N - 1 > i; i += 1)
			s += u[i] * u[i + 1];
		u[1] = u[1] * u[2];
#pragma ck_checkpoint save(u[0:N])
		for (int i = 1; i != N; i++)
			s += u[i - 1] * u[i] * 0.7;
		u[2] = u[2] * u[3];
	}
	return s + u[2];
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double boundary(const double *x)
{
	double u[N + 1], w[N + 1];
	for (int i = 0; i < N; i++)
		u[i + 1] = x[i];
	u[0] = x[0];
	for (int t = 0; t < 2; t++) {
#pragma ck_checkpoint save(u[1:N], w[1:N])
		for (int i = 1; i <= N; i++)
			w[i] = u[i] * u[i - 1];
		for (int i = 1; i <= N; i++)
			u[i] = w[i];
		u[0] = u[1] * u[1];
	}
	double s = 0;
	for (int i = 1; i <= N; i++)
		s += u[i];
	return s;
}

#ifdef CK_TEST_MAIN
#include "ckrt.h"
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(forms)
KC_SCALAR_WRAPPERS_PLAIN_AS(kb, boundary)

int main(void)
{
	volatile double one = 1.0;
	double v[N] = {0.3, -0.7, 1.1, 0.8, 0.45};
	double g[N] = {0}, gb[N] = {0}, hv[N] = {0};
	for (int i = 0; i < N; i++)
		v[i] *= one;
	forms_b(v, g, 1.0);
	forms_b_d(v, v, gb, hv, 1.0, 0.5);
	for (int i = 0; i < N; i++)
		printf("derivatives %d %a %a %a\n", i, g[i], gb[i], hv[i]);
	kc_check_scalar("section loop forms", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, N, 3);
	for (int i = 0; i < N; i++)
		g[i] = gb[i] = hv[i] = 0.0;
	boundary_b(v, g, 1.0);
	boundary_b_d(v, v, gb, hv, 1.0, 0.5);
	for (int i = 0; i < N; i++)
		printf("derivatives boundary %d %a %a %a\n", i, g[i], gb[i],
		       hv[i]);
	kc_check_scalar("local array read outside its section", kb, kb_d,
			kb_b, kb_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
