/* SPDX-License-Identifier: BSD-3-Clause */
// Text written into generated C (`redsem emit-c`, emit_c.h). Every piece of text that comes from
// an input (the op file's path, name, description, field names and type choices, --prefix)
// reaches the C through one of these, chosen by where it lands, so that no input can end a
// comment or a string early, or name something other than what the unit defines, and so write C
// of its own: text is escaped, names are checked and refused.
#pragma once

#include <string>
#include <string_view>

namespace redsem::opfile {

// `s` made safe inside a /* */ comment (and a // one): `*/` and `/*` are broken by a space, and a
// `*` or `/` at either end gets a space beside it, so the text cannot end the comment or nest one,
// with its neighbours either; bytes below 0x20 and 0x7f (a newline among them) are shown as \xNN,
// so the text stays on its line; a trigraph ??x is broken by a space and a backslash with only
// spaces after it is shown as \x5c, so nothing splices the next line into a // comment.
std::string c_comment_text(std::string_view s);

// A C string literal, quotes included, holding `s` byte for byte: `"` `\` and `?` (trigraphs)
// escaped, every byte outside printable ASCII as a three-digit octal escape (which, unlike \x,
// cannot swallow the character after it). Not a printf format: pass it as an argument of "%s".
std::string c_string_literal(std::string_view s);

// Why `name` cannot be a name the generated unit declares, or "" when it can: it must follow C's
// grammar (a letter or _, then letters, digits and _), not be a keyword of C11 or C23, not be
// reserved to the implementation (__x, _X) or to MPI (MPI_, PMPI_, MPI-4.1 §2.6.2), not be a
// macro of the headers the unit includes (bool, NULL, offsetof, …) and not be spelled as macros
// are (capitals, digits and _ only), which any header may define.
std::string c_identifier_problem(std::string_view name);

// The same for a prefix that the unit always follows with "_" and a word (PREFIX_function): the
// grammar and the reserved beginnings; a keyword or a macro's name is harmless there.
std::string c_prefix_problem(std::string_view prefix);

}  // namespace redsem::opfile
