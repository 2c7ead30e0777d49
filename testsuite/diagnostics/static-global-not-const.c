// A static global that is not const and that the file may change cannot
// be shared with the generated file; the error is at the use, with notes
// at the declaration and at the change (through a pointer parameter of a
// function of the file, the pointer is named).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/static-global-not-const.c
// RUN: not %ckc %t.adj/static-global-not-const.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#include <string.h>

void set_table(double v);
void set_coef(double v);
void set_tab(double v);

static double table[2] = {1.0, 2.0}; // CHECK-DAG: static-global-not-const.c:[[@LINE]]:15: note: 'table' declared here
static double coef[2] = {1.0, 2.0}; // CHECK-DAG: static-global-not-const.c:[[@LINE]]:15: note: 'coef' declared here
static double tab[2] = {1.0, 2.0}; // CHECK-DAG: static-global-not-const.c:[[@LINE]]:15: note: 'tab' declared here

static void scale(double *c, double v)
{
	c[1] *= v; // CHECK-DAG: static-global-not-const.c:[[@LINE]]:2: note: 'coef' may change here, through 'c' (ckc follows pointers into it through local pointers and parameters of the file's functions)
}

void set_table(double v)
{
	table[0] = v; // CHECK-DAG: static-global-not-const.c:[[@LINE]]:2: note: 'table' may change here
}

void set_coef(double v)
{
	scale(coef, v);
}

/* memchr takes a const void *, but returns a pointer into the data */
void set_tab(double v)
{
	double *p = memchr(tab, 0, sizeof tab); // CHECK-DAG: static-global-not-const.c:[[@LINE]]:21: note: 'tab' may change here
	if (p)
		*p = v;
}

#pragma ck_tangent wrt(x)
double f(double x)
{
	return x * table[1] + coef[0] + tab[1]; // CHECK-DAG: static-global-not-const.c:[[@LINE]]:13: error: static variable 'table' is not const and may change, so the generated code cannot share it; declare it const or remove 'static' (a work buffer may stay static when one function, and helpers it alone calls, use it, and that function's first statement that mentions it assigns all of it)
	// CHECK-DAG: static-global-not-const.c:[[@LINE-1]]:24: error: static variable 'coef' is not const and may change, so the generated code cannot share it; declare it const or remove 'static' (a work buffer may stay static when one function, and helpers it alone calls, use it, and that function's first statement that mentions it assigns all of it)
	// CHECK-DAG: static-global-not-const.c:[[@LINE-2]]:34: error: static variable 'tab' is not const and may change, so the generated code cannot share it; declare it const or remove 'static' (a work buffer may stay static when one function, and helpers it alone calls, use it, and that function's first statement that mentions it assigns all of it)
}
