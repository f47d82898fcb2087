import type { Language } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { loadScenarioSet } from '../profiles/scenario-set';
import { createOfflineSimulator } from './offline-simulator';
import { createOraclePolicy } from './test/oracle-policy';
import { createListPolicy, runDialogue } from './test/run-dialogue';

const GENERIC_COMFORT: Readonly<Record<Language, string[]>> = {
  zh: ['别难过了，一切都会好起来的。', '抱抱你，别想太多了。', '没事的，会过去的，加油！'],
  en: ["Don't be sad, everything will be fine.", 'Sending you a hug, try not to overthink it.', 'Hang in there!'],
};
const GARBLED: Readonly<Record<Language, string[]>> = {
  zh: ['鬯鬲鬻鼎鼐鼗鼙鼷齁齉龃龉龌龊', '#### $$$ @@@ !!! ???'],
  en: ['qzx vbnm kjhg wrtp zxcv plmq', '#### $$$ @@@ !!! ???'],
};
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe('createOfflineSimulator (calibration)', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`should rank an oracle far above generic comfort and drop garbled text to the floor (${lang})`, async () => {
      const profiles = loadScenarioSet(lang, 'test').slice(0, 24);
      for (const preset of ['sage', 'rlver-train'] as const) {
        const simulator = createOfflineSimulator({ preset });
        const oracle = [];
        const comfort = [];
        const garbled = [];
        for (const [index, profile] of profiles.entries()) {
          const seed = index + 1;
          oracle.push(await runDialogue(simulator, createOraclePolicy({ profile, seed }), profile, seed));
          comfort.push(await runDialogue(simulator, createListPolicy(GENERIC_COMFORT[lang]), profile, seed));
          garbled.push(await runDialogue(simulator, createListPolicy(GARBLED[lang]), profile, seed));
        }
        expect(mean(oracle.map((outcome) => outcome.finalEmotion))).toBeGreaterThan(70);
        expect(mean(comfort.map((outcome) => outcome.finalEmotion))).toBeLessThan(15);
        expect(garbled.every((outcome) => outcome.finalEmotion < 10 && outcome.turns <= 4)).toBe(true);
      }
    });
  }

  it('should stop rewarding one good reply said over and over', async () => {
    const profile = loadScenarioSet('zh', 'test').find((candidate) => candidate.intention === 'e1');
    if (!profile) throw new RangeError('no e1 profile in the zh test set');
    const simulator = createOfflineSimulator({ preset: 'rlver-train', noise: 0 });
    const first = await runDialogue(simulator, createOraclePolicy({ profile, seed: 3 }), profile, 3);
    const opener = first.messages.find((message) => message.role === 'assistant')?.content ?? '';
    const parrot = await runDialogue(simulator, createListPolicy([opener]), profile, 3);
    expect(parrot.deltas[0]).toBeGreaterThan(0);
    expect(parrot.deltas.slice(1).every((delta) => delta < (parrot.deltas[0] ?? 0))).toBe(true);
    expect(parrot.deltas.slice(-2).every((delta) => delta < 0)).toBe(true);
    expect(parrot.finalEmotion).toBeLessThan(first.finalEmotion - 20);
  });
});
