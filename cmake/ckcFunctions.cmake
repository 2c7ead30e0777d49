# ckcFunctions.cmake - ckc_add_derivatives(), the CMake function that runs
# ckc at build time.
#
# It comes with the installed package (find_package(ckc CONFIG REQUIRED)
# loads it after the imported targets ckc::ckc and ckc::ckrt), and ckc's own
# build includes it directly for examples/ (with ckc::ckc and ckc::ckrt as
# aliases of the targets it builds).
#
#   ckc_add_derivatives(<target>
#                       SOURCES <model.c>...
#                       [OUTPUT_DIR <dir>]
#                       [OPTIONS <ckc option>...])
#
# <target>     an existing executable or library target.  It gets the
#              generated <name>_grad.c of every source as a source of its
#              own, the directory of the generated headers on its include
#              path (PRIVATE), and links ckc::ckrt (the runtime, with its
#              include directory and -lm -lpthread); when it links
#              MPI::MPI_C (find_package(MPI)), also ckc::ckrt_mpi
#              (libckrt_mpi, which the generated code calls for MPI
#              calls; checked at the end of the directory, so
#              target_link_libraries may come before or after this call;
#              an error when ckc was built without MPI).
# SOURCES      the C files with #pragma ck_tangent / ck_adjoint / ck_hvp,
#              relative to the current source directory or absolute.  For
#              each, ckc writes <name>_grad.c and <name>_grad.h (<name>: the
#              file name without its directory and last extension, so two
#              sources may not share one).  The sources themselves are not
#              added to <target>: add them as usual when the program calls
#              the original functions too.
# OUTPUT_DIR   where the generated files go, relative to the current
#              binary directory (default: ckc/<target> there).
# OPTIONS      more options for ckc, e.g. --tangent "f:wrt=x" (CMake's
#              quotes, not the shell's) or --no-checkpoint; see ckc --help
#              or man ckc.
#
# ckc parses each source as <target> compiles it: it gets the target's
# include directories (-I) and compile definitions (-D), those of the
# targets it links included, and its C_STANDARD (-std=cNN) when it has
# one; -fopenmp when it links OpenMP::OpenMP_C (find_package(OpenMP)),
# so that ckc sees _OPENMP as the compiler does.  The include directories
# are the compiler's: those of MPI::MPI_C (mpi.h) for a target that links
# it, so ckc reads the MPI the program is built with.  ckc runs again when
# a source, any file it includes (ckc -MD writes the list, used as the
# custom command's DEPFILE) or ckc itself changes.
# Needs CMake 3.20 or newer (DEPFILE with Makefile generators).
#
# Example (model.c includes include/model.h; main.c calls model_b from
# model_grad.h):
#
#   cmake_minimum_required(VERSION 3.20)
#   project(demo C)
#   find_package(ckc CONFIG REQUIRED)
#   add_executable(demo main.c model.c)
#   target_include_directories(demo PRIVATE include)
#   ckc_add_derivatives(demo SOURCES model.c OPTIONS --tangent "model:wrt=x")

if(CMAKE_VERSION VERSION_LESS 3.20)
  message(FATAL_ERROR "ckc_add_derivatives needs CMake 3.20 or newer "
    "(add_custom_command DEPFILE with Makefile generators); this is "
    "CMake ${CMAKE_VERSION}")
endif()
# Recorded with the function below, whatever the caller's policies:
# CMP0116 (3.20) reads the DEPFILE's relative paths as relative to the
# custom command's directory in Ninja too.
cmake_policy(VERSION 3.20...3.25)

function(ckc_add_derivatives target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "OUTPUT_DIR" "SOURCES;OPTIONS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "ckc_add_derivatives: unknown arguments: "
      "${arg_UNPARSED_ARGUMENTS} (expected SOURCES, OUTPUT_DIR, OPTIONS)")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "ckc_add_derivatives: '${target}' is not a target "
      "(create it with add_executable or add_library first)")
  endif()
  if(NOT arg_SOURCES)
    message(FATAL_ERROR "ckc_add_derivatives(${target}): no SOURCES")
  endif()
  if(NOT TARGET ckc::ckc OR NOT TARGET ckc::ckrt)
    message(FATAL_ERROR "ckc_add_derivatives: the targets ckc::ckc and "
      "ckc::ckrt are missing; use find_package(ckc CONFIG REQUIRED)")
  endif()

  set(dir "${CMAKE_CURRENT_BINARY_DIR}/ckc/${target}")
  if(arg_OUTPUT_DIR)
    get_filename_component(dir "${arg_OUTPUT_DIR}" ABSOLUTE
      BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  endif()
  file(MAKE_DIRECTORY "${dir}")

  # The target's parser flags, evaluated at generation time (each one
  # quoted in the COMMAND below, where COMMAND_EXPAND_LISTS splits them).
  set(incs "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(defs "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  set(std "$<TARGET_PROPERTY:${target},C_STANDARD>")
  # A target linked with OpenMP::OpenMP_C is compiled with _OPENMP
  # defined: ckc reads it so too (ckc -fopenmp).
  set(omp "$<IN_LIST:OpenMP::OpenMP_C,$<TARGET_PROPERTY:${target},LINK_LIBRARIES>>")

  set(names "")
  foreach(src IN LISTS arg_SOURCES)
    get_filename_component(abs "${src}" ABSOLUTE
      BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_filename_component(name "${src}" NAME_WLE)
    if(name IN_LIST names)
      message(FATAL_ERROR "ckc_add_derivatives(${target}): two SOURCES "
        "named ${name}: their ${name}_grad.c would be the same file")
    endif()
    list(APPEND names "${name}")
    set(out_c "${dir}/${name}_grad.c")
    set(out_h "${dir}/${name}_grad.h")
    add_custom_command(
      OUTPUT "${out_c}" "${out_h}"
      COMMAND ckc::ckc "${abs}" -o "${out_c}" --header "${out_h}"
              -MD -MF "${dir}/${name}_grad.d"
              "$<$<BOOL:${incs}>:-I$<JOIN:${incs},;-I>>"
              "$<$<BOOL:${defs}>:-D$<JOIN:${defs},;-D>>"
              "$<$<BOOL:${std}>:-std=c${std}>"
              "$<${omp}:-fopenmp>"
              ${arg_OPTIONS}
      DEPENDS "${abs}" ckc::ckc
      DEPFILE "${dir}/${name}_grad.d"
      COMMENT "ckc: derivatives of ${src} -> ${name}_grad.c"
      COMMAND_EXPAND_LISTS
      VERBATIM)
    target_sources(${target} PRIVATE "${out_c}" "${out_h}")
  endforeach()

  target_include_directories(${target} PRIVATE "${dir}")
  target_link_libraries(${target} PRIVATE ckc::ckrt)
  # MPI::MPI_C: decided when the directory is done, once the target's link
  # libraries are known (a generator expression on LINK_LIBRARIES cannot
  # add to LINK_LIBRARIES).  Once per target.
  get_property(mpi_deferred TARGET ${target} PROPERTY _CKC_MPI_DEFERRED)
  if(NOT mpi_deferred)
    set_property(TARGET ${target} PROPERTY _CKC_MPI_DEFERRED TRUE)
    cmake_language(EVAL CODE
      "cmake_language(DEFER CALL _ckc_link_mpi [[${target}]])")
  endif()
endfunction()

# Links ckc::ckrt_mpi to <target> when it links MPI::MPI_C (see above).
function(_ckc_link_mpi target)
  get_target_property(libs ${target} LINK_LIBRARIES)
  if(NOT libs OR NOT "MPI::MPI_C" IN_LIST libs)
    return()
  endif()
  if(NOT TARGET ckc::ckrt_mpi)
    message(FATAL_ERROR "ckc_add_derivatives(${target}): the target links "
      "MPI::MPI_C, but this ckc has no ckc::ckrt_mpi (libckrt_mpi, the "
      "helpers of differentiated MPI calls): build ckc where CMake finds "
      "MPI (on Debian, libopenmpi-dev)")
  endif()
  target_link_libraries(${target} PRIVATE ckc::ckrt_mpi)
endfunction()
