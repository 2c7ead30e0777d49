// A local array that a region overwrites only in part before reading it
// stays in the region's snapshot: in f the loop stops one element short of
// the array's length, in g the overwriting loop is inside an if.  Both
// read what they did not write (tmp[W - 1], or all of tmp when the if is
// not taken), and the gradients are bitwise those without checkpoints.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: cmp %t.out %t.plain.out
#include <math.h>

#define W 8

#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double tmp[W], y = 0.0;
	for (int i = 0; i < W; i++)
		tmp[i] = x[i];
	for (int k = 0; k < n; k++) {
#pragma ck_checkpoint
		{
			for (int i = 0; i < W - 1; i++)
				tmp[i] = tanh(x[i] + tmp[W - 1] * k);
			for (int i = 0; i < W; i++)
				y += tmp[i] * tmp[(i + 1) % W];
		}
	}
	return y;
}
// CHECK-LABEL: static double f_fwd(const double *x, int n){{$}}
// CHECK: ck_s = ck_snap_new();
// CHECK-NEXT: CK_SAVE(ck_s, tmp);
// CHECK-LABEL: static void f_bwd(
// CHECK: CK_LOAD(ck_s, tmp2);

#pragma ck_adjoint wrt(x)
double g(const double *x, int n)
{
	double tmp[W], y = 0.0;
	for (int i = 0; i < W; i++)
		tmp[i] = x[i];
	for (int k = 0; k < n; k++) {
#pragma ck_checkpoint
		{
			if (k % 2 == 0)
				for (int i = 0; i < W; i++)
					tmp[i] = tanh(x[i] * y);
			for (int i = 0; i < W; i++)
				y += tmp[i] * tmp[(i + 1) % W];
		}
	}
	return y;
}
// CHECK-LABEL: static double g_fwd(const double *x, int n){{$}}
// CHECK: ck_s = ck_snap_new();
// CHECK-NEXT: CK_SAVE(ck_s, tmp);
// CHECK-LABEL: static void g_bwd(
// CHECK: CK_LOAD(ck_s, tmp2);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

int main(void)
{
	double x[W], xb[W] = {0}, xg[W] = {0};
	for (int i = 0; i < W; i++)
		x[i] = ck_rand();
	ck_equal_bits("f primal", f_b(x, xb, 5, 1.0), f(x, 5));
	ck_equal_bits("g primal", g_b(x, xg, 5, 1.0), g(x, 5));
	for (int i = 0; i < W; i++)
		printf("f x_b[%d] %a g x_b[%d] %a\n", i, xb[i], i, xg[i]);
	return ck_done();
}
#endif
