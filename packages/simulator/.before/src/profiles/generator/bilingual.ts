import type { Language } from '@rlver/spec';

/** A text in both shipped languages. */
export type Bilingual = Readonly<Record<Language, string>>;

/** Slot values for {@link fillSlots}: `{name}` in a template is replaced by `slots.name`. */
export type Slots = Readonly<Record<string, string>>;

/** Replace every `{slot}` in a template; an unknown slot is left as is so tests can catch it. */
export function fillSlots(template: string, slots: Slots): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => slots[name] ?? whole);
}

/** Pick the text of one language from a bilingual entry and fill its slots. */
export function render(text: Bilingual, lang: Language, slots: Slots = {}): string {
  return fillSlots(text[lang], slots);
}
