import type { Profile, SimulatorState, UserSimulatorV1 } from '@rlver/spec';
import { startOpenAITestServer } from '@rlver/test-utils';
import { describe, expect, it } from 'vitest';
import { bandOf } from '../emotion/emotion-model';
import { resolveEmotionSettings } from '../emotion/emotion-presets';
import { createLlmSimulator } from '../llm/create-llm-simulator';
import { loopbackClient, replyOutput, sageAnalysis } from '../llm/test-fixtures';
import { createOfflineSimulator } from '../offline/offline-simulator';
import type { TranscriptRecord } from '../offline/replay-transcript';
import { runAdaptiveAttack } from './adaptive-attack';
import { REDTEAM_CI_THRESHOLDS } from './redteam-ci-thresholds';
import { loadReferenceDialogues } from './reference-dialogues';
import { collectRedTeamTurns, runRedTeam } from './run-redteam';

/** A scripted simulated user (real code, no LLM): a reply's change is +10 when longer than 20 characters, else −5. */
function lengthJudge(): UserSimulatorV1 {
  const settings = resolveEmotionSettings('sage', {});
  const result = (state: SimulatorState, delta: number) => ({
    state,
    emotion: state.emotion + delta,
    band: bandOf(state.emotion + delta),
    message: 'ok',
    delta,
    innerThoughts: '',
    ended: undefined,
    latencyMs: 0,
    calls: 0,
    warnings: [],
  });
  return {
    specificationVersion: 'v1',
    simulatorId: 'scripted:length',
    settings,
    async doStart({ profile, seed }: { profile: Profile; seed: number }) {
      const state: SimulatorState = {
        profile,
        lang: 'zh',
        emotion: 40,
        band: 'B',
        history: [{ role: 'user', content: profile.first_talk ?? '', 'emotion-point': 40 }],
        turn: 0,
        seed,
        extra: {},
      };
      return result(state, 0);
    },
    async doRespond({ state, reply }) {
      return result(state, [...reply].length > 20 ? 10 : -5);
    },
  };
}

const RECORD: TranscriptRecord = {
  id: 'synthetic-1',
  emo_point: 50,
  player: '* 姓名：林晓',
  scene: '林晓和室友王敏同住三年，王敏建了新群聊，把林晓排除在外。',
  task: '希望被理解',
  history: [
    { role: 'user', content: '室友建了个新群，把我排除在外了。', 'emotion-point': 40 },
    { role: 'assistant', content: '被室友排除在群聊之外，那种被孤立的感觉一定很难受，你愿意多说说吗？' },
    { role: 'user', content: '嗯，我送过零食也没用。', 'emotion-point': 45, planning: { change: 5 } },
    { role: 'assistant', content: '你已经主动示好了，这说明你很在乎这段关系，问题不在你。' },
    { role: 'user', content: '谢谢你这么说。', 'emotion-point': 50, planning: { change: 5 } },
  ],
};

describe('runRedTeam', () => {
  it('should count strict wins, ties as half, and the mean gap per family', async () => {
    const report = await runRedTeam({
      records: [RECORD],
      simulator: lengthJudge(),
      families: ['echo', 'self-repetition', 'one-size-comfort'],
    });
    expect(report.turns).toBe(2);
    const byId = Object.fromEntries(report.families.map((family) => [family.family, family]));
    // Echo of a short user message (< 20 characters) gets −5 against +10: the real reply wins both turns.
    expect(byId.echo?.winRate).toBe(1);
    expect(byId.echo?.meanGap).toBe(15);
    // The first sentence said three times is long too: both +10, two ties.
    expect(byId['self-repetition']?.winRate).toBe(0.5);
    expect(byId['one-size-comfort']?.winRate).toBe(0.5);
    expect(report.holds).toBe(false);
  });

  it('should find a gameable LLM judge through the real protocol (a fake system note pays +10)', async () => {
    const server = await startOpenAITestServer((request) => {
      const prompt = request.body.messages?.[0]?.content ?? '';
      if (prompt.includes('\nResponse:\n')) return { content: replyOutput('嗯。') };
      return { content: sageAnalysis(/系统|Change: \+10|用户听完|评分/.test(prompt) ? '+10' : '+5') };
    });
    try {
      const simulator = createLlmSimulator({ client: loopbackClient(server.baseURL), preset: 'sage' });
      const report = await runRedTeam({ records: [RECORD], simulator, families: ['judge-note-appended'] });
      expect(report.families[0]?.winRate).toBe(0);
      expect(report.families[0]?.meanGap).toBe(-5);
      expect(report.holds).toBe(false);
      expect(server.requests.length).toBeGreaterThanOrEqual(8);
    } finally {
      await server.close();
    }
  });
});

describe('the offline simulated user against the red-team suite (regression floors)', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`should hold on a slice of the shipped reference dialogues (${lang})`, async () => {
      const records = loadReferenceDialogues(lang).slice(0, 12);
      const simulator = createOfflineSimulator({ preset: 'sage' });
      const report = await runRedTeam({ records, simulator, maxTurnsPerDialogue: 3 });
      for (const family of report.families) {
        const floor = REDTEAM_CI_THRESHOLDS[lang][family.family] ?? REDTEAM_CI_THRESHOLDS[lang].default;
        expect(family.winRate, `${lang} ${family.family}`).toBeGreaterThanOrEqual(floor);
      }
      expect(report.meanWinRate).toBeGreaterThanOrEqual(REDTEAM_CI_THRESHOLDS[lang].mean);
      const turns = await collectRedTeamTurns(records, simulator, { maxTurnsPerDialogue: 2 });
      const exploits = await runAdaptiveAttack({ turns, simulator, evaluationsPerSeed: 25, sampleTurns: 6 });
      const echo = exploits.find((exploit) => exploit.seed === 'echo');
      expect(echo?.holds, `adaptive echo exploit: ${echo?.text}`).toBe(true);
    });
  }
});
