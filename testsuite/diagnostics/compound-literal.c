// A compound literal becomes an object initialized before its statement
// (structs/compound-literal.c); where C evaluates it later than that, or
// again, it is refused: in a loop's header, in an arm of ?:, and on the
// right of && or ||.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusals in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/compound-literal.c
// RUN: not %ckc %t.adj/compound-literal.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

typedef struct {
	double x, y;
} vec2;

static double norm2(vec2 a)
{
	return a.x * a.x + a.y * a.y;
}

#pragma ck_tangent wrt(x)
double header(double x)
{
	int i;
	for (i = 0; norm2((vec2){x, i}) < 10; i++) // CHECK: compound-literal.c:[[@LINE]]:20: error: a compound literal in a loop's header is not supported; declare a variable before the loop
		x = x * 1.5;
	return x;
}

#pragma ck_tangent wrt(x)
double arm(double x, int c)
{
	return c ? norm2((vec2){x, 1}) : x; // CHECK: compound-literal.c:[[@LINE]]:19: error: a compound literal in an arm of ?: or on the right of && or || is not supported; declare a variable before the statement
}

#pragma ck_tangent wrt(x)
double right(double x, int c)
{
	if (c && norm2((vec2){x, 2}) > 1) // CHECK: compound-literal.c:[[@LINE]]:17: error: a compound literal in an arm of ?: or on the right of && or || is not supported; declare a variable before the statement
		x = x * x;
	return x;
}
// CHECK-NOT: error
