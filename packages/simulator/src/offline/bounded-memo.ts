/**
 * A memo of at most `capacity` entries for work that repeats within a dialogue (the same story and messages are
 * judged once per candidate reply and again every turn): when full, it starts over empty, which keeps it cheap and
 * bounded for a long-running trainer.
 */
export function boundedMemo<V>(capacity: number): (key: string, compute: () => V) => V {
  const entries = new Map<string, V>();
  return (key, compute) => {
    const cached = entries.get(key);
    if (cached !== undefined) return cached;
    if (entries.size >= capacity) entries.clear();
    const value = compute();
    entries.set(key, value);
    return value;
  };
}
