/**
 * Record the embedded policy's run-time chat prompts (`src/behaviour/embedded-chat-prompts.json`), which
 * `embedded-chat-prompts.test.ts` pins. Rerun only when the embedded checkpoint is pretrained again on other
 * prompts: `cd apps/train && npx tsx --conditions=source scripts/record-embedded-chat-prompts.ts`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { initTfBackend } from '@rlver/model';
import { renderEmbeddedChatPrompts } from '../src/behaviour/embedded-chat-prompts';

await initTfBackend({ log: () => {} });
const file = join(import.meta.dirname, '..', 'src', 'behaviour', 'embedded-chat-prompts.json');
writeFileSync(file, `${JSON.stringify(await renderEmbeddedChatPrompts(), null, 2)}\n`);
process.stderr.write(`wrote ${file}\n`);
