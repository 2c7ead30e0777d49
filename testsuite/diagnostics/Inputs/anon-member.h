/* A struct with a member of a struct type that has no name. */
struct body {
	struct {
		double x, y;
	} pos;
	double m;
};
