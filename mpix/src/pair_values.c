#include "pair_values.h"

#include <math.h>
#include <string.h>

#include "redsem_mpix.h"

int pair_layout_of(MPI_Datatype datatype, pair_layout *layout) {
  if (datatype == MPI_FLOAT_INT) {
    *layout = (pair_layout){PAIR_FLOAT, sizeof(MPIX_float_int), offsetof(MPIX_float_int, index)};
  } else if (datatype == MPI_DOUBLE_INT) {
    *layout = (pair_layout){PAIR_DOUBLE, sizeof(MPIX_double_int), offsetof(MPIX_double_int, index)};
  } else if (datatype == MPI_LONG_INT) {
    *layout = (pair_layout){PAIR_LONG, sizeof(MPIX_long_int), offsetof(MPIX_long_int, index)};
  } else if (datatype == MPI_2INT) {
    *layout = (pair_layout){PAIR_INT, sizeof(MPIX_2int), offsetof(MPIX_2int, index)};
  } else if (datatype == MPI_SHORT_INT) {
    *layout = (pair_layout){PAIR_SHORT, sizeof(MPIX_short_int), offsetof(MPIX_short_int, index)};
  } else {
    return 0;
  }
  return 1;
}

static size_t value_size(pair_kind kind) {
  switch (kind) {
    case PAIR_FLOAT: return sizeof(float);
    case PAIR_DOUBLE: return sizeof(double);
    case PAIR_LONG: return sizeof(long);
    case PAIR_INT: return sizeof(int);
    case PAIR_SHORT: return sizeof(short);
  }
  return 0;
}

/* memcpy: the caller's buffer need not be aligned for the struct. */
pair pair_load(const pair_layout *layout, const void *element) {
  pair p;
  memset(&p, 0, sizeof p);
  memcpy(&p.value, element, value_size(layout->kind));
  int index = 0;
  memcpy(&index, (const char *)element + layout->index_offset, sizeof index);
  p.flag = index != 0;
  return p;
}

void pair_store(const pair_layout *layout, void *element, pair p) {
  memcpy(element, &p.value, value_size(layout->kind));
  memcpy((char *)element + layout->index_offset, &p.flag, sizeof p.flag);
}

pair_value pair_add(pair_kind kind, pair_value a, pair_value b) {
  pair_value r;
  memset(&r, 0, sizeof r);
  switch (kind) {
    case PAIR_FLOAT: r.f = a.f + b.f; break;
    case PAIR_DOUBLE: r.d = a.d + b.d; break;
    /* Unsigned arithmetic wraps without undefined behaviour; the conversion back is
     * implementation-defined and two's complement on every target GCC supports. */
    case PAIR_LONG: r.l = (long)((unsigned long)a.l + (unsigned long)b.l); break;
    case PAIR_INT: r.i = (int)((unsigned)a.i + (unsigned)b.i); break;
    case PAIR_SHORT: r.s = (short)(unsigned short)((unsigned)a.s + (unsigned)b.s); break;
  }
  return r;
}

pair_value pair_zero(pair_kind kind) {
  pair_value r;
  memset(&r, 0, sizeof r);
  (void)kind; /* all-zero bytes are +0 and 0 in every kind */
  return r;
}

/* IEEE 754 minimum, the model's MIN under its default policy (minmax_nan=propagate,
 * minmax_zero=ordered): a NaN operand wins, the left one first, and -0 < +0. So the result does
 * not depend on the operands' order, as a commutative op's must not (a plain `b < a ? b : a`
 * gives +0 or -0, a NaN or not, by order). */
static float min_float(float a, float b) {
  if (isnan(a)) return a;
  if (isnan(b)) return b;
  if (a != b) return a < b ? a : b;
  return signbit(a) ? a : b; /* equal: the same value, or -0 and +0 */
}
static double min_double(double a, double b) {
  if (isnan(a)) return a;
  if (isnan(b)) return b;
  if (a != b) return a < b ? a : b;
  return signbit(a) ? a : b;
}

pair_value pair_min(pair_kind kind, pair_value a, pair_value b) {
  pair_value r = a;
  switch (kind) {
    case PAIR_FLOAT: r.f = min_float(a.f, b.f); break;
    case PAIR_DOUBLE: r.d = min_double(a.d, b.d); break;
    case PAIR_LONG: r.l = b.l < a.l ? b.l : a.l; break;
    case PAIR_INT: r.i = b.i < a.i ? b.i : a.i; break;
    case PAIR_SHORT: r.s = b.s < a.s ? b.s : a.s; break;
  }
  return r;
}

int pair_equal(pair_kind kind, pair_value a, pair_value b) {
  switch (kind) {
    case PAIR_FLOAT: return a.f == b.f;
    case PAIR_DOUBLE: return a.d == b.d;
    case PAIR_LONG: return a.l == b.l;
    case PAIR_INT: return a.i == b.i;
    case PAIR_SHORT: return a.s == b.s;
  }
  return 0;
}
