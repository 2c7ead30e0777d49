/* Popping more than was pushed is a bug of the caller: the runtime says so
 * and aborts instead of reading garbage. */
// RUN: %cc %s -o %t %ckrt
// RUN: not --crash %t 2>&1 | FileCheck %s
// CHECK: ckrt: pop from an empty tape (double entries): pushes and pops do not match
#include <stdio.h>

#include "ckrt.h"

int main(void)
{
	ck_tape *t = ck_tape_get();
	int i;

	for (i = 0; i < 5000; i++)
		ck_push_d(t, i);
	for (i = 0; i < 5000; i++)
		ck_pop_d(t);
	printf("%g\n", ck_pop_d(t));
	return 0;
}
