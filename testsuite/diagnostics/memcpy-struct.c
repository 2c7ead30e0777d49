// memcpy and memset of structs holding floating data become struct
// assignments (structs/memcpy-struct.c); refused: a copy between
// different types, memset to anything but 0, a size that is not a count
// of structs, and memmove of several structs.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <string.h>

typedef struct {
	double a, b;
} pa;

typedef struct {
	double a, b;
} pb;

#pragma ck_tangent wrt(x)
double f(const pa *x, int n)
{
	pa s;
	pb t;
	pa w[4];
	memcpy(&t, &x[0], sizeof t); // CHECK: memcpy-struct.c:[[@LINE]]:2: error: memcpy between different types is not supported; assign the struct instead
	memset(&s, 1, sizeof s); // CHECK: memcpy-struct.c:[[@LINE]]:13: error: memset of a struct to anything but 0 is not supported; assign its members
	memcpy(&s, x, 12); // CHECK: memcpy-struct.c:[[@LINE]]:16: error: ckc cannot tell how many structs this memcpy covers; write the size as a count times sizeof of the struct
	memcpy(w, x, 4 * sizeof *w);
	memmove(w + 1, w, 3 * sizeof *w); // CHECK: memcpy-struct.c:[[@LINE]]:2: error: memmove of several structs is not supported; use memcpy where they never overlap, or a loop
	return s.a + t.b + w[n % 4].a;
}
// CHECK-NOT: error
