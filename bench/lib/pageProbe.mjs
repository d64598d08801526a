/**
 * What runs inside the page. Every function here is serialized by Playwright
 * and executed in the browser, so each is self-contained (no closures over
 * module scope).
 *
 * Detection works from the DOM alone, for both tools, with no cooperation
 * from the page: a rAF loop started at document start checks the tool's
 * predicates every frame and, once one holds, stamps the time after that
 * frame (rAF, then a MessageChannel task: the frame with the content has been
 * produced). Pierre renders diffs into shadow roots, which a
 * MutationObserver on the document cannot see, hence polling per frame. It
 * costs a few querySelector calls per frame.
 */

/**
 * Installed with page.addInitScript before navigation. `config`:
 * { tool: 'redline'|'difit', expectedFiles: number }.
 */
export function installProbe(config) {
  const bench = (window.__bench = {
    config,
    longtasks: [],
    marks: {},
    frames: null,
    errors: [],
  });
  window.addEventListener('error', (e) => bench.errors.push(String(e.message).slice(0, 300)));
  // The time of the bench's click on "Load diff" (capture phase: before the page handles it).
  window.addEventListener('click', (e) => {
    const target = e.target instanceof Element ? e.target.closest('button') : null;
    if (target && target.textContent.trim() === 'Load diff' && bench.marks.loadDiffClick === undefined) bench.marks.loadDiffClick = e.timeStamp;
  }, { capture: true });
  window.addEventListener('unhandledrejection', (e) => bench.errors.push(String(e.reason).slice(0, 300)));
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longtasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (error) {
    bench.errors.push(`longtask observer: ${error}`);
  }

  /** Every open shadow root under `root`, depth-first (Pierre nests its diff in one per file). */
  function shadowRoots(root) {
    const out = [];
    const hosts = root.querySelectorAll('*');
    for (const host of hosts) {
      if (host.shadowRoot) {
        out.push(host.shadowRoot);
        out.push(...shadowRoots(host.shadowRoot));
      }
    }
    return out;
  }
  bench.shadowRoots = shadowRoots;

  const predicates = {
    redline: {
      // Diff lines on screen: the server-rendered first screen's rows (the
      // layout that is showing), or the app's own diff view.
      firstDiff() {
        for (const row of document.querySelectorAll('#redline-first-screen [data-fs-row]')) {
          if (row.getClientRects().length > 0) return true;
        }
        return predicates.redline.appDiff();
      },
      // The live page: the server's first screen, highlighted (in its HTML)
      // and live (index.html's head script, which makes a click on a line
      // number open a comment form, marks <html data-first-screen-live>;
      // e2e/liveFirstScreen.spec.ts checks that it does), with a row shown;
      // or the app's own diff.
      liveDiff() {
        for (const row of document.querySelectorAll(':root[data-first-screen-live] #redline-first-screen[data-highlighted]:not([data-round-view]) [data-fs-row]')) {
          if (row.getClientRects().length > 0) return true;
        }
        return predicates.redline.appDiff();
      },
      // A Pierre diff item whose shadow root holds rendered code lines: the
      // highlighted diff the reviewer can comment on.
      appDiff() {
        for (const host of document.querySelectorAll('diffs-container')) {
          if (host.shadowRoot && host.shadowRoot.querySelector('[data-line]')) return true;
        }
        return false;
      },
      // A big file shown collapsed behind a "Load diff" button instead of its diff (the review page's size cap).
      collapsedFirst() {
        for (const button of document.querySelectorAll('button')) {
          if (button.textContent.trim() === 'Load diff' && button.getClientRects().length) return true;
        }
        return false;
      },
      // Files listed in the tree. The tree is virtualized (only visible rows are in the DOM), so
      // count what it says it lists: a `data-file-count` hook when the UI has one (Redline's
      // tree has), else the rows' aria-setsize (files plus folders) once a file row is rendered.
      // collectTreeFiles verifies afterwards, by scrolling the tree, that every file really has a row.
      listedFiles() {
        const hooked = document.querySelector('[data-file-count]');
        if (hooked) return Number(hooked.getAttribute('data-file-count'));
        const row = document.querySelector('nav[aria-label="Changed files"] li[aria-setsize] .tree-file');
        if (!row) return 0;
        return Number(row.closest('li').getAttribute('aria-setsize'));
      },
    },
    difit: {
      firstDiff() {
        return !!document.querySelector('main table tr td');
      },
      appDiff() {
        return predicates.difit.firstDiff();
      },
      liveDiff() {
        return predicates.difit.firstDiff();
      },
      collapsedFirst() {
        return false;
      },
      listedFiles() {
        // One "Mark as reviewed" checkbox per file row of the tree (difit 5's folder
        // rows have one too, titled "Mark all files as reviewed": not counted).
        return document.querySelectorAll('#file-tree-panel [role="checkbox"][title^="Mark as "]').length;
      },
    },
    // Plannotator draws its diff with Pierre too: the same "live" test as Redline's own diff.
    plannotator: {
      firstDiff() {
        return predicates.redline.appDiff();
      },
      appDiff() {
        return predicates.redline.appDiff();
      },
      liveDiff() {
        return predicates.redline.appDiff();
      },
      collapsedFirst() {
        return false;
      },
      listedFiles() {
        return document.querySelectorAll('.file-tree-item').length;
      },
    },
  };
  bench.predicates = predicates[config.tool];

  const afterFrame = (name) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      if (bench.marks[name] === undefined) bench.marks[name] = performance.now();
    };
    channel.port2.postMessage(0);
  };
  const tick = () => {
    try {
      if (bench.marks.firstDiff === undefined && bench.predicates.firstDiff()) afterFrame('firstDiff');
      if (bench.marks.appDiff === undefined && bench.predicates.appDiff()) afterFrame('appDiff');
      if (bench.marks.liveDiff === undefined && bench.predicates.liveDiff()) afterFrame('liveDiff');
      if (bench.marks.firstDiff === undefined && bench.marks.collapsed === undefined && bench.predicates.collapsedFirst()) afterFrame('collapsed');
      if (bench.marks.allFilesListed === undefined) {
        const listed = bench.predicates.listedFiles();
        bench.maxListed = Math.max(bench.maxListed ?? 0, listed);
        if (listed >= config.expectedFiles) afterFrame('allFilesListed');
      }
    } catch (error) {
      bench.errors.push(`probe: ${error}`);
    }
    if (bench.marks.firstDiff === undefined || bench.marks.appDiff === undefined || bench.marks.liveDiff === undefined || bench.marks.allFilesListed === undefined) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/**
 * Scrolls the page's main scroll container to its end, one step per
 * animation frame, until the bottom stays the bottom for 10 frames. The
 * container is the element that scrolls the most (or `selector`). Steps are
 * one viewport, or larger so that no run takes more than `maxSteps` frames.
 * Resolves with timings and the frame intervals; stops at `deadlineMs`.
 */
export function scrollToEnd({ selector, maxSteps, deadlineMs }) {
  function mainScroller() {
    if (selector) return document.querySelector(selector);
    let best = null;
    let bestRange = 0;
    for (const el of document.querySelectorAll('*')) {
      const range = el.scrollHeight - el.clientHeight;
      if (range <= bestRange) continue;
      const overflow = getComputedStyle(el).overflowY;
      if (overflow === 'auto' || overflow === 'scroll' || el === document.scrollingElement) {
        best = el;
        bestRange = range;
      }
    }
    return best;
  }
  return new Promise((resolve) => {
    const el = mainScroller();
    if (!el) {
      resolve({ error: 'no scroll container found' });
      return;
    }
    const start = performance.now();
    const initialHeight = el.scrollHeight;
    const step = Math.max(el.clientHeight, Math.ceil(initialHeight / maxSteps));
    const frameTimes = [];
    let atBottomFrames = 0;
    let steps = 0;
    let maxHeight = initialHeight;
    const frame = (now) => {
      frameTimes.push(now);
      maxHeight = Math.max(maxHeight, el.scrollHeight);
      const bottom = el.scrollHeight - el.clientHeight;
      if (el.scrollTop >= bottom - 2) atBottomFrames++;
      else atBottomFrames = 0;
      const elapsed = performance.now() - start;
      if (atBottomFrames >= 10 || elapsed > deadlineMs) {
        const intervals = frameTimes.slice(1).map((t, i) => t - frameTimes[i]);
        resolve({
          start,
          end: performance.now(),
          completed: atBottomFrames >= 10,
          progress: el.scrollTop / Math.max(1, bottom),
          steps,
          step,
          initialHeight,
          finalHeight: el.scrollHeight,
          maxHeight,
          clientHeight: el.clientHeight,
          container: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(/\s+/).slice(0, 3).join('.')}` : ''}`,
          frameIntervals: intervals,
        });
        return;
      }
      el.scrollTop = Math.min(el.scrollTop + step, bottom);
      steps++;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/**
 * Starts watching for `needle` to be shown as a diff line on screen: a
 * rendered code line (`[data-line]` in a Pierre shadow root, or a table row
 * of difit's light DOM) whose text contains it and whose box intersects the
 * viewport. A search-results list does not count: the hit is shown when the
 * reviewer can see the line. Stamps `marks.firstKey` at the first keydown
 * (capture phase, so the page cannot hide it) and `marks.hitShown` after the
 * frame that shows the line.
 */
export function watchForNeedle(needle) {
  const bench = window.__bench;
  delete bench.marks.firstKey;
  delete bench.marks.hitShown;
  window.addEventListener('keydown', (e) => {
    if (bench.marks.firstKey === undefined) bench.marks.firstKey = e.timeStamp;
  }, { capture: true });
  const visible = (el) => {
    for (const rect of el.getClientRects()) {
      if (rect.height > 0 && rect.bottom > 0 && rect.top < innerHeight && rect.right > 0 && rect.left < innerWidth) return true;
    }
    return false;
  };
  const lineShown = () => {
    for (const root of bench.shadowRoots(document)) {
      for (const line of root.querySelectorAll('[data-line]')) {
        if (line.textContent.includes(needle) && visible(line)) return true;
      }
    }
    for (const row of document.querySelectorAll('main tr')) {
      if (row.textContent.includes(needle) && visible(row)) return true;
    }
    return false;
  };
  const tick = () => {
    if (bench.marks.firstKey !== undefined && lineShown()) {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        bench.marks.hitShown = performance.now();
      };
      channel.port2.postMessage(0);
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/**
 * Scrolls a virtualized file tree from top to bottom and collects the distinct
 * file rows it renders (by their title, which is the path): proof that every
 * file is listed, not a timing. Resolves { files, rows }.
 */
export function collectTreeFiles({ scrollerSelector, fileSelector }) {
  return new Promise((resolve) => {
    const scroller = document.querySelector(scrollerSelector);
    if (!scroller) {
      resolve({ files: 0, error: `no ${scrollerSelector}` });
      return;
    }
    const seen = new Set();
    scroller.scrollTop = 0;
    let stable = 0;
    const frame = () => {
      for (const el of document.querySelectorAll(fileSelector)) seen.add(el.getAttribute('title') || el.textContent);
      const bottom = scroller.scrollHeight - scroller.clientHeight;
      if (scroller.scrollTop >= bottom - 1) stable++;
      if (stable >= 3) {
        scroller.scrollTop = 0;
        resolve({ files: seen.size });
        return;
      }
      scroller.scrollTop = Math.min(bottom, scroller.scrollTop + Math.max(100, scroller.clientHeight - 50));
      requestAnimationFrame(() => requestAnimationFrame(frame));
    };
    requestAnimationFrame(frame);
  });
}

/** Scrolls the main scroll container (the element that scrolls the most) back to the top and waits two frames. */
export function scrollMainToTop() {
  let best = null;
  let bestRange = 0;
  for (const el of document.querySelectorAll('*')) {
    const range = el.scrollHeight - el.clientHeight;
    if (range <= bestRange) continue;
    const overflow = getComputedStyle(el).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') {
      best = el;
      bestRange = range;
    }
  }
  if (best) best.scrollTop = 0;
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(Boolean(best)))));
}
