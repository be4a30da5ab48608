// The JavaScript API of talebook-web.js (docs/engine.md, "In the browser"):
// appended to emscripten's module (--post-js), so `Module`, `cwrap`, `HEAPU8`,
// `_malloc` and `_free` are the module's own.
//
//   TalebookWeb().then((talebook) => {
//     const book = talebook.openBook(bytes);          // a Uint8Array: an unpacked .tbook
//     const game = book.begin({ seed: '7' });          // the seed as talec play's --seed
//     while (!game.over()) {
//       show(game.transcript());                       // everything said so far
//       const q = game.question();                     // { text, options: [{ text, number }] }
//       game.answer(pick(q));                          // an index into q.options
//     }
//     game.free();
//     book.close();                                    // after its games
//   });
//
// A failure throws an Error whose message is the reader's or the engine's.
(function () {
  var c = {
    open: cwrap('talebook_open_memory', 'number', ['number', 'number']),
    close: cwrap('talebook_close', null, ['number']),
    lastError: cwrap('talebook_last_error', 'string', []),
    title: cwrap('talebook_web_title', 'string', ['number']),
    language: cwrap('talebook_web_language', 'string', ['number']),
    paragraphs: cwrap('talebook_paragraph_count', 'number', ['number']),
    begin: cwrap('talebook_web_begin', 'number',
      ['number', 'string', 'string', 'number', 'number', 'string']),
    restore: cwrap('talebook_game_restore', 'number', ['number', 'string']),
    free: cwrap('talebook_game_free', null, ['number']),
    over: cwrap('talebook_game_over', 'number', ['number']),
    transcript: cwrap('talebook_web_transcript', 'string', ['number']),
    question: cwrap('talebook_web_question', 'string', ['number']),
    optionCount: cwrap('talebook_game_option_count', 'number', ['number']),
    option: cwrap('talebook_web_option', 'string', ['number', 'number']),
    optionNumber: cwrap('talebook_game_option_number', 'number', ['number', 'number']),
    answer: cwrap('talebook_game_answer', 'number', ['number', 'number']),
    quit: cwrap('talebook_game_quit', null, ['number']),
    save: cwrap('talebook_web_save', 'string', ['number']),
    gameError: cwrap('talebook_game_last_error', 'string', []),
  };
  var maxSeed = '18446744073709551615';

  // A seed as `talec play --seed` takes it: a decimal number of 64 bits.
  function seedText(seed) {
    var text = String(seed === undefined ? 1 : seed).trim();
    var digits = text.replace(/^0+(?=\d)/, '');
    if (!/^\d+$/.test(text) || digits.length > maxSeed.length ||
        (digits.length === maxSeed.length && digits > maxSeed))
      throw new Error('the seed is a number from 0 to ' + maxSeed + ", not '" + text + "'");
    return text;
  }

  function Game(book, handle) {
    this.book = book;
    this.handle = handle;
  }
  Game.prototype.live = function () {
    if (!this.handle) throw new Error('the game was freed');
    return this.handle;
  };
  // True once the game has ended: then there is no question.
  Game.prototype.over = function () {
    return c.over(this.live()) !== 0;
  };
  // Everything the game has said, each answer after its "> " prompt: what
  // `talec play --seed S` prints for the same answers.
  Game.prototype.transcript = function () {
    return c.transcript(this.live());
  };
  // The question asked now: its text and options, each with the number a
  // player of talec play types for it (1, 2, ... or an encounter chart's).
  Game.prototype.question = function () {
    var h = this.live();
    var options = [];
    for (var i = 0, n = c.optionCount(h); i < n; ++i)
      options.push({ text: c.option(h, i), number: c.optionNumber(h, i) >>> 0 });
    return { text: c.question(h), options: options };
  };
  // Answers with option `index` of question().options: false (nothing
  // changes) for no such option or a game over.
  Game.prototype.answer = function (index) {
    return c.answer(this.live(), index) !== 0;
  };
  // Ends the game as a player's `q` does.
  Game.prototype.quit = function () {
    c.quit(this.live());
  };
  // The game as text, for book.restore().
  Game.prototype.save = function () {
    return c.save(this.live());
  };
  Game.prototype.free = function () {
    if (this.handle) c.free(this.handle);
    this.handle = 0;
  };

  function Book(handle) {
    this.handle = handle;
  }
  Book.prototype.live = function () {
    if (!this.handle) throw new Error('the book was closed');
    return this.handle;
  };
  Book.prototype.title = function () {
    return c.title(this.live());
  };
  Book.prototype.language = function () {
    return c.language(this.live());
  };
  Book.prototype.paragraphCount = function () {
    return c.paragraphs(this.live()) >>> 0;
  };
  // A new game, played to its first question. setup: { seed (a number or a
  // decimal string), start, from, players, variant } as talec play's options.
  Book.prototype.begin = function (setup) {
    setup = setup || {};
    var seed = seedText(setup.seed);
    var h = c.begin(this.live(), seed, setup.start || '', setup.from || 0, setup.players || 0,
      setup.variant || '');
    if (!h) throw new Error(c.gameError());
    return new Game(this, h);
  };
  // A game saved by game.save(), played again to where it was saved.
  Book.prototype.restore = function (saved) {
    var h = c.restore(this.live(), String(saved));
    if (!h) throw new Error(c.gameError());
    return new Game(this, h);
  };
  // Frees the book: after every game of it is freed.
  Book.prototype.close = function () {
    if (this.handle) c.close(this.handle);
    this.handle = 0;
  };

  // Opens a .tbook from its bytes (a Uint8Array or an ArrayBuffer), copied.
  Module['openBook'] = function (bytes) {
    var data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    var p = _malloc(data.length || 1);
    HEAPU8.set(data, p);
    var h = c.open(p, data.length);
    _free(p);
    if (!h) throw new Error(c.lastError());
    return new Book(h);
  };
})();
