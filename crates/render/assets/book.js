/* kifu: the reader of a Go book page. Draws every diagram from the JSON in
 * #kifu-data, replays move sequences, answers problems, switches languages
 * and remembers the languages and the reading position in localStorage. */
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('kifu-data').textContent);
  var KEY = 'kifu-book:' + data.book;
  var NS = 'http://www.w3.org/2000/svg';
  var COLS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
  var stored = {};
  try { stored = JSON.parse(localStorage.getItem(KEY) || '{}') || {}; } catch (e) { stored = {}; }
  var selected = (stored.langs || []).filter(function (l) { return data.languages.indexOf(l) >= 0; });
  if (!selected.length) selected = data.defaults.slice();

  function save() {
    try { localStorage.setItem(KEY, JSON.stringify({ langs: selected, pos: stored.pos || null, coords: !!stored.coords })); } catch (e) { /* private mode */ }
  }
  function primary() {
    for (var i = 0; i < data.languages.length; i++) if (selected.indexOf(data.languages[i]) >= 0) return data.languages[i];
    return data.languages[0];
  }
  /* The words of moves in the reader's language (speech.js, run before). */
  function spoken() { return kifuSpeech.words(primary()); }
  function each(sel, f, root) { Array.prototype.forEach.call((root || document).querySelectorAll(sel), f); }

  /* ---------- languages ---------- */
  /* What a language choice shows is said by a few style rules on two
   * attributes of <html> (the selected languages, the first of them), one
   * rule per distinct `data-langs` and `data-v` value: switching
   * changes the two attributes, not each of the page's elements, so it
   * costs the same on a book of 20,000 diagrams as on a short one. */
  var langRules = document.createElement('style');
  function buildLangRules() {
    var combos = {}, rules = [];
    function q(v) { return '"' + (window.CSS && CSS.escape ? CSS.escape(v) : v.replace(/["\\]/g, '')) + '"'; }
    each('[data-langs]', function (el) { combos[el.getAttribute('data-langs')] = true; });
    Object.keys(combos).forEach(function (c) {
      var none = c.split(' ').filter(Boolean).map(function (l) { return ':not([data-kifu-sel~=' + q(l) + '])'; }).join('');
      if (none) rules.push('html' + none + ' [data-langs=' + q(c) + ']{display:none!important}');
    });
    var texts = {};
    each('.v[data-v]', function (el) { texts[el.getAttribute('data-v')] = true; });
    Object.keys(texts).forEach(function (c) {
      var none = c.split(' ').filter(Boolean).map(function (l) { return ':not([data-kifu-primary=' + q(l) + '])'; }).join('');
      if (none) rules.push('html' + none + ' .v[data-v=' + q(c) + ']{display:none!important}');
    });
    langRules.textContent = rules.join('\n');
    document.head.appendChild(langRules);
  }
  buildLangRules();
  /* A big book's page writes a text that differs by language and is read
   * more than once (a standard text, a caption) once per language in
   * `texts`, and `<k-t n=INDEX>` where it is read: filled here with the
   * first selected language's text, which is then the page's own text
   * (found by the browser's search, copied with the rest). */
  var textRefs = null, textKeys = null, filled = null;
  function fillTexts(lang) {
    if (!data.texts || lang === filled) return;
    filled = lang;
    if (!textRefs) {
      textRefs = document.querySelectorAll('k-t');
      textKeys = new Int32Array(textRefs.length);
      for (var j = 0; j < textRefs.length; j++) textKeys[j] = +textRefs[j].getAttribute('n');
    }
    var li = Math.max(0, data.languages.indexOf(lang)), markup = /[<&]/;
    var html = data.texts.map(function (t) { return t[li] || ''; });
    var rich = html.map(function (h) { return markup.test(h); });
    for (var i = 0; i < textRefs.length; i++) {
      var k = textKeys[i];
      if (rich[k]) textRefs[i].innerHTML = html[k]; else textRefs[i].textContent = html[k];
    }
  }
  function applyLanguages() {
    var p = primary(), root = document.documentElement;
    fillTexts(p);
    root.setAttribute('data-kifu-sel', selected.join(' '));
    root.setAttribute('data-kifu-primary', p);
    each('#kifu-langs input[data-lang]', function (box) { box.checked = selected.indexOf(box.getAttribute('data-lang')) >= 0; });
    root.lang = p;
    document.body.setAttribute('data-selected', selected.join(' '));
    save();
    layoutBullets();
    describeAgain();
  }
  function setLanguages(list) {
    selected = data.languages.filter(function (l) { return list.indexOf(l) >= 0; });
    if (!selected.length) selected = data.defaults.slice();
    applyLanguages();
  }
  document.addEventListener('change', function (ev) {
    var box = ev.target;
    if (!box.matches || !box.matches('#kifu-langs input[data-lang]')) return;
    var list = [];
    each('#kifu-langs input[data-lang]', function (b) { if (b.checked) list.push(b.getAttribute('data-lang')); });
    if (!list.length) list = [box.getAttribute('data-lang')];
    setLanguages(list);
  });
  document.addEventListener('click', function (ev) {
    var a = ev.target.closest && ev.target.closest('a');
    if (!a) return;
    if (a.hasAttribute('data-lang-link')) {
      ev.preventDefault();
      setLanguages([a.getAttribute('data-lang-link')]);
    } else if (a.hasAttribute('data-open')) {
      ev.preventDefault();
      var open = a.getAttribute('data-open');
      var fig = document.getElementById(/^\d+$/.test(open) ? 'kifu-dia-' + open : open);
      if (fig) {
        fig.hidden = !fig.hidden;
        a.setAttribute('aria-expanded', String(!fig.hidden));
        if (!fig.hidden) { var dv = viewerOf(fig); if (dv) dv.draw(); fig.focus({ preventScroll: true }); }
      }
    } else if (a.classList.contains('missing-link')) {
      ev.preventDefault();
    }
  });

  /* The bullets' column is as wide as the widest bullet shown: the groups
   * are reset first, then all measured in one layout, then set. In a big
   * book only the groups near the window are measured (measuring the
   * others would lay out every chapter); the rest when they come near. */
  var bulletsNear = null, nearGroups = [];
  function measureBullets(groups) {
    groups.forEach(function (g) { g.style.setProperty('--bw', '0px'); });
    var widths = groups.map(function (g) {
      var max = 0;
      each('.bullet', function (b) { if (b.offsetParent) max = Math.max(max, b.getBoundingClientRect().width); }, g);
      return max;
    });
    groups.forEach(function (g, i) { g.style.setProperty('--bw', Math.ceil(widths[i] + 8) + 'px'); });
  }
  function layoutBullets() {
    var all = Array.prototype.slice.call(document.querySelectorAll('.group.bullets'));
    if (!all.length) return;
    if (!lazy) { measureBullets(all); return; }
    if (!bulletsNear) {
      bulletsNear = new IntersectionObserver(function (entries) {
        var now = [];
        entries.forEach(function (e) {
          var k = nearGroups.indexOf(e.target);
          if (e.isIntersecting) { if (k < 0) nearGroups.push(e.target); now.push(e.target); }
          else if (k >= 0) nearGroups.splice(k, 1);
        });
        if (now.length) measureBullets(now);
      }, { rootMargin: '1500px 0px' });
    }
    all.forEach(function (g) { bulletsNear.observe(g); });
    nearGroups = nearGroups.filter(function (g) { return g.isConnected; });
    measureBullets(nearGroups.slice());
  }
  function fitImages() {
    each('img[data-scale]', function (img) {
      var s = parseFloat(img.getAttribute('data-scale'));
      function fit() { if (s && s !== 1 && img.naturalWidth) img.style.width = Math.round(img.naturalWidth * s) + 'px'; }
      if (img.complete) fit(); else img.addEventListener('load', fit);
    });
  }
  fitImages();

  /* ---------- boards ---------- */
  function svgEl(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function coordName(x, y, rows) { return COLS.charAt(x) + String(rows - y); }
  function starPoints(n) {
    if (n < 7) return [];
    var e = n >= 13 ? 3 : 2, m = (n - 1) / 2, out = [];
    [e, n - 1 - e].forEach(function (x) { [e, n - 1 - e].forEach(function (y) { out.push([x, y]); }); });
    if (n % 2 === 1) {
      out.push([m, m]);
      if (n >= 15) out.push([m, e], [m, n - 1 - e], [e, m], [n - 1 - e, m]);
    }
    return out;
  }
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
    function groupIfDead(start) {
      var col = grid[start], seen = {}, stack = [start], group = [];
      seen[start] = true;
      while (stack.length) {
        var i = stack.pop();
        group.push(i);
        var ns = neighbours(i);
        for (var k = 0; k < ns.length; k++) {
          var n = ns[k];
          if (grid[n] === -1) return null;
          if (grid[n] === col && !seen[n]) { seen[n] = true; stack.push(n); }
        }
      }
      return group;
    }
    neighbours(idx).forEach(function (n) {
      if (grid[n] === 1 - c) {
        var g = groupIfDead(n);
        if (g) g.forEach(function (i) { grid[i] = -1; caps.push(i); });
      }
    });
    if (!caps.length) {
      var own = groupIfDead(idx);
      if (own) own.forEach(function (i) { grid[i] = -1; caps.push(i); });
    }
    return caps;
  }

  var viewers = {};
  var showCoords = !!stored.coords;
  var coordBox = document.getElementById('kifu-coords');
  if (coordBox) {
    coordBox.checked = showCoords;
    coordBox.addEventListener('change', function () {
      showCoords = coordBox.checked;
      stored.coords = showCoords;
      save();
      Object.keys(viewers).forEach(function (k) { viewers[k].draw(); });
      each('.board.pending', function (b) { var d = data.diagrams[+b.closest('figure.dia').getAttribute('data-dia')]; if (d) placeholder(b, shape(d)); });
    });
  }

  /* A diagram's data in full, from what the page writes: no empty lists,
   * no `auto` coordinates, the coordinate labels as an index into
   * `labelSets` and, in a big book, the start as the position after k
   * moves of `positions[g]` (`from: [g, k]`) with the figure as the stones
   * that differ from it (`figureOff`: the points it leaves empty); the
   * same as assets/shared.js writes back for a game page at once, done
   * here for one diagram when it is drawn. */
  /* A big book's page writes the data packed (html.rs `pack`): one-letter
   * keys, no whole-board view, 19x19 size or black to play, stones as
   * "xyB12" (point letters a-z A-Z, colour, number), moves as "Bxy12xpq"
   * (colour, point or .. a pass or -- a tenuki, number, x and each point
   * captured), letters as "xyA", answer texts as indices into `answers`
   * (and see html.rs `pack`). `shape` gives what
   * the placeholder needs, `unpack` everything. */
  var PACKED = { z: 'size', v: 'view', s: 'start', p: 'toPlay', m: 'moves', f: 'figure', l: 'letters', t: 'texts', r: 'marks', n: 'lines', a: 'arrows', h: 'hide', c: 'coord', b: 'labels', q: 'problem', o: 'from', x: 'figureOff' };
  function coordOf(ch) { var c = ch.charCodeAt(0); return c >= 97 ? c - 97 : c - 65 + 26; }
  function pointsOf(s) { var out = []; for (var i = 0; i + 1 < s.length; i += 2) out.push([coordOf(s.charAt(i)), coordOf(s.charAt(i + 1))]); return out; }
  function stonesOf(s) {
    var out = [], re = /(..)([BW])(\d*)/g, m;
    while ((m = re.exec(s))) out.push([coordOf(m[1].charAt(0)), coordOf(m[1].charAt(1)), m[2] === 'W' ? 1 : 0, +m[3] || 0]);
    return out;
  }
  function movesOf(s) {
    var out = [], re = /([BW])(..)(\d*)((?:x..)*)/g, m;
    while ((m = re.exec(s))) {
      var x = m[2] === '..' ? -1 : m[2] === '--' ? -2 : coordOf(m[2].charAt(0)), y = x < 0 ? x : coordOf(m[2].charAt(1));
      out.push([m[1] === 'W' ? 1 : 0, x, y, +m[3] || 0, pointsOf(m[4].replace(/x(..)/g, '$1'))]);
    }
    return out;
  }
  function shape(c) {
    if (!data.packed) return c;
    var d = {}, k;
    for (k in c) if (Object.prototype.hasOwnProperty.call(c, k)) d[PACKED[k] || k] = c[k];
    if (!d.size) d.size = [19, 19];
    if (!d.view) d.view = [0, 0, d.size[0] - 1, d.size[1] - 1];
    if (typeof d.view === 'string') d.view = pointsOf(d.view).reduce(function (a, p) { return a.concat(p); }, []);
    if (!d.toPlay) d.toPlay = 0;
    if (d.labels === undefined) d.labels = 0;
    else if (d.labels === -1) d.labels = null;
    return d;
  }
  /* A problem's sequence: a point (.. a pass, -- a tenuki) and the index
   * of its text in `answers`, if any, per move. */
  function sequenceOf(s) {
    var out = [], re = /(..)(\d*)/g, m;
    while ((m = re.exec(s))) {
      var x = m[1] === '..' ? -1 : m[1] === '--' ? -2 : coordOf(m[1].charAt(0)), y = x < 0 ? x : coordOf(m[1].charAt(1));
      out.push([x, y, m[2] ? data.answers[+m[2]] : null]);
    }
    return out;
  }
  function unpack(c) {
    if (!data.packed) return c;
    var d = shape(c);
    if (typeof d.start === 'string') d.start = stonesOf(d.start);
    if (typeof d.moves === 'string') d.moves = movesOf(d.moves);
    if (typeof d.figure === 'string') d.figure = stonesOf(d.figure);
    /* 1: the start's stones, then each move's, numbered (html.rs
     * `figure_from_moves`). */
    else if (d.figure === 1) {
      d.figure = (d.start || []).map(function (s) { return [s[0], s[1], s[2], 0]; }).concat((d.moves || []).filter(function (m) { return m[1] >= 0; }).map(function (m) { return [m[1], m[2], m[0], m[3]]; }));
    }
    if (typeof d.figureOff === 'string') d.figureOff = pointsOf(d.figureOff);
    if (typeof d.letters === 'string') {
      var letters = [];
      for (var i = 0; i + 2 < d.letters.length; i += 3) letters.push([coordOf(d.letters.charAt(i)), coordOf(d.letters.charAt(i + 1)), d.letters.charAt(i + 2)]);
      d.letters = letters;
    }
    if (d.problem) d.problem = { correct: (d.problem.c || []).map(sequenceOf), wrong: (d.problem.w || []).map(sequenceOf) };
    return d;
  }
  function position(g) {
    var p = data.positions && data.positions[g];
    if (p && typeof p.s === 'string') p = data.positions[g] = { start: stonesOf(p.s), moves: movesOf(p.m) };
    return p;
  }

  function complete(c) {
    var d = {}, k;
    c = unpack(c);
    for (k in c) if (Object.prototype.hasOwnProperty.call(c, k)) d[k] = c[k];
    ['start', 'moves', 'figure', 'letters', 'texts', 'marks', 'lines', 'arrows', 'hide'].forEach(function (k) { if (!d[k]) d[k] = []; });
    if (!d.coord) d.coord = 'auto';
    if (typeof d.labels === 'number') d.labels = (data.labelSets || [])[d.labels] || null;
    var p = d.from && position(d.from[0]);
    if (p) {
      var cols = d.size[0], rows = d.size[1], grid = {}, i;
      p.start.forEach(function (s) { grid[s[1] * cols + s[0]] = s[2]; });
      for (var j = 0; j < d.from[1] && j < p.moves.length; j++) {
        var m = p.moves[j];
        if (m[1] < 0) continue;
        grid[m[2] * cols + m[1]] = m[0];
        m[4].forEach(function (q) { delete grid[q[1] * cols + q[0]]; });
      }
      var start = [], kept = {};
      for (i = 0; i < cols * rows; i++) if (grid[i] !== undefined) { start.push([i % cols, Math.floor(i / cols), grid[i]]); kept[i] = grid[i]; }
      (d.figureOff || []).forEach(function (q) { delete kept[q[1] * cols + q[0]]; });
      d.figure.forEach(function (s) { delete kept[s[1] * cols + s[0]]; });
      var figure = [];
      for (i = 0; i < cols * rows; i++) if (kept[i] !== undefined) figure.push([i % cols, Math.floor(i / cols), kept[i], 0]);
      d.start = start;
      d.figure = figure.concat(d.figure);
    }
    delete d.from;
    delete d.figureOff;
    return d;
  }

  function Viewer(fig, d) {
    this.fig = fig;
    this.d = d = complete(d);
    this.dataKey = JSON.stringify(d); /* what `refresh` compares */
    this.n = fig.getAttribute('data-dia');
    this.cols = d.size[0];
    this.rows = d.size[1];
    this.pos = null; /* null: the printed figure; k: after k moves of the replay */
    this.expanded = false;
    this.isProblem = !!d.problem;
    this.isStatic = fig.hasAttribute('data-static');
    this.board = fig.querySelector('.board');
    this.prbText = fig.querySelector('.prb-text');
    var self = this;
    this.letters = {};
    d.letters.forEach(function (l) { self.letters[l[1] * self.cols + l[0]] = l[2]; });
    this.texts = {};
    d.texts.forEach(function (t) { self.texts[t[1] * self.cols + t[0]] = t[2]; });
    this.hide = {};
    d.hide.forEach(function (p) { self.hide[p[1] * self.cols + p[0]] = true; });
    var v = d.view;
    this.partial = v[0] > 0 || v[1] > 0 || v[2] < this.cols - 1 || v[3] < this.rows - 1;
    this.buildControls();
    if (this.isProblem) this.resetProblem();
    if (!this.isStatic) {
      fig.addEventListener('keydown', function (ev) { self.key(ev); });
    }
    this.draw();
  }

  Viewer.prototype.button = function (parent, label, title, cls, f) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.title = title;
    b.setAttribute('aria-label', title);
    b.className = cls;
    b.addEventListener('click', function (ev) { ev.preventDefault(); f(); });
    parent.appendChild(b);
    return b;
  };

  Viewer.prototype.buildControls = function () {
    if (this.isStatic) return;
    var self = this, hasMoves = this.d.moves.length > 0 && !this.isProblem;
    if (!hasMoves && !this.partial && !this.isProblem) return;
    var c = document.createElement('div');
    c.className = 'controls';
    if (hasMoves) {
      this.bStart = this.button(c, '|◀', 'Start', 'start', function () { self.go(0); });
      this.bPrev = this.button(c, '◀', 'Previous move', 'prev', function () { self.prev(); });
      this.status = document.createElement('span');
      this.status.className = 'status';
      c.appendChild(this.status);
      this.bNext = this.button(c, '▶', 'Next move', 'next', function () { self.next(); });
      this.bEnd = this.button(c, '▶|', 'End', 'end', function () { self.go(self.d.moves.length); });
      /* Each step said in full to a screen reader (speech.js), not shown. */
      this.announce = document.createElement('span');
      this.announce.className = 'announce';
      this.announce.setAttribute('aria-live', 'polite');
      c.appendChild(this.announce);
    }
    if (this.isProblem) {
      this.button(c, '↺', 'Start again', 'reset', function () { self.resetProblem(); self.draw(); });
      /* Answered from the keyboard: a point typed, then Enter or Play. */
      var w = spoken(), label = document.createElement('label');
      label.className = 'move-label';
      label.textContent = w[6] + ' ';
      var input = document.createElement('input');
      input.type = 'text';
      input.size = 4;
      input.className = 'move-input';
      input.autocomplete = 'off';
      label.appendChild(input);
      c.appendChild(label);
      var play = function () {
        var p = kifuSpeech.typed(input.value, self.cols, self.rows);
        if (!p) { self.feedback.textContent = spoken()[8] + ' ' + input.value; return; }
        input.value = '';
        self.click(p[0], p[1]);
      };
      input.addEventListener('keydown', function (ev) { if (ev.key === 'Enter') { ev.preventDefault(); play(); } });
      this.button(c, w[7], w[7], 'play', play);
    }
    if (this.partial) {
      this.bExpand = this.button(c, 'Whole board', 'Whole board', 'expand', function () { self.expanded = !self.expanded; self.draw(); });
    }
    this.board.parentNode.insertBefore(c, this.board.nextSibling);
    this.controls = c;
    if (this.isProblem) {
      this.feedback = document.createElement('div');
      this.feedback.className = 'feedback';
      this.feedback.setAttribute('aria-live', 'polite');
      c.parentNode.insertBefore(this.feedback, c.nextSibling);
    }
  };

  Viewer.prototype.key = function (ev) {
    if (ev.target !== this.fig) return;
    var handled = true;
    if (ev.key === 'ArrowRight') this.next();
    else if (ev.key === 'ArrowLeft') this.prev();
    else if (ev.key === 'Home') this.go(0);
    else if (ev.key === 'End') this.go(this.d.moves.length);
    else handled = false;
    if (handled) ev.preventDefault();
  };
  Viewer.prototype.next = function () {
    if (this.isProblem || !this.d.moves.length) return;
    this.go(this.pos === null ? 1 : Math.min(this.pos + 1, this.d.moves.length));
  };
  Viewer.prototype.prev = function () {
    if (this.isProblem || !this.d.moves.length) return;
    this.go(this.pos === null ? this.d.moves.length - 1 : Math.max(this.pos - 1, 0));
  };
  Viewer.prototype.go = function (k) {
    if (this.isProblem) return;
    this.pos = k;
    this.draw();
  };

  /* The stones after k moves: grid and move numbers by index. */
  Viewer.prototype.after = function (k) {
    var cols = this.cols, grid = new Array(cols * this.rows), nums = {};
    for (var i = 0; i < grid.length; i++) grid[i] = -1;
    this.d.start.forEach(function (s) { grid[s[1] * cols + s[0]] = s[2]; });
    for (var j = 0; j < k && j < this.d.moves.length; j++) {
      var m = this.d.moves[j];
      if (m[1] < 0) continue;
      var idx = m[2] * cols + m[1];
      grid[idx] = m[0];
      if (m[3]) nums[idx] = m[3]; else delete nums[idx];
      m[4].forEach(function (p) { var ci = p[1] * cols + p[0]; grid[ci] = -1; delete nums[ci]; });
    }
    return { grid: grid, nums: nums };
  };

  /* ---------- problems ---------- */
  Viewer.prototype.resetProblem = function () {
    var n = this.d.moves.length;
    var s = this.after(n);
    this.pGrid = s.grid;
    this.pNums = {};
    this.pColor = n ? 1 - this.d.moves[n - 1][0] : this.d.toPlay;
    this.played = [];
    this.solved = false;
    this.undo = null;
    this.moveCount = 0;
    if (this.prbText) this.prbText.hidden = false;
    if (this.feedback) { this.feedback.textContent = ''; this.feedback.className = 'feedback'; this.feedback.removeAttribute('data-result'); }
    this.fig.removeAttribute('data-result');
  };
  function matching(seqs, played) {
    return seqs.filter(function (s) {
      return s.length >= played.length && played.every(function (p, i) { return s[i][0] === p[0] && s[i][1] === p[1]; });
    });
  }
  /* The same rules as kifu_book::problem::Problem::play. */
  Viewer.prototype.answer = function (mv) {
    var pr = this.d.problem, p2 = this.played.concat([mv]), k = p2.length - 1;
    var c = matching(pr.correct, p2)[0];
    if (c) {
      var text = c[k][2], reply = c[k + 1] || null;
      if (reply) p2.push([reply[0], reply[1]]);
      var done = c.length <= p2.length;
      this.played = p2;
      if (done) return { result: 'solved', text: (reply && reply[2]) || text, reply: reply };
      return { result: 'continue', text: text, reply: reply };
    }
    var w = matching(pr.wrong, p2)[0];
    if (w) return { result: 'wrong', text: w[k][2], reply: w[k + 1] || null, known: true };
    return { result: 'wrong', text: null, reply: null, known: false };
  };
  Viewer.prototype.place = function (x, y) {
    if (x < 0) { this.pColor = 1 - this.pColor; return; }
    var cols = this.cols, nums = this.pNums;
    var caps = playOn(this.pGrid, cols, this.rows, x, y, this.pColor);
    caps.forEach(function (i) { delete nums[i]; });
    this.moveCount += 1;
    nums[y * cols + x] = this.moveCount;
    this.pColor = 1 - this.pColor;
  };
  Viewer.prototype.snapshot = function () {
    return { grid: this.pGrid.slice(), nums: Object.assign({}, this.pNums), color: this.pColor, count: this.moveCount };
  };
  Viewer.prototype.restore = function (s) {
    this.pGrid = s.grid; this.pNums = s.nums; this.pColor = s.color; this.moveCount = s.count;
  };
  var WORDS = {
    en: ['Correct!', 'Wrong.', 'Right, go on.', 'Not in the book.'],
    de: ['Richtig!', 'Falsch.', 'Richtig, weiter.', 'Nicht im Buch.'],
    fr: ['Correct !', 'Faux.', 'Bien, continuez.', 'Pas dans le livre.'],
    ja: ['正解！', '不正解。', '正しい。続けて。', '本にない手。']
  };
  Viewer.prototype.click = function (x, y) {
    if (!this.isProblem || this.solved) return;
    if (this.undo) { this.restore(this.undo); this.undo = null; }
    if (this.pGrid[y * this.cols + x] !== -1) { this.feedback.textContent = spoken()[9] + ' ' + kifuSpeech.point(x, y, this.rows); return; }
    var before = this.snapshot();
    var a = this.answer([x, y]);
    this.place(x, y);
    if (a.reply) this.place(a.reply[0], a.reply[1]);
    var words = WORDS[primary()] || WORDS.en, head, cls;
    if (a.result === 'wrong') {
      this.undo = before;
      head = a.known ? words[1] : words[1] + ' ' + words[3];
      cls = 'wrong';
    } else if (a.result === 'solved') {
      this.solved = true;
      head = words[0];
      cls = 'correct';
    } else {
      head = words[2];
      cls = 'correct';
    }
    /* The text of the last move played: the reply's, else the reader's. */
    var said = (a.reply && a.reply[2]) || a.text;
    /* A text that differs by language is {lang: text}. */
    if (said && typeof said === 'object') said = said[primary()] || said[Object.keys(said)[0]];
    var w = spoken(), mine = kifuSpeech.said(w, before.color, null, x, y, this.rows);
    var reply = a.reply ? ' ' + kifuSpeech.said(w, 1 - before.color, null, a.reply[0], a.reply[1], this.rows) + '.' : '';
    this.feedback.textContent = head + (said ? ' ' + said : '') + ' (' + mine + '.' + reply + ')';
    /* The problem's own text gives way to the answers' texts. */
    if (this.prbText && said) this.prbText.hidden = true;
    this.feedback.className = 'feedback ' + cls;
    var result = a.result === 'wrong' ? 'wrong' : (a.result === 'solved' ? 'correct' : 'continue');
    this.feedback.setAttribute('data-result', result);
    this.fig.setAttribute('data-result', result);
    this.draw();
  };

  /* ---------- drawing ---------- */
  Viewer.prototype.scene = function () {
    var cols = this.cols, stones = [], i;
    if (this.isProblem) {
      for (i = 0; i < this.pGrid.length; i++) if (this.pGrid[i] >= 0) stones.push([i % cols, Math.floor(i / cols), this.pGrid[i], this.pNums[i] || 0]);
      return { stones: stones, replay: this.played.length > 0 || this.undo !== null };
    }
    if (this.pos === null) {
      return { stones: this.d.figure.map(function (s) { return s.slice(); }), replay: false };
    }
    var s = this.after(this.pos);
    for (i = 0; i < s.grid.length; i++) if (s.grid[i] >= 0) stones.push([i % cols, Math.floor(i / cols), s.grid[i], s.nums[i] || 0]);
    return { stones: stones, replay: true };
  };

  /* The drawing's size: the view, the spacing of lines S, the margin, the
   * width and height in S units, and its width as a share of the widest
   * drawing of its board size. */
  function geometry(d, expanded) {
    var cols = d.size[0], rows = d.size[1];
    var v = expanded ? [0, 0, cols - 1, rows - 1] : d.view;
    var coord = d.coord || 'auto';
    var S = 24, coords = coord !== 'none' && (coord !== 'auto' || showCoords), pad = coords ? S * 1.4 : S * 0.8;
    var w = (v[2] - v[0]) * S + 2 * pad, h = (v[3] - v[1]) * S + 2 * pad;
    /* The same spacing of lines for every diagram of a board size: a partial
     * view is narrower than the whole board. */
    var full = (cols - 1) * S + 2 * pad;
    /* Never smaller than MIN_LINE px between lines (move numbers stay
     * readable), a problem never smaller than MIN_TAP px (a point is big
     * enough to tap), unless the page is narrower than that. */
    var least = (d.problem ? MIN_TAP : MIN_LINE) * w / S;
    return { v: v, S: S, coords: coords, pad: pad, w: w, h: h, share: Math.min(100, Math.round(1000 * w / full) / 10), least: 'min(100%, ' + Math.round(least) + 'px)' };
  }
  var MIN_LINE = 17, MIN_TAP = 40;
  /* The diagram's element is at least as wide as its smallest drawing, so a
   * row of narrow diagrams that do not fit side by side wraps. */
  function leastWidth(board, g) {
    var el = board.closest('.dia-el');
    if (el && el.style.minWidth !== g.least) el.style.minWidth = g.least;
  }
  /* An undrawn board takes the place of its drawing. */
  function placeholder(board, d, expanded) {
    var g = geometry(d, expanded);
    board.textContent = '';
    board.className = 'board pending';
    board.style.width = g.share + '%';
    board.style.aspectRatio = g.w + ' / ' + g.h;
    board.style.minWidth = g.least;
    leastWidth(board, g);
  }
  Viewer.prototype.untouched = function () {
    return this.pos === null && !this.expanded && (!this.isProblem || (!this.played.length && !this.undo && !this.moveCount));
  };
  /* Takes the drawing and the controls away (a big book, far from the
   * window): the board keeps its place, the viewer is made again when the
   * diagram comes near. */
  Viewer.prototype.forget = function () {
    if (this.controls) this.controls.remove();
    if (this.feedback) this.feedback.remove();
    placeholder(this.board, this.d, false);
    delete viewers[this.fig.getAttribute('data-dia')];
  };

  Viewer.prototype.draw = function () {
    var d = this.d, cols = this.cols, rows = this.rows, self = this;
    var g = geometry(d, this.expanded), v = g.v, S = g.S, coords = g.coords, pad = g.pad;
    var sgf = 'abcdefghijklmnopqrstuvwxyz';
    // Labels of the diagram's coordinate system (standard, sgf, j1-j3) come from kifu.
    function colName(x) { return d.labels ? d.labels[0][x] : d.coord === 'sgf' ? sgf.charAt(x) : COLS.charAt(x); }
    function rowName(y) { return d.labels ? d.labels[1][y] : d.coord === 'sgf' ? sgf.charAt(y) : String(rows - y); }
    var w = g.w, h = g.h;
    function X(x) { return pad + (x - v[0]) * S; }
    function Y(y) { return pad + (y - v[1]) * S; }
    var svg = svgEl('svg', { viewBox: '0 0 ' + w + ' ' + h, role: 'img', 'font-family': 'Helvetica, Arial, sans-serif' });
    svgEl('rect', { x: 0, y: 0, width: w, height: h, fill: '#e3b868' }, svg);
    var grid = svgEl('g', { stroke: '#3a2a10', 'stroke-width': 1 }, svg);
    var ext = S / 2, x, y;
    for (x = v[0]; x <= v[2]; x++) {
      svgEl('line', { x1: X(x), x2: X(x), y1: Y(v[1]) - (v[1] > 0 ? ext : 0), y2: Y(v[3]) + (v[3] < rows - 1 ? ext : 0), 'stroke-width': (x === 0 || x === cols - 1) ? 1.6 : 1 }, grid);
    }
    for (y = v[1]; y <= v[3]; y++) {
      svgEl('line', { y1: Y(y), y2: Y(y), x1: X(v[0]) - (v[0] > 0 ? ext : 0), x2: X(v[2]) + (v[2] < cols - 1 ? ext : 0), 'stroke-width': (y === 0 || y === rows - 1) ? 1.6 : 1 }, grid);
    }
    if (cols === rows) {
      starPoints(cols).forEach(function (s) {
        if (s[0] >= v[0] && s[0] <= v[2] && s[1] >= v[1] && s[1] <= v[3]) svgEl('circle', { cx: X(s[0]), cy: Y(s[1]), r: 2.6, fill: '#3a2a10' }, svg);
      });
    }
    if (coords) {
      var cg = svgEl('g', { 'font-size': 10, fill: '#3a2a10', 'text-anchor': 'middle' }, svg);
      for (x = v[0]; x <= v[2]; x++) { svgEl('text', { x: X(x), y: 12 }, cg).textContent = colName(x); svgEl('text', { x: X(x), y: h - 4 }, cg).textContent = colName(x); }
      for (y = v[1]; y <= v[3]; y++) { svgEl('text', { x: 10, y: Y(y) + 3.5 }, cg).textContent = rowName(y); svgEl('text', { x: w - 10, y: Y(y) + 3.5 }, cg).textContent = rowName(y); }
    }
    var sc = this.scene(), at = {}, shown = [];
    sc.stones.forEach(function (s) { at[s[1] * cols + s[0]] = s; shown[s[1] * cols + s[0]] = s[2]; });
    svg.setAttribute('aria-label', kifuSpeech.board(spoken(), shown, cols, rows));
    function inView(px, py) { return px >= v[0] && px <= v[2] && py >= v[1] && py <= v[3]; }
    var layer = svgEl('g', {}, svg);
    sc.stones.forEach(function (s) {
      if (!inView(s[0], s[1])) return;
      svgEl('circle', { cx: X(s[0]), cy: Y(s[1]), r: S * 0.47, fill: s[2] === 0 ? '#141414' : '#fbfbf8', stroke: s[2] === 0 ? '#000' : '#333', 'stroke-width': 1, 'class': s[2] === 0 ? 'stone black' : 'stone white' }, layer);
    });
    /* Labels: letters, point texts, move numbers. */
    var labels = {};
    sc.stones.forEach(function (s) { if (s[3]) labels[s[1] * cols + s[0]] = String(s[3]); });
    function label(i, text, empty) {
      if (!sc.replay) { labels[i] = text; return; }
      if (at[i] && at[i][3]) return; /* the move number wins during replay */
      if (empty && !at[i] && !self.isProblem && !self.texts[i]) return; /* letters on empty points hide */
      labels[i] = text;
    }
    Object.keys(this.texts).forEach(function (k) { label(+k, self.texts[k], false); });
    Object.keys(this.letters).forEach(function (k) { label(+k, self.letters[k], true); });
    Object.keys(labels).forEach(function (k) {
      var i = +k, px = i % cols, py = Math.floor(i / cols);
      if (!inView(px, py)) return;
      var st = at[i], t = labels[k];
      if (!st) svgEl('circle', { cx: X(px), cy: Y(py), r: S * 0.36, fill: '#e3b868' }, layer);
      var size = t.length >= 3 ? S * 0.4 : S * 0.52;
      var txt = svgEl('text', { x: X(px), y: Y(py) + size * 0.36, 'text-anchor': 'middle', 'font-size': size, fill: st && st[2] === 0 ? '#fff' : '#000', 'class': 'label' }, layer);
      txt.textContent = t;
    });
    /* Marks. */
    d.marks.forEach(function (m) {
      var i = m[1] * cols + m[0];
      if (!inView(m[0], m[1])) return;
      if (sc.replay && (self.hide[i] || (at[i] && at[i][3]))) return;
      if (labels[i] && m[2] !== 'tb' && m[2] !== 'tw') return;
      var st = at[i], col = st && st[2] === 0 ? '#fff' : '#000', cx = X(m[0]), cy = Y(m[1]), r = S * 0.28;
      var a = { fill: 'none', stroke: col, 'stroke-width': 1.8, 'class': 'mark ' + m[2] };
      if (m[2] === 'tr') { a.points = [cx, cy - r * 1.1, cx + r, cy + r * 0.65, cx - r, cy + r * 0.65].join(' '); svgEl('polygon', a, layer); }
      else if (m[2] === 'sq') { a.x = cx - r * 0.8; a.y = cy - r * 0.8; a.width = r * 1.6; a.height = r * 1.6; svgEl('rect', a, layer); }
      else if (m[2] === 'rg') { a.points = [cx, cy - r, cx + r, cy, cx, cy + r, cx - r, cy].join(' '); svgEl('polygon', a, layer); }
      else if (m[2] === 'ma') { a.d = 'M' + (cx - r * 0.8) + ' ' + (cy - r * 0.8) + 'L' + (cx + r * 0.8) + ' ' + (cy + r * 0.8) + 'M' + (cx + r * 0.8) + ' ' + (cy - r * 0.8) + 'L' + (cx - r * 0.8) + ' ' + (cy + r * 0.8); svgEl('path', a, layer); }
      else if (m[2] === 'cr') {
        if (st) { a.cx = cx; a.cy = cy; a.r = r * 0.9; svgEl('circle', a, layer); }
        else svgEl('circle', { cx: cx, cy: cy, r: S * 0.16, fill: '#555', 'class': 'mark cr' }, layer);
      } else if (m[2] === 'tb' || m[2] === 'tw') {
        svgEl('rect', { x: cx - S * 0.17, y: cy - S * 0.17, width: S * 0.34, height: S * 0.34, fill: m[2] === 'tb' ? '#141414' : '#fbfbf8', stroke: '#333', 'stroke-width': 0.8, 'class': 'mark ' + m[2] }, layer);
      }
    });
    /* Lines and arrows. */
    function segment(s, arrow) {
      var x1 = X(s[0]), y1 = Y(s[1]), x2 = X(s[2]), y2 = Y(s[3]);
      var g = svgEl('g', { stroke: '#c0392b', 'stroke-width': 2.2, fill: '#c0392b', 'class': arrow ? 'arrow' : 'line' }, layer);
      svgEl('line', { x1: x1, y1: y1, x2: x2, y2: y2 }, g);
      if (arrow) {
        var ang = Math.atan2(y2 - y1, x2 - x1), L = 8;
        svgEl('polygon', { points: [x2, y2, x2 - L * Math.cos(ang - 0.4), y2 - L * Math.sin(ang - 0.4), x2 - L * Math.cos(ang + 0.4), y2 - L * Math.sin(ang + 0.4)].join(' ') }, g);
      }
    }
    d.lines.forEach(function (s) { segment(s, false); });
    d.arrows.forEach(function (s) { segment(s, true); });
    /* The points the reader can play on. */
    if (this.isProblem) {
      /* Points to tap; the keyboard answers through the move field. */
      var hit = svgEl('g', { 'aria-hidden': 'true' }, svg);
      for (y = v[1]; y <= v[3]; y++) for (x = v[0]; x <= v[2]; x++) {
        (function (px, py) {
          var r = svgEl('rect', { x: X(px) - S / 2, y: Y(py) - S / 2, width: S, height: S, 'class': 'pt', 'data-pt': coordName(px, py, rows) }, hit);
          r.addEventListener('click', function () { self.click(px, py); });
        })(x, y);
      }
    }
    svg.style.width = g.share + '%';
    svg.style.minWidth = g.least;
    leastWidth(this.board, g);
    this.board.className = 'board';
    this.board.removeAttribute('style');
    this.board.textContent = '';
    this.board.appendChild(svg);
    this.update();
  };

  /* What a step says: the move played and what it took, or the start. */
  Viewer.prototype.spoken = function () {
    var w = spoken(), rows = this.rows, k = this.pos;
    /* The printed figure is the figure, read with its own text. */
    if (k === null) return '';
    if (k === 0) return w[10];
    var m = this.d.moves[k - 1];
    var taken = m[4].map(function (p) { return kifuSpeech.point(p[0], p[1], rows); });
    return kifuSpeech.said(w, m[0], m[3], m[1], m[2], rows, taken) + '.';
  };

  Viewer.prototype.update = function () {
    if (this.bExpand) this.bExpand.title = this.bExpand.textContent = this.expanded ? 'Partial view' : 'Whole board';
    if (!this.status) return;
    var n = this.d.moves.length, text = '', move = '';
    if (this.pos === null) {
      var nums = this.d.moves.map(function (m) { return m[3]; }).filter(Boolean);
      text = nums.length ? nums[0] + (nums.length > 1 ? '–' + nums[nums.length - 1] : '') : '';
    } else if (this.pos === 0) {
      text = 'Start';
      move = '0';
    } else {
      var m = this.d.moves[this.pos - 1];
      if (m[1] === -1) { text = 'Pass'; move = 'pass'; }
      else if (m[1] === -2) { text = m[3] + ': elsewhere'; move = String(m[3]); }
      else { text = 'Move ' + m[3]; move = String(m[3]); }
    }
    this.status.textContent = text;
    this.announce.textContent = this.spoken();
    this.fig.setAttribute('data-move', move);
    this.fig.setAttribute('data-pos', this.pos === null ? 'figure' : String(this.pos));
    this.bStart.disabled = this.pos === 0;
    this.bPrev.disabled = this.pos === 0;
    this.bNext.disabled = this.pos === n;
    this.bEnd.disabled = this.pos === n;
  };

  /* ---------- drawing on demand ---------- */
  /* A page of up to EAGER diagrams draws them all at once. A bigger one
   * draws a diagram when it comes near the window (its board keeps the
   * drawn size until then), and forgets the drawing of one that is far
   * away again and was not touched, so that the page opens at once and
   * holds only the diagrams near the reader whatever the book's size. */
  var EAGER = 150;
  function viewerOf(fig) {
    var n = fig.getAttribute('data-dia'), d = data.diagrams[+n];
    if (!d) return null;
    if (!viewers[n]) viewers[n] = new Viewer(fig, d);
    nameFigure(fig);
    return viewers[n];
  }

  /* ---------- descriptions (a big book's page) ---------- */
  /* A small page has each figure's description written in it (html.rs,
   * from kifu_book::describe). A big one carries the words of
   * descriptions instead (`words`, the same tables): a figure gets its
   * short text when it comes near the window, a closed "Description" when
   * it takes focus (in the place book.css keeps for it), and the
   * description's items when the reader opens it (describe.js builds
   * both from the diagram's data). */
  function wordsKey(lang) {
    var all = data.words, l = (lang || '').split('-')[0];
    return all[l] ? l : all.en ? 'en' : Object.keys(all)[0];
  }
  function descriptionWords() {
    if (!data.words) return null;
    var key = wordsKey(primary());
    return key ? { lang: key, w: data.words[key] } : null;
  }
  /* The summary says "Description" in each language of the page's
   * descriptions; a rule per language shows the reader's, so a language
   * switch changes no figure (as `buildLangRules` does for texts). */
  var summaryRules = document.createElement('style'), summaryModel = null;
  function buildSummaries() {
    summaryModel = null;
    if (!data.words) return;
    var rules = [];
    summaryModel = document.createElement('summary');
    Object.keys(data.words).forEach(function (k) {
      var span = summaryModel.appendChild(document.createElement('span'));
      span.setAttribute('data-w', k);
      span.lang = k;
      span.textContent = data.words[k].description;
      var none = data.languages.filter(function (l) { return wordsKey(l) === k; })
        .map(function (l) { return ':not([data-kifu-primary="' + (window.CSS && CSS.escape ? CSS.escape(l) : l.replace(/["\\]/g, '')) + '"])'; }).join('');
      rules.push('html' + none + ' details.dia-desc > summary > [data-w="' + k + '"]{display:none}');
    });
    summaryRules.textContent = rules.join('\n');
    document.head.appendChild(summaryRules);
  }
  buildSummaries();
  /* Figure n's closed description, made once. */
  function descriptionShell(fig, n) {
    var details = fig.querySelector(':scope > details.dia-desc');
    if (!details) {
      details = document.createElement('details');
      details.className = 'dia-desc';
      details.appendChild(summaryModel.cloneNode(true));
      fig.insertBefore(details, fig.querySelector(':scope > figcaption'));
      fig.setAttribute('data-described', '');
    }
    details.id = 'kifu-desc-' + n;
    fig.setAttribute('aria-details', details.id);
  }
  document.addEventListener('toggle', function (ev) {
    var details = ev.target;
    if (details.open && details.matches && details.matches('figure[data-described] > details.dia-desc')) writeDescription(details.parentNode, details);
  }, true);
  /* Whether diagram n has a caption of its own (html.rs `own_captions`:
   * bit n % 4 of hex digit n / 4). */
  function ownCaption(n) {
    return ((parseInt((data.captioned || '').charAt(n >> 2), 16) || 0) >> (n & 3) & 1) === 1;
  }
  /* The text of `el` as the reader sees it: the variants of other
   * languages and the gaps line left out, a symbol read as its text, a
   * break as a space. */
  function shownText(el) {
    if (!el) return '';
    var copy = el.cloneNode(true), p = primary();
    each('.v[data-v]', function (v) { if (v.getAttribute('data-v').split(' ').indexOf(p) < 0) v.remove(); }, copy);
    each('.gaps', function (g) { g.remove(); }, copy);
    each('[data-sym]', function (sym) { sym.replaceWith(sym.getAttribute('aria-label') || ''); }, copy);
    each('br', function (br) { br.replaceWith(' '); }, copy);
    return copy.textContent;
  }
  /* Figure `fig`'s description in the reader's language, or null. */
  function descriptionOf(fig) {
    var words = descriptionWords(), n = fig.getAttribute('data-dia'), c = words && data.diagrams[+n];
    if (!c) return null;
    var v = viewers[n], d = v && v.fig === fig ? v.d : complete(c);
    var kind = /(?:^| )kind-(\w+)/.exec(fig.className), caption = fig.querySelector(':scope > figcaption');
    var gaps = caption && caption.querySelector('.gaps');
    var info = {
      kind: kind ? kind[1] : 'dia',
      caption: ownCaption(+n) ? shownText(caption).trim() : null,
      question: shownText(fig.querySelector(':scope > .prb-text')),
      gaps: gaps ? gaps.textContent : null
    };
    return { n: n, lang: words.lang, w: words.w, said: kifuDescribe.describe(words.w, d, info) };
  }
  /* Names the figure by its short text, and writes its description again
   * if it is open and says something else now; a figure whose
   * description the page has is left as it is. */
  /* A figure that comes near is named by its short text only: adding its
   * closed description there, in the same frame as its drawing, moved a
   * jump's target off the screen (the browser's scroll anchoring lost
   * its place); the description comes when the figure takes focus. */
  function nameFigure(fig) {
    if (!summaryModel || (fig.hasAttribute('aria-details') && !fig.hasAttribute('data-described'))) return null;
    var desc = descriptionOf(fig);
    if (desc && fig.getAttribute('aria-label') !== desc.said.short) fig.setAttribute('aria-label', desc.said.short);
    return desc;
  }
  function describeFigure(fig) {
    var desc = nameFigure(fig);
    if (!desc) return;
    descriptionShell(fig, desc.n);
    var details = fig.querySelector(':scope > details.dia-desc');
    if (details && details.open) writeDescription(fig, details);
  }
  /* The parts as html.rs (access.rs `described`) writes them: a part of
   * one item a paragraph, of several a paragraph and a list; written
   * again only when the description says something else. */
  function writeDescription(fig, details) {
    var desc = descriptionOf(fig);
    if (!desc) return;
    var text = kifuDescribe.text(desc.said.parts);
    if (details.kifuText === text && details.lang === desc.lang) return;
    details.kifuText = text;
    details.lang = desc.lang;
    while (details.childNodes.length > 1) details.lastChild.remove();
    desc.said.parts.forEach(function (part) {
      var p = document.createElement('p');
      details.appendChild(p);
      if (part.items.length === 1) { p.textContent = part.label + ': ' + kifuDescribe.closed(part.items[0]); return; }
      p.textContent = part.label + ':';
      var ul = document.createElement('ul');
      part.items.forEach(function (item) { ul.appendChild(document.createElement('li')).textContent = item; });
      details.appendChild(ul);
    });
  }
  /* After a language switch or a new version of the book: the figures
   * drawn near the window are named again, the open descriptions
   * written again; the others when they come near or take focus. */
  function describeAgain() {
    each('figure[data-described]', function (fig) {
      var v = viewers[fig.getAttribute('data-dia')], details = fig.querySelector(':scope > details.dia-desc');
      if ((v && v.fig === fig) || (details && details.open)) describeFigure(fig);
    });
  }
  document.addEventListener('focusin', function (ev) {
    var fig = ev.target.closest && ev.target.closest('figure.dia');
    if (fig) describeFigure(fig);
  });
  /* A big book's page leaves out what every figure has: its id, its place
   * in the keyboard order, its (empty) board, and its diagram's number
   * when it is the one after the figure before's (marked `data-dia-next`
   * here, so that `refresh` numbers it again). */
  function numberFigures(figures) {
    var lastDia = -1;
    Array.prototype.forEach.call(figures, function (fig) {
      if (!fig.hasAttribute('data-dia') || fig.hasAttribute('data-dia-next')) {
        fig.setAttribute('data-dia', String(lastDia + 1));
        fig.setAttribute('data-dia-next', '');
      }
      lastDia = +fig.getAttribute('data-dia');
      if (fig.hasAttribute('data-dia-next')) fig.id = 'kifu-dia-' + lastDia;
      if (fig.querySelector(':scope > .board')) return;
      fig.id = 'kifu-dia-' + lastDia;
      fig.tabIndex = 0;
      var board = document.createElement('div');
      board.className = 'board';
      fig.insertBefore(board, fig.querySelector(':scope > figcaption'));
    });
  }
  /* A big book's page marks its lists of bullets with the class `list`
   * (access.rs `list_group`): the roles a screen reader reads are given here. */
  function listRoles() {
    each('.group.list:not([role])', function (g) {
      g.setAttribute('role', 'list');
      Array.prototype.forEach.call(g.children, function (item) { item.setAttribute('role', 'listitem'); });
    });
  }
  listRoles();
  var figures = document.querySelectorAll('figure.dia');
  numberFigures(figures);
  var lazy = figures.length > EAGER && 'IntersectionObserver' in window;
  var near = null;
  function showFigures(figures) {
    if (!lazy) {
      Array.prototype.forEach.call(figures, viewerOf);
      return;
    }
    Array.prototype.forEach.call(figures, function (fig) {
      var d = data.diagrams[+fig.getAttribute('data-dia')];
      if (d && !viewers[fig.getAttribute('data-dia')]) placeholder(fig.querySelector('.board'), shape(d));
    });
    if (!near) {
      near = new IntersectionObserver(function (entries) {
        entries.forEach(function (e) {
          var fig = e.target, v = viewers[fig.getAttribute('data-dia')];
          if (!fig.isConnected) { near.unobserve(fig); return; }
          if (e.isIntersecting) viewerOf(fig);
          else if (v && v.fig === fig && v.untouched() && document.activeElement !== fig) v.forget();
        });
      }, { rootMargin: '1500px 0px' });
    }
    Array.prototype.forEach.call(figures, function (fig) { near.observe(fig); });
  }
  showFigures(figures);

  /* ---------- reading position ---------- */
  /* The first element whose bottom is below the toolbar: found by
   * halving over the elements in page order (their tops only grow; hidden
   * ones are skipped), so that a scroll costs the same at any book size. */
  var positioned = null;
  function topElement() {
    if (!positioned) positioned = document.querySelectorAll('main .el[id]');
    var els = positioned, lo = 0, hi = els.length;
    function shown(i) {
      var j = i;
      while (j < els.length && !els[j].offsetParent) j++;
      return j;
    }
    while (lo < hi) {
      var mid = (lo + hi) >> 1, k = shown(mid);
      if (k >= els.length) { hi = mid; continue; }
      if (els[k].getBoundingClientRect().bottom > 40) hi = mid; else lo = k + 1;
    }
    var k2 = shown(lo);
    return k2 < els.length ? els[k2].id : null;
  }
  var timer = null;
  window.addEventListener('scroll', function () {
    if (timer) return;
    timer = setTimeout(function () {
      timer = null;
      stored.pos = topElement() || stored.pos;
      save();
    }, 250);
  }, { passive: true });

  applyLanguages();
  if (!location.hash && stored.pos) {
    var target = document.getElementById(stored.pos);
    if (target) target.scrollIntoView();
  }
  /* A new version of the book in the same page (`kifu serve`): the
   * caller has replaced the chapters that changed; `next` is the new
   * data, `moved` maps a figure taken away to the one in its place.
   * Diagrams whose figure, number and data are the same keep their viewer
   * (and the reader's step); the others are drawn again at the same step;
   * the languages chosen stay chosen. */
  function refresh(next, moved) {
    var before = [];
    Object.keys(viewers).forEach(function (n) { before.push(viewers[n]); delete viewers[n]; });
    data = next;
    textRefs = null; filled = null; positioned = null;
    buildLangRules();
    buildSummaries();
    listRoles();
    figures = document.querySelectorAll('figure.dia');
    numberFigures(figures);
    before.forEach(function (v) {
      /* The figure itself, or the one that took its place (`moved`: its
       * chapter was sent again), under its number now (a diagram added
       * above moves the numbers on). */
      var fig = v.fig.isConnected ? v.fig : moved && moved.get(v.fig);
      if (!fig || !fig.isConnected) return;
      var m = fig.getAttribute('data-dia');
      if (!data.diagrams[+m] || viewers[m]) return;
      if (fig === v.fig && m === v.n && JSON.stringify(complete(data.diagrams[+m])) === v.dataKey) { viewers[m] = v; return; }
      if (v.controls) v.controls.remove();
      if (v.feedback) v.feedback.remove();
      var nv = viewerOf(fig);
      if (nv && v.pos !== null && !nv.isProblem) nv.go(Math.min(v.pos, nv.d.moves.length));
    });
    selected = selected.filter(function (l) { return data.languages.indexOf(l) >= 0; });
    if (!selected.length) selected = data.defaults.slice();
    showFigures(figures);
    fitImages();
    applyLanguages();
  }
  /* A figure's description as text (kifu_book's `Description::text`),
   * with its short text: what the tests compare. */
  function descriptionText(fig) {
    var desc = descriptionOf(fig);
    return desc && { short: desc.said.short, text: kifuDescribe.text(desc.said.parts), lang: desc.lang };
  }
  window.kifuBook = { viewers: viewers, viewer: viewerOf, setLanguages: setLanguages, selected: function () { return selected.slice(); }, refresh: refresh, description: descriptionText };
})();
