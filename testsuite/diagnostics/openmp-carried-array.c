// A firstprivate array (or one declared with a value in the parallel
// region) that the loop hands to a helper, ema(c, v) or ema(&c[0], v),
// or reaches through a pointer to its element, double *q = &c[0], is
// changed through that pointer and carries its value from one iteration
// to the next of each thread, as c[0] = 0.5 * c[0] + v does.  It was
// accepted (f_b gave 6.125 and 3.75 3.5 3 2 where 5 and 3 2 3 2 are right
// on two threads, x = 1 1 1 1); the reverse mode now refuses it at the
// loop, as it does the direct form (openmp-firstprivate-carried.c).
// Nothing is written.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

static void ema(double *c, double v)
{
	c[0] = 0.5 * c[0] + v;
}

#pragma ck_adjoint wrt(x)
double whole(const double *x, int n)
{
	double c[1] = { 0.0 }, s = 0.0;
	int i;
#pragma omp parallel for firstprivate(c) reduction(+ : s)
	for (i = 0; i < n; i++) { // CHECK: openmp-carried-array.c:[[@LINE]]:2: error: the reverse mode does not support this parallel loop: 'c' is private to each thread with the value it had before the loop (firstprivate, or declared in the parallel region), and the loop reads it before setting it, so its value goes from one iteration to the next of a thread; set it in each iteration before reading it, or use a reduction
		ema(c, x[i] * x[i]);
		s += c[0];
	}
	// CHECK: openmp-carried-array.c:[[@LINE-5]]:9: note: the loop's OpenMP pragma is here
	return s;
}

#pragma ck_adjoint wrt(x)
double elem(const double *x, int n)
{
	double c[1] = { 0.0 }, s = 0.0;
	int i;
#pragma omp parallel for firstprivate(c) reduction(+ : s)
	for (i = 0; i < n; i++) { // CHECK: openmp-carried-array.c:[[@LINE]]:2: error: the reverse mode does not support this parallel loop: 'c' is private
		ema(&c[0], x[i] * x[i]);
		s += c[0];
	}
	// CHECK: note: the loop's OpenMP pragma is here
	return s;
}

#pragma ck_adjoint wrt(x)
double region(const double *x, int n)
{
	double s = 0.0;
#pragma omp parallel
	{
		double c[1] = { 0.0 };
		int i;
#pragma omp for reduction(+ : s)
		for (i = 0; i < n; i++) { // CHECK: openmp-carried-array.c:[[@LINE]]:3: error: the reverse mode does not support this parallel loop: 'c' is private
			double *q = &c[0];
			*q = 0.5 * *q + x[i] * x[i];
			s += c[0];
		}
		// CHECK: note: the loop's OpenMP pragma is here
	}
	return s;
}
