// The game page's script: replay (slider, buttons, arrow keys) and live updates (server-sent
// events). Without it the page still shows the current board, the log and the results.
"use strict";
(function () {
  const body = document.body;
  const token = body.dataset.token;
  const $ = (id) => document.getElementById(id);
  const img = $("board"), slider = $("slider"), live = $("live");
  let game = null;      // game.json
  let current = Number(slider.value);
  let following = true; // the slider is on the last move: new moves are shown as they come

  function text(el, s) { el.textContent = s; }
  function list(el, items, empty) {
    el.replaceChildren();
    if (items.length === 0 && empty) items = [empty];
    for (const s of items) { const li = document.createElement("li"); li.textContent = s; el.append(li); }
  }
  function localTimes(root) {
    for (const t of root.querySelectorAll("time[datetime]")) {
      const d = new Date(t.getAttribute("datetime"));
      if (!isNaN(d)) t.textContent = d.toLocaleString(body.dataset.lang, { dateStyle: "medium", timeStyle: "short" });
    }
  }

  // show puts step v on the board: its image, alt text and log lines.
  function show(v) {
    if (!game) return;
    v = Math.max(0, Math.min(game.v, v));
    const st = game.steps[v];
    current = v;
    following = v === game.v;
    slider.value = String(v);
    slider.setAttribute("aria-valuetext", st.label);
    img.src = st.board;
    img.alt = st.alt;
    text($("step-label"), st.label + " / " + game.v);
    list($("step-lines"), st.lines, live.dataset.nothing || "—");
    for (const li of document.querySelectorAll("#steps > li.current")) li.classList.remove("current");
    const li = $("step-" + v);
    if (li) {
      li.classList.add("current");
      const log = $("log");
      if (log.scrollHeight > log.clientHeight + 4) li.scrollIntoView({ block: "nearest" });
    }
    $("prev").disabled = v === 0;
    $("next").disabled = v === game.v;
  }

  function stepsList() {
    const ol = $("steps");
    ol.replaceChildren();
    for (const st of game.steps) {
      const li = document.createElement("li");
      li.id = "step-" + st.v;
      const h = document.createElement("h3");
      const b = document.createElement("button");
      b.type = "button"; b.className = "step"; b.dataset.v = st.v; b.textContent = st.label;
      h.append(b); li.append(h);
      if (st.lines.length) { const ul = document.createElement("ul"); list(ul, st.lines); li.append(ul); }
      ol.append(li);
    }
  }

  // apply shows a new game.json: heading, who acts, results, the log and the slider's range.
  function apply(g) {
    const grew = game && g.v !== game.v;
    game = g;
    document.title = g.heading;
    text($("heading"), g.heading);
    $("discord").href = g.discord;
    text($("status"), g.status || "");
    const ul = $("acting");
    ul.replaceChildren();
    for (const a of g.acting || []) {
      const li = document.createElement("li");
      li.textContent = a.name;
      if (a.away) li.append(" — " + live.dataset.away);
      else if (a.due) {
        li.append(" — " + (a.late ? live.dataset.late : live.dataset.due) + " ");
        const t = document.createElement("time"); t.dateTime = a.due; t.textContent = a.dueText; li.append(t);
      }
      ul.append(li);
    }
    $("paused").hidden = !g.paused;
    const res = $("results");
    res.hidden = !g.results;
    if (g.results) {
      const tb = $("result-rows");
      tb.replaceChildren();
      for (const r of g.results.rows) {
        const tr = document.createElement("tr");
        if (r.won) tr.className = "won";
        const td = (s, tag) => { const c = document.createElement(tag || "td"); c.textContent = s; tr.append(c); return c; };
        td(String(r.place));
        const th = td(r.name, "th"); th.scope = "row";
        if (r.won) { const s = document.createElement("span"); s.className = "badge"; s.textContent = live.dataset.won; th.append(" ", s); }
        td(String(r.score)); td(r.detail || "");
        tb.append(tr);
      }
      text($("tiebreak"), g.results.tieBreak || "");
      list($("recap"), g.results.recap || []);
    }
    localTimes(document);
    slider.max = String(g.v);
    stepsList();
    if (following) {
      show(g.v);
      if (grew) text(live, live.dataset.updated);
    } else show(current);
  }

  async function load() {
    const r = await fetch(token + "/game.json", { cache: "no-store", headers: { "Accept": "application/json" } });
    if (r.status === 404) { gone(); return; }
    if (!r.ok) return;
    apply(await r.json());
  }

  let es = null;
  function gone() {
    if (es) es.close();
    live.hidden = false;
    text(live, live.dataset.gone);
  }
  function listen() {
    if (!window.EventSource) return;
    es = new EventSource(token + "/events");
    es.addEventListener("hello", () => { live.hidden = false; text(live, live.dataset.live); load(); });
    es.addEventListener("update", () => { load(); });
    es.addEventListener("gone", gone);
    es.onerror = () => { if (es.readyState !== EventSource.CLOSED) { live.hidden = false; text(live, live.dataset.offline); } };
  }

  function init() {
    $("replay").hidden = false;
    slider.addEventListener("input", () => show(Number(slider.value)));
    $("prev").addEventListener("click", () => show(current - 1));
    $("next").addEventListener("click", () => show(current + 1));
    $("latest").addEventListener("click", () => show(game ? game.v : current));
    $("steps").addEventListener("click", (e) => {
      const b = e.target.closest("button.step");
      if (b) { show(Number(b.dataset.v)); slider.focus(); }
    });
    document.addEventListener("keydown", (e) => {
      if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey) return; // the slider steps by itself
      const tag = e.target.tagName;
      if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
      const to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: game ? game.v : current }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      show(to);
    });
    localTimes(document);
    load().then(listen, listen);
  }
  init();
})();
