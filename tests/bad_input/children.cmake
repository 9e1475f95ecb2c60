# SPDX-License-Identifier: BSD-3-Clause
# The processes redsem starts (issue 32): a user function run in an MPI helper may print, and
# may start processes of its own. What it prints is its output, never an answer of the helper
# (answers travel on their own descriptor); what it starts ends with the run (the helper leads
# a process group that the run ends). A library built for the other MPI is exit 2, naming both.
set(CHILDREN ${BAD_INPUTS}/children)

foreach(flavour openmpi mpich)
  if(NOT REDSEM_MPICC_${flavour})
    continue()
  endif()
  set(ops ${BAD_GENERATED}/children_user_ops_${flavour}.so)
  add_custom_command(OUTPUT ${ops}
    COMMAND ${REDSEM_MPICC_${flavour}} -O2 -Wall -Wextra -Werror -shared -fPIC
            -DREDSEM_TEST_MARKER=redsem_orphan_${flavour} -o ${ops} ${CHILDREN}/user_ops.c
    DEPENDS ${CHILDREN}/user_ops.c
    COMMENT "Building the ${flavour} user ops of the bad-input children cases")
  add_custom_target(children_user_ops_${flavour} ALL DEPENDS ${ops})
  set(children_ops_${flavour} ${ops})
endforeach()

# Printing on every call, and in the setup function: the function holds (it used to be "wrote
# outside inoutvec", "ended its process" or "did not return"; the setup "exit with status 0").
if(REDSEM_MPICC_openmpi)
  redsem_bad_input(children_openmpi_opcheck_op_prints ARGS opcheck --kernel ${children_ops_openmpi}:sum_int_prints
    --type MPI_INT --commute true --mpi openmpi RC 0 OUT "element-wise holds on.*associative +holds on" TIMEOUT 120)
endif()
foreach(flavour openmpi mpich)
  if(NOT REDSEM_MPICC_${flavour})
    continue()
  endif()
  set(ops ${children_ops_${flavour}})
  redsem_bad_input(children_${flavour}_fuzz_op_prints ARGS fuzz --kernel ${ops}:sum_int_prints --mpi ${flavour}
    --op MPI_SUM --type MPI_INT --cases 50 RC 0 OUT "PASS: 50 cases" TIMEOUT 120)
  redsem_bad_input(children_${flavour}_fuzz_setup_prints ARGS fuzz --kernel ${ops}:sum_int_prints --mpi ${flavour}
    --setup ${ops}:make_int_type_printing --op MPI_SUM --type MPI_INT --cases 20 RC 0 OUT "PASS: 20 cases"
    ERR "setup: making a contiguous MPI_INT" TIMEOUT 120)
  # A process the function starts (it records its pid) is gone when redsem has ended.
  set(pidfile ${CMAKE_CURRENT_BINARY_DIR}/children_${flavour}_sleepers.pid)
  add_test(NAME BadInput.children_${flavour}_forked_sleeper_ends_with_the_run
    COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:redsem> -DPIDFILE=${pidfile}
            -DMARKER=redsem_orphan_${flavour}
            "-DARGS=fuzz|--kernel|${ops}:sum_int_forks_a_sleeper|--mpi|${flavour}|--op|MPI_SUM|--type|MPI_INT|--cases|20"
            -P ${CMAKE_CURRENT_SOURCE_DIR}/no_orphans.cmake)
  set_tests_properties(BadInput.children_${flavour}_forked_sleeper_ends_with_the_run
    PROPERTIES TIMEOUT 150 LABELS bad_input)
  # The same when redsem is ended by SIGTERM in the middle of a long run: the helper's group,
  # which no longer shares redsem's, is killed by redsem's handler.
  add_test(NAME BadInput.children_${flavour}_forked_sleeper_ends_when_redsem_is_terminated
    COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:redsem> -DPIDFILE=${pidfile}.term -DTERM_AFTER=4
            -DMARKER=redsem_orphan_${flavour}
            "-DARGS=fuzz|--kernel|${ops}:sum_int_forks_a_sleeper|--mpi|${flavour}|--op|MPI_SUM|--type|MPI_INT|--cases|100000000"
            -P ${CMAKE_CURRENT_SOURCE_DIR}/no_orphans.cmake)
  set_tests_properties(BadInput.children_${flavour}_forked_sleeper_ends_when_redsem_is_terminated
    PROPERTIES TIMEOUT 150 LABELS bad_input)
endforeach()

# A library built for one MPI, run in the other's helper: exit 2 naming both (it crashed).
if(REDSEM_MPICC_openmpi AND REDSEM_MPICC_mpich)
  redsem_bad_input(children_openmpi_library_in_mpich ARGS fuzz --kernel ${children_ops_openmpi}:sum_int_prints
    --mpi mpich --op MPI_SUM --type MPI_INT RC 2
    ERR "redsem fuzz: --kernel '.*children_user_ops_openmpi.so' was built for Open MPI \\(it needs libmpi.so.40\\), but --mpi mpich runs it in MPICH's helper"
    TIMEOUT 60)
  redsem_bad_input(children_mpich_setup_in_openmpi ARGS opcheck --kernel ${children_ops_openmpi}:sum_int_prints
    --setup ${children_ops_mpich}:make_int_type_printing --type MPI_INT --commute true --mpi openmpi RC 2
    ERR "redsem opcheck: --setup '.*children_user_ops_mpich.so' was built for MPICH \\(it needs libmpich.so.12\\), but --mpi openmpi runs it in Open MPI's helper"
    TIMEOUT 60)
endif()
