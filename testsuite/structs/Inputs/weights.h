/* The Weights type of structs/by-value-stable.c. */
#ifndef WEIGHTS_H
#define WEIGHTS_H

#include "matrix.h"

typedef struct {
	Matrix m;
	double scale;
} Weights;

#endif
