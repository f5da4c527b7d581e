// carender preview: the page. It asks the server for frames, the layer tree, hit tests, layer
// values and the timeline; everything is drawn here, nothing is loaded from elsewhere.
'use strict';

const $ = (id) => document.getElementById(id);
// Numbers the server cannot write as JSON numbers (endless repeats, gaps) arrive as strings.
const num = (v) => (typeof v === 'string' ? Number(v) : v);
const fmt = (x, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : String(x));

const studio = {
  info: null,          // the stage: size, duration, fps, frame count
  version: 0,          // the build shown
  changes: -1,         // the server's change counter (for /api/events)
  consoleSeen: 0,
  frame: 0,            // the frame asked for
  shownFrame: -1,      // the frame on the canvas
  shownVersion: 0,
  playing: false,
  direction: 1,        // 1 forwards, -1 backwards (J)
  loop: true,
  speed: 1,
  inFlight: false,
  wanted: null,
  shownTimes: [],      // when frames were shown, for the achieved fps
  achievedFps: 0,
  layers: [],
  selected: null,      // layer path as "0.1.2" ('' is the root)
  values: [],
  timeline: null,
  chosenAnimation: null,
  status: 'starting',
  diagnostics: [],
  errors: [],          // page errors, for tests
};
window.studio = studio;

const frameCount = () => (studio.info ? Math.max(1, studio.info.frames) : 1);
const lastFrame = () => frameCount() - 1;
const timeOf = (n) => (studio.info ? n / studio.info.fps : 0);
const totalDuration = () => (studio.info ? Math.max(studio.info.duration, timeOf(lastFrame()), 1e-6) : 1);

// MARK: - Frames

/// Shows frame `n`: at most one request is in flight; a newer wish replaces an older one, so
/// frames that cannot keep up are dropped, never queued.
function requestFrame(n) {
  n = Math.max(0, Math.min(lastFrame(), Math.round(n)));
  studio.frame = n;
  updateTimeReadout();
  if (studio.inFlight) { studio.wanted = n; return; }
  if (n === studio.shownFrame && studio.shownVersion === studio.version) return;
  fetchFrame(n);
}

async function fetchFrame(n) {
  studio.inFlight = true;
  studio.wanted = null;
  const t = timeOf(n);
  try {
    const response = await fetch(`/api/frame?t=${t}`);
    if (response.ok) {
      const blob = await response.blob();
      const bitmap = await createImageBitmap(blob, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
      const canvas = $('frame');
      if (canvas.width !== bitmap.width || canvas.height !== bitmap.height) {
        canvas.width = bitmap.width;
        canvas.height = bitmap.height;
        fitCanvas();
      }
      const context = canvas.getContext('2d');
      context.clearRect(0, 0, canvas.width, canvas.height);
      context.drawImage(bitmap, 0, 0);
      bitmap.close();
      studio.shownFrame = n;
      studio.shownVersion = Number(response.headers.get('X-Preview-Version')) || studio.version;
      const ms = response.headers.get('X-Render-Milliseconds');
      $('render-ms').textContent = ms === 'cached' ? 'cached' : `${ms} ms`;
      noteShown();
      positionSelection();
      if (!studio.playing) refreshDetails();
    }
  } catch (error) {
    // The server restarting, or stopped: the next event poll reports it.
  } finally {
    studio.inFlight = false;
  }
  if (studio.wanted !== null && (studio.wanted !== studio.shownFrame || studio.shownVersion !== studio.version)) {
    fetchFrame(studio.wanted);
  } else if (studio.playing) {
    playTick();
  }
}

/// Shows the frame as large as the viewer allows, keeping its aspect ratio (the canvas keeps
/// the frame's own pixels; only its displayed size changes).
function fitCanvas() {
  if (!studio.info) return;
  const viewer = $('viewer');
  const width = viewer.clientWidth - 24, height = viewer.clientHeight - 24;
  const scale = Math.max(0.05, Math.min(width / studio.info.width, height / studio.info.height));
  const canvas = $('frame');
  canvas.style.width = `${Math.floor(studio.info.width * scale)}px`;
  canvas.style.height = `${Math.floor(studio.info.height * scale)}px`;
  // Enlarged, each pixel shows as a square (what a render wrote); reduced, smoothly.
  canvas.style.imageRendering = scale * studio.info.scale > 1 ? 'pixelated' : 'auto';
  positionSelection();
}

function noteShown() {
  const now = performance.now();
  studio.shownTimes.push(now);
  while (studio.shownTimes.length && now - studio.shownTimes[0] > 1000) studio.shownTimes.shift();
  if (studio.playing) {
    studio.achievedFps = studio.shownTimes.length;
    $('fps').textContent = `${studio.achievedFps} / ${fmt(studio.info.fps * studio.speed, 0)} fps`;
  }
}

// MARK: - Playback

let playStart = null; // { wall, frame }

function play(direction = 1) {
  if (!studio.info) return;
  if (studio.playing && studio.direction === direction) return;
  studio.direction = direction;
  if (direction > 0 && studio.frame >= lastFrame() && !studio.inFlight) studio.frame = 0;
  if (direction < 0 && studio.frame <= 0) studio.frame = lastFrame();
  studio.playing = true;
  studio.shownTimes = [];
  playStart = { wall: performance.now(), frame: studio.frame };
  $('play').textContent = '⏸';
  requestAnimationFrame(playTick);
}

function pause() {
  studio.playing = false;
  $('play').textContent = '▶︎';
  $('fps').textContent = studio.achievedFps ? `${studio.achievedFps} fps (last play)` : '– fps';
  refreshDetails();
}

/// The frame the real-time clock is at now.
function playTick() {
  if (!studio.playing) return;
  const elapsed = (performance.now() - playStart.wall) / 1000;
  let target = playStart.frame + studio.direction * Math.floor(elapsed * studio.info.fps * studio.speed);
  const count = frameCount();
  if (target > lastFrame() || target < 0) {
    if (studio.loop) {
      target = ((target % count) + count) % count;
    } else {
      requestFrame(target < 0 ? 0 : lastFrame());
      pause();
      return;
    }
  }
  if (!studio.inFlight && (target !== studio.shownFrame || studio.shownVersion !== studio.version)) requestFrame(target);
  else { studio.frame = target; updateTimeReadout(); }
  if (studio.inFlight) return; // fetchFrame calls back when its frame is shown
  requestAnimationFrame(playTick);
}

function togglePlay() { studio.playing ? pause() : play(1); }

function step(delta) {
  if (studio.playing) pause();
  requestFrame(studio.frame + delta);
}

function updateTimeReadout() {
  const n = studio.frame;
  $('time').textContent = `${fmt(timeOf(n))} s · frame ${n} / ${lastFrame()}`;
  const ruler = $('ruler');
  $('playhead').style.left = `${(timeOf(n) / totalDuration()) * ruler.clientWidth}px`;
  $('playhead').style.height = `${$('timeline').clientHeight}px`;
}

// MARK: - Ruler and scrubbing

function drawRuler() {
  const canvas = $('ruler');
  const width = canvas.clientWidth;
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(width * ratio));
  canvas.height = Math.round(34 * ratio);
  const c = canvas.getContext('2d');
  c.scale(ratio, ratio);
  c.clearRect(0, 0, width, 34);
  if (!studio.info) return;
  const duration = totalDuration();
  const fps = studio.info.fps;
  const perSecond = width / duration;
  // Seconds: a label every step that leaves ~70 px between labels.
  const steps = [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600];
  const secondStep = steps.find((s) => s * perSecond >= 70) || steps[steps.length - 1];
  c.fillStyle = '#8b9099';
  c.strokeStyle = '#4a4e56';
  c.font = '11px system-ui, sans-serif';
  // Frames: a tick per frame when there is room, else every 5th or 10th.
  const perFrame = perSecond / fps;
  const frameStep = [1, 2, 5, 10, 30, 60, 120].find((s) => s * perFrame >= 4) || 240;
  c.beginPath();
  for (let f = 0; f <= lastFrame(); f += frameStep) {
    const x = Math.round((f / fps) * perSecond) + 0.5;
    c.moveTo(x, 26); c.lineTo(x, 34);
  }
  c.stroke();
  c.fillStyle = '#5f646d';
  c.font = '10px system-ui, sans-serif';
  const labelStep = frameStep * Math.max(1, Math.ceil(40 / (frameStep * perFrame)));
  for (let f = 0; f <= lastFrame(); f += labelStep) {
    const x = (f / fps) * perSecond;
    if (x < width - 20) c.fillText(`${f}f`, x + 2, 24);
  }
  c.strokeStyle = '#8b9099';
  c.fillStyle = '#c4c7cc';
  c.font = '11px system-ui, sans-serif';
  c.beginPath();
  for (let s = 0; s <= duration + 1e-9; s += secondStep) {
    const x = Math.round(s * perSecond) + 0.5;
    c.moveTo(x, 0); c.lineTo(x, 12);
    if (x < width - 24) c.fillText(`${+s.toFixed(2)}s`, x + 3, 11);
  }
  c.stroke();
  updateTimeReadout();
}

function frameAtRulerX(clientX) {
  const rect = $('ruler').getBoundingClientRect();
  const fraction = Math.max(0, Math.min(1, (clientX - rect.left) / rect.width));
  return Math.round(fraction * totalDuration() * studio.info.fps);
}

function setupScrubbing() {
  const ruler = $('ruler');
  let dragging = false;
  ruler.addEventListener('pointerdown', (event) => {
    if (!studio.info) return;
    dragging = true;
    ruler.setPointerCapture(event.pointerId);
    if (studio.playing) pause();
    requestFrame(frameAtRulerX(event.clientX));
  });
  ruler.addEventListener('pointermove', (event) => {
    if (dragging) requestFrame(frameAtRulerX(event.clientX));
  });
  const end = () => { dragging = false; };
  ruler.addEventListener('pointerup', end);
  ruler.addEventListener('pointercancel', end);
}

// MARK: - Timeline tracks

function drawTracks() {
  const tracks = $('tracks');
  tracks.textContent = '';
  const timeline = studio.timeline;
  if (!timeline || !studio.info) return;
  const width = $('ruler').clientWidth;
  const duration = totalDuration();
  const x = (t) => Math.max(0, Math.min(width, (t / duration) * width));
  const rows = new Map();
  timeline.animations.forEach((animation, index) => {
    if (animation.child) return;
    const key = animation.layer.join('.');
    if (!rows.has(key)) rows.set(key, []);
    rows.get(key).push(index);
  });
  for (const [key, indices] of rows) {
    const row = document.createElement('div');
    row.className = 'track';
    row.dataset.layer = key;
    if (key === studio.selected) row.classList.add('selected');
    const first = timeline.animations[indices[0]];
    const label = document.createElement('div');
    label.className = 'label';
    label.textContent = first.layerName || (key === '' ? 'root' : `layer ${key}`);
    label.addEventListener('click', () => selectLayer(key));
    row.appendChild(label);
    for (const index of indices) {
      const animation = timeline.animations[index];
      addBar(row, animation, index, x, false);
      for (const child of animation.children || []) addBar(row, timeline.animations[child], child, x, true);
    }
    tracks.appendChild(row);
  }
  updateTimeReadout();
}

function addBar(row, animation, index, x, isChild) {
  const begin = num(animation.begin);
  const endTime = num(animation.end);
  const end = Number.isFinite(endTime) ? endTime : totalDuration();
  const left = x(begin), right = Math.max(x(end), left + 2);
  const kinds = { CASpringAnimation: 'spring', CAKeyframeAnimation: 'keyframe', CAAnimationGroup: 'group', CATransition: 'transition' };
  const bar = document.createElement('div');
  bar.className = `bar ${kinds[animation.kind] || ''}${isChild ? ' child' : ''}`;
  if (studio.chosenAnimation === index) bar.classList.add('chosen');
  bar.style.left = `${left}px`;
  bar.style.width = `${right - left}px`;
  bar.dataset.index = index;
  if (!isChild) bar.textContent = animation.keyPath || animation.kind.replace('CA', '');
  // Iterations and autoreversed halves, in stage time.
  const iteration = animation.duration / Math.abs(animation.speed || 1);
  const span = end - begin;
  if (iteration > 0 && span / iteration <= 60) {
    const half = animation.autoreverses ? iteration : 0;
    const period = iteration * (animation.autoreverses ? 2 : 1);
    for (let t = 0; t < span - 1e-9; t += period) {
      if (t > 0) mark(bar, 'iteration', t / span, 0);
      if (half && t + half < span) mark(bar, 'reverse', (t + half) / span, Math.min(half, span - t - half) / span);
    }
  }
  bar.addEventListener('mouseenter', (event) => showTooltip(event, describeAnimation(animation)));
  bar.addEventListener('mousemove', moveTooltip);
  bar.addEventListener('mouseleave', hideTooltip);
  bar.addEventListener('click', (event) => { event.stopPropagation(); chooseAnimation(index); });
  row.appendChild(bar);
  // Fill modes: the value held before and after the active period.
  const fill = animation.fillMode;
  const held = !animation.removedOnCompletion;
  if ((fill === 'forwards' || fill === 'both') && held && Number.isFinite(endTime)) addFill(row, right, x(totalDuration()));
  if (fill === 'backwards' || fill === 'both') addFill(row, 0, left);
}

function mark(bar, kind, at, width) {
  const m = document.createElement('div');
  m.className = kind;
  m.style.left = `${at * 100}%`;
  if (width) m.style.width = `${width * 100}%`;
  bar.appendChild(m);
}

function addFill(row, from, to) {
  if (to - from < 1) return;
  const f = document.createElement('div');
  f.className = 'fill';
  f.style.left = `${from}px`;
  f.style.width = `${to - from}px`;
  row.appendChild(f);
}

function timingText(animation) {
  if (animation.spring) {
    const [mass, stiffness, damping, velocity, settling] = animation.spring.map(num);
    return `spring mass ${mass}, stiffness ${stiffness}, damping ${damping}, initial velocity ${velocity} (settles in ${fmt(settling)} s)`;
  }
  if (animation.controlPoints) return `cubic-bezier(${animation.controlPoints.map((v) => +num(v).toFixed(3)).join(', ')})`;
  return 'linear';
}

function describeAnimation(a) {
  const lines = [
    `${a.keyPath || a.kind}  —  ${a.kind}`,
    `layer ${a.layerName || a.layer.join('.') || 'root'}, key "${a.key}"`,
    `timing: ${timingText(a)}`,
    `begins ${fmt(num(a.begin))} s, ends ${Number.isFinite(num(a.end)) ? fmt(num(a.end)) + ' s' : 'never'}; duration ${fmt(a.duration)} s`,
    `repeat count ${num(a.repeatCount)}, repeat duration ${num(a.repeatDuration)}, autoreverses ${a.autoreverses}, speed ${a.speed}`,
    `fill mode ${a.fillMode}${a.removedOnCompletion ? ', removed on completion' : ''}`,
  ];
  if (a.values.length) lines.push(`values: ${a.values.join('; ')}`);
  if (a.keyTimes) lines.push(`key times: ${a.keyTimes.join(', ')}`);
  return lines.join('\n');
}

function showTooltip(event, text) {
  const tip = $('tooltip');
  tip.textContent = text;
  tip.classList.remove('hidden');
  moveTooltip(event);
}
function moveTooltip(event) {
  const tip = $('tooltip');
  const x = Math.min(event.clientX + 12, window.innerWidth - tip.offsetWidth - 8);
  const y = Math.max(8, event.clientY - tip.offsetHeight - 12);
  tip.style.left = `${x}px`;
  tip.style.top = `${y}px`;
}
function hideTooltip() { $('tooltip').classList.add('hidden'); }

// MARK: - Layers, selection, values

let detailsTimer = null;
/// The layer tree and the selected layer's values at the frame shown (after a pause or a scrub).
function refreshDetails() {
  clearTimeout(detailsTimer);
  detailsTimer = setTimeout(async () => {
    if (!studio.info) return;
    const t = timeOf(studio.frame);
    try {
      const response = await fetch(`/api/layers?t=${t}`);
      if (response.ok) {
        studio.layers = await response.json();
        drawTree();
        positionSelection();
      }
      if (studio.selected !== null) await inspectSelected();
    } catch (error) { /* reported by the event poll */ }
  }, 60);
}

function drawTree() {
  const tree = $('tree');
  tree.textContent = '';
  for (const layer of studio.layers) {
    const key = layer.path.join('.');
    const item = document.createElement('li');
    item.setAttribute('role', 'treeitem');
    item.dataset.layer = key;
    item.style.paddingLeft = `${4 + layer.path.length * 12}px`;
    const name = document.createElement('span');
    name.textContent = layer.path.length && layer.path[layer.path.length - 1] === -1 ? `mask ${layer.name || ''}` : (layer.name || (key === '' ? 'root' : '(unnamed)'));
    const kind = document.createElement('span');
    kind.className = 'class';
    kind.textContent = layer.className;
    item.append(name, kind);
    if (layer.animationKeys.length) {
      const anim = document.createElement('span');
      anim.className = 'anim';
      anim.textContent = `● ${layer.animationKeys.length}`;
      anim.title = layer.animationKeys.join(', ');
      item.appendChild(anim);
    }
    if (layer.isHidden) item.classList.add('hidden-layer');
    if (key === studio.selected) item.classList.add('selected');
    item.addEventListener('click', () => selectLayer(key));
    tree.appendChild(item);
  }
}

async function selectLayer(key) {
  studio.selected = key;
  for (const item of document.querySelectorAll('#tree li, .track')) item.classList.toggle('selected', item.dataset.layer === key);
  positionSelection();
  await inspectSelected();
}

async function inspectSelected() {
  if (studio.selected === null) return;
  const t = timeOf(studio.frame);
  const response = await fetch(`/api/inspect?t=${t}&layer=${studio.selected}`);
  if (!response.ok) {
    $('selected-name').textContent = '— not in the tree at this time';
    $('values').textContent = '';
    return;
  }
  const inspection = await response.json();
  studio.values = inspection.values;
  $('selected-name').textContent = `${inspection.name || '(unnamed)'} · ${inspection.className}`;
  const animated = new Set(animatedKeyPaths(studio.selected));
  const table = $('values');
  table.textContent = '';
  for (const [keyPath, value] of inspection.values) {
    const row = table.insertRow();
    row.dataset.keyPath = keyPath;
    if (animated.has(keyPath)) row.classList.add('animated');
    row.insertCell().textContent = keyPath;
    row.insertCell().textContent = value;
  }
  drawGraphs();
}

function animatedKeyPaths(key) {
  if (!studio.timeline) return [];
  return studio.timeline.tracks.filter((track) => track.layer.join('.') === key).map((track) => track.keyPath);
}

function positionSelection() {
  const box = $('selection');
  const layer = studio.layers.find((l) => l.path.join('.') === studio.selected);
  const canvas = $('frame');
  if (!layer || !studio.info || !canvas.clientWidth) { box.classList.add('hidden'); return; }
  const sx = canvas.clientWidth / studio.info.width, sy = canvas.clientHeight / studio.info.height;
  const [x, y, w, h] = layer.frame;
  box.style.left = `${x * sx}px`;
  box.style.top = `${y * sy}px`;
  box.style.width = `${Math.max(2, w * sx)}px`;
  box.style.height = `${Math.max(2, h * sy)}px`;
  box.classList.remove('hidden');
}

async function hitTest(event) {
  if (!studio.info) return;
  const canvas = $('frame');
  const rect = canvas.getBoundingClientRect();
  const x = ((event.clientX - rect.left) / rect.width) * studio.info.width;
  const y = ((event.clientY - rect.top) / rect.height) * studio.info.height;
  const response = await fetch(`/api/hit?t=${timeOf(studio.frame)}&x=${x}&y=${y}`);
  if (!response.ok) return;
  const answer = await response.json();
  if (answer.path === null || answer.path === undefined) return;
  if (!studio.layers.length || studio.playing) {
    const layers = await fetch(`/api/layers?t=${timeOf(studio.frame)}`);
    if (layers.ok) { studio.layers = await layers.json(); drawTree(); }
  }
  await selectLayer(answer.path.join('.'));
}

// MARK: - Graphs of animated key paths

function drawGraphs() {
  const holder = $('graphs');
  holder.textContent = '';
  if (!studio.timeline || studio.selected === null) return;
  const times = studio.timeline.sampleTimes.map(num);
  for (const track of studio.timeline.tracks.filter((t) => t.layer.join('.') === studio.selected)) {
    const title = document.createElement('div');
    title.className = 'graph-title';
    title.textContent = `${track.keyPath} (${track.components.join(', ')})`;
    const canvas = document.createElement('canvas');
    holder.append(title, canvas);
    const width = holder.clientWidth || 280, height = 70, ratio = window.devicePixelRatio || 1;
    canvas.width = width * ratio; canvas.height = height * ratio;
    const c = canvas.getContext('2d');
    c.scale(ratio, ratio);
    const series = track.series.map((s) => s.map(num));
    const all = series.flat().filter(Number.isFinite);
    if (!all.length) continue;
    let lo = Math.min(...all), hi = Math.max(...all);
    if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
    const duration = totalDuration();
    const px = (t) => (t / duration) * (width - 4) + 2;
    const py = (v) => height - 4 - ((v - lo) / (hi - lo)) * (height - 8);
    const colours = ['#4c8dff', '#4cc38a', '#f2b441', '#ff6b8b'];
    series.forEach((values, k) => {
      c.strokeStyle = colours[k % colours.length];
      c.lineWidth = 1.5;
      c.beginPath();
      let pen = false;
      values.forEach((v, i) => {
        if (!Number.isFinite(v)) { pen = false; return; }
        pen ? c.lineTo(px(times[i]), py(v)) : c.moveTo(px(times[i]), py(v));
        pen = true;
      });
      c.stroke();
    });
    c.strokeStyle = '#ff4d4d';
    c.beginPath();
    c.moveTo(px(timeOf(studio.frame)), 0); c.lineTo(px(timeOf(studio.frame)), height);
    c.stroke();
    c.fillStyle = '#8b9099';
    c.font = '10px system-ui, sans-serif';
    c.fillText(fmt(hi, 2), 3, 10);
    c.fillText(fmt(lo, 2), 3, height - 3);
  }
}

// MARK: - Easing

const easing = { points: [0, 0, 1, 1], spring: null, animation: null, dragging: -1 };

function chooseAnimation(index) {
  const animation = studio.timeline.animations[index];
  studio.chosenAnimation = index;
  for (const bar of document.querySelectorAll('.bar')) bar.classList.toggle('chosen', Number(bar.dataset.index) === index);
  easing.animation = animation;
  easing.spring = animation.spring ? animation.spring.map(num) : null;
  easing.points = animation.controlPoints ? animation.controlPoints.map(num) : [0, 0, 1, 1];
  $('easing-name').textContent = `— ${animation.keyPath || animation.kind} on ${animation.layerName || animation.layer.join('.') || 'root'}`;
  $('spring').classList.toggle('hidden', !easing.spring);
  if (easing.spring) {
    ['mass', 'stiffness', 'damping', 'velocity'].forEach((name, i) => { $(`spring-${name}`).value = easing.spring[i]; });
  }
  selectLayer(animation.layer.join('.'));
  drawCurve();
}

function bezier(p1x, p1y, p2x, p2y) {
  // Progress at time x: solve x(s) = x by Newton's method, then y(s) (as WebKit's UnitBezier does).
  const cx = 3 * p1x, bx = 3 * (p2x - p1x) - cx, ax = 1 - cx - bx;
  const cy = 3 * p1y, by = 3 * (p2y - p1y) - cy, ay = 1 - cy - by;
  const sx = (s) => ((ax * s + bx) * s + cx) * s;
  const sy = (s) => ((ay * s + by) * s + cy) * s;
  const dx = (s) => (3 * ax * s + 2 * bx) * s + cx;
  return (x) => {
    let s = x;
    for (let i = 0; i < 8; i++) {
      const e = sx(s) - x;
      if (Math.abs(e) < 1e-7) return sy(s);
      const d = dx(s);
      if (Math.abs(d) < 1e-6) break;
      s -= e / d;
    }
    let lo = 0, hi = 1; s = x;
    for (let i = 0; i < 40; i++) { const v = sx(s); if (Math.abs(v - x) < 1e-7) break; if (v < x) lo = s; else hi = s; s = (lo + hi) / 2; }
    return sy(s);
  };
}

/// A damped spring's progress from 0 to 1 at time t (seconds), for mass m, stiffness k, damping
/// c and initial velocity v (towards the target, in progress per second).
function springProgress(m, k, c, v) {
  const w0 = Math.sqrt(k / m), zeta = c / (2 * Math.sqrt(k * m));
  if (zeta < 1) {
    const wd = w0 * Math.sqrt(1 - zeta * zeta);
    return (t) => 1 - Math.exp(-zeta * w0 * t) * (Math.cos(wd * t) + ((zeta * w0 - v) / wd) * Math.sin(wd * t));
  }
  if (zeta === 1) return (t) => 1 - Math.exp(-w0 * t) * (1 + (w0 - v) * t);
  const r1 = -w0 * (zeta - Math.sqrt(zeta * zeta - 1)), r2 = -w0 * (zeta + Math.sqrt(zeta * zeta - 1));
  const b = (-v - r1) / (r2 - r1), a = 1 - b;  // y = 1 - x, y(0) = 1, y'(0) = -v
  return (t) => 1 - (a * Math.exp(r1 * t) + b * Math.exp(r2 * t));
}

function springSettling(m, k, c) {
  const w0 = Math.sqrt(k / m), zeta = c / (2 * Math.sqrt(k * m));
  const rate = zeta < 1 ? zeta * w0 : w0 * (zeta - Math.sqrt(Math.max(0, zeta * zeta - 1)));
  return rate > 0 ? Math.min(60, -Math.log(0.001) / rate) : 10;
}

function drawCurve() {
  const canvas = $('curve');
  const c = canvas.getContext('2d');
  const size = canvas.width, pad = 30, inner = size - 2 * pad;
  c.clearRect(0, 0, size, size);
  const animation = easing.animation;
  if (!animation) { $('easing-code').textContent = ''; return; }
  const X = (x) => pad + x * inner;
  // Progress 0 … 1 fills the box; a spring's overshoot widens the range so it stays in view.
  let low = 0, high = 1;
  const Y = (y) => pad + ((high - y) / (high - low)) * inner;
  let f, frames, codeText;
  if (easing.spring) {
    const [m, k, d, v] = easing.spring;
    const settle = springSettling(m, k, d);
    const progress = springProgress(m, k, d, v);
    const span = animation.duration > 0 ? animation.duration : settle;
    f = (x) => progress(x * span);
    frames = Math.max(1, Math.round(span * studio.info.fps));
    codeText = `let spring = CASpringAnimation(keyPath: "${animation.keyPath || ''}")\nspring.mass = ${m}\nspring.stiffness = ${k}\nspring.damping = ${d}\nspring.initialVelocity = ${v}\nspring.duration = spring.settlingDuration // ${fmt(settle, 2)} s`;
  } else {
    const [a, b, cc, dd] = easing.points;
    f = bezier(a, b, cc, dd);
    frames = Math.max(1, Math.round((animation.duration / Math.abs(animation.speed || 1)) * studio.info.fps));
    codeText = `CAMediaTimingFunction(controlPoints: ${[a, b, cc, dd].map((v) => +v.toFixed(3)).join(', ')})`;
  }
  if (easing.spring) {
    for (let i = 0; i <= 400; i++) { const y = f(i / 400); low = Math.min(low, y); high = Math.max(high, y); }
  }
  c.strokeStyle = '#2e3137';
  c.setLineDash([3, 3]);
  c.beginPath(); c.moveTo(X(0), Y(1) + 0.5); c.lineTo(X(1), Y(1) + 0.5); c.moveTo(X(0), Y(0) + 0.5); c.lineTo(X(1), Y(0) + 0.5); c.stroke();
  c.setLineDash([]);
  // The curve.
  c.strokeStyle = '#4c8dff';
  c.lineWidth = 2;
  c.beginPath();
  for (let i = 0; i <= 200; i++) { const x = i / 200; i ? c.lineTo(X(x), Y(f(x))) : c.moveTo(X(x), Y(f(x))); }
  c.stroke();
  // The frames a render samples: one dot per frame of the animation at --fps.
  c.fillStyle = '#f2b441';
  for (let n = 0; n <= frames; n++) { const x = n / frames; c.beginPath(); c.arc(X(x), Y(f(x)), 2, 0, 2 * Math.PI); c.fill(); }
  if (!easing.spring) {
    const [a, b, cc, dd] = easing.points;
    c.strokeStyle = '#8b9099';
    c.lineWidth = 1;
    c.beginPath(); c.moveTo(X(0), Y(0)); c.lineTo(X(a), Y(b)); c.moveTo(X(1), Y(1)); c.lineTo(X(cc), Y(dd)); c.stroke();
    c.fillStyle = '#ffffff';
    for (const [px, py] of [[a, b], [cc, dd]]) { c.beginPath(); c.arc(X(px), Y(py), 5, 0, 2 * Math.PI); c.fill(); }
  }
  c.fillStyle = '#8b9099';
  c.font = '10px system-ui, sans-serif';
  c.fillText(`${frames} frames at ${fmt(studio.info.fps, 0)} fps`, pad, size - 8);
  $('easing-code').textContent = codeText;
}

function setupEasing() {
  const canvas = $('curve');
  const pad = 30, inner = canvas.width - 2 * pad;
  const toUnit = (event) => {
    const rect = canvas.getBoundingClientRect();
    const x = ((event.clientX - rect.left) * (canvas.width / rect.width) - pad) / inner;
    const y = 1 - ((event.clientY - rect.top) * (canvas.height / rect.height) - pad) / inner;
    return [x, y];
  };
  canvas.addEventListener('pointerdown', (event) => {
    if (!easing.animation || easing.spring) return;
    const [x, y] = toUnit(event);
    const d1 = Math.hypot(x - easing.points[0], y - easing.points[1]);
    const d2 = Math.hypot(x - easing.points[2], y - easing.points[3]);
    easing.dragging = Math.min(d1, d2) < 0.12 ? (d1 < d2 ? 0 : 2) : -1;
    if (easing.dragging >= 0) canvas.setPointerCapture(event.pointerId);
  });
  canvas.addEventListener('pointermove', (event) => {
    if (easing.dragging < 0) return;
    const [x, y] = toUnit(event);
    // x stays in [0, 1] (a timing function must be a function of time); y may overshoot.
    easing.points[easing.dragging] = Math.max(0, Math.min(1, x));
    easing.points[easing.dragging + 1] = Math.max(-1, Math.min(2, y));
    drawCurve();
  });
  canvas.addEventListener('pointerup', () => { easing.dragging = -1; });
  for (const name of ['mass', 'stiffness', 'damping', 'velocity']) {
    $(`spring-${name}`).addEventListener('input', () => {
      const values = ['mass', 'stiffness', 'damping', 'velocity'].map((n) => Number($(`spring-${n}`).value));
      if (values[0] > 0 && values[1] > 0 && values[2] >= 0 && values.every(Number.isFinite)) { easing.spring = values; drawCurve(); }
    });
  }
  $('copy-code').addEventListener('click', async () => {
    const text = $('easing-code').textContent;
    try { await navigator.clipboard.writeText(text); $('copy-code').textContent = 'Copied'; } catch (error) {
      const range = document.createRange();
      range.selectNodeContents($('easing-code'));
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      $('copy-code').textContent = 'Selected';
    }
    setTimeout(() => { $('copy-code').textContent = 'Copy'; }, 1200);
  });
}

// MARK: - State, reload, problems

async function pollEvents() {
  for (;;) {
    try {
      const response = await fetch(`/api/events?since=${studio.changes}&console=${studio.consoleSeen}`);
      if (!response.ok) throw new Error(String(response.status));
      const answer = await response.json();
      applyConsole(answer.consoleFirst, answer.console);
      await applyState(answer.state);
    } catch (error) {
      setStatus('disconnected');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

function applyConsole(first, lines) {
  if (!lines.length) return;
  const pre = $('console');
  pre.textContent += lines.map((line) => line + '\n').join('');
  if (pre.textContent.length > 200000) pre.textContent = pre.textContent.slice(-150000);
  pre.scrollTop = pre.scrollHeight;
  studio.consoleSeen = first + lines.length;
  $('console-count').textContent = `(${studio.consoleSeen} lines)`;
}

function setStatus(status) {
  const badge = $('status');
  badge.dataset.status = status;
  badge.textContent = { ready: 'ready', compiling: 'compiling…', starting: 'starting…', error: 'error — last good build shown', failed: 'does not compile', disconnected: 'server stopped' }[status] || status;
}

async function applyState(state) {
  studio.changes = state.changes;
  studio.status = state.status;
  $('script').textContent = state.script;
  document.title = `${state.script} — carender preview`;
  setStatus(state.status);
  studio.diagnostics = state.diagnostics;
  showProblems(state);
  showExport(state.export);
  const newBuild = state.version !== studio.version && state.stage;
  if (newBuild) {
    const keepTime = studio.info ? timeOf(studio.frame) : 0;
    studio.info = state.stage;
    studio.version = state.version;
    fitCanvas();
    studio.timeline = null;
    $('tracks').textContent = '';
    drawRuler();
    // Same time position after a reload, clamped to the new sequence.
    requestFrame(Math.round(keepTime * studio.info.fps));
    refreshDetails();
  }
  if (state.timelineReady && !studio.timeline) {
    const response = await fetch('/api/timeline');
    if (response.ok) {
      studio.timeline = await response.json();
      studio.timeline.animations.forEach((a) => { (a.children || []).forEach((child) => { studio.timeline.animations[child].child = true; }); });
      drawTracks();
      drawGraphs();
    }
  }
}

function showProblems(state) {
  const box = $('problems');
  const problems = state.diagnostics;
  if (!problems.length) { box.classList.add('hidden'); box.textContent = ''; return; }
  const errors = problems.filter((p) => p.severity === 'error');
  box.classList.toggle('only-warnings', errors.length === 0);
  box.textContent = '';
  const headline = document.createElement('div');
  headline.className = 'headline';
  headline.textContent = state.status === 'error' ? 'The script has errors — the last good frame stays on screen'
    : state.status === 'failed' ? 'The script does not compile' : errors.length ? 'Errors' : 'Warnings';
  box.appendChild(headline);
  for (const p of problems) {
    const line = document.createElement('div');
    line.className = `diagnostic ${p.severity}`;
    const where = p.file ? `${p.file.split('/').pop()}:${p.line}${p.column ? ':' + p.column : ''}: ` : '';
    line.textContent = `${where}${p.severity}: ${p.message}`;
    if (p.file) line.title = p.file;
    box.appendChild(line);
  }
  box.classList.remove('hidden');
}

function showExport(exportState) {
  const label = $('export-status');
  $('video-link').classList.toggle('hidden', !exportState || exportState.status !== 'done');
  $('export-video').disabled = exportState && exportState.status === 'running';
  label.textContent = exportState ? exportState.message : '';
}

// MARK: - Start

function setupControls() {
  $('play').addEventListener('click', togglePlay);
  $('step-back').addEventListener('click', () => step(-1));
  $('step-forward').addEventListener('click', () => step(1));
  $('to-start').addEventListener('click', () => { if (studio.playing) pause(); requestFrame(0); });
  $('to-end').addEventListener('click', () => { if (studio.playing) pause(); requestFrame(lastFrame()); });
  $('loop').addEventListener('change', (event) => { studio.loop = event.target.checked; });
  $('speed').addEventListener('change', (event) => setSpeed(Number(event.target.value)));
  $('frame').addEventListener('click', hitTest);
  $('export-still').addEventListener('click', () => { window.location.href = `/api/still?t=${timeOf(studio.frame)}`; });
  $('export-video').addEventListener('click', () => fetch('/api/export/video', { method: 'POST' }));
  document.addEventListener('keydown', (event) => {
    if (event.target.tagName === 'INPUT' || event.target.tagName === 'SELECT' || event.metaKey || event.ctrlKey) return;
    const keys = {
      ' ': togglePlay,
      ArrowLeft: () => step(event.shiftKey ? -10 : -1),
      ArrowRight: () => step(event.shiftKey ? 10 : 1),
      Home: () => { if (studio.playing) pause(); requestFrame(0); },
      End: () => { if (studio.playing) pause(); requestFrame(lastFrame()); },
      // J, K, L as in video editors: backwards, pause, forwards (again: faster).
      j: () => { if (studio.playing && studio.direction < 0) setSpeed(Math.min(2, studio.speed * 2)); else { setSpeed(1); play(-1); } },
      k: pause,
      l: () => { if (studio.playing && studio.direction > 0) setSpeed(Math.min(2, studio.speed * 2)); else { setSpeed(1); play(1); } },
    };
    const action = keys[event.key] || keys[event.key.toLowerCase()];
    if (action) { event.preventDefault(); action(); }
  });
  window.addEventListener('resize', () => { fitCanvas(); drawRuler(); drawTracks(); positionSelection(); drawGraphs(); });
}

function setSpeed(speed) {
  studio.speed = Math.max(0.25, Math.min(2, speed));
  $('speed').value = String(studio.speed);
  if (studio.playing) playStart = { wall: performance.now(), frame: studio.frame };
}

window.addEventListener('error', (event) => studio.errors.push(String(event.message)));
window.addEventListener('unhandledrejection', (event) => studio.errors.push(String(event.reason)));

document.addEventListener('DOMContentLoaded', () => {
  setupControls();
  setupScrubbing();
  setupEasing();
  drawCurve();
  pollEvents();
});
