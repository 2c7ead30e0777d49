/* upd(n, a, x, y): y[i] = a y[i]^2 + x[i], in place, and its derivatives
 * (upd.c, which ckc never reads).  y is read and written: its adjoint on
 * return is the adjoint of its value before the call. */
#ifndef UPD_H
#define UPD_H
void upd(int n, double a, const double *x, double *y);
void upd_d(int n, double a, double a_d, const double *x, const double *x_d,
	   double *y, double *y_d);
void upd_b(int n, double a, double *a_b, const double *x, double *x_b,
	   double *y, double *y_b);
void upd_b_d(int n, double a, double a_d, double *a_b, double *a_bd,
	     const double *x, const double *x_d, double *x_b, double *x_bd,
	     double *y, double *y_d, double *y_b, double *y_bd);
/* null shadows the derivatives received so far */
extern int upd_nulls;
#endif
