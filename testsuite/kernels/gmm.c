/* examples/kernels/gmm.c, a Gaussian mixture's negative log-likelihood
 * with a Wishart prior (passed as a struct by value, passive):
 * gmm_objective's f_d, f_b and f_b_d in the log-weights, means and
 * inverse-covariance factors (d = 3, k = 2, 6 points: 20 inputs), against
 * Richardson differences, by the dot-product test, and H v against
 * differences of f_b gradients and for symmetry; at a second point where
 * one component dominates every point (logsumexp far from its max).
 */
// RUN: rm -rf %t && mkdir %t
// RUN: %ckc %srcroot/examples/kernels/gmm.c -o %t/gmm_grad.c
// RUN: FileCheck %s --check-prefix=GEN < %t/gmm_grad.h
// RUN: %ckc-run %t/gmm_grad.c %s %t/gmm -I%srcroot/examples/kernels %srcroot/examples/kernels/gmm.c > %t/out
// RUN: FileCheck %s < %t/out
// GEN: double gmm_objective_d(int d, int k, int n, const double *alphas, const double *alphas_d, const double *means, const double *means_d, const double *icf, const double *icf_d, const double *x, Wishart wishart, double *ret_d);
// GEN: double gmm_objective_b(int d, int k, int n, const double *alphas, double *alphas_b, const double *means, double *means_b, const double *icf, double *icf_b, const double *x, Wishart wishart, double ret_b);
// GEN: double gmm_objective_b_d(int d, int k, int n, const double *alphas, const double *alphas_d, double *alphas_b, double *alphas_bd, const double *means, const double *means_d, double *means_b, double *means_bd, const double *icf, const double *icf_d, double *icf_b, double *icf_bd, const double *x, Wishart wishart, double ret_b, double ret_bd);
// CHECK-NOT: FAIL
// CHECK: {{[1-9][0-9]*}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include "gmm.h"
#include "kernelcheck.h"

#define D 3
#define K 2
#define NPTS 6
#define SZ GMM_ICF_SIZE(D)
/* v: alphas, means, icf */
#define ALPHAS(v) (v)
#define MEANS(v) ((v) + K)
#define ICF(v) ((v) + K + K * D)
#define NV (K + K * D + K * SZ)

static double x[NPTS * D];
static Wishart prior = { 1.5, 2 };

static double f(const double *v, void *ctx)
{
	(void)ctx;
	return gmm_objective(D, K, NPTS, ALPHAS(v), MEANS(v), ICF(v), x, prior);
}

static double f_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return gmm_objective_d(D, K, NPTS, ALPHAS(v), ALPHAS(vd), MEANS(v),
			       MEANS(vd), ICF(v), ICF(vd), x, prior, dot);
}

static double f_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return gmm_objective_b(D, K, NPTS, ALPHAS(v), ALPHAS(vb), MEANS(v),
			       MEANS(vb), ICF(v), ICF(vb), x, prior, rb);
}

static double f_b_d(const double *v, const double *vd, double *vb,
		    double *vbd, double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	(void)n;
	return gmm_objective_b_d(D, K, NPTS, ALPHAS(v), ALPHAS(vd), ALPHAS(vb),
				 ALPHAS(vbd), MEANS(v), MEANS(vd), MEANS(vb),
				 MEANS(vbd), ICF(v), ICF(vd), ICF(vb),
				 ICF(vbd), x, prior, rb, rbd);
}

int main(void)
{
	double v[NV];
	int i;

	for (i = 0; i < NPTS * D; i++)
		x[i] = ck_rand();
	for (i = 0; i < NV; i++)
		v[i] = 0.5 * ck_rand();
	kc_check_scalar("gmm_objective", f, f_d, f_b, f_b_d, NULL, v, NULL, NV,
			4);

	/* component 0 far heavier and nearer every point than 1 */
	ALPHAS(v)[0] = 3.0;
	ALPHAS(v)[1] = -3.0;
	for (i = 0; i < D; i++)
		MEANS(v)[D + i] = 4.0 + ck_rand();
	kc_check_scalar("gmm_objective, one component", f, f_d, f_b, f_b_d,
			NULL, v, NULL, NV, 4);
	return ck_done();
}
#endif
