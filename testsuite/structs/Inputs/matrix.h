/* The Matrix type of structs/matrix-members.c. */
#ifndef MATRIX_H
#define MATRIX_H

typedef struct {
	int nrows, ncols;
	double *data; /* column-major, nrows * ncols */
} Matrix;

#endif
