// A goto out of a checkpoint region and out of the loop around it is
// refused in reverse mode, at the goto, or at the region's loop that the
// goto leaves; ckc spoke of a break, which the source does not have.  A goto
// that leaves a region without leaving a loop around it is accepted
// (adjoint/goto.c).
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++) {
#pragma ck_checkpoint
		{
			s += x[i] * x[i];
			if (s > 10.0)
				goto done; // CHECK: checkpoint-goto-leaves.c:[[@LINE]]:5: error: this goto leaves the ck_checkpoint region and the loop around it, which reverse mode does not support; put the whole loop in the region
		}
	}
done:
	return s;
}

#pragma ck_adjoint wrt(x)
double g(const double *x, int n)
{
	double s = 0.0;
	for (int t = 0; t < 3; t++) {
#pragma ck_checkpoint
		{
			for (int i = 0; i < n; i++) { // CHECK: checkpoint-goto-leaves.c:[[@LINE]]:4: error: a goto in this loop leaves the ck_checkpoint region and the loop around it, which reverse mode does not support; put the whole loop in the region
				s += x[i] * x[i];
				if (s > 10.0)
					goto done;
			}
			s *= 0.5;
		}
	}
done:
	return s;
}
// CHECK-NOT: error
