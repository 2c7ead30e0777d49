// What online(K), budget(BYTES) and disk(D) refuse in the pragma, each at
// its location: a clause that is not a positive constant (or a budget
// beyond 2^40 bytes), clauses that exclude each other (disk(D) without
// binomial(K) or online(K)), a statement that is not a loop.  (Errors in
// pragmas come first, in file order; then the statements a pragma cannot
// go before.)
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x)
double f1(double x, double T)
{
	double t = 0.0;
// CHECK: online-refused.c:[[@LINE+1]]:30: error: online() takes a positive integer, not 0
#pragma ck_checkpoint online(0)
	while (t < T) {
		x = x * 0.5;
		t += 0.1;
	}
	return x;
}

#pragma ck_adjoint wrt(x)
double f2(double x, double T)
{
	double t = 0.0;
// CHECK: online-refused.c:[[@LINE+1]]:33: error: binomial(K) and online(K) exclude each other: binomial for a loop whose trip count is known when it starts, online for one whose is not
#pragma ck_checkpoint online(4) binomial(4)
	while (t < T) {
		x = x * 0.5;
		t += 0.1;
	}
	return x;
}

#pragma ck_adjoint wrt(x)
double f3(double x, double T)
{
	double t = 0.0;
// CHECK: online-refused.c:[[@LINE+1]]:33: error: budget(BYTES) chooses the snapshot count itself: give it without binomial(K) or online(K)
#pragma ck_checkpoint online(4) budget(1000000)
	while (t < T) {
		x = x * 0.5;
		t += 0.1;
	}
	return x;
}

#pragma ck_adjoint wrt(x)
double f8(double x, double T)
{
	double t = 0.0;
// CHECK: online-refused.c:[[@LINE+1]]:30: error: budget() takes at most 2^40 bytes
#pragma ck_checkpoint budget(1024 * 1024 * 1024 * 1024 * 2)
	while (t < T) {
		x = x * 0.5;
		t += 0.1;
	}
	return x;
}

#pragma ck_adjoint wrt(x)
double f9(double x, double T)
{
	double t = 0.0;
// CHECK: online-refused.c:[[@LINE+1]]:36: error: disk(D) goes with binomial(K) or online(K): it keeps snapshots in files beyond the K in memory
#pragma ck_checkpoint budget(4096) disk(2)
	while (t < T) {
		x = x * 0.5;
		t += 0.1;
	}
	return x;
}

#pragma ck_adjoint wrt(x)
double f4(double x)
{
// CHECK: online-refused.c:[[@LINE+1]]:9: error: online(K) must be followed by a loop (while, do or for)
#pragma ck_checkpoint online(4)
	x = x * 0.5;
	return x;
}

#pragma ck_adjoint wrt(x)
double f5(double x)
{
// CHECK: online-refused.c:[[@LINE+1]]:9: error: budget(BYTES) must be followed by a loop (while, do or for)
#pragma ck_checkpoint budget(4096)
	{
		x = x * 0.5;
	}
	return x;
}
