// The message field's keys and its send/stop button's icons. Enter sends, Shift+Enter adds a line, and nothing
// is sent while an input method is composing (Japanese, Vietnamese and other IMEs confirm with Enter).
import { icon } from './icons.js';

/** Whether a key press in the message field asks to send it. */
export const sendsOnEnter = (event: KeyboardEvent): boolean =>
  event.key === 'Enter' && !event.shiftKey && !event.isComposing && event.keyCode !== 229;

/** The send button's icon. */
export const sendIcon = icon('M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z');
/** The same button's icon while an answer streams (it stops it). */
export const stopIcon = icon('M7 7h10v10H7z');
/** The microphone button's icon (voice input). */
export const micIcon = icon('M9 5a3 3 0 016 0v6a3 3 0 01-6 0zM5 11h2a5 5 0 0010 0h2a7 7 0 01-6 7v3h-2v-3a7 7 0 01-6-7z');
