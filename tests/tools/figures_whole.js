// SPDX-License-Identifier: BSD-3-Clause
// Run by headless Chromium at the end of a report page (figures_whole.cmake appends it): for
// every <svg> of the page, the union of the boxes its shapes and texts are drawn in must lie
// inside the box the browser gives the <svg> itself, and that box inside the page's width. A
// figure clipped by its viewport, or wider than the page, fails. The verdict is written into the
// page as <pre id="figure-check">, which --dump-dom prints.
(function () {
  var shapes = 'text,rect,path,polygon,polyline,ellipse,circle,line,image';
  var page = document.documentElement.clientWidth;
  var lines = [];
  var svgs = document.querySelectorAll('svg');
  for (var i = 0; i < svgs.length; ++i) {
    var s = svgs[i], v = s.getBoundingClientRect();
    var u = null, items = s.querySelectorAll(shapes);
    for (var k = 0; k < items.length; ++k) {
      var r = items[k].getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      u = u ? {left: Math.min(u.left, r.left), top: Math.min(u.top, r.top), right: Math.max(u.right, r.right),
               bottom: Math.max(u.bottom, r.bottom)} : {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
    }
    var t = 1.5, box = function (b) {
      return '[' + [b.left, b.top, b.right, b.bottom].map(function (x) { return x.toFixed(1); }).join(' ') + ']';
    };
    var inside = !u || (u.left >= v.left - t && u.top >= v.top - t && u.right <= v.right + t && u.bottom <= v.bottom + t);
    var fits = v.right <= page + t && v.left >= -t;
    var whole = inside && fits && v.width > 0 && v.height > 0;
    lines.push('svg ' + i + (s.parentElement.closest('svg') ? ' (nested)' : '') + ': ' + (whole ? 'whole' : 'CLIPPED') +
               ' viewport ' + box(v) + ' drawing ' + (u ? box(u) : 'none') + ' page width ' + page);
  }
  var pre = document.createElement('pre');
  pre.id = 'figure-check';
  pre.textContent = 'svgs ' + svgs.length + '\n' + lines.join('\n');
  document.body.appendChild(pre);
})();
