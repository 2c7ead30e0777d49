// An array of pointers to active data, set by its initializer or by
// element stores, read or written through, and a pointer to active data
// stored through a pointer to it (put(&v, x) with *dst = x): ckc keeps no
// derivative of pointers held in memory, so it refuses the store, in
// every mode, instead of dropping the derivatives (or blaming the wrt()
// parameters for changes the function does not make).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(a, b)
#pragma ck_adjoint wrt(a, b)
double init(const double *a, const double *b, int n)
{
	const double *rows[2] = { a, b }; // CHECK: pointer-array-active.c:[[@LINE]]:16: error: 'rows' holds pointers to active data in memory (an array of pointers), which ckc does not support yet; index the arrays themselves, or keep one pointer variable per array
	double s = 0;
	for (int i = 0; i < n; i++)
		s += rows[0][i] * rows[1][i];
	return s;
}

static void put(void **dst, const double *x)
{
	*dst = (void *)x; // CHECK: pointer-array-active.c:[[@LINE]]:2: error: this stores a pointer to active data in memory, through 'dst', which ckc does not support yet; keep the pointer in a variable, or pass the data itself
}

/* a pointer handed back through a pointer to it (the tangent used to be
 * zero) */
#pragma ck_tangent wrt(x)
double handed(const double *x)
{
	void *v;
	put(&v, x);
	const double *d = v;
	return d[0] * d[2];
}

#pragma ck_adjoint wrt(a, b)
double stored(const double *a, const double *b, int n)
{
	const double *rows[2];
	rows[0] = a; // CHECK: pointer-array-active.c:[[@LINE]]:2: error: 'rows' holds pointers to active data in memory (an array of pointers), which ckc does not support yet; index the arrays themselves, or keep one pointer variable per array
	rows[1] = b; // CHECK: pointer-array-active.c:[[@LINE]]:2: error: 'rows' holds pointers
	double s = 0;
	for (int i = 0; i < n; i++)
		s += rows[0][i] * rows[1][i];
	return s;
	// CHECK-NOT: changes the data it points to
}

#pragma ck_hvp wrt(a) out(a)
double written(double *a, int n)
{
	double *rows[1] = { a }; // CHECK: pointer-array-active.c:[[@LINE]]:10: error: 'rows' holds pointers to active data in memory
	for (int i = 0; i < n; i++)
		rows[0][i] = rows[0][i] * rows[0][i];
	return a[0];
}
