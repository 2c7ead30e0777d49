/* examples/kernels/ba.c, bundle adjustment: ba_objective's f_d, f_b and
 * f_b_d, and ba_residuals' f_d and f_b (out(reproj_err, w_err)), in all
 * cameras, points and weights (2 cameras, 3 points, 5 observations: 36
 * inputs), against Richardson differences, by the dot-product test, and
 * H v against differences of f_b gradients and for symmetry.  Then again
 * with camera 0 unrotated, in Rodrigues' small-angle branch (its rotation
 * kept at 0 by the directions, so that the differences stay there too).
 * The same numbers, bit for bit, with --no-tbr and --no-activity.
 */
// RUN: rm -rf %t && mkdir %t
// RUN: %ckc %srcroot/examples/kernels/ba.c -o %t/ba_grad.c
// RUN: FileCheck %s --check-prefix=GEN < %t/ba_grad.h
// RUN: %ckc-run %t/ba_grad.c %s %t/ba -I%srcroot/examples/kernels %srcroot/examples/kernels/ba.c > %t/out
// RUN: FileCheck %s < %t/out
// RUN: %ckc --no-tbr %srcroot/examples/kernels/ba.c -o %t/notbr_grad.c
// RUN: %ckc-run --one %t/notbr_grad.c %s %t/notbr -I%srcroot/examples/kernels %srcroot/examples/kernels/ba.c > %t/notbr.out
// RUN: cmp %t/out %t/notbr.out
// RUN: %ckc --no-activity %srcroot/examples/kernels/ba.c -o %t/noact_grad.c
// RUN: %ckc-run --one %t/noact_grad.c %s %t/noact -I%srcroot/examples/kernels %srcroot/examples/kernels/ba.c -Wno-unused-but-set-variable -Wno-unused-variable > %t/noact.out
// RUN: cmp %t/out %t/noact.out
// GEN: void ba_residuals_d(int p, const double *cams, const double *cams_d, const double *X, const double *X_d, const double *w, const double *w_d, const int *obs, const double *feats, double *reproj_err, double *reproj_err_d, double *w_err, double *w_err_d);
// GEN: void ba_residuals_b(int p, const double *cams, double *cams_b, const double *X, double *X_b, const double *w, double *w_b, const int *obs, const double *feats, double *reproj_err, double *reproj_err_b, double *w_err, double *w_err_b);
// GEN: double ba_objective_b_d(int p, const double *cams, const double *cams_d, double *cams_b, double *cams_bd, const double *X, const double *X_d, double *X_b, double *X_bd, const double *w, const double *w_d, double *w_b, double *w_bd, const int *obs, const double *feats, double ret_b, double ret_bd);
// CHECK-NOT: FAIL
// CHECK: {{[1-9][0-9]*}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include "ba.h"
#include "kernelcheck.h"

#define NC 2
#define NPT 3
#define P 5
#define NV (NC * BA_NCAM + 3 * NPT + P)
#define CAMS(v) (v)
#define PTS(v) ((v) + NC * BA_NCAM)
#define WS(v) ((v) + NC * BA_NCAM + 3 * NPT)

static const int obs[2 * P] = { 0, 0, 0, 1, 1, 1, 1, 2, 0, 2 };
static double feats[2 * P];

static double f(const double *v, void *ctx)
{
	(void)ctx;
	return ba_objective(P, CAMS(v), PTS(v), WS(v), obs, feats);
}

static double f_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return ba_objective_d(P, CAMS(v), CAMS(vd), PTS(v), PTS(vd), WS(v),
			      WS(vd), obs, feats, dot);
}

static double f_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return ba_objective_b(P, CAMS(v), CAMS(vb), PTS(v), PTS(vb), WS(v),
			      WS(vb), obs, feats, rb);
}

static double f_b_d(const double *v, const double *vd, double *vb,
		    double *vbd, double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	(void)n;
	return ba_objective_b_d(P, CAMS(v), CAMS(vd), CAMS(vb), CAMS(vbd),
				PTS(v), PTS(vd), PTS(vb), PTS(vbd), WS(v),
				WS(vd), WS(vb), WS(vbd), obs, feats, rb, rbd);
}

/* the 3P residuals, reprojection first */
static void r(const double *v, double *y, void *ctx)
{
	(void)ctx;
	ba_residuals(P, CAMS(v), PTS(v), WS(v), obs, feats, y, y + 2 * P);
}

static void r_d(const double *v, const double *vd, double *y, double *yd,
		void *ctx)
{
	(void)ctx;
	ba_residuals_d(P, CAMS(v), CAMS(vd), PTS(v), PTS(vd), WS(v), WS(vd),
		       obs, feats, y, yd, y + 2 * P, yd + 2 * P);
}

static void r_b(const double *v, double *vb, double *y, double *yb,
		void *ctx)
{
	(void)ctx;
	ba_residuals_b(P, CAMS(v), CAMS(vb), PTS(v), PTS(vb), WS(v), WS(vb),
		       obs, feats, y, yb, y + 2 * P, yb + 2 * P);
}

/* cameras about 5 units in front of the points, a little rotated (the
 * rotation of camera 0 times rot0), points near the origin, observations
 * near their projections */
static void setup(double *v, double rot0)
{
	double y[3 * P];
	int c, i;

	for (c = 0; c < NC; c++) {
		double *cam = CAMS(v) + c * BA_NCAM;
		for (i = 0; i < 3; i++)
			cam[BA_ROT + i] = 0.3 * ck_rand() * (c == 0 ? rot0 : 1);
		cam[BA_CENTER + 0] = 0.5 * ck_rand();
		cam[BA_CENTER + 1] = 0.5 * ck_rand();
		cam[BA_CENTER + 2] = -5.0 + 0.5 * ck_rand();
		cam[BA_FOCAL] = 1.5 + 0.2 * ck_rand();
		cam[BA_X0 + 0] = 0.1 * ck_rand();
		cam[BA_X0 + 1] = 0.1 * ck_rand();
		cam[BA_KAPPA + 0] = 0.1 * ck_rand();
		cam[BA_KAPPA + 1] = 0.02 * ck_rand();
	}
	for (i = 0; i < 3 * NPT; i++)
		PTS(v)[i] = ck_rand();
	for (i = 0; i < P; i++)
		WS(v)[i] = 0.8 + 0.2 * ck_rand();
	for (i = 0; i < 2 * P; i++)
		feats[i] = 0;
	r(v, y, NULL);
	for (i = 0; i < 2 * P; i++)
		feats[i] = y[i] / WS(v)[i / 2] + 0.05 * ck_rand();
}

int main(void)
{
	double v[NV], mask[NV];
	int i;

	setup(v, 1.0);
	kc_check_scalar("ba_objective", f, f_d, f_b, f_b_d, NULL, v, NULL,
			NV, 4);
	kc_check_vector("ba_residuals", r, r_d, r_b, NULL, v, NULL, NV, 3 * P,
			4);

	/* camera 0 in the small-angle branch */
	setup(v, 0.0);
	for (i = 0; i < NV; i++)
		mask[i] = i < BA_ROT + 3 ? 0.0 : 1.0;
	kc_check_scalar("ba_objective, small angle", f, f_d, f_b, f_b_d, NULL,
			v, mask, NV, 4);
	kc_check_vector("ba_residuals, small angle", r, r_d, r_b, NULL, v,
			mask, NV, 3 * P, 4);
	return ck_done();
}
#endif
