import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False while a page is server-rendered and during hydration, true once React owns the page in the browser. A form
 * keeps its submit button disabled until then: before hydration a click would make the browser send the form itself,
 * as a GET that puts what was typed in the address (and the server's logs).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * The non-empty values a visitor typed into a server-rendered form before its script arrived, read from the form that
 * holds the element `fieldId` (a `useId`-based id, the same on the server and in the browser). Uncontrolled form
 * libraries write their default values into the fields when they register them, which would wipe what was typed; a
 * form passes these values as its defaults instead. Empty outside the browser and when the form is rendered fresh
 * (client-side navigation: the element does not exist yet).
 */
export function valuesTypedBeforeHydration<Name extends string>(
  fieldId: string,
  names: readonly Name[],
): Partial<Record<Name, string>> {
  if (typeof document === 'undefined') return {};
  const field = document.getElementById(fieldId);
  const form = field && 'form' in field ? (field as HTMLInputElement).form : null;
  if (!form) return {};
  const data = new FormData(form);
  const typed: Partial<Record<Name, string>> = {};
  for (const name of names) {
    const value = data.get(name);
    if (typeof value === 'string' && value !== '') typed[name] = value;
  }
  return typed;
}
