/* A layer whose weights live behind a pointer member (structs/vector.c). */
#ifndef LAYER_H
#define LAYER_H
typedef struct Layer {
	int n;
	double *w;
	double b;
} Layer;
#endif
