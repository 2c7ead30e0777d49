// A checkpoint region in a helper that changes the data behind a double *
// parameter its reverse sweep does not receive is refused, at the
// pragma, when save() does not name the data, when an index provably
// falls outside the section it names (f_bwd recomputes the region in a
// buffer that holds the section alone), when the section's bounds are
// not integer parameters the helper leaves alone (the buffer is made
// before the snapshot comes back), and when a call passes the parameter
// data another argument reaches too (a buffer of its own would lose the
// alias).  The accepted forms:
// checkpoint/helper-parameter-scratch.c.
// RUN: rm -f %t.c
// RUN: bash -c '%ckc %s -o %t.c 2> %t.err; test $? -eq 1'
// RUN: FileCheck %s < %t.err
// RUN: test ! -e %t.c

static void unnamed(double *u, int n)
{
#pragma ck_checkpoint // CHECK-DAG: region-helper-parameter.c:[[@LINE]]:9: error: this ck_checkpoint region uses data behind 'u' that the function changes; say how much of it to save: save(u[lo:len])
	for (int i = 0; i < n; i++)
		u[i] = u[i] * u[i];
}

static void outside(double *u, int n)
{
#pragma ck_checkpoint save(u[0:n - 1]) // CHECK-DAG: region-helper-parameter.c:[[@LINE]]:9: error: the checkpoint region reads data behind 'u', which the reverse sweep of 'outside' cannot reach and ckc cannot recompute in a buffer of its own (the region indexes it outside the section that save() names); checkpoint in the caller
	for (int i = 0; i < n - 1; i++)
		u[i] = u[i] * u[i + 1];
}

static void local_bound(double *u, int n)
{
	int m = n / 2;
#pragma ck_checkpoint save(u[0:m]) // CHECK-DAG: region-helper-parameter.c:[[@LINE]]:9: error: the checkpoint region reads data behind 'u', which the reverse sweep of 'local_bound' cannot reach and ckc cannot recompute in a buffer of its own (the bounds of its section in save() are not sums of integer parameters that the function leaves alone); checkpoint in the caller
	for (int i = 0; i < m; i++)
		u[i] = u[i] * 0.5 + u[i] * u[i];
}

static void mix(double *a, double *b)
{
#pragma ck_checkpoint save(a[0:1], b[0:1]) // CHECK-DAG: region-helper-parameter.c:[[@LINE]]:9: error: the checkpoint region reads data behind 'a', which the reverse sweep of 'mix' cannot reach and ckc cannot recompute in a buffer of its own (a call passes it data that another argument reaches too); checkpoint in the caller
	// CHECK-DAG: region-helper-parameter.c:[[@LINE-1]]:9: error: the checkpoint region reads data behind 'b', which the reverse sweep of 'mix' cannot reach and ckc cannot recompute in a buffer of its own (a call passes it data that another argument reaches too); checkpoint in the caller
	{
		a[0] = a[0] * 2.0;
		b[0] = b[0] * a[0];
	}
}

#pragma ck_adjoint wrt(x)
double f(const double *x)
{
	double u[4];
	for (int i = 0; i < 4; i++)
		u[i] = x[i];
	unnamed(u, 4);
	outside(u, 4);
	local_bound(u, 4);
	mix(u, u);
	return u[0] + u[1] + u[2] + u[3];
}
// CHECK-NOT: error:
