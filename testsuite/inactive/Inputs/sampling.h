/* The library header of inactive/header-pragma.c: its ck_inactive pragma
 * applies to every file that includes it. */
#ifndef SAMPLING_H
#define SAMPLING_H
#pragma ck_inactive draw_normal, log_progress
double draw_normal(double mean, double sd);
void log_progress(const char *what, int step, double value);
#endif
