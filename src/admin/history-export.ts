import type { HistoryRecord } from '../api/schemas.js';

/** The columns of a history CSV export, one row per message, in order. */
export const HISTORY_CSV_COLUMNS = [
  'session_id',
  'created_at',
  'bot_id',
  'bot_name',
  'user_id',
  'message_index',
  'sender_type',
  'content',
] as const;

/** One column name of a history CSV export. */
export type HistoryCsvColumn = (typeof HISTORY_CSV_COLUMNS)[number];

/** Characters that make a spreadsheet read a cell as a formula (or start a DDE payload) when they lead it. */
const FORMULA_LEADS = new Set(['=', '+', '-', '@', '\t', '\r']);

/** Serialises history records exactly as the service sent them, as indented JSON. */
export function historyToJson(records: readonly HistoryRecord[]): string {
  return `${JSON.stringify(records, null, 2)}\n`;
}

/**
 * Serialises history records as RFC 4180 CSV (CRLF line ends, quoted where needed), one row per message,
 * with cells that a spreadsheet would run as a formula prefixed by an apostrophe.
 */
export function historyToCsv(records: readonly HistoryRecord[]): string {
  const rows: string[][] = [[...HISTORY_CSV_COLUMNS]];
  for (const record of records) {
    record.chat_history_response.forEach((message, index) => {
      const row: Record<HistoryCsvColumn, string> = {
        session_id: record.session_id ?? '',
        created_at: record.created_at ?? '',
        bot_id: record.bot_id ?? '',
        bot_name: record.bot_name,
        user_id: record.user_id ?? '',
        message_index: String(index + 1),
        sender_type: message.sender_type,
        content: message.content,
      };
      rows.push(HISTORY_CSV_COLUMNS.map((column) => row[column]));
    });
  }
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Quotes one CSV cell per RFC 4180 after neutralising a leading formula character. */
export function csvCell(value: string): string {
  const safe = FORMULA_LEADS.has(value.charAt(0)) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A file name for an export of one bot's history, e.g. `chat-history-<bot id>-2024-01-01-2024-01-31.csv`. */
export function historyExportFileName(
  botId: string,
  range: { from?: string | undefined; to?: string | undefined },
  format: 'json' | 'csv',
): string {
  const parts = ['chat-history', botId, range.from, range.to].filter((part): part is string => Boolean(part));
  return `${parts.join('-').replace(/[^\w.-]+/g, '_')}.${format}`;
}
