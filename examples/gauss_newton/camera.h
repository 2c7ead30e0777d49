/* camera.h - the layout of camera.c's parameter vector, and its function. */
#ifndef CAMERA_H
#define CAMERA_H

#define CAM_ROT 0 /* p[0..2]: rotation, angle-axis */
#define CAM_T 3   /* p[3..5]: translation */
#define CAM_F 6   /* p[6]: focal length */
#define CAM_C 7   /* p[7..8]: principal point */
#define CAM_K 9   /* p[9]: radial distortion */
#define CAM_NP 10 /* parameters */

/* The 2 npts residuals of npts points X (3 each) observed at obs (2 each). */
void camera_residuals(const double *p, const double *X, const double *obs,
		      double *r, int npts);

#endif
