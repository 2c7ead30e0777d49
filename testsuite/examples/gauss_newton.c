/* examples/gauss_newton: a pinhole camera (10 parameters) fitted to 120
 * noisy residuals by Levenberg-Marquardt, the Jacobian from the
 * vector-mode tangent camera_residuals_dv (ck_tangent ... vector, stacked
 * on a plain ck_tangent of the same function) through ck_jacobian.  The
 * example checks that Jacobian, for nd = 1, 2, 7 and 16 (16 > n: one
 * call), against the one from 10 calls of camera_residuals_d (to 1e-14)
 * and that against central differences (to 1e-7), that the fit converges
 * to a cost below 20 with every parameter within 4 standard errors of the
 * truth; here the numbers it prints are checked too.  -DGN_NO_TIMING:
 * without the timings, every compiler and -O level prints the same bytes. */
// RUN: rm -rf %t && mkdir %t
// RUN: %ckc %srcroot/examples/gauss_newton/camera.c -o %t/camera_grad.c
// RUN: FileCheck %s --check-prefix=GEN < %t/camera_grad.h
// RUN: FileCheck %s --check-prefix=VEC < %t/camera_grad.c
// RUN: %ckc-run %t/camera_grad.c %srcroot/examples/gauss_newton/main.c %t/gauss_newton -DGN_NO_TIMING -I%t -I%srcroot/examples/gauss_newton %srcroot/examples/gauss_newton/camera.c | FileCheck %s
// GEN: void camera_residuals_d(const double *p, const double *p_d, const double *X, const double *obs, double *r, double *r_d, int npts);
// GEN: void camera_residuals_dv(const double *p, const double *p_dv, const double *X, const double *obs, double *r, double *r_dv, int npts, int ck_nd);
// VEC-LABEL: void camera_residuals_dv(
// VEC: for (int ck_k = 0; ck_k < ck_nd; ck_k++) {
// VEC: r_dv[2 * i * ck_nd + ck_k] =
// CHECK: pinhole camera: 10 parameters, 60 points, 120 residuals
// CHECK: ck_jacobian (camera_residuals_dv) vs 10 calls of camera_residuals_d:
// CHECK-NEXT: nd = 1   10 calls  bitwise equal
// CHECK-NEXT: nd = 2    5 calls  bitwise equal
// CHECK-NEXT: nd = 7    2 calls  bitwise equal
// CHECK-NEXT: nd = 16   1 call   bitwise equal
// CHECK-NEXT: camera_residuals_d vs central differences (Richardson): {{[0-9.]+}}e-1{{[0-9]}}
// CHECK-NEXT: dr0/df = 0.3108197708{{[0-9]*}}, by differences 0.3108197708
// CHECK: 0     229371.95847362{{[0-9]*}}
// CHECK: 2     23.373447123{{[0-9]*}}
// CHECK: 10    16.58334200485{{[0-9]*}} (step below 1e-10 of the parameters: converged)
// CHECK: w0     0.15072216
// CHECK: w1     -0.24911047
// CHECK: w2     0.10006547
// CHECK: t0     0.30247080
// CHECK: t1     -0.20263247
// CHECK: t2     5.9656606
// CHECK: f      795.51056
// CHECK: c0     319.67618
// CHECK: c1     240.36081
// CHECK: k      -0.054501741
// CHECK-NOT: time of one
// CHECK-NOT: FAIL
// CHECK: ok: cost 229372 -> 16.5833 in 10 iterations, every parameter within 4 standard errors of the truth; Jacobians from _dv and _d agree to 1e-14, and differences to 1e-7
