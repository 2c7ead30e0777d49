// Forward gotos to a label of a block around them become structured code:
// the goto sets a flag, leaves the loops in between with break, and the
// statements up to the label run only while the flag is clear.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nock.c
// RUN: %ckc-run --one %t.nock.c %s %t.nock > %t.nock.out
// RUN: cmp %t.out %t.nock.out
#include <math.h>

#define N 8

/* goto as continue: the label ends the loop's body */
#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
#pragma ck_hvp wrt(v)
double skip(const double *v)
{
	double s = 0;
	int i;
	for (i = 0; i < N; i++) {
		if (v[i] < 0)
			goto next;
		s += sin(v[i]) * v[i];
		if (s > 3)
			goto next;
		s += 0.5 * v[i] * v[i];
	next:;
	}
	return s;
}
// CHECK-LABEL: double skip_d(
// CHECK: int ck_goto = 0;
// CHECK: if (v[i] < 0) {
// CHECK-NEXT: ck_goto = 1;
// CHECK: if (!ck_goto) {

/* out of two loops, past a declaration that the code after the label
 * reads */
#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
#pragma ck_hvp wrt(v)
double search(const double *v)
{
	double r = 1;
	int i, j;
	for (i = 0; i < N; i++)
		for (j = 0; j < i; j++) {
			r = r * (1 + 0.1 * v[i] * v[j]);
			if (r > 1.2)
				goto found;
		}
	r = -r;
	const double t = r * v[0];
	double q = 0.5;
	r += q * t * t;
found:
	return r * v[1];
}
// CHECK-LABEL: double search_d(
// CHECK: ck_goto = 1;
// CHECK-NEXT: break;
// CHECK: if (ck_goto) {
// CHECK-NEXT: break;

/* two labels, with gotos to each before both */
#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
#pragma ck_hvp wrt(v)
double two(const double *v)
{
	double s = v[3];
	if (v[0] > 0.5)
		goto a;
	if (v[1] > 0.5)
		goto b;
	s = s * v[4];
a:
	s += v[5] * v[5];
	if (v[2] > 0.5)
		goto b;
	s = s * s;
b:
	return s * v[6];
}

/* a helper whose loop leaves by goto */
static void relax(double *u, const double *v)
{
	int i;
	for (i = 0; i < N; i++) {
		u[i] = u[i] + 0.3 * sin(v[i] * u[i]);
		if (u[i] > 2.5)
			goto out;
	}
	u[0] = u[0] * 2;
out:
	u[1] = u[1] + v[1];
}

/* a region whose loop leaves by goto */
#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
#pragma ck_hvp wrt(v)
double region(const double *v)
{
	double u[N], s = 0;
	int i, k;
	for (i = 0; i < N; i++)
		u[i] = v[i];
#pragma ck_checkpoint
	for (k = 0; k < 4; k++) {
		relax(u, v);
		if (u[2] > 1.8)
			goto done;
		u[3] = u[3] * u[2];
	}
	s = u[4];
done:
	for (i = 0; i < N; i++)
		s += u[i] * u[i];
	return s;
}
// CHECK-LABEL: static void region_bwd(

/* an online(K) loop, of a length known when it ends, left by goto */
#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
#pragma ck_hvp wrt(v)
double online(const double *v)
{
	double u[N];
	int i, t;
	for (i = 0; i < N; i++)
		u[i] = v[i];
#pragma ck_checkpoint online(2)
	for (t = 0; t < 20; t++) {
		for (i = 0; i < N; i++)
			u[i] = u[i] + 0.1 * sin(u[(i + 1) % N]);
		if (u[0] > 1.5)
			goto out;
	}
	u[1] = u[1] * 2;
out:
	return u[0] * u[1] + u[2] * u[3];
}
// CHECK-LABEL: static double online_fwd(
// CHECK: ck_rv = ck_revolve_online(2);

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN_AS(k_skip, skip)
KC_SCALAR_WRAPPERS_PLAIN_AS(k_search, search)
KC_SCALAR_WRAPPERS_PLAIN_AS(k_two, two)
KC_SCALAR_WRAPPERS_PLAIN_AS(k_region, region)
KC_SCALAR_WRAPPERS_PLAIN_AS(k_online, online)

#define CHECK(K, v) \
	kc_check_scalar(#K, K, K##_d, K##_b, K##_b_d, NULL, v, NULL, N, 3)

int main(void)
{
	/* points away from the branches' switching points */
	static const double a[N] = {0.3, -0.4, 0.9, 1.1, -0.2, 0.7, 0.5, 1.3};
	static const double b[N] = {1.2, 0.8, 1.5, 0.4, 0.9, 1.4, 0.6, 1.1};
	static const double c[N] = {0.1, 0.2, 0.1, 0.3, 0.2, 0.1, 0.3, 0.2};
	static const double d[N] = {0.2, 0.9, 0.1, 0.3, 0.2, 0.1, 0.3, 0.2};
	static const double e[N] = {0.2, 0.1, 0.9, 0.3, 0.2, 0.1, 0.3, 0.2};
	CHECK(k_skip, a);
	CHECK(k_skip, b);
	CHECK(k_search, a);
	CHECK(k_search, c);
	CHECK(k_two, b);
	CHECK(k_two, c);
	CHECK(k_two, d);
	CHECK(k_two, e);
	CHECK(k_region, a);
	CHECK(k_region, b);
	CHECK(k_region, c);
	CHECK(k_region, e);
	CHECK(k_online, b);
	CHECK(k_online, c);
	return ck_done();
}
#endif
