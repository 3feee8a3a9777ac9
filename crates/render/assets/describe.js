/* kifu: a diagram told in words, built in the browser (issue 38) for a big
 * book's page, which carries each diagram's data but not its description
 * (it would make the page several times its size). The same description
 * as kifu_book::describe writes for the other pages, the EPUB and the PDF,
 * from the same words: the page's `words` are that module's tables
 * (templates by key, `{name}` where a value goes), so the wording has one
 * source. `kifuDescribe.describe(words, d, info)` takes a diagram's data
 * in full (book.js `complete`) and what the page shows of it: `info.kind`
 * (go, fig, var, prb, dia, inline), `info.caption` (its own caption, or
 * null), `info.question` (a problem's text), `info.gaps` (the gaps line);
 * it gives {short, parts: [{label, items}]}. `text` writes the parts as
 * kifu_book's `Description::text` does. */
var kifuDescribe = (function () {
  'use strict';
  var COLS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
  var COLOR = ['b', 'w'];
  function fill(w, key, values) {
    return (w[key] || '').replace(/\{(\w+)\}/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(values || {}, name) ? String(values[name]) : all;
    });
  }
  /* The region of a point: the lines up to a third of the board from an
   * edge make the sides and corners (describe.rs `region`). */
  function zone(at, lines) {
    var edge = Math.floor((lines + 1) / 3);
    return at < edge ? 0 : at >= lines - edge ? 2 : 1;
  }
  function describe(w, d, info) {
    var cols = d.size[0], rows = d.size[1];
    function point(x, y) { return COLS.charAt(x) + String(rows - y); }
    var parts = [], v = d.view;
    var whole = v[0] === 0 && v[1] === 0 && v[2] === cols - 1 && v[3] === rows - 1;
    parts.push({
      label: w.board,
      items: [whole ? fill(w, 'board_all', { cols: cols, rows: rows })
        : fill(w, 'board_part', { cols: cols, rows: rows, left: COLS.charAt(v[0]), right: COLS.charAt(v[2]), bottom: rows - v[3], top: rows - v[1] })]
    });
    var toPlay = w['to_play_' + COLOR[d.toPlay]];
    if (info.kind === 'prb') {
      var items = [toPlay], q = (info.question || '').split(/\s+/).filter(Boolean).join(' ').replace(/\.+$/, '');
      if (q && q !== toPlay) items.push(q);
      parts.push({ label: w.problem, items: items });
    }
    var counts = [0, 0];
    [0, 1].forEach(function (c) {
      var stones = d.start.filter(function (s) { return s[2] === c; });
      counts[c] = stones.length;
      if (!stones.length) return;
      stones.sort(function (a, b) { return a[0] - b[0] || b[1] - a[1]; });
      var byRegion = [];
      for (var r = 0; r < 9; r++) {
        var here = stones.filter(function (s) { return zone(s[1], rows) * 3 + zone(s[0], cols) === r; });
        if (here.length) byRegion.push(fill(w, 'region_stones', { region: w['region_' + r], points: here.map(function (s) { return point(s[0], s[1]); }).join(', ') }));
      }
      parts.push({ label: fill(w, 'stones_' + COLOR[c], { count: stones.length }), items: byRegion });
    });
    if (d.moves.length) {
      parts.push({
        label: fill(w, 'moves', { count: d.moves.length }),
        items: d.moves.map(function (m) {
          var color = w['player_' + COLOR[m[0]]];
          var player = m[3] ? fill(w, 'numbered', { player: color, number: m[3] }) : color;
          var played = m[1] === -1 ? fill(w, 'move_pass', { player: player })
            : m[1] === -2 ? fill(w, 'move_elsewhere', { player: player })
              : fill(w, 'move_at', { player: player, point: point(m[1], m[2]) });
          if (!m[4].length) return played;
          return fill(w, 'move_takes', { move: played, points: m[4].map(function (p) { return point(p[0], p[1]); }).join(' ') });
        })
      });
    }
    if (info.gaps) parts.push({ label: w.gaps, items: [info.gaps] });
    var marks = d.letters.map(function (l) { return fill(w, 'letter', { letter: l[2], point: point(l[0], l[1]) }); })
      .concat(d.texts.map(function (t) { return fill(w, 'text', { text: t[2], point: point(t[0], t[1]) }); }))
      .concat(d.marks.map(function (m) { return fill(w, 'mark', { mark: w['mark_' + m[2]], point: point(m[0], m[1]) }); }));
    if (marks.length) parts.push({ label: fill(w, 'marks', { count: marks.length }), items: marks });
    [['lines', d.lines], ['arrows', d.arrows]].forEach(function (kl) {
      if (!kl[1].length) return;
      parts.push({ label: fill(w, kl[0], { count: kl[1].length }), items: kl[1].map(function (s) { return fill(w, 'from_to', { from: point(s[0], s[1]), to: point(s[2], s[3]) }); }) });
    });
    return { short: short(w, d, info, counts, toPlay), parts: parts };
  }
  /* describe.rs `short_text`. */
  function short(w, d, info, counts, toPlay) {
    function stones(n, c) { return n === 1 ? w['stone_' + c] : fill(w, 'stones_count_' + c, { count: n }); }
    var position = !counts[0] && !counts[1] ? w.empty_board
      : !counts[1] ? stones(counts[0], 'b')
        : !counts[0] ? stones(counts[1], 'w')
          : fill(w, 'both_colors', { black: stones(counts[0], 'b'), white: stones(counts[1], 'w') });
    var numbers = d.moves.map(function (m) { return m[3]; }).filter(Boolean), what = position;
    if (numbers.length) {
      var first = numbers[0], last = numbers[numbers.length - 1];
      what = first !== last ? fill(w, 'moves_played', { first: first, last: last, position: position })
        : fill(w, 'move_played', { first: first, position: position });
    }
    var caption = info.caption;
    if (info.kind === 'prb' && !(caption && caption.indexOf(toPlay) >= 0)) what = fill(w, 'with_turn', { what: what, to_play: toPlay });
    if (caption) return fill(w, 'captioned', { caption: caption.replace(/\.+$/, ''), what: what.charAt(0).toUpperCase() + what.slice(1) });
    var kind = info.kind === 'inline' ? 'dia' : info.kind;
    return fill(w, 'uncaptioned', { kind: w['kind_' + kind] || w.kind_dia, what: what });
  }
  /* Ended by a full stop unless it ends with one (describe.rs `closed`). */
  function closed(sentence) { return /[.?!。？！]$/.test(sentence) ? sentence : sentence + '.'; }
  function text(parts) {
    return parts.map(function (p) { return p.label + ': ' + closed(p.items.join('; ')) + '\n'; }).join('');
  }
  return { describe: describe, text: text, closed: closed };
})();
