/*
 * gmm.h - gmm.c's Gaussian mixture: the prior's parameters and the entry
 * point.
 */
#ifndef CKC_KERNELS_GMM_H
#define CKC_KERNELS_GMM_H

/* The largest dimension and number of components gmm_objective handles. */
#define GMM_MAXD 16
#define GMM_MAXK 32

/* The Wishart prior on each component's inverse covariance: scale gamma,
 * m degrees of freedom beyond the dimension. */
typedef struct {
	double gamma;
	int m;
} Wishart;

/* Numbers per component in icf: d log-diagonal entries of Q, then its
 * d(d-1)/2 strictly lower entries, row by row. */
#define GMM_ICF_SIZE(d) ((d) * ((d) + 1) / 2)

/* The negative log-likelihood of the n points x (n x d, row-major) under
 * the mixture of k Gaussians with log-weights alphas (k), means (k x d)
 * and inverse-covariance factors icf (k x GMM_ICF_SIZE(d)), plus the
 * negative log of the Wishart prior. */
double gmm_objective(int d, int k, int n, const double *alphas,
		     const double *means, const double *icf, const double *x,
		     Wishart wishart);

#endif
