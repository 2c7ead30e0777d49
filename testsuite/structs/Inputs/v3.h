/* The struct type of structs/struct-result.c. */
#ifndef V3_H
#define V3_H

typedef struct {
	double x, y, z;
} v3;

#endif
