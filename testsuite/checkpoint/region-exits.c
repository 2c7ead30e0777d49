// A checkpoint region whose statements leave it by continue, break or a
// goto out of the loop around it (also from a loop inside the region), and
// an inner region whose continue the outer region's loop takes.  The
// region's statement goes into do { ... } while (0), each exit becomes
// `ck_leave = k; break;`, and after the region `if (ck_leave == k)` takes
// it; f_bwd recomputes the region whole.  Gradients, Hessian-vector
// products and the dot-product test against differences, and everything
// bitwise the same without checkpoints.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nock.c
// RUN: %ckc-run --one %t.nock.c %s %t.nock > %t.nock.out
// RUN: cmp %t.out %t.nock.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 8

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double skips(const double *x, int n)
{
	double s = 0, u[N];
	for (int i = 0; i < N; i++)
		u[i] = x[i];
	for (int t = 0; t < n; t++) {
#pragma ck_checkpoint
		{
			for (int i = 0; i < N; i++)
				u[i] *= 1.01 + 0.01 * u[i];
			if (u[0] > 0.6)
				continue;
			s += u[1] * u[2];
		}
		s += sin(u[3]);
	}
	return s;
}
// CHECK-LABEL: static double skips_fwd(const double *x, int n){{$}}
// CHECK: ck_leave = 0;
// CHECK: do {
// CHECK: ck_leave = 1;
// CHECK: break;
// CHECK: } while (0);
// CHECK: if (ck_leave == 1) {
// CHECK: continue;

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double stops(const double *x, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++) {
#pragma ck_checkpoint
		{
			s += x[i] * x[i];
			if (s > 1.5)
				break;
			s = s * cos(x[i]);
		}
		s += 0.1 * x[i];
	}
	return s;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double leaves(const double *x, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++) {
#pragma ck_checkpoint
		{
			s += x[i] * x[i];
			if (s > 1.5)
				goto done;
		}
	}
done:
	return s * s;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double leaves_inner(const double *x, int n)
{
	double s = 0.0;
	for (int t = 0; t < 3; t++) {
#pragma ck_checkpoint
		{
			for (int i = 0; i < n; i++) {
				s += x[i] * x[i] * (t + 1);
				if (s > 4.0)
					goto done;
			}
			s *= 0.5;
		}
	}
done:
	return exp(0.1 * s);
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double nested(const double *x, int n)
{
	double s = 0.0, u = 1.0;
	for (int i = 0; i < n; i++) {
#pragma ck_checkpoint
		{
			u = u * x[i] + 0.5;
#pragma ck_checkpoint
			{
				s += u * u;
				if (i % 3 == 1)
					continue;
				s = sin(s);
			}
			u += s;
		}
		s += u;
	}
	return s;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS_AS(ks, skips, 10)
KC_SCALAR_WRAPPERS_AS(kb, stops, N)
KC_SCALAR_WRAPPERS_AS(kg, leaves, N)
KC_SCALAR_WRAPPERS_AS(ki, leaves_inner, N)
KC_SCALAR_WRAPPERS_AS(kn, nested, 5)
int main(void)
{
	/* every exit taken, away from its threshold: the continue from
	 * step 5 on (u[0] 0.604 > 0.6), the break and the goto at i = 5
	 * (s 1.96 > 1.5) and 4 (1.59) */
	double v[N] = { 0.3, 0.45, 0.2, 0.5, 0.35, 0.6, 0.4, 0.25 };
	double w[N];
	for (int i = 0; i < N; i++)
		w[i] = 1.5 * v[i];
	v[0] = 0.55;
	kc_check_scalar("continue", ks, ks_d, ks_b, ks_b_d, NULL, v, NULL, N,
			2);
	kc_check_scalar("break", kb, kb_d, kb_b, kb_b_d, NULL, w, NULL, N, 2);
	kc_check_scalar("goto", kg, kg_d, kg_b, kg_b_d, NULL, w, NULL, N, 2);
	v[0] = 0.3;
	kc_check_scalar("goto from an inner loop", ki, ki_d, ki_b, ki_b_d,
			NULL, v, NULL, N, 2);
	kc_check_scalar("nested regions", kn, kn_d, kn_b, kn_b_d, NULL, v,
			NULL, N, 2);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: 0 failed
