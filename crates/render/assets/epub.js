/* kifu EPUB: the interactive chapter (EPUB 3 scripting). Every figure with
 * moves gets buttons that step through them, every problem is answered on
 * its board with the book's correct and wrong feedback, hints open on a
 * tap, inline diagrams open from their link. Each figure carries what the
 * script needs in `data-kifu` (see epub.rs); positions are drawn as an SVG
 * over the figure's own drawing or an empty board's, in the style of
 * `data-kifu-style` on the body. Without this script the chapter reads as
 * the static EPUB: every figure drawn, hints shown, answers at the end. */
(function () {
  'use strict';
  var SVG = 'http://www.w3.org/2000/svg', XHTML = 'http://www.w3.org/1999/xhtml', XLINK = 'http://www.w3.org/1999/xlink';
  var COLS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
  var style = {};
  try { style = JSON.parse(document.body.getAttribute('data-kifu-style') || '{}'); } catch (e) { style = {}; }
  var fullLang = document.documentElement.getAttribute('lang') || 'en';
  /* Chinese: traditional characters for zh-Hant, zh-TW, zh-HK. */
  var lang = /^zh-(Hant|TW|HK)/i.test(fullLang) ? 'zh-Hant' : fullLang.slice(0, 2);
  var WORDS = {
    en: ['Correct!', 'Wrong.', 'Right, go on.', 'Not in the book.', 'Start', 'Move', 'Pass', 'elsewhere'],
    de: ['Richtig!', 'Falsch.', 'Richtig, weiter.', 'Nicht im Buch.', 'Anfang', 'Zug', 'Passen', 'anderswo'],
    fr: ['Correct !', 'Faux.', 'Bien, continuez.', 'Pas dans le livre.', 'Début', 'Coup', 'Passe', 'ailleurs'],
    ja: ['正解！', '不正解。', '正しい。続けて。', '本にない手。', '初手前', '手', 'パス', '手抜き'],
    ko: ['정답!', '틀렸습니다.', '맞습니다. 계속하세요.', '책에 없는 수.', '처음', '수', '패스', '손빼기'],
    zh: ['正确！', '错误。', '对，继续。', '书中没有这手。', '开始', '手', '停一手', '脱先'],
    'zh-Hant': ['正確！', '錯誤。', '對，繼續。', '書中沒有這手。', '開始', '手', '停一手', '脫先']
  };
  var words = WORDS[lang] || WORDS.en;
  /* Moves in words (speech.js, written before this script in kifu.js). */
  var speech = kifuSpeech, spoken = speech.words(lang);

  function each(sel, f, root) { Array.prototype.forEach.call((root || document).querySelectorAll(sel), f); }
  function html(name, attrs, parent) {
    var e = document.createElementNS(XHTML, name);
    for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function svg(name, attrs, parent) {
    var e = document.createElementNS(SVG, name);
    for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function image(href, w, h, parent) {
    var i = svg('image', { x: 0, y: 0, width: w, height: h }, parent);
    i.setAttributeNS(XLINK, 'xlink:href', href);
    i.setAttribute('href', href);
    return i;
  }
  function button(parent, label, title, cls, f) {
    var b = html('button', { type: 'button', title: title, 'aria-label': title, 'class': cls }, parent);
    b.textContent = label;
    b.addEventListener('click', function (ev) { ev.preventDefault(); f(); });
    return b;
  }
  /* The font size of a number with n characters, in cells (svg.rs's label_font_size). */
  function fontSize(n) { return n <= 1 ? 0.62 : n === 2 ? 0.52 : n === 3 ? 0.4 : 0.3; }

  /* Plays a stone on a grid (-1 empty, 0 black, 1 white) and returns the captured indices. */
  function playOn(grid, cols, rows, x, y, c) {
    var idx = y * cols + x, caps = [];
    grid[idx] = c;
    function neighbours(i) {
      var px = i % cols, py = (i - px) / cols, out = [];
      if (px > 0) out.push(i - 1);
      if (px < cols - 1) out.push(i + 1);
      if (py > 0) out.push(i - cols);
      if (py < rows - 1) out.push(i + cols);
      return out;
    }
    function deadGroup(start) {
      var col = grid[start], seen = {}, stack = [start], group = [];
      seen[start] = true;
      while (stack.length) {
        var i = stack.pop(), ns = neighbours(i);
        group.push(i);
        for (var k = 0; k < ns.length; k++) {
          if (grid[ns[k]] === -1) return null;
          if (grid[ns[k]] === col && !seen[ns[k]]) { seen[ns[k]] = true; stack.push(ns[k]); }
        }
      }
      return group;
    }
    neighbours(idx).forEach(function (n) {
      if (grid[n] === 1 - c) {
        var g = deadGroup(n);
        if (g) g.forEach(function (i) { grid[i] = -1; caps.push(i); });
      }
    });
    if (!caps.length) {
      var own = deadGroup(idx);
      if (own) own.forEach(function (i) { grid[i] = -1; caps.push(i); });
    }
    return caps;
  }
  function matching(seqs, played) {
    return seqs.filter(function (s) {
      return s.length >= played.length && played.every(function (p, i) { return s[i][0] === p[0] && s[i][1] === p[1]; });
    });
  }

  var count = 0;
  function Viewer(fig, d) {
    this.fig = fig;
    this.d = d;
    this.id = 'kifu-' + (count++);
    this.cols = d.size[0];
    this.rows = d.size[1];
    this.img = fig.querySelector('img');
    this.holder = html('div', { 'class': 'kifu-live' });
    this.holder.hidden = true;
    this.img.parentNode.insertBefore(this.holder, this.img.nextSibling);
    this.problem = d.problem || null;
    this.pos = null; /* null: the printed figure; k: after k moves */
    var c = html('div', { 'class': 'controls' });
    var self = this;
    if (this.problem) {
      button(c, '↺', 'Start again', 'reset', function () { self.reset(); });
      /* Answered from the keyboard: a point typed, then Enter or Play. */
      var label = html('label', { 'class': 'move-label' }, c);
      label.textContent = spoken[6] + ' ';
      this.input = html('input', { type: 'text', size: '4', 'class': 'move-input', autocomplete: 'off', spellcheck: 'false' }, label);
      var play = function () {
        var p = speech.typed(self.input.value, self.cols, self.rows);
        if (!p) { self.feedback.textContent = spoken[8] + ' ' + self.input.value; return; }
        self.input.value = '';
        self.click(p[0], p[1]);
      };
      this.input.addEventListener('keydown', function (ev) { if (ev.key === 'Enter') { ev.preventDefault(); play(); } });
      button(c, spoken[7], spoken[7], 'play', play);
      this.feedback = html('div', { 'class': 'feedback', 'aria-live': 'polite' });
      this.holder.parentNode.insertBefore(c, this.holder.nextSibling);
      c.parentNode.insertBefore(this.feedback, c.nextSibling);
      this.reset();
    } else {
      this.bStart = button(c, '|◀', 'Start', 'start', function () { self.go(0); });
      this.bPrev = button(c, '◀', 'Previous move', 'prev', function () { self.go(self.pos === null ? self.d.moves.length - 1 : Math.max(self.pos - 1, 0)); });
      this.status = html('span', { 'class': 'status' }, c);
      this.bNext = button(c, '▶', 'Next move', 'next', function () { self.go(self.pos === null ? 1 : Math.min(self.pos + 1, self.d.moves.length)); });
      this.bEnd = button(c, '▶|', 'End', 'end', function () { self.go(self.d.moves.length); });
      this.bFig = button(c, '▣', 'The printed figure', 'figure', function () { self.go(null); });
      /* Each step said in full to a screen reader; arrow keys, Home and End step from any button. */
      this.announce = html('span', { 'class': 'announce', 'aria-live': 'polite' }, c);
      c.addEventListener('keydown', function (ev) {
        var to = { ArrowLeft: self.bPrev, ArrowRight: self.bNext, Home: self.bStart, End: self.bEnd }[ev.key];
        if (!to) return;
        ev.preventDefault();
        if (!to.disabled) to.click();
      });
      this.holder.parentNode.insertBefore(c, this.holder.nextSibling);
      this.go(null);
    }
  }

  /* The stones after k moves: grid and move numbers by index. */
  Viewer.prototype.after = function (k) {
    var cols = this.cols, grid = [], nums = {}, i, j;
    for (i = 0; i < cols * this.rows; i++) grid.push(-1);
    this.d.start.forEach(function (s) { grid[s[1] * cols + s[0]] = s[2]; });
    for (j = 0; j < k && j < this.d.moves.length; j++) {
      var m = this.d.moves[j];
      if (m[1] < 0) continue;
      var idx = m[2] * cols + m[1];
      grid[idx] = m[0];
      if (m[3]) nums[idx] = m[3]; else delete nums[idx];
      m[4].forEach(function (p) { var ci = p[1] * cols + p[0]; grid[ci] = -1; delete nums[ci]; });
    }
    return { grid: grid, nums: nums };
  };

  /* ---------- stepping through a figure ---------- */
  Viewer.prototype.go = function (k) {
    this.pos = k;
    var n = this.d.moves.length, text = '', move = '';
    if (k === null) {
      this.img.hidden = false;
      this.holder.hidden = true;
      var nums = this.d.moves.map(function (m) { return m[3]; }).filter(Boolean);
      text = nums.length ? nums[0] + (nums.length > 1 ? '–' + nums[nums.length - 1] : '') : '';
    } else {
      var s = this.after(k);
      this.draw(this.d.board, {}, s.grid, s.nums, false);
      if (k === 0) { text = words[4]; move = '0'; }
      else {
        var m = this.d.moves[k - 1];
        if (m[1] === -1) { text = words[6]; move = 'pass'; }
        else if (m[1] === -2) { text = m[3] + ': ' + words[7]; move = String(m[3]); }
        else { text = words[5] + ' ' + m[3]; move = String(m[3]); }
      }
    }
    this.status.textContent = text;
    this.announce.textContent = this.spoken(k);
    this.fig.setAttribute('data-pos', k === null ? 'figure' : String(k));
    this.fig.setAttribute('data-move', move);
    this.bStart.disabled = this.bPrev.disabled = k === 0;
    this.bNext.disabled = this.bEnd.disabled = k === n;
    this.bFig.disabled = k === null;
  };

  /* What a step says: the move played and what it took, or the start. */
  Viewer.prototype.spoken = function (k) {
    var rows = this.rows;
    /* The printed figure is the image, read with its own text. */
    if (k === null) return '';
    if (k === 0) return spoken[10];
    var m = this.d.moves[k - 1];
    var taken = m[4].map(function (p) { return speech.point(p[0], p[1], rows); });
    return speech.said(spoken, m[0], m[3], m[1], m[2], rows, taken) + '.';
  };

  /* ---------- answering a problem ---------- */
  Viewer.prototype.reset = function () {
    var n = this.d.moves.length, s = this.after(n);
    this.grid = s.grid;
    this.nums = {};
    this.color = n ? 1 - this.d.moves[n - 1][0] : this.d.toPlay;
    this.played = [];
    this.solved = false;
    this.undo = null;
    this.moveCount = 0;
    this.feedback.textContent = '';
    this.feedback.className = 'feedback';
    this.fig.removeAttribute('data-result');
    this.show();
  };
  /* The same rules as kifu_book::problem::Problem::play. */
  Viewer.prototype.answer = function (mv) {
    var pr = this.problem, p2 = this.played.concat([mv]), k = p2.length - 1;
    var c = matching(pr.correct, p2)[0];
    if (c) {
      var text = c[k][2], reply = c[k + 1] || null;
      if (reply) p2.push([reply[0], reply[1]]);
      this.played = p2;
      if (c.length <= p2.length) return { result: 'correct', text: (reply && reply[2]) || text, reply: reply };
      return { result: 'continue', text: text, reply: reply };
    }
    var w = matching(pr.wrong, p2)[0];
    if (w) return { result: 'wrong', text: w[k][2], reply: w[k + 1] || null, known: true };
    return { result: 'wrong', text: null, reply: null, known: false };
  };
  Viewer.prototype.place = function (x, y) {
    if (x < 0) { this.color = 1 - this.color; return; }
    var nums = this.nums;
    playOn(this.grid, this.cols, this.rows, x, y, this.color).forEach(function (i) { delete nums[i]; });
    this.moveCount += 1;
    nums[y * this.cols + x] = this.moveCount;
    this.color = 1 - this.color;
  };
  Viewer.prototype.click = function (x, y) {
    if (this.solved) return;
    if (this.undo) {
      this.grid = this.undo.grid; this.nums = this.undo.nums; this.color = this.undo.color; this.moveCount = this.undo.count;
      this.undo = null;
    }
    if (this.grid[y * this.cols + x] !== -1) { this.feedback.textContent = spoken[9] + ' ' + speech.point(x, y, this.rows); this.show(); return; }
    var before = { grid: this.grid.slice(), nums: Object.assign({}, this.nums), color: this.color, count: this.moveCount };
    var a = this.answer([x, y]);
    this.place(x, y);
    if (a.reply) this.place(a.reply[0], a.reply[1]);
    var head;
    if (a.result === 'wrong') { this.undo = before; head = a.known ? words[1] : words[1] + ' ' + words[3]; }
    else if (a.result === 'correct') { this.solved = true; head = words[0]; }
    else head = words[2];
    var text = (a.reply && a.reply[2]) || a.text, rows = this.rows;
    var mine = speech.said(spoken, before.color, null, x, y, rows), reply = a.reply ? ' ' + speech.said(spoken, 1 - before.color, null, a.reply[0], a.reply[1], rows) + '.' : '';
    this.feedback.textContent = head + (text ? ' ' + text : '') + ' (' + mine + '.' + reply + ')';
    this.feedback.className = 'feedback ' + (a.result === 'wrong' ? 'wrong' : 'correct');
    this.fig.setAttribute('data-result', a.result);
    this.show();
  };
  /* The problem's drawing with the reader's moves over it. */
  Viewer.prototype.show = function () {
    var cols = this.cols, printed = {}, cleared = {}, grid = this.grid, i;
    for (i = 0; i < grid.length; i++) printed[i] = -1;
    this.d.stones.forEach(function (s) { printed[s[1] * cols + s[0]] = s[2]; });
    for (i = 0; i < grid.length; i++) if (printed[i] !== -1 && (grid[i] !== printed[i] || this.nums[i])) cleared[i] = true;
    var shown = grid.map(function (c, j) { return printed[j] === c && !cleared[j] ? -1 : c; });
    this.draw(this.d.figure, cleared, shown, this.nums, true);
  };

  /* The drawn board's text alternative: the stones on it, by colour. */
  Viewer.prototype.boardLabel = function (grid, playable) {
    return speech.board(spoken, playable ? this.grid : grid, this.cols, this.rows);
  };

  /* ---------- drawing ---------- */
  /* Draws `grid` (with numbers `nums`) over the drawing `base`; the points
   * of `cleared` show the empty board instead of the base. */
  Viewer.prototype.draw = function (base, cleared, grid, nums, playable) {
    var d = this.d, g = d.geo, cell = g[2], cols = this.cols, rows = this.rows, v = d.view, self = this;
    function X(x) { return g[0] + x * cell; }
    function Y(y) { return g[1] + y * cell; }
    var root = svg('svg', { viewBox: '0 0 ' + g[3] + ' ' + g[4], width: g[3], height: g[4], 'class': 'kifu-board', role: 'img', 'aria-label': this.boardLabel(grid, playable) });
    image(base, g[3], g[4], root);
    var keys = Object.keys(cleared);
    if (keys.length) {
      var clip = svg('clipPath', { id: this.id + '-clip' }, svg('defs', {}, root));
      keys.forEach(function (k) {
        var px = k % cols, py = Math.floor(k / cols);
        svg('rect', { x: X(px) - cell / 2, y: Y(py) - cell / 2, width: cell, height: cell }, clip);
      });
      image(d.board, g[3], g[4], root).setAttribute('clip-path', 'url(#' + this.id + '-clip)');
    }
    var ow = (style.outlineWidth || 0.05) * cell, r = 0.48 * cell - ow / 2;
    var texts = svg('g', { 'font-family': style.font || 'sans-serif', 'font-weight': style.weight || 'normal', 'text-anchor': 'middle' });
    for (var i = 0; i < grid.length; i++) {
      var px = i % cols, py = Math.floor(i / cols);
      if (grid[i] < 0 || px < v[0] || px > v[2] || py < v[1] || py > v[3]) continue;
      var black = grid[i] === 0;
      svg('circle', { cx: X(px), cy: Y(py), r: r, fill: black ? (style.black || '#000') : (style.white || '#fff'), stroke: style.outline || '#000', 'stroke-width': ow, 'class': black ? 'stone black' : 'stone white' }, root);
      if (nums[i]) {
        var t = String(nums[i]), fs = fontSize(t.length) * cell;
        svg('text', { x: X(px), y: Y(py) + 0.36 * fs, 'font-size': fs, fill: black ? (style.blackText || '#fff') : (style.whiteText || '#000') }, texts).textContent = t;
      }
    }
    root.appendChild(texts);
    if (playable) {
      /* Points to tap; the keyboard answers through the move field. */
      var hit = svg('g', { 'class': 'points', 'aria-hidden': 'true' }, root);
      for (var y = v[1]; y <= v[3]; y++) for (var x = v[0]; x <= v[2]; x++) {
        (function (qx, qy) {
          var q = svg('rect', { x: X(qx) - cell / 2, y: Y(qy) - cell / 2, width: cell, height: cell, fill: '#000', 'fill-opacity': 0, 'class': 'pt', 'data-pt': COLS.charAt(qx) + String(rows - qy) }, hit);
          q.addEventListener('click', function () { self.click(qx, qy); });
        })(x, y);
      }
    }
    this.holder.textContent = '';
    this.holder.appendChild(root);
    this.holder.hidden = false;
    this.img.hidden = true;
  };

  each('figure.dia[data-kifu]', function (fig) {
    var d;
    try { d = JSON.parse(fig.getAttribute('data-kifu')); } catch (e) { return; }
    if (fig.querySelector('img')) fig.kifuViewer = new Viewer(fig, d);
  });

  /* ---------- hints ---------- */
  each('.para.hint', function (p) {
    var text = p.querySelector('.text'), word = p.querySelector('.hint-word');
    if (!text) return;
    var label = word ? word.textContent.replace(/[:：]\s*$/, '') : 'Hint';
    var b = button(null, label, label, 'hint-button', function () {
      text.hidden = !text.hidden;
      b.setAttribute('aria-expanded', String(!text.hidden));
    });
    b.setAttribute('aria-expanded', 'false');
    p.insertBefore(b, text);
    /* The button says the word: the text need not. */
    if (word) word.hidden = true;
    text.hidden = true;
  });

  /* ---------- inline diagrams: opened from their link ---------- */
  each('.dia-el.inline-dia', function (el) { el.hidden = true; });
  each('a.inline-dia[href]', function (a) {
    var href = a.getAttribute('href');
    if (href.charAt(0) !== '#') return;
    var fig = document.getElementById(href.slice(1));
    var el = fig && fig.parentNode;
    if (!el || !el.classList.contains('inline-dia')) return;
    a.setAttribute('role', 'button');
    a.setAttribute('aria-expanded', 'false');
    a.addEventListener('click', function (ev) {
      ev.preventDefault();
      el.hidden = !el.hidden;
      a.setAttribute('aria-expanded', String(!el.hidden));
    });
  });
})();
