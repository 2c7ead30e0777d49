// A function without a definition that is not ck_inactive may have
// effects: a checkpoint region that calls it, even on inactive values,
// would call it again in the reverse sweep.  Library functions without
// effects (floor) may be recomputed.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c
#include <math.h>

void log_step(int i);

#pragma ck_adjoint wrt(x)
double f(double x, int n)
{
	for (int i = 0; i < n; i++) {
#pragma ck_checkpoint
		{
			x = x * x * 0.5 + floor(0.5 * i);
			log_step(i); // CHECK: external-in-region.c:[[@LINE]]:4: error: 'log_step' may have effects and must not run twice, but a recomputation of this checkpoint region would call it again; call it outside the checkpoint region
		}
	}
	return x;
}
// CHECK-NEXT: external-in-region.c:15:9: note: the checkpoint region, which the reverse sweep recomputes, is here
