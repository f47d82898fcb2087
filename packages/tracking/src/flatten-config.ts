/**
 * Flatten a config to dotted keys with text values (`ppo.clipRange` → `"0.2"`), as trackers store parameters.
 * Arrays and `null` are written as JSON; `undefined` fields are left out.
 */
export function flattenConfig(config: Readonly<Record<string, unknown>>, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(config)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value === undefined) continue;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      Object.assign(flat, flattenConfig(value as Record<string, unknown>, path));
    } else {
      flat[path] = typeof value === 'string' ? value : JSON.stringify(value);
    }
  }
  return flat;
}
