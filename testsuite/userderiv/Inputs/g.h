/* g(a, b) = a sin(b) and its derivatives (g.c, which ckc never reads);
 * the tests count the null shadows the derivatives receive. */
#ifndef G_H
#define G_H
double g(double a, double b);
double g_d(double a, double a_d, double b, double b_d, double *ret_d);
double g_b(double a, double *a_b, double b, double *b_b, double ret_b);
double g_b_d(double a, double a_d, double *a_b, double *a_bd, double b,
	     double b_d, double *b_b, double *b_bd, double ret_b,
	     double ret_bd);
/* calls of g's derivatives so far, and the null shadows they got */
extern int g_calls, g_nulls;
#endif
