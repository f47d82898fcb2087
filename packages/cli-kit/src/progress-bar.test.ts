import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgressBar } from './progress-bar.js';

function captureStream(): { stream: NodeJS.WriteStream; text: () => string } {
  const passThrough = new PassThrough();
  const chunks: string[] = [];
  passThrough.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  return { stream: passThrough as unknown as NodeJS.WriteStream, text: () => chunks.join('') };
}

describe('createProgressBar', () => {
  it('prints one line per decile with the live fields when the stream is not a terminal', () => {
    const { stream, text } = captureStream();
    const bar = createProgressBar({ label: 'training', total: 4, stream });
    bar.tick(1, { reward: 0.25 });
    bar.tick(1, { reward: 0.5 });
    bar.done();
    const lines = text().trim().split('\n');
    expect(lines[0]).toMatch(/^training \[.*\] 1\/4 .* · reward 0\.25$/);
    expect(lines.at(-1)).toMatch(/ 2\/4 .* · reward 0\.50$/);
  });

  it('starts a resumed run at the steps already completed', () => {
    const { stream, text } = captureStream();
    const bar = createProgressBar({ label: 'training', total: 60, initial: 45, stream });
    bar.tick(1);
    expect(text()).toContain(' 46/60 ');
  });
});
