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
  document.querySelector('#admin-slot')!.append(admin);
} catch (error) {
  status.textContent = `Could not reach the reference service: ${error instanceof Error ? error.message : String(error)}`;
}
