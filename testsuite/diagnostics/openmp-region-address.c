// A variable of a '#pragma omp parallel' region set to the address of
// another of its variables, double *pc = &c (or double *ph = h, an
// array): ckc makes the region's variables private (firstprivate) to the
// loop's threads, declared before the region, so every thread's copy of
// pc pointed at one shared c (f_d returned 0 where 30 is right, one
// thread; wrong gradients on two).  Refused at the declaration, in every
// mode.  Nothing is written.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
#pragma omp parallel
	{
		double c = 0.0;
		double *pc = &c; // CHECK: openmp-region-address.c:[[@LINE]]:11: error: 'pc' of this '#pragma omp parallel' region is set to the address of 'c', another variable of the region: ckc makes the region's variables private to the loop's threads, and each thread's copy of 'pc' would point at one shared 'c'; set 'pc' inside the loop
		int i;
#pragma omp for reduction(+ : s)
		for (i = 0; i < n; i++) {
			*pc = x[i] * x[i];
			s += c;
		}
	}
	return s;
}

#pragma ck_adjoint wrt(x)
double g(const double *x, int n)
{
	double s = 0.0;
#pragma omp parallel
	{
		double h[4];
		double *ph = h; // CHECK: openmp-region-address.c:[[@LINE]]:11: error: 'ph' of this '#pragma omp parallel' region is set to the address of 'h', another variable
		int i;
#pragma omp for reduction(+ : s)
		for (i = 0; i < n; i++) {
			for (int j = 0; j < 4; j++)
				ph[j] = x[i] * j;
			s += h[0] * h[3];
		}
	}
	return s;
}
