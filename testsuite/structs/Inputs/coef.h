/* The struct type of structs/checkpoint-region.c. */
#ifndef COEF_H
#define COEF_H

typedef struct {
	int n;
	double *w;
	double k;
} Coef;

#endif
