import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidInputError } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { findProfile, loadProfiles, parseProfiles } from './load-profiles';

const base = {
  player: '* 姓名：林小雨\n* 年龄：25岁',
  scene: '## 背景故事\n事件……\n####隐藏主题:\n***你希望对方耐心听你把情绪倾诉出来',
  main_cha: '被动型',
  cha_group: ['内向', '谨慎', '乐观'],
  task: '你希望对方耐心听你把情绪倾诉出来',
};
const line = (fields: Record<string, unknown>) => JSON.stringify({ ...base, ...fields });

describe('parseProfiles', () => {
  it('should accept missing topic and first_talk and keep the scene verbatim', () => {
    const { profiles, warnings } = parseProfiles(`${line({ id: 'a' })}\n`);
    expect(profiles).toHaveLength(1);
    expect(profiles[0]?.scene).toBe(base.scene);
    expect(profiles[0]?.topic).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it('should warn on unknown main_cha, cha_group length and unknown task', () => {
    const text = [
      line({ id: 'a', main_cha: '开朗型' }),
      line({ id: 'b', cha_group: ['内向'] }),
      line({ id: 'c', task: '你想吃火锅' }),
    ].join('\n');
    const { warnings } = parseProfiles(text, { file: 'p.jsonl' });
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/p\.jsonl line 1 \(id "a"\): unknown main_cha "开朗型"/);
    expect(warnings[1]).toMatch(/line 2 .*cha_group has 1 traits/);
    expect(warnings[2]).toMatch(/line 3 .*unknown task "你想吃火锅"/);
  });

  it('should reject duplicate ids naming both lines', () => {
    const text = [line({ id: 'x' }), line({ id: 'y' }), line({ id: 'x' })].join('\n');
    expect(() => parseProfiles(text, { file: 'p.jsonl' })).toThrow(
      /p\.jsonl, line 3, field "id": duplicate id "x" \(first seen on line 1\)/,
    );
  });

  it('should require first_talk when asked, naming the profile id and line', () => {
    const text = [line({ id: 'ok', first_talk: '最近有点烦。' }), line({ id: 'missing' })].join('\n');
    expect(() => parseProfiles(text, { requireFirstTalk: true })).not.toThrow(/line 1/);
    let caught: unknown;
    try {
      parseProfiles(text, { file: 'p.jsonl', requireFirstTalk: true });
    } catch (error) {
      caught = error;
    }
    expect(InvalidInputError.isInstance(caught)).toBe(true);
    expect((caught as Error).message).toMatch(/line 2, field "first_talk": profile "missing" has no first_talk/);
  });

  it('should name file, line and field for a record that breaks the schema', () => {
    const text = [line({ id: 'a' }), JSON.stringify({ id: 'b', scene: 's' })].join('\n');
    expect(() => parseProfiles(text, { file: 'bad.jsonl' })).toThrow(/bad\.jsonl, line 2: .*field "player"/);
  });
});

describe('loadProfiles', () => {
  it('should read a file and name a missing one', () => {
    const folder = mkdtempSync(join(tmpdir(), 'profiles-'));
    const file = join(folder, 'p.jsonl');
    writeFileSync(file, `${line({ id: 'a' })}\n${line({ id: 'b' })}\n`);
    expect(loadProfiles(file).profiles.map((profile) => profile.id)).toEqual(['a', 'b']);
    expect(() => loadProfiles(join(folder, 'nope.jsonl'))).toThrow(/nope\.jsonl: file not found/);
  });
});

describe('findProfile', () => {
  it('should find by id and explain an unknown id', () => {
    const { profiles } = parseProfiles([line({ id: 'a' }), line({ id: 'b' })].join('\n'));
    expect(findProfile(profiles, 'b').id).toBe('b');
    expect(() => findProfile(profiles, 'zzz')).toThrow(/no profile with id "zzz".*known ids: "a", "b"/);
  });
});
