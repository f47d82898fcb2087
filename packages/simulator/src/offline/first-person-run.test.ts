import { describe, expect, it } from 'vitest';
import { firstPersonRun } from './first-person-run';

describe('firstPersonRun', () => {
  const zhUser = ['我第二天一早就有课，可是楼上到两点还在吵。'];
  const enUser = ["I haven't slept properly in a week because of the noise upstairs."];

  it('finds the user’s clause said back verbatim with their “I”, wherever it stands', () => {
    expect(firstPersonRun('我第二天一早就有课，换作任何人都会难受。', zhUser, 'zh')).toBe('我第二天一早就有课');
    expect(firstPersonRun('这不是你的错。我第二天一早就有课，换作任何人都会难受。', zhUser, 'zh')).toBe(
      '我第二天一早就有课',
    );
    expect(
      firstPersonRun("I haven't slept properly in a week, and anyone would feel hurt by that.", enUser, 'en'),
    ).toBe("i haven't slept properly in a week");
  });

  it('leaves retellings (I turned to you), quotes and short pick-ups alone', () => {
    expect(firstPersonRun('你第二天一早就有课，楼上却吵到两点，这种累谁都扛不住。', zhUser, 'zh')).toBeUndefined();
    expect(firstPersonRun('你说“我第二天一早就有课”，这句话我听进去了。', zhUser, 'zh')).toBeUndefined();
    expect(firstPersonRun('我第二天也会担心。', zhUser, 'zh')).toBeUndefined();
    expect(
      firstPersonRun(
        "You haven't slept properly in a week because of that noise; that wears anyone down.",
        enUser,
        'en',
      ),
    ).toBeUndefined();
    expect(
      firstPersonRun('You said "I haven\'t slept properly in a week", and I hear you.', enUser, 'en'),
    ).toBeUndefined();
  });

  it('does not read 自我 as the speaker, nor join words across a clause break', () => {
    expect(firstPersonRun('增强自我觉察很重要。', ['我想试试增强自我觉察的方法'], 'zh')).toBeUndefined();
    expect(firstPersonRun('我第二天，一早就有课。', zhUser, 'zh')).toBeUndefined();
  });
});
