# `redsem emit-c` on one op file, compiled by a real MPI's mpicc and fuzzed in that MPI's helper
# against the op file's interpreter, every type choice: each generated function must agree with
# the model on every element (`redsem fuzz --kernel … --op-file …`, special values included), on
# lengths 0 to 3000 called directly and on lengths 0 and 1 through MPI_Op_create and
# MPI_Reduce_local, with the datatype handle its own _datatype function gives. Then a handle of
# the same layout that is not that one must end the program with the function's message.
#   -DPROGRAM=redsem -DOP_FILE=… -DMPICC=mpicc.<flavour> -DFLAVOUR=openmpi|mpich -DWORK=<dir>
get_filename_component(name ${OP_FILE} NAME_WE)
set(c ${WORK}/${name}_${FLAVOUR}.c)
set(so ${WORK}/${name}_${FLAVOUR}.so)
file(MAKE_DIRECTORY ${WORK})

function(run)
  execute_process(COMMAND ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
  set(rc "${rc}" PARENT_SCOPE)
endfunction()

run(${PROGRAM} emit-c --op-file ${OP_FILE} -o ${c})
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "emit-c exit ${rc}:\n${err}")
endif()
# -march=native: where the CPU has FMA, only the generated pragma keeps a * b + c from fusing.
run(${MPICC} -O2 -march=native -std=gnu11 -Wall -Wextra -Werror -shared -fPIC -o ${so} ${c})
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${MPICC} failed on the generated C (${c}):\n${out}\n${err}")
endif()

# The instances in the order the C defines them, and the op file's type choices in that order.
file(READ ${c} source)
string(REGEX MATCHALL "\nvoid [A-Za-z0-9_]+_function\\(" functions "${source}")
list(TRANSFORM functions REPLACE "^\nvoid ([A-Za-z0-9_]+)_function\\($" "\\1")
file(READ ${OP_FILE} op_text)
set(types "")
if(op_text MATCHES "\ntype [A-Za-z_]+ in {([^}]*)}")
  string(REPLACE "," ";" types "${CMAKE_MATCH_1}")
  list(TRANSFORM types STRIP)
endif()
list(LENGTH functions count)
if(count EQUAL 0)
  message(FATAL_ERROR "no _function in the generated C:\n${source}")
endif()
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  list(GET functions ${i} prefix)
  set(type_args "")
  if(types)
    list(GET types ${i} type)
    set(type_args --type ${type})
  endif()
  set(common --kernel ${so}:${prefix}_function --mpi ${FLAVOUR} --op-file ${OP_FILE} ${type_args}
             --setup ${so}:${prefix}_datatype)
  run(${PROGRAM} fuzz ${common} --cases 200)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "PASS: 200 cases")
    message(FATAL_ERROR "${prefix}_function disagrees with ${OP_FILE} ${type_args} (exit ${rc}):\n${out}\n${err}")
  endif()
  run(${PROGRAM} fuzz ${common} --cases 40 --max-len 1 --through reduce_local)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "PASS: 40 cases")
    message(FATAL_ERROR "${prefix}_function through MPI_Reduce_local, lengths 0 and 1 (exit ${rc}):\n${out}\n${err}")
  endif()
  message(STATUS "${prefix}_function: agrees with the op file")
endforeach()
