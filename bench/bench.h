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
/* The MLP's v: its MLP_NW weights, uniform in +-sqrt(3 / fan-in), biases
 * 0.1 * uniform, as in examples/mlp; then its MLP_N0 inputs, uniform. */
void bench_mlp_init(double *v);

/* What the drivers share (data.c): seconds on CLOCK_MONOTONIC; the
 * seconds of reps calls call(k, m) (method m of kernel k, as a driver
 * defines them); the count of those calls that makes a loop last about
 * `seconds` (the count grows, by aim over the last loop's time, until a
 * loop lasts at least `least`, then is scaled); qsort's comparison of
 * doubles; max_i |a_i - b_i| / max_i |b_i|; and whether BENCH_ONLY (a
 * comma-separated list of kernel names) is unset or names name. */
typedef void bench_call(const void *k, int m);
double bench_now(void);
double bench_loop(bench_call *call, const void *k, int m, long reps);
long bench_calibrate(bench_call *call, const void *k, int m, double least,
		     double aim, double seconds);
int bench_cmp_double(const void *a, const void *b);
double bench_rel_err(const double *a, const double *b, int n);
int bench_only(const char *name);

/* The kernels of examples/kernels (kernels.c), each a function of the flat
 * vector v of its active inputs, as bench.c's other kernels: the
 * initialisation of v and of the kernel's data, the kernel, and ckc's
 * f_d, f_b, f_b_d and f_dv of it (same contracts as in bench.c; f_dv
 * only where run.sh defines BENCH_VECTOR_<NAME>).  The sizes:
 * ba: cameras, points, observations (v: cameras, points, weights); lstm:
 * layers, state size, steps (v: the parameters, then the initial h and
 * c); gmm: dimension, components, points (v: alphas, means, icf); hand:
 * bones, vertices (v: the pose). */
#define BA_NCAMS 10
#define BA_NPTS 200
#define BA_NOBS 1000
#define BA_BENCH_N (BA_NCAMS * 11 + 3 * BA_NPTS + BA_NOBS)
#define LSTM_LAYERS 2
#define LSTM_STATE 8
#define LSTM_STEPS 20
#define LSTM_BENCH_N                                                        \
	(LSTM_LAYERS * 8 * LSTM_STATE * LSTM_STATE +                         \
	 LSTM_LAYERS * 6 * LSTM_STATE + LSTM_STATE * LSTM_STATE +            \
	 2 * LSTM_STATE)
#define GMM_D 5
#define GMM_K 10
#define GMM_NPTS 200
#define GMM_BENCH_N (GMM_K + GMM_K * GMM_D + GMM_K * GMM_D * (GMM_D + 1) / 2)
#define HAND_NBONES 16
#define HAND_NVERTS 500
#define HAND_BENCH_N (6 + 3 * HAND_NBONES)
#define KERNEL_FNS(k)                                                       \
	void k##_init(double *v);                                            \
	double k##_primal(const double *v);                                  \
	double k##_tangent(const double *v, const double *d, double *dot);   \
	double k##_adjoint(const double *v, double *g);                      \
	double k##_hvp(const double *v, const double *d, double *g,          \
		       double *hv);                                          \
	double k##_vtangent(const double *v, const double *dv, int nd,       \
			    double *ydv);
KERNEL_FNS(ba)
KERNEL_FNS(lstm)
KERNEL_FNS(gmm)
KERNEL_FNS(hand)
/* lstm's out(h, c): its Jacobian has LSTM_BENCH_M rows, the loss's, then
 * the final h's and c's; f_d with all of them (yd[j] = row j . d), and f_b
 * seeded with yb (g += yb^T J; the loss's seed yb[0]). */
#define LSTM_BENCH_M (1 + 2 * LSTM_LAYERS * LSTM_STATE)
double lstm_tangent_all(const double *v, const double *d, double *yd);
double lstm_adjoint_seeded(const double *v, const double *yb, double *g);

/* bench/'s kernels of particular shapes (shapes.c), the same way: burgers
 * (burgers.c: cells, steps), tiny (tiny.c: inputs), deepnet (deepnet.c)
 * and deepnet_inline (deepnet_inline.c): layers and width (v: W, b,
 * h0).  BURG_CELLS, DN_* are also defined in their sources. */
#define BURG_CELLS 256
#define BURG_STEPS 100
#define TINY_N 8
#define DN_WIDTH 64
#define DN_LAYERS 16
#define DN_BENCH_N (DN_WIDTH * DN_WIDTH + 2 * DN_WIDTH)
KERNEL_FNS(burgers)
KERNEL_FNS(tiny)
KERNEL_FNS(deepnet)
KERNEL_FNS(deepnet_inline)
#undef KERNEL_FNS

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
