/* SPDX-License-Identifier: BSD-3-Clause */
/* The 2-operand integer user op of fuzz_bench's campaign in an MPI helper: an MPI_User_function
 * that never looks at its datatype, so one build serves every MPI library's helper. */
void sum_int32(void* in, void* inout, int* len, void* type) {
  const int* a = (const int*)in;
  int* b = (int*)inout;
  (void)type;
  for (int i = 0; i < *len; ++i) b[i] = (int)((unsigned)b[i] + (unsigned)a[i]);
}
