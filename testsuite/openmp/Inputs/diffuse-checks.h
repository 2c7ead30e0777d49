/* The checks of reverse-parallel.c and reverse-phases.c, for a kernel
 * double diffuse(const double *u0, int steps) of CELLS inputs with ckc's
 * diffuse_d, diffuse_b and diffuse_b_d, taking STEPS steps (both defined
 * by the test): the gradient and H.v the same bits at 1, 2 and 4 threads
 * and from run to run, the primal of f_b and f_d the same bits, the
 * tangent against differences, the dot product, ck_check_hvp; and a line
 * of digits the serial build must print too. */
#ifdef _OPENMP
#include <omp.h>
#endif
#include <stdio.h>
#define CK_VEC_MAX CELLS
#include "ckcheck.h"

static double x0[CELLS], dir[CELLS], u[CELLS];

static double at(double h, void *ctx)
{
	double xs[CELLS];
	(void)ctx;
	for (int i = 0; i < CELLS; i++)
		xs[i] = x0[i] + h * dir[i];
	return diffuse(xs, STEPS);
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	diffuse_b(x, g, STEPS, 1.0);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	(void)n;
	return diffuse_b_d(x, xd, xb, xbd, STEPS, rb, rbd);
}

int main(void)
{
	static double g[CELLS], g1[CELLS], hv[CELLS], hv1[CELLS], gb[CELLS];
	double r, d, r1 = 0.0;
	ck_srand(9);
	for (int i = 0; i < CELLS; i++)
		x0[i] = ck_rand(), dir[i] = ck_rand(), u[i] = ck_rand();
	for (int t = 0; t < 3; t++) {
#ifdef _OPENMP
		omp_set_num_threads(1 << t); /* 1, 2, 4 */
#endif
		for (int k = 0; k < 2; k++) {
			for (int i = 0; i < CELLS; i++)
				g[i] = hv[i] = gb[i] = 0.0;
			r = diffuse_b(x0, g, STEPS, 1.0);
			diffuse_b_d(x0, dir, gb, hv, STEPS, 1.0, 0.0);
			if (t == 0 && k == 0) {
				r1 = r;
				for (int i = 0; i < CELLS; i++)
					g1[i] = g[i], hv1[i] = hv[i];
				continue;
			}
			for (int i = 0; i < CELLS; i++) {
				ck_equal_bits("gradient at every thread count",
					      g[i], g1[i]);
				ck_equal_bits("hvp at every thread count", hv[i],
					      hv1[i]);
			}
			ck_close("primal at every thread count", r, r1, 1e-13);
		}
	}
	ck_equal_bits("primal of f_b and f_d",
		      (diffuse_d(x0, dir, STEPS, &d), diffuse_b(x0, gb, STEPS, 1.0)),
		      diffuse_d(x0, dir, STEPS, &d));
	ck_close("tangent", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	ck_close("dot product", ck_dot(g1, dir, CELLS), d, 1e-12);
	ck_check_hvp("hvp", hvp, grad, NULL, x0, dir, u, NULL, CELLS, 1.0, 0.5);
	/* the same digits from the serial build (diff of the two outputs) */
	printf("g[17] %.12e hv[17] %.12e\n", g1[17], hv1[17]);
	return ck_done();
}
