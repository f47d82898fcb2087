import type { StepResult } from '../dialogue-env-options';
import type { EpisodeState } from '../episode-state';

function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

/** The opening of a human chat: who is talking and the user's first message. */
export function formatChatOpening(state: EpisodeState): string {
  return [
    `profile ${state.profileId} · simulator ${state.simulatorId} · preset ${state.preset}`,
    'You are the assistant. Type a reply and press Enter; /quit stops.',
    '',
    `user> ${state.opening.message}`,
    `      [emotion ${state.opening.emotion} · band ${state.band}]`,
    '',
  ].join('\n');
}

/** One turn of a human chat: the user's answer, emotion, Δ and inner thoughts; the ending when done. */
export function formatChatTurn(result: StepResult, showThoughts = true): string {
  const lines: string[] = [];
  if (result.userMessage !== null) {
    lines.push(`user> ${result.userMessage}`);
    lines.push(`      [emotion ${result.emotion} (${signed(result.delta)}) · band ${result.state.band}]`);
    if (showThoughts && result.innerThoughts !== '')
      lines.push(`      (thinks: ${result.innerThoughts.replace(/\s+/g, ' ')})`);
  } else if (result.turn && !result.turn.scored && result.stopReason === 'max_turns') {
    lines.push('      [the final reply at the turn cap is not judged]');
  }
  if (result.done) {
    const error = result.state.error ? ` (${result.state.error.message})` : '';
    lines.push(
      `— ended: ${result.stopReason}${error} · final emotion ${result.state.emotion} · reward ${result.reward.toFixed(2)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
