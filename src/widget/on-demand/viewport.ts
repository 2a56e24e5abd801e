// Keeps the open launcher panel inside the visual viewport: on a phone the panel fills the screen, and the
// message field must stay above the on-screen keyboard. Loaded with import() the first time a launcher panel
// opens (until then, and if it cannot load, the panel takes the full dynamic viewport height: 100dvh).
// CSSOM custom properties only, which a strict style-src allows.

/** Copies the visual viewport's height and top to the element's `--_viewport-*` properties as they change; returns the function that stops it. */
export function followVisualViewport(element: HTMLElement): () => void {
  const viewport = window.visualViewport;
  if (!viewport) return () => undefined;
  const update = () => {
    element.style.setProperty('--_viewport-height', `${viewport.height}px`);
    element.style.setProperty('--_viewport-top', `${viewport.offsetTop}px`);
  };
  viewport.addEventListener('resize', update);
  viewport.addEventListener('scroll', update);
  update();
  return () => {
    viewport.removeEventListener('resize', update);
    viewport.removeEventListener('scroll', update);
    element.style.removeProperty('--_viewport-height');
    element.style.removeProperty('--_viewport-top');
  };
}
