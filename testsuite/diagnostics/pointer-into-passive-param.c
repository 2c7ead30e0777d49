// A local pointer that may point into a pointer parameter named in
// neither wrt() nor out() and into active data (a layer's input: the
// sequence for the first layer, the state below for the others) gives the
// passive parameter a derivative.  ckc says so at the pointer, and asks for
// the parameter in wrt(): it is read, nothing flows into it.  It said "a
// derivative flows into 'seq' ... add it to out()" before, for const data,
// and without a location when the pointer also points into an active
// parameter.  (A choice whose condition calls nothing, l == 0 ? &seq[t] :
// &state[l - 1], is an if, which the tangent follows with seq's elements
// as constants: adjoint/pointer-select-params.c; here the condition calls
// a function.)
// RUN: rm -f %t.c
// RUN: bash -c '%ckc %s -o %t.c 2> %t.err; test $? -eq 1'
// RUN: FileCheck %s < %t.err
// RUN: test ! -e %t.c

static int first(int l)
{
	return l == 0;
}

#pragma ck_tangent wrt(state)
double f(const double *seq, double *state, int layers, int t)
{
	double s = 0.0;
	for (int l = 0; l < layers; l++) {
		const double *x = first(l) ? &seq[t] : &state[l - 1]; // CHECK: pointer-into-passive-param.c:[[@LINE]]:17: error: 'x' may point into 'seq', a pointer parameter of 'f' named in neither wrt() nor out(), and into active data; add 'seq' to wrt()
		state[l] = state[l] * x[0];
		s += state[l];
	}
	return s;
}
// CHECK: pointer-into-passive-param.c:23:24: note: 'seq' declared here
// CHECK-NOT: error
