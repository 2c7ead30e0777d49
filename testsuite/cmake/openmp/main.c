#include <stdio.h>
#include "kernel_grad.h"

double squares(const double *x, double *y, int n);

int main(void)
{
	double x[100], xd[100], y[100], yd[100], f, d;
	int i;
	for (i = 0; i < 100; i++) {
		x[i] = 0.01 * i;
		xd[i] = 1.0;
	}
	f = squares_d(x, xd, y, yd, 100, &d);
	printf("squares = %.6f\n", f);
	printf("tangent = %.6f\n", d);
	printf("%s\n", f == squares(x, y, 100) ? "ok" : "primal differs");
	return 0;
}
