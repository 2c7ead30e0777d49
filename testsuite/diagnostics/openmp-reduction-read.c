// A reduction variable that the loop reads other than in its update,
// s += x[i] * x[i]; y[i] = s;, reads each thread's partial sum in OpenMP
// (it depends on how the iterations are split among the threads).  The
// reverse mode read the serial running sum (a wrong gradient on two
// threads); it now refuses the loop at the read.  The tangent's loop
// reads the thread's partial as the input does; a loop that f_fwd runs
// thread by thread (a reduction by *, a call) reads the partials too and
// is accepted.  Updates s += e, s -= e, s = s + e and s = e + s are not
// reads.  Nothing is written.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double s = 0.0, y[4];
	int i;
#pragma omp parallel for reduction(+ : s)
	for (i = 0; i < n; i++) {
		s += x[i] * x[i];
		y[i] = s; // CHECK: openmp-reduction-read.c:[[@LINE]]:3: error: the reverse mode does not support this parallel loop: it reads its reduction variable 's' other than to update it, which in OpenMP reads the thread's partial result (it depends on how the iterations are split among the threads); keep the running value in a variable of its own
	}
	// CHECK: openmp-reduction-read.c:[[@LINE-5]]:9: note: the loop's OpenMP pragma is here
	return y[0] + y[1] + y[2] + y[3];
}

#pragma ck_adjoint wrt(x)
double g(const double *x, int n)
{
	double s = 0.0, y[4] = { 0.0 };
	int i;
#pragma omp parallel for reduction(+ : s)
	for (i = 0; i < n; i++) {
		s = s + x[i];
		s = x[i] * x[i] + s;
		s -= x[i];
		if (s > 1.0) // CHECK: openmp-reduction-read.c:[[@LINE]]:3: error: the reverse mode does not support this parallel loop: it reads its reduction variable 's'
			y[i] = x[i];
	}
	// CHECK: note: the loop's OpenMP pragma is here
	return s + y[0];
}

/* accepted: a loop with a reduction by * runs in f_fwd thread by thread,
 * each into partials of its own, and its reads of s and p read the
 * partials as OpenMP's do */
#pragma ck_adjoint wrt(x)
double h(const double *x, int n)
{
	double s = 0.0, p = 1.0, y[4];
	int i;
#pragma omp parallel for reduction(+ : s) reduction(* : p)
	for (i = 0; i < n; i++) {
		p *= 1.0 + x[i];
		s += x[i] * x[i];
		y[i] = s * p;
	}
	return s + p + y[0] + y[3];
}
