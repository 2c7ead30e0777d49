/* Struct types of structs/params.c: a header of the model, as C code
 * usually keeps them, so the generated code includes it too. */
#ifndef PARTICLES_H
#define PARTICLES_H

typedef struct {
	double gamma;
	int m;
} Prior;

struct vec3 {
	double v[3];
};

typedef struct {
	struct vec3 pos;
	double mass;
	int id;
} Particle;

typedef struct {
	int n;
	double *w;
} Weights;

#endif
