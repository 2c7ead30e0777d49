/*
 * main.c - a pinhole camera (rotation, translation, focal length, principal
 * point, radial distortion: 10 parameters) fitted to noisy images of 60
 * known 3-D points (120 residuals) by Gauss-Newton with Levenberg-Marquardt
 * damping; the Jacobian of the residuals comes from ckc's vector-mode
 * tangent camera_residuals_dv through libckrt's ck_jacobian.
 *
 *   ckc camera.c -o camera_grad.c
 *   cc -std=c99 -O2 main.c camera.c camera_grad.c -lckrt -lm
 *
 * First, halfway between the start and the truth, the Jacobian from
 * ck_jacobian (one primal run and nd directions per call of
 * camera_residuals_dv, for nd = 1, 2, 7 and 16) is compared with the one
 * from 10 calls of the scalar tangent camera_residuals_d (one per
 * parameter), and that with central differences of camera_residuals.
 *
 * Then Levenberg-Marquardt: each iteration solves
 * (J^T J + mu diag(J^T J)) dp = -J^T r by Cholesky and takes the step when
 * it lowers the cost 1/2 |r|^2 (then mu shrinks), else mu grows and the
 * system is solved again.  It stops when a step changes no parameter by
 * more than 1e-10 of its size, and prints the cost per iteration and the
 * fitted parameters against the truth, with their standard errors (from
 * the noise the residuals show and (J^T J)^-1).
 *
 * Last, the time of one Jacobian each way (not when compiled with
 * -DGN_NO_TIMING, as the test suite does, so that every build prints the
 * same bytes).
 *
 * Exits with status 1 when the Jacobians from camera_residuals_dv and
 * camera_residuals_d differ by more than 1e-14 (relative), when they and
 * the differences differ by more than 1e-7 (relative to the column), when
 * the fit does not converge in 50 iterations to a cost below 20 (the noise
 * alone gives about 14), or when a parameter is more than 4 standard
 * errors from the truth.
 */
#define _POSIX_C_SOURCE 199309L

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "camera.h"
#include "camera_grad.h"
#include "ckrt.h"

#define NPTS 60      /* observed points */
#define M (2 * NPTS) /* residuals */
#define N CAM_NP     /* parameters */
#define SIGMA 0.5    /* the observations' noise, in pixels */
#define MAX_ITER 50

static const char *const names[N] = { "w0", "w1", "w2", "t0", "t1",
				      "t2", "f",  "c0", "c1", "k" };
static const double truth[N] = { 0.15, -0.25, 0.1,   0.3,   -0.2,
				 6.0,  800.0, 320.0, 240.0, -0.05 };
/* A rough guess: no rotation, the scene 5 units ahead, a focal length
 * 25% short, the principal point 20 pixels off, no distortion. */
static const double start[N] = { 0.0, 0.0,   0.0,   0.0,   0.0,
				 5.0, 600.0, 300.0, 260.0, 0.0 };

static double X[3 * NPTS], obs[M];

/* What ck_jacobian passes on to the wrapper. */
struct scene {
	const double *X, *obs;
	int npts;
};

static struct scene scene = { X, obs, NPTS };

static unsigned long long rng_state = 17;

/* A uniform number in [0, 1) from a 64-bit linear congruential generator
 * (Knuth's MMIX constants): the same on every machine. */
static double uniform(void)
{
	rng_state =
		rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(rng_state >> 11) / 9007199254740992.0;
}

/* A standard normal number (Box-Muller). */
static double gaussian(void)
{
	double u = 1.0 - uniform(), v = uniform();

	return sqrt(-2.0 * log(u)) * cos(6.283185307179586 * v);
}

/* Points in a 3 x 2.5 x 3 box around the origin; their images by the
 * true camera plus Gaussian noise of SIGMA pixels. */
static void make_data(void)
{
	double r[M];
	int i;

	for (i = 0; i < NPTS; i++) {
		X[3 * i] = 3.0 * uniform() - 1.5;
		X[3 * i + 1] = 2.5 * uniform() - 1.25;
		X[3 * i + 2] = 3.0 * uniform() - 1.5;
	}
	memset(obs, 0, sizeof obs);
	camera_residuals(truth, X, obs, r, NPTS); /* the exact images */
	for (i = 0; i < M; i++)
		obs[i] = r[i] + SIGMA * gaussian();
}

/* ---- the Jacobian, three ways */

/* camera_residuals_dv in the shape ck_jacobian calls. */
static void residuals_dv(void *ctx, const double *p, const double *p_dv,
			 double *r, double *r_dv, int nd)
{
	const struct scene *s = ctx;

	camera_residuals_dv(p, p_dv, s->X, s->obs, r, r_dv, s->npts, nd);
}

/* r and J (M x N, row-major) from ck_jacobian: ceil(N / nd) calls of
 * camera_residuals_dv. */
static void jacobian_dv(const double *p, int nd, double *r, double *J)
{
	if (ck_jacobian(residuals_dv, &scene, N, M, p, nd, r, J) != 0) {
		perror("ck_jacobian");
		exit(1);
	}
}

/* r and J from N calls of camera_residuals_d, one per parameter. */
static void jacobian_d(const double *p, double *r, double *J)
{
	double seed[N], col[M];
	int i, j;

	memset(seed, 0, sizeof seed);
	for (j = 0; j < N; j++) {
		seed[j] = 1.0;
		camera_residuals_d(p, seed, X, obs, r, col, NPTS);
		seed[j] = 0.0;
		for (i = 0; i < M; i++)
			J[i * N + j] = col[i];
	}
}

/* J by central differences of camera_residuals, Richardson-extrapolated
 * (steps h and h/2): error O(h^4). */
static void jacobian_fd(const double *p, double *J)
{
	double q[N], a[M], b[M], c[M], d[M];
	int i, j;

	memcpy(q, p, sizeof q);
	for (j = 0; j < N; j++) {
		double h = 1e-3 * (fabs(p[j]) > 1.0 ? fabs(p[j]) : 1.0);

		q[j] = p[j] + h;
		camera_residuals(q, X, obs, a, NPTS);
		q[j] = p[j] - h;
		camera_residuals(q, X, obs, b, NPTS);
		q[j] = p[j] + h / 2;
		camera_residuals(q, X, obs, c, NPTS);
		q[j] = p[j] - h / 2;
		camera_residuals(q, X, obs, d, NPTS);
		q[j] = p[j];
		for (i = 0; i < M; i++) {
			double dh = (a[i] - b[i]) / (2 * h);
			double dh2 = (c[i] - d[i]) / h;
			J[i * N + j] = (4 * dh2 - dh) / 3;
		}
	}
}

/* |a - b| relative to the larger, 0 when they are equal (both 0 too). */
static double rel_diff(double a, double b)
{
	double s = fabs(a) > fabs(b) ? fabs(a) : fabs(b);

	return a == b ? 0.0 : fabs(a - b) / s;
}

/* The largest of rel_diff over the entries of A and B (M x N). */
static double max_rel_diff(const double *A, const double *B)
{
	double e = 0.0;
	int i;

	for (i = 0; i < M * N; i++)
		if (rel_diff(A[i], B[i]) > e)
			e = rel_diff(A[i], B[i]);
	return e;
}

/* The largest difference between A and B in a column, relative to the
 * largest entry of B's column, over the columns. */
static double max_col_diff(const double *A, const double *B)
{
	double e = 0.0;
	int i, j;

	for (j = 0; j < N; j++) {
		double d = 0.0, s = 0.0;

		for (i = 0; i < M; i++) {
			if (fabs(A[i * N + j] - B[i * N + j]) > d)
				d = fabs(A[i * N + j] - B[i * N + j]);
			if (fabs(B[i * N + j]) > s)
				s = fabs(B[i * N + j]);
		}
		if (d / s > e)
			e = d / s;
	}
	return e;
}

/* Checks the Jacobians at p; returns the number of failures. */
static int check_jacobians(const double *p)
{
	static const int nds[] = { 1, 2, 7, 16 };
	double r[M], r_ref[M], J[M * N], J_d[M * N], J_fd[M * N], e;
	int fails = 0;
	unsigned k;

	camera_residuals(p, X, obs, r_ref, NPTS);
	jacobian_d(p, r, J_d);
	jacobian_fd(p, J_fd);
	printf("Jacobian (%d x %d) at a point halfway between the start and "
	       "the truth:\n",
	       M, N);
	printf("  ck_jacobian (camera_residuals_dv) vs %d calls of "
	       "camera_residuals_d:\n",
	       N);
	for (k = 0; k < sizeof nds / sizeof nds[0]; k++) {
		int nd = nds[k], calls = nd < N ? (N + nd - 1) / nd : 1;

		jacobian_dv(p, nd, r, J);
		e = max_rel_diff(J, J_d);
		printf("    nd = %-3d %2d call%s  ", nd, calls,
		       calls > 1 ? "s" : " ");
		if (e == 0.0)
			printf("bitwise equal\n");
		else
			printf("relative difference %.1e\n", e);
		if (e > 1e-14) {
			printf("FAIL: relative difference above 1e-14\n");
			fails++;
		}
		if (memcmp(r, r_ref, sizeof r) != 0) {
			printf("FAIL: ck_jacobian's residuals are not "
			       "camera_residuals'\n");
			fails++;
		}
	}
	e = max_col_diff(J_d, J_fd);
	printf("  camera_residuals_d vs central differences (Richardson): "
	       "%.1e\n",
	       e);
	if (!(e < 1e-7)) {
		printf("FAIL: difference above 1e-7\n");
		fails++;
	}
	printf("  dr0/df = %.12g, by differences %.12g\n", J_d[CAM_F],
	       J_fd[CAM_F]);
	return fails;
}

/* ---- Levenberg-Marquardt */

/* Cholesky factor L (lower, row-major) of the n x n SPD matrix A, in
 * place; returns -1 when A is not positive definite. */
static int cholesky(double *A, int n)
{
	int i, j, k;

	for (j = 0; j < n; j++) {
		double s = A[j * n + j];

		for (k = 0; k < j; k++)
			s -= A[j * n + k] * A[j * n + k];
		if (!(s > 0.0))
			return -1;
		A[j * n + j] = sqrt(s);
		for (i = j + 1; i < n; i++) {
			double t = A[i * n + j];

			for (k = 0; k < j; k++)
				t -= A[i * n + k] * A[j * n + k];
			A[i * n + j] = t / A[j * n + j];
		}
	}
	return 0;
}

/* x = (L L^T)^-1 b. */
static void cholesky_solve(const double *L, int n, const double *b, double *x)
{
	int i, k;

	for (i = 0; i < n; i++) {
		double s = b[i];

		for (k = 0; k < i; k++)
			s -= L[i * n + k] * x[k];
		x[i] = s / L[i * n + i];
	}
	for (i = n - 1; i >= 0; i--) {
		double s = x[i];

		for (k = i + 1; k < n; k++)
			s -= L[k * n + i] * x[k];
		x[i] = s / L[i * n + i];
	}
}

/* A = J^T J (N x N), g = J^T r. */
static void normal_equations(const double *J, const double *r, double *A,
			     double *g)
{
	int i, j, k;

	for (j = 0; j < N; j++) {
		for (k = 0; k <= j; k++) {
			double s = 0.0;

			for (i = 0; i < M; i++)
				s += J[i * N + j] * J[i * N + k];
			A[j * N + k] = A[k * N + j] = s;
		}
		g[j] = 0.0;
		for (i = 0; i < M; i++)
			g[j] += J[i * N + j] * r[i];
	}
}

static double cost_of(const double *r)
{
	double s = 0.0;
	int i;

	for (i = 0; i < M; i++)
		s += r[i] * r[i];
	return 0.5 * s;
}

static double norm(const double *v, int n)
{
	double s = 0.0;
	int i;

	for (i = 0; i < n; i++)
		s += v[i] * v[i];
	return sqrt(s);
}

/* Fits p from its value on entry; returns the iterations, or -1 when it
 * did not converge in MAX_ITER.  The Jacobian: one call of
 * camera_residuals_dv with N directions. */
static int fit(double *p, double *cost_out)
{
	double r[M], J[M * N], A[N * N], B[N * N], g[N], dp[N], q[N], rq[M];
	double mu = 1e-3, cost;
	int it, i, j;

	camera_residuals(p, X, obs, r, NPTS);
	cost = cost_of(r);
	printf("iter  cost                  |J^T r|     mu        tries\n");
	for (it = 0; it < MAX_ITER; it++) {
		int tries = 0;
		double step = 0.0;

		jacobian_dv(p, N, r, J);
		normal_equations(J, r, A, g);
		for (;;) {
			double cq;

			tries++;
			memcpy(B, A, sizeof B);
			for (j = 0; j < N; j++)
				B[j * N + j] += mu * A[j * N + j];
			if (cholesky(B, N) == 0) {
				cholesky_solve(B, N, g, dp);
				for (j = 0; j < N; j++)
					q[j] = p[j] - dp[j];
				camera_residuals(q, X, obs, rq, NPTS);
				cq = cost_of(rq);
				if (cq <= cost)
					break;
			}
			if (tries == 30) {
				printf("no step lowers the cost\n");
				*cost_out = cost;
				return -1;
			}
			mu *= 4.0;
		}
		printf("%-4d  %-20.15g  %.3e   %.1e   %d\n", it, cost,
		       norm(g, N), mu, tries);
		for (j = 0; j < N; j++) {
			double s = fabs(dp[j]) /
				   (fabs(p[j]) > 1.0 ? fabs(p[j]) : 1.0);
			if (s > step)
				step = s;
		}
		memcpy(p, q, sizeof q);
		for (i = 0; i < M; i++)
			r[i] = rq[i];
		cost = cost_of(r);
		mu = mu / 3.0 > 1e-12 ? mu / 3.0 : 1e-12;
		if (step < 1e-10) {
			printf("%-4d  %-20.15g  (step below 1e-10 of the "
			       "parameters: converged)\n",
			       it + 1, cost);
			*cost_out = cost;
			return it + 1;
		}
	}
	*cost_out = cost;
	return -1;
}

/* Standard errors of the fitted p: sqrt of the diagonal of
 * s^2 (J^T J)^-1, s^2 = 2 cost / (M - N) the noise's variance as the
 * residuals show it. */
static void standard_errors(const double *p, double cost, double *se)
{
	double r[M], J[M * N], A[N * N], g[N], e[N], x[N];
	double s2 = 2.0 * cost / (M - N);
	int j;

	jacobian_dv(p, N, r, J);
	normal_equations(J, r, A, g);
	if (cholesky(A, N) != 0) {
		for (j = 0; j < N; j++)
			se[j] = HUGE_VAL;
		return;
	}
	memset(e, 0, sizeof e);
	for (j = 0; j < N; j++) {
		e[j] = 1.0;
		cholesky_solve(A, N, e, x);
		e[j] = 0.0;
		se[j] = sqrt(s2 * x[j]);
	}
}

/* ---- timing */

#ifndef GN_NO_TIMING
#define REPS 500 /* Jacobians per measurement */
#define TRIES 20 /* measurements each way; the best counts */

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* One Jacobian at p: N calls of camera_residuals_d (way 0), ck_jacobian
 * with N directions (1) or 8 (2), or the primal alone (3). */
static void one_jacobian(const double *p, int way)
{
	static double r[M], J[M * N];

	if (way == 0)
		jacobian_d(p, r, J);
	else if (way == 1)
		jacobian_dv(p, N, r, J);
	else if (way == 2)
		jacobian_dv(p, 8, r, J);
	else
		camera_residuals(p, X, obs, r, NPTS);
}

/* Microseconds per Jacobian each way, us[0..3]: the best of TRIES
 * measurements of REPS Jacobians, the ways taking turns (so that a
 * change in the machine's load hits them alike). */
static void time_jacobians(const double *p, double *us)
{
	int t, way, k;

	for (way = 0; way < 4; way++)
		us[way] = HUGE_VAL;
	for (t = 0; t < TRIES; t++)
		for (way = 0; way < 4; way++) {
			double t0 = now(), dt;

			for (k = 0; k < REPS; k++)
				one_jacobian(p, way);
			dt = 1e6 * (now() - t0) / REPS;
			if (dt < us[way])
				us[way] = dt;
		}
}

static void timings(const double *p)
{
	double us[4];

	time_jacobians(p, us);
	printf("time of one %d x %d Jacobian (best of %d x %d runs):\n", M, N,
	       TRIES, REPS);
	printf("  %d calls of camera_residuals_d        %7.2f us\n", N, us[0]);
	printf("  ck_jacobian, nd = %-2d (1 call of _dv)  %7.2f us   %.1fx "
	       "faster\n",
	       N, us[1], us[0] / us[1]);
	printf("  ck_jacobian, nd = 8  (2 calls of _dv) %7.2f us   %.1fx "
	       "faster\n",
	       us[2], us[0] / us[2]);
	printf("  camera_residuals alone                %7.2f us\n", us[3]);
}
#endif

int main(void)
{
	double p[N], r[M], se[N], cost0, cost;
	int iters, j, fails = 0, far = 0;

	make_data();
	printf("Gauss-Newton (Levenberg-Marquardt) on a pinhole camera: %d "
	       "parameters, %d points, %d residuals, noise %g px\n",
	       N, NPTS, M, SIGMA);
	for (j = 0; j < N; j++)
		p[j] = 0.5 * (start[j] + truth[j]);
	fails += check_jacobians(p);

	memcpy(p, start, sizeof p);
	camera_residuals(p, X, obs, r, NPTS);
	cost0 = cost_of(r);
	iters = fit(p, &cost);
	standard_errors(p, cost, se);
	printf("param  fitted            truth     start     |fitted - truth|"
	       " / std. error\n");
	for (j = 0; j < N; j++) {
		double z = fabs(p[j] - truth[j]) / se[j];

		printf("%-5s  %-16.10g  %-8g  %-8g  %.2f\n", names[j], p[j],
		       truth[j], start[j], z);
		if (!(z < 4.0))
			far++;
	}
	if (iters < 0 || !(cost < 20.0)) {
		printf("FAIL: no convergence to a cost below 20 in %d "
		       "iterations\n",
		       MAX_ITER);
		fails++;
	}
	if (far) {
		printf("FAIL: %d parameter%s more than 4 standard errors from "
		       "the truth\n",
		       far, far > 1 ? "s" : "");
		fails++;
	}
#ifndef GN_NO_TIMING
	timings(p);
#endif
	if (fails)
		return 1;
	printf("ok: cost %.6g -> %.6g in %d iterations, every parameter "
	       "within "
	       "4 standard errors of the truth; Jacobians from _dv and _d "
	       "agree to 1e-14, and differences to 1e-7\n",
	       cost0, cost, iters);
	return 0;
}
