/*
 * kernels.c - the kernels of examples/kernels in ckc's benchmark: their
 * data, made deterministically, and each kernel seen as a function of the
 * flat vector v of its active inputs, through the kernel itself and ckc's
 * f_d, f_b, f_b_d and f_dv of it (f_dv's directions element-major, as the
 * f_dv's own shadows: dv[i * nd + k], so a part of v at offset o has its
 * directions at dv + o * nd).
 *
 * run.sh defines BENCH_KERNEL_<NAME> for each kernel whose derivatives ckc
 * generated, and BENCH_VECTOR_<NAME> when it generated f_dv as well;
 * bench.c lists only those.  There is no hand-written adjoint or ADOL-C
 * version of these
 * kernels: bench.c checks them against differences and each other.
 */
#include <string.h>

#include "bench.h"

#ifdef BENCH_KERNEL_BA
#include "ba.h"
#include "ba_grad.h"

/* v: the cameras, the points, the weights */
#define BA_CAMS(v) (v)
#define BA_PTS(v) ((v) + BA_NCAMS * BA_NCAM)
#define BA_WS(v) ((v) + BA_NCAMS * BA_NCAM + 3 * BA_NPTS)

static int ba_obs[2 * BA_NOBS];
static double ba_feats[2 * BA_NOBS];

/* cameras about 5 units in front of points near the origin, a little
 * rotated; each observation near its projection */
void ba_init(double *v)
{
	static double res[2 * BA_NOBS], werr[BA_NOBS];
	int c, i;

	for (c = 0; c < BA_NCAMS; c++) {
		double *cam = BA_CAMS(v) + c * BA_NCAM;
		for (i = 0; i < 3; i++)
			cam[BA_ROT + i] = 0.3 * bench_uniform();
		cam[BA_CENTER + 0] = 0.5 * bench_uniform();
		cam[BA_CENTER + 1] = 0.5 * bench_uniform();
		cam[BA_CENTER + 2] = -5.0 + 0.5 * bench_uniform();
		cam[BA_FOCAL] = 1.5 + 0.2 * bench_uniform();
		cam[BA_X0 + 0] = 0.1 * bench_uniform();
		cam[BA_X0 + 1] = 0.1 * bench_uniform();
		cam[BA_KAPPA + 0] = 0.1 * bench_uniform();
		cam[BA_KAPPA + 1] = 0.02 * bench_uniform();
	}
	for (i = 0; i < 3 * BA_NPTS; i++)
		BA_PTS(v)[i] = bench_uniform();
	for (i = 0; i < BA_NOBS; i++) {
		ba_obs[2 * i] = i % BA_NCAMS;
		ba_obs[2 * i + 1] = (i * 7) % BA_NPTS;
		BA_WS(v)[i] = 0.8 + 0.2 * bench_uniform();
	}
	memset(ba_feats, 0, sizeof ba_feats);
	ba_residuals(BA_NOBS, BA_CAMS(v), BA_PTS(v), BA_WS(v), ba_obs,
		     ba_feats, res, werr);
	for (i = 0; i < 2 * BA_NOBS; i++)
		ba_feats[i] = res[i] / BA_WS(v)[i / 2] + 0.05 * bench_uniform();
}

double ba_primal(const double *v)
{
	return ba_objective(BA_NOBS, BA_CAMS(v), BA_PTS(v), BA_WS(v), ba_obs,
			    ba_feats);
}

double ba_tangent(const double *v, const double *d, double *dot)
{
	return ba_objective_d(BA_NOBS, BA_CAMS(v), BA_CAMS(d), BA_PTS(v),
			      BA_PTS(d), BA_WS(v), BA_WS(d), ba_obs, ba_feats,
			      dot);
}

double ba_adjoint(const double *v, double *g)
{
	return ba_objective_b(BA_NOBS, BA_CAMS(v), BA_CAMS(g), BA_PTS(v),
			      BA_PTS(g), BA_WS(v), BA_WS(g), ba_obs, ba_feats,
			      1.0);
}

double ba_hvp(const double *v, const double *d, double *g, double *hv)
{
	return ba_objective_b_d(BA_NOBS, BA_CAMS(v), BA_CAMS(d), BA_CAMS(g),
				BA_CAMS(hv), BA_PTS(v), BA_PTS(d), BA_PTS(g),
				BA_PTS(hv), BA_WS(v), BA_WS(d), BA_WS(g),
				BA_WS(hv), ba_obs, ba_feats, 1.0, 0.0);
}

#ifdef BENCH_VECTOR_BA
double ba_vtangent(const double *v, const double *dv, int nd, double *ydv)
{
	return ba_objective_dv(BA_NOBS, BA_CAMS(v), dv, BA_PTS(v),
			       dv + (size_t)(BA_PTS(v) - v) * nd, BA_WS(v),
			       dv + (size_t)(BA_WS(v) - v) * nd, ba_obs,
			       ba_feats, nd, ydv);
}
#endif
#endif

#ifdef BENCH_KERNEL_LSTM
#include "lstm.h"
#include "lstm_grad.h"

/* v: W, bias, in_w, out_w, out_b, then the initial h and c */
#define LS_NW LSTM_W_SIZE(LSTM_LAYERS, LSTM_STATE)
#define LS_BIAS LS_NW
#define LS_IN (LS_BIAS + LSTM_BIAS_SIZE(LSTM_LAYERS, LSTM_STATE))
#define LS_OUTW (LS_IN + LSTM_STATE)
#define LS_OUTB (LS_OUTW + LSTM_STATE * LSTM_STATE)
#define LS_H (LS_OUTB + LSTM_STATE)
#define LS_C (LS_H + LSTM_LAYERS * LSTM_STATE)
#define LS_NS (LSTM_LAYERS * LSTM_STATE)

static double lstm_seq[LSTM_STEPS * LSTM_STATE];

void lstm_init(double *v)
{
	int i;

	for (i = 0; i < LS_H; i++)
		v[i] = 0.3 * bench_uniform();
	for (; i < LSTM_BENCH_N; i++)
		v[i] = 0.5 * bench_uniform();
	for (i = 0; i < LSTM_STEPS * LSTM_STATE; i++)
		lstm_seq[i] = 0.5 + 0.5 * bench_uniform();
}

/* lstm_loss updates h and c in place: every call starts from copies of
 * the states in v (and of their tangents in d) */
double lstm_primal(const double *v)
{
	double h[LS_NS], c[LS_NS];

	memcpy(h, v + LS_H, sizeof h);
	memcpy(c, v + LS_C, sizeof c);
	return lstm_loss(LSTM_LAYERS, LSTM_STATE, LSTM_STEPS, v, v + LS_BIAS,
			 v + LS_IN, v + LS_OUTW, v + LS_OUTB, h, c, lstm_seq);
}

double lstm_tangent(const double *v, const double *d, double *dot)
{
	double h[LS_NS], c[LS_NS], hd[LS_NS], cd[LS_NS];

	memcpy(h, v + LS_H, sizeof h);
	memcpy(c, v + LS_C, sizeof c);
	memcpy(hd, d + LS_H, sizeof hd);
	memcpy(cd, d + LS_C, sizeof cd);
	return lstm_loss_d(LSTM_LAYERS, LSTM_STATE, LSTM_STEPS, v, d,
			   v + LS_BIAS, d + LS_BIAS, v + LS_IN, d + LS_IN,
			   v + LS_OUTW, d + LS_OUTW, v + LS_OUTB, d + LS_OUTB, h,
			   hd, c, cd, lstm_seq, dot);
}

/* The states' adjoints start at 0 and are added to g's afterwards: ckc's
 * lstm_loss_b takes what h_b and c_b hold on entry as seeds of the final
 * states (testsuite/adjoint/wrt-written-pointer-accumulates.c). */
double lstm_adjoint(const double *v, double *g)
{
	double h[LS_NS], c[LS_NS], hb[LS_NS] = { 0 }, cb[LS_NS] = { 0 }, y;
	int i;

	memcpy(h, v + LS_H, sizeof h);
	memcpy(c, v + LS_C, sizeof c);
	y = lstm_loss_b(LSTM_LAYERS, LSTM_STATE, LSTM_STEPS, v, g, v + LS_BIAS,
			g + LS_BIAS, v + LS_IN, g + LS_IN, v + LS_OUTW,
			g + LS_OUTW, v + LS_OUTB, g + LS_OUTB, h, hb, c, cb,
			lstm_seq, 1.0);
	for (i = 0; i < LS_NS; i++) {
		g[LS_H + i] += hb[i];
		g[LS_C + i] += cb[i];
	}
	return y;
}

/* all of f_d's outputs: yd = the loss's, then the final h's and c's */
double lstm_tangent_all(const double *v, const double *d, double *yd)
{
	double h[LS_NS], c[LS_NS];
	double *hd = yd + 1, *cd = yd + 1 + LS_NS;

	memcpy(h, v + LS_H, sizeof h);
	memcpy(c, v + LS_C, sizeof c);
	memcpy(hd, d + LS_H, sizeof h);
	memcpy(cd, d + LS_C, sizeof c);
	return lstm_loss_d(LSTM_LAYERS, LSTM_STATE, LSTM_STEPS, v, d,
			   v + LS_BIAS, d + LS_BIAS, v + LS_IN, d + LS_IN,
			   v + LS_OUTW, d + LS_OUTW, v + LS_OUTB, d + LS_OUTB, h,
			   hd, c, cd, lstm_seq, yd);
}

/* f_b seeded with yb: the loss's seed yb[0], the final h's and c's the
 * rest (h_b and c_b hold them on entry) */
double lstm_adjoint_seeded(const double *v, const double *yb, double *g)
{
	double h[LS_NS], c[LS_NS], hb[LS_NS], cb[LS_NS], y;
	int i;

	memcpy(h, v + LS_H, sizeof h);
	memcpy(c, v + LS_C, sizeof c);
	memcpy(hb, yb + 1, sizeof hb);
	memcpy(cb, yb + 1 + LS_NS, sizeof cb);
	y = lstm_loss_b(LSTM_LAYERS, LSTM_STATE, LSTM_STEPS, v, g, v + LS_BIAS,
			g + LS_BIAS, v + LS_IN, g + LS_IN, v + LS_OUTW,
			g + LS_OUTW, v + LS_OUTB, g + LS_OUTB, h, hb, c, cb,
			lstm_seq, yb[0]);
	for (i = 0; i < LS_NS; i++) {
		g[LS_H + i] += hb[i];
		g[LS_C + i] += cb[i];
	}
	return y;
}

#ifdef BENCH_VECTOR_LSTM
/* ydv: the loss's nd values, then the final h's and c's */
double lstm_vtangent(const double *v, const double *dv, int nd, double *ydv)
{
	double h[LS_NS], c[LS_NS];
	double *hdv = ydv + nd, *cdv = ydv + (size_t)(1 + LS_NS) * nd;

	memcpy(h, v + LS_H, sizeof h);
	memcpy(c, v + LS_C, sizeof c);
	memcpy(hdv, dv + (size_t)LS_H * nd, LS_NS * nd * sizeof *hdv);
	memcpy(cdv, dv + (size_t)LS_C * nd, LS_NS * nd * sizeof *cdv);
	return lstm_loss_dv(LSTM_LAYERS, LSTM_STATE, LSTM_STEPS, v, dv,
			    v + LS_BIAS, dv + (size_t)LS_BIAS * nd, v + LS_IN,
			    dv + (size_t)LS_IN * nd, v + LS_OUTW,
			    dv + (size_t)LS_OUTW * nd, v + LS_OUTB,
			    dv + (size_t)LS_OUTB * nd, h, hdv, c, cdv,
			    lstm_seq, nd, ydv);
}
#endif

double lstm_hvp(const double *v, const double *d, double *g, double *hv)
{
	double h[LS_NS], c[LS_NS], hd[LS_NS], cd[LS_NS];
	double hb[LS_NS] = { 0 }, cb[LS_NS] = { 0 };
	double hbd[LS_NS] = { 0 }, cbd[LS_NS] = { 0 }, y;
	int i;

	memcpy(h, v + LS_H, sizeof h);
	memcpy(c, v + LS_C, sizeof c);
	memcpy(hd, d + LS_H, sizeof hd);
	memcpy(cd, d + LS_C, sizeof cd);
	y = lstm_loss_b_d(LSTM_LAYERS, LSTM_STATE, LSTM_STEPS, v, d, g, hv,
			  v + LS_BIAS, d + LS_BIAS, g + LS_BIAS, hv + LS_BIAS,
			  v + LS_IN, d + LS_IN, g + LS_IN, hv + LS_IN,
			  v + LS_OUTW, d + LS_OUTW, g + LS_OUTW, hv + LS_OUTW,
			  v + LS_OUTB, d + LS_OUTB, g + LS_OUTB, hv + LS_OUTB, h,
			  hd, hb, hbd, c, cd, cb, cbd, lstm_seq, 1.0, 0.0);
	for (i = 0; i < LS_NS; i++) {
		g[LS_H + i] += hb[i];
		g[LS_C + i] += cb[i];
		hv[LS_H + i] += hbd[i];
		hv[LS_C + i] += cbd[i];
	}
	return y;
}
#endif

#ifdef BENCH_KERNEL_GMM
#include "gmm.h"
#include "gmm_grad.h"

/* v: alphas, means, icf */
#define GM_ALPHAS(v) (v)
#define GM_MEANS(v) ((v) + GMM_K)
#define GM_ICF(v) ((v) + GMM_K + GMM_K * GMM_D)

static double gmm_x[GMM_NPTS * GMM_D];
static const Wishart gmm_prior = { 1.0, 0 };

void gmm_init(double *v)
{
	int i;

	for (i = 0; i < GMM_NPTS * GMM_D; i++)
		gmm_x[i] = bench_uniform();
	for (i = 0; i < GMM_BENCH_N; i++)
		v[i] = 0.5 * bench_uniform();
}

double gmm_primal(const double *v)
{
	return gmm_objective(GMM_D, GMM_K, GMM_NPTS, GM_ALPHAS(v), GM_MEANS(v),
			     GM_ICF(v), gmm_x, gmm_prior);
}

double gmm_tangent(const double *v, const double *d, double *dot)
{
	return gmm_objective_d(GMM_D, GMM_K, GMM_NPTS, GM_ALPHAS(v),
			       GM_ALPHAS(d), GM_MEANS(v), GM_MEANS(d),
			       GM_ICF(v), GM_ICF(d), gmm_x, gmm_prior, dot);
}

double gmm_adjoint(const double *v, double *g)
{
	return gmm_objective_b(GMM_D, GMM_K, GMM_NPTS, GM_ALPHAS(v),
			       GM_ALPHAS(g), GM_MEANS(v), GM_MEANS(g),
			       GM_ICF(v), GM_ICF(g), gmm_x, gmm_prior, 1.0);
}

double gmm_hvp(const double *v, const double *d, double *g, double *hv)
{
	return gmm_objective_b_d(GMM_D, GMM_K, GMM_NPTS, GM_ALPHAS(v),
				 GM_ALPHAS(d), GM_ALPHAS(g), GM_ALPHAS(hv),
				 GM_MEANS(v), GM_MEANS(d), GM_MEANS(g),
				 GM_MEANS(hv), GM_ICF(v), GM_ICF(d), GM_ICF(g),
				 GM_ICF(hv), gmm_x, gmm_prior, 1.0, 0.0);
}

#ifdef BENCH_VECTOR_GMM
double gmm_vtangent(const double *v, const double *dv, int nd, double *ydv)
{
	return gmm_objective_dv(GMM_D, GMM_K, GMM_NPTS, GM_ALPHAS(v), dv,
				GM_MEANS(v), dv + (size_t)GMM_K * nd, GM_ICF(v),
				dv + (size_t)(GMM_K + GMM_K * GMM_D) * nd,
				gmm_x, gmm_prior, nd, ydv);
}
#endif
#endif

#ifdef BENCH_KERNEL_HAND
#include <math.h>

#include "hand.h"
#include "hand_grad.h"

static double hand_rel[HAND_NBONES][16], hand_inv[HAND_NBONES][16];
static double hand_rest_data[4 * HAND_NVERTS];
static double hand_weight_data[HAND_NBONES * HAND_NVERTS];
static double hand_targets[3 * HAND_NVERTS];
static Bone hand_bones[HAND_NBONES];
static const Matrix hand_rest = { 4, HAND_NVERTS, hand_rest_data };
static const Matrix hand_weights = { HAND_NBONES, HAND_NVERTS,
				     hand_weight_data };

/* c = a b, 4 x 4 column-major */
static void mul4(const double *a, const double *b, double *c)
{
	int i, j, k;

	for (j = 0; j < 4; j++)
		for (i = 0; i < 4; i++) {
			double s = 0;
			for (k = 0; k < 4; k++)
				s += a[k * 4 + i] * b[j * 4 + k];
			c[j * 4 + i] = s;
		}
}

/* A palm (bone 0) with five fingers of three bones each, every bone's rest
 * transform a small rotation about x and an offset; vertices on the bones,
 * weighted on a bone and its parent. */
void hand_init(double *v)
{
	double abs_t[HAND_NBONES][16];
	int b, i, j;

	for (b = 0; b < HAND_NBONES; b++) {
		double t = 0.2 * bench_uniform();
		double *r = hand_rel[b];
		int parent = b == 0 ? -1 : (b - 1) % 3 == 0 ? 0 : b - 1;
		for (i = 0; i < 16; i++)
			r[i] = i % 5 == 0;
		r[5] = r[10] = cos(t);
		r[6] = sin(t);
		r[9] = -sin(t);
		r[12] = b == 0 ? 0.0 : (b - 1) % 3 == 0 ? 0.5 * ((b - 1) / 3) - 1.0
							: 0.0;
		r[13] = b == 0 ? 0.0 : 0.6 + 0.1 * bench_uniform();
		if (parent < 0)
			memcpy(abs_t[b], r, sizeof abs_t[b]);
		else
			mul4(abs_t[parent], r, abs_t[b]);
		for (i = 0; i < 3; i++) {
			for (j = 0; j < 3; j++)
				hand_inv[b][j * 4 + i] = abs_t[b][i * 4 + j];
			hand_inv[b][12 + i] = 0;
			for (j = 0; j < 3; j++)
				hand_inv[b][12 + i] -=
					abs_t[b][i * 4 + j] * abs_t[b][12 + j];
			hand_inv[b][i * 4 + 3] = 0;
		}
		hand_inv[b][15] = 1;
		hand_bones[b].parent = parent;
		hand_bones[b].base_relative.nrows = 4;
		hand_bones[b].base_relative.ncols = 4;
		hand_bones[b].base_relative.data = hand_rel[b];
		hand_bones[b].inverse_base_absolute.nrows = 4;
		hand_bones[b].inverse_base_absolute.ncols = 4;
		hand_bones[b].inverse_base_absolute.data = hand_inv[b];
	}
	for (i = 0; i < HAND_NVERTS; i++) {
		int bone = i % HAND_NBONES;
		int parent = hand_bones[bone].parent < 0 ? 0
							 : hand_bones[bone].parent;
		double w = 0.6 + 0.3 * bench_uniform();
		for (j = 0; j < 3; j++)
			hand_rest_data[4 * i + j] =
				abs_t[bone][12 + j] + 0.2 * bench_uniform();
		hand_rest_data[4 * i + 3] = 1.0;
		for (b = 0; b < HAND_NBONES; b++)
			hand_weight_data[i * HAND_NBONES + b] = 0.0;
		hand_weight_data[i * HAND_NBONES + bone] = w;
		hand_weight_data[i * HAND_NBONES + parent] += 1.0 - w;
		for (j = 0; j < 3; j++)
			hand_targets[3 * i + j] =
				hand_rest_data[4 * i + j] + 0.1 * bench_uniform();
	}
	for (i = 0; i < HAND_POSE_SIZE(HAND_NBONES); i++)
		v[i] = 0.3 * bench_uniform();
}

double hand_primal(const double *v)
{
	return hand_objective(HAND_NBONES, hand_bones, v, hand_rest,
			      hand_weights, hand_targets);
}

double hand_tangent(const double *v, const double *d, double *dot)
{
	return hand_objective_d(HAND_NBONES, hand_bones, v, d, hand_rest,
				hand_weights, hand_targets, dot);
}

double hand_adjoint(const double *v, double *g)
{
	return hand_objective_b(HAND_NBONES, hand_bones, v, g, hand_rest,
				hand_weights, hand_targets, 1.0);
}

double hand_hvp(const double *v, const double *d, double *g, double *hv)
{
	return hand_objective_b_d(HAND_NBONES, hand_bones, v, d, g, hv,
				  hand_rest, hand_weights, hand_targets, 1.0,
				  0.0);
}

#ifdef BENCH_VECTOR_HAND
double hand_vtangent(const double *v, const double *dv, int nd, double *ydv)
{
	return hand_objective_dv(HAND_NBONES, hand_bones, v, dv, hand_rest,
				 hand_weights, hand_targets, nd, ydv);
}
#endif
#endif
