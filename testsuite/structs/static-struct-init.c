// A static local struct that is not const, with an initializer (static
// struct { double c[2]; } q = {{0.25, 0.75}}, static coef K = {...}):
// the initializer stays one, as C runs it once; it was split into stores
// at every call, which did not compile once ckc made the unchanged struct
// const.  In a checkpoint region too.  Derivatives against differences,
// and checkpointed code bitwise against --no-checkpoint.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: cmp %t.out %t.plain.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

typedef struct {
	double a, b;
	int n;
} coef;

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	static coef K = { 0.5, 1.5, 3 };
	static struct {
		double c[2];
	} q = { { 0.25, 0.75 } };
	double y = x[0], z = x[1];
#pragma ck_checkpoint
	for (int i = 0; i < K.n; i++)
		y = K.a * sin(K.b * y) * z + q.c[i % 2] * x[2];
	return y * z;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: static const coef K = {0.5, 1.5, 3};
// CHECK: static const struct ck_anon1 q = {{[{][{]}}0.25, 0.75{{[}][}]}};

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	/* (volatile: clang -O2 would fold f at constant inputs) */
	static volatile double v0[3] = {0.4, -0.8, 1.2};
	double v[3];
	for (int i = 0; i < 3; i++)
		v[i] = v0[i];
	kc_check_scalar("static struct tables", kf, kf_d, kf_b, kf_b_d, NULL,
			v, NULL, 3, 3);
	return ck_done();
}
#endif
