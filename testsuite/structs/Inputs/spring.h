#ifndef SPRING_H
#define SPRING_H
/* a spring's stiffness k, rest positions c and mass m, passed by value */
#define N 4
typedef struct {
	double k;
	double c[N];
	double m;
} P;
/* a row of data that a struct points to */
typedef struct {
	int n;
	double *p;
} Row;
#endif
