/* Struct types of structs/locals-tangent.c. */
#ifndef SKIN_H
#define SKIN_H

typedef struct {
	int nrows, ncols;
	double *data;
} Matrix;

typedef struct {
	Matrix rot;
	double scale;
} Bone;

#endif
