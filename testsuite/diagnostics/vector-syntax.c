// 'vector' belongs to ck_tangent and ck_hvp (there is no vector adjoint),
// is given once, and a plain and a vector request of one mode may stack,
// but not two vector ones.  On the command line it is the spec's last
// part.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// RUN: not %ckc %s --tangent 'f:wrt=x:vectors' -o %t2.c 2>&1 | FileCheck %s --check-prefix=CLI
// RUN: not %ckc %s --adjoint 'f:wrt=x:vector' -o %t2.c 2>&1 | FileCheck %s --check-prefix=CLI-ADJ
// CLI: error: invalid --tangent argument 'f:wrt=x:vectors': expected 'function:wrt=a,b[:out=y][:vector]'
// CLI-ADJ: error: invalid --adjoint argument 'f:wrt=x:vector': expected 'function:wrt=a,b[:out=y]'

// CHECK: vector-syntax.c:[[@LINE+1]]:27: error: unexpected 'vector' in ck_adjoint pragma
#pragma ck_adjoint wrt(x) vector
double f(double x)
{
	return x * x;
}

// CHECK: vector-syntax.c:[[@LINE+1]]:30: error: 'vector' given twice
#pragma ck_hvp wrt(x) vector vector
double g(double x)
{
	return x * x * x;
}

#pragma ck_tangent wrt(x)
#pragma ck_tangent wrt(x) vector
// CHECK: vector-syntax.c:[[@LINE+2]]:9: error: 'h' already has a ck_tangent ... vector request
// CHECK: vector-syntax.c:[[@LINE-2]]:9: note: the first is here
#pragma ck_tangent wrt(x) vector
double h(double x)
{
	return x / (1 + x);
}
