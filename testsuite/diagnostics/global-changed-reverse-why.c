// An integer global read as an index by the reverse sweep is refused when
// something may change it before that sweep runs, and the note says what:
// a function defined elsewhere that may change any global (exit and abort,
// which end the program, do not count), a pointer to the global, a store
// through a global pointer, or a pointer that a global struct holds passed
// to a function of the file (main may have pointed it at W: fill(S.p)
// changed W, and the reverse sweep read W's last value).
// RUN: not %ckc -DCASE=1 %s -o %t.c 2>&1 | FileCheck %s --check-prefixes=ERR,CALL
// RUN: not %ckc -DCASE=2 %s -o %t.c 2>&1 | FileCheck %s --check-prefixes=ERR,ADDR
// RUN: not %ckc -DCASE=3 %s -o %t.c 2>&1 | FileCheck %s --check-prefixes=ERR,PTR
// RUN: not %ckc -DCASE=4 %s -o %t.c 2>&1 | FileCheck %s --check-prefixes=ERR,HELD
// RUN: test ! -e %t.c

#include <stdlib.h>

int W = 2;
int *gp;
struct st {
	int *p;
} S;
void log_step(int i);
void set_int(int *p);

static void fill(int *p)
{
	p[0] = 1;
}

#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++) {
		if (n < 0)
			exit(1);
		if (n > 100)
			abort();
#if CASE == 1
		log_step(i);
#elif CASE == 2
		if (n > 100)
			set_int(&W);
#elif CASE == 3
		gp[0] = i;
#else
		fill(S.p);
#endif
		s += x[i] * x[(i + W) % n]; // ERR: global-changed-reverse-why.c:[[@LINE]]:22: error: the reverse sweep reads the global 'W' again here, but the program may change it, so the value it had is gone; copy it into a local variable and use that
	}
	return s;
}
// CALL-NEXT: global-changed-reverse-why.c:39:3: note: 'log_step' may change globals; it is called here
// ADDR-NEXT: global-changed-reverse-why.c:42:12: note: a pointer to 'W' is taken here, through which it may change
// PTR-NEXT: global-changed-reverse-why.c:44:3: note: a store through a pointer held in 'gp' here may change any global
// HELD-NEXT: global-changed-reverse-why.c:46:10: note: a pointer held in 'S' is used here, through which any global may change
// ERR-NOT: error:
