import { screen, within, type BoundFunctions, type queries } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

type Scope = BoundFunctions<typeof queries>;

/** The composer's "Who can read it" button (its name ends with the current choice). */
export function audienceButton(scope: Scope, name: RegExp = /^Who can read it/): HTMLElement {
  return scope.getByRole('button', { name });
}

/** Opens an audience picker (the composer's, unless named), unless it is open already. */
export async function openAudiencePicker(
  user: UserEvent,
  scope: Scope,
  name?: RegExp,
): Promise<void> {
  const button = audienceButton(scope, name);
  if (button.getAttribute('aria-expanded') !== 'true') await user.click(button);
}

/** Ticks (or unticks) audiences by their labels, opening the picker first. */
export async function tickAudiences(user: UserEvent, scope: Scope, ...labels: string[]) {
  await openAudiencePicker(user, scope);
  for (const label of labels) await user.click(scope.getByRole('checkbox', { name: label }));
}

/**
 * Chooses Public in the composer's picker: new accounts ask each time (nothing ticked), so a note
 * meant for everyone says so, as its writer would.
 */
export async function choosePublic(user: UserEvent, scope: Scope): Promise<void> {
  await openAudiencePicker(user, scope);
  await user.click(scope.getByRole('checkbox', { name: 'Public' }));
}

/** Answers the question an account's first public note asks: publish it publicly. */
export async function publishPubliclyWhenAsked(user: UserEvent): Promise<void> {
  const question = await screen.findByRole('alertdialog', { name: 'Publish for everyone?' });
  await user.click(within(question).getByRole('button', { name: 'Publish publicly' }));
}
