// A global (or a part of one) passed to a helper that stores derivatives
// into it is refused at the argument, naming the global and the helper's
// parameter: the helper carries no pragma, so its parameter cannot be
// named in out().
// RUN: rm -f %t.c
// RUN: bash -c '%ckc %s -o %t.c 2> %t.err; test $? -eq 1'
// RUN: FileCheck %s < %t.err
// RUN: test ! -e %t.c
// The same in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/global-argument-to-helper.c
// RUN: bash -c '%ckc %t.adj/global-argument-to-helper.c -o %t.adj/out.c 2> %t.adj/err; test $? -eq 1'
// RUN: FileCheck %s < %t.adj/err
// RUN: test ! -e %t.adj/out.c

double G[4];
struct state { double v[3]; int n; } S;

static void fill(double *a, int n, double v)
{
	for (int i = 0; i < n; i++)
		a[i] = v * i;
}

static void fill2(double *a, double v)
{
	fill(a, 2, v);
}

#pragma ck_tangent wrt(x)
double f(double x)
{
	fill(G, 4, x); // CHECK-DAG: global-argument-to-helper.c:[[@LINE]]:7: error: a derivative would flow into global variable 'G' through parameter 'a' of 'fill', which ckc does not support; keep the global inactive or pass the data as a parameter
	return G[1] + G[2];
}

#pragma ck_tangent wrt(x)
double g(double x)
{
	fill(&G[1], 2, 2.0);
	fill2(G + 1, x); // CHECK-DAG: global-argument-to-helper.c:[[@LINE]]:8: error: a derivative would flow into global variable 'G' through parameter 'a' of 'fill2', which ckc does not support; keep the global inactive or pass the data as a parameter
	fill(S.v, 3, x * x); // CHECK-DAG: global-argument-to-helper.c:[[@LINE]]:9: error: a derivative would flow into global variable 'S' through parameter 'a' of 'fill', which ckc does not support; keep the global inactive or pass the data as a parameter
	return G[1] * S.v[2];
}
// CHECK-NOT: error:
