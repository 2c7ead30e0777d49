/*
 * ba.h - the layout of a camera in ba.c's bundle adjustment, and its entry
 * points.
 */
#ifndef CKC_KERNELS_BA_H
#define CKC_KERNELS_BA_H

#define BA_NCAM 11   /* numbers per camera */
#define BA_ROT 0     /* angle-axis rotation, 3 */
#define BA_CENTER 3  /* camera centre, 3 */
#define BA_FOCAL 6   /* focal length, 1 */
#define BA_X0 7      /* principal point, 2 */
#define BA_KAPPA 9   /* radial distortion, 2 */

/* p observations: obs[2i] the camera, obs[2i + 1] the point of
 * observation i, feats[2i..2i+1] where it was seen, w[i] its weight.
 * reproj_err gets 2p residuals, w_err p. */
void ba_residuals(int p, const double *cams, const double *X, const double *w,
		  const int *obs, const double *feats, double *reproj_err,
		  double *w_err);
/* The sum of squares of those 3p residuals. */
double ba_objective(int p, const double *cams, const double *X,
		    const double *w, const int *obs, const double *feats);

#endif
