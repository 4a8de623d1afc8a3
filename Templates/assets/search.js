// The search box in every page's header: over brews, recipes, nights out, kitchen recipes and cook
// logs. The index (search-index.js, `window.brewSearchIndex`, written by `build`) is loaded with a
// script element the first time the box is used, so it works from disk with no server. Every word
// of the query must match a word of the document; a whole word ranks before the start of a word,
// which ranks before a word that only contains it, and equal matches newest first. Arrow keys move
// through the results, Enter opens one (in the box: the first), Escape clears. Without script the
// box stays hidden.
function searchFold(text) {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}
function searchQueryWords(query) {
  var seen = {};
  return searchFold(query).split(/[^\p{L}\p{N}]+/u).filter(function (word) {
    if (word.length < 2 || seen[word]) return false;
    seen[word] = true;
    return true;
  });
}
// A word's documents as written in its words' file: the gaps between their numbers in base 36,
// or ("~…") a bit a document, six to a character, the lowest bit first.
function searchDecode(written) {
  var numbers = [], previous = 0;
  if (written.charAt(0) === "~") {
    var alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (var at = 1; at < written.length; at++) {
      var bits = alphabet.indexOf(written.charAt(at));
      for (var bit = 0; bit < 6; bit++) if (bits & (1 << bit)) numbers.push((at - 1) * 6 + bit);
    }
  } else {
    written.split(",").forEach(function (gap) { previous += parseInt(gap, 36); numbers.push(previous); });
  }
  return numbers;
}
// A packed words' or documents' file (its JSON deflated, in base64) back to its value: a promise.
function searchInflate(packed) {
  var binary = atob(packed), bytes = new Uint8Array(binary.length);
  for (var at = 0; at < binary.length; at++) bytes[at] = binary.charCodeAt(at);
  var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(stream).text().then(JSON.parse);
}
// Every indexed word that each word of `query` matches: [[{word, shard, score}]], score 3 for a
// whole word, 2 for a word's start, 1 for a word containing it.
function searchMatches(index, query) {
  if (!index.vocabulary) {
    index.vocabulary = [];
    index.words.forEach(function (words, shard) { words.forEach(function (word) { index.vocabulary.push({ word: word, shard: shard }); }); });
  }
  return searchQueryWords(query).map(function (word) {
    var matches = [];
    index.vocabulary.forEach(function (indexed) {
      var at = indexed.word.indexOf(word);
      if (at >= 0) matches.push({ word: indexed.word, shard: indexed.shard, score: indexed.word === word ? 3 : at === 0 ? 2 : 1 });
    });
    return matches;
  });
}
// The words' files (search/words-K.js) the query needs that `shards` does not have yet.
function searchShardsMissing(index, shards, query) {
  var missing = [];
  searchMatches(index, query).forEach(function (matches) {
    matches.forEach(function (match) { if (!shards[match.shard] && missing.indexOf(match.shard) < 0) missing.push(match.shard); });
  });
  return missing;
}
// The documents every word of `query` matches, best first: [{doc, score}], a word's score that of
// its best match; equal scores newest (the highest number) first. `shards` has the words' files.
function searchRank(index, shards, query) {
  var matchesOfWords = searchMatches(index, query);
  if (matchesOfWords.length === 0) return [];
  var decoded = index.decoded || (index.decoded = {});
  var scores = null;
  matchesOfWords.forEach(function (matches) {
    var best = {};
    matches.forEach(function (match) {
      var numbers = decoded[match.word] || (decoded[match.word] = searchDecode(shards[match.shard][match.word]));
      numbers.forEach(function (doc) { if (!(best[doc] >= match.score)) best[doc] = match.score; });
    });
    if (scores === null) {
      scores = best;
    } else {
      var both = {};
      Object.keys(scores).forEach(function (doc) { if (best[doc]) both[doc] = scores[doc] + best[doc]; });
      scores = both;
    }
  });
  return Object.keys(scores).map(function (doc) { return { doc: +doc, score: scores[doc] }; })
    .sort(function (a, b) { return b.score - a.score || b.doc - a.doc; });
}
document.addEventListener("DOMContentLoaded", function () {
  var form = document.querySelector(".site-search");
  if (!form) return;
  form.hidden = false;
  var root = form.getAttribute("data-root") || "";
  var input = form.querySelector("input"), status = form.querySelector(".site-search-status");
  var list = form.querySelector(".site-search-results"), shownMost = 50, loading = false;
  // Adds the index's script once; whatever was typed meanwhile is searched when it has loaded.
  function load() {
    if (window.brewSearchIndex || loading) return;
    loading = true;
    var script = document.createElement("script");
    script.src = root + "search-index.js";
    script.onload = function () { loading = false; show(); };
    script.onerror = function () { loading = false; failed(); };
    document.head.appendChild(script);
  }
  function show() {
    var query = input.value.trim();
    if (!query) { list.textContent = ""; status.textContent = ""; list.hidden = true; return; }
    var index = window.brewSearchIndex;
    if (!index) { load(); return; }
    // The words' files of the query's words first, then the documents' files of the results shown.
    var wordShards = ready.words, wordsMissing = searchShardsMissing(index, wordShards, query);
    if (wordsMissing.length > 0) { loadScripts("words", wordsMissing); return; }
    var ranked = searchRank(index, wordShards, query), shown = ranked.slice(0, shownMost);
    // The documents are in shards (search/docs-N.js): those of the results shown are loaded first.
    var shards = ready.docs, missing = [];
    shown.forEach(function (result) {
      var shard = Math.floor(result.doc / index.perShard);
      if (!shards[shard] && missing.indexOf(shard) < 0) missing.push(shard);
    });
    if (missing.length > 0) { loadScripts("docs", missing); return; }
    list.textContent = "";
    shown.forEach(function (result) {
      var doc = shards[Math.floor(result.doc / index.perShard)][result.doc % index.perShard], item = document.createElement("li"), link = document.createElement("a");
      link.href = root + doc[2];
      link.textContent = doc[1];
      var kind = document.createElement("span");
      kind.className = "site-search-kind";
      kind.textContent = index.kinds[doc[0]];
      item.appendChild(kind);
      item.appendChild(document.createTextNode(" "));
      item.appendChild(link);
      if (doc[3]) {
        var snippet = document.createElement("span");
        snippet.className = "site-search-snippet";
        snippet.textContent = doc[3];
        item.appendChild(snippet);
      }
      list.appendChild(item);
    });
    list.hidden = ranked.length === 0;
    var count = ranked.length === 0 ? "No results" : ranked.length === 1 ? "1 result" : ranked.length + " results";
    status.textContent = count + " for \u201c" + query + "\u201d" + (ranked.length > shownMost ? ", the first " + shownMost + " shown" : "");
  }
  var asked = {}, ready = { words: {}, docs: {} };
  function failed() { status.textContent = "The search index could not be loaded."; }
  // Each file (search/words-K.js, search/docs-S.js) is asked for once; as each arrives it is
  // unpacked and the results are shown again (for what is in the box by then), until every one
  // they need is there.
  function loadScripts(kind, shards) {
    shards.forEach(function (shard) {
      var src = root + "search/" + kind + "-" + shard + ".js";
      if (asked[src]) return;
      asked[src] = true;
      var script = document.createElement("script");
      script.src = src;
      script.onload = function () {
        var loaded = ((kind === "words" ? window.brewSearchWords : window.brewSearchDocs) || {})[shard];
        if (loaded === undefined) { failed(); return; }
        var value;
        try { value = typeof loaded === "string" ? searchInflate(loaded) : loaded; } catch (error) { failed(); return; }
        Promise.resolve(value).then(function (unpacked) { ready[kind][shard] = unpacked; show(); }, failed);
      };
      script.onerror = failed;
      document.head.appendChild(script);
    });
  }
  function links() { return Array.prototype.slice.call(list.querySelectorAll("a")); }
  function clear() { input.value = ""; show(); input.focus(); }
  input.addEventListener("focus", load);
  input.addEventListener("input", show);
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var first = links()[0];
    if (first) window.location.href = first.href;
  });
  form.addEventListener("keydown", function (event) {
    var all = links(), at = all.indexOf(document.activeElement);
    if (event.key === "Escape") { event.preventDefault(); clear(); return; }
    if (event.key === "ArrowDown" && all.length > 0) { event.preventDefault(); all[Math.min(at + 1, all.length - 1)].focus(); }
    if (event.key === "ArrowUp" && at >= 0) { event.preventDefault(); if (at === 0) input.focus(); else all[at - 1].focus(); }
  });
});
