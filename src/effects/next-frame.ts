/**
 * Runs `work` once the browser has painted its next frame: a task queued from that frame's
 * animation callbacks runs after the frame's paint. At once in a hidden tab, which paints no frame.
 * Kept free of RxJS: the boot module uses it before any of the app's code has loaded.
 * @returns what cancels it
 */
export function afterNextFrame(work: () => void): () => void {
  if (document.hidden) {
    work();
    return () => {};
  }
  let task: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    task = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(task);
  };
}
