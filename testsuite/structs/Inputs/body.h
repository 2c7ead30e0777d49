/* The struct type of structs/memcpy-struct.c. */
#ifndef BODY_H
#define BODY_H

typedef struct {
	double p[3];
	double m;
} body;

#endif
