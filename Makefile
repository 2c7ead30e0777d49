# Convenience wrapper around CMake and lit.
#
#   make deps    install missing Debian packages (as root)
#   make build   configure build/ and build ckc and libckrt
#   make demo    deps + build + the examples (spring, mlp, logreg, pde,
#                adaptive, newton, maml, gauss_newton, linsolve, omp_heat,
#                and mpi_heat on 2 MPI ranks)
#   make check   deps + build + the sanitizer build + the whole test suite
#                under lit, once, testing both builds
#   make bench   deps + build + bench/run.sh: derivative time / primal time
#   make install install into PREFIX (default /usr/local): ckc, ckrt.h,
#                libckrt, the man page, ckrt.pc, the CMake package (and
#                ckrt_mpi.h and libckrt_mpi when built with MPI)
#   make clean   remove build/ and build-asan/
#   make asan    build-asan/: ckc and libckrt under ASan and UBSan
#   make fuzz    N random kernels (default 100) from SEED through the
#                differential fuzzer (testsuite/fuzz/run.py)
#
# Variables: BUILD (build directory), JOBS (parallel jobs), LIT_OPTS.

BUILD    ?= build
JOBS     ?= 2
LLVM     ?= /usr/lib/llvm-19
LIT      ?= python3 $(LLVM)/build/utils/lit/lit.py
LIT_OPTS ?= -sv --no-progress-bar -j$(JOBS)
CMAKE_OPTS ?=

# libopenmpi-dev and openmpi-bin: the MPI support (libckrt_mpi and the
# tests in testsuite/mpi).
DEB_PACKAGES = libclang-19-dev llvm-19-tools clang-19 libomp-19-dev \
	libclang-rt-19-dev cmake gcc make python3 pkgconf \
	libopenmpi-dev openmpi-bin

.PHONY: all deps build demo check clean

all: build

# Checks with dpkg first so that it is quick when everything is there; runs
# apt-get update once, and only when something is missing.
deps:
	@missing=""; \
	for p in $(DEB_PACKAGES); do \
		dpkg -s $$p 2>/dev/null | grep -q '^Status: install ok installed' \
			|| missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" != 0 ]; then \
		echo "missing Debian packages:$$missing"; \
		echo "install them as root with:"; \
		echo "  apt-get update && apt-get install -y$$missing"; \
		exit 1; \
	fi; \
	echo "installing:$$missing"; \
	export DEBIAN_FRONTEND=noninteractive; \
	apt-get update -q && apt-get install -y -q --no-install-recommends$$missing

build:
	@mkdir -p $(BUILD)
	@echo "cmake -S . -B $(BUILD) $(CMAKE_OPTS)"
	@cmake -S . -B $(BUILD) $(CMAKE_OPTS) >$(BUILD)/configure.log 2>&1 || \
		{ cat $(BUILD)/configure.log; exit 1; }
	@! grep -q "CMake Warning" $(BUILD)/configure.log || \
		cat $(BUILD)/configure.log
	@echo "cmake --build $(BUILD) -j$(JOBS)"
	@env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS cmake --build $(BUILD) -j$(JOBS)

# CMake builds the examples (examples/CMakeLists.txt, through
# ckc_add_derivatives); demo runs them.  mpi_heat runs under Open MPI's
# mpirun (from make deps), which refuses root unless told twice, with 2
# ranks whatever the cores.
demo: deps
	@$(MAKE) --no-print-directory build \
		CMAKE_OPTS="$(CMAKE_OPTS) -DCKC_BUILD_EXAMPLES=ON"
	$(BUILD)/examples/spring
	$(BUILD)/examples/mlp
	$(BUILD)/examples/logreg
	$(BUILD)/examples/pde
	$(BUILD)/examples/adaptive
	$(BUILD)/examples/newton
	$(BUILD)/examples/maml
	$(BUILD)/examples/gauss_newton
	$(BUILD)/examples/linsolve
	$(BUILD)/examples/omp_heat
	OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
		mpirun --oversubscribe -np 2 $(BUILD)/examples/mpi_heat
	OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
		mpirun --oversubscribe -np 2 $(BUILD)/examples/mpi_heat \
		240 200 0 nonblocking

PREFIX ?= /usr/local
.PHONY: install
install:
	@$(MAKE) --no-print-directory build
	cmake --install $(BUILD) --prefix $(PREFIX)

# One run of the suite tests both builds (testsuite/lit.cfg.py): %ckc is
# the sanitized ckc, the programs the tests compile carry the sanitizers
# in their gcc -O0 build and link the sanitized libckrt, and their clang
# -O2 build links the plain one; the fuzzer's fixed sets and the
# sweep of the suite's files run the plain ckc.  Every sanitizer report,
# and the stderr of every run of the sanitized ckc that hit an internal
# error (exit status 3, even under `not`), lands in
# $(ASAN_BUILD)/sanitizer-reports/, which must stay empty.
check: deps
	@$(MAKE) --no-print-directory build
	@$(MAKE) --no-print-directory asan
	@rm -rf $(ASAN_BUILD)/sanitizer-reports
	@echo "$(LIT) $(LIT_OPTS) --param sanitizers=$(ASAN_BUILD) $(BUILD)/testsuite"
	@$(LIT) $(LIT_OPTS) --param sanitizers=$(abspath $(ASAN_BUILD)) \
		$(BUILD)/testsuite; \
	status=$$?; \
	if ls $(ASAN_BUILD)/sanitizer-reports/* >/dev/null 2>&1; then \
		cat $(ASAN_BUILD)/sanitizer-reports/*; \
		echo "make check: sanitizer or internal-error reports (above) in" \
			"$(ASAN_BUILD)/sanitizer-reports/"; \
		exit 1; \
	fi; \
	exit $$status

# Not part of check: timings with gcc and clang (about eight minutes on a
# loaded 2-core machine, ckc's own compile time included: bench/scale.py);
# installs ADOL-C when it can.  ENZYME_PLUGIN=/path/to/ClangEnzyme-19.so
# adds a table of ckc against Enzyme (bench/enzyme.c).
.PHONY: bench
bench: deps
	@$(MAKE) --no-print-directory build
	sh bench/run.sh $(BUILD)

# ------------------------------------------------------------- robustness
# make asan: $(ASAN_BUILD)/ holds ckc and libckrt built with
# -fsanitize=address,undefined, which make check tests (above).
# make fuzz N=10000 SEED=1: reproducers of failures go to
# $(BUILD)/fuzz-failures/; FUZZ_OPTS passes more options to run.py (e.g.
# --modes tangent,adjoint).
ASAN_BUILD ?= build-asan
SAN_FLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=all
N ?= 100
SEED ?= 1
FUZZ_OPTS ?=

.PHONY: asan fuzz
asan:
	@mkdir -p $(ASAN_BUILD)
	@echo "cmake -S . -B $(ASAN_BUILD) -DCMAKE_C_FLAGS='$(SAN_FLAGS)'"
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DCMAKE_C_FLAGS="$(SAN_FLAGS)" -DCKC_BUILD_EXAMPLES=OFF \
		$(CMAKE_OPTS) \
		>$(ASAN_BUILD)/configure.log 2>&1 || \
		{ cat $(ASAN_BUILD)/configure.log; exit 1; }
	@echo "cmake --build $(ASAN_BUILD) -j$(JOBS)"
	@env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS \
		cmake --build $(ASAN_BUILD) -j$(JOBS) >$(ASAN_BUILD)/build.log \
		2>&1 || { cat $(ASAN_BUILD)/build.log; exit 1; }

fuzz: deps
	@$(MAKE) --no-print-directory build
	python3 testsuite/fuzz/run.py --ckc $(BUILD)/ckc \
		--lib $(BUILD)/libckrt.a --count $(N) --seed $(SEED) \
		--jobs $(JOBS) --keep $(BUILD)/fuzz-failures --progress $(FUZZ_OPTS)

clean:
	rm -rf $(BUILD)
	rm -rf $(ASAN_BUILD)
