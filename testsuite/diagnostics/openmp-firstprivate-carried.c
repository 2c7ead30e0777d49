// A firstprivate variable (or one declared with a value in the parallel
// region) that the loop reads before setting it goes from one iteration
// to the next of each thread: its values depend on how the iterations are
// split among the threads.  The tangent's loop does the same as the
// input's; the reverse mode refuses it, once, at the loop (its reverse
// sweep took c for one chain through all iterations: f_b gave 4 3 2 1
// where 2 1 2 1 is right on two threads), also where the loop changes it
// through a helper's pointer or an element.  Nothing is written.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: sed '/pragma ck_adjoint/d' %s > %t.dir/t.c
// RUN: %ckc --tangent g:wrt=x %t.dir/t.c -o %t.dir/t_grad.c
// RUN: FileCheck %s --check-prefix=TAN --input-file %t.dir/t_grad.c

#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double s = 0.0, c = 0.0;
	int i;
#pragma omp parallel for firstprivate(c) reduction(+ : s)
	for (i = 0; i < n; i++) { // CHECK: openmp-firstprivate-carried.c:[[@LINE]]:2: error: the reverse mode does not support this parallel loop: 'c' is private to each thread with the value it had before the loop (firstprivate, or declared in the parallel region), and the loop reads it before setting it, so its value goes from one iteration to the next of a thread; set it in each iteration before reading it, or use a reduction
		c = c + x[i];
		s += c;
	}
	// CHECK: openmp-firstprivate-carried.c:[[@LINE-5]]:9: note: the loop's OpenMP pragma is here
	return s;
}

#pragma ck_adjoint wrt(x)
double r(const double *x, double a, int n)
{
	double s = 0.0;
#pragma omp parallel
	{
		double c = a;
		int i;
#pragma omp for reduction(+ : s)
		for (i = 0; i < n; i++) { // CHECK: openmp-firstprivate-carried.c:[[@LINE]]:3: error: the reverse mode does not support this parallel loop: 'c' is private
			c = 0.5 * c + x[i];
			s += c * c;
		}
		// CHECK: note: the loop's OpenMP pragma is here
	}
	return s;
}

/* through a helper's pointer: runs serially in f_fwd (a call), and was
 * accepted there (f_b's primal was 10.86 where f is 7.53 on two
 * threads) */
static void ema(double *c, double v)
{
	*c = 0.5 * *c + v;
}

#pragma ck_adjoint wrt(x)
double h(const double *x, int n)
{
	double s = 0.0, c = x[0];
	int i;
#pragma omp parallel for firstprivate(c) reduction(+ : s)
	for (i = 0; i < n; i++) { // CHECK: openmp-firstprivate-carried.c:[[@LINE]]:2: error: the reverse mode does not support this parallel loop: 'c' is private
		ema(&c, x[i]);
		s += c * c;
	}
	// CHECK: note: the loop's OpenMP pragma is here
	return s;
}

/* through an element of an array */
#pragma ck_adjoint wrt(x)
double e(const double *x, int n)
{
	double s = 0.0, m[2] = { 0.0, 1.0 };
	int i;
#pragma omp parallel for firstprivate(m) reduction(+ : s)
	for (i = 0; i < n; i++) { // CHECK: openmp-firstprivate-carried.c:[[@LINE]]:2: error: the reverse mode does not support this parallel loop: 'm' is private
		m[0] = 0.5 * m[0] + x[i];
		s += m[0] * m[1];
	}
	// CHECK: note: the loop's OpenMP pragma is here
	return s;
}

double g(const double *x, int n)
{
	double s = 0.0, c = 0.0;
	int i;
#pragma omp parallel for firstprivate(c) reduction(+ : s)
	for (i = 0; i < n; i++) {
		c = c + x[i];
		s += c;
	}
	return s;
}
// TAN: #pragma omp for firstprivate(c, c_d)
