// A struct that holds a pointer to integers and one to a local array of
// active data (a sparse matrix's column indices and values, built in the
// kernel): ckc follows a struct's pointer members as one node, so the
// derivative stored into the values would reach the integers too.  The
// message says so and what to do; it spoke of a void or char pointer,
// which the code does not have.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

typedef struct {
	const int *idx;
	double *val;
} pair;

static double get(const pair *A, int i)
{
	return A->val[A->idx[i]];
}

#pragma ck_adjoint wrt(x)
double f(const double *x, const int *idx)
{
	double val[4];
	pair A = { idx, val };
	for (int k = 0; k < 4; k++)
		val[k] = x[k] * x[k]; // CHECK: struct-int-float-pointers.c:[[@LINE]]:3: error: a derivative would flow into the data behind 'idx', which ckc takes for the data of 'val': struct 'A' holds pointers to both, and ckc does not tell a struct's pointer members apart yet; keep the integers' pointer out of that struct, or pass the pointers as arguments of their own
	return get(&A, 0);
}
// CHECK-NOT: error
