import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { HistoryRecord } from '../../../src/api/schemas.js';
import {
  HISTORY_CSV_COLUMNS,
  csvCell,
  historyExportFileName,
  historyToCsv,
  historyToJson,
} from '../../../src/admin/history-export.js';

const record = (sessionId: string, createdAt: string, messages: [string, string][]): HistoryRecord => ({
  bot_name: 'Helpdesk',
  bot_id: 'b0b0b0b0-0000-4000-8000-000000000001',
  user_id: 'visitor-1',
  session_id: sessionId,
  created_at: createdAt,
  chat_history_response: messages.map(([sender_type, content]) => ({ sender_type, content })),
});

/** A small RFC 4180 reader used to check that what the exporter writes reads back to the same cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  assert.equal(cell, '', 'the export ends with a line break');
  return rows;
}

describe('historyToJson', () => {
  it('keeps the records exactly as the service sent them', () => {
    const records = [record('s1', '2024-03-01T10:00:00.000Z', [['user', 'Hi'], ['assistant', 'Hello!']])];
    assert.deepEqual(JSON.parse(historyToJson(records)), records);
  });

  it('writes an empty array when there is no history', () => {
    assert.equal(historyToJson([]), '[]\n');
  });
});

describe('historyToCsv', () => {
  it('writes a header and one row per message with its position in the session', () => {
    const csv = historyToCsv([
      record('s1', '2024-03-01T10:00:00.000Z', [['user', 'Opening hours?'], ['assistant', '9 to 5']]),
      record('s2', '2024-03-02T11:00:00.000Z', [['user', 'Price']]),
    ]);
    assert.deepEqual(parseCsv(csv), [
      [...HISTORY_CSV_COLUMNS],
      ['s1', '2024-03-01T10:00:00.000Z', 'b0b0b0b0-0000-4000-8000-000000000001', 'Helpdesk', 'visitor-1', '1', 'user', 'Opening hours?'],
      ['s1', '2024-03-01T10:00:00.000Z', 'b0b0b0b0-0000-4000-8000-000000000001', 'Helpdesk', 'visitor-1', '2', 'assistant', '9 to 5'],
      ['s2', '2024-03-02T11:00:00.000Z', 'b0b0b0b0-0000-4000-8000-000000000001', 'Helpdesk', 'visitor-1', '1', 'user', 'Price'],
    ]);
  });

  it('ends every line with CRLF', () => {
    const csv = historyToCsv([record('s1', 't', [['user', 'a']])]);
    assert.equal(csv.split('\r\n').length, 3);
    assert.ok(!/[^\r]\n/.test(csv));
  });

  it('quotes commas, quotes and line breaks so they read back unchanged', () => {
    const content = 'He said "yes", then\nleft.\r\nBye';
    const csv = historyToCsv([record('s1', 't', [['user', content]])]);
    assert.ok(csv.includes('"He said ""yes"", then\nleft.\r\nBye"'));
    assert.equal(parseCsv(csv)[1]![7], content);
  });

  it('prefixes cells that a spreadsheet would run as formulas', () => {
    const payloads = ['=HYPERLINK("http://x")', '+1+2', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'];
    const csv = historyToCsv([record('=s', 't', payloads.map((text) => ['user', text] as [string, string]))]);
    const rows = parseCsv(csv).slice(1);
    assert.deepEqual(rows.map((row) => row[7]), payloads.map((text) => `'${text}`));
    assert.equal(rows[0]![0], "'=s");
  });

  it('leaves ordinary text alone', () => {
    assert.equal(csvCell('plain text'), 'plain text');
    assert.equal(csvCell("it's 5 - 3"), "it's 5 - 3");
    assert.equal(csvCell(''), '');
  });

  it('writes empty cells for fields the service left out', () => {
    const csv = historyToCsv([{ ...record('s1', 't', [['user', 'a']]), session_id: '', created_at: '', user_id: '', bot_id: '' }]);
    assert.deepEqual(parseCsv(csv)[1], ['', '', '', 'Helpdesk', '', '1', 'user', 'a']);
  });

  it('writes only the header when there is no history', () => {
    assert.equal(historyToCsv([]), `${HISTORY_CSV_COLUMNS.join(',')}\r\n`);
  });
});

describe('historyExportFileName', () => {
  it('names the bot, the range and the format', () => {
    assert.equal(historyExportFileName('abc', { from: '2024-01-01', to: '2024-01-31' }, 'csv'), 'chat-history-abc-2024-01-01-2024-01-31.csv');
    assert.equal(historyExportFileName('abc', {}, 'json'), 'chat-history-abc.json');
  });

  it('keeps path separators and spaces out of the name', () => {
    assert.equal(historyExportFileName('../a b', {}, 'json'), 'chat-history-.._a_b.json');
  });
});
