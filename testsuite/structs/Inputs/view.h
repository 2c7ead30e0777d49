/* The struct type of structs/by-value-floating-member.c. */
#ifndef VIEW_H
#define VIEW_H

typedef struct {
	int n;
	double *p;
	double w;
} view;

#endif
