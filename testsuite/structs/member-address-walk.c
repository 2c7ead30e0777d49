// A pointer to a number member of an element of a local array of structs,
// double *w = &b[0].x, that the function steps across the members (*w++,
// w[i]), as code that fills a struct array from a flat buffer does: the
// array is not split into one array per member (which would send w along
// b[i].x only), and derivatives go through the structs as laid out.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out

#define N 4

typedef struct {
	double x, v;
} pv;

#pragma ck_tangent wrt(s)
#pragma ck_adjoint wrt(s)
#pragma ck_hvp wrt(s)
double f(const double *s)
{
	pv b[2];
	double *w = &b[0].x;
	for (int i = 0; i < N; i++)
		w[i] = s[i] * s[(i + 1) % N];
	return b[0].x * b[0].v + b[1].x * b[1].v * s[0];
}
// CHECK-LABEL: double f_d(const double *s, const double *s_d, double *ret_d){{$}}
// CHECK-NOT: b_x
// CHECK: pv b[2];

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {1.0, 2.0, 3.0, 4.0};
	kc_check_scalar("member address stepped across members", kf, kf_d,
			kf_b, kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
