import type { Language, Trajectory } from '@rlver/spec';
import { auditReply } from '@rlver/text-quality';
import { emotionPoints } from '../metrics/emotion-curve';
import { endingKindOf } from '../metrics/trajectory-metrics';
import { escapeHtml } from './escape-html';
import { renderSparkline } from './svg-charts';

function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

function userBubble(text: string, emotion: number, delta: number | undefined, thoughts: string): string {
  const change =
    delta === undefined ? '' : ` <span class="delta ${delta >= 0 ? 'up' : 'down'}">${signed(delta)}</span>`;
  const details = thoughts
    ? `<details class="thoughts"><summary>inner thoughts</summary><div class="text">${escapeHtml(thoughts)}</div></details>`
    : '';
  return `<div class="message user"><div class="who">user <span class="emotion" title="emotion after this turn">emotion ${emotion}</span>${change}</div><div class="text">${escapeHtml(text)}</div>${details}</div>`;
}

/** Red chips naming the degenerate kinds of a reply (`@rlver/text-quality`), the evidence as their tooltip. */
function degenerateChips(reply: string, lang: Language): string {
  if (reply.trim() === '') return '';
  const audit = auditReply(reply, lang);
  return audit.kinds
    .map(
      (kind) =>
        `<span class="chip degenerate" title="${escapeHtml(audit.evidence[kind] ?? '')}">${escapeHtml(kind.replace('_', ' '))}</span>`,
    )
    .join('');
}

function assistantBubble(turn: Trajectory['turns'][number], lang: Language): string {
  const labels =
    turn.strategyLabels.map((label) => `<span class="chip">${escapeHtml(label)}</span>`).join('') +
    degenerateChips(turn.reply, lang);
  const think = turn.think
    ? `<details class="thoughts"><summary>policy reasoning</summary><div class="text">${escapeHtml(turn.think)}</div></details>`
    : '';
  const unscored = turn.scored
    ? ''
    : '<div class="note">not judged (final reply at the turn cap, or the episode stopped)</div>';
  return `<div class="message assistant"><div class="who">model · turn ${turn.index} ${labels}</div><div class="text">${escapeHtml(turn.reply)}</div>${think}${unscored}</div>`;
}

/** One dialogue as HTML: header, emotion sparkline, and every message with the emotion after every judged turn. */
export function renderTranscript(
  trajectory: Trajectory,
  attributes: { run: number; episode: number; outcome?: string },
): string {
  const messages = [userBubble(trajectory.opening.message, trajectory.opening.emotion, undefined, '')];
  for (const turn of trajectory.turns) {
    messages.push(assistantBubble(turn, trajectory.lang));
    if (turn.userMessage !== null) {
      messages.push(
        userBubble(turn.userMessage, turn.emotion, turn.scored ? turn.delta : undefined, turn.innerThoughts),
      );
    }
  }
  if (trajectory.error) {
    messages.push(
      `<div class="message error"><div class="who">error</div><div class="text">${escapeHtml(`${trajectory.error.name}: ${trajectory.error.message}`)}</div></div>`,
    );
  }
  const header = [
    `<strong>${escapeHtml(trajectory.profileId)}</strong>`,
    trajectory.repeat ? `repeat ${trajectory.repeat}` : '',
    `final emotion <strong>${trajectory.finalEmotion}</strong>`,
    `ended: ${escapeHtml(endingKindOf(trajectory))}`,
    `${trajectory.turns.length} replies`,
  ]
    .filter(Boolean)
    .join(' · ');
  const outcome = attributes.outcome ? ` data-outcome="${escapeHtml(attributes.outcome)}"` : '';
  return `<article class="transcript" data-run="${attributes.run}" data-episode="${attributes.episode}"${outcome} hidden><header>${header}${renderSparkline(emotionPoints(trajectory))}</header>${messages.join('\n')}</article>`;
}

/** The option text of a dialogue in the transcript picker. */
export function transcriptOptionLabel(trajectory: Trajectory): string {
  const repeat = trajectory.repeat ? ` r${trajectory.repeat}` : '';
  const id = trajectory.profileId.length > 16 ? `${trajectory.profileId.slice(0, 8)}…` : trajectory.profileId;
  return `${id}${repeat} · final ${trajectory.finalEmotion} · ${endingKindOf(trajectory)}`;
}
