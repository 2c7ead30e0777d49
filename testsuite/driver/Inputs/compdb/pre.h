#define SLOPE 7.0
