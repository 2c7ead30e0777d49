/*
 * burgers.h - the grid of burgers.c and its two functions.
 */
#ifndef BURGERS_H
#define BURGERS_H

#define BURGERS_CELLS 256
#define BURGERS_DX (6.283185307179586 / BURGERS_CELLS) /* 2 pi / cells */
#define BURGERS_DT 0.005
#define BURGERS_NU 0.02 /* viscosity: nu dt / dx^2 = 0.17 */
#define BURGERS_STEPS 2000

double burgers_misfit(const double *u0, const double *target, int steps);
double burgers_misfit_steps(const double *u0, const double *target, int steps);

#endif
