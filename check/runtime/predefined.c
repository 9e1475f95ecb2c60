/* SPDX-License-Identifier: BSD-3-Clause */
/* Predefined handles against the model's generated tables (predefined.h). */
#include "predefined.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "type_contents.h"
#include "validity_data.h"

/* The handles, looked up once: Open MPI's are addresses, not constant expressions. A name the
 * library does not support (MPI_DATATYPE_NULL, e.g. Fortran types without Fortran) never matches. */
static MPI_Datatype type_handles[RC_TYPE_COUNT];
static MPI_Op op_handles[RC_OP_COUNT];
static int handles_ready;

static void load_handles(void) {
  if (__atomic_load_n(&handles_ready, __ATOMIC_ACQUIRE)) return;
#define TYPE_HANDLE(i, handle) type_handles[i] = handle;
  RC_PREDEFINED_TYPES(TYPE_HANDLE)
#undef TYPE_HANDLE
#define OP_HANDLE(i, handle) op_handles[i] = handle;
  RC_PREDEFINED_OPS(OP_HANDLE)
#undef OP_HANDLE
  __atomic_store_n(&handles_ready, 1, __ATOMIC_RELEASE);
}

int rc_predefined_type(MPI_Datatype type) {
  load_handles();
  if (type == MPI_DATATYPE_NULL) return -1;
  for (int i = 0; i < RC_TYPE_COUNT; ++i)
    if (type_handles[i] == type) return i;
  return -1;
}

int rc_predefined_op(MPI_Op op) {
  load_handles();
  if (op == MPI_OP_NULL) return -1;
  for (int i = 0; i < RC_OP_COUNT; ++i)
    if (op_handles[i] == op) return i;
  return -1;
}

const char *rc_type_name(int type_index) {
  static const char *const names[RC_TYPE_COUNT] = {
#define TYPE_NAME(i, handle) [i] = #handle,
      RC_PREDEFINED_TYPES(TYPE_NAME)
#undef TYPE_NAME
  };
  return type_index >= 0 && type_index < RC_TYPE_COUNT ? names[type_index] : "derived";
}

const char *rc_op_name(int op_index) {
  static const char *const names[RC_OP_COUNT] = {
#define OP_NAME(i, handle) [i] = #handle,
      RC_PREDEFINED_OPS(OP_NAME)
#undef OP_NAME
  };
  return op_index >= 0 && op_index < RC_OP_COUNT ? names[op_index] : "user";
}

char rc_cell_verdict(int type_index, int op_index) { return rc_verdicts[type_index][op_index]; }

void rc_cell_rule(int type_index, int op_index, const char **name, const char **section, const char **text) {
  const int r = rc_reasons[type_index][op_index];
  const struct rc_rule_text *rule = &rc_rules[r >= 0 && r < RC_RULE_COUNT ? r : 0];
  *name = rule->name;
  *section = rule->section;
  *text = rule->text;
}

void rc_derived_type_rule(const char **name, const char **section, const char **text) {
  const struct rc_rule_text *rule = &rc_rules[RC_RULE_DERIVED_TYPE_WITH_PREDEFINED_OP];
  *name = rule->name;
  *section = rule->section;
  *text = rule->text;
}

size_t rc_type_size(int type_index) { return rc_type_layouts[type_index].size; }

static size_t value_bytes(enum rc_scalar_kind k) { return rc_value_bytes[k]; }

static void field_text(char *out, size_t n, enum rc_scalar_kind k, const unsigned char *p) {
  if (k == RC_F32) {
    float v;
    memcpy(&v, p, sizeof v);
    snprintf(out, n, "%.9g", v);
    return;
  }
  if (k == RC_F64) {
    double v;
    memcpy(&v, p, sizeof v);
    snprintf(out, n, "%.17g", v);
    return;
  }
  if (k == RC_F80) {
    long double v;
    memcpy(&v, p, sizeof v);
    snprintf(out, n, "%.21Lg", v);
    return;
  }
  /* An integer of 1 to 8 bytes, read into the low bytes of 64 bits (little-endian, as the
   * model's layouts are) and sign-extended when its kind is signed. */
  const size_t bytes = value_bytes(k);
  uint64_t bits = 0;
  memcpy(&bits, p, bytes);
  const int is_signed = k == RC_I8 || k == RC_I16 || k == RC_I32 || k == RC_I64;
  if (is_signed && bytes < 8 && ((bits >> (8 * bytes - 1)) & 1)) bits |= ~0ull << (8 * bytes);
  if (is_signed)
    snprintf(out, n, "%lld", (long long)bits);
  else
    snprintf(out, n, "%llu", (unsigned long long)bits);
}

void rc_decode_element(rc_line *l, const char *key, int type_index, const void *element) {
  const struct rc_type_layout *t = &rc_type_layouts[type_index];
  const unsigned char *p = element;
  char a[64], b[64], text[160];
  field_text(a, sizeof a, t->field[0].kind, p + t->field[0].offset);
  if (t->fields == 1) {
    rc_str(l, key, a);
    return;
  }
  field_text(b, sizeof b, t->field[1].kind, p + t->field[1].offset);
  snprintf(text, sizeof text, "(%s, %s)", a, b);
  rc_str(l, key, text);
}

int rc_same_element(int type_index, const void *a, const void *b) {
  const struct rc_type_layout *t = &rc_type_layouts[type_index];
  for (int f = 0; f < t->fields; ++f) {
    const size_t at = t->field[f].offset, n = value_bytes(t->field[f].kind);
    if (memcmp((const unsigned char *)a + at, (const unsigned char *)b + at, n) != 0) return 0;
  }
  return 1;
}

unsigned long long rc_hash_element(unsigned long long hash, int type_index, const void *element) {
  const struct rc_type_layout *t = &rc_type_layouts[type_index];
  for (int f = 0; f < t->fields; ++f) {
    const unsigned char *p = (const unsigned char *)element + t->field[f].offset;
    for (size_t i = 0; i < value_bytes(t->field[f].kind); ++i) hash = (hash ^ p[i]) * 1099511628211ull;
  }
  return hash;
}

size_t rc_packed_value_size(int type_index) {
  if (type_index < 0 || type_index >= RC_TYPE_COUNT) return 0;
  const struct rc_type_layout *t = &rc_type_layouts[type_index];
  return t->fields == 1 ? value_bytes(t->field[0].kind) : 0;
}

/* The one predefined type at every leaf of the type's constructor (type_contents.h), or -1. */
static int leaves_type(MPI_Datatype type, int depth) {
  struct rc_type_contents c;
  if (rc_type_contents_read(type, depth, &c) != 0) return -1;
  if (c.combiner == MPI_COMBINER_NAMED) return rc_packed_value_size(rc_predefined_type(type)) ? rc_predefined_type(type) : -1;
  int found = c.nd < 1 ? -1 : -2; /* -2: none yet */
  for (int i = 0; i < c.nd; ++i) {
    const int leaf = leaves_type(c.types[i], depth + 1);
    found = found == -2 || found == leaf ? leaf : -1;
  }
  rc_type_contents_release(&c);
  return found < 0 ? -1 : found;
}

int rc_homogeneous_type(MPI_Datatype type) { return leaves_type(type, 0); }
