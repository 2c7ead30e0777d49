#define PARAM_A 3.0
