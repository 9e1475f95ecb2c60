# SPDX-License-Identifier: BSD-3-Clause
# `redsem emit-c` writes anyone's op file into C that MPI programs compile and load: every name it
# declares is checked (model/opfile/c_text.h) and refused when it would not stay that name; the
# text it copies into comments is escaped (tests/opfile: emit_c_description_injects and
# path_injects are generated, compiled and loaded).
set(EMIT_OPF ${BAD_INPUTS}/opfile)
redsem_bad_input(emit_c_reserved_op_name ARGS emit-c --op-file ${EMIT_OPF}/emit_c_reserved_op_name.op RC 2
  ERR "C cannot express op __RESERVED: the C names' prefix '__reserved' cannot be written into C: .*reserved to the C implementation.*--prefix")
redsem_bad_input(emit_c_reserved_op_name_renamed ARGS emit-c --op-file ${EMIT_OPF}/emit_c_reserved_op_name.op --prefix reserved
  RC 0 OUT "void reserved_function\\(")
redsem_bad_input(emit_c_macro_field ARGS emit-c --op-file ${EMIT_OPF}/emit_c_macro_field.op RC 2
  ERR "field 'math_errhandling' cannot be written into C: it is a C keyword or a macro")
redsem_bad_input(emit_c_prefix_reserved_to_mpi ARGS emit-c --op-file ${EMIT_OPF}/emit_c_macro_field.op --prefix MPI_Mine RC 2
  ERR "--prefix 'MPI_Mine' cannot be written into C: .*reserved to MPI")
redsem_bad_input(emit_c_prefix_ends_comment ARGS emit-c --op-file ${EMIT_OPF}/emit_c_reserved_op_name.op --prefix "a*/b" RC 2
  ERR "--prefix 'a\\* /b' cannot be written into C: a C name holds only letters, digits and _, not '\\*'")
# The description's `*/` stays in the comment (broken by a space), the constructor with it.
redsem_bad_input(emit_c_description_stays_in_comment ARGS emit-c --op-file ${EMIT_OPF}/emit_c_description_injects.op RC 0
  OUT " \\*   \"sum \\* / __attribute__\\(\\(constructor\\)\\) static void injected\\(void\\) \\{ __builtin_trap\\(\\); \\} / \\* \\?\\? / \"\n")
