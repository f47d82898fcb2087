import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createScriptedUserSimulator, createTestProfile } from '../test/index';
import { runHumanChat } from './run-human-chat';

function collect(stream: PassThrough): () => string {
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  return () => chunks.join('');
}

describe('runHumanChat', () => {
  it('should play typed lines as replies and show emotion, delta and inner thoughts', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const text = collect(output);
    const simulator = createScriptedUserSimulator({
      turns: [
        { message: 'that helps a bit', delta: 5, innerThoughts: 'they listened' },
        { message: 'thanks, bye', delta: 10, ended: 'goodbye' },
      ],
    });
    input.end('That sounds really hard.\n\n<think>be warm</think>You kept the bakery going alone.\n');
    const trajectory = await runHumanChat({ profile: createTestProfile(), simulator, seed: 1, input, output });
    expect(trajectory.policyId).toBe('human');
    expect(trajectory.turns.map((turn) => turn.reply)).toEqual([
      'That sounds really hard.',
      'You kept the bakery going alone.',
    ]);
    expect(simulator.calls.map((call) => call.reply).filter(Boolean)).toEqual(
      trajectory.turns.map((turn) => turn.reply),
    );
    expect(trajectory.stopReason).toBe('goodbye');
    const shown = text();
    expect(shown).toContain('user> My partner just walked out');
    expect(shown).toContain('[emotion 45 (+5) · band B]');
    expect(shown).toContain('(thinks: they listened)');
    expect(shown).toContain('— ended: goodbye · final emotion 55 · reward 0.55');
    expect(shown).not.toContain('SECRET-INTENTION-MARKER');
  });

  it('should end as interrupted on /quit or end of input', async () => {
    for (const typed of ['I see.\n/quit\n', 'I see.\n']) {
      const input = new PassThrough();
      const output = new PassThrough();
      const text = collect(output);
      input.end(typed);
      const trajectory = await runHumanChat({
        profile: createTestProfile(),
        simulator: createScriptedUserSimulator({ turns: [{ message: 'hm', delta: 0 }] }),
        seed: 1,
        input,
        output,
      });
      expect(trajectory.stopReason).toBe('interrupted');
      expect(trajectory.turns).toHaveLength(1);
      expect(text()).toContain('— ended: interrupted');
    }
  });
});
