// Checkpoint placement is checked only in converted functions.
// RUN: %ckc %s -o %t.c 2>&1 | count 0
// RUN: test -s %t.c

#pragma ck_tangent wrt(x)
double f(double x)
{
	return x * x;
}

double unused(double x)
{
	x = x * 2.0;
#pragma ck_checkpoint
}
