/* examples/kernels/hand.c, linear-blend skinning of a hand model (bones as
 * structs with Matrix members, transforms composed down the hierarchy,
 * Matrix wrappers around local buffers): hand_objective's f_d, f_b and
 * f_b_d in the pose (4 bones: 18 inputs), against Richardson differences,
 * by the dot-product test, and H v against differences of f_b gradients
 * and for symmetry; then with no global rotation (the small-angle branch,
 * kept there by the directions).  First the primal at the rest pose: the
 * skinned vertices are the rest vertices.
 */
// The vertex loop's reverse runs with the bone loop outside
// (compiler/interchange.c): f_b and f_b_d give bitwise the same gradients
// and H d as --no-interchange's, with 150 vertices (blocks of 64, 64 and
// 22).

// RUN: rm -rf %t && mkdir %t
// RUN: %ckc %srcroot/examples/kernels/hand.c -o %t/hand_grad.c
// RUN: FileCheck %s --check-prefix=GEN < %t/hand_grad.h
// RUN: %ckc-run %t/hand_grad.c %s %t/hand -I%srcroot/examples/kernels %srcroot/examples/kernels/hand.c > %t/out
// RUN: FileCheck %s < %t/out
// GEN: double hand_objective_d(int nbones, const Bone *bones, const double *pose, const double *pose_d, Matrix rest, Matrix weights, const double *targets, double *ret_d);
// GEN: double hand_objective_b(int nbones, const Bone *bones, const double *pose, double *pose_b, Matrix rest, Matrix weights, const double *targets, double ret_b);
// GEN: double hand_objective_b_d(int nbones, const Bone *bones, const double *pose, const double *pose_d, double *pose_b, double *pose_bd, Matrix rest, Matrix weights, const double *targets, double ret_b, double ret_bd);
// RUN: FileCheck %s --check-prefix=XC < %t/hand_grad.c
// RUN: %ckc --no-interchange %srcroot/examples/kernels/hand.c -o %t/hand_ni.c
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -DNVERT=150 -I%srcroot/examples/kernels -include %t/hand_grad.h %s %srcroot/examples/kernels/hand.c %t/hand_grad.c -o %t/bits %ckrt -lm
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -DNVERT=150 -I%srcroot/examples/kernels -include %t/hand_ni.h %s %srcroot/examples/kernels/hand.c %t/hand_ni.c -o %t/bits_ni %ckrt -lm
// RUN: %t/bits > %t/bits.out
// RUN: %t/bits_ni > %t/bits_ni.out
// RUN: cmp %t/bits.out %t/bits_ni.out
// CHECK-NOT: FAIL
// CHECK: {{[1-9][0-9]*}} checks, 0 failed
// XC: ck_sv[ck_k * 3 + 2] = p_b[2];
// XC: ck_acc[{{.*}}] += ck_a{{[0-9]*}} * (&rest.data[v * rest.nrows])[3];
// XC: ck_sv_d[ck_k * 3 + 2] = p_bd[2];

#ifdef CK_TEST_MAIN
#include "hand.h"
#include "kernelcheck.h"

#define NB 4
#ifndef NVERT
#define NVERT 8
#endif
#define NV HAND_POSE_SIZE(NB)

static const int parents[NB] = { -1, 0, 1, 0 };
static double rel_data[NB][16], inv_data[NB][16];
static double rest_data[4 * NVERT], weight_data[NB * NVERT];
static double targets[3 * NVERT];
static Bone bones[NB];
static Matrix rest = { 4, NVERT, rest_data };
static Matrix weights = { NB, NVERT, weight_data };

static double f(const double *v, void *ctx)
{
	(void)ctx;
	return hand_objective(NB, bones, v, rest, weights, targets);
}

static double f_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return hand_objective_d(NB, bones, v, vd, rest, weights, targets, dot);
}

static double f_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return hand_objective_b(NB, bones, v, vb, rest, weights, targets, rb);
}

static double f_b_d(const double *v, const double *vd, double *vb,
		    double *vbd, double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	(void)n;
	return hand_objective_b_d(NB, bones, v, vd, vb, vbd, rest, weights,
				  targets, rb, rbd);
}

/* c = a b, 4 x 4 column-major */
static void mul4(const double *a, const double *b, double *c)
{
	for (int j = 0; j < 4; j++)
		for (int i = 0; i < 4; i++) {
			double s = 0;
			for (int k = 0; k < 4; k++)
				s += a[k * 4 + i] * b[j * 4 + k];
			c[j * 4 + i] = s;
		}
}

/* m = the rotation about axis ax (0, 1, 2) by angle t, 4 x 4 */
static void axis_rotation(int ax, double t, double *m)
{
	int a = (ax + 1) % 3, b = (ax + 2) % 3;
	for (int i = 0; i < 16; i++)
		m[i] = i % 5 == 0;
	m[a * 4 + a] = cos(t);
	m[a * 4 + b] = sin(t);
	m[b * 4 + a] = -sin(t);
	m[b * 4 + b] = cos(t);
}

/* a skeleton: rest transforms rotated a little and offset along y, their
 * absolute transforms' inverses; vertices near the bones, each weighted
 * on two bones */
static void setup(void)
{
	double abs_data[NB][16];
	for (int b = 0; b < NB; b++) {
		double rx[16], ry[16], t[16];
		axis_rotation(0, 0.3 * ck_rand(), rx);
		axis_rotation(1, 0.3 * ck_rand(), ry);
		mul4(rx, ry, rel_data[b]);
		rel_data[b][12] = 0.2 * ck_rand();
		rel_data[b][13] = 1.0 + 0.2 * ck_rand();
		rel_data[b][14] = 0.2 * ck_rand();
		if (parents[b] < 0)
			memcpy(abs_data[b], rel_data[b], sizeof t);
		else
			mul4(abs_data[parents[b]], rel_data[b], abs_data[b]);
		/* the inverse of [R t; 0 1] is [R^T -R^T t; 0 1] */
		for (int i = 0; i < 3; i++) {
			for (int j = 0; j < 3; j++)
				inv_data[b][j * 4 + i] = abs_data[b][i * 4 + j];
			inv_data[b][12 + i] = 0;
			for (int j = 0; j < 3; j++)
				inv_data[b][12 + i] -=
					abs_data[b][i * 4 + j] * abs_data[b][12 + j];
			inv_data[b][i * 4 + 3] = 0;
		}
		inv_data[b][15] = 1;
		bones[b].parent = parents[b];
		bones[b].base_relative.nrows = bones[b].base_relative.ncols = 4;
		bones[b].base_relative.data = rel_data[b];
		bones[b].inverse_base_absolute.nrows = 4;
		bones[b].inverse_base_absolute.ncols = 4;
		bones[b].inverse_base_absolute.data = inv_data[b];
	}
	for (int v = 0; v < NVERT; v++) {
		int b1 = v % NB, b2 = (v + 1) % NB;
		double w = 0.5 + 0.4 * ck_rand();
		for (int i = 0; i < 3; i++)
			rest_data[4 * v + i] = ck_rand();
		rest_data[4 * v + 1] += v % NB;
		rest_data[4 * v + 3] = 1.0;
		for (int b = 0; b < NB; b++)
			weight_data[v * NB + b] = 0;
		weight_data[v * NB + b1] = w;
		weight_data[v * NB + b2] = 1 - w;
		for (int i = 0; i < 3; i++)
			targets[3 * v + i] = rest_data[4 * v + i] + 0.3 * ck_rand();
	}
}

#ifdef PRINT_BITS
#include <stdio.h>

int main(void)
{
	double v[NV], d[NV], g[NV], gb[NV], hb[NV];

	setup();
	for (int i = 0; i < NV; i++) {
		v[i] = 0.4 * ck_rand();
		d[i] = ck_rand() - 0.5;
		g[i] = gb[i] = hb[i] = 0.0;
	}
	double dot;
	printf("%a\n", f(v, NULL));
	printf("%a\n", f_d(v, d, &dot, NULL));
	printf("%a\n", dot);
	printf("%a\n", f_b(v, g, 1.0, NULL));
	printf("%a\n", f_b_d(v, d, gb, hb, 1.0, 0.5, NV, NULL));
	for (int i = 0; i < NV; i++)
		printf("%a %a %a\n", g[i], gb[i], hb[i]);
	return 0;
}
#else
int main(void)
{
	double v[NV] = { 0 }, mask[NV], want = 0;

	setup();
	/* the rest pose: every A_b Binv_b is I, G is I */
	for (int k = 0; k < NVERT; k++)
		for (int i = 0; i < 3; i++) {
			double q = rest_data[4 * k + i] - targets[3 * k + i];
			want += q * q;
		}
	ck_close("hand_objective at the rest pose", f(v, NULL), want, 1e-12);

	for (int i = 0; i < NV; i++)
		v[i] = 0.4 * ck_rand();
	kc_check_scalar("hand_objective", f, f_d, f_b, f_b_d, NULL, v, NULL, NV,
			4);

	/* no global rotation: the small-angle branch */
	for (int i = 0; i < NV; i++) {
		mask[i] = i < HAND_GLOBAL_ROT + 3 ? 0.0 : 1.0;
		v[i] *= mask[i];
	}
	kc_check_scalar("hand_objective, small angle", f, f_d, f_b, f_b_d, NULL,
			v, mask, NV, 4);
	return ck_done();
}
#endif
#endif
