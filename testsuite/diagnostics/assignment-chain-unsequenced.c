// Assignment chains are split into statements (inner assignment first),
// unless the value of the inner assignment is not its target read again,
// or C leaves the order of the two stores unsequenced.  One error each.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x)
double f(double *x, const int *idx, int n)
{
	double a;
	int i = 0, j;
	a = x[i++] = 1.0; // CHECK: assignment-chain-unsequenced.c:[[@LINE]]:8: error: this increment (or decrement) is not supported here: ckc moves one out of an expression only where C runs it on every evaluation, or where later operands of a loop's && condition or an if's && and || condition hold it, and nothing else in the expression reads its variable; make it a statement of its own
	x[1] = a = i++; // CHECK: assignment-chain-unsequenced.c:[[@LINE]]:13: error: this assignment inside an assignment is not supported (the value of x++ or x-- is the old one); make it a statement of its own
	x[i] = i = 2; // CHECK: assignment-chain-unsequenced.c:[[@LINE]]:2: error: the target of this assignment reads what the assignment inside it changes; make the inner assignment a statement of its own
	a = x[idx[0]] = 3.0; // CHECK: assignment-chain-unsequenced.c:[[@LINE]]:6: error: this assignment inside an assignment is not supported (its target's address is read from memory the assignment may change); make it a statement of its own
	for (int k = j = 0; k < n; k++) // CHECK: assignment-chain-unsequenced.c:[[@LINE]]:15: error: an assignment inside the initializer of a for-loop declaration is not supported; assign before the loop
		a += x[k];
	return a;
}
