// dlx studio: the page's state is a puzzle as `dlx tile` reads it. The drawings (board, pieces)
// and the named sets write the puzzle file; a file opened or typed is read back into them when it
// is a picture (Knuth's spec lines stay text). The server reads, solves and draws; this script
// only draws the editors and speaks JSON and server-sent events.
//
// On the sticks grid (polysticks) the cells are the square lattice's edges, kept by their place
// in the picture `dlx tile` reads: "0,r,c" with one of r, c odd (`-` across on an even row, `|`
// down on an odd one); the lattice's points sit on even rows and columns. Rows and Columns count
// squares there (5x5: 6x6 points, 60 edges).
"use strict";

const KEYWORDS = ["grid", "board", "pieces", "piece"];
const SIZE = 26;  // an editor cell's side, in pixels
const ROOT3 = Math.sqrt(3);
const $ = (id) => document.getElementById(id);

const state = {
  grid: "square", rotate: true, flip: true, boardName: "",
  rows: 6, columns: 10, layers: 3,
  board: new Map(),  // "z,r,c" -> "#" or "+" (sticks: an edge's place, "#")
  sets: [],          // named sets chosen
  pieces: [],        // {name, copies, rotate, flip, cells: Set("z,r,c"), rows, columns, layers}
  comments: [],      // the file's own comment lines, kept
  spec: false,       // the text is Knuth's spec lines: no drawing shows it
};
let knownSets = {};
let search = null;   // {id, mode, source}
let browse = {id: null, count: 0, number: 0};
let shownSvg = "";
let solid = null;    // the 3D view of a box of cubes (cube3d.js), null without WebGL

// ---- the puzzle file: written from the state, read back into it ----

function optionLines() {
  const lines = [];
  const flags = [];
  if (!state.rotate) flags.push("--no-rotate");
  if (state.grid === "cube" ? state.flip : !state.flip) {
    flags.push(state.grid === "cube" ? "--mirror" : "--no-flip");
  }
  if (flags.length) lines.push(`; options: dlx tile ${flags.join(" ")}`);
  for (const piece of state.pieces) {
    if (piece.rotate !== state.rotate || piece.flip !== state.flip) {
      lines.push(`; studio: piece ${piece.name} ${piece.rotate ? "turns" : "no-turn"} ` +
        `${piece.flip ? "flips" : "no-flip"}`);
    }
  }
  return lines;
}

function drawing(cells, rows, columns, layers, marks) {
  // The picture rows of `cells` ("z,r,c" keys), trimmed so that the grid still reads them
  // the same: triangles keep the parity of row + column, hexagons their columns' parity.
  const keys = [...cells];
  if (!keys.length) return [];
  const pts = keys.map((k) => k.split(",").map(Number));
  const top = Math.min(...pts.map((p) => p[1]));
  let left = Math.min(...pts.map((p) => p[2]));
  if (state.grid === "triangle" && (top + left) % 2) left -= 1;
  if (state.grid === "hex" && (top + left) % 2) left -= 1;
  const bottom = Math.max(...pts.map((p) => p[1]));
  const right = Math.max(...pts.map((p) => p[2]));
  const zs = pts.map((p) => p[0]);
  const out = [];
  for (let z = Math.min(...zs); z <= Math.max(...zs); z++) {
    if (out.length) out.push("");
    for (let r = top; r <= bottom; r++) {
      let row = "";
      for (let c = left; c <= right; c++) row += marks(`${z},${r},${c}`) || ".";
      out.push(row.replace(/\.+$/, "") || ".");
    }
  }
  return out;
}

function stickDrawing(keys) {
  // The picture rows of edges ("0,r,c" places): `-` across, `|` down, `+` at each point a drawn
  // edge meets, `.` elsewhere, starting on a row and a column of points.
  const drawn = new Set([...keys].map((k) => k.slice(k.indexOf(",") + 1)));
  if (!drawn.size) return [];
  const places = [...drawn].map((k) => k.split(",").map(Number));
  const top = Math.min(...places.map(([r]) => r - r % 2));
  const left = Math.min(...places.map(([, c]) => c - c % 2));
  const bottom = Math.max(...places.map(([r]) => r + r % 2));
  const right = Math.max(...places.map(([, c]) => c + c % 2));
  const has = (r, c) => drawn.has(`${r},${c}`);
  const out = [];
  for (let r = top; r <= bottom; r++) {
    let row = "";
    for (let c = left; c <= right; c++) {
      if ((r + c) % 2) row += has(r, c) ? (r % 2 ? "|" : "-") : ".";
      else if (r % 2) row += ".";  // a square's middle
      else row += has(r - 1, c) || has(r + 1, c) || has(r, c - 1) || has(r, c + 1) ? "+" : ".";
    }
    out.push(row.replace(/\.+$/, "") || ".");
  }
  return out;
}

function picture(keys, marks) {
  // The picture rows of a drawing's cells, on the grid chosen.
  return state.grid === "sticks" ? stickDrawing(keys) : drawing(keys, 0, 0, 0, marks);
}

function writeText() {
  const lines = [...state.comments, ...optionLines()];
  if (state.grid !== "square") lines.push(`grid ${state.grid}`);
  if (state.boardName) {
    lines.push(`board ${state.boardName}`);
  } else {
    lines.push("board");
    lines.push(...picture(state.board.keys(), (k) => state.board.get(k)));
  }
  if (state.sets.length) lines.push(`pieces ${state.sets.join(" ")}`);
  for (const piece of state.pieces) {
    const copies = String(piece.copies).trim();
    lines.push(`piece ${copies && copies !== "1" ? copies + "|" : ""}${piece.name}`);
    lines.push(...picture(piece.cells, (k) => (piece.cells.has(k) ? "#" : "")));
  }
  return lines.join("\n") + "\n";
}

function isPicture(text) {
  for (const line of text.split("\n")) {
    if (line.trim() && !line.startsWith(";") && !line.startsWith("|")) {
      return KEYWORDS.includes(line.trim().split(/\s+/)[0]);
    }
  }
  return false;
}

function readCells(rows, solid) {
  // "z,r,c" -> mark of a picture's rows (layers split at blank rows for cubes)
  while (rows.length && !rows[rows.length - 1].trim()) rows.pop();
  while (rows.length && !rows[0].trim()) rows.shift();
  const cells = new Map();
  let z = 0, r = 0, rowsUsed = 0, cols = 0;
  rows.forEach((row) => {
    if (!row.trim()) { if (solid && r) { z += 1; r = 0; } return; }
    [...row].forEach((mark, c) => {
      if (mark !== "." && mark !== " ") cells.set(`${z},${r},${c}`, mark);
      cols = Math.max(cols, c + 1);
    });
    r += 1;
    rowsUsed = Math.max(rowsUsed, r);
  });
  if (state.grid === "hex" && cells.size) {
    const [, r0, c0] = [...cells.keys()][0].split(",").map(Number);
    if ((r0 + c0) % 2) {  // the editor's hexagons sit where row + column is even
      const moved = new Map();
      for (const [k, v] of cells) {
        const [zz, rr, cc] = k.split(",").map(Number);
        moved.set(`${zz},${rr},${cc + 1}`, v);
      }
      return {cells: moved, rows: rowsUsed, columns: hexColumns(moved), layers: z + 1};
    }
    return {cells, rows: rowsUsed, columns: hexColumns(cells), layers: z + 1};
  }
  return {cells, rows: rowsUsed, columns: cols, layers: z + 1};
}

function readSticks(rows) {
  // The edges a sticks picture draws ("0,r,c" -> "#": any mark on an edge's place; points and
  // squares' middles say nothing more), and its size in squares. Blank rows inside it count: a
  // row of points may have no segment down.
  while (rows.length && !rows[rows.length - 1].trim()) rows.pop();
  while (rows.length && !rows[0].trim()) rows.shift();
  const cells = new Map();
  let width = 0;
  rows.forEach((row, r) => {
    [...row].forEach((mark, c) => {
      if ((r + c) % 2 && mark !== "." && mark !== " ") cells.set(`0,${r},${c}`, "#");
    });
    width = Math.max(width, row.length);
  });
  const squares = (n) => Math.max(Math.ceil((n - 1) / 2), 0);
  return {cells, rows: squares(rows.length), columns: squares(width), layers: 1};
}

function readDrawing(rows, grid) {
  // A picture's cells and size on `grid`.
  return grid === "sticks" ? readSticks(rows) : readCells(rows, grid === "cube");
}

function hexColumns(cells) {
  // The editor's columns of hexagons that hold `cells`: hexagon k of row r is picture column
  // 2k + r % 2.
  return Math.max(...[...cells.keys()].map((k) => Math.floor(Number(k.split(",")[2]) / 2))) + 1;
}

function readText(text) {
  // Read a picture into the state; Knuth's spec lines are kept as text only.
  state.spec = !isPicture(text);
  if (state.spec) {  // its grid is the server's guess (`followSpec`): reflections as `dlx tile`
    state.rotate = true;  // allows them there; nothing of the board drawn before stays
    state.flip = null;
    Object.assign(state, {boardName: "", board: new Map(), sets: [], pieces: [], comments: []});
    return;
  }
  const blocks = [];
  const comments = [];
  let grid = "square";
  const turns = {};
  state.rotate = true;
  state.flip = null;
  for (const line of text.replace(/\r/g, "").split("\n")) {
    if (line.startsWith(";")) {
      const opts = line.match(/^; options: dlx tile (.*)$/);
      const fixed = line.match(/^; studio: piece (\S+) (turns|no-turn) (flips|no-flip)$/);
      if (opts) {
        if (opts[1].includes("--no-rotate")) state.rotate = false;
        if (opts[1].includes("--no-flip")) state.flip = false;
        if (opts[1].includes("--mirror")) state.flip = true;
      } else if (fixed) {
        turns[fixed[1]] = {rotate: fixed[2] === "turns", flip: fixed[3] === "flips"};
      } else {
        comments.push(line);
      }
      continue;
    }
    const words = line.split(";")[0].trim().split(/\s+/);
    if (line && !/^\s/.test(line) && KEYWORDS.includes(words[0])) {
      blocks.push({words, rows: []});
    } else if (blocks.length) {
      blocks[blocks.length - 1].rows.push(line.replace(/\s+$/, ""));
    }
  }
  for (const b of blocks) if (b.words[0] === "grid" && b.words[1]) grid = b.words[1];
  state.grid = grid;
  const solid = grid === "cube";
  if (state.flip === null) state.flip = !solid;
  state.comments = comments;
  state.sets = [];
  state.pieces = [];
  state.board = new Map();
  state.boardName = "";
  for (const b of blocks) {
    if (b.words[0] === "board" && b.words[1]) state.boardName = b.words[1];
    else if (b.words[0] === "board") {
      const read = readDrawing(b.rows, grid);
      state.board = read.cells;
      state.rows = Math.max(read.rows, 1);
      state.columns = Math.max(read.columns, 1);
      state.layers = Math.max(read.layers, 1);
    } else if (b.words[0] === "pieces") state.sets.push(...b.words.slice(1));
    else if (b.words[0] === "piece") {
      const head = b.words[1] || "?";
      const bar = head.lastIndexOf("|");
      const name = head.slice(bar + 1);
      const read = readDrawing(b.rows, grid);
      const turn = turns[name] || {rotate: state.rotate, flip: state.flip};
      state.pieces.push({
        name, copies: bar >= 0 ? head.slice(0, bar) : "1", rotate: turn.rotate, flip: turn.flip,
        cells: new Set(read.cells.keys()),
        rows: Math.max(read.rows, 4), columns: Math.max(read.columns, 4),
        layers: Math.max(read.layers, solid ? 2 : 1),
      });
    }
  }
}

// ---- editors: the board and each drawn piece, on the chosen grid ----

function cellShape(r, c) {
  // The outline of picture position (r, c), in editor pixels (before the layer's offset); on
  // sticks, the diamond an edge is clicked in (its two ends and its two squares' middles).
  const s = SIZE;
  if (state.grid === "sticks") {
    const h = s / 2, x = c * h, y = r * h;
    return [[x - h, y], [x, y - h], [x + h, y], [x, y + h]];
  }
  if (state.grid === "triangle") {
    const h = s * ROOT3 / 2, x = c * s / 2, y = r * h;
    return (r + c) % 2 === 0
      ? [[x, y + h], [x + s / 2, y], [x + s, y + h]]
      : [[x, y], [x + s, y], [x + s / 2, y + h]];
  }
  if (state.grid === "hex") {
    const R = s / ROOT3 * 1.0, w = s, cx = (c + 1) * w / 2, cy = r * 1.5 * R + R;
    return [0, 1, 2, 3, 4, 5].map((k) => {
      const a = Math.PI / 180 * (60 * k - 90);
      return [cx + R * Math.cos(a), cy + R * Math.sin(a)];
    });
  }
  return [[c * s, r * s], [(c + 1) * s, r * s], [(c + 1) * s, (r + 1) * s], [c * s, (r + 1) * s]];
}

function positions(rows, columns, layers) {
  const found = [];
  if (state.grid === "sticks") {  // every edge of rows x columns squares, by its place
    for (let r = 0; r <= 2 * rows; r++) {
      for (let c = 0; c <= 2 * columns; c++) if ((r + c) % 2) found.push([0, r, c]);
    }
    return found;
  }
  for (let z = 0; z < layers; z++) {
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < columns; c++) {
        // hexagons: `columns` of them in each row, every other picture column, rows offset
        found.push([z, r, state.grid === "hex" ? 2 * c + r % 2 : c]);
      }
    }
  }
  return found;
}

function placeName(what, z, r, c, layers) {
  // A cell's accessible name; an edge's names the point it starts from, counted from 1.
  if (state.grid === "sticks") {
    return r % 2 ? `${what} edge down from row ${(r + 1) / 2} column ${c / 2 + 1}`
      : `${what} edge across from row ${r / 2 + 1} column ${(c + 1) / 2}`;
  }
  const column = state.grid === "hex" ? (c - r % 2) / 2 + 1 : c + 1;  // hexagons counted
  return `${what} ${layers > 1 ? `layer ${z + 1} ` : ""}row ${r + 1} column ${column}`;
}

function nextPlaces(z, r, c, move) {
  // Where an arrow key (move: layer, row, column) goes from a cell: the first of these there.
  const [dz, dr, dc] = move;
  if (state.grid === "sticks") {
    if (dc) return [`${z},${r},${c + 2 * dc}`];  // the next edge of the row
    // the row of edges above or below: an edge down from an end of one across, or across from
    // the end of one down, so that the key pressed again comes back to the same column
    const first = r % 2 ? 1 : -1;
    return dr ? [`${z},${r + dr},${c + first}`, `${z},${r + dr},${c - first}`] : [];
  }
  const step = state.grid === "hex" && dc ? 2 : 1;
  const [tz, tr, tc] = [z + dz, r + dr, c + dc * step];
  const found = [`${tz},${tr},${tc}`];
  if (state.grid === "hex" && dr) found.push(`${tz},${tr},${tc + 1}`, `${tz},${tr},${tc - 1}`);
  return found;
}

function editorSize(rows, columns) {
  // An editor layer's width and height in pixels, and the margin around the drawing.
  // sticks: a margin of half a square, so that the diamonds of the edges round it fit
  if (state.grid === "sticks") return {span: columns * SIZE, height: rows * SIZE, margin: SIZE / 2};
  const span = state.grid === "square" || state.grid === "cube" ? columns * SIZE
    : state.grid === "hex" ? (columns + (rows > 1 ? 1 : 0.5)) * SIZE : (columns + 1) * SIZE / 2;
  const height = state.grid === "triangle" ? rows * SIZE * ROOT3 / 2
    : state.grid === "hex" ? rows * 1.5 * SIZE / ROOT3 + SIZE / ROOT3 / 2 : rows * SIZE;
  return {span, height, margin: 2};
}

function svgElement(name, attributes) {
  const element = document.createElementNS("http://www.w3.org/2000/svg", name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

function latticePoints(rows, columns, margin) {
  // The sticks editor's points, as dots under nothing that is clicked.
  const dots = svgElement("g", {class: "points"});
  for (let i = 0; i <= rows; i++) {
    for (let j = 0; j <= columns; j++) {
      dots.appendChild(svgElement("circle", {cx: margin + j * SIZE, cy: margin + i * SIZE, r: 2.5}));
    }
  }
  return dots;
}

function editor(host, what, rows, columns, layers, markOf, apply) {
  // An SVG of cells, each a button (its name says where it is and what it holds); click or
  // drag to draw, arrow keys to move, Space or Enter to draw the focused cell. On sticks each
  // edge is a button too: a diamond around it takes the clicks, its segment drawn over it
  // (thick when drawn, faint when not), the lattice's points as dots.
  const sticks = state.grid === "sticks";
  const {span, height, margin} = editorSize(rows, columns);
  const gap = SIZE;
  const top = margin + (layers > 1 ? 18 : 0);
  const svg = svgElement("svg", {role: "group", "aria-label": what,
    width: layers * span + (layers - 1) * gap + 2 * margin, height: height + top + margin});
  const strokes = svgElement("g", {class: "strokes"});
  const cells = new Map();
  let painting = null;
  positions(rows, columns, layers).forEach(([z, r, c], index) => {
    const key = `${z},${r},${c}`;
    const dx = margin + z * (span + gap);
    const poly = svgElement("polygon", {
      points: cellShape(r, c).map(([x, y]) => `${x + dx},${y + top}`).join(" "),
      role: "button", "aria-label": placeName(what, z, r, c, layers),
      tabindex: index === 0 ? "0" : "-1",
    });
    let stroke = null;
    if (sticks) {
      const h = SIZE / 2, x = c * h + dx, y = r * h + top, across = r % 2 === 0;
      stroke = svgElement("line", {x1: across ? x - h : x, y1: across ? y : y - h,
        x2: across ? x + h : x, y2: across ? y : y + h});
      poly.setAttribute("class", "edge");
      strokes.appendChild(stroke);
    }
    const show = () => {
      const mark = markOf(key);
      (stroke || poly).setAttribute("class", mark === "#" ? "on" : mark === "+" ? "loose" : "off");
      poly.setAttribute("aria-pressed", mark === "#" ? "true" : mark === "+" ? "mixed" : "false");
    };
    poly.dataset.key = key;
    show();
    poly.addEventListener("pointerdown", (event) => {
      event.preventDefault();
      painting = apply(key, null);
      show();
      changed();
    });
    poly.addEventListener("pointerenter", () => {
      if (painting !== null) { apply(key, painting); show(); changed(); }
    });
    poly.addEventListener("keydown", (event) => {
      if (event.key === " " || event.key === "Enter") {
        event.preventDefault();
        apply(key, null);
        show();
        changed();
        return;
      }
      const moves = {ArrowLeft: [0, 0, -1], ArrowRight: [0, 0, 1], ArrowUp: [0, -1, 0],
        ArrowDown: [0, 1, 0], PageUp: [1, 0, 0], PageDown: [-1, 0, 0]};
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      const target = nextPlaces(z, r, c, move).map((k) => cells.get(k)).find(Boolean);
      if (target) {
        poly.setAttribute("tabindex", "-1");
        target.setAttribute("tabindex", "0");
        target.focus();
      }
    });
    cells.set(key, poly);
    svg.appendChild(poly);
  });
  if (sticks) svg.append(strokes, latticePoints(rows, columns, margin));
  if (layers > 1) {
    for (let z = 0; z < layers; z++) {
      const text = svgElement("text", {x: margin + z * (span + gap), y: 14});
      text.textContent = `layer ${z + 1}`;
      svg.appendChild(text);
    }
  }
  document.addEventListener("pointerup", () => { painting = null; });
  host.replaceChildren(svg);
}

function tool() {
  return document.querySelector("input[name=tool]:checked").value;
}

function drawBoard() {
  const host = $("board");
  if (state.spec || state.boardName) {
    host.replaceChildren(document.createTextNode(state.spec
      ? "This file is in Knuth's spec lines: edit it as text below."
      : `The board is named: ${state.boardName} (clear the name to draw one).`));
    return;
  }
  const layers = state.grid === "cube" ? state.layers : 1;
  editor(host, "Board", state.rows, state.columns, layers, (k) => state.board.get(k),
    (key, paint) => {
      let mark = paint;
      if (mark === null) {
        const t = tool();
        const want = t === "cell" ? "#" : t === "loose" ? "+" : "";
        mark = state.board.get(key) === want ? "" : want;
      }
      if (mark) state.board.set(key, mark); else state.board.delete(key);
      return mark;
    });
}

function drawPieces() {
  const host = $("pieces");
  host.replaceChildren();
  if (state.spec) return;
  state.pieces.forEach((piece, index) => {
    const box = document.createElement("fieldset");
    box.className = "piece";
    const legend = document.createElement("legend");
    legend.textContent = `Piece ${piece.name}`;
    box.appendChild(legend);
    const row = document.createElement("div");
    row.className = "row";
    row.append(
      field("Name", piece.name, (v) => { piece.name = v.trim() || piece.name; }, `name of piece ${index + 1}`),
      field("Copies", piece.copies, (v) => { piece.copies = v.trim() || "1"; }, `copies of ${piece.name}`, 4),
      check("Turn", piece.rotate, (v) => { piece.rotate = v; }, `turn ${piece.name}`),
      check("Flip", piece.flip, (v) => { piece.flip = v; }, `flip ${piece.name}`),
    );
    const remove = document.createElement("button");
    remove.type = "button";
    remove.textContent = `Remove ${piece.name}`;
    remove.addEventListener("click", () => {
      state.pieces.splice(index, 1);
      drawPieces();
      changed();
    });
    row.append(remove);
    box.appendChild(row);
    const area = document.createElement("div");
    area.className = "editor";
    box.appendChild(area);
    host.appendChild(box);
    const layers = state.grid === "cube" ? piece.layers : 1;
    editor(area, `Piece ${piece.name}`, piece.rows, piece.columns, layers,
      (k) => (piece.cells.has(k) ? "#" : ""),
      (key, paint) => {
        const on = paint === null ? !piece.cells.has(key) : paint === "#";
        if (on) piece.cells.add(key); else piece.cells.delete(key);
        return on ? "#" : "";
      });
  });
}

function field(label, value, set, name, size = 8) {
  const wrap = document.createElement("label");
  wrap.textContent = `${label} `;
  const input = document.createElement("input");
  input.value = value;
  input.size = size;
  input.setAttribute("aria-label", name);
  input.addEventListener("change", () => { set(input.value); drawPieces(); changed(); });
  wrap.appendChild(input);
  return wrap;
}

function check(label, value, set, name) {
  const wrap = document.createElement("label");
  const input = document.createElement("input");
  input.type = "checkbox";
  input.checked = value;
  input.setAttribute("aria-label", name);
  input.addEventListener("change", () => { set(input.checked); changed(); });
  wrap.append(input, ` ${label}`);
  return wrap;
}

function drawSets() {
  const host = $("sets");
  const legend = host.querySelector("legend");
  host.replaceChildren(legend);
  host.hidden = state.spec;  // Knuth's spec lines name their pieces themselves
  for (const name of knownSets[state.grid] || []) {
    host.appendChild(check(name, state.sets.includes(name), (on) => {
      state.sets = on ? [...state.sets, name] : state.sets.filter((s) => s !== name);
    }, name));
  }
}

function drawTools() {
  // No edge of sticks may stay empty: "May stay empty" is for cells. Knuth's spec lines are
  // edited as text: the board's name, size and tools, and the drawn pieces, do not apply.
  for (const id of ["board-name", "rows", "columns", "layers", "fill-board", "clear-board", "add-piece"]) {
    $(id).disabled = state.spec;
  }
  for (const input of document.querySelectorAll("input[name=tool]")) {
    input.disabled = state.spec || (input.value === "loose" && state.grid === "sticks");
  }
  const loose = document.querySelector("input[name=tool][value=loose]");
  if (loose.disabled && loose.checked) document.querySelector("input[name=tool][value=cell]").checked = true;
}

function drawAll() {
  $("grid").value = state.grid;
  $("rotate").checked = state.rotate;
  $("flip").checked = Boolean(state.flip);
  $("flip").indeterminate = state.flip === null;
  $("board-name").value = state.boardName;
  $("rows").value = state.rows;
  $("columns").value = state.columns;
  $("layers").value = state.layers;
  document.body.classList.toggle("cube", state.grid === "cube");
  drawTools();
  drawSets();
  drawBoard();
  drawPieces();
}

function changed() {
  // The drawings changed: write the file and the link.
  if (state.spec) return;
  $("text").value = writeText();
  keepInUrl();
}

function setText(text) {
  $("text").value = text;
  readText(text);
  drawAll();
  keepInUrl();
}

function keepInUrl() {
  const params = new URLSearchParams({puzzle: $("text").value});
  const fixed = pieceOptions();
  if (!state.rotate) params.set("rotate", "0");
  if (state.flip !== null && state.flip !== (state.grid !== "cube")) {
    params.set("flip", state.flip ? "1" : "0");
  }
  if (Object.keys(fixed).length) params.set("pieces", JSON.stringify(fixed));
  history.replaceState(null, "", "#" + params.toString());
}

function pieceOptions() {
  const fixed = {};
  if (state.spec) return fixed;
  for (const p of state.pieces) {
    if (p.rotate !== state.rotate || p.flip !== state.flip) fixed[p.name] = {rotate: p.rotate, flip: p.flip};
  }
  return fixed;
}

// ---- talking to the server ----

function showError(message) {
  const box = $("error");
  box.textContent = message || "";
  box.hidden = !message;
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body),
  });
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    try { message = (await response.json()).error || message; } catch (e) { /* not JSON */ }
    throw new Error(message);
  }
  return response;
}

function job(mode) {
  return {
    puzzle: $("text").value, mode, rotate: state.rotate, flip: state.flip,
    pieces: pieceOptions(), cap: Number($("cap").value) || 1000,
  };
}

const NUMBER = new Intl.NumberFormat("en-US");
const WORDS = {solve: "Solving", count: "Counting", unique: "Counting up to symmetry",
  all: "Finding all", fillit: "Solving fillit"};

function liveLine(mode, p, done) {
  const rate = `${NUMBER.format(Math.round(p.rate || 0))} nodes/s`;
  const seconds = (p.seconds || 0).toFixed(2);
  const figures = `${NUMBER.format(p.nodes)} node${p.nodes === 1 ? "" : "s"}, ${rate}, ${seconds} s`;
  const found = `${NUMBER.format(p.solutions ?? p.count ?? 0)} solution${(p.solutions ?? p.count) === 1 ? "" : "s"}`;
  const symmetry = mode === "unique" ? " up to symmetry" : "";
  if (!done) return `${WORDS[mode]}… ${found}${symmetry}; ${figures}`;
  const cap = done.full ? "the most the server keeps of solutions this large" : "the cap reached";
  const how = {exhausted: "all found", limit: mode === "all" ? cap : "stopped at the first",
    budget: "stopped by the server's budget: the rest unknown", stopped: "stopped: the rest unknown"}[done.status] || done.status;
  if (mode === "fillit") return `Done: the canonical answer; ${figures}`;
  return `Done: ${found}${symmetry} (${how}); ${figures}`;
}

async function start(mode) {
  showError("");
  if (search) await stop();
  const body = mode === "fillit" ? {puzzle: fillitText(), mode: "fillit"} : job(mode);
  let id;
  try {
    id = (await (await post("/api/searches", body)).json()).id;
  } catch (error) {
    failed(error.message);
    return;
  }
  const source = new EventSource(`/api/searches/${id}/events`);
  search = {id, mode, source};
  running(true);
  $("live").textContent = `${WORDS[mode]}…`;
  source.addEventListener("progress", (event) => {
    if (search && search.id === id) $("live").textContent = liveLine(mode, JSON.parse(event.data));
  });
  source.addEventListener("solution", (event) => {
    const drawn = JSON.parse(event.data);
    show(drawn);
    browse = {id: mode === "all" || mode === "solve" ? id : null, count: 1, number: 1};
    $("download-json").disabled = browse.id === null;
    updateBrowse();
  });
  source.addEventListener("done", (event) => {
    const done = JSON.parse(event.data);
    source.close();
    if (search && search.id === id) search = null;
    running(false);
    if (done.status === "error") {
      failed(done.error);
      return;
    }
    $("live").textContent = liveLine(mode, done, done);
    if ((mode === "solve" || mode === "all") && done.count === 0) clearPicture("No solution.");
    if (mode === "all" || mode === "solve") {
      browse.id = id;
      browse.count = done.count;
      $("download-json").disabled = done.count === 0;
      updateBrowse();
    }
  });
  source.onerror = () => {
    if (search && search.id === id) {
      source.close();
      search = null;
      running(false);
      showError("The connection to the server was lost.");
    }
  };
}

function failed(message, line = "Stopped by an error.") {
  // An error answers the input now on the page: nothing of an earlier answer stays beside it.
  showError(message);
  clearPicture("No solution shown");
  $("live").textContent = line;
  browse = {id: null, count: 0, number: 0};
  $("download-json").disabled = true;
  updateBrowse();
}

async function stop() {
  const current = search;
  if (!current) return;
  try {
    await post(`/api/searches/${current.id}/stop`, {});
  } catch (error) {
    showError(error.message);
  }
}

function running(on) {
  const stopFocused = document.activeElement === $("stop");
  for (const id of ["solve", "count", "unique", "all", "solve-fillit"]) $(id).disabled = on;
  $("stop").disabled = !on;
  if (on) $("stop").focus();
  else if (stopFocused) $("solve").focus();  // the keyboard keeps its place
}

function show(drawn) {
  shownSvg = drawn.svg;
  const picture = $("picture");
  picture.innerHTML = drawn.picture || drawn.svg;  // shown without its legend: the list is beside it
  picture.setAttribute("aria-label", `Solution ${drawn.number}: ${drawn.text.join(" / ")}`);
  showSolid(drawn.cubes);
  $("solution-text").textContent = drawn.text.join("\n");
  const legend = $("legend");
  legend.replaceChildren(...drawn.legend.map((item) => {
    const li = document.createElement("li");
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = item.colour;
    li.append(swatch, item.name === item.label ? item.name : `${item.name} (${item.label})`);
    return li;
  }));
  $("download-svg").disabled = false;
}

function showSolid(cubes) {
  // A box of cubes is drawn in 3D too, in the view the solution before left (its angle, zoom,
  // pieces pulled apart); without WebGL the panel says so and the layers show it.
  $("solid").hidden = !cubes;
  if (!cubes) return;
  for (const id of ["box", "box-names"]) $(id).hidden = !solid;
  $("solid").querySelector("[role=toolbar]").hidden = !solid;
  $("no-webgl").hidden = Boolean(solid);
  if (!solid) return;
  const options = cubes.map((piece) => new Option(piece.name, piece.name));
  $("alone").replaceChildren(new Option("every piece", ""), ...options);
  solid.show(cubes);
  $("alone").value = solid.alone;
}

function clearPicture(message) {
  $("solid").hidden = true;
  $("picture").replaceChildren();
  $("picture").setAttribute("aria-label", message);
  $("legend").replaceChildren();
  $("solution-text").textContent = "";
  shownSvg = "";
  $("download-svg").disabled = true;
}

function updateBrowse() {
  const many = browse.id !== null && browse.count > 0;
  $("previous").disabled = !many || browse.number <= 1;
  $("next").disabled = !many || browse.number >= browse.count;
  $("go").disabled = !many;
  $("jump").max = browse.count;
  if (many) $("jump").value = browse.number;
  $("position").textContent = many ? `Solution ${NUMBER.format(browse.number)} of ${NUMBER.format(browse.count)}` : "";
}

async function goTo(number) {
  if (browse.id === null || number < 1 || number > browse.count) {
    showError(`Choose a solution from 1 to ${browse.count}.`);
    return;
  }
  try {
    const response = await fetch(`/api/searches/${browse.id}/solutions/${number}`);
    const data = await response.json();
    if (!response.ok) throw new Error(data.error);
    showError("");
    browse.number = number;
    show(data);
    updateBrowse();
  } catch (error) {
    showError(error.message);
  }
}

function save(name, blob) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function checkPuzzle() {
  // The server reads the puzzle as `dlx tile` does: its error, if any, shows at once.
  try {
    const text = $("text").value;
    const figures = await (await post("/api/check", job("count"))).json();
    showError("");
    if ($("text").value !== text) return;  // an older text's answer
    if (state.spec) followSpec(figures);
    else if (state.boardName) namedBoard(figures.board);
  } catch (error) {
    if (!search) failed(error.message, "The puzzle has an error.");
    else showError(error.message);
  }
}

function fillitText() {
  // A fillit input ends in a newline; a textarea's value often lacks it: the page adds it.
  const text = $("fillit").value;
  return text && !text.endsWith("\n") ? `${text}\n` : text;
}

function followSpec(figures) {
  // Knuth's spec lines say their grid and board only as the server reads them: the panel
  // follows (Flip as `dlx tile` has it there by default), not the board shown before.
  state.grid = figures.grid;
  if (state.flip === null) state.flip = figures.grid !== "cube";
  drawAll();
  namedBoard(figures.board);
}

function namedBoard(rows) {
  // The editor's size follows a named board's cells, as the server draws them.
  const read = readDrawing([...rows], state.grid);
  state.rows = Math.min(62, read.rows);
  state.columns = Math.min(62, read.columns);
  state.layers = Math.min(62, read.layers);
  $("rows").value = state.rows;
  $("columns").value = state.columns;
  $("layers").value = state.layers;
}

function looksFillit(text) {
  return /^[.#\s]+$/.test(text) && text.includes("#");
}

function openText(text) {
  if (looksFillit(text)) {
    $("fillit").value = text;
    $("fillit").focus();
    return;
  }
  setText(text);
  checkPuzzle();
}

// ---- wiring ----

function wire() {
  $("grid").addEventListener("change", () => {
    state.grid = $("grid").value;
    state.flip = state.grid !== "cube";
    state.sets = [];
    state.board = new Map();
    state.pieces.forEach((p) => { p.cells = new Set(); p.flip = state.flip; });
    state.spec = false;
    drawAll();
    changed();
  });
  $("rotate").addEventListener("change", () => {
    const before = state.rotate;
    state.rotate = $("rotate").checked;
    state.pieces.forEach((p) => { if (p.rotate === before) p.rotate = state.rotate; });
    drawPieces();
    changed();
  });
  $("flip").addEventListener("change", () => {
    const before = state.flip;
    state.flip = $("flip").checked;
    state.pieces.forEach((p) => { if (p.flip === before) p.flip = state.flip; });
    drawPieces();
    changed();
  });
  $("board-name").addEventListener("change", () => {
    state.boardName = $("board-name").value.trim();
    drawBoard();
    changed();
  });
  for (const [id, key] of [["rows", "rows"], ["columns", "columns"], ["layers", "layers"]]) {
    $(id).addEventListener("change", () => {
      state[key] = Math.max(1, Math.min(62, Number($(id).value) || 1));
      drawBoard();
    });
  }
  $("fill-board").addEventListener("click", () => {
    const layers = state.grid === "cube" ? state.layers : 1;
    state.boardName = "";
    for (const [z, r, c] of positions(state.rows, state.columns, layers)) state.board.set(`${z},${r},${c}`, "#");
    drawAll();
    changed();
  });
  $("clear-board").addEventListener("click", () => {
    state.board = new Map();
    drawBoard();
    changed();
  });
  $("add-piece").addEventListener("click", () => {
    const used = new Set(state.pieces.map((p) => p.name));
    const name = [..."abcdefghijklmnopqrstuvwxyz"].find((n) => !used.has(n)) || `p${used.size + 1}`;
    const solid = state.grid === "cube";
    state.pieces.push({name, copies: "1", rotate: state.rotate, flip: state.flip, cells: new Set(),
      rows: solid ? 3 : 4, columns: solid ? 3 : 5, layers: solid ? 2 : 1});
    drawPieces();
    changed();
    const boxes = $("pieces").querySelectorAll("fieldset");
    boxes[boxes.length - 1].querySelector("input").focus();
  });
  $("text").addEventListener("change", () => {
    readText($("text").value);
    drawAll();
    keepInUrl();
    checkPuzzle();
  });
  $("sets").addEventListener("change", () => changed());
  $("open").addEventListener("change", async () => {
    const file = $("open").files[0];
    if (!file) return;
    if (file.size > 1024 * 1024) {
      showError(`${file.name}: larger than 1048576 bytes`);
      return;
    }
    openText(await file.text());
    $("open").value = "";
  });
  $("examples").addEventListener("change", async () => {
    const name = $("examples").value;
    if (!name) return;
    const data = await (await fetch(`/api/examples/${encodeURIComponent(name)}`)).json();
    if (data.fillit) { $("fillit").value = data.text; } else { setText(data.text); checkPuzzle(); }
  });
  $("solve").addEventListener("click", () => start("solve"));
  $("count").addEventListener("click", () => start("count"));
  $("unique").addEventListener("click", () => start("unique"));
  $("all").addEventListener("click", () => start("all"));
  $("solve-fillit").addEventListener("click", () => start("fillit"));
  $("stop").addEventListener("click", stop);
  $("previous").addEventListener("click", () => goTo(browse.number - 1));
  $("next").addEventListener("click", () => goTo(browse.number + 1));
  $("go").addEventListener("click", () => goTo(Number($("jump").value)));
  $("jump").addEventListener("keydown", (event) => { if (event.key === "Enter") goTo(Number($("jump").value)); });
  $("download-puzzle").addEventListener("click", () => {
    save("puzzle.txt", new Blob([$("text").value], {type: "text/plain"}));
  });
  $("download-svg").addEventListener("click", () => {
    if (shownSvg) save("solution.svg", new Blob([shownSvg], {type: "image/svg+xml"}));
  });
  $("download-json").addEventListener("click", async () => {
    const response = await fetch(`/api/searches/${browse.id}/solutions.json`);
    if (!response.ok) { showError((await response.json()).error); return; }
    save("solutions.json", await response.blob());
  });
  $("download-dlx").addEventListener("click", async () => {
    try {
      const response = await post("/api/dlx", job("count"));
      save("puzzle.dlx", await response.blob());
      showError("");
    } catch (error) {
      showError(error.message);
    }
  });
  $("explode").addEventListener("input", () => solid.set({explode: Number($("explode").value) / 100}));
  $("alone").addEventListener("change", () => solid.set({alone: $("alone").value}));
  $("reset-view").addEventListener("click", () => solid.reset());
  window.addEventListener("pagehide", () => {
    if (search) navigator.sendBeacon(`/api/searches/${search.id}/stop`);
  });
}

function loadLink() {
  // The puzzle a `#puzzle=` link carries, with its options; false when it carries none.
  const params = new URLSearchParams(location.hash.slice(1));
  const text = params.get("puzzle");
  if (!text) return false;
  setText(text);
  if (params.get("rotate") === "0") state.rotate = false;
  if (params.has("flip")) state.flip = params.get("flip") === "1";
  try {
    const fixed = JSON.parse(params.get("pieces") || "{}");
    for (const p of state.pieces) if (fixed[p.name]) Object.assign(p, fixed[p.name]);
  } catch (e) { /* a hand-made link: the pieces keep the puzzle's options */ }
  drawAll();
  keepInUrl();
  return true;
}

async function init() {
  solid = typeof Cube3D === "undefined" ? null : Cube3D.create($("box"), $("box-names"));
  wire();
  try {
    knownSets = await (await fetch("/api/sets")).json();
    const examples = await (await fetch("/api/examples")).json();
    for (const e of examples) {
      const option = document.createElement("option");
      option.value = e.name;
      option.textContent = e.title;
      $("examples").appendChild(option);
    }
  } catch (error) {
    showError("The server did not answer: is `dlx studio` still running?");
  }
  if (!loadLink()) setText("board 6x10\npieces pentominoes\n");
  await checkPuzzle();
  window.addEventListener("hashchange", () => { if (loadLink()) checkPuzzle(); });
  document.body.dataset.ready = "true";  // the page is wired and holds its first puzzle
}

document.addEventListener("DOMContentLoaded", init);
