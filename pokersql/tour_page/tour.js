// The tour: DuckDB-Wasm in a worker, the project's SQL files applied as the stages need them.
import * as duckdb from "@duckdb/duckdb-wasm";
import { STAGES } from "./stages.js";
import { drawChart } from "./chart.js";

const started = performance.now();
const $ = (selector, root = document) => root.querySelector(selector);
const element = (tag, attributes = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value;
    else if (key === "html") node.innerHTML = value;
    else node.setAttribute(key, value);
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
};

// What the test (tests/test_tour.py) and the curious read: results, timings, the files applied.
const tour = (window.tour = { results: {}, errors: {}, timings: {}, applied: [], ready: null });

// ---- the database ---------------------------------------------------------------------------
const DIST = new URL("vendor/@duckdb/duckdb-wasm/dist/", location.href).href;
const BUNDLES = {
  mvp: { mainModule: DIST + "duckdb-mvp.wasm", mainWorker: DIST + "duckdb-browser-mvp.worker.js" },
  eh: { mainModule: DIST + "duckdb-eh.wasm", mainWorker: DIST + "duckdb-browser-eh.worker.js" },
};

let connection = null;
let manifest = null;
const fileTexts = {};
let queue = Promise.resolve(); // one connection: every use of it waits its turn

function exclusive(work) {
  const next = queue.then(work, work);
  queue = next.catch(() => {});
  return next;
}

async function openDatabase() {
  const bundle = await duckdb.selectBundle(BUNDLES);
  const worker = new Worker(bundle.mainWorker);
  const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
  await db.instantiate(bundle.mainModule, bundle.pthreadWorker);
  await db.open({ path: ":memory:" });
  connection = await db.connect();
  // Extensions would be fetched from the network: the tour needs none.
  await connection.query("set autoinstall_known_extensions = false");
  await connection.query("set autoload_known_extensions = false");
  const version = (await connection.query("select version() as v")).toArray()[0].v;
  $("#version").textContent = `DuckDB ${version} (duckdb-wasm ${duckdb.PACKAGE_VERSION})`;
  tour.version = version;
  manifest = await (await fetch("sql/manifest.json")).json();
  tour.timings.database_ms = Math.round(performance.now() - started);
}

async function fileText(script) {
  if (!(script in fileTexts)) {
    const file = manifest.files.find((f) => f.script === script);
    const response = await fetch(file.path);
    if (!response.ok) throw new Error(`${file.path}: HTTP ${response.status}`);
    fileTexts[script] = await response.text();
  }
  return fileTexts[script];
}

function creatorOf(name) {
  const file = manifest.files.find((f) => f.creates.some((c) => c.name === name));
  if (!file) throw new Error(`no SQL file creates ${name}`);
  return file;
}

const applied = new Set();

// The files that create `names`, with the files they read, in run order; those not yet applied.
async function ensure(names) {
  const wanted = new Set(names.flatMap((name) => creatorOf(name).needs));
  const todo = manifest.files.filter((f) => wanted.has(f.script) && !applied.has(f.script));
  for (const [index, file] of todo.entries()) {
    const text = await fileText(file.script);
    const what = file.creates.some((c) => c.name === "hands") ? ": every one of the 2,598,960 five-card hands" : "";
    const fileStarted = performance.now();
    const stop = progress(() => `Applying ${file.script} (${index + 1} of ${todo.length})${what}… ${seconds(performance.now() - fileStarted)}`);
    try {
      await connection.query(text);
    } finally {
      stop();
    }
    applied.add(file.script);
    tour.applied.push({ script: file.script, ms: Math.round(performance.now() - fileStarted) });
  }
}

// ---- the progress line ----------------------------------------------------------------------
const progressLine = () => $("#progress");
let progressTimer = null;
let runningStage = null; // its timing line repeats the progress line
function progress(message) {
  const line = progressLine();
  line.classList.add("busy");
  const show = () => {
    line.textContent = message();
    if (runningStage) runningStage.timing.textContent = line.textContent;
  };
  show();
  clearInterval(progressTimer);
  progressTimer = setInterval(show, 200);
  return () => {
    clearInterval(progressTimer);
    line.classList.remove("busy");
  };
}
function say(text) {
  progressLine().textContent = text;
}
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

// ---- the SQL of a stage, read from its file ---------------------------------------------------
const STATEMENT_END = /;[ \t]*(?:\r?\n|$)/g;
const CREATE = /^create\s+(?:or\s+replace\s+)?(?:table|view|macro)\s+(?:if\s+not\s+exists\s+)?(\w+)/i;
const INSERT = /^insert\s+into\s+(\w+)/i;

// The statements of `text` that create or fill one of `names`, each with the `--` lines just above it.
function statementsFor(text, names) {
  const found = [];
  let start = 0;
  for (const match of text.matchAll(STATEMENT_END)) {
    const chunk = text.slice(start, match.index + 1);
    start = match.index + match[0].length;
    const lines = chunk.split("\n");
    let first = lines.findIndex((line) => /^\s*(create|insert|update|delete|with|select)\b/i.test(line));
    if (first < 0) continue;
    const statement = lines.slice(first).join("\n");
    const target = (statement.match(CREATE) || statement.match(INSERT) || [])[1];
    if (!target || !names.includes(target)) continue;
    while (first > 0 && /^\s*--/.test(lines[first - 1])) first -= 1;
    found.push(lines.slice(first).join("\n").trim());
  }
  return found.join("\n\n");
}

// An edited definition replaces the object the file made.
const replacing = (sql) => sql.replace(/^create\s+(?!or\s+replace)(table|view|macro)\b/gim, "create or replace $1");

// ---- results --------------------------------------------------------------------------------
const CARD_LIST = /^(?:[2-9TJQKA][cdhs])(?: [2-9TJQKA][cdhs])*$/;
const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };

function plain(value) {
  if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value && typeof value === "object" && typeof value.toArray === "function") return Array.from(value.toArray(), plain);
  if (value && typeof value === "object" && typeof value.toJSON === "function") return plain(value.toJSON());
  if (Array.isArray(value)) return value.map(plain);
  return value;
}

// A HUGEINT or DECIMAL comes as Arrow's big number: its digits, unscaled.
function number(value, scale) {
  const digits = String(value);
  if (!/^-?\d+$/.test(digits)) return plain(value);
  if (scale) return Number(digits) / 10 ** scale;
  return plain(BigInt(digits));
}

function tableRows(result) {
  const fields = result.schema.fields;
  const columns = fields.map((field) => field.name);
  const big = fields.map((field) => typeof field.type.scale === "number" || (field.type.bitWidth || 0) > 64);
  const rows = result.toArray().map((row) =>
    fields.map((field, i) => {
      const value = row[field.name];
      return big[i] && value !== null && typeof value === "object" ? number(value, field.type.scale || 0) : plain(value);
    }),
  );
  return { columns, rows };
}

function cell(value) {
  const td = element("td");
  if (value === null || value === undefined) {
    td.append(element("span", { class: "null" }, "null"));
  } else if (typeof value === "number") {
    td.className = "number";
    td.textContent = value.toLocaleString("en-US", { maximumFractionDigits: 6 });
  } else if (typeof value === "string" && CARD_LIST.test(value)) {
    for (const card of value.split(" ")) {
      const suit = card[1];
      td.append(element("span", { class: `card suit-${suit}` }, (card[0] === "T" ? "10" : card[0]) + SUITS[suit]), " ");
    }
    td.title = value;
  } else {
    td.textContent = Array.isArray(value) ? `[${value.join(", ")}]` : String(value);
  }
  return td;
}

function renderTable(container, { columns, rows }) {
  const table = element("table", { class: "result" });
  table.append(element("thead", {}, element("tr", {}, ...columns.map((name) => element("th", {}, name)))));
  const body = element("tbody");
  for (const row of rows) body.append(element("tr", {}, ...row.map(cell)));
  table.append(body);
  container.replaceChildren(element("div", { class: "scroll" }, table));
}

// ---- stage inputs: the seed box, and the stages' own ------------------------------------------
const MAX_SEED = Number.MAX_SAFE_INTEGER;

function readSeed() {
  const seedText = $("#seed").value.trim();
  const playersText = $("#players").value.trim();
  if (!/^\d+$/.test(seedText) || Number(seedText) > MAX_SEED) throw new Error(`seed ${seedText || "(empty)"}: a whole number from 0 to ${MAX_SEED}`);
  if (!/^\d+$/.test(playersText) || Number(playersText) < 2 || Number(playersText) > 10) throw new Error(`players ${playersText || "(empty)"}: 2 to 10`);
  return { seed: Number(seedText), players: Number(playersText) };
}

function parseCards(text, what) {
  const cards = [];
  const rest = text.replace(/(10|[2-9tjqka])([cdhs♣♦♥♠])/gi, (_, rank, suit) => {
    const r = rank === "10" ? "T" : rank.toUpperCase();
    const s = { "♣": "c", "♦": "d", "♥": "h", "♠": "s" }[suit] || suit.toLowerCase();
    cards.push(r + s);
    return " ";
  });
  if (/[^\s,]/.test(rest)) throw new Error(`${what}: "${text.trim()}" is not a list of cards such as "Ad Ac"`);
  return cards;
}

async function execute(sql, ...params) {
  const statement = await connection.prepare(sql);
  try {
    await statement.query(...params);
  } finally {
    await statement.close();
  }
}

// Each setup writes the input tables with bound values; the page shows what it did.
const SETUPS = {
  deal: {
    seeded: true,
    describe: () => {
      const { seed, players } = readSeed();
      return `update deal_settings set seed = ${seed}, players = ${players}, deals = 1;`;
    },
    run: async () => {
      const { seed, players } = readSeed();
      await execute("update deal_settings set seed = ?, players = ?, deals = 1, first_deal = 1, shuffle = 'uniform', deal_order = 'blocks'", seed, players);
    },
  },
  simulate: {
    seeded: true,
    inputs: [{ name: "deals", label: "Deals", value: "20000", type: "number" }],
    describe: (inputs) => `update deal_settings set seed = ${readSeed().seed}, players = 1, deals = ${inputs.deals.value};`,
    run: async (inputs) => {
      const { seed } = readSeed();
      const deals = inputs.deals.value.trim();
      if (!/^\d+$/.test(deals) || Number(deals) < 1 || Number(deals) > 1000000) throw new Error(`deals ${deals || "(empty)"}: 1 to 1,000,000`);
      await execute("update deal_settings set seed = ?, players = 1, deals = ?, first_deal = 1, shuffle = 'uniform', deal_order = 'blocks'", seed, Number(deals));
    },
  },
  equity: {
    inputs: [
      { name: "hand_1", label: "Player 1", value: "Ad Ac" },
      { name: "hand_2", label: "Player 2", value: "Kh Ks" },
      { name: "board", label: "Board (0, 3, 4 or 5 cards)", value: "" },
    ],
    describe: (inputs) =>
      `-- hand_input: player 1 ${inputs.hand_1.value || "?"}, player 2 ${inputs.hand_2.value || "?"}; board_input: ${inputs.board.value || "none"}\nupdate deal_settings set deals = 0;  -- 0: every board, exactly`,
    run: async (inputs) => {
      const hands = [parseCards(inputs.hand_1.value, "player 1"), parseCards(inputs.hand_2.value, "player 2")];
      const board = parseCards(inputs.board.value, "board");
      hands.forEach((hand, i) => {
        if (hand.length !== 2) throw new Error(`player ${i + 1}: two hole cards, got ${hand.length}`);
      });
      if (![0, 3, 4, 5].includes(board.length)) throw new Error(`board: 0, 3, 4 or 5 cards, got ${board.length}`);
      const all = [...hands.flat(), ...board];
      const repeated = all.find((card, i) => all.indexOf(card) !== i);
      if (repeated) throw new Error(`${repeated} is dealt twice`);
      for (const table of ["hand_input", "board_input", "dead_input", "random_hand_input", "range_input"]) {
        await connection.query(`delete from ${table}`);
      }
      for (const [i, hand] of hands.entries()) {
        for (const card of hand) await execute("insert into hand_input (hand_no, card_id) select ?, card_id from cards where name = ?", i + 1, card);
      }
      for (const card of board) await execute("insert into board_input (card_id) select card_id from cards where name = ?", card);
      await connection.query("update deal_settings set deals = 0, first_deal = 1, shuffle = 'uniform'");
    },
    needs: ["hand_input", "board_input", "dead_input", "random_hand_input", "range_input", "deal_settings"],
  },
};

// ---- a stage on the page --------------------------------------------------------------------
const stageState = {};

function autosize(textarea) {
  textarea.style.height = "auto";
  textarea.style.height = `${Math.min(textarea.scrollHeight + 4, 460)}px`;
}

function editor(value, label) {
  const textarea = element("textarea", { spellcheck: "false", "aria-label": label, rows: "4" });
  textarea.value = value;
  textarea.addEventListener("input", () => autosize(textarea));
  return textarea;
}

function buildStage(stage) {
  const section = element("section", { class: "stage", id: `stage-${stage.id}`, "data-stage": stage.id });
  const heading = element("h2", {}, element("span", { class: "number" }, stage.number), " ", stage.title);
  if (stage.subtitle) heading.append(element("span", { class: "subtitle" }, `: ${stage.subtitle}`));
  const definition = editor("", `The SQL of ${stage.title}`);
  const query = editor(stage.query, `The query of ${stage.title}`);
  const source = element("span", { class: "source" }, "");
  const setup = SETUPS[stage.setup];
  const inputs = {};
  let inputRow = null;
  if (setup && setup.inputs) {
    inputRow = element("div", { class: "inputs" });
    for (const input of setup.inputs) {
      const field = element("input", { type: input.type || "text", value: input.value, name: input.name, "aria-label": input.label, spellcheck: "false" });
      inputs[input.name] = field;
      inputRow.append(element("label", {}, input.label, " ", field));
    }
  }
  const setupLine = setup ? element("pre", { class: "setup" }) : null;
  const run = element("button", { class: "run", type: "button" }, "▶ Run");
  const reset = element("button", { class: "reset quiet", type: "button" }, "Reset");
  const timing = element("span", { class: "timing" });
  const error = element("pre", { class: "error", role: "alert", hidden: "" });
  const chart = stage.chart ? element("div", { class: "chart" }) : null;
  const output = element("div", { class: "output" }, element("p", { class: "hint" }, "Run the stage to see its rows."));

  const parts = [
    heading,
    element("div", { class: "text", html: stage.text }),
    element("div", { class: "cell-label" }, "The SQL, from ", source, " (edit it, and Run applies your version)"),
    definition,
    inputRow,
    element("div", { class: "cell-label" }, "The query that shows it"),
    setupLine,
    query,
    element("div", { class: "buttons" }, run, reset, timing),
    error,
    chart,
    output,
  ];
  section.append(...parts.filter((part) => part !== null));

  const state = (stageState[stage.id] = { stage, section, definition, query, source, inputs, setupLine, error, output, chart, timing, original: null, appliedDefinition: null });
  const describe = () => {
    if (!setupLine) return;
    try {
      setupLine.textContent = "-- set by the inputs above:\n" + setup.describe(inputs);
    } catch (e) {
      setupLine.textContent = `-- ${e.message}`;
    }
  };
  describe();
  for (const field of Object.values(inputs)) field.addEventListener("input", describe);
  state.describe = describe;
  run.addEventListener("click", () => runStage(stage.id));
  reset.addEventListener("click", () => resetStage(stage.id));
  for (const textarea of [definition, query]) {
    textarea.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        runStage(stage.id);
      }
    });
  }
  return section;
}

// The stage's SQL, read from the files that create its objects.
async function loadDefinition(state) {
  if (state.original !== null) return;
  const files = [...new Set(state.stage.objects.map(creatorOf))];
  const parts = [];
  for (const file of files) parts.push(statementsFor(await fileText(file.script), state.stage.objects));
  state.original = parts.join("\n\n");
  state.appliedDefinition = state.original; // applied with its file
  state.definition.value = state.original;
  state.source.replaceChildren(...files.flatMap((file, i) => [i ? ", " : "", element("a", { href: file.path, target: "_blank" }, file.script)]));
  autosize(state.definition);
  autosize(state.query);
}

function runStage(id) {
  const state = stageState[id];
  const { stage } = state;
  state.section.classList.add("running");
  state.error.hidden = true;
  return exclusive(async () => {
    const begun = performance.now();
    runningStage = state;
    try {
      await tour.ready;
      await loadDefinition(state);
      const setup = SETUPS[stage.setup];
      await ensure([...stage.objects, ...(stage.needs || []), ...((setup && setup.needs) || [])]);
      let changed = false;
      if (state.definition.value !== state.appliedDefinition) {
        const stop = progress(() => `Applying your SQL for stage ${stage.number}…`);
        try {
          await connection.query(replacing(state.definition.value));
          await carry(state);
        } finally {
          stop();
        }
        state.appliedDefinition = state.definition.value;
        changed = true;
      }
      state.describe();
      if (setup) await setup.run(state.inputs);
      const queryStarted = performance.now();
      const stop = progress(() => `Running stage ${stage.number}, ${stage.title}… ${seconds(performance.now() - queryStarted)}`);
      let result;
      try {
        result = tableRows(await connection.query(state.query.value));
      } finally {
        stop();
      }
      renderTable(state.output, result);
      if (state.chart) drawChart(state.chart, result);
      const ms = performance.now() - begun;
      state.timing.textContent = `${result.rows.length.toLocaleString("en-US")} row${result.rows.length === 1 ? "" : "s"} in ${seconds(ms)}`;
      tour.results[id] = result;
      delete tour.errors[id];
      tour.timings[id] = { ms: Math.round(ms), since_load_ms: Math.round(performance.now() - started) };
      say(`Stage ${stage.number}, ${stage.title}: ${result.rows.length.toLocaleString("en-US")} rows in ${seconds(ms)}. ${applied.size} of ${manifest.files.length} SQL files loaded.`);
      // The stages that read what this one defines, and have run, run again with the new definition.
      if (changed) for (const later of readers(stage)) runStage(later.id);
    } catch (e) {
      const message = String((e && e.message) || e);
      state.error.textContent = message;
      state.error.hidden = false;
      // No rows under the message but none: the table of an earlier run is not this SQL's.
      state.output.replaceChildren(element("p", { class: "hint" }, "No rows: the stage stopped with the error above."));
      if (state.chart) state.chart.replaceChildren();
      tour.errors[id] = message;
      delete tour.results[id];
      state.timing.textContent = "";
      say(`Stage ${stage.number} stopped with an error: see under its query.`);
    } finally {
      runningStage = null;
      state.section.classList.remove("running");
      state.section.classList.add("ran");
    }
  });
}

// While a stage's SQL is edited, what later stages read in its place is made to read it
// (stage.carries); once it is the file's SQL again, those objects are the file's again.
async function carry(state) {
  const carries = state.stage.carries || {};
  const edited = state.definition.value !== state.original;
  for (const [name, sql] of Object.entries(carries)) {
    await connection.query(edited ? sql : replacing(statementsFor(await fileText(creatorOf(name).script), [name])));
  }
}

// The files a stage's rows come from: those of its objects and of what it needs.
function stageFiles(stage) {
  const setup = SETUPS[stage.setup];
  const names = [...stage.objects, ...(stage.needs || []), ...((setup && setup.needs) || [])];
  return new Set(names.flatMap((name) => creatorOf(name).needs));
}

// The stages after `stage` that have run and read a file that defines its objects.
function readers(stage) {
  const defining = new Set(stage.objects.map((name) => creatorOf(name).script));
  return STAGES.slice(STAGES.indexOf(stage) + 1).filter(
    (later) => stageState[later.id].section.classList.contains("ran") && [...stageFiles(later)].some((script) => defining.has(script)),
  );
}

function resetStage(id) {
  const state = stageState[id];
  if (state.original !== null) state.definition.value = state.original;
  state.query.value = state.stage.query;
  autosize(state.definition);
  autosize(state.query);
  return runStage(id);
}

async function runAll() {
  for (const stage of STAGES) await runStage(stage.id);
}

// ---- the page -------------------------------------------------------------------------------
function main() {
  const list = $("#stages");
  for (const stage of STAGES) list.append(buildStage(stage));
  $("#controls").addEventListener("submit", (event) => {
    event.preventDefault();
    try {
      readSeed();
      $("#controls-error").textContent = "";
    } catch (e) {
      $("#controls-error").textContent = e.message;
      return;
    }
    // A new deal runs again every stage that has run and reads the seed box.
    for (const stage of STAGES) {
      if (stage.setup && SETUPS[stage.setup].seeded && stageState[stage.id].section.classList.contains("ran")) runStage(stage.id);
      else stageState[stage.id].describe();
    }
  });
  $("#run-all").addEventListener("click", () => runAll());
  tour.runStage = runStage;
  tour.resetStage = resetStage;
  tour.runAll = runAll;
  tour.stages = STAGES.map((stage) => stage.id);
  const stop = progress(() => `Starting DuckDB in your browser… ${seconds(performance.now() - started)}`);
  tour.ready = openDatabase().finally(stop);
  tour.ready.then(
    () => runStage(STAGES[0].id),
    (e) => say(`DuckDB could not start: ${e.message || e}`),
  );
  tour.first = tour.ready.then(() => queue);
}

main();
