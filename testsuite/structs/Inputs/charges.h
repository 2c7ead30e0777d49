#ifndef CHARGES_H
#define CHARGES_H
/* point charges in the plane, held in a member array of a system */
#define NC 4
typedef struct {
	double x[2];
	double q;
} charge;
typedef struct {
	int n;
	charge c[NC];
} sys_t;
#endif
