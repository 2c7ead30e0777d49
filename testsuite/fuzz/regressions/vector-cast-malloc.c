// Vector mode: an array from a cast malloc, calloc or realloc
// ((double *)malloc(...)) gets a shadow of ck_nd values per element, as an
// uncast one does (it got one direction's: f_dv allocated
// ck_shadow_alloc(8 * 8UL), not 8 * 8UL * ck_nd, and wrote w_dv[i * ck_nd
// + k] past its end).  Every direction of f_dv is bitwise f_d's along it.
// Found by the fuzzer (run.py --seed 1 --modes tangent,vector --features
// -extern, kernel 7), reduced by hand.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --check-prefix=GEN --input-file %t.c
// GEN: double *w_dv = (double *)ck_shadow_alloc(8 * 8UL * ck_nd);
// RUN: %ckc-run %t.c %s %t | FileCheck %s
// CHECK: 0 failed
#include <stdlib.h>

#pragma ck_tangent wrt(s)
#pragma ck_tangent wrt(s) vector
double f(double s)
{
	double *w = (double *)malloc(8 * sizeof *w);
	double *u = (double *)calloc(8, sizeof(double));
	for (int i = 0; i < 8; i++) {
		w[i] = s * i;
		u[i] = s + i;
	}
	u = (double *)realloc(u, 16 * sizeof(double));
	for (int i = 8; i < 16; i++)
		u[i] = s * s;
	double r = w[7] * u[7] + u[15];
	free(w);
	free(u);
	return r;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

int main(void)
{
	double s = 0.7, dv[16], rdv[16], rd;
	int k;

	for (k = 0; k < 16; k++)
		dv[k] = 0.25 + 0.125 * k;
	ck_equal_bits("primal", f_dv(s, dv, 16, rdv), f(s));
	for (k = 0; k < 16; k++) {
		f_d(s, dv[k], &rd);
		ck_equal_bits("direction", rdv[k], rd);
	}
	return ck_done();
}
#endif
