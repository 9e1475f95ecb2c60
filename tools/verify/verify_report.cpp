// SPDX-License-Identifier: BSD-3-Clause
#include "tools/render/plain_table.h"
#include "tools/verify/verify_section.h"

namespace redsem::tools {

void finish_report(section_report& r, const std::string& id, const plain_table& t, bool quick) {
  auto differences = compare_with_record(id, r.verdicts, quick);
  r.mismatches.insert(r.mismatches.end(), differences.begin(), differences.end());
  r.text = render_text(t);
  r.json = to_json(t);
  r.html = render_html(t);
}

}  // namespace redsem::tools
