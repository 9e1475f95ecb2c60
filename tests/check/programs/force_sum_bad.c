/* SPDX-License-Identifier: BSD-3-Clause */
/* One known error: MPI_SUM on a derived datatype (3 contiguous doubles). Predefined ops take
 * only the predefined datatypes listed for them (MPI-4.1 §7.9.2). Both libraries refuse the call
 * (Open MPI: "MPI_SUM is not defined for non-intrinsic datatypes", fatal by default; MPICH
 * aborts), so this program does not exit 0. Expected finding: derived_type_with_predefined_op,
 * written before the call. */
#include "force_sum.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Datatype vec3_type;
  MPI_Type_contiguous(3, MPI_DOUBLE, &vec3_type);
  MPI_Type_commit(&vec3_type);
  total_forces(vec3_type, BODIES);
  MPI_Type_free(&vec3_type);
  MPI_Finalize();
  return 0;
}
