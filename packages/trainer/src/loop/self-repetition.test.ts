import { describe, expect, it } from 'vitest';
import { repeatsOwnNgram } from './self-repetition';

describe('repeatsOwnNgram', () => {
  it('should flag a reply that repeats three words (en) or four Han characters (zh) of its own', () => {
    expect(repeatsOwnNgram('the noisy nights and the noisy nights again', 'en')).toBe(true);
    expect(repeatsOwnNgram('The noisy nights, THE NOISY NIGHTS!', 'en')).toBe(true);
    expect(repeatsOwnNgram('我知道你很累，我知道你很难', 'zh')).toBe(true);
  });

  it('should pass fluent replies, short repeats and the other script', () => {
    expect(repeatsOwnNgram('That sounds hard. You kept going anyway, and that took courage.', 'en')).toBe(false);
    expect(repeatsOwnNgram('so so so', 'en')).toBe(false);
    expect(repeatsOwnNgram('你已经做得很好了，真的不容易。', 'zh')).toBe(false);
    expect(repeatsOwnNgram('the same words the same words 你好', 'zh')).toBe(false);
  });
});
