/* A struct with floating members only (memory/struct-buffer.c). */
#ifndef MEMORY_PAIR_H
#define MEMORY_PAIR_H

typedef struct pair {
	double a, b;
} pair;

#endif
