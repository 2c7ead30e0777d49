/* energy.h - the kernel's parameters (the tests edit ENERGY_SCALE to check
 * that ckc runs again when a header changes). */
#ifndef ENERGY_H
#define ENERGY_H

#define ENERGY_N 5
#define ENERGY_SCALE 0.5

double energy(const double *x, int n);

#endif
