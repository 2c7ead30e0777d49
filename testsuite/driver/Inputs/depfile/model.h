#define MODEL_B 2.0
