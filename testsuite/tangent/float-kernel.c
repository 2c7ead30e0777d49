// A float kernel: float shadows, float literals, float math functions.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
#include <math.h>

#pragma ck_tangent wrt(w)
float loss(const float *w, const float *x, int n)
{
	float z = 0.0f;
	for (int i = 0; i < n; i++)
		z += w[i] * x[i];
	return logf(1.0f + expf(-z)) + 0.01f * w[0] * w[0];
}
// CHECK-LABEL: float loss_d(const float *w, const float *w_d, const float *x, int n, float *ret_d)
// CHECK: float z_d = 0.0f;
// CHECK: expf(-z)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 4
static float x[N] = {0.5f, -1.0f, 0.25f, 2.0f};

/* the same loss in double, to check the float tangent against */
static double at(double t, void *ctx)
{
	const double *v = ctx;
	double w[N], z = 0.0;
	for (int i = 0; i < N; i++) {
		w[i] = 0.1 * i - 0.2 + t * v[i];
		z += w[i] * x[i];
	}
	return log(1.0 + exp(-z)) + 0.01 * w[0] * w[0];
}

int main(void)
{
	float w[N], wd[N];
	double v[N];
	for (int i = 0; i < N; i++) {
		w[i] = (float)(0.1 * i - 0.2);
		v[i] = wd[i] = (float)ck_rand();
	}
	float d;
	float y = loss_d(w, wd, x, N, &d);
	ck_check("primal", y == loss(w, x, N));
	ck_close("tangent", d, ck_richardson(at, v, CK_FD_H), 1e-5);
	return ck_done();
}
#endif
