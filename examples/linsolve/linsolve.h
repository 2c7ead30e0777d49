/*
 * linsolve.h - a dense linear solve x = A^-1 b and its derivatives,
 * written by hand in linsolve.c (compiled separately: ckc never sees it).
 *
 * A is n x n, row-major.  The model's
 *   #pragma ck_derivative solve wrt(A, b) out(x) tangent(solve_d)
 *                         adjoint(solve_b) hvp(solve_b_d)
 * tells ckc to use these functions for every call to solve() in
 * differentiated code; their signatures are those of DESIGN §2 for
 * wrt(A, b) out(x).  Any shadow may be a null pointer: the argument
 * carries no derivative at that call.
 */
#ifndef LINSOLVE_H
#define LINSOLVE_H

void solve(int n, const double *A, const double *b, double *x);

/* x = A^-1 b, x_d = A^-1 (b_d - A_d x) */
void solve_d(int n, const double *A, const double *A_d, const double *b,
	     const double *b_d, double *x, double *x_d);
/* x = A^-1 b; l = A^-T x_b; b_b += l; A_b -= l x^T; x_b = 0 */
void solve_b(int n, const double *A, double *A_b, const double *b,
	     double *b_b, double *x, double *x_b);
/* the tangent of solve_b */
void solve_b_d(int n, const double *A, const double *A_d, double *A_b,
	       double *A_bd, const double *b, const double *b_d, double *b_b,
	       double *b_bd, double *x, double *x_d, double *x_b,
	       double *x_bd);

#endif
