import '../src/chatbot-widget.js';
import '../src/bot-admin.js';

interface DemoConfig {
  serviceUrl: string;
  botId: string;
  username: string;
  password: string;
}

const status = document.querySelector<HTMLElement>('#demo-status')!;
try {
  const response = await fetch('/demo-config.json');
  if (!response.ok) throw new Error(`demo config: HTTP ${response.status}`);
  const config = (await response.json()) as DemoConfig;
  status.textContent = `Service ${config.serviceUrl} · demo login ${config.username} / ${config.password} · demo bot ${config.botId}`;

  const inline = document.createElement('chatbot-widget');
  inline.setAttribute('mode', 'inline');
  inline.setAttribute('bot-id', config.botId);
  inline.setAttribute('base-url', config.serviceUrl);
  document.querySelector('#inline-slot')!.append(inline);

  const launcher = document.createElement('chatbot-widget');
  launcher.setAttribute('mode', 'launcher');
  launcher.setAttribute('bot-id', config.botId);
  launcher.setAttribute('base-url', config.serviceUrl);
  launcher.setAttribute('storage', 'local');
  document.body.append(launcher);

  const admin = document.createElement('bot-admin');
  admin.setAttribute('base-url', config.serviceUrl);
  admin.setAttribute('bot-id', config.botId);
  // The demo keeps the sign-in for this tab across reloads (the element keeps it in memory unless asked).
  admin.setAttribute('persist-session', 'session');
  document.querySelector('#admin-slot')!.append(admin);

  keepLauncherOffInlineChat(launcher, document.querySelector<HTMLElement>('#inline-slot')!);
} catch (error) {
  status.textContent = `Could not reach the reference service: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * On a phone the inline chat fills the width, so the launcher bubble in the corner would sit on its send button
 * whenever the chat's bottom scrolls by: while the inline chat is on screen, the page shows one chat and hides
 * the bubble (never while its own panel is open).
 */
function keepLauncherOffInlineChat(launcher: HTMLElement & { opened: boolean }, inline: HTMLElement): void {
  const narrow = window.matchMedia('(max-width: 600px)');
  let inlineVisible = false;
  const apply = () => {
    launcher.hidden = narrow.matches && inlineVisible && !launcher.opened;
  };
  new IntersectionObserver(([entry]) => {
    inlineVisible = entry?.isIntersecting ?? false;
    apply();
  }).observe(inline);
  narrow.addEventListener('change', apply);
  launcher.addEventListener('chatbot-close', apply);
}
