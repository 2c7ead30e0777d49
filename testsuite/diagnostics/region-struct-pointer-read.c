// A checkpoint region in a helper that reads a caller's local struct
// through a pointer: the caller's reverse sweep passes its own copy of
// that struct, which holds only its integer and pointer members, so the
// region's recomputation could not read the floating values; it is
// refused as for a double pointer, unless save() names the data.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
typedef struct {
	double q;
} St;

static void step(const St *in, St *out)
{
#pragma ck_checkpoint save(out[0:1]) // CHECK: region-struct-pointer-read.c:[[@LINE]]:9: error: this ck_checkpoint region reads data behind 'in', which the reverse sweep of 'step' cannot reach; checkpoint in the caller
	out->q = in->q * in->q;
}

#pragma ck_adjoint wrt(x)
double f(const double *x)
{
	St a, b;
	a.q = x[0];
	step(&a, &b);
	return b.q * b.q;
}
// CHECK-NOT: error
