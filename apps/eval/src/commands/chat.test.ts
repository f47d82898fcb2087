import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { createScriptedUserSimulator, createTestProfile } from '@rlver/env/test';
import { describe, expect, it } from 'vitest';
import { runChatCommand } from './chat';

function streams(typed: string) {
  const input = new PassThrough();
  const output = new PassThrough();
  const errorOutput = new PassThrough();
  const chunks: string[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  input.end(typed);
  return { io: { input, output, errorOutput }, text: () => chunks.join('') };
}

function profilesFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'rlver-chat-')), 'profiles.jsonl');
  const profiles = [
    createTestProfile({ id: 'first' }),
    createTestProfile({ id: 'second', first_talk: 'Second opener here.' }),
  ];
  writeFileSync(file, profiles.map((profile) => JSON.stringify(profile)).join('\n'));
  return file;
}

describe('runChatCommand', () => {
  it('should let a person chat through the episode loop and append the trajectory', async () => {
    const { io, text } = streams('I am sorry, that is a lot.\nYou built it yourself.\n');
    const out = join(mkdtempSync(join(tmpdir(), 'rlver-chat-')), 'chat.jsonl');
    const simulator = createScriptedUserSimulator({
      turns: [
        { message: 'yeah', delta: 10, innerThoughts: 'feels heard' },
        { message: 'thanks, bye', delta: 5, ended: 'goodbye' },
      ],
    });
    const code = await runChatCommand(
      ['--simulator', 'offline', '--profiles', profilesFile(), '--profile', 'second', '--out', out],
      { ...io, createSimulator: () => simulator },
    );
    expect(code).toBe(0);
    expect(text()).toContain('user> Second opener here.');
    expect(text()).toContain('[emotion 50 (+10) · band B]');
    expect(text()).toContain('(thinks: feels heard)');
    expect(text()).toContain('— ended: goodbye');
    const saved = JSON.parse(readFileSync(out, 'utf8').trim());
    expect(saved).toMatchObject({ profileId: 'second', policyId: 'human', stopReason: 'goodbye', finalEmotion: 55 });
  });

  it('should play against the built-in offline simulator and scenarios', async () => {
    const { io, text } = streams('That sounds exhausting, I am sorry.\n/quit\n');
    expect(await runChatCommand(['--simulator', 'offline', '--lang', 'en', '--seed', '2'], io)).toBe(0);
    expect(text()).toMatch(/simulator offline:sage · preset sage/);
    expect(text()).toMatch(/\[emotion \d+ \([+-]?\d+\) · band [SABCF]\]/);
    expect(text()).toContain('— ended: interrupted');
  });

  it('should hide inner thoughts with --hide-thoughts', async () => {
    const { io, text } = streams('ok\n');
    const simulator = createScriptedUserSimulator({
      turns: [{ message: 'bye', delta: 0, innerThoughts: 'SECRET THOUGHT', ended: 'goodbye' }],
    });
    await runChatCommand(['--simulator', 'offline', '--profiles', profilesFile(), '--hide-thoughts'], {
      ...io,
      createSimulator: () => simulator,
    });
    expect(text()).toContain('user> bye');
    expect(text()).not.toContain('SECRET THOUGHT');
  });

  it('should require --simulator and reject a malformed one', async () => {
    const { io } = streams('');
    await expect(runChatCommand([], io)).rejects.toThrow(/--simulator is required; use offline or openai:<model>/);
    await expect(runChatCommand(['--simulator', 'gpt-4o'], io)).rejects.toThrow(/--simulator "gpt-4o" is not valid/);
    await expect(runChatCommand(['--simulator', 'offline', '--preset', 'hard'], io)).rejects.toThrow(
      /--preset "hard" is not valid/,
    );
  });

  it('should print help', async () => {
    const { io, text } = streams('');
    expect(await runChatCommand(['--help'], io)).toBe(0);
    expect(text()).toContain('Usage: rlver-eval chat --simulator offline|openai:<model>');
  });
});
