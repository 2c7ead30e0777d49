// Vector mode (f_dv, f_b_dv) refuses what it cannot carry in ck_nd
// directions, each where it occurs: an OpenMP parallel loop, a call whose
// derivative the user supplies for one direction, and the address of a
// member of a struct that holds derivatives (its directions are not
// contiguous).  The plain requests of the same functions are accepted.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// RUN: sed 's/ vector$//' %s > %t.plain.c
// RUN: %ckc -fopenmp %t.plain.c -o %t.ok.c
typedef struct Pt {
	double v[2];
	double m;
} Pt;

double solve(double a);
double solve_d(double a, double a_d, double *ret_d);
double solve_b(double a, double *a_b, double ret_b);
#pragma ck_derivative solve wrt(a) tangent(solve_d) adjoint(solve_b)

#pragma ck_tangent wrt(x) vector
double par(const double *x, int n)
{
	double s = 0.0;
// CHECK: vector-refused.c:[[@LINE+1]]:9: error: vector mode does not run OpenMP parallel loops; request this function without 'vector'
#pragma omp parallel for reduction(+ : s)
	for (int i = 0; i < n; i++)
		s += x[i] * x[i];
	return s;
}

#pragma ck_tangent wrt(x) vector
double user(const double *x)
{
// CHECK: vector-refused.c:[[@LINE+2]]:13: error: vector mode cannot call 'solve' here: its derivative is supplied by the user (ck_derivative) for one direction; request this function without 'vector'
// CHECK: vector-refused.c:18:23: note: the ck_derivative of 'solve' is here
	double y = solve(x[0]);
	return y * x[1];
}

static double norm2(const double *v)
{
	return v[0] * v[0] + v[1] * v[1];
}

#pragma ck_tangent wrt(p) vector
double member(const Pt *p)
{
// CHECK: vector-refused.c:[[@LINE+1]]:22: error: vector mode cannot take the address of a member of a struct that holds derivatives
	return p->m * norm2(&p->v[0]);
}
