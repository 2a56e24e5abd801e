import { useRef, useState } from 'react';
import type { ChatbotAnswerCompleteEvent, ChatbotWidget as ChatbotWidgetElement } from 'chatbot-widget';
import { ChatbotWidget } from 'chatbot-widget/react/chatbot-widget.js';

// Where the service is and which bot to chat with, from .env files or the command line
// (VITE_CHATBOT_BASE_URL=… VITE_CHATBOT_BOT_ID=… npm run dev).
const baseUrl = import.meta.env.VITE_CHATBOT_BASE_URL || 'http://127.0.0.1:8787';
const botId = import.meta.env.VITE_CHATBOT_BOT_ID || '';

const QUICK_QUESTIONS = ['What can you help me with?', 'How do I get started?'];

export function App() {
  const widget = useRef<ChatbotWidgetElement>(null);
  const [answers, setAnswers] = useState(0);
  const [lastSuggestions, setLastSuggestions] = useState<readonly string[]>([]);

  const onAnswerComplete = (event: ChatbotAnswerCompleteEvent) => {
    setAnswers((count) => count + 1);
    setLastSuggestions(event.suggestions);
  };

  return (
    <div className="page">
      <header>
        <h1>Acme Help Center</h1>
        <p>Ask our assistant, or pick a question.</p>
      </header>
      <main>
        <section className="questions" aria-labelledby="quick-title">
          <h2 id="quick-title">Quick questions</h2>
          <ul>
            {QUICK_QUESTIONS.map((question) => (
              <li key={question}>
                <button type="button" onClick={() => widget.current?.send(question)}>
                  {question}
                </button>
              </li>
            ))}
          </ul>
          <p role="status" data-testid="answer-count">
            {answers === 0 ? 'No answers yet.' : `Answers so far: ${answers}.`}
            {lastSuggestions.length > 0 ? ` The assistant suggests ${lastSuggestions.length} follow-up questions.` : ''}
          </p>
          {botId ? null : (
            <p className="warning">Set VITE_CHATBOT_BOT_ID to the id of your bot (npm run demo prints the demo bot's).</p>
          )}
        </section>
        <section className="chat" aria-label="Chat with the assistant">
          <ChatbotWidget
            ref={widget}
            botId={botId}
            baseUrl={baseUrl}
            mode="inline"
            storage="session"
            onChatbotAnswerComplete={onAnswerComplete}
          />
        </section>
      </main>
    </div>
  );
}
