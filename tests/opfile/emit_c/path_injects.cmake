# SPDX-License-Identifier: BSD-3-Clause
# emit-c with an op file whose path writes C: a directory `x*` ends the header comment, the next
# directory's name is a constructor on a line of its own, and the file's name opens a comment
# again, so that the unit compiled cleanly and the constructor ran when the op was loaded. The
# path must stay inside the comment: the unit compiles and its function passes the fuzzer (a
# constructor that ran would trap in the fuzzer's child). No `;` in the path: CMake would split it.
#   -DPROGRAM=redsem -DSOURCE_OP=<an op file> -DMPICC=… -DFLAVOUR=… -DWORK=<dir>
set(dir "${WORK}/path_injects_${FLAVOUR}/x*/\n__attribute__((constructor)) static void injected(void) { if (__builtin_trap(), 1) {} }\n")
file(REMOVE_RECURSE "${WORK}/path_injects_${FLAVOUR}")
file(MAKE_DIRECTORY "${dir}")
set(OP_FILE "${dir}/*path_injects.op")
configure_file(${SOURCE_OP} "${OP_FILE}" COPYONLY)
set(NAME path_injects)
include(${CMAKE_CURRENT_LIST_DIR}/emit_compile_fuzz.cmake)
