import type { Language } from '@rlver/spec';

/** n-gram length: words for en, Han characters for zh. */
const NGRAM = { en: 3, zh: 4 } as const;

/**
 * Whether a reply repeats one of its own n-grams (en: 3 words, zh: 4 Han characters), e.g. "the noisy nights
 * the noisy nights". Fluent replies rarely do (1–2 % of the embedded policy's replies before training); a share
 * that climbs during training means the policy is stuffing words that the simulated user rewards (degeneration).
 */
export function repeatsOwnNgram(reply: string, lang: Language): boolean {
  const units =
    lang === 'en' ? (reply.toLowerCase().match(/[a-z']+/g) ?? []) : [...reply.replace(/[^\u4e00-\u9fff]/g, '')];
  const size = NGRAM[lang];
  const seen = new Set<string>();
  for (let start = 0; start + size <= units.length; start += 1) {
    const gram = units.slice(start, start + size).join(' ');
    if (seen.has(gram)) return true;
    seen.add(gram);
  }
  return false;
}
