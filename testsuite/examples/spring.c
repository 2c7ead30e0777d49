/* The main example, examples/spring: ckc writes spring_grad.c and
 * spring_grad.h, and main.c checks the tangent against finite differences
 * (every compiler and -O level must print the same). */
// RUN: rm -rf %t && mkdir %t
// RUN: %ckc %srcroot/examples/spring/spring.c -o %t/spring_grad.c
// RUN: FileCheck %s --check-prefix=GEN < %t/spring_grad.h
// RUN: %ckc-run %t/spring_grad.c %srcroot/examples/spring/main.c %t/spring -I%t %srcroot/examples/spring/spring.c | FileCheck %s
// GEN: double spring_energy_d(
// CHECK: spring_energy(k=4, c=0.3, x0=1, steps=1000) = 0.105639305976971
// CHECK: dE/dk   0.0090148351644
// CHECK: dE/dc   -1.027614025539
// CHECK: ok: tangent and finite differences agree to 1e-8
