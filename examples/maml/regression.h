/*
 * regression.h - the size of regression.c's network: H hidden units, NW
 * parameters (layout in regression.c).
 */
#ifndef REGRESSION_H
#define REGRESSION_H

#define H 8
#define NW (3 * H + 1)

double regression_loss(const double *w, const double *x, const double *y,
		       int n);

#endif
