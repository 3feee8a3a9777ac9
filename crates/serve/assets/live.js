/* kifu serve: keeps the book's page in step with the book without
 * reloading it. Each update from the server replaces the chapters that
 * changed and hands the new data to the book script (kifuBook.refresh),
 * then puts the reader back where they were: the element at the top of
 * the window stays at the same height. Errors are listed in a panel over
 * the page. Alt-click (or Ctrl/Cmd-click) on an element or an error asks
 * the server for its place in the source; the server may ask the page to
 * scroll to an element. */
(function () {
  'use strict';
  var live = JSON.parse(document.getElementById('kifu-live').textContent);
  var version = live.version;
  window.kifuLive = { version: function () { return version; }, updates: 0 };

  /* The first element under the top of the window, its height there, and
   * where it is: its chapter (a child of <main>) and its place in it. An
   * element without an ID of its own is named by its place in the book
   * (`e57`), which an insertion above changes; so after an update it is
   * found as the same node (its chapter was kept), else at the same place
   * in the chapter that replaced its own, else by its ID. */
  var ELS = '.el[id]';
  function readerPlace(main) {
    var els = main.querySelectorAll(ELS);
    var lo = 0, hi = els.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1, r = els[mid].getBoundingClientRect();
      if (r.bottom > 0 || (r.height === 0 && r.top > 0)) hi = mid; else lo = mid + 1;
    }
    for (var i = lo; i < els.length; i++) {
      var rect = els[i].getBoundingClientRect();
      if (rect.height === 0) continue;
      var part = els[i].closest('#kifu-book > *');
      var parts = Array.prototype.slice.call(main.children);
      return {
        node: els[i], id: els[i].id, top: rect.top,
        part: parts.indexOf(part), at: Array.prototype.indexOf.call(part.querySelectorAll(ELS), els[i])
      };
    }
    return null;
  }
  function restore(main, at) {
    if (!at) return;
    var el = at.node.isConnected ? at.node : null;
    var part = main.children[at.part];
    if (!el && part) el = part.querySelectorAll(ELS)[at.at] || null;
    if (!el) el = document.getElementById(at.id);
    if (el) window.scrollBy(0, el.getBoundingClientRect().top - at.top);
  }
  function fromHtml(html) {
    var t = document.createElement('template');
    t.innerHTML = html;
    return t.content.firstElementChild;
  }
  function textOf(html) {
    var t = document.createElement('template');
    t.innerHTML = html;
    return t.content.textContent;
  }

  function apply(u) {
    var main = document.getElementById('kifu-book');
    if (!u || !main || !window.kifuBook || !window.kifuBook.refresh) { location.reload(); return; }
    var at = readerPlace(main);
    var old = Array.prototype.slice.call(main.children);
    /* Where each drawn diagram is: its chapter and its place there. */
    var drawn = [], viewers = window.kifuBook.viewers;
    Object.keys(viewers).forEach(function (n) {
      var fig = viewers[n].fig, part = fig.closest('#kifu-book > *');
      if (part) drawn.push([fig, old.indexOf(part), Array.prototype.indexOf.call(part.querySelectorAll('figure.dia'), fig)]);
    });
    var wanted = u.parts.map(function (p) { return typeof p === 'number' ? old[p] : fromHtml(p); });
    /* The old children not kept go first, so that the kept ones never move. */
    old.forEach(function (c) { if (wanted.indexOf(c) < 0) c.remove(); });
    wanted.forEach(function (node, i) {
      if (node && main.children[i] !== node) main.insertBefore(node, main.children[i] || null);
    });
    if (u.style !== null) document.querySelector('head > style').textContent = u.style;
    if (u.toolbar !== null) {
      var bar = document.getElementById('kifu-toolbar');
      if (bar) bar.replaceWith(fromHtml('<header class="toolbar"' + u.toolbar + '</header>'));
    }
    document.title = textOf(u.title);
    main.className = u.mainClass;
    /* A diagram whose chapter was sent again is the one at its place in
     * the chapter now there. */
    var moved = new Map();
    drawn.forEach(function (d) {
      var part = main.children[d[1]];
      if (!d[0].isConnected && part) moved.set(d[0], part.querySelectorAll('figure.dia')[d[2]]);
    });
    window.kifuBook.refresh(JSON.parse(u.data), moved);
    version = u.version;
    window.kifuLive.updates++;
    restore(main, at);
  }

  /* ---------- errors ---------- */
  var panel = document.createElement('aside');
  panel.id = 'kifu-live-errors';
  panel.hidden = true;
  document.body.appendChild(panel);
  function showFindings(f) {
    var list = f.findings;
    panel.textContent = '';
    panel.hidden = !list.length;
    /* Room below the book's end, so that the panel hides none of it. */
    document.documentElement.classList.toggle('kifu-live-errors', !!list.length);
    if (!list.length) return;
    var head = document.createElement('div');
    head.className = 'head';
    head.textContent = list.length === 1 ? '1 error' : list.length + ' errors';
    if (f.stale) {
      var note = document.createElement('span');
      note.className = 'stale';
      note.textContent = ' \u2014 the page shows the book as it was before';
      head.appendChild(note);
    }
    var fold = document.createElement('button');
    fold.type = 'button';
    fold.textContent = panel.classList.contains('folded') ? 'Show' : 'Hide';
    fold.addEventListener('click', function () {
      panel.classList.toggle('folded');
      fold.textContent = panel.classList.contains('folded') ? 'Show' : 'Hide';
    });
    head.appendChild(fold);
    panel.appendChild(head);
    var ol = document.createElement('ol');
    list.forEach(function (e, i) {
      var li = document.createElement('li');
      li.className = e.severity;
      var where = document.createElement('a');
      where.className = 'where';
      where.href = '#';
      where.title = 'Open in the editor';
      where.textContent = e.file ? e.file + ':' + e.line + ':' + e.column : '';
      where.addEventListener('click', function (ev) { ev.preventDefault(); jump({ finding: i }); });
      var code = document.createElement('span');
      code.className = 'code';
      code.textContent = e.severity + '[' + e.code + ']';
      var msg = document.createElement('span');
      msg.className = 'message';
      msg.textContent = e.message;
      /* Spaces between the parts: where a narrow panel may break. */
      li.append(where, ' ', code, ' ', msg);
      ol.appendChild(li);
    });
    panel.appendChild(ol);
  }

  /* ---------- source jumps ---------- */
  function flash(el) {
    el.classList.add('kifu-live-flash');
    setTimeout(function () { el.classList.remove('kifu-live-flash'); }, 700);
  }
  function jump(what) {
    return fetch('/_kifu/jump', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(what) });
  }
  document.addEventListener('click', function (ev) {
    if (!(ev.altKey || ev.ctrlKey || ev.metaKey) || !ev.target.closest) return;
    if (ev.target.closest('a[href]')) return;
    var el = ev.target.closest('#kifu-book .el[id], #kifu-book section[id]');
    if (!el) return;
    ev.preventDefault();
    ev.stopPropagation();
    flash(el);
    jump({ anchor: el.id });
  }, true);
  function scrollTo(s) {
    var el = document.getElementById(s.anchor);
    if (!el) return;
    el.scrollIntoView({ block: 'center' });
    /* In the middle of what the error panel leaves in view: centred in
     * the window, the element's lower half was under the panel. */
    if (!panel.hidden) {
      var covered = window.innerHeight - panel.getBoundingClientRect().top;
      if (covered > 0) window.scrollBy(0, covered / 2);
    }
    flash(el);
  }

  /* ---------- the stream ---------- */
  function connect() {
    var es = new EventSource('/_kifu/events?v=' + version);
    es.addEventListener('update', function (ev) { window.kifuLive.lastBytes = ev.data.length; apply(JSON.parse(ev.data)); });
    es.addEventListener('findings', function (ev) { showFindings(JSON.parse(ev.data)); });
    es.addEventListener('scroll', function (ev) { scrollTo(JSON.parse(ev.data)); });
    /* Reconnect with the version now shown (EventSource would reuse the
     * first address). */
    es.onerror = function () { es.close(); setTimeout(connect, 1000); };
  }
  connect();
})();
