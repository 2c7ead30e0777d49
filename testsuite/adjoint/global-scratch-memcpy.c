// A global, or a static local, that the function fills whole with memcpy
// (or clears with memset) before reading it is scratch as when a loop
// fills it: memcpy(w, x, sizeof w) becomes that loop, over w's length;
// so is a matrix, filled by memcpy (G[i / 2][i % 2]) or by nested loops
// over its rows.
// Gradients, Hessian-vector products and the dot-product test against
// differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <string.h>

#define N 4

double w[N];
double G[N / 2][2];

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	static double t[N];
	static double H[2][N];
	memcpy(w, x, sizeof w);
	memset(t, 0, sizeof t);
	memcpy(G, x, sizeof G);
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < N; j++)
			H[i][j] = x[j] * (i + 1);
	double s = G[1][0] * G[0][1] + H[1][2] * H[0][3];
	for (int i = 0; i < N; i++) {
		t[(i + 1) % N] += w[i] * w[i];
		s += t[i] * w[(i + 2) % N];
	}
	return s;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: double G[2][2]
// CHECK: double w[4]
// CHECK: double t[4]
// CHECK: double H[2][4]

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {0.3, -0.7, 1.1, 0.8};
	kc_check_scalar("memcpy-filled scratch", kf, kf_d, kf_b, kf_b_d, NULL,
			v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
