// Vector mode cannot pass an array member of a struct that holds
// derivatives to a function (dot3(L->W[0], x)): the member's directions
// are one per copy of the struct, not the contiguous ck_nd values per
// element a shadow argument is.  The error says so and what to do; the
// same code with the row copied into a local array first is accepted.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: sed '/^#pragma ck_tangent wrt(L, x) vector$/,/^}$/d' %s > %t.d/copied.c
// RUN: %ckc %t.d/copied.c -o %t.d/ok.c

typedef struct {
	double W[2][3];
	double b;
} layer;

static double dot3(const double *a, const double *x)
{
	return a[0] * x[0] + a[1] * x[1] + a[2] * x[2];
}

#pragma ck_tangent wrt(L, x) vector
double f(const layer *L, const double *x)
{
	return dot3(L->W[0], x) + L->b; // CHECK: vector-struct-array-member-arg.c:[[@LINE]]:14: error: vector mode cannot pass an array member of a struct that holds derivatives (its directions are one per copy of the struct); copy the member into a local array first
}

/* (two blanks before vector: the sed of the RUN lines keeps g) */
#pragma ck_tangent wrt(L, x)  vector
double g(const layer *L, const double *x)
{
	double w[3];
	for (int i = 0; i < 3; i++)
		w[i] = L->W[0][i];
	return dot3(w, x) + L->b;
}
// CHECK-NOT: error
