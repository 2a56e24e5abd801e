// Finding things in a shadow root the way a person and a screen reader do: by role and accessible name, or by
// a documented `part`. Roles and names come from dom-accessibility-api (the code behind Testing Library's
// `getByRole`), with the HTML-AAM roles it does not map (emphasis, strong, paragraph, code, deletion).
import { computeAccessibleDescription, computeAccessibleName, getRole, isInaccessible } from 'dom-accessibility-api';

const HTML_AAM_ROLES: Record<string, string> = {
  em: 'emphasis',
  strong: 'strong',
  p: 'paragraph',
  code: 'code',
  del: 'deletion',
  blockquote: 'blockquote',
  time: 'time',
};

/** The role of an element: its `role` attribute, else its implicit role. */
export function roleOf(element: Element): string | null {
  return getRole(element) ?? HTML_AAM_ROLES[element.localName] ?? null;
}

/** The accessible name of an element, white space collapsed. */
export function nameOf(element: Element): string {
  return computeAccessibleName(element).replace(/\s+/g, ' ').trim();
}

/** The accessible description of an element (its hint and error, as a screen reader reads them). */
export function descriptionOf(element: Element): string {
  return computeAccessibleDescription(element).replace(/\s+/g, ' ').trim();
}

/** The text of an element as a screen reader gets it (aria-hidden parts left out), white space collapsed. */
export function textOf(node: Element | null): string {
  if (!node) return '';
  const copy = node.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** What to match besides the role: the accessible name (exact text or a pattern), and hidden elements too. */
export interface RoleQuery {
  name?: string | RegExp;
  hidden?: boolean;
}

const matches = (name: string, wanted: string | RegExp | undefined) =>
  wanted === undefined || (typeof wanted === 'string' ? name === wanted : wanted.test(name));

/** Every element of a role under `root` (a shadow root or an element), in document order. */
export function allByRole<T extends HTMLElement = HTMLElement>(root: ParentNode, role: string, query: RoleQuery = {}): T[] {
  return [...root.querySelectorAll<T>('*')].filter(
    (element) => roleOf(element) === role && (query.hidden || !isInaccessible(element)) && matches(nameOf(element), query.name),
  );
}

/** The one element of a role (and name) under `root`, or null; more than one is an error. */
export function queryByRole<T extends HTMLElement = HTMLElement>(root: ParentNode, role: string, query: RoleQuery = {}): T | null {
  const found = allByRole<T>(root, role, query);
  if (found.length > 1) throw new Error(`${found.length} elements with role ${role}${describe(query)}`);
  return found[0] ?? null;
}

/** The one element of a role (and name) under `root`; none or more than one is an error. */
export function byRole<T extends HTMLElement = HTMLElement>(root: ParentNode, role: string, query: RoleQuery = {}): T {
  const found = queryByRole<T>(root, role, query);
  if (!found) {
    const present = allByRole(root, role, { hidden: query.hidden }).map(nameOf);
    throw new Error(`No ${role}${describe(query)}; present: ${present.map((name) => JSON.stringify(name)).join(', ') || 'none'}`);
  }
  return found;
}

/** Every element carrying a documented part name (`part~="name"`). */
export function allByPart<T extends HTMLElement = HTMLElement>(root: ParentNode, part: string): T[] {
  return [...root.querySelectorAll<T>(`[part~="${part}"]`)];
}

/** The first element carrying a documented part name, or null. */
export function queryByPart<T extends HTMLElement = HTMLElement>(root: ParentNode, part: string): T | null {
  return root.querySelector<T>(`[part~="${part}"]`);
}

/** The first element carrying a documented part name; none is an error. */
export function byPart<T extends HTMLElement = HTMLElement>(root: ParentNode, part: string): T {
  const found = queryByPart<T>(root, part);
  if (!found) throw new Error(`No part ${part}`);
  return found;
}

function describe(query: RoleQuery): string {
  return query.name === undefined ? '' : ` named ${String(query.name)}`;
}
