// A ck_inactive call inside a checkpoint region: the reverse sweep would
// recompute the region and draw again, so the adjoint is refused (the
// tangent, which recomputes nothing, is fine).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c
// RUN: %ckc --no-checkpoint %s -o %t.plain.c

double noise(void);
#pragma ck_inactive noise

#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++) {
// CHECK: inactive-in-region.c:[[@LINE+3]]:18: error: the ck_inactive function 'noise' must not run twice, but a recomputation of this checkpoint region would call it again; call it outside the checkpoint region and pass its result in
// CHECK-NEXT: inactive-in-region.c:[[@LINE+1]]:9: note: the checkpoint region, which the reverse sweep recomputes, is here
#pragma ck_checkpoint
		s = s * x[i] + noise();
	}
	return s;
}
