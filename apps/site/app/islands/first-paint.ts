/** A page that was hidden before it painted may never report its first contentful paint; nor do browsers without paint timing. */
const reportsFirstPaint = () => document.visibilityState === 'visible' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');

/**
 * Runs `start` once the page has shown its first text: when the browser reports the first contentful paint,
 * or where it cannot, once a frame has been drawn (a timer set in a frame's callback runs after that frame).
 */
export function afterFirstPaint(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    start();
  };
  const afterNextFrame = () => void requestAnimationFrame(() => setTimeout(once));
  const observer = reportsFirstPaint()
    ? new PerformanceObserver((entries) => {
        if (entries.getEntriesByName('first-contentful-paint').length > 0) once();
      })
    : undefined;
  if (!observer) return afterNextFrame();
  observer.observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', afterNextFrame, { once: true });
}
