// How docs/react-vue-svelte.md tells a React 19 app to type the tags: merge the generated attributes into
// React's intrinsic elements.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { ChatbotElementsAttributes } from 'chatbot-widget/jsx';

type ChatbotElements = {
  [Tag in keyof ChatbotElementsAttributes]: DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & ChatbotElementsAttributes[Tag];
};

declare module 'react' {
  namespace JSX {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface IntrinsicElements extends ChatbotElements {}
  }
}
