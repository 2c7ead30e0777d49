// A checkpoint region in a helper that reads a caller's local struct
// through a pointer: the caller's reverse sweep passes its own copy of
// that struct, which holds only its integer and pointer members, so the
// region's recomputation could not read the floating values; it is
// refused as for a double pointer, unless save() names the data (and it
// is not const: save() leaves read-only data out).
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
typedef struct {
	double k;
} Par;

/* named in save(), but read-only: save() leaves const data out */
static void scale(St *s, const Par *pr)
{
#pragma ck_checkpoint save(s[0:1], pr[0:1]) // CHECK: region-struct-pointer-read.c:[[@LINE]]:9: error: this ck_checkpoint region reads data behind 'pr', which the reverse sweep of 'scale' cannot reach, and save() keeps no read-only data; drop the const of 'pr' (save() then keeps its struct), or checkpoint in the caller
	s->q = s->q * pr->k;
}

#pragma ck_adjoint wrt(x)
double g(const double *x)
{
	St s;
	Par pr;
	s.q = x[0];
	pr.k = x[1];
	scale(&s, &pr);
	return s.q;
}
// CHECK-NOT: error
