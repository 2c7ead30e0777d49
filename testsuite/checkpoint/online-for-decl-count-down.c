// A for loop that declares its counter and steps it in its condition,
// for (int i = n; i-- > 0;), under online(K), budget(BYTES) and
// binomial(K): ckc made it { int i = n; i--; for (; i + 1 > 0; i--) },
// and the pragma took that block for the loop (ckc crashed in reverse
// mode; binomial(K) said the loop was not counted).  The pragma takes the
// loop; the declaration and the first step run once before it.  Every
// derivative is bit for bit the one of ckc --no-checkpoint (outputs
// compared with cmp); gradients, Hessian-vector products and the
// dot-product test against differences.
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

#define W 5

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double acc = 0.0;
#pragma ck_checkpoint online(2)
	for (int i = n; i-- > 0;)
		acc = sin(acc * 0.5 + x[i] * x[i]);
	return acc;
}

#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double g(const double *x, int n)
{
	double acc = 1.0;
#pragma ck_checkpoint budget(2500)
	for (int i = n; i-- > 0;)
		acc = cos(acc * x[i]) + x[i];
	return acc;
}

#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double h(const double *x, int n)
{
	double acc = 0.5;
#pragma ck_checkpoint binomial(2)
	for (int i = n; i-- > 0;)
		acc = exp(-acc * x[i]);
	return acc;
}

// CHECK-LABEL: static double f_fwd(const double *x, int n){{$}}
// CHECK: i = n;
// CHECK-NEXT: i--;
// CHECK-NEXT: ck_rv = ck_revolve_online(2);
// CHECK-LABEL: static double g_fwd(const double *x, int n){{$}}
// CHECK: i = n;
// CHECK-NEXT: i--;
// CHECK: ck_rv = ck_revolve_budget(ck_l, (size_t)2500);
// CHECK-LABEL: static double h_fwd(const double *x, int n){{$}}
// CHECK: i = n;
// CHECK-NEXT: i--;
// CHECK: ck_revolve_new(

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_AS(kf, f, W)

/* the gradient's and H v's bits, for cmp against --no-checkpoint */
#define PRINT_BITS(F)                                                      \
	do {                                                               \
		double g_[W] = { 0.0 }, d_[W], b_[W] = { 0.0 },             \
		       bd_[W] = { 0.0 };                                    \
		for (int i_ = 0; i_ < W; i_++)                              \
			d_[i_] = 0.25 * (double)(i_ + 1);                   \
		F##_b(v, g_, W, 1.0);                                      \
		F##_b_d(v, d_, b_, bd_, W, 1.0, 0.5);                      \
		for (int i_ = 0; i_ < W; i_++)                              \
			printf(#F " %d %a %a %a\n", i_, g_[i_], b_[i_],     \
			       bd_[i_]);                                    \
	} while (0)

int main(void)
{
	double v[W];
	for (int i = 0; i < W; i++)
		v[i] = ck_rand();
	PRINT_BITS(f);
	PRINT_BITS(g);
	PRINT_BITS(h);
	kc_check_scalar("online(2) over for (int i = n; i-- > 0;)", kf, kf_d,
			kf_b, kf_b_d, NULL, v, NULL, W, 3);
	return ck_done();
}
#endif
