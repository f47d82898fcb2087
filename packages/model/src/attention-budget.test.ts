import { describe, expect, it } from 'vitest';
import { attentionPassBytes, checkAttentionBudget, WASM_HEAP_BYTES } from './attention-budget';

describe('attentionPassBytes', () => {
  it('should count scores and probabilities of every head in float32 (worked by hand)', () => {
    // 4 rows × 4 heads × 10000² positions × 4 bytes × 2 tensors = 12.8e9 bytes.
    expect(attentionPassBytes({ numAttentionHeads: 4 }, { what: '', rows: 4, tokens: 10_000, fields: '' })).toBe(
      12_800_000_000,
    );
  });
});

describe('checkAttentionBudget', () => {
  const prefill = { what: 'prefilling 4 prompts of 10000 tokens', rows: 4, tokens: 10_000, fields: 'maxContextTokens' };

  it('should refuse the paper budget on wasm, naming the pass, the setting, the backend and what fits', () => {
    expect(() =>
      checkAttentionBudget({ config: { numAttentionHeads: 4 }, backend: 'wasm', passes: [prefill] }),
    ).toThrow(
      /prefilling 4 prompts of 10000 tokens needs at least 12 GiB .* more than the 4\.0 GiB the wasm backend has\. Lower maxContextTokens \(at 4 rows, up to 5792 tokens fit\)/,
    );
  });

  it('should accept passes that fit, and the largest length it names as fitting', () => {
    const fits = { ...prefill, tokens: 5792 };
    expect(() =>
      checkAttentionBudget({ config: { numAttentionHeads: 4 }, backend: 'wasm', passes: [fits] }),
    ).not.toThrow();
    expect(attentionPassBytes({ numAttentionHeads: 4 }, { ...prefill, tokens: 5793 })).toBeGreaterThan(WASM_HEAP_BYTES);
  });
});
