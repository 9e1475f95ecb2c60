/* SPDX-License-Identifier: BSD-3-Clause */
/* Commutativity and associativity of a user op (user_op_laws.h), bounded per call, found in a
 * child process so that the user function's calls leave the program untouched. */
#include "user_op_laws.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "finding.h"
#include "law_child.h"
#include "predefined.h"
#include "query_guard.h"

/* Per checked call: enough to catch an op that is wrong everywhere, cheap enough to sample. */
#define MAX_PAIRS 24
#define MAX_TRIPLES 24
/* One element's bytes; a larger element is not checked. */
#define MAX_ELEMENT_BYTES 4096

struct element_type {
  MPI_Datatype handle;
  int predefined; /* index in the model's tables, -1 for a derived type */
  MPI_Aint extent, true_lb, true_extent;
  int pack_size;
};

struct scratch {
  unsigned char *value[4]; /* element buffers */
  unsigned char *packed[2];
};

/* out = a ∘ b: the function's inoutvec holds b and receives the result (MPI-4.1 §7.9.5). */
static void combine(const struct rc_user_op *op, const struct element_type *t, const unsigned char *a,
                    const unsigned char *b, unsigned char *out, unsigned char *a_copy) {
  int one = 1;
  MPI_Datatype handle = t->handle;
  memcpy(a_copy, a, (size_t)t->true_extent);
  if (out != b) memcpy(out, b, (size_t)t->true_extent);
  op->function(a_copy - t->true_lb, out - t->true_lb, &one, &handle);
}

/* Whether two results hold the same data: the predefined type's value bytes, or MPI_Pack's
 * bytes of a derived type (its typemap's data, not the gaps between). */
static int same_result(const struct element_type *t, const unsigned char *x, const unsigned char *y,
                       struct scratch *s) {
  if (t->predefined >= 0) return rc_same_element(t->predefined, x, y);
  int px = 0, py = 0;
  if (PMPI_Pack(x - t->true_lb, 1, t->handle, s->packed[0], t->pack_size, &px, MPI_COMM_SELF) != MPI_SUCCESS ||
      PMPI_Pack(y - t->true_lb, 1, t->handle, s->packed[1], t->pack_size, &py, MPI_COMM_SELF) != MPI_SUCCESS)
    return 1; /* cannot tell: no finding */
  return px == py && memcmp(s->packed[0], s->packed[1], (size_t)px) == 0;
}

/* A derived element's values, when all are of one single-value type: MPI_Pack's bytes in typemap
 * order, read one value at a time (`key`_values: ["1", "0.5", …]). */
static void derived_values(rc_line *l, const char *key, const struct element_type *t, const unsigned char *bytes,
                           struct scratch *s) {
  const int leaf = rc_homogeneous_type(t->handle);
  const size_t size = rc_packed_value_size(leaf);
  int packed = 0;
  if (size == 0 ||
      PMPI_Pack(bytes - t->true_lb, 1, t->handle, s->packed[0], t->pack_size, &packed, MPI_COMM_SELF) != MPI_SUCCESS)
    return;
  char name[64];
  snprintf(name, sizeof name, "%s_values", key);
  rc_open_array(l, name);
  for (size_t at = 0; at + size <= (size_t)packed; at += size) rc_decode_element(l, NULL, leaf, s->packed[0] + at);
  rc_close(l);
}

static void value(rc_line *l, const char *key, const struct element_type *t, const unsigned char *bytes,
                  struct scratch *s) {
  char decoded[64];
  rc_hex(l, key, bytes, (size_t)t->true_extent);
  if (t->predefined >= 0) {
    snprintf(decoded, sizeof decoded, "%s_value", key);
    rc_decode_element(l, decoded, t->predefined, bytes);
  } else {
    derived_values(l, key, t, bytes, s);
  }
}

static void law_finding(const struct rc_reduction *r, const struct rc_user_op *op, const struct element_type *t,
                        const char *check, const char *message, int element, int n, const int *ranks,
                        const unsigned char *const *operands, const unsigned char *left, const unsigned char *right,
                        struct scratch *s) {
  static const char *const names[] = {"a", "b", "c"};
  char label[32];
  snprintf(label, sizeof label, "user#%d", op->number);
  rc_line l;
  rc_finding_begin(&l, check, r->call, "MPI-4.1 \302\2477.9.5", message, r->caller);
  rc_str(&l, "op", label);
  rc_bool(&l, "commute", op->commute);
  rc_str(&l, "type", rc_type_name(t->predefined));
  rc_int(&l, "element", element);
  rc_open_array(&l, "ranks");
  for (int i = 0; i < n; ++i) rc_int(&l, NULL, ranks[i]);
  rc_close(&l);
  for (int i = 0; i < n; ++i) value(&l, names[i], t, operands[i], s);
  value(&l, n == 2 ? "a_op_b" : "ab_op_c", t, left, s);
  value(&l, n == 2 ? "b_op_a" : "a_op_bc", t, right, s);
  rc_end(&l);
}

/* A broken law: which one, on which element and contributions, with the two results that differ.
 * Found in a child process (find_in_child), reported by the parent. */
enum law { LAW_HOLDS, LAW_NOT_COMMUTATIVE, LAW_NOT_ASSOCIATIVE };
struct violation {
  enum law law;
  int element;
  int index[3]; /* contributions a, b (and c) */
  unsigned char left[MAX_ELEMENT_BYTES], right[MAX_ELEMENT_BYTES];
};

static int find_commute(const struct rc_user_op *op, const struct element_type *t, const struct rc_contributions *v,
                        struct scratch *s, struct violation *found) {
  int tried = 0;
  for (int k = 0; k < v->elements; ++k)
    for (int i = 0; i < v->count; ++i)
      for (int j = i + 1; j < v->count; ++j) {
        if (tried++ == MAX_PAIRS) return 0;
        const unsigned char *a = v->images[i] + k * t->extent, *b = v->images[j] + k * t->extent;
        combine(op, t, a, b, s->value[0], s->value[3]);
        combine(op, t, b, a, s->value[1], s->value[3]);
        if (same_result(t, s->value[0], s->value[1], s)) continue;
        *found = (struct violation){.law = LAW_NOT_COMMUTATIVE, .element = k, .index = {i, j, -1}};
        return 1;
      }
  return 0;
}

/* Whether MPI can bracket contributions i, j, m both ways. A commutative op's operands may come in
 * any order; a non-commutative one's always come in ascending rank order (MPI-4.1 §7.9.5), so a
 * triple out of that order is one MPI never combines, and breaking the law on it is no error. */
static int combinable(const struct rc_user_op *op, const struct rc_contributions *v, int i, int j, int m) {
  if (op->commute) return 1;
  return v->ranks[j] == v->ranks[i] + 1 && v->ranks[m] == v->ranks[j] + 1;
}

static int find_associative(const struct rc_user_op *op, const struct element_type *t, const struct rc_contributions *v,
                            struct scratch *s, struct violation *found) {
  int tried = 0;
  const int n = v->count;
  for (int k = 0; k < v->elements; ++k)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        for (int m = 0; m < n; ++m) {
          if (i == j && j == m) continue;
          if (n >= 3 && (i == j || j == m || i == m)) continue; /* distinct values when there are enough */
          if (!combinable(op, v, i, j, m)) continue;
          if (tried++ == MAX_TRIPLES) return 0;
          const unsigned char *a = v->images[i] + k * t->extent, *b = v->images[j] + k * t->extent,
                              *c = v->images[m] + k * t->extent;
          combine(op, t, a, b, s->value[2], s->value[3]);           /* a∘b */
          combine(op, t, s->value[2], c, s->value[0], s->value[3]); /* (a∘b)∘c */
          combine(op, t, b, c, s->value[2], s->value[3]);           /* b∘c */
          combine(op, t, a, s->value[2], s->value[1], s->value[3]); /* a∘(b∘c) */
          if (same_result(t, s->value[0], s->value[1], s)) continue;
          *found = (struct violation){.law = LAW_NOT_ASSOCIATIVE, .element = k, .index = {i, j, m}};
          return 1;
        }
  return 0;
}

/* The scratch buffers in one block (freed by the caller), or NULL. */
static unsigned char *scratch_of(struct scratch *s) {
  unsigned char *block = calloc(6, MAX_ELEMENT_BYTES + 64);
  if (!block) return NULL;
  /* 64-byte strides keep every element buffer aligned as malloc would. */
  for (int i = 0; i < 4; ++i) s->value[i] = block + (size_t)i * (MAX_ELEMENT_BYTES + 64);
  for (int i = 0; i < 2; ++i) s->packed[i] = block + (size_t)(4 + i) * (MAX_ELEMENT_BYTES + 64);
  return block;
}

/* Both laws, the first broken one in `found` with its two results. */
static void find_violation(const struct rc_user_op *op, const struct element_type *t, const struct rc_contributions *v,
                           struct violation *found) {
  found->law = LAW_HOLDS;
  struct scratch s;
  unsigned char *block = scratch_of(&s);
  if (!block) return;
  if ((op->commute && find_commute(op, t, v, &s, found)) || find_associative(op, t, v, &s, found)) {
    memcpy(found->left, s.value[0], (size_t)t->true_extent);
    memcpy(found->right, s.value[1], (size_t)t->true_extent);
  }
  free(block);
}

/* What the child needs, copied off the program's stack (law_child.h makes it inaccessible). */
struct law_job {
  struct rc_user_op op;
  struct element_type type;
  struct rc_contributions values;
};

static void find_violation_job(void *arg, void *answer) {
  const struct law_job *job = arg;
  find_violation(&job->op, &job->type, &job->values, answer);
}

/* The user's function runs on operand pairs the program never formed, and it may keep state (an
 * error counter, a call count), print, fail or never return on them. Calling it in a forked
 * child (law_child.h) keeps every such effect out of the program: its memory, output, status and
 * MPI job stay what they would be unchecked. Returns 0 (no verdict, no finding) when the child
 * gave no answer; the note then says why. */
static int find_in_child(const struct rc_reduction *r, const struct rc_user_op *op, const struct element_type *t,
                         const struct rc_contributions *v, struct violation *found) {
  struct law_job *job = malloc(sizeof *job);
  const unsigned char **images = malloc((size_t)v->count * sizeof *images);
  int *ranks = malloc((size_t)v->count * sizeof *ranks);
  int answered = 0;
  char why[160], message[320];
  snprintf(why, sizeof why, "no memory to evaluate it");
  if (job && images && ranks) {
    memcpy(images, v->images, (size_t)v->count * sizeof *images);
    memcpy(ranks, v->ranks, (size_t)v->count * sizeof *ranks);
    *job = (struct law_job){*op, *t, {v->count, images, ranks, v->elements}};
    answered = rc_child_run(find_violation_job, job, found, sizeof *found, why, sizeof why);
  }
  free(job);
  free(images);
  free(ranks);
  if (answered) return 1;
  snprintf(message, sizeof message,
           "user#%d could not be evaluated outside the program on this call's values: %s; its laws are not "
           "checked here",
           op->number, why);
  rc_note("user_op_not_evaluated", r->call, message, r->caller);
  return 0;
}

static void report(const struct rc_reduction *r, const struct rc_user_op *op, const struct element_type *t,
                   const struct rc_contributions *v, const struct violation *found, struct scratch *s) {
  const int k = found->element, n = found->law == LAW_NOT_COMMUTATIVE ? 2 : 3;
  int ranks[3];
  const unsigned char *operands[3];
  for (int i = 0; i < n; ++i) {
    ranks[i] = v->ranks[found->index[i]];
    operands[i] = v->images[found->index[i]] + k * t->extent;
  }
  char message[360];
  if (found->law == LAW_NOT_COMMUTATIVE) {
    snprintf(message, sizeof message,
             "user#%d is created commutative, but on element %d of ranks %d and %d its function gives "
             "f(a,b) != f(b,a): MPI may then reorder the operands and the result depends on it",
             op->number, k, ranks[0], ranks[1]);
    law_finding(r, op, t, "user_op_not_commutative", message, k, 2, ranks, operands, found->left, found->right, s);
    return;
  }
  snprintf(message, sizeof message,
           "user#%d is not associative on element %d of ranks %d, %d, %d: f(f(a,b),c) != f(a,f(b,c)); MPI "
           "assumes a user op is associative and may bracket the contributions either way, so the "
           "result depends on the library's reduction order",
           op->number, k, ranks[0], ranks[1], ranks[2]);
  law_finding(r, op, t, "user_op_not_associative", message, k, 3, ranks, operands, found->left, found->right, s);
}

void rc_check_user_op_laws(const struct rc_reduction *r, const struct rc_user_op *op,
                           const struct rc_contributions *values) {
  struct element_type t = {.handle = r->type, .predefined = rc_predefined_type(r->type)};
  MPI_Aint lb;
  if (!op->function || values->count < 2 || values->elements < 1 || !rc_type_queryable(r->type)) return;
  if (PMPI_Type_get_extent(r->type, &lb, &t.extent) != MPI_SUCCESS ||
      PMPI_Type_get_true_extent(r->type, &t.true_lb, &t.true_extent) != MPI_SUCCESS ||
      PMPI_Pack_size(1, r->type, MPI_COMM_SELF, &t.pack_size) != MPI_SUCCESS)
    return;
  if (t.true_extent <= 0 || t.true_extent > MAX_ELEMENT_BYTES || t.pack_size > MAX_ELEMENT_BYTES) return;
  struct violation *found = malloc(sizeof *found);
  if (!found) return;
  struct scratch s;
  unsigned char *block = scratch_of(&s);
  if (block && find_in_child(r, op, &t, values, found) && found->law != LAW_HOLDS) report(r, op, &t, values, found, &s);
  free(block);
  free(found);
}
