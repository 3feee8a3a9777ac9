/* kifu: shared positions. A game page with many variations writes each
 * position once: a diagram carries `from: [g, k]` (the position after k
 * moves of `positions[g]`) instead of its starting stones, its figure only
 * as the stones that differ from that position (`figureOff`: the points it
 * leaves empty), and its coordinate labels as an index into `labelSets`.
 * This script, run before the book script, writes the page's data back in
 * full, so the book script reads what it reads on any page. */
(function () {
  'use strict';
  var el = document.getElementById('kifu-data');
  var data = JSON.parse(el.textContent);
  var positions = data.positions || [], labelSets = data.labelSets || [];
  data.diagrams.forEach(function (d) {
    if (typeof d.labels === 'number') d.labels = labelSets[d.labels];
    if (!d.from) return;
    var p = positions[d.from[0]], cols = d.size[0], rows = d.size[1], grid = {};
    p.start.forEach(function (s) { grid[s[1] * cols + s[0]] = s[2]; });
    for (var j = 0; j < d.from[1] && j < p.moves.length; j++) {
      var m = p.moves[j];
      if (m[1] < 0) continue;
      grid[m[2] * cols + m[1]] = m[0];
      m[4].forEach(function (q) { delete grid[q[1] * cols + q[0]]; });
    }
    var start = [], kept = {}, i;
    for (i = 0; i < cols * rows; i++) {
      if (grid[i] !== undefined) { start.push([i % cols, Math.floor(i / cols), grid[i]]); kept[i] = grid[i]; }
    }
    (d.figureOff || []).forEach(function (q) { delete kept[q[1] * cols + q[0]]; });
    d.figure.forEach(function (s) { delete kept[s[1] * cols + s[0]]; });
    var figure = [];
    for (i = 0; i < cols * rows; i++) {
      if (kept[i] !== undefined) figure.push([i % cols, Math.floor(i / cols), kept[i], 0]);
    }
    d.start = start;
    d.figure = figure.concat(d.figure);
    delete d.from;
    delete d.figureOff;
  });
  delete data.positions;
  delete data.labelSets;
  el.textContent = JSON.stringify(data);
})();
