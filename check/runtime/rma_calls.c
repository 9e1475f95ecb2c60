/* SPDX-License-Identifier: BSD-3-Clause */
/* The RMA communication calls (MPI-4.1 §13.3): MPI_Put, MPI_Get, MPI_Accumulate,
 * MPI_Get_accumulate, MPI_Fetch_and_op, MPI_Compare_and_swap and the request-based MPI_Rput,
 * MPI_Rget, MPI_Raccumulate, MPI_Rget_accumulate. Each is forwarded unchanged, then, on success,
 * recorded (rma_call_record.h). Their large-count forms: rma_calls_large_count.c. */
#include "predefined.h"
#include "rma_call_record.h"
#include "watch.h"

int MPI_Put(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
            MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win) {
  if (!rc_active())
    return PMPI_Put(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype,
                    win);
  const struct rc_rma_call c = RC_RMA_CALL(.call = "MPI_Put", .win = win, .target = target_rank, .disp = target_disp,
                                           .count = target_count, .type = target_datatype, .origin = origin_addr,
                                           .origin_count = origin_count, .origin_type = origin_datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Put(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                          target_datatype, win);
  return rc_rma_finish_call(&c, rc, NULL);
}

int MPI_Get(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp,
            int target_count, MPI_Datatype target_datatype, MPI_Win win) {
  if (!rc_active())
    return PMPI_Get(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype,
                    win);
  const struct rc_rma_call c =
      RC_RMA_CALL(.call = "MPI_Get", .win = win, .target = target_rank, .disp = target_disp, .count = target_count,
                  .type = target_datatype, .origin_count = origin_count, .origin_type = origin_datatype,
                  .result = origin_addr, .result_count = origin_count, .result_type = origin_datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Get(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                          target_datatype, win);
  return rc_rma_finish_call(&c, rc, NULL);
}

int MPI_Accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                   MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win) {
  if (!rc_active())
    return PMPI_Accumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                           target_datatype, op, win);
  const struct rc_rma_call c =
      RC_RMA_CALL(.call = "MPI_Accumulate", .win = win, .target = target_rank, .disp = target_disp,
                  .count = target_count, .type = target_datatype, .origin = origin_addr, .origin_count = origin_count,
                  .origin_type = origin_datatype, .op = rc_op_name(rc_predefined_op(op)));
  rc_watch_forward_begin();
  const int rc = PMPI_Accumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                                 target_datatype, op, win);
  return rc_rma_finish_call(&c, rc, NULL);
}

int MPI_Get_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr,
                       int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,
                       int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win) {
  if (!rc_active())
    return PMPI_Get_accumulate(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype,
                               target_rank, target_disp, target_count, target_datatype, op, win);
  const struct rc_rma_call c =
      RC_RMA_CALL(.call = "MPI_Get_accumulate", .win = win, .target = target_rank, .disp = target_disp,
                  .count = target_count, .type = target_datatype, .origin = origin_addr, .origin_count = origin_count,
                  .origin_type = origin_datatype, .op = rc_op_name(rc_predefined_op(op)), .result = result_addr,
                  .result_count = result_count, .result_type = result_datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Get_accumulate(origin_addr, origin_count, origin_datatype, result_addr, result_count,
                                     result_datatype, target_rank, target_disp, target_count, target_datatype, op, win);
  return rc_rma_finish_call(&c, rc, NULL);
}

int MPI_Fetch_and_op(const void *origin_addr, void *result_addr, MPI_Datatype datatype, int target_rank,
                     MPI_Aint target_disp, MPI_Op op, MPI_Win win) {
  if (!rc_active()) return PMPI_Fetch_and_op(origin_addr, result_addr, datatype, target_rank, target_disp, op, win);
  const struct rc_rma_call c =
      RC_RMA_CALL(.call = "MPI_Fetch_and_op", .win = win, .target = target_rank, .disp = target_disp, .count = 1,
                  .type = datatype, .origin = origin_addr, .origin_count = 1, .origin_type = datatype,
                  .op = rc_op_name(rc_predefined_op(op)), .result = result_addr, .result_count = 1,
                  .result_type = datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Fetch_and_op(origin_addr, result_addr, datatype, target_rank, target_disp, op, win);
  return rc_rma_finish_call(&c, rc, NULL);
}

int MPI_Compare_and_swap(const void *origin_addr, const void *compare_addr, void *result_addr, MPI_Datatype datatype,
                         int target_rank, MPI_Aint target_disp, MPI_Win win) {
  if (!rc_active())
    return PMPI_Compare_and_swap(origin_addr, compare_addr, result_addr, datatype, target_rank, target_disp, win);
  const struct rc_rma_call c =
      RC_RMA_CALL(.call = "MPI_Compare_and_swap", .win = win, .target = target_rank, .disp = target_disp, .count = 1,
                  .type = datatype, .origin = origin_addr, .origin_count = 1, .origin_type = datatype,
                  .compare = compare_addr, .result = result_addr, .result_count = 1, .result_type = datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Compare_and_swap(origin_addr, compare_addr, result_addr, datatype, target_rank, target_disp, win);
  return rc_rma_finish_call(&c, rc, NULL);
}

int MPI_Rput(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
             MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request) {
  if (!rc_active())
    return PMPI_Rput(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                     target_datatype, win, request);
  const struct rc_rma_call c = RC_RMA_CALL(.call = "MPI_Rput", .win = win, .target = target_rank, .disp = target_disp,
                                           .count = target_count, .type = target_datatype, .origin = origin_addr,
                                           .origin_count = origin_count, .origin_type = origin_datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Rput(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                           target_datatype, win, request);
  return rc_rma_finish_call(&c, rc, request);
}

int MPI_Rget(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp,
             int target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request) {
  if (!rc_active())
    return PMPI_Rget(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                     target_datatype, win, request);
  const struct rc_rma_call c =
      RC_RMA_CALL(.call = "MPI_Rget", .win = win, .target = target_rank, .disp = target_disp, .count = target_count,
                  .type = target_datatype, .origin_count = origin_count, .origin_type = origin_datatype,
                  .result = origin_addr, .result_count = origin_count, .result_type = origin_datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Rget(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                           target_datatype, win, request);
  return rc_rma_finish_call(&c, rc, request);
}

int MPI_Raccumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                    MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win,
                    MPI_Request *request) {
  if (!rc_active())
    return PMPI_Raccumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                            target_datatype, op, win, request);
  const struct rc_rma_call c =
      RC_RMA_CALL(.call = "MPI_Raccumulate", .win = win, .target = target_rank, .disp = target_disp,
                  .count = target_count, .type = target_datatype, .origin = origin_addr, .origin_count = origin_count,
                  .origin_type = origin_datatype, .op = rc_op_name(rc_predefined_op(op)));
  rc_watch_forward_begin();
  const int rc = PMPI_Raccumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                                  target_datatype, op, win, request);
  return rc_rma_finish_call(&c, rc, request);
}

int MPI_Rget_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr,
                        int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,
                        int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request) {
  if (!rc_active())
    return PMPI_Rget_accumulate(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype,
                                target_rank, target_disp, target_count, target_datatype, op, win, request);
  const struct rc_rma_call c =
      RC_RMA_CALL(.call = "MPI_Rget_accumulate", .win = win, .target = target_rank, .disp = target_disp,
                  .count = target_count, .type = target_datatype, .origin = origin_addr, .origin_count = origin_count,
                  .origin_type = origin_datatype, .op = rc_op_name(rc_predefined_op(op)), .result = result_addr,
                  .result_count = result_count, .result_type = result_datatype);
  rc_watch_forward_begin();
  const int rc =
      PMPI_Rget_accumulate(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype,
                           target_rank, target_disp, target_count, target_datatype, op, win, request);
  return rc_rma_finish_call(&c, rc, request);
}
