/* Needs -I ../src/inc and -DGAIN=...: compile_commands.json has them. */
#include "params.h"

#pragma ck_tangent wrt(x)
double model(double x)
{
	return GAIN * PARAM_A * x * x;
}
