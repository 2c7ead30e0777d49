/* heat.h - the grid of examples/omp_heat. */
#ifndef HEAT_H
#define HEAT_H

/* HEAT_N x HEAT_N cells (a smaller grid with -DHEAT_N=64, as the test
 * builds it). */
#ifndef HEAT_N
#define HEAT_N 1024
#endif

double heat_energy(const double *u0, int steps);

#endif
