// Integers behind a pointer that a checkpoint region, a binomial(K) step
// or an online(K) step changes (a random generator's state *seed, a
// counter (*nclip)++, a histogram, a struct of counters, a caller's
// position *k advanced in a helper's region) must be named in save(), as
// floating data must: the recomputation started from the values the
// forward sweep left there, and the gradient was wrong (x_b 0 4 0 where
// 2 0 0 is right for the helper).  Each is refused at its pragma;
// checkpoint/int-behind-pointer-saved.c saves them.  Nothing is written.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x)
double lcg(const double *x, unsigned *seed, int n)
{
	double s = 0.0;
#pragma ck_checkpoint // CHECK: region-int-behind-pointer.c:[[@LINE]]:9: error: this ck_checkpoint region uses data behind 'seed' that the function changes; say how much of it to save: save(seed[lo:len])
	for (int i = 0; i < n; i++) {
		*seed = *seed * 1664525u + 1013904223u;
		s += (*seed >> 8) * (1.0 / 16777216.0) * x[i] * x[i];
	}
	return s;
}

typedef struct {
	int frames, clipped;
} stats;

#pragma ck_adjoint wrt(x)
double count(const double *x, stats *st, int n)
{
	double s = 0.0;
#pragma ck_checkpoint binomial(2) // CHECK: region-int-behind-pointer.c:[[@LINE]]:9: error: this binomial(K) loop uses data behind 'st' that the function changes; say how much of it to save: save(st[lo:len])
	for (int i = 0; i < n; i++) {
		st->frames++;
		s += x[i] * x[i] * st->frames;
	}
	return s;
}

static double take(const double *x, int *k)
{
	double e;
#pragma ck_checkpoint // CHECK: region-int-behind-pointer.c:[[@LINE]]:9: error: this ck_checkpoint region uses data behind 'k' that the function changes; say how much of it to save: save(k[lo:len])
	{
		e = x[*k] * x[*k];
		*k = *k + 1;
	}
	return e;
}

#pragma ck_adjoint wrt(x)
double pos(const double *x)
{
	int k = 0;
	return take(x, &k);
}
