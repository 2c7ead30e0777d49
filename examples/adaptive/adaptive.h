/*
 * adaptive.h - the model of adaptive.c: the Brusselator with diffusion on
 * ADAPT_CELLS cells, integrated with an adaptive step, and its two
 * functions.
 */
#ifndef ADAPTIVE_H
#define ADAPTIVE_H

#define ADAPT_CELLS 16
#define ADAPT_N (2 * ADAPT_CELLS) /* the state: u on the cells, then v */
#define ADAPT_A 1.0               /* the Brusselator's A (B is a parameter) */
#define ADAPT_ALPHA 0.02          /* diffusion: alpha (cells + 1)^2 = 5.78 */
#define ADAPT_DT0 0.01            /* the first step tried */
#define ADAPT_T 11.0              /* main's default final time */
#define ADAPT_TOL 2e-9            /* main's tolerance: about 100,000 steps */

double adapt_misfit(const double *y0, double b, const double *target,
		    double T, double tol);
long adapt_solve(const double *y0, double b, double T, double tol,
		 double *y, long *rejected);

#endif
