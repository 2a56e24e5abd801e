/**
 * Browser-test commands that need the DevTools protocol beyond what @web/test-runner-commands offers:
 * `emulate-forced-colors` (`{active: boolean}`; Windows High Contrast and other forced-colour modes, which
 * the stock emulateMedia command does not pass on to Chromium), `set-default-font-size` (`{size}`: the
 * browser's default font size in px, the visitor's setting that CSS `medium` follows) and `accessibility-name` (`{selector}`:
 * the computed name and role of the first element matching a selector that may pierce shadow roots with
 * `>>>`, as a screen reader gets them from the accessibility tree, and `modal: true` for a modal dialog), and `emulate-network` (`{offline: boolean,
 * urlPattern: string}`: the page loses its network to the addresses the URL pattern matches, as when a phone
 * drops from Wi-Fi, and gets it back; Chromium fails the matching requests in flight, and the page learns it
 * through `navigator.onLine` and the `offline`/`online` events. The pattern keeps the test runner's own
 * connection to the page out of it).
 * @returns {import('@web/test-runner').TestRunnerPlugin}
 */
export function cdpCommandsPlugin() {
  /** One DevTools session per page, kept open: emulation ends when its session detaches. */
  const sessions = new WeakMap();
  const sessionOf = async (page) => {
    if (!sessions.has(page)) sessions.set(page, await page.createCDPSession());
    return sessions.get(page);
  };
  return {
    name: 'cdp-commands',
    async executeCommand({ command, payload, session }) {
      if (!['emulate-forced-colors', 'set-default-font-size', 'accessibility-name', 'emulate-network'].includes(command)) return undefined;
      if (session.browser.type !== 'puppeteer') throw new Error(`${command} needs Chromium through puppeteer`);
      const page = session.browser.getPage(session.id);
      if (command === 'emulate-forced-colors') {
        const cdp = await sessionOf(page);
        await cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'forced-colors', value: payload?.active ? 'active' : 'none' }] });
        return true;
      }
      if (command === 'emulate-network') {
        const cdp = await sessionOf(page);
        const offline = !!payload?.offline;
        const conditions = { latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditionsByRule', {
          offline,
          matchedNetworkConditions: payload?.urlPattern ? [{ urlPattern: String(payload.urlPattern), ...conditions }] : [],
        });
        await cdp.send('Network.overrideNetworkState', { offline, ...conditions });
        return true;
      }
      if (command === 'set-default-font-size') {
        const cdp = await sessionOf(page);
        await cdp.send('Page.setFontSizes', { fontSizes: { standard: payload.size, fixed: Math.round((payload.size * 13) / 16) } });
        return true;
      }
      const handle = await page.$(`pierce/${payload.selector}`);
      if (!handle) return null;
      const node = await page.accessibility.snapshot({ root: handle, interestingOnly: false });
      await handle.dispose();
      return node ? { role: node.role, name: node.name ?? '', ...(node.modal ? { modal: true } : {}) } : null;
    },
  };
}
