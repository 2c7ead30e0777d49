/*
 * camera.c - the reprojection residuals of a pinhole camera, the model of
 * the Gauss-Newton example: ckc's tangent (f_d, one direction) and its
 * vector mode (f_dv, ck_nd directions in one run) of one function.
 *
 * The camera is CAM_NP = 10 numbers, p[0..2] a rotation as an angle-axis
 * vector w (angle |w| about the axis w / |w|), p[3..5] a translation t,
 * p[6] the focal length f, p[7..8] the principal point c, p[9] a radial
 * distortion coefficient k.  A known 3-D point X projects to
 *
 *     Xc = R(w) X + t                        (Rodrigues' formula)
 *     q  = (Xc[0] / Xc[2], Xc[1] / Xc[2])
 *     x  = f (1 + k |q|^2) q + c
 *
 * and its residual is x minus where the point was observed: npts points
 * (X[3i..3i+2], observed at obs[2i..2i+1]) give 2 npts residuals r.
 */
#include <math.h>

#include "camera.h"

/* out = R(w) X by Rodrigues' formula, for the angle-axis vector w:
 *   R X = X cos a + (u x X) sin a + u (u . X) (1 - cos a),  u = w / a,
 * a = |w|.  For a tiny angle, where w / a is ill-conditioned, its first
 * order R X = X + w x X instead. */
static void rotate(const double *w, const double *X, double *out)
{
	double a2 = w[0] * w[0] + w[1] * w[1] + w[2] * w[2];

	if (a2 > 1e-16) {
		double a = sqrt(a2);
		double c = cos(a), s = sin(a);
		double u[3], uX;
		int i;

		for (i = 0; i < 3; i++)
			u[i] = w[i] / a;
		uX = (u[0] * X[0] + u[1] * X[1] + u[2] * X[2]) * (1.0 - c);
		out[0] =
			X[0] * c + (u[1] * X[2] - u[2] * X[1]) * s + u[0] * uX;
		out[1] =
			X[1] * c + (u[2] * X[0] - u[0] * X[2]) * s + u[1] * uX;
		out[2] =
			X[2] * c + (u[0] * X[1] - u[1] * X[0]) * s + u[2] * uX;
	} else {
		out[0] = X[0] + w[1] * X[2] - w[2] * X[1];
		out[1] = X[1] + w[2] * X[0] - w[0] * X[2];
		out[2] = X[2] + w[0] * X[1] - w[1] * X[0];
	}
}

#pragma ck_tangent wrt(p) out(r)
#pragma ck_tangent wrt(p) out(r) vector
void camera_residuals(const double *p, const double *X, const double *obs,
		      double *r, int npts)
{
	int i;

	for (i = 0; i < npts; i++) {
		double Xc[3], q0, q1, l;

		rotate(&p[CAM_ROT], &X[3 * i], Xc);
		Xc[0] += p[CAM_T];
		Xc[1] += p[CAM_T + 1];
		Xc[2] += p[CAM_T + 2];
		q0 = Xc[0] / Xc[2];
		q1 = Xc[1] / Xc[2];
		l = p[CAM_F] * (1.0 + p[CAM_K] * (q0 * q0 + q1 * q1));
		r[2 * i] = l * q0 + p[CAM_C] - obs[2 * i];
		r[2 * i + 1] = l * q1 + p[CAM_C + 1] - obs[2 * i + 1];
	}
}
