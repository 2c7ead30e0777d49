// Values taped once per block, with more of them live than the 64 the
// sharing used to keep: two outputs of a dense layer written out, each
// reading the same 80 values h0 .. h79 (an unrolled network, a generated
// kernel).  f_fwd tapes 84 doubles: each h once (tanh's derivative reads
// its result, and h = tanh(...) is followed as a copy), the cos and sin
// that the derivatives of sin and cos need, and o0 and o1 for the
// product.  Before, it taped 244 (each output taped all 80 h again, beyond
// the window of 64 values), then 101 (the first 16 h taped as tanh's
// results and again as h, when only the latest 64 copies were followed).
// ck_stats counts the tape's bytes exactly.  Gradient, Hessian-vector
// product and the dot-product test against differences; tangent too.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// CHECK-LABEL: static double f_fwd(const double *w, const double *x){{$}}
// CHECK: double *ck_p = ck_reserve_d(ck_t, 84);
// CHECK-NOT: ck_reserve_d
// CHECK: return
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
#include <math.h>

#define NX 4
#define NH 80

#pragma ck_tangent wrt(w)
#pragma ck_adjoint wrt(w)
#pragma ck_hvp wrt(w)
double f(const double *w, const double *x)
{
	double h0 = tanh(w[0] * x[0] + x[1]);
	double h1 = tanh(w[1] * x[1] + x[2]);
	double h2 = tanh(w[2] * x[2] + x[3]);
	double h3 = tanh(w[3] * x[3] + x[0]);
	double h4 = tanh(w[4] * x[0] + x[1]);
	double h5 = tanh(w[5] * x[1] + x[2]);
	double h6 = tanh(w[6] * x[2] + x[3]);
	double h7 = tanh(w[7] * x[3] + x[0]);
	double h8 = tanh(w[8] * x[0] + x[1]);
	double h9 = tanh(w[9] * x[1] + x[2]);
	double h10 = tanh(w[10] * x[2] + x[3]);
	double h11 = tanh(w[11] * x[3] + x[0]);
	double h12 = tanh(w[12] * x[0] + x[1]);
	double h13 = tanh(w[13] * x[1] + x[2]);
	double h14 = tanh(w[14] * x[2] + x[3]);
	double h15 = tanh(w[15] * x[3] + x[0]);
	double h16 = tanh(w[16] * x[0] + x[1]);
	double h17 = tanh(w[17] * x[1] + x[2]);
	double h18 = tanh(w[18] * x[2] + x[3]);
	double h19 = tanh(w[19] * x[3] + x[0]);
	double h20 = tanh(w[20] * x[0] + x[1]);
	double h21 = tanh(w[21] * x[1] + x[2]);
	double h22 = tanh(w[22] * x[2] + x[3]);
	double h23 = tanh(w[23] * x[3] + x[0]);
	double h24 = tanh(w[24] * x[0] + x[1]);
	double h25 = tanh(w[25] * x[1] + x[2]);
	double h26 = tanh(w[26] * x[2] + x[3]);
	double h27 = tanh(w[27] * x[3] + x[0]);
	double h28 = tanh(w[28] * x[0] + x[1]);
	double h29 = tanh(w[29] * x[1] + x[2]);
	double h30 = tanh(w[30] * x[2] + x[3]);
	double h31 = tanh(w[31] * x[3] + x[0]);
	double h32 = tanh(w[32] * x[0] + x[1]);
	double h33 = tanh(w[33] * x[1] + x[2]);
	double h34 = tanh(w[34] * x[2] + x[3]);
	double h35 = tanh(w[35] * x[3] + x[0]);
	double h36 = tanh(w[36] * x[0] + x[1]);
	double h37 = tanh(w[37] * x[1] + x[2]);
	double h38 = tanh(w[38] * x[2] + x[3]);
	double h39 = tanh(w[39] * x[3] + x[0]);
	double h40 = tanh(w[40] * x[0] + x[1]);
	double h41 = tanh(w[41] * x[1] + x[2]);
	double h42 = tanh(w[42] * x[2] + x[3]);
	double h43 = tanh(w[43] * x[3] + x[0]);
	double h44 = tanh(w[44] * x[0] + x[1]);
	double h45 = tanh(w[45] * x[1] + x[2]);
	double h46 = tanh(w[46] * x[2] + x[3]);
	double h47 = tanh(w[47] * x[3] + x[0]);
	double h48 = tanh(w[48] * x[0] + x[1]);
	double h49 = tanh(w[49] * x[1] + x[2]);
	double h50 = tanh(w[50] * x[2] + x[3]);
	double h51 = tanh(w[51] * x[3] + x[0]);
	double h52 = tanh(w[52] * x[0] + x[1]);
	double h53 = tanh(w[53] * x[1] + x[2]);
	double h54 = tanh(w[54] * x[2] + x[3]);
	double h55 = tanh(w[55] * x[3] + x[0]);
	double h56 = tanh(w[56] * x[0] + x[1]);
	double h57 = tanh(w[57] * x[1] + x[2]);
	double h58 = tanh(w[58] * x[2] + x[3]);
	double h59 = tanh(w[59] * x[3] + x[0]);
	double h60 = tanh(w[60] * x[0] + x[1]);
	double h61 = tanh(w[61] * x[1] + x[2]);
	double h62 = tanh(w[62] * x[2] + x[3]);
	double h63 = tanh(w[63] * x[3] + x[0]);
	double h64 = tanh(w[64] * x[0] + x[1]);
	double h65 = tanh(w[65] * x[1] + x[2]);
	double h66 = tanh(w[66] * x[2] + x[3]);
	double h67 = tanh(w[67] * x[3] + x[0]);
	double h68 = tanh(w[68] * x[0] + x[1]);
	double h69 = tanh(w[69] * x[1] + x[2]);
	double h70 = tanh(w[70] * x[2] + x[3]);
	double h71 = tanh(w[71] * x[3] + x[0]);
	double h72 = tanh(w[72] * x[0] + x[1]);
	double h73 = tanh(w[73] * x[1] + x[2]);
	double h74 = tanh(w[74] * x[2] + x[3]);
	double h75 = tanh(w[75] * x[3] + x[0]);
	double h76 = tanh(w[76] * x[0] + x[1]);
	double h77 = tanh(w[77] * x[1] + x[2]);
	double h78 = tanh(w[78] * x[2] + x[3]);
	double h79 = tanh(w[79] * x[3] + x[0]);
	double o0 = sin(w[80] * h0 + w[81] * h1 + w[82] * h2 + w[83] * h3 + w[84] * h4 + w[85] * h5 + w[86] * h6 + w[87] * h7 + w[88] * h8 + w[89] * h9 + w[90] * h10 + w[91] * h11 + w[92] * h12 + w[93] * h13 + w[94] * h14 + w[95] * h15 + w[96] * h16 + w[97] * h17 + w[98] * h18 + w[99] * h19 + w[100] * h20 + w[101] * h21 + w[102] * h22 + w[103] * h23 + w[104] * h24 + w[105] * h25 + w[106] * h26 + w[107] * h27 + w[108] * h28 + w[109] * h29 + w[110] * h30 + w[111] * h31 + w[112] * h32 + w[113] * h33 + w[114] * h34 + w[115] * h35 + w[116] * h36 + w[117] * h37 + w[118] * h38 + w[119] * h39 + w[120] * h40 + w[121] * h41 + w[122] * h42 + w[123] * h43 + w[124] * h44 + w[125] * h45 + w[126] * h46 + w[127] * h47 + w[128] * h48 + w[129] * h49 + w[130] * h50 + w[131] * h51 + w[132] * h52 + w[133] * h53 + w[134] * h54 + w[135] * h55 + w[136] * h56 + w[137] * h57 + w[138] * h58 + w[139] * h59 + w[140] * h60 + w[141] * h61 + w[142] * h62 + w[143] * h63 + w[144] * h64 + w[145] * h65 + w[146] * h66 + w[147] * h67 + w[148] * h68 + w[149] * h69 + w[150] * h70 + w[151] * h71 + w[152] * h72 + w[153] * h73 + w[154] * h74 + w[155] * h75 + w[156] * h76 + w[157] * h77 + w[158] * h78 + w[159] * h79);
	double o1 = cos(w[160] * h0 + w[161] * h1 + w[162] * h2 + w[163] * h3 + w[164] * h4 + w[165] * h5 + w[166] * h6 + w[167] * h7 + w[168] * h8 + w[169] * h9 + w[170] * h10 + w[171] * h11 + w[172] * h12 + w[173] * h13 + w[174] * h14 + w[175] * h15 + w[176] * h16 + w[177] * h17 + w[178] * h18 + w[179] * h19 + w[180] * h20 + w[181] * h21 + w[182] * h22 + w[183] * h23 + w[184] * h24 + w[185] * h25 + w[186] * h26 + w[187] * h27 + w[188] * h28 + w[189] * h29 + w[190] * h30 + w[191] * h31 + w[192] * h32 + w[193] * h33 + w[194] * h34 + w[195] * h35 + w[196] * h36 + w[197] * h37 + w[198] * h38 + w[199] * h39 + w[200] * h40 + w[201] * h41 + w[202] * h42 + w[203] * h43 + w[204] * h44 + w[205] * h45 + w[206] * h46 + w[207] * h47 + w[208] * h48 + w[209] * h49 + w[210] * h50 + w[211] * h51 + w[212] * h52 + w[213] * h53 + w[214] * h54 + w[215] * h55 + w[216] * h56 + w[217] * h57 + w[218] * h58 + w[219] * h59 + w[220] * h60 + w[221] * h61 + w[222] * h62 + w[223] * h63 + w[224] * h64 + w[225] * h65 + w[226] * h66 + w[227] * h67 + w[228] * h68 + w[229] * h69 + w[230] * h70 + w[231] * h71 + w[232] * h72 + w[233] * h73 + w[234] * h74 + w[235] * h75 + w[236] * h76 + w[237] * h77 + w[238] * h78 + w[239] * h79);
	return o0 * o1;
}

#ifdef CK_TEST_MAIN
#define CK_VEC_MAX (3 * NH)
#include "kernelcheck.h"
#include "ckrt.h"

static const double xs[NX] = {0.25, -0.5, 0.75, 0.125};
KC_SCALAR_WRAPPERS_AS(kw, f, xs)

int main(void)
{
	volatile double one = 1.0;
	double v[3 * NH];
	for (int i = 0; i < 3 * NH; i++)
		v[i] = (0.0625 * (i % 7) - 0.1875) * one;
	double g[3 * NH] = {0.0};
	ck_stats_reset();
	f_b(v, g, xs, 1.0);
	ck_stats st;
	ck_stats_get(&st);
	printf("STATS tape_peak_bytes %zu\n", st.tape_peak_bytes);
	kc_check_scalar("80 values shared by two outputs", kw, kw_d, kw_b,
			kw_b_d, NULL, v, NULL, 3 * NH, 2);
	return ck_done();
}
#endif
// OUT: STATS tape_peak_bytes 672
// OUT-NOT: FAIL
// OUT: checks, 0 failed
