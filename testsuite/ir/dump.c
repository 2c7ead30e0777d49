// --dump-ir=STAGE prints each function after STAGE on stderr: its
// signature, the variable table, then one node per line, indented two
// spaces per level, with its kind, source line:col and C text.
// RUN: %ckc %s -o %t.c --dump-ir=parse 2>&1 | FileCheck --strict-whitespace %s
// RUN: %ckc %s -o %t.c --dump-ir=tangent 2>&1 | FileCheck %s --check-prefix=TAN

#pragma ck_tangent wrt(x)
double dot(const double *x, const double *w, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += x[i] * w[i];
	if (s > 1.0)
		s = 1.0;
	else
		s = -s;
	return s;
}
// CHECK:      {{^}}=== IR after parse ===
// CHECK-NEXT: {{^}}func dot(const double* x, const double* w, int n) -> double
// CHECK-NEXT: {{^}}  v0 param const double* x
// CHECK-NEXT: {{^}}  v1 param const double* w
// CHECK-NEXT: {{^}}  v2 param int n
// CHECK-NEXT: {{^}}  v3 local double s
// CHECK-NEXT: {{^}}  v4 local int i
// CHECK-NEXT: {{^}}  S_BLOCK @[[@LINE-17]]:1
// CHECK-NEXT: {{^}}    S_DECL @[[@LINE-17]]:{{[0-9]+}}  s = 0.0
// CHECK-NEXT: {{^}}    S_FOR @[[@LINE-17]]:2  i < n
// CHECK-NEXT: {{^}}      init S_DECL @[[@LINE-18]]:{{[0-9]+}}  i = 0
// CHECK-NEXT: {{^}}      inc S_ASSIGN ++ @[[@LINE-19]]:{{[0-9]+}}  i++
// CHECK-NEXT: {{^}}      body S_ASSIGN += @[[@LINE-19]]:3  s += x[i] * w[i]
// CHECK-NEXT: {{^}}    S_IF @[[@LINE-19]]:2  s > 1.0
// CHECK-NEXT: {{^}}      then S_ASSIGN = @[[@LINE-19]]:3  s = 1.0
// CHECK-NEXT: {{^}}      else S_ASSIGN = @[[@LINE-18]]:3  s = -s
// CHECK-NEXT: {{^}}    S_RETURN @[[@LINE-18]]:2  s

// TAN:      === IR after tangent ===
// TAN-NEXT: func dot_d(const double* x, const double* x_d, const double* w, int n, double* ret_d) -> double generated
// TAN:      v{{[0-9]+}} local double s_d
// TAN:      body S_BLOCK
// TAN-NEXT: S_ASSIGN += @{{[0-9]+}}:3  s_d += x_d[i] * w[i]
// TAN-NEXT: S_ASSIGN += @{{[0-9]+}}:3  s += x[i] * w[i]
// TAN:      else S_BLOCK
// TAN-NEXT: S_ASSIGN = @{{[0-9]+}}:3  s_d = -s_d
