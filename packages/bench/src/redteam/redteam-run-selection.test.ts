import { describe, expect, it } from 'vitest';
import { parseRedTeamSelection } from './redteam-run-selection';

describe('parseRedTeamSelection', () => {
  it('defaults to both languages, every family and the adaptive attack', () => {
    expect(parseRedTeamSelection(['--json'])).toEqual({ languages: ['zh', 'en'], families: undefined, adaptive: true });
  });

  it('reads one language, a family list and --no-adaptive', () => {
    expect(
      parseRedTeamSelection(['--lang', 'zh', '--families', 'other-dialogue, clause-first-slot', '--no-adaptive']),
    ).toEqual({ languages: ['zh'], families: ['other-dialogue', 'clause-first-slot'], adaptive: false });
  });

  it('refuses an unknown language or family and a flag without its value, naming what to use', () => {
    expect(() => parseRedTeamSelection(['--lang', 'fr'])).toThrow(/--lang.*unknown language "fr"; use zh, en/);
    expect(() => parseRedTeamSelection(['--families', 'other-dialog'])).toThrow(
      /unknown red-team family "other-dialog".*other-dialogue/,
    );
    expect(() => parseRedTeamSelection(['--families', '--json'])).toThrow(/--families needs a value/);
  });
});
