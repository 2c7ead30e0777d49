/* The struct type of structs/request-in-header.c, and its request. */
#ifndef MARKET_H
#define MARKET_H

typedef struct {
	double spot, vol;
} market;

#pragma ck_adjoint wrt(m)
double value(const market *m, double t);

#endif
