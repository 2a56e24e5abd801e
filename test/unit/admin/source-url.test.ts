import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkSourceUrl } from '../../../src/admin/sources-controller.js';

describe('checkSourceUrl', () => {
  it('accepts absolute http and https addresses, trimmed', () => {
    assert.deepEqual(checkSourceUrl('  https://example.com/help  '), { ok: true, url: 'https://example.com/help' });
    assert.deepEqual(checkSourceUrl('http://127.0.0.1:8787/demo-site/faq.html'), { ok: true, url: 'http://127.0.0.1:8787/demo-site/faq.html' });
  });

  it('names an empty address and anything that is not a web address', () => {
    assert.deepEqual(checkSourceUrl('   '), { ok: false, issue: 'required' });
    for (const text of ['example.com', 'ftp://example.com/file', 'javascript:alert(1)', 'file:///etc/passwd', 'https://']) {
      assert.deepEqual(checkSourceUrl(text), { ok: false, issue: 'invalid_url' }, text);
    }
  });
});
