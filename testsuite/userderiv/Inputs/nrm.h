/* nrm(n, x, r): *r = sqrt(*r^2 + |x|^2), r read and written through a
 * pointer (nrm.c, which ckc never reads). */
#ifndef NRM_H
#define NRM_H
void nrm(int n, const double *x, double *r);
void nrm_d(int n, const double *x, const double *x_d, double *r, double *r_d);
void nrm_b(int n, const double *x, double *x_b, double *r, double *r_b);
#endif
