import { type FormEvent, useCallback, useRef, useState } from 'react';

/** A validator of validators.ts: the message key of what is wrong, or undefined. */
export type Rule = (value: string, values: Record<string, string>) => string | undefined | Promise<string | undefined>;

/**
 * The sign-in forms' own state (issue 24: the login page does without react-hook-form and react-admin's inputs):
 * values, and each field's message after it was left (like the app's forms, mode onBlur) or on submit.
 */
export function useLoginForm<K extends string>(rules: Record<K, Rule | undefined>) {
  const names = Object.keys(rules) as K[];
  const [values, setValues] = useState(() => Object.fromEntries(names.map((name) => [name, ''])) as Record<K, string>);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const latest = useRef(values);
  latest.current = values;

  const validate = useCallback(
    async (name: K): Promise<boolean> => {
      const message = await rules[name]?.(latest.current[name], latest.current);
      setErrors((current) => ({ ...current, [name]: message }));
      return !message;
    },
    [rules],
  );

  const setValue = useCallback((name: K, value: string) => {
    latest.current = { ...latest.current, [name]: value };
    setValues(latest.current);
  }, []);

  /** The props of one field: its value, its message, and what typing and leaving it do. */
  const field = (name: K) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (value: string) => setValue(name, value),
    onBlur: () => {
      validate(name);
    },
  });

  /** Validates every field, then calls `handler` with the values if none has a message. */
  const onSubmit = (handler: (values: Record<K, string>) => unknown) => async (event: FormEvent) => {
    event.preventDefault();
    const results = await Promise.all(names.map(validate));
    if (results.every(Boolean)) await handler(latest.current);
  };

  return { values, field, setValue, validate, onSubmit };
}
