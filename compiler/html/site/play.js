// The browser game of a talec html site (docs/web.md, "Play in the browser"):
// the engine and the reader as WebAssembly (talebook-web.js, the `web` build),
// the site's book from book.tbook.js (a file:// page cannot fetch() it), or a
// .tbook opened from disk. The transcript is talec play's for the same seed
// and answers: play.html?seed=S&answers=1,2,q replays a game, and the address
// follows the game as it is played, so that it can be shared.
(function () {
  'use strict';

  // The page's own words in the book's language (English for any other).
  var words = {
    en: {},
    zh: {
      play: '玩游戏', seed: '种子', play_seed: '用这个种子玩', new_game: '新游戏', open: '打开磁盘上的 .tbook 文件',
      transcript: '记录', share: '本局的链接', quit: '退出', over: '游戏结束。',
      loading: '正在载入……', no_book: '本站没有可玩的书：请打开一个 .tbook 文件。',
      playing: '正在玩：',
    },
    ar: {
      play: 'العب', seed: 'البذرة', play_seed: 'العب بهذه البذرة', new_game: 'لعبة جديدة', open: 'العب ملف tbook من القرص',
      transcript: 'السجل', share: 'رابط هذه اللعبة', quit: 'إنهاء', over: 'انتهت اللعبة.',
      loading: 'جارٍ التحميل…', no_book: 'لا كتاب في هذا الموقع للعب: افتح ملف tbook.',
      playing: 'تلعب: ',
    },
  };
  var english = {
    quit: 'Quit', over: 'The game is over.', loading: 'Loading…',
    no_book: 'This site has no book to play: open a .tbook file.', playing: 'Playing: ',
  };
  var lang = (document.documentElement.lang || 'en').split('-')[0];
  var own = words[lang] || {};
  function word(key) {
    return own[key] || english[key] || key;
  }

  var el = function (id) { return document.getElementById(id); };
  var transcript = el('transcript');
  var question = el('question');
  var choices = el('choices');
  var status = el('status');
  var seedField = el('seed');
  var share = el('share');

  var module = null; // talebook-web.js, once loaded
  var book = null; // the book played
  var fromSite = true; // the site's book, not one opened from disk
  var game = null;
  var seed = '';
  var answers = []; // as a player of talec play types them: numbers, q
  var shown = 0; // how much of the transcript is on the page

  function say(text, error) {
    status.textContent = text;
    status.className = 'play-status' + (error ? ' error' : '');
    status.setAttribute('role', error ? 'alert' : 'status');
  }

  // A seed as talec play --seed takes it; a random one of 64 bits for none.
  function randomSeed() {
    var parts = new Uint32Array(2);
    (window.crypto || window.msCrypto).getRandomValues(parts);
    return ((BigInt(parts[0]) << 32n) | BigInt(parts[1])).toString();
  }

  function address() {
    var query = '?seed=' + encodeURIComponent(seed);
    if (answers.length) query += '&answers=' + answers.join(',');
    return location.pathname.replace(/.*\//, '') + query;
  }

  function showAddress() {
    var here = address();
    share.setAttribute('href', here);
    share.hidden = !fromSite;
    if (!fromSite) return; // the address replays the site's book only
    try {
      history.replaceState(null, '', here);
    } catch (e) {
      // Some browsers refuse it for file:// pages: the link still has it.
    }
  }

  // The transcript so far, then the question and its options as buttons.
  function render(focus) {
    var text = game.transcript();
    if (text.length < shown) {
      transcript.textContent = '';
      shown = 0;
    }
    if (text.length > shown) {
      transcript.appendChild(document.createTextNode(text.slice(shown)));
      shown = text.length;
      transcript.scrollTop = transcript.scrollHeight;
    }
    choices.textContent = '';
    if (game.over()) {
      question.textContent = word('over');
      if (focus) el('new-game').focus();
      return;
    }
    var q = game.question();
    question.textContent = q.text;
    q.options.forEach(function (option, index) {
      choices.appendChild(choice(String(option.number), option.text, function () {
        act(function () { return game.answer(index); }, String(option.number));
      }));
    });
    choices.appendChild(choice('q', word('quit'), function () {
      act(function () { game.quit(); return true; }, 'q');
    }));
    if (focus) choices.querySelector('button').focus();
  }

  function choice(number, text, onclick) {
    var item = document.createElement('li');
    var button = document.createElement('button');
    button.type = 'button';
    button.dir = 'auto'; // the engine's words (English) or the book's, each its own way
    var mark = document.createElement('span');
    mark.className = 'number';
    mark.textContent = number + '.';
    button.appendChild(mark);
    button.appendChild(document.createTextNode(' ' + text));
    button.addEventListener('click', onclick);
    item.appendChild(button);
    return item;
  }

  function act(answer, typed) {
    if (!game || game.over() || !answer()) return;
    answers.push(typed);
    showAddress();
    render(true);
  }

  // Plays one typed answer (a number shown before an option, or q) as talec
  // play reads it; false when it is not an option of the question.
  function play(typed) {
    if (game.over()) return false;
    if (typed === 'q') {
      game.quit();
      return true;
    }
    var options = game.question().options;
    for (var i = 0; i < options.length; ++i)
      if (String(options[i].number) === typed) return game.answer(i);
    return false;
  }

  // A new game of the book open: `replay` answers, as far as they fit.
  function start(newSeed, replay) {
    if (!book) return;
    if (game) game.free();
    game = null;
    transcript.textContent = '';
    shown = 0;
    answers = [];
    seed = newSeed === '' ? randomSeed() : newSeed;
    seedField.value = seed;
    try {
      game = book.begin({ seed: seed });
    } catch (e) {
      choices.textContent = '';
      question.textContent = '';
      say(e.message, true);
      return;
    }
    say(fromSite ? '' : word('playing') + book.title());
    for (var k = 0; k < replay.length; ++k) {
      if (!play(replay[k])) {
        say('answer ' + (k + 1) + " ('" + replay[k] + "') is not an option of the question " +
          (game.over() ? 'after the game ended' : "'" + game.question().text + "'") +
          ': the replay stops there', true);
        break;
      }
      answers.push(replay[k]);
    }
    showAddress();
    render(false);
  }

  function open(bytes, site) {
    var opened;
    try {
      opened = module.openBook(bytes);
    } catch (e) {
      say(e.message, true);
      return false;
    }
    if (game) game.free();
    game = null;
    if (book) book.close();
    book = opened;
    fromSite = site;
    return true;
  }

  function bookBytes(base64) {
    var text = atob(base64);
    var bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; ++i) bytes[i] = text.charCodeAt(i);
    return bytes;
  }

  function ready() {
    var params = new URLSearchParams(location.search);
    var replay = (params.get('answers') || '').split(',').map(function (a) {
      return a.trim().toLowerCase();
    }).filter(function (a) { return a !== ''; });
    if (window.talebookBook && open(bookBytes(window.talebookBook.base64), true)) {
      start((params.get('seed') || '').trim(), replay);
    } else if (!window.talebookBook) {
      say(word('no_book'));
    }
    el('setup').addEventListener('submit', function (event) {
      event.preventDefault();
      start(seedField.value.trim(), []);
      if (game) render(true);
    });
    el('new-game').addEventListener('click', function () {
      start('', []);
      if (game) render(true);
    });
    el('open-book').addEventListener('change', function () {
      var file = this.files && this.files[0];
      if (!file) return;
      file.arrayBuffer().then(function (buffer) {
        if (open(new Uint8Array(buffer), false)) start(seedField.value.trim(), []);
      }, function () {
        say("cannot read '" + file.name + "'", true);
      });
    });
  }

  document.querySelectorAll('[data-word]').forEach(function (node) {
    var key = node.getAttribute('data-word');
    if (own[key]) node.textContent = own[key];
  });
  if (own.play) document.title = document.title.replace(/ · play$/, ' · ' + own.play);
  if (typeof window.TalebookWeb !== 'function') {
    // No player (talebook-web.js): play.html says how to build one.
    el('play-seed').disabled = true;
    el('new-game').disabled = true;
    el('open-book').disabled = true;
    return;
  }
  say(word('loading'));
  window.TalebookWeb().then(function (loaded) {
    module = loaded;
    say('');
    ready();
    el('main').setAttribute('data-ready', ''); // for scripts that drive the page
  }, function (e) {
    say('talebook-web.js: ' + (e && e.message ? e.message : e), true);
  });
})();
