import type { RunPlan } from '../model.js';

export const MASK = '******';

/**
 * Hides the values of secret variables wherever a report or an event would show them: the URL, headers and bodies
 * sent, a response that echoes one, a script's console, an assertion's actual value. A value shorter than 3
 * characters is left: masking every `1` in a report would hide more than it protects.
 */
export function secretMasker(plan: RunPlan): <T>(value: T) => T {
  const secrets = [...(plan.environment.variables ?? []), ...(plan.variables ?? []), ...(plan.globals ?? [])]
    .filter((variable) => variable.secret && variable.value.length >= 3)
    .map((variable) => variable.value)
    .sort((a, b) => b.length - a.length);
  if (secrets.length === 0) return (value) => value;
  // Also as they travel encoded: in a query string, or inside JSON text.
  const forms = [
    ...new Set(secrets.flatMap((secret) => [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])),
  ];
  const maskText = (text: string) => {
    let out = text;
    for (const form of forms) if (out.includes(form)) out = out.split(form).join(MASK);
    return out;
  };
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return maskText(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(value)) out[key] = walk(child);
      return out;
    }
    return value;
  };
  return <T>(value: T) => walk(value) as T;
}
