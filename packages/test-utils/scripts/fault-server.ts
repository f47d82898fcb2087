/**
 * A loopback OpenAI-protocol simulator endpoint with injected faults, for trying the CLIs as a user would
 * (not a test). It answers the LLM simulator's two stages (analysis with a Change, reply) and any policy model
 * (`--policy openai:policy…`), and injects one fault kind into the first N requests, a share of requests, or all.
 *
 *   npx tsx --conditions=source packages/test-utils/scripts/fault-server.ts [--fault server-error] [--count 4]
 *     [--rate 0.05] [--retry-after 2|<HTTP date>|none] [--change +5] [--judge normal|quote] [--policy-reply TEXT]
 *     [--port 0] [--url-file url.txt] [--log requests.log]
 *
 * Prints the base URL on its first stdout line (and to --url-file); logs one line per request (time since start,
 * model, stage, fault) to --log or stderr. Runs until killed.
 */

import { appendFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createRng, safeParseJSON } from '@rlver/spec';
import { FAULT_KINDS, type FaultKind, faultResponse, type ScriptedResponse, startOpenAITestServer } from '../src/index';

const { values } = parseArgs({
  options: {
    fault: { type: 'string', default: 'none' },
    count: { type: 'string', default: '-1' },
    rate: { type: 'string' },
    seed: { type: 'string', default: '0' },
    'retry-after': { type: 'string' },
    change: { type: 'string', default: '+5' },
    judge: { type: 'string', default: 'normal' },
    'policy-reply': { type: 'string', default: 'That sounds really hard. Tell me more about it.' },
    'url-file': { type: 'string' },
    log: { type: 'string' },
    port: { type: 'string', default: '0' },
  },
});

const fault = values.fault as FaultKind | 'none';
if (fault !== 'none' && !FAULT_KINDS.includes(fault)) {
  throw new Error(`--fault ${fault} is not one of: none, ${FAULT_KINDS.join(', ')}`);
}
const retryAfterFlag = values['retry-after'];
const retryAfter =
  retryAfterFlag === undefined || retryAfterFlag === 'none'
    ? undefined
    : /^\d+$/.test(retryAfterFlag)
      ? Number(retryAfterFlag)
      : retryAfterFlag;
let faultsLeft = Number(values.count);
const rng = createRng(Number(values.seed));
const started = performance.now();

const analysis = (change: string) =>
  `Content:\nThe NPC listens.\nTargetCompletion:\nPartly.\nActivity:\nCalmer.\nAnalyse:\nOkay.\nChange:\n${change}`;
/** A judge that block-quotes the NPC's latest reply (real line breaks) at the end and forgets its own Change. */
const quotingAnalysis = (quoted: string) =>
  `Content:\nThe NPC replied.\nTargetCompletion:\nUnclear.\nActivity:\nSuspicious.\nAnalyse:\nIt literally wrote:\n${quoted}`;
const REPLY = 'Thinking:\nneutral\nOrigin:\nok\nChange:\nshort\nResponse:\nHmm, and then it started again.';

/** The latest NPC message of the prompt's history block, as the simulator LLM sees it. */
function latestNpcMessage(prompt: string): string {
  const blocks = [...prompt.matchAll(/<<<BEGIN (?:history|latest) [0-9a-f]+>>>\n([\s\S]*?)\n<<<END/g)];
  const parsed = safeParseJSON<Array<{ role: string; content: string }>>(blocks.at(-1)?.[1] ?? '[]');
  return parsed.success ? (parsed.value.filter((message) => message.role === 'NPC').at(-1)?.content ?? '') : '';
}

function log(line: string): void {
  const text = `${((performance.now() - started) / 1000).toFixed(2)}s ${line}\n`;
  if (values.log) appendFileSync(values.log, text);
  else process.stderr.write(text);
}

const server = await startOpenAITestServer(
  (request): ScriptedResponse => {
    const model = request.body.model ?? '?';
    const prompt = request.body.messages?.map((message) => message.content).join('\n') ?? '';
    const stage = model.startsWith('policy') ? 'policy' : prompt.includes('\nResponse:\n') ? 'reply' : 'analysis';
    const faulty =
      fault !== 'none' &&
      (values.rate !== undefined ? rng.next() < Number(values.rate) : faultsLeft < 0 || faultsLeft > 0);
    if (faulty && values.rate === undefined && faultsLeft > 0) faultsLeft -= 1;
    log(`#${request.index} ${model} ${stage}${faulty ? ` FAULT ${fault}` : ''}`);
    if (faulty) return faultResponse(fault as FaultKind, retryAfter === undefined ? {} : { retryAfter });
    if (stage === 'policy') return { content: values['policy-reply'] };
    if (stage === 'reply') return { content: REPLY };
    const answer = values.judge === 'quote' ? quotingAnalysis(latestNpcMessage(prompt)) : analysis(values.change);
    // The rlver-train prompt asks for Reason where sage asks for TargetCompletion.
    return {
      content: prompt.includes('\nTargetCompletion:\n') ? answer : answer.replace('TargetCompletion:', 'Reason:'),
    };
  },
  { recordRequests: false, port: Number(values.port) },
);
process.stdout.write(`${server.baseURL}\n`);
if (values['url-file']) writeFileSync(values['url-file'], server.baseURL);
