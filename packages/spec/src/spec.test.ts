import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidInputError, RlverError } from './errors/index';
import { classifyIntention, INTENTIONS } from './intentions';
import { appendJsonlLine, parseJsonl, readCompleteJsonl } from './jsonl';
import { detectLanguage } from './language';
import { profileSchema } from './profile';
import { createRng, hashSeed } from './rng';
import { splitThinkReply } from './think';

describe('splitThinkReply', () => {
  it('should keep the text after the last </think> and the reasoning inside it', () => {
    expect(splitThinkReply('<think>\nshe wants praise\n</think>\nYou did great.')).toEqual({
      think: 'she wants praise',
      reply: 'You did great.',
      hasThinkClose: true,
    });
  });
  it('should cut after the last 你： speaker tag', () => {
    expect(splitThinkReply('<think>x</think>NPC：嗯 你：辛苦了').reply).toBe('辛苦了');
  });
  it('should return the whole output when there is no </think>', () => {
    expect(splitThinkReply(' just a reply ')).toEqual({ think: null, reply: 'just a reply', hasThinkClose: false });
  });
});

describe('classifyIntention', () => {
  it('should map every project task text back to its key, in both languages', () => {
    for (const info of Object.values(INTENTIONS)) {
      expect(classifyIntention(info.task.zh)).toBe(info.key);
      expect(classifyIntention(info.task.en)).toBe(info.key);
    }
  });
  it('should return undefined for an unknown task', () => {
    expect(classifyIntention('随便聊聊天气')).toBeUndefined();
  });
});

describe('createRng', () => {
  it('should be deterministic for a seed and stay in [0, 1)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) => {
        const a = createRng(seed);
        const b = createRng(seed);
        for (let index = 0; index < 20; index += 1) {
          const value = a.next();
          expect(value).toBe(b.next());
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThan(1);
        }
      }),
    );
  });
  it('should derive different seeds from different parts', () => {
    expect(hashSeed('a', 1)).not.toBe(hashSeed('a', 2));
    expect(hashSeed('a', 1)).toBe(hashSeed('a', 1));
  });
});

describe('parseJsonl', () => {
  it('should name the file, line and field of a bad record', () => {
    const text = `${JSON.stringify({ id: 'a', player: 'p', scene: 's', main_cha: '被动型', cha_group: [], task: 't' })}\n{"id": "b"}\n`;
    let caught: unknown;
    try {
      parseJsonl(text, profileSchema, { file: 'profiles.jsonl' });
    } catch (error) {
      caught = error;
    }
    expect(InvalidInputError.isInstance(caught)).toBe(true);
    expect(RlverError.isInstance(caught)).toBe(true);
    expect((caught as InvalidInputError).message).toMatch(/profiles\.jsonl, line 2: field "player"/);
  });
  it('should ignore a torn last line when resuming', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'rlver-jsonl-')), 'results.jsonl');
    appendJsonlLine(file, { n: 1 });
    writeFileSync(file, '{"n": 2', { flag: 'a' });
    const { records, tornLine } = readCompleteJsonl(file, profileSchema.pick({}).loose());
    expect(records).toHaveLength(1);
    expect(tornLine).toBe(true);
  });
});

describe('detectLanguage', () => {
  it('should tell Chinese from English', () => {
    expect(detectLanguage('最近有些事搞得我头大')).toBe('zh');
    expect(detectLanguage('I have been so stressed lately')).toBe('en');
  });
});
