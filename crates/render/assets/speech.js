/* kifu: moves in words for screen readers (issue 38), shared by the page
 * (book.js) and the interactive EPUB (epub.js), which run it first:
 * `kifuSpeech.words(lang)` gives a language's words, `said` a move ("Black 5
 * at D4, takes C3"), `typed` the point a reader typed ("d4"), `board` the
 * stones of a grid by colour (the drawn board's text alternative). */
var kifuSpeech = (function () {
  'use strict';
  var COLS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
  var WORDS = {
    en: ['Black', 'White', 'at', 'takes', 'passes', 'elsewhere', 'Your move (a point such as D4)', 'Play', 'Not a point of the board:', 'Taken:', 'Start position'],
    de: ['Schwarz', 'Weiß', 'auf', 'schlägt', 'passt', 'anderswo', 'Ihr Zug (ein Punkt wie D4)', 'Spielen', 'Kein Punkt des Bretts:', 'Besetzt:', 'Ausgangsstellung'],
    fr: ['Noir', 'Blanc', 'en', 'prend', 'passe', 'ailleurs', 'Votre coup (un point comme D4)', 'Jouer', 'Pas un point du goban :', 'Occupé :', 'Position de départ'],
    ja: ['黒', '白', '', '取る', 'パス', '手抜き', '着手（D4 のような点）', '打つ', '盤上の点ではありません：', '石があります：', '初期配置']
  };
  function words(lang) { return WORDS[(lang || 'en').slice(0, 2)] || WORDS.en; }
  function point(x, y, rows) { return COLS.charAt(x) + String(rows - y); }
  /* x: -1 a pass, -2 a tenuki; taken: point names. */
  function said(w, color, number, x, y, rows, taken) {
    var who = w[color] + (number ? ' ' + number : '');
    var out = x === -1 ? who + ' ' + w[4] : x === -2 ? who + ' ' + w[5] : who + ' ' + w[2] + ' ' + point(x, y, rows);
    if (taken && taken.length) out += ', ' + w[3] + ' ' + taken.join(' ');
    return out;
  }
  function typed(text, cols, rows) {
    var m = /^\s*([A-HJ-Za-hj-z])\s*(\d{1,2})\s*$/.exec(text);
    if (!m) return null;
    var x = COLS.indexOf(m[1].toUpperCase()), y = rows - parseInt(m[2], 10);
    return x >= 0 && x < cols && y >= 0 && y < rows ? [x, y] : null;
  }
  /* grid: -1 empty, 0 black, 1 white, by index y * cols + x. */
  function board(w, grid, cols, rows) {
    var lists = [[], []];
    for (var i = 0; i < grid.length; i++) if (grid[i] === 0 || grid[i] === 1) lists[grid[i]].push(point(i % cols, Math.floor(i / cols), rows));
    return [0, 1].map(function (c) { return w[c] + ': ' + (lists[c].join(' ') || '-'); }).join('; ');
  }
  return { words: words, point: point, said: said, typed: typed, board: board };
})();
