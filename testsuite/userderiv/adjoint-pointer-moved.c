// The pointer a call sees moves after the call (p += 3): f_bwd gives nrm_b
// the pointer as the call saw it (the offset of p in x is kept exact), and
// reads the data again (nothing changes x).
// Checked against Richardson differences and f_d (dot-product test).
// RUN: %ckc -I%S/Inputs %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S/Inputs %S/Inputs/nrm.c > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include "nrm.h"

#pragma ck_derivative nrm wrt(x, r) out(r) tangent(nrm_d) adjoint(nrm_b)

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(const double *x, int m)
{
	const double *p = x;
	double s = 0.0, t = 0.0;
	for (int k = 0; k < m; k++) {
		s = 0.5 * t;
		nrm(3, p, &s);
		t += s * s;
		p += 3;
	}
	return t;
}
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, int m, double ret_b){{$}}
// CHECK: nrm_b(3, x + p, x_b + p, &ck_s, &s_b);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define M 4
static double x0[3 * M], v[3 * M];

static double at(double t, void *ctx)
{
	double x[3 * M];
	(void)ctx;
	for (int i = 0; i < 3 * M; i++)
		x[i] = x0[i] + t * v[i];
	return f(x, M);
}

int main(void)
{
	double xb[3 * M] = {0}, d, dot = 0.0;
	for (int i = 0; i < 3 * M; i++) {
		x0[i] = ck_rand();
		v[i] = ck_rand();
	}
	ck_equal_bits("primal (tangent)", f_d(x0, v, M, &d), f(x0, M));
	ck_equal_bits("primal (adjoint)", f_b(x0, xb, M, 1.0), f(x0, M));
	for (int i = 0; i < 3 * M; i++)
		dot += xb[i] * v[i];
	ck_close("dot product", dot, d, 1e-12);
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
