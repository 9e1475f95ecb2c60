/* SPDX-License-Identifier: BSD-3-Clause */
/* The MPI_User_function ABI, without mpi.h: the datatype handle is opaque to these kernels. */
#ifndef REDSEM_TESTS_FUZZ_KERNEL_ABI_H
#define REDSEM_TESTS_FUZZ_KERNEL_ABI_H
#define REDSEM_KERNEL(name) void name(void* invec, void* inoutvec, int* len, void* datatype)
#define REDSEM_UNUSED(x) (void)(x)
#endif
