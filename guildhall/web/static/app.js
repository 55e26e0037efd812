// The guildhall browser frontend: a websocket to the server, an SVG board, a move list.
"use strict";
const $ = (id) => document.getElementById(id);
let catalogue = null, ws = null, current = null, clickTokens = null, lastPieces = new Map();

function tokens(move) { return move.split(/[\s:+>]+/).filter((t) => t); }

function connect() {
  ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  ws.onmessage = (ev) => receive(JSON.parse(ev.data));
  ws.onclose = () => setStatus("disconnected from the server; reload the page");
  return new Promise((ok) => { ws.onopen = ok; });
}

function send(msg) { $("error").textContent = ""; ws.send(JSON.stringify(msg)); }
function setStatus(text) { $("status").textContent = text; }

function receive(msg) {
  if (msg.type === "state") showState(msg);
  else if (msg.type === "info") showInfo(msg);
  else if (msg.type === "thinking") { $("stop").disabled = false; document.body.dataset.busy = "1";
    setStatus(msg.hint ? "looking for a hint..." : "the AI is thinking (seats " + msg.seats.join(",") + ")"); }
  else if (msg.type === "idle") { $("stop").disabled = true; document.body.dataset.busy = "0";
    document.body.dataset.idles = (+document.body.dataset.idles || 0) + 1; }  // tests wait on it
  else if (msg.type === "hint") { setStatus("hint: " + (msg.move || "none")); $("filter").value = msg.move || "";
    document.body.dataset.hint = msg.move || ""; renderMoves(); }
  else if (msg.type === "record") download(msg.record);
  else if (msg.type === "error") { $("error").textContent = msg.message;
    document.body.dataset.errors = (+document.body.dataset.errors || 0) + 1; }
}

function pieceKey(el) { return [el.dataset.piece, el.dataset.id, el.dataset.seat, el.dataset.cell].join("|"); }

function showState(s) {
  current = s; clickTokens = null; $("filter").value = "";
  $("board").innerHTML = s.svg;
  const pieces = new Map();
  for (const el of $("board").querySelectorAll("[data-piece]")) {
    const k = pieceKey(el), v = el.dataset.count || "1";
    pieces.set(k, v);
    if (lastPieces.size && lastPieces.get(k) !== v) el.classList.add("changed");  // what just changed
  }
  lastPieces = pieces;
  for (const el of $("board").querySelectorAll("[data-click]"))
    el.addEventListener("click", () => { clickTokens = el.dataset.click.split(" "); renderMoves(true); });
  const who = s.over ? "game over" : s.moves.length ? "your move (seat " + s.seat + ")" : "waiting";
  setStatus(who + " · scores " + s.scores.map((v, i) => "seat " + i + ": " + v).join(", "));
  $("log").innerHTML = "";
  for (const e of s.log) { const li = document.createElement("li"); li.textContent = e.who + ": " + e.move;
    if (e.ai) li.className = "ai"; $("log").appendChild(li); }
  $("log").scrollTop = 1e6;
  $("end").hidden = !s.over;
  if (s.over) $("end").innerHTML = "<h2>final scores</h2><pre></pre>";
  if (s.over) $("end").querySelector("pre").textContent = s.scores.map((v, i) => "seat " + i + ": " + v
      + (s.winner.includes(i) ? "  (winner)" : "")).join("\n") + "\n\n" + s.text;
  renderMoves(false);
}

function filtered() {
  if (!current) return [];
  const words = $("filter").value.toLowerCase().split(/\s+/).filter((w) => w);
  return current.moves.filter((m) => {
    const t = tokens(m);
    if (clickTokens && !clickTokens.every((c) => t.includes(c))) return false;
    return words.every((w) => m.toLowerCase().includes(w));
  });
}

function renderMoves(fromClick) {
  const list = filtered();
  if (fromClick && list.length === 1) { play(list[0]); return; }
  $("moves").innerHTML = "";
  for (const m of list) {
    const li = document.createElement("li"), b = document.createElement("button");
    b.textContent = m; b.dataset.move = m; b.onclick = () => play(m); li.appendChild(b); $("moves").appendChild(li);
  }
}

function play(move) { send({ type: "move", move: move, seat: current.seat }); }

function showInfo(i) {
  if (i.hidden) {  // an AI seat: its candidate moves would show its hidden hand
    $("analysis").innerHTML = "<div>seat " + i.seat + " thinking · " + i.iterations + " iterations · " + i.time
      + " ms</div>";
    return;
  }
  const rows = i.moves.map((m) => "<tr><td>" + esc(m.move) + "</td><td>" + (100 * m.share).toFixed(0)
    + "%</td><td><div class=bar style='width:" + (100 * m.share).toFixed(0) + "px'></div></td><td>"
    + (m.value == null ? "-" : m.value.toFixed(2)) + "</td></tr>").join("");
  $("analysis").innerHTML = "<div>seat " + i.seat + " · " + i.iterations + " iterations · " + i.time
    + " ms</div><table><tr><th>move</th><th>visits</th><th></th><th>expected</th></tr>" + rows + "</table>"
    + "<div>pv: " + esc(i.pv.join("; ")) + "</div>";
}

function esc(t) { return String(t).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]); }

function download(record) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([JSON.stringify(record, null, 1)], { type: "application/json" }));
  a.download = record.game + "-record.json"; a.click();
}

function config() {
  const g = catalogue.games.find((x) => x.name === $("game").value);
  return { game: g.name, players: +$("players").value, edition: $("edition").value,
    variants: [...$("variants").querySelectorAll("input:checked")].map((x) => x.value),
    humans: $("humans").value.split(",").filter((x) => x.trim() !== "").map((x) => +x),
    engine: $("engine").value, nodes: +$("nodes").value, seed: +$("seed").value, skill: $("skill").value };
}

function gameChanged() {
  const g = catalogue.games.find((x) => x.name === $("game").value);
  $("players").min = g.min; $("players").max = g.max; $("players").value = g.min;
  $("variants").innerHTML = g.variants.map((v) => "<label title='" + esc(v.text) + "'><input type=checkbox value='"
    + esc(v.name) + "'>" + esc(v.name) + "</label>").join(" ");
  $("edition").innerHTML = g.editions.map((e) => "<option>" + esc(e) + "</option>").join("");
}

async function main() {
  catalogue = await (await fetch("/api/games")).json();
  $("game").innerHTML = catalogue.games.map((g) => "<option value='" + g.name + "'>" + esc(g.title || g.name) + "</option>").join("");
  $("engine").innerHTML = catalogue.engines.map((e) => "<option>" + e + "</option>").join("");
  $("nodes").max = catalogue.max_nodes;
  $("game").onchange = gameChanged; gameChanged();
  await connect();
  document.body.dataset.ready = "1";
  $("setup").onsubmit = (ev) => { ev.preventDefault(); lastPieces = new Map(); send(Object.assign({ type: "new" }, config())); };
  $("filter").oninput = () => renderMoves(false);
  $("hint").onclick = () => send({ type: "hint" });
  $("undo").onclick = () => send({ type: "undo" });
  $("stop").onclick = () => send({ type: "stop" });
  $("export").onclick = () => send({ type: "export" });
  $("load").onchange = async () => {
    const f = $("load").files[0]; if (!f) return;
    const text = (await f.text()).trim();
    let rec;
    try { rec = JSON.parse(text); } catch (e) { rec = Object.assign(config(), { start: text, moves: [] }); }  // a position string
    send({ type: "load", record: rec, engine: $("engine").value, nodes: +$("nodes").value, skill: $("skill").value, humans: config().humans });
    $("load").value = "";
  };
}
main();
