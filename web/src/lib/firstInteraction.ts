/**
 * Runs a callback once the visitor first acts on the page (a key, a tap or click, a focus moved into a field):
 * for what a screen needs only when someone uses it (a form's schema, the sign-in library), so a visitor who only
 * looks downloads none of it, and one who acts gets it while they type. Returns the way to stop waiting.
 */
const EVENTS = ['keydown', 'pointerdown', 'focusin', 'touchstart'] as const;

export function onFirstInteraction(callback: () => void): () => void {
  if (typeof document === 'undefined') return () => {};
  let done = false;
  const stop = () => {
    for (const type of EVENTS) document.removeEventListener(type, run, true);
  };
  function run() {
    if (done) return;
    done = true;
    stop();
    callback();
  }
  for (const type of EVENTS) document.addEventListener(type, run, { capture: true, passive: true });
  // A field focused before the page's code ran (the visitor was quicker) counts as acting.
  if (document.activeElement && document.activeElement !== document.body) run();
  return stop;
}
