# SPDX-License-Identifier: BSD-3-Clause
# What redsem writes (docs/design.md, "How redsem writes files"): a write that fails is exit 2
# with the file named, never exit 0 with the output lost, and no name a user or another user
# planted makes redsem replace or write through to a file it was not asked to write.
set(BAD_SETUP ${CMAKE_CURRENT_LIST_DIR}/setup)

# Standard output into a full device: each command's small run, its output lost, is exit 2.
set(enospc "No space left on device")
redsem_bad_input(output_laws_stdout_full ARGS laws --op sum --type int --law associativity --no-cache
                 STDOUT_FILE /dev/full RC 2 ERR "redsem laws: cannot write standard output: ${enospc}")
redsem_bad_input(output_emit_c_stdout_full ARGS emit-c --op-file ${PROJECT_SOURCE_DIR}/examples/ops/all_max.op
                 STDOUT_FILE /dev/full RC 2 ERR "redsem emit-c: cannot write standard output: ${enospc}")
redsem_bad_input(output_rma_json_stdout_full ARGS rma ${PROJECT_SOURCE_DIR}/examples/rma/counter_fetch_and_add.rma --json
                 STDOUT_FILE /dev/full RC 2 ERR "redsem rma: cannot write standard output: ${enospc}")
redsem_bad_input(output_verify_json_stdout_full ARGS verify --quick --section validity --json
                 STDOUT_FILE /dev/full RC 2 ERR "redsem verify: cannot write standard output: ${enospc}")
redsem_bad_input(output_help_stdout_full ARGS --help STDOUT_FILE /dev/full RC 2
                 ERR "redsem: cannot write standard output: ${enospc}")

# A file named on the command line that is a full device: written in place, its error seen.
redsem_bad_input(output_verify_record_full ARGS verify --quick --section validity --record /dev/full
                 RC 2 ERR "redsem verify: --record: cannot write /dev/full: ${enospc}")

# `emit-c -o` naming its own op file, under another spelling of the same path: refused, the
# definition kept.
set(own ${BAD_WORK}/output_emit_c_onto_its_op_file)
redsem_bad_input(output_emit_c_onto_its_op_file ARGS emit-c --op-file ${own}/own.op -o ${own}/./own.op
                 SETUP ${BAD_SETUP}/own_op_file.cmake UNCHANGED ${own}/own.op
                 RC 2 ERR "redsem emit-c: -o .*own.op is the op file .*own.op itself")

# A link planted where the proof cache's temporary file once had a fixed name: the file it
# points to is not written (the temporary file is a fresh name, created O_EXCL | O_NOFOLLOW).
set(cache ${BAD_WORK}/output_proof_cache_temp_link)
redsem_bad_input(output_proof_cache_temp_link
                 ARGS laws --op sum --type int --law associativity --cache-dir ${cache}/cache
                 SETUP ${BAD_SETUP}/cache_temp_link.cmake UNCHANGED ${cache}/victim.txt RC 0 OUT "associativity")

# A named output that is a link to a regular file is refused, the file untouched; a link to a
# device is followed (/dev/stdout into a pipe is how scripts take a report on stdout).
set(linked ${BAD_WORK}/output_emit_c_through_link)
redsem_bad_input(output_emit_c_through_link ARGS emit-c --op-file ${PROJECT_SOURCE_DIR}/examples/ops/all_max.op
                 -o ${linked}/link.c SETUP ${BAD_SETUP}/link_to_file.cmake UNCHANGED ${linked}/victim.txt
                 RC 2 ERR "cannot write .*link.c: a symbolic link to a regular file or to nothing")
redsem_bad_input(output_emit_c_to_dev_stdout ARGS emit-c --op-file ${PROJECT_SOURCE_DIR}/examples/ops/all_max.op
                 -o /dev/stdout RC 0 OUT "MPI_Op_create")
