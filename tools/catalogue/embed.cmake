# SPDX-License-Identifier: BSD-3-Clause
# Writes OUTPUT, a C++ file defining catalogue_expectations_json as the text of INPUT, so the
# program carries its catalogue's expectations. The raw-string delimiter cannot occur in JSON.
file(READ "${INPUT}" text)
file(WRITE "${OUTPUT}" "// Generated from ${INPUT}; do not edit.\nnamespace redsem::tools {\nextern const char* const catalogue_expectations_json;\nconst char* const catalogue_expectations_json = R\"redsem_json(${text})redsem_json\";\n}\n")
