// Right attributes pass; each wrong one is marked with @ts-expect-error, so tsc fails if the generated types
// ever let it through (an unused directive is an error), and the pack check also runs this file without the
// marks to see each of those lines fail. A misspelt attribute name with a dash (`bot-idd`) cannot be here:
// TypeScript never checks JSX attribute names with a dash that a type does not declare (that is how `data-*`
// passes), so only the Vue fixture can refuse one.
import 'chatbot-widget/chatbot-widget.js';
import 'chatbot-widget/bot-admin.js';

export function Right() {
  return (
    <>
      <chatbot-widget bot-id="6f1c2a9e" base-url="https://chat.example.com" mode="inline" theme="dark" storage="local" open lang="vi" />
      <chatbot-widget mode="launcher" api-key-header="chatfly-api-key" type-qa="faq" />
      <bot-admin base-url="https://chat.example.com" bot-id="6f1c2a9e" panel="history" persist-session="local" no-preview theme="auto" />
    </>
  );
}

export function Wrong() {
  return (
    <>
      {/* @ts-expect-error: not a mode */}
      <chatbot-widget mode="inlinee" />
      {/* @ts-expect-error: not a theme */}
      <chatbot-widget theme="blue" />
      {/* @ts-expect-error: not a storage */}
      <chatbot-widget storage="cookie" />
      {/* @ts-expect-error: not a panel */}
      <bot-admin panel="billing" />
      {/* @ts-expect-error: not a place to keep the session */}
      <bot-admin persist-session="forever" />
    </>
  );
}
