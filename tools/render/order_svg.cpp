// SPDX-License-Identifier: BSD-3-Clause
#include "tools/render/order_svg.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "model/element_compare.h"
#include "model/output_file.h"
#include "tools/cli/sim_inputs.h"

namespace redsem::tools {
namespace {

std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string xml_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else out += c;
  }
  return out;
}

// The value without its hex bits, which would crowd a node.
std::string short_value(const element_op& op, const sim::element& v) {
  std::string s = format_element(op.type, v.data());
  for (auto at = s.find(" [0x"); at != std::string::npos; at = s.find(" [0x", at)) {
    const auto end = s.find(']', at);
    if (end == std::string::npos) break;
    s.erase(at, end + 1 - at);
  }
  return s;
}

std::optional<std::filesystem::path> find_on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (!path) return std::nullopt;
  std::stringstream dirs(path);
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const auto candidate = std::filesystem::path(dir) / program;
    if (!dir.empty() && access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return std::nullopt;
}

// One length attribute of the root <svg> element in pixels (Graphviz writes points: 1pt = 4/3 px).
double svg_length(const std::string& svg, const std::string& attribute, double fallback) {
  const auto root = svg.find("<svg");
  const auto close = svg.find('>', root);
  if (root == std::string::npos || close == std::string::npos) return fallback;
  const auto at = svg.find(" " + attribute + "=\"", root);
  if (at == std::string::npos || at > close) return fallback;
  const char* start = svg.c_str() + at + attribute.size() + 3;
  char* end = nullptr;
  const double v = std::strtod(start, &end);
  if (end == start) return fallback;
  return std::strncmp(end, "pt", 2) == 0 ? v * 4 / 3 : v;
}

}  // namespace

std::string trees_to_dot(const std::vector<pictured_tree>& trees, const element_op& op,
                         const std::vector<sim::element>& inputs) {
  std::ostringstream dot;
  // Top-down with edges from parent to child drawn reversed, so the left operand sits left.
  dot << "digraph orders {\n  ordering=out;\n  node [fontname=\"Helvetica\", fontsize=10];\n"
         "  edge [dir=back];\n";
  int id = 0;
  for (std::size_t t = 0; t < trees.size(); ++t) {
    dot << "  subgraph cluster_" << t << " {\n    label=\"" << escape(trees[t].title) << "\";\n";
    std::vector<std::pair<const sim::tree_node*, int>> ids;
    for (const auto& n : sim::evaluate_nodes(trees[t].tree, op, inputs)) {
      const int me = id++;
      ids.emplace_back(n.node, me);
      const std::string value = short_value(op, n.value);
      if (n.node->is_leaf())
        dot << "    n" << me << " [shape=box, label=\"rank " << n.node->rank << "\\n" << escape(value) << "\"];\n";
      else
        dot << "    n" << me << " [shape=ellipse, label=\"∘\\n" << escape(value) << "\"];\n";
      if (!n.node->is_leaf()) {
        auto find = [&](const sim::tree_node* c) {
          for (auto it = ids.rbegin(); it != ids.rend(); ++it)
            if (it->first == c) return it->second;
          return -1;
        };
        dot << "    n" << me << " -> n" << find(n.node->left.get()) << " [label=\"left\", fontsize=8];\n";
        dot << "    n" << me << " -> n" << find(n.node->right.get()) << " [label=\"right\", fontsize=8];\n";
      }
    }
    dot << "  }\n";
  }
  dot << "}\n";
  return dot.str();
}

std::string histogram_svg(const std::vector<histogram_bar>& bars, const std::string& title,
                          const std::optional<histogram_mark>& mark) {
  const double width = 520, height = 300, left = 50, right = 20, top = 40, bottom = 60;
  double lo = bars.empty() ? 0 : bars[0].value, hi = lo, top_weight = 1;
  for (const auto& b : bars) {
    lo = std::min(lo, b.value);
    hi = std::max(hi, b.value);
    top_weight = std::max(top_weight, b.weight);
  }
  if (mark && std::isfinite(mark->value)) {
    lo = std::min(lo, mark->value);
    hi = std::max(hi, mark->value);
  }
  const double span = hi > lo ? hi - lo : 1;
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << width << " " << height << "\" font-family=\"Helvetica\" font-size=\"10\">\n";
  svg << "<text x=\"" << width / 2 << "\" y=\"20\" text-anchor=\"middle\" font-size=\"12\">" << xml_escape(title)
      << "</text>\n";
  const double axis_y = height - bottom, plot_w = width - left - right;
  svg << "<line x1=\"" << left << "\" y1=\"" << axis_y << "\" x2=\"" << width - right << "\" y2=\"" << axis_y
      << "\" stroke=\"black\"/>\n";
  for (const auto& b : bars) {
    const double x = left + (b.value - lo) / span * plot_w;
    const double h = (axis_y - top) * b.weight / top_weight;
    svg << "<rect class=\"bar\" x=\"" << x - 2 << "\" y=\"" << axis_y - h << "\" width=\"4\" height=\"" << h
        << "\" fill=\"steelblue\"><title>" << xml_escape(b.label) << "</title></rect>\n";
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9g", lo);
  svg << "<text x=\"" << left << "\" y=\"" << axis_y + 15 << "\" text-anchor=\"start\">" << buf << "</text>\n";
  std::snprintf(buf, sizeof buf, "%.9g", hi);
  svg << "<text x=\"" << width - right << "\" y=\"" << axis_y + 15 << "\" text-anchor=\"end\">" << buf << "</text>\n";
  svg << "<text x=\"" << width / 2 << "\" y=\"" << axis_y + 35 << "\" text-anchor=\"middle\">" << bars.size()
      << " distinct results</text>\n";
  if (mark && std::isfinite(mark->value)) {
    // A triangle under the axis pointing at the value, named below the count.
    const double x = left + (mark->value - lo) / span * plot_w;
    svg << "<polygon class=\"mark\" points=\"" << x << "," << axis_y + 2 << " " << x - 6 << "," << axis_y + 12 << " "
        << x + 6 << "," << axis_y + 12 << "\" fill=\"#b00020\"><title>" << xml_escape(mark->label)
        << "</title></polygon>\n";
    svg << "<text x=\"" << width / 2 << "\" y=\"" << axis_y + 52 << "\" text-anchor=\"middle\" fill=\"#b00020\">▲ "
        << xml_escape(mark->label) << "</text>\n";
  }
  svg << "</svg>\n";
  return svg.str();
}

std::optional<std::string> trees_svg(const std::vector<pictured_tree>& trees, const element_op& op,
                                     const std::vector<sim::element>& inputs, std::string* error) {
  return render_dot(trees_to_dot(trees, op, inputs), error);
}

double scalar_as_double(const sim::element& e) {
  if (e.size() == 4) {
    float f;
    std::memcpy(&f, e.data(), 4);
    return f;
  }
  double v = 0;
  std::memcpy(&v, e.data(), std::min<std::size_t>(e.size(), 8));
  return v;
}

std::optional<std::string> render_dot(const std::string& dot, std::string* error) {
  const auto program = find_on_path("dot");
  if (!program) {
    *error = "Graphviz 'dot' is not on PATH (apt-get install graphviz)";
    return std::nullopt;
  }
  // A directory of our own (mkdtemp: mode 0700, a fresh name), so that no name in the shared
  // temporary directory is predictable and no link planted there redirects dot's output.
  std::error_code ec;
  std::string dir = (std::filesystem::temp_directory_path(ec) / "redsem-orders-XXXXXX").string();
  if (ec || mkdtemp(dir.data()) == nullptr) {
    *error = "cannot create a temporary directory for dot: " + std::string(std::strerror(errno));
    return std::nullopt;
  }
  const auto in = std::filesystem::path(dir) / "orders.dot", out = std::filesystem::path(dir) / "orders.svg";
  const auto problem = write_output_file(in, dot);
  int rc = -1;
  if (!problem) {
    const std::string cmd =
        "'" + program->string() + "' -Tsvg '" + in.string() + "' -o '" + out.string() + "' 2>/dev/null";
    rc = std::system(cmd.c_str());
  }
  std::ifstream result(out);
  std::stringstream svg;
  svg << result.rdbuf();
  std::filesystem::remove_all(dir, ec);
  if (problem) {
    *error = *problem;
    return std::nullopt;
  }
  if (rc != 0 || svg.str().empty()) {
    *error = "dot -Tsvg failed (exit " + std::to_string(rc) + ")";
    return std::nullopt;
  }
  return svg.str();
}

std::string side_by_side(const std::vector<std::string>& svgs) {
  double x = 0, height = 0;
  std::ostringstream body;
  for (const auto& s : svgs) {
    const double w = svg_length(s, "width", 400), h = svg_length(s, "height", 300);
    const auto start = s.find("<svg");
    if (start == std::string::npos) continue;
    const std::string inner = "<svg x=\"" + std::to_string(x) + "\" y=\"0\"" + s.substr(start + 4);
    body << inner << "\n";
    x += w + 20;
    height = std::max(height, h);
  }
  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
         "xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\""
      << x << "\" height=\"" << height << "\" viewBox=\"0 0 " << x << " " << height << "\">\n"
      << body.str() << "</svg>\n";
  return out.str();
}

std::optional<std::string> disagreement_svg(const element_op& op, const std::vector<sim::element>& inputs,
                                            const std::vector<sim::distinct_result>& results, bool histogram,
                                            const std::string& description, std::string* error) {
  if (results.size() < 2) {
    *error = "every legal order gives the same result";
    return std::nullopt;
  }
  const auto& a = results.front();
  const auto& b = results.back();
  const std::vector<pictured_tree> trees{{"order A = " + format_value(op.type, a.value), a.witness},
                                         {"order B = " + format_value(op.type, b.value), b.witness}};
  const auto drawn = trees_svg(trees, op, inputs, error);
  if (!drawn) return std::nullopt;
  std::vector<std::string> parts{*drawn};
  if (histogram) {
    const sim::count_unit unit = sim::count_unit_of(results, static_cast<int>(inputs.size()), op.commutative);
    std::vector<histogram_bar> bars;
    for (const auto& r : results) {
      bars.push_back({scalar_as_double(r.value), unit.of(r.trees),
                      format_value(op.type, r.value) + ": " + sim::format_count(unit.of(r.trees)) + " " +
                          std::string(unit.noun()) + ", e.g. " + sim::to_string(r.witness)});
    }
    parts.push_back(histogram_svg(bars, "distinct results of " + description));
  }
  return side_by_side(parts);
}

}  // namespace redsem::tools
