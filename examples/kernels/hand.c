/*
 * hand.c - hand tracking with a skinned model: how far the vertices of a
 * posed hand are from the points they should match.
 *
 * Each bone b turns its rest transform (relative to its parent) by the
 * rotation of its pose angles, and the absolute transforms compose down
 * the hierarchy, A_b = A_parent(b) B_b R(theta_b).  A vertex moves with
 * every bone by A_b times the inverse of the bone's rest absolute
 * transform, weighted by the vertex's bone weights (linear blend
 * skinning); the whole hand is then rotated by a global angle-axis
 * rotation and translated:
 *
 *     p_v = G sum_b w_bv A_b Binv_b x_v + t
 *
 * The objective is sum_v |p_v - target_v|^2.  Layouts in hand.h.
 */
#include <math.h>

#include "hand.h"

/* out = a b (out aliases neither) */
static void mat_mul(const Matrix *a, const Matrix *b, Matrix *out)
{
	int i, j, k;

	for (j = 0; j < b->ncols; j++)
		for (i = 0; i < a->nrows; i++) {
			double s = 0.0;
			for (k = 0; k < a->ncols; k++)
				s += a->data[k * a->nrows + i] *
				     b->data[j * b->nrows + k];
			out->data[j * out->nrows + i] = s;
		}
}

/* m (4 x 4) = the homogeneous rotation Rz(e[2]) Ry(e[1]) Rx(e[0]) */
static void euler_to_transform(const double *e, Matrix *m)
{
	double cx = cos(e[0]), sx = sin(e[0]);
	double cy = cos(e[1]), sy = sin(e[1]);
	double cz = cos(e[2]), sz = sin(e[2]);
	double *r = m->data;

	r[0] = cz * cy;
	r[1] = sz * cy;
	r[2] = -sy;
	r[3] = 0.0;
	r[4] = cz * sy * sx - sz * cx;
	r[5] = sz * sy * sx + cz * cx;
	r[6] = cy * sx;
	r[7] = 0.0;
	r[8] = cz * sy * cx + sz * sx;
	r[9] = sz * sy * cx - cz * sx;
	r[10] = cy * cx;
	r[11] = 0.0;
	r[12] = r[13] = r[14] = 0.0;
	r[15] = 1.0;
}

/* g (3 x 3, column-major) = the rotation by angle-axis vector r:
 * I + sin(t) K + (1 - cos(t)) K^2 with K the cross-product matrix of r / t,
 * t = |r|; I + [r]x for a tiny angle. */
static void angle_axis_to_rotation(const double *r, double *g)
{
	double t2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
	double k[3], s, c1;
	int i;

	if (t2 < 1e-16) {
		g[0] = 1.0;
		g[1] = r[2];
		g[2] = -r[1];
		g[3] = -r[2];
		g[4] = 1.0;
		g[5] = r[0];
		g[6] = r[1];
		g[7] = -r[0];
		g[8] = 1.0;
		return;
	}
	{
		double t = sqrt(t2);
		for (i = 0; i < 3; i++)
			k[i] = r[i] / t;
		s = sin(t);
		c1 = 1.0 - cos(t);
	}
	/* K^2 = k k^T - I */
	g[0] = 1.0 + c1 * (k[0] * k[0] - 1.0);
	g[1] = s * k[2] + c1 * k[1] * k[0];
	g[2] = -s * k[1] + c1 * k[2] * k[0];
	g[3] = -s * k[2] + c1 * k[0] * k[1];
	g[4] = 1.0 + c1 * (k[1] * k[1] - 1.0);
	g[5] = s * k[0] + c1 * k[2] * k[1];
	g[6] = s * k[1] + c1 * k[0] * k[2];
	g[7] = -s * k[0] + c1 * k[1] * k[2];
	g[8] = 1.0 + c1 * (k[2] * k[2] - 1.0);
}

#pragma ck_tangent wrt(pose)
#pragma ck_adjoint wrt(pose)
#pragma ck_hvp wrt(pose)
double hand_objective(int nbones, const Bone *bones, const double *pose,
		      Matrix rest, Matrix weights, const double *targets)
{
	double rot_data[16], local_data[16], G[9];
	double absolute_data[HAND_MAXBONES * 16];
	double transform_data[HAND_MAXBONES * 16];
	Matrix rot = { 4, 4, rot_data };
	Matrix local = { 4, 4, local_data };
	double err = 0.0;
	int b, v, i;

	/* the bones' transforms, parents before children */
	for (b = 0; b < nbones; b++) {
		Matrix absolute = { 4, 4, &absolute_data[16 * b] };
		Matrix transform = { 4, 4, &transform_data[16 * b] };
		euler_to_transform(&pose[HAND_BONE_ANGLES + 3 * b], &rot);
		mat_mul(&bones[b].base_relative, &rot, &local);
		if (bones[b].parent < 0) {
			for (i = 0; i < 16; i++)
				absolute.data[i] = local.data[i];
		} else {
			Matrix parent = {
				4, 4, &absolute_data[16 * bones[b].parent]
			};
			mat_mul(&parent, &local, &absolute);
		}
		mat_mul(&absolute, &bones[b].inverse_base_absolute, &transform);
	}

	/* the skinned vertices, moved as a whole, against the targets */
	angle_axis_to_rotation(&pose[HAND_GLOBAL_ROT], G);
	for (v = 0; v < rest.ncols; v++) {
		const double *x = &rest.data[v * rest.nrows];
		double p[3] = { 0.0, 0.0, 0.0 };
		for (b = 0; b < nbones; b++) {
			double w = weights.data[v * weights.nrows + b];
			const double *T = &transform_data[16 * b];
			for (i = 0; i < 3; i++)
				p[i] += w * (T[i] * x[0] + T[4 + i] * x[1] +
					     T[8 + i] * x[2] + T[12 + i] * x[3]);
		}
		for (i = 0; i < 3; i++) {
			double q = G[i] * p[0] + G[3 + i] * p[1] +
				   G[6 + i] * p[2] + pose[HAND_GLOBAL_T + i] -
				   targets[3 * v + i];
			err += q * q;
		}
	}
	return err;
}
