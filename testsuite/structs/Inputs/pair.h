/* The struct type of structs/results.c. */
#ifndef PAIR_H
#define PAIR_H

struct pair {
	double a, b;
};

#endif
