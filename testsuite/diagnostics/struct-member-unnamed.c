// A struct with a bit-field or a C11 anonymous member (struct { double
// x; }; inside another) is refused once, at its definition, when code
// reads its members; an anonymous member stopped ckc on an internal
// error, or left a member ckc cannot name in the output.
// RUN: rm -f %t.c
// RUN: bash -c '%ckc %s -o %t.c 2> %t.err; test $? -eq 1'
// RUN: FileCheck %s < %t.err
// RUN: test ! -e %t.c

struct s { // CHECK-DAG: struct-member-unnamed.c:[[@LINE]]:8: error: 'struct s' has a bit-field or an anonymous member, which ckc does not support; give every member a name and a full type
	struct {
		double x;
	};
	double m;
};

struct flags {
	unsigned on : 1; // CHECK-DAG: struct-member-unnamed.c:[[@LINE-1]]:8: error: 'struct flags' has a bit-field or an anonymous member, which ckc does not support; give every member a name and a full type
	double w;
};

#pragma ck_adjoint wrt(v)
double f(double v)
{
	struct s a;
	struct flags g;
	struct { // CHECK-DAG: struct-member-unnamed.c:[[@LINE]]:2: error: this struct type has a bit-field or an anonymous member, which ckc does not support; give every member a name and a full type
		int k : 3;
		double y;
	} p;
	a.x = v;
	a.m = 2.0;
	g.w = v;
	p.y = v * v;
	return a.x * a.m + g.w + p.y;
}
// CHECK-NOT: error:
