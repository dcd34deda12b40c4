// dlx studio: a solved box of cubes in 3D, drawn with WebGL by hand (no library, no build step).
//
// The server sends each piece's cells as (row, column, layer), the lowest layer 0, with its
// name and colour (`dlx/studio/drawing.py`). Here a cell is a unit cube: the column runs to the
// right, the layer up, the row towards the viewer. Each piece is drawn as its outer surface (no
// face between two cubes of the same piece), every face lit by one light from above, and a dark
// line where the piece's surface turns or ends (as the isometric picture draws it). Pulling the
// pieces apart moves each one from the box's middle along the line through its own middle.
//
// The view (its turn, tilt and zoom) belongs to the panel, not to a solution: drawing the next
// solution keeps it. Drag to turn, wheel or pinch to zoom; arrow keys turn and + or - zoom.
"use strict";

const Cube3D = (() => {
  const VERTEX = `
    attribute vec3 position; attribute vec3 normal; attribute vec3 colour;
    uniform mat4 model; uniform mat4 projection; uniform float lit;
    varying vec3 shade;
    void main() {
      vec3 n = (model * vec4(normal, 0.0)).xyz;
      float light = 0.55 + 0.45 * max(dot(n, normalize(vec3(-0.3, 0.8, 0.6))), 0.0);
      shade = mix(colour, colour * light, lit);
      gl_Position = projection * model * vec4(position, 1.0);
    }`;
  const FRAGMENT = `
    precision mediump float;
    varying vec3 shade;
    void main() { gl_FragColor = vec4(shade, 1.0); }`;
  // each face of a unit cube: its outward normal and its four corners (counter-clockwise)
  const FACES = [
    [[1, 0, 0], [[1, 0, 0], [1, 1, 0], [1, 1, 1], [1, 0, 1]]],
    [[-1, 0, 0], [[0, 0, 0], [0, 0, 1], [0, 1, 1], [0, 1, 0]]],
    [[0, 1, 0], [[0, 1, 0], [0, 1, 1], [1, 1, 1], [1, 1, 0]]],
    [[0, -1, 0], [[0, 0, 0], [1, 0, 0], [1, 0, 1], [0, 0, 1]]],
    [[0, 0, 1], [[0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]]],
    [[0, 0, -1], [[0, 0, 0], [0, 1, 0], [1, 1, 0], [1, 0, 0]]],
  ];
  const LINE = [0.13, 0.13, 0.15];

  function multiply(a, b) {
    // a x b, 4 x 4 matrices in WebGL's order (column after column)
    const out = new Float32Array(16);
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++) {
        let sum = 0;
        for (let k = 0; k < 4; k++) sum += a[k * 4 + i] * b[j * 4 + k];
        out[j * 4 + i] = sum;
      }
    }
    return out;
  }

  function rotation(axis, angle) {
    const c = Math.cos(angle), s = Math.sin(angle);
    return axis === "x"
      ? new Float32Array([1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1])
      : new Float32Array([c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1]);
  }

  function translation(x, y, z) {
    return new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1]);
  }

  function perspective(fov, aspect, near, far) {
    const f = 1 / Math.tan(fov / 2), d = near - far;
    return new Float32Array([f / aspect, 0, 0, 0, 0, f, 0, 0, 0, 0, (far + near) / d, -1,
      0, 0, 2 * far * near / d, 0]);
  }

  function rgb(hex) {
    const n = parseInt(hex.slice(1), 16);
    return [(n >> 16 & 255) / 255, (n >> 8 & 255) / 255, (n & 255) / 255];
  }

  function world([row, column, layer]) {
    // a cell's corner in the view's space: the column to the right, the layer up, the row out
    return [column, layer, row];
  }

  function surface(piece, offset) {
    // The triangles of a piece's outer surface and the lines where it turns or ends, each a
    // flat list of (position, normal, colour) vertices.
    const own = new Set(piece.cells.map((cell) => world(cell).join(",")));
    const has = (p) => own.has(p.join(","));
    const colour = rgb(piece.colour);
    const faces = [], lines = [];
    for (const cell of piece.cells) {
      const p = world(cell);
      for (const [n, corners] of FACES) {
        if (has(p.map((v, k) => v + n[k]))) continue;
        const at = corners.map((c) => c.map((v, k) => v + p[k] + offset[k]));
        for (const i of [0, 1, 2, 0, 2, 3]) faces.push(...at[i], ...n, ...colour);
        for (let i = 0; i < 4; i++) {
          const a = corners[i], b = corners[(i + 1) % 4];
          // across this edge, in the face's plane: the same face of the next cube goes on
          const d = a.map((v, k) => (v + b[k]) / 2 - 0.5 - n[k] / 2).map((v) => Math.sign(v));
          const next = p.map((v, k) => v + d[k]);
          if (has(next) && !has(next.map((v, k) => v + n[k]))) continue;
          lines.push(...at[i], ...n, ...LINE, ...at[(i + 1) % 4], ...n, ...LINE);
        }
      }
    }
    return {faces, lines};
  }

  function middle(cells) {
    const sum = [0, 0, 0];
    for (const cell of cells) world(cell).forEach((v, k) => { sum[k] += v + 0.5; });
    return sum.map((v) => v / cells.length);
  }

  function program(gl) {
    const made = gl.createProgram();
    for (const [kind, source] of [[gl.VERTEX_SHADER, VERTEX], [gl.FRAGMENT_SHADER, FRAGMENT]]) {
      const shader = gl.createShader(kind);
      gl.shaderSource(shader, source);
      gl.compileShader(shader);
      gl.attachShader(made, shader);
    }
    gl.linkProgram(made);
    return made;
  }

  function create(canvas, names) {
    // The view on `canvas` (with the pieces' names in `names`, laid over it), or null where
    // the browser has no WebGL.
    const gl = canvas.getContext("webgl", {preserveDrawingBuffer: true, antialias: true});
    if (!gl) return null;
    const shaders = program(gl);
    if (!gl.getProgramParameter(shaders, gl.LINK_STATUS)) return null;
    const buffers = {faces: gl.createBuffer(), lines: gl.createBuffer()};
    const view = {yaw: -0.6, pitch: 0.5, zoom: 1, explode: 0, alone: "", pieces: []};
    let counts = {faces: 0, lines: 0}, centre = [0, 0, 0], radius = 1, queued = false;

    function build() {
      // The vertices of the pieces shown, each pulled from the box's middle as asked.
      const shown = view.pieces.filter((p) => !view.alone || p.name === view.alone);
      const all = view.pieces.flatMap((p) => p.cells);
      centre = all.length ? middle(all) : [0, 0, 0];
      // the sphere round every cube's corners, which the view keeps in sight
      radius = Math.max(1, ...all.map((c) => Math.hypot(...world(c).map((v, k) => v + 0.5 - centre[k])) + 0.87));
      const faces = [], lines = [];
      for (const piece of shown) {
        const away = middle(piece.cells).map((v, k) => (v - centre[k]) * view.explode);
        piece.away = away;
        const drawn = surface(piece, away);
        faces.push(...drawn.faces);
        lines.push(...drawn.lines);
      }
      for (const [key, data] of [["faces", faces], ["lines", lines]]) {
        gl.bindBuffer(gl.ARRAY_BUFFER, buffers[key]);
        gl.bufferData(gl.ARRAY_BUFFER, new Float32Array(data), gl.STATIC_DRAW);
        counts[key] = data.length / 9;
      }
      label(shown);
    }

    function label(shown) {
      names.replaceChildren(...shown.map((piece) => {
        const tag = document.createElement("span");
        tag.textContent = piece.name;
        tag.style.borderColor = piece.colour;
        tag.dataset.piece = piece.name;
        return tag;
      }));
    }

    function matrices() {
      const model = multiply(translation(0, 0, -radius * (1 + view.explode) * 3.6 * view.zoom),
        multiply(rotation("x", view.pitch), multiply(rotation("y", view.yaw),
          translation(-centre[0], -centre[1], -centre[2]))));
      const aspect = canvas.width / canvas.height;
      return {model, projection: perspective(0.6, aspect, 0.1, 1000)};
    }

    function place(model, projection) {
      // each piece's name over its middle, as the view turns
      const both = multiply(projection, model);
      for (const tag of names.children) {
        const piece = view.pieces.find((p) => p.name === tag.dataset.piece);
        const m = middle(piece.cells).map((v, k) => v + piece.away[k]);
        const x = [0, 1, 2, 3].map((i) => both[i] * m[0] + both[4 + i] * m[1] + both[8 + i] * m[2] + both[12 + i]);
        tag.style.left = `${(x[0] / x[3] + 1) * 50}%`;
        tag.style.top = `${(1 - x[1] / x[3]) * 50}%`;
      }
    }

    function draw() {
      queued = false;
      const width = Math.max(1, Math.round(canvas.clientWidth * (window.devicePixelRatio || 1)));
      const height = Math.round(width * 0.75);
      if (canvas.width !== width || canvas.height !== height) [canvas.width, canvas.height] = [width, height];
      gl.viewport(0, 0, width, height);
      gl.clearColor(1, 1, 1, 1);
      gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
      gl.enable(gl.DEPTH_TEST);
      gl.useProgram(shaders);
      const {model, projection} = matrices();
      gl.uniformMatrix4fv(gl.getUniformLocation(shaders, "model"), false, model);
      gl.uniformMatrix4fv(gl.getUniformLocation(shaders, "projection"), false, projection);
      gl.enable(gl.POLYGON_OFFSET_FILL);
      gl.polygonOffset(1, 1);  // the lines lie on the faces: the faces step back
      for (const [key, mode, lit] of [["faces", gl.TRIANGLES, 1], ["lines", gl.LINES, 0]]) {
        if (!counts[key]) continue;
        gl.uniform1f(gl.getUniformLocation(shaders, "lit"), lit);
        gl.bindBuffer(gl.ARRAY_BUFFER, buffers[key]);
        ["position", "normal", "colour"].forEach((name, i) => {
          const at = gl.getAttribLocation(shaders, name);
          gl.enableVertexAttribArray(at);
          gl.vertexAttribPointer(at, 3, gl.FLOAT, false, 36, i * 12);
        });
        gl.drawArrays(mode, 0, counts[key]);
      }
      place(model, projection);
      canvas.dataset.view = [view.yaw, view.pitch, view.zoom].map((v) => v.toFixed(4)).join(" ");
    }

    function redraw() {
      if (!queued) { queued = true; requestAnimationFrame(draw); }
    }

    function turn(dx, dy) {
      view.yaw += dx;
      view.pitch = Math.max(-Math.PI / 2, Math.min(Math.PI / 2, view.pitch + dy));
      redraw();
    }

    function zoom(factor) {
      view.zoom = Math.max(0.3, Math.min(4, view.zoom * factor));
      redraw();
    }

    const pointers = new Map();
    canvas.addEventListener("pointerdown", (event) => {
      canvas.setPointerCapture(event.pointerId);
      pointers.set(event.pointerId, [event.clientX, event.clientY]);
    });
    canvas.addEventListener("pointermove", (event) => {
      const was = pointers.get(event.pointerId);
      if (!was) return;
      const spread = () => (pointers.size === 2 ? Math.hypot(...[...pointers.values()].reduce((a, b) => [a[0] - b[0], a[1] - b[1]])) : 0);
      const before = spread();
      pointers.set(event.pointerId, [event.clientX, event.clientY]);
      if (pointers.size === 2) { if (before && spread()) zoom(before / spread()); return; }
      turn((event.clientX - was[0]) * 0.01, (event.clientY - was[1]) * 0.01);
    });
    for (const end of ["pointerup", "pointercancel"]) {
      canvas.addEventListener(end, (event) => pointers.delete(event.pointerId));
    }
    canvas.addEventListener("wheel", (event) => {
      event.preventDefault();
      zoom(Math.exp(event.deltaY * 0.001));
    }, {passive: false});
    canvas.addEventListener("keydown", (event) => {
      const keys = {ArrowLeft: [-0.1, 0], ArrowRight: [0.1, 0], ArrowUp: [0, -0.1], ArrowDown: [0, 0.1]};
      if (keys[event.key]) turn(...keys[event.key]);
      else if (event.key === "+" || event.key === "=") zoom(1 / 1.1);
      else if (event.key === "-") zoom(1.1);
      else return;
      event.preventDefault();
    });
    window.addEventListener("resize", redraw);

    return {
      show(pieces) {  // a solution's pieces, in the view as it stands
        view.pieces = pieces;
        if (!pieces.some((p) => p.name === view.alone)) view.alone = "";
        build();
        draw();
      },
      set(options) {  // explode (0: together, 1: apart by their distance from the middle), alone
        Object.assign(view, options);
        build();
        draw();
      },
      reset() {
        Object.assign(view, {yaw: -0.6, pitch: 0.5, zoom: 1});
        draw();
      },
      get alone() { return view.alone; },
    };
  }

  return {create};
})();
