// The search box of a talec html site: the paragraphs by number and by words.
// The data are <script> files written by talec (search-data.js names them;
// each calls talebookSearch.add), loaded on the first search: no fetch, so
// that the site works from file://. Keys are NFKC and lowercased by talec
// (ICU); a query gets the same here, so Chinese and Arabic match as typed.
(function () {
  'use strict';
  const entries = [];
  let loading = null;
  window.talebookSearch = { add: (list) => { for (const e of list) entries.push(e); } };

  function load() {
    if (loading) return loading;
    const files = window.talebookSearchFiles || [];
    loading = Promise.all(files.map((name) => new Promise((resolve) => {
      const script = document.createElement('script');
      script.src = name;
      script.onload = resolve;
      script.onerror = resolve;
      document.head.appendChild(script);
    })));
    return loading;
  }

  function key(text) {
    return text.normalize('NFKC').toLowerCase().replace(/[ \t\r\n]+/g, ' ').trim();
  }
  // Arabic-Indic and Eastern Arabic-Indic digits as ASCII (NFKC keeps them).
  function digits(text) {
    return text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660))
               .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x6F0));
  }

  function find(query) {
    const q = key(query);
    if (!q) return [];
    const found = [];
    const number = digits(q);
    if (/^[0-9]+$/.test(number)) {
      for (const e of entries) if (String(e[0]) === String(Number(number))) found.push(e);
    }
    for (const e of entries) {
      if (found.length >= 50) break;
      if (e[3].includes(q) && !found.includes(e)) found.push(e);
    }
    return found;
  }

  function show(list, input, results) {
    results.textContent = '';
    if (!input.value.trim()) return;
    if (list.length === 0) {
      const li = document.createElement('li');
      li.textContent = input.dataset.none || '';
      results.appendChild(li);
      return;
    }
    for (const e of list) {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = e[1];
      a.textContent = String(e[0]);
      li.appendChild(a);
      li.appendChild(document.createTextNode(' ' + e[2]));
      results.appendChild(li);
    }
  }

  function start() {
    const input = document.getElementById('search');
    const results = document.getElementById('search-results');
    if (!input || !results) return;
    input.addEventListener('input', () => {
      const query = input.value;
      load().then(() => { if (input.value === query) show(find(query), input, results); });
    });
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        const first = results.querySelector('a');
        if (first) window.location.href = first.href;
      }
      if (event.key === 'Escape') { input.value = ''; results.textContent = ''; }
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
