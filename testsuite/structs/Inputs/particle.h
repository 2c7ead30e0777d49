/* The struct type of structs/local-arrays.c. */
#ifndef PARTICLE_H
#define PARTICLE_H

typedef struct {
	double x, v;
	double f[2];
	int kind;
} particle;

#endif
