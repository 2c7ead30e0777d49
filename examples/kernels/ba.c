/*
 * ba.c - bundle adjustment: the reprojection residuals of observed image
 * points, the kernel of a structure-from-motion solver.
 *
 * A camera is 11 numbers, cam[0..2] a rotation as an angle-axis vector r
 * (angle |r| about the axis r / |r|), cam[3..5] the camera centre C,
 * cam[6] the focal length f, cam[7..8] the principal point x0, cam[9..10]
 * two radial distortion coefficients k1, k2.  A 3-D point X projects to
 *
 *     Xc = R(r) (X - C)                      (Rodrigues' formula)
 *     p  = (Xc[0] / Xc[2], Xc[1] / Xc[2])
 *     p  = p (1 + k1 |p|^2 + k2 |p|^4)      (radial distortion)
 *     x  = f p + x0
 *
 * Observation i sees point obs[2i + 1] from camera obs[2i] at feats[2i..],
 * with a weight w[i] in [0, 1]: its residual is w[i] (x - feats[2i..]), and
 * the weight has the residual 1 - w[i]^2 (weights near 0 switch outliers
 * off, at a price).
 *
 * ba_residuals writes the 2p reprojection residuals and the p weight
 * residuals, as a least-squares solver wants them (its Jacobian from the
 * tangent, J^T r from the adjoint); ba_objective is their sum of squares,
 * for its gradient and Hessian-vector products.
 */
#include <math.h>

#include "ba.h"

/* out = R(r) X by Rodrigues' formula, for the angle-axis vector r:
 *   R X = X cos t + (w x X) sin t + w (w . X) (1 - cos t),  w = r / t,
 * t = |r|.  For a tiny angle, where r / t is ill-conditioned, its first
 * order R X = X + r x X instead. */
static void rodrigues_rotate(const double *r, const double *X, double *out)
{
	double t2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];

	if (t2 > 1e-16) {
		double t = sqrt(t2);
		double c = cos(t), s = sin(t);
		double w[3], wX;
		int i;

		for (i = 0; i < 3; i++)
			w[i] = r[i] / t;
		wX = (w[0] * X[0] + w[1] * X[1] + w[2] * X[2]) * (1.0 - c);
		out[0] = X[0] * c + (w[1] * X[2] - w[2] * X[1]) * s + w[0] * wX;
		out[1] = X[1] * c + (w[2] * X[0] - w[0] * X[2]) * s + w[1] * wX;
		out[2] = X[2] * c + (w[0] * X[1] - w[1] * X[0]) * s + w[2] * wX;
	} else {
		out[0] = X[0] + r[1] * X[2] - r[2] * X[1];
		out[1] = X[1] + r[2] * X[0] - r[0] * X[2];
		out[2] = X[2] + r[0] * X[1] - r[1] * X[0];
	}
}

/* p *= 1 + k[0] |p|^2 + k[1] |p|^4 */
static void radial_distort(const double *k, double *p)
{
	double r2 = p[0] * p[0] + p[1] * p[1];
	double l = 1.0 + k[0] * r2 + k[1] * r2 * r2;

	p[0] *= l;
	p[1] *= l;
}

/* The image of X in camera cam (layout above), into x[0..1]. */
static void project(const double *cam, const double *X, double *x)
{
	double Xo[3], Xc[3], p[2];
	int i;

	for (i = 0; i < 3; i++)
		Xo[i] = X[i] - cam[BA_CENTER + i];
	rodrigues_rotate(&cam[BA_ROT], Xo, Xc);
	p[0] = Xc[0] / Xc[2];
	p[1] = Xc[1] / Xc[2];
	radial_distort(&cam[BA_KAPPA], p);
	x[0] = cam[BA_FOCAL] * p[0] + cam[BA_X0];
	x[1] = cam[BA_FOCAL] * p[1] + cam[BA_X0 + 1];
}

/* err[0..1] = w (projection of X - feat) */
static void reprojection_error(const double *cam, const double *X, double w,
			       const double *feat, double *err)
{
	double x[2];

	project(cam, X, x);
	err[0] = w * (x[0] - feat[0]);
	err[1] = w * (x[1] - feat[1]);
}

static double weight_error(double w)
{
	return 1.0 - w * w;
}

#pragma ck_tangent wrt(cams, X, w) out(reproj_err, w_err)
#pragma ck_adjoint wrt(cams, X, w) out(reproj_err, w_err)
void ba_residuals(int p, const double *cams, const double *X, const double *w,
		  const int *obs, const double *feats, double *reproj_err,
		  double *w_err)
{
	int i;

	for (i = 0; i < p; i++) {
		int camIdx = obs[2 * i];
		int ptIdx = obs[2 * i + 1];
		reprojection_error(&cams[camIdx * BA_NCAM], &X[3 * ptIdx], w[i],
				   &feats[2 * i], &reproj_err[2 * i]);
	}
	for (i = 0; i < p; i++)
		w_err[i] = weight_error(w[i]);
}

#pragma ck_tangent wrt(cams, X, w)
#pragma ck_adjoint wrt(cams, X, w)
#pragma ck_hvp wrt(cams, X, w)
double ba_objective(int p, const double *cams, const double *X,
		    const double *w, const int *obs, const double *feats)
{
	double f = 0.0;
	int i;

	for (i = 0; i < p; i++) {
		double err[2], we;
		int camIdx = obs[2 * i];
		int ptIdx = obs[2 * i + 1];
		reprojection_error(&cams[camIdx * BA_NCAM], &X[3 * ptIdx], w[i],
				   &feats[2 * i], err);
		we = weight_error(w[i]);
		f += err[0] * err[0] + err[1] * err[1] + we * we;
	}
	return f;
}
