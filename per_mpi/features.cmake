# SPDX-License-Identifier: BSD-3-Clause
# What this MPI offers, found by compiling and linking per_mpi/probes/*.c with its wrapper and by
# running per_mpi/mpi_version.c (MPI_Get_library_version), never from the library's name. Writes
# redsem_mpi_features.h (the #if of the sources) and features.txt ("name value" lines, which
# `redsem mpi list` shows) into the build directory.

# REDSEM_HAVE_<NAME> = 1 when probes/<name>.c compiles and links, else 0. Without a sanitizer
# (a preset's flags are in CMAKE_C_FLAGS): a probe's answer is about the library, not the runtime.
function(redsem_probe name)
  string(TOUPPER ${name} upper)
  try_compile(found ${CMAKE_BINARY_DIR}/probes/${name} SOURCES ${REDSEM_SOURCE_DIR}/per_mpi/probes/${name}.c
              COMPILE_DEFINITIONS -fno-sanitize=all LINK_OPTIONS -fno-sanitize=all OUTPUT_VARIABLE log)
  if(found)
    set(REDSEM_HAVE_${upper} 1 PARENT_SCOPE)
  else()
    set(REDSEM_HAVE_${upper} 0 PARENT_SCOPE)
  endif()
  message(STATUS "redsem: ${name}: ${found}")
endfunction()

foreach(probe reduce_local_c large_count_collectives large_count_data_collectives large_count_persistent large_count_rma large_count_p2p
              isendrecv info_get_string persistent_mpi persistent_mpix rma)
  redsem_probe(${probe})
endforeach()
if(NOT REDSEM_HAVE_RMA)
  message(FATAL_ERROR "redsem: this MPI lacks the RMA calls of MPI-3 (per_mpi/probes/rma.c does not link), "
                      "which the check library interposes")
endif()
if(REDSEM_HAVE_PERSISTENT_MPI)
  set(REDSEM_HAVE_PERSISTENT 2)
elseif(REDSEM_HAVE_PERSISTENT_MPIX)
  set(REDSEM_HAVE_PERSISTENT 1)
else()
  set(REDSEM_HAVE_PERSISTENT 0)
endif()
if(NOT REDSEM_HAVE_PERSISTENT EQUAL 2)
  set(REDSEM_HAVE_LARGE_COUNT_PERSISTENT 0)
endif()

# The library a program of this MPI loads, and its MPI_Get_library_version text.
try_run(ran compiled ${CMAKE_BINARY_DIR}/probes/mpi_version ${REDSEM_SOURCE_DIR}/per_mpi/mpi_version.c
        COMPILE_DEFINITIONS -fno-sanitize=all LINK_OPTIONS -fno-sanitize=all LINK_LIBRARIES ${CMAKE_DL_LIBS}
        COMPILE_OUTPUT_VARIABLE compile_log RUN_OUTPUT_VARIABLE version_output)
if(NOT compiled)
  message(FATAL_ERROR "redsem: ${CMAKE_C_COMPILER} cannot build an MPI program:\n${compile_log}")
endif()
if(NOT ran EQUAL 0)
  message(FATAL_ERROR "redsem: a program built by ${CMAKE_C_COMPILER} does not run (status ${ran}):\n${version_output}")
endif()
string(FIND "${version_output}" "\n" end)
string(SUBSTRING "${version_output}" 0 ${end} REDSEM_MPI_LIBRARY_FILE)
math(EXPR end "${end} + 1")
string(SUBSTRING "${version_output}" ${end} -1 version_text)
string(REGEX REPLACE "\n.*" "" version_line "${version_text}")
# The mark: the words before the first one that holds a digit or says "version" ("Open MPI",
# "MPICH", "Intel(R) MPI Library"); a program that loads a library whose text does not start so
# is one of another MPI (check/runtime/lifecycle.c).
string(REGEX REPLACE "[ \t]+" ";" words "${version_line}")
set(mark "")
foreach(word IN LISTS words)
  if(word MATCHES "[0-9]" OR word MATCHES "^[Vv]ersion")
    break()
  endif()
  string(APPEND mark "${mark_space}${word}")
  set(mark_space " ")
endforeach()
if(mark STREQUAL "")
  message(FATAL_ERROR "redsem: MPI_Get_library_version says \"${version_line}\": no name before its version")
endif()
set(REDSEM_MPI_LIBRARY_MARK "${mark}")
configure_file(${REDSEM_SOURCE_DIR}/per_mpi/features.h.in ${CMAKE_BINARY_DIR}/include/redsem_mpi_features.h @ONLY)
set(persistent_names "none" "MPIX_*_init" "MPI_*_init")
list(GET persistent_names ${REDSEM_HAVE_PERSISTENT} persistent)
file(WRITE ${CMAKE_BINARY_DIR}/features.txt
  "library ${version_line}\nlibrary_file ${REDSEM_MPI_LIBRARY_FILE}\nmark ${mark}\n"
  "reduce_local_c ${REDSEM_HAVE_REDUCE_LOCAL_C}\nlarge_count_collectives ${REDSEM_HAVE_LARGE_COUNT_COLLECTIVES}\n"
  "large_count_data_collectives ${REDSEM_HAVE_LARGE_COUNT_DATA_COLLECTIVES}\n"
  "persistent ${persistent}\nlarge_count_persistent ${REDSEM_HAVE_LARGE_COUNT_PERSISTENT}\n"
  "rma 1\nlarge_count_rma ${REDSEM_HAVE_LARGE_COUNT_RMA}\nlarge_count_p2p ${REDSEM_HAVE_LARGE_COUNT_P2P}\n"
  "isendrecv ${REDSEM_HAVE_ISENDRECV}\n"
  "info_get_string ${REDSEM_HAVE_INFO_GET_STRING}\n")
