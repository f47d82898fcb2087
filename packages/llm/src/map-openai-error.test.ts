import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './map-openai-error';

describe('parseRetryAfter', () => {
  it('should read retry-after-ms, seconds and HTTP dates, and ignore what it cannot read', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    const headers = (entries: Record<string, string>) => new Headers(entries);
    expect(parseRetryAfter(headers({ 'retry-after-ms': '250' }), now)).toBe(250);
    expect(parseRetryAfter(headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(parseRetryAfter(headers({ 'retry-after': '1.5' }), now)).toBe(1500);
    expect(parseRetryAfter(headers({ 'retry-after': 'Wed, 25 Nov 2026 10:00:07 GMT' }), now)).toBe(7000);
    expect(parseRetryAfter(headers({ 'retry-after': 'Wed, 25 Nov 2026 09:00:00 GMT' }), now)).toBe(0);
    expect(parseRetryAfter(headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(parseRetryAfter(headers({}), now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
