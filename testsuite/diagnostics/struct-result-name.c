// The seed of a struct result is the parameter ret_b of f_b
// (structs/struct-result.c): a variable of that name in the function is
// refused, as for a double result.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

typedef struct {
	double x, y;
} v2;

#pragma ck_adjoint wrt(a)
v2 sc(v2 a, double ret_b) // CHECK: struct-result-name.c:[[@LINE]]:4: error: cannot name the seed of the struct result of 'sc_b': 'ret_b' is already a variable of the function; rename it
{
	v2 r = {a.x * ret_b, a.y};
	return r;
}
