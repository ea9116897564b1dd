// The dashboard's script, served at /__standin/ui/app.js and compiled into the binary (DashboardAssets.swift).
// It reads the journal live from /__standin/events, opens an entry through /__standin/requests, lists the endpoints
// from /__standin/fixtures, sets variants through /__standin/variants, and keeps the session filter current from
// /__standin/sessions; its buttons and "copy as fixture" are at the end. Calls about a session carry its
// X-StandIn-Session. It builds the page with textContent only: paths and bodies come from clients.
"use strict";
const shownEntries = 500;
const tokenKey = "standin-admin-token";
const journal = document.getElementById("journal");
const endpointRows = document.getElementById("endpoints");
const statusLine = document.getElementById("status");
const reconnectButton = document.getElementById("reconnect");
const tokenForm = document.getElementById("token-form");
const sessionFilter = document.getElementById("session-filter");
const skippedNotice = document.getElementById("skipped");
const skippedText = document.getElementById("skipped-text");
const sessionsRefreshMs = 2000;
const seen = new Set();
let stream = null;
let endpointsTimer = null;
let sessionsTimer = null;
// The live sessions: id → what the filter calls it (its name, else its id).
let sessions = new Map();
// The last entry of the main journal heard of, shown or skipped; and how many requests the server did not
// show live since the notice was last cleared.
let mainLastId = 0;
let skippedCount = 0;

class Unauthorized extends Error {}

function headers(extra) {
  const all = Object.assign({}, extra);
  const token = sessionStorage.getItem(tokenKey);
  if (token) all["Authorization"] = "Bearer " + token;
  return all;
}

async function api(path, options) {
  const init = Object.assign({}, options);
  init.headers = headers(init.headers);
  const response = await fetch(path, init);
  if (response.status === 401) throw new Unauthorized();
  const body = await response.json();
  if (!response.ok) throw new Error(body.message || ("HTTP " + response.status));
  return body;
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function say(text, isProblem) {
  statusLine.textContent = text;
  statusLine.className = isProblem ? "dropped" : "";
}

function askForToken() {
  say("needs the admin token", true);
  tokenForm.hidden = false;
}

tokenForm.addEventListener("submit", (event) => {
  event.preventDefault();
  sessionStorage.setItem(tokenKey, document.getElementById("token").value);
  tokenForm.hidden = true;
  start();
});

reconnectButton.addEventListener("click", () => start());

document.getElementById("load-skipped").addEventListener("click", () => {
  skippedNotice.hidden = true;
  skippedCount = 0;
  loadJournals();
});

// Calls about `session` (an id; null for the main state) carry its header.
function inSession(session) {
  return session ? { "X-StandIn-Session": session } : {};
}

// The session the filter shows, for calls that act on it: null for "all" and "main".
function chosenSession() {
  return sessions.has(sessionFilter.value) ? sessionFilter.value : null;
}

// The journal. Entries of different journals are told apart by session and id, and ordered by `order`: when
// the request arrived, in milliseconds since 1970.

function addEntry(entry, order) {
  const session = entry.session ? entry.session.id : "main";
  const key = session + ":" + entry.id;
  if (seen.has(key)) return;
  seen.add(key);
  const item = element("li");
  item.dataset.testid = "journal-entry";
  item.dataset.outcome = entry.outcome;
  item.dataset.key = key;
  item.dataset.session = session;
  item.dataset.order = order;
  item.hidden = !shows(session);
  const row = element("div", "row");
  row.append(
    element("span", "method", entry.method),
    pathCell(entry),
    element("span", "session", entry.session ? (entry.session.name || entry.session.id) : ""),
    statusCell(entry),
    element("span", "fixture", entry.fixture === null ? "no fixture" :
      entry.fixture + (entry.variant ? " (" + entry.variant + ")" : "")),
    element("span", "time", entry.durationMs.toFixed(2) + " ms"));
  row.addEventListener("click", () => toggle(item, entry.id, entry.session ? entry.session.id : null));
  item.append(row);
  let before = journal.firstChild;
  while (before && Number(before.dataset.order) > order) before = before.nextSibling;
  journal.insertBefore(item, before);
  while (journal.childElementCount > shownEntries) {
    seen.delete(journal.lastChild.dataset.key);
    journal.lastChild.remove();
  }
}

// The path and query, and the GraphQL operations the request asked for, if any.
function pathCell(entry) {
  const cell = element("span", "path", entry.path + (entry.query ? "?" + entry.query : ""));
  const operations = graphQLOperations(entry);
  if (operations !== null) cell.append(" ", element("small", "operation", operations));
  const violations = specViolations(entry);
  if (violations) cell.append(" ", element("small", "violations", violations + " spec violation" + (violations === 1 ? "" : "s")));
  return cell;
}

// How many ways a request and its answer broke the spec (`serve --spec`), or null without one: from the live
// summary (`violations`) or from the journal's entry (`contract`).
function specViolations(entry) {
  if (typeof entry.violations === "number") return entry.violations;
  if (!entry.contract) return null;
  return entry.contract.requestViolations.length + entry.contract.responseViolations.length;
}

// The journal's `contract` as lines: the operation, then each violation of the request and of the answer.
function contractLines(contract) {
  const line = (violation) => "  " + violation.in + (violation.pointer ? " " + violation.pointer : "") + ": " +
    violation.message + " (" + violation.rule + ")";
  return [contract.operation === null ? "not in the spec" : "operation " + contract.operation]
    .concat(contract.requestViolations.length ? ["request:"].concat(contract.requestViolations.map(line)) : [])
    .concat(contract.responseViolations.length ? ["response:"].concat(contract.responseViolations.map(line)) : [])
    .join("\n");
}

// The names of the GraphQL operations an entry asked for, joined, or null: from the live summary (`graphql`) or
// from the journal's entry (`graphqlOperations`).
function graphQLOperations(entry) {
  if (typeof entry.graphql === "string") return entry.graphql;
  if (!entry.graphqlOperations) return null;
  return entry.graphqlOperations.map((name) => name || "(anonymous)").join(", ");
}

// What the answer was: a fault by name before the status it stopped or broke (a timeout sends none), else the
// status and the envelope's code.
function statusCell(entry) {
  if (entry.fault) {
    const cell = element("span", "status", entry.fault);
    cell.append(" ", element("small", "code", entry.status + " planned"));
    if (entry.events !== null) cell.append(" ", streamNote(entry));
    return cell;
  }
  const cell = element("span", "status", entry.status);
  if (entry.envelopeCode !== null) cell.append(" ", element("small", "code", "code " + entry.envelopeCode));
  if (entry.events !== null) cell.append(" ", streamNote(entry));
  return cell;
}

// An event stream's count of events sent, and whether the client left before the stream ended.
function streamNote(entry) {
  return element("small", "code", entry.events + (entry.events === 1 ? " event" : " events") +
    (entry.clientLeftFirst ? ", client left" : ""));
}

// Whether the filter shows the entries of `session` ("main" for the main state).
function shows(session) {
  return sessionFilter.value === "" || sessionFilter.value === session;
}

function applyFilter() {
  for (const item of journal.children) item.hidden = !shows(item.dataset.session);
}

async function toggle(item, id, session) {
  const open = item.querySelector(".details");
  if (open) { open.remove(); return; }
  const details = element("div", "details");
  item.append(details);
  try {
    const page = await api("/__standin/requests?since=" + (id - 1) + "&limit=1",
      { headers: inSession(session) });
    const entry = page.requests.find((candidate) => candidate.id === id);
    if (!entry) { details.textContent = "This request has left the journal."; return; }
    showDetails(details, entry, session);
  } catch (error) {
    details.textContent = "Could not load this request: " + error.message;
  }
}

function section(parent, title, text) {
  const shown = element("pre", null, text);
  parent.append(element("h3", null, title), shown);
  return shown;
}

// The entry of the main journal (`session` null) or of a session's (its id).
function showDetails(details, entry, session) {
  const head = [entry.method + " " + entry.path + (entry.query ? "?" + entry.query : "")];
  for (const [name, value] of Object.entries(entry.headers)) head.push(name + ": " + value);
  const body = entry.body !== undefined ? entry.body : "(binary, base64) " + entry.bodyBase64;
  if (graphQLOperations(entry) !== null) head.push("(GraphQL " + graphQLOperations(entry) + ")");
  section(details, "Request", head.join("\n") + (body ? "\n\n" + body : "") +
    (entry.bodyTruncated ? "\n… (cut at 64 KB)" : ""));
  section(details, "Response", "status " + entry.status + " (" + entry.outcome.replace("-", " ") + ")" +
    (entry.envelopeCode !== null ? "\nenvelope code " + entry.envelopeCode : "") +
    (entry.fault ? "\nfault " + entry.fault : "") +
    (entry.stream ? "\nevent stream: " + entry.stream.eventsSent + " events sent" +
      (entry.stream.clientLeftFirst ? ", the client left first" : "") : "") +
    "\n" + (entry.fixture === null ? "no fixture matched" : "fixture " + entry.fixture) +
    (entry.variant ? "\nvariant " + entry.variant : "") +
    (entry.simulation ? "\nsimulation: " + entry.simulation : ""));
  if (entry.contract) section(details, "Spec", contractLines(entry.contract));
  if (entry.websocket) {
    section(details, "WebSocket", webSocketLines(entry.websocket)).dataset.testid = "websocket-messages";
  }
  section(details, "Timing", entry.time + ", answered in " + entry.durationMs.toFixed(3) + " ms");
  if (entry.fixture === null) {
    const misses = (entry.nearMisses || []).map((miss) =>
      miss.fixture + " (" + miss.endpoint + ")\n  " + miss.differences.join("\n  "));
    section(details, "Nearest fixtures", misses.length ? misses.join("\n") : "none");
  }
  if (entry.fixture === null || entry.fixture === "PROXIED") offerFixture(details, entry, session);
}

// The journal's `websocket` as lines: how it ended and the counts, then each message kept, in order, with when it
// passed after the upgrade, its direction and its text (or, binary, its Base64).
function webSocketLines(socket) {
  const counts = socket.received + " received, " + socket.sent + " sent" +
    (socket.notKept ? ", " + socket.notKept + " more not kept" : "");
  const line = (message) => (message.atMs.toFixed(1) + " ms").padStart(11) + "  " +
    (message.from === "client" ? "client \u2192" : "\u2190 server") + "  " +
    (message.text !== undefined ? message.text : "(binary, base64) " + message.base64);
  return [(socket.end || "still open") + "; " + counts].concat(socket.messages.map(line)).join("\n");
}

// The endpoints

// The endpoints of the session the filter shows (its variants), else of the main state.
async function loadEndpoints() {
  const list = await api("/__standin/fixtures", { headers: inSession(chosenSession()) });
  const endpoints = new Map();
  for (const fixture of list.fixtures) {
    const known = endpoints.get(fixture.endpoint) || { hits: 0, variants: new Set(), selected: null };
    known.hits += fixture.hits;
    for (const name of fixture.variants) known.variants.add(name);
    if (fixture.selectedVariant) known.selected = fixture.selectedVariant;
    endpoints.set(fixture.endpoint, known);
  }
  const names = [...endpoints.keys()].sort();
  for (const row of [...endpointRows.children]) {
    if (!endpoints.has(row.dataset.endpoint)) row.remove();
  }
  for (const name of names) showEndpoint(name, endpoints.get(name));
}

function showEndpoint(name, endpoint) {
  let row = [...endpointRows.children].find((candidate) => candidate.dataset.endpoint === name);
  if (!row) {
    row = element("tr");
    row.dataset.testid = "endpoint";
    row.dataset.endpoint = name;
    const select = element("select");
    select.dataset.testid = "variant-select";
    select.addEventListener("change", () => chooseVariant(name, select));
    const cell = element("td");
    cell.append(select);
    row.append(element("td", "path", name), element("td", "hits"), cell);
    endpointRows.append(row);
  }
  row.querySelector(".hits").textContent = endpoint.hits;
  const select = row.querySelector("select");
  if (document.activeElement === select) return;
  const wanted = ["", ...[...endpoint.variants].sort()];
  if ([...select.options].map((option) => option.value).join("\n") !== wanted.join("\n")) {
    select.replaceChildren(...wanted.map((value) => {
      const option = element("option", null, value === "" ? "(default)" : value);
      option.value = value;
      return option;
    }));
  }
  select.value = endpoint.selected || "";
  select.disabled = wanted.length === 1;
}

async function chooseVariant(endpoint, select) {
  try {
    await api("/__standin/variants", {
      method: "PUT",
      headers: Object.assign({ "Content-Type": "application/json" }, inSession(chosenSession())),
      body: JSON.stringify({ [endpoint]: select.value === "" ? null : select.value })
    });
    select.blur();
    await loadEndpoints();
  } catch (error) {
    say("Could not set the variant: " + error.message, true);
  }
}

function refreshEndpointsSoon() {
  if (endpointsTimer !== null) return;
  endpointsTimer = setTimeout(() => {
    endpointsTimer = null;
    loadEndpoints().catch(endpointsProblem);
  }, 500);
}

// The sessions

async function loadSessions() {
  const list = await api("/__standin/sessions");
  sessions = new Map(list.map((session) => [session.id, session.name || session.id]));
  showSessions();
  return list;
}

// A session heard of in an event before the list was read again.
function heardOf(session) {
  if (sessions.has(session.id)) return;
  sessions.set(session.id, session.name || session.id);
  showSessions();
}

function showSessions() {
  const chosen = sessionFilter.value;
  const named = [...sessions].sort((a, b) => a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]));
  const wanted = [["", "all"], ["main", "main"], ...named];
  const current = [...sessionFilter.options].map((option) => option.value + "\n" + option.text);
  if (current.join("\n") === wanted.map(([value, label]) => value + "\n" + label).join("\n")) return;
  sessionFilter.replaceChildren(...wanted.map(([value, label]) => {
    const option = element("option", null, label);
    option.value = value;
    return option;
  }));
  sessionFilter.value = wanted.some(([value]) => value === chosen) ? chosen : "";
  if (sessionFilter.value !== chosen) chooseSession();
}

function chooseSession() {
  applyFilter();
  loadEndpoints().catch(endpointsProblem);
}

// The chosen session may have ended: reading the list again then goes back to "all".
function endpointsProblem(error) {
  if (chosenSession() === null || error instanceof Unauthorized) return problem(error);
  loadSessions().catch(problem);
}

sessionFilter.addEventListener("change", chooseSession);

// The event stream: fetch rather than EventSource, so that the token goes in a header, not in the URL.

async function listen() {
  const controller = new AbortController();
  stream = controller;
  const response = await fetch("/__standin/events", { headers: headers(), signal: controller.signal });
  if (response.status === 401) throw new Unauthorized();
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    throw new Error(body.message || ("HTTP " + response.status));
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  let dropped = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    let end;
    while ((end = buffered.indexOf("\n\n")) >= 0) {
      const event = parseEvent(buffered.slice(0, end));
      buffered = buffered.slice(end + 2);
      dropped = handle(event) || dropped;
    }
  }
  if (stream === controller && !dropped) say("the server ended the stream", true);
  reconnectButton.hidden = false;
}

function parseEvent(text) {
  const event = { name: "message", data: "" };
  for (const line of text.split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const field = line.slice(0, colon);
    const value = line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event.name = value;
    if (field === "data") event.data += value;
  }
  return event;
}

// Returns whether the server dropped the stream.
function handle(event) {
  const data = event.data ? JSON.parse(event.data) : {};
  if (event.name === "ready") {
    say("live");
    mainLastId = Math.max(mainLastId, data.lastId);
    loadJournals();
    // Sessions that start or end without a request are seen within this.
    if (sessionsTimer === null) {
      sessionsTimer = setInterval(() => loadSessions().catch(problem), sessionsRefreshMs);
    }
  } else if (event.name === "request") {
    if (data.session) heardOf(data.session); else mainLastId = Math.max(mainLastId, data.id);
    addEntry(data, data.timeMs);
    refreshEndpointsSoon();
  } else if (event.name === "skipped") {
    if (data.through !== null) mainLastId = Math.max(mainLastId, data.through);
    skippedCount += data.count;
    skippedText.textContent = skippedCount + " requests not shown live while the server was busy \u2014 " +
      "they are in the journal";
    skippedNotice.hidden = false;
  } else if (event.name === "dropped") {
    say("disconnected: " + data.reason, true);
    return true;
  }
  return false;
}

// The last entries of the main journal and of every live session's, as far as the page has heard of them.
function loadJournals() {
  loadRecent(mainLastId, null).catch(problem);
  loadSessions().then((list) => Promise.all(list.map(loadSessionJournal))).catch(problem);
}

// The entries a live session journaled before the stream opened. One that ends before they are read has
// nothing left to show: that refusal is no problem.
function loadSessionJournal(session) {
  return loadRecent(session.requests, session).catch((error) => {
    if (error instanceof Unauthorized) throw error;
  });
}

// The entries of the main journal (`session` null) or of a session's ({id, name}) up to `lastId`: those
// recorded before the stream opened, or those the server did not show live.
async function loadRecent(lastId, session) {
  let cursor = Math.max(0, lastId - shownEntries);
  while (cursor !== null && cursor < lastId) {
    const page = await api("/__standin/requests?limit=" + shownEntries + "&since=" + cursor,
      { headers: inSession(session && session.id) });
    for (const entry of page.requests) {
      if (session) entry.session = { id: session.id, name: session.name };
      addEntry(entry, Date.parse(entry.time));
    }
    cursor = page.next;
  }
}

function problem(error) {
  if (error instanceof Unauthorized) return askForToken();
  if (error.name === "AbortError") return;
  say(error.message, true);
  reconnectButton.hidden = false;
}

function start() {
  if (stream) stream.abort();
  reconnectButton.hidden = true;
  say("connecting…");
  loadEndpoints().catch(problem);
  listen().catch(problem);
}

// The buttons. Reset and clear act on the session the filter shows, else on the main state, as the variant
// picker does; reload rereads Mocks/ for all.

const notice = document.getElementById("notice");

// Runs `call`, then says what it returned (a sentence) or why it failed, and lists the endpoints again.
async function act(call) {
  notice.className = "";
  notice.textContent = "…";
  try {
    notice.textContent = await call();
  } catch (error) {
    if (error instanceof Unauthorized) askForToken();
    notice.textContent = error.message || "refused";
    notice.className = "dropped";
  }
  loadEndpoints().catch(endpointsProblem);
}

// The state a button acts on, in words.
function actedOn(session) {
  return session ? "session " + sessions.get(session) : "the main state";
}

// Takes the entries of the journal of `session` (null: the main one) off the list.
function forget(session) {
  for (const item of [...journal.children]) {
    if (item.dataset.session !== (session || "main")) continue;
    seen.delete(item.dataset.key);
    item.remove();
  }
}

document.getElementById("reload").addEventListener("click", () => act(async () => {
  const outcome = await api("/__standin/reload", { method: "POST" });
  const problems = outcome.diagnostics.map((diagnostic) => diagnostic.message);
  return "Reloaded: " + outcome.fixtures + (outcome.fixtures === 1 ? " fixture" : " fixtures") +
    (problems.length ? "; " + problems.length + " not loaded: " + problems.join("; ") : "");
}));

document.getElementById("reset").addEventListener("click", () => act(async () => {
  const session = chosenSession();
  await api("/__standin/reset", { method: "POST", headers: inSession(session) });
  forget(session);
  return "Reset " + actedOn(session) +
    ": run-time fixtures dropped, sequences restarted, variants restored, journal emptied";
}));

document.getElementById("clear-journal").addEventListener("click", () => act(async () => {
  const session = chosenSession();
  await api("/__standin/requests", { method: "DELETE", headers: inSession(session) });
  forget(session);
  return "Cleared the journal of " + actedOn(session);
}));

// Copy as fixture, for a request no fixture answered (`session`: the id of the session it was answered in).
function offerFixture(details, entry, session) {
  const copy = element("button", null, "Copy as fixture");
  copy.type = "button";
  copy.dataset.testid = "copy-as-fixture";
  const add = element("button", null, "Add as run-time fixture");
  add.type = "button";
  add.dataset.testid = "add-fixture";
  const added = element("span");
  added.dataset.testid = "added-fixture";
  const output = element("textarea");
  output.dataset.testid = "fixture-json";
  output.readOnly = true;
  output.rows = 12;
  output.cols = 80;
  output.hidden = true;
  const text = JSON.stringify(fixtureFor(entry), null, 2) + "\n";
  copy.addEventListener("click", () => {
    output.value = text;
    output.hidden = false;
    output.select();
    if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
  });
  add.addEventListener("click", async () => {
    try {
      const fixture = await api("/__standin/fixtures", {
        method: "POST",
        headers: Object.assign({ "Content-Type": "application/json" }, inSession(session)),
        body: text
      });
      added.textContent = "Added as " + fixture.id + " (" + fixture.endpoint + ") to " + actedOn(session);
      refreshEndpointsSoon();
    } catch (error) {
      if (error instanceof Unauthorized) askForToken();
      added.textContent = "Not added: " + error.message;
    }
  });
  details.append(copy, " ", add, " ", added, element("div"), output);
}

// A fixture that answers this request: its method, path, query and body. Its answer is the fallback backend's,
// when that answered; else one to fill in, an envelope when the answer was one (its code is the success code).
function fixtureFor(entry) {
  const request = { method: entry.method, path: entry.path };
  if (entry.query) {
    const query = {};
    for (const [name, value] of new URLSearchParams(entry.query)) {
      if (!(name in query)) query[name] = value;
    }
    if (Object.keys(query).length) request.query = query;
  }
  if (entry.body) {
    try {
      request.body = { json: JSON.parse(entry.body) };
    } catch (notJSON) {
      request.body = { equals: entry.body };
    }
  }
  const answered = entry.upstreamResponse !== undefined;
  return {
    description: "Made in the dashboard from " + entry.method + " " + entry.path +
      (answered ? ", as the fallback backend answered it." : ", which no fixture answered."),
    request: request,
    response: answered ? entry.upstreamResponse :
      entry.envelopeCode !== null ? { status: 200, envelope: { data: {} } } : { status: 200, json: {} }
  };
}
start();
