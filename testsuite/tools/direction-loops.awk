# direction-loops.awk - prints the bodies of vector mode's direction loops
# (`for (int ck_k = 0; ck_k < ck_nd; ck_k++) {` ... its closing brace) in
# generated C, one statement per line, so that a test can assert what they
# hold (no primal recomputation: no calls).
/for \(int ck_k = / { depth = 1; next }
depth > 0 {
	n = gsub(/{/, "{"); m = gsub(/}/, "}")
	depth += n - m
	if (depth > 0)
		print
}
