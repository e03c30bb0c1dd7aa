import { render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { ComponentType } from 'react';
import type { SettingsGroupProps } from './settings-group';

/** The editor's merge of a patch (decision 0010: `null` removes the key). */
function applyPatch(settings: Record<string, unknown>, patch: Record<string, unknown>) {
  const next = { ...settings };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

/**
 * Renders a group as the show editor does: it holds the settings, applies every patch
 * and hands the result back. `patches` records what the group emitted, in order.
 */
export function renderGroup(
  Group: ComponentType<SettingsGroupProps>,
  initial: Record<string, unknown>,
  options: { errors?: Record<string, string>; disabled?: boolean } = {},
) {
  const patches: Record<string, unknown>[] = [];
  let current = initial;
  function Harness() {
    const [settings, setSettings] = useState(initial);
    return (
      <Group
        settings={settings}
        errors={options.errors ?? {}}
        disabled={options.disabled}
        onChange={(patch) => {
          patches.push(patch);
          current = applyPatch(current, patch);
          setSettings(current);
        }}
      />
    );
  }
  render(<Harness />);
  return {
    patches,
    lastPatch: () => patches.at(-1),
    settings: () => current,
  };
}

/** The text of the elements that describe a control (its hint and its error). */
export function descriptionOf(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** A fieldset by its legend ("Pregunta 2", "Video 1"). */
export function box(legend: string) {
  return within(screen.getByRole('group', { name: legend }));
}
