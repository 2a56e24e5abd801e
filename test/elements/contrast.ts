// WCAG 2.2 contrast of computed colours, for the element tests (1.4.3 text, 1.4.11 non-text).

type Rgb = [number, number, number];

function parseRgb(color: string): { rgb: Rgb; alpha: number } {
  const match = /rgba?\(([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:[,\s/]+([\d.]+))?\)/.exec(color);
  if (!match) throw new Error(`not an rgb() colour: ${color}`);
  return { rgb: [Number(match[1]), Number(match[2]), Number(match[3])], alpha: match[4] === undefined ? 1 : Number(match[4]) };
}

function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of two opaque `rgb()` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [relativeLuminance(parseRgb(a).rgb), relativeLuminance(parseRgb(b).rgb)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The first opaque background colour at or above an element, crossing shadow roots. */
export function effectiveBackground(element: Element): string {
  for (let node: Element | null = element; node; ) {
    const background = getComputedStyle(node).backgroundColor;
    if (parseRgb(background).alpha === 1) return background;
    node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host ?? null);
  }
  return 'rgb(255, 255, 255)';
}

/** The lowest contrast of a field's border against its own background and the surface around it. */
export function fieldBorderContrast(field: Element): number {
  const border = getComputedStyle(field).borderTopColor;
  const around = field.parentElement ?? (field.getRootNode() as ShadowRoot).host;
  return Math.min(contrastRatio(border, effectiveBackground(field)), contrastRatio(border, effectiveBackground(around)));
}
