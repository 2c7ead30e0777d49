/*
 * bench.h - what the files of ckc's benchmark share: the kernels (bench/ and
 * examples/), their hand-written adjoints (hand.c), the data they run on
 * (data.c) and the ADOL-C drivers (adolc.cc).
 *
 * Every kernel is seen by the driver as a function of one flat vector v of
 * its active inputs (for the MLP: the 2090 weights, then the 10 inputs).
 */
#ifndef CKC_BENCH_H
#define CKC_BENCH_H

#ifdef __cplusplus
extern "C" {
#endif

/* Sizes.  HEAT_CELLS is also defined in heat.c, MLP_* in examples/mlp. */
#define ROSEN_N 1000
#define HEAT_CELLS 256
#define HEAT_STEPS 1000
#define LOGREG_N 200
#define LOGREG_D 8
#define LOGREG_LAMBDA 1e-2

/* The kernels, as the user wrote them. */
double rosenbrock(const double *x, int n);
double heat_objective(const double *u0, int steps);
double logreg_loss(const double *w, const double *X, const double *y, int n,
		   int d, double lambda);
double mlp_loss(const double *w, const double *x, const double *target);

/* Their hand-written adjoints (hand.c), with the signatures of ckc's f_b:
 * they return the kernel's value and add ret_b times the gradient to the
 * shadows. */
double rosenbrock_hand_b(const double *x, double *x_b, int n, double ret_b);
double heat_objective_hand_b(const double *u0, double *u0_b, int steps,
			     double ret_b);
double logreg_loss_hand_b(const double *w, double *w_b, const double *X,
			  const double *y, int n, int d, double lambda,
			  double ret_b);
double mlp_loss_hand_b(const double *w, double *w_b, const double *x,
		       double *x_b, const double *target, double ret_b);

/* The data (data.c): the logistic regression's samples and labels, the
 * MLP's target distribution, and bench_uniform, a deterministic uniform
 * number in [-1, 1). */
extern double logreg_X[LOGREG_N * LOGREG_D], logreg_y[LOGREG_N];
extern double mlp_target[40];
double bench_uniform(void);
void bench_make_data(void);

/* The kernels, numbered as the ADOL-C drivers know them. */
enum { K_ROSENBROCK, K_HEAT, K_LOGREG, K_MLP, K_COUNT };

/* adolc.cc: records kernel k at v on ADOL-C tape k (trace_on/trace_off), and
 * evaluates the gradient of tape k at v into g with ADOL-C's gradient(), */
void adolc_tape(int k, const double *v, int n);
void adolc_gradient(int k, const double *v, int n, double *g);
/* ... and the Hessian of tape k at v times d into hv, with ADOL-C's
 * hess_vec() (a forward sweep of first order, then a reverse sweep of
 * second order, on the same tape). */
void adolc_hess_vec(int k, const double *v, int n, const double *d,
		    double *hv);

#ifdef __cplusplus
}
#endif

#endif
