// SPDX-License-Identifier: BSD-3-Clause
// Functions outside what `redsem opcheck --source` models (tests/props/CMakeLists.txt).
#include <mpi.h>

// Outside the model: inline assembly, and a call into another library.
void asm_add(void *in, void *inout, int *len, MPI_Datatype *dt) {
  int *a = in, *b = inout;
  (void)dt;
  for (int i = 0; i < *len; i++) {
    int r;
    __asm__("addl %1, %0" : "=r"(r) : "r"(a[i]), "0"(b[i]));
    b[i] = r;
  }
}
extern int external_combine(int, int);
void calls_out(void *in, void *inout, int *len, MPI_Datatype *dt) {
  int *a = in, *b = inout;
  (void)dt;
  for (int i = 0; i < *len; i++) b[i] = external_combine(a[i], b[i]);
}

