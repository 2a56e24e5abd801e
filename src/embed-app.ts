// The lazily loaded part of the script-tag widget (dist/chatbot-widget-app.js): defining the element
// upgrades the <chatbot-widget> the loader mounted, which then takes over its launcher and queued calls.
import './chatbot-widget.js';
