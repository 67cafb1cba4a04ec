import { screen, within, type BoundFunctions, type queries } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

type Scope = BoundFunctions<typeof queries>;

/** The composer's "Who can read it" button (its name ends with the current choice). */
export function audienceButton(scope: Scope): HTMLElement {
  return scope.getByRole('button', { name: /^Who can read it/ });
}

/** Opens the composer's audience picker, unless it is open already. */
export async function openAudiencePicker(user: UserEvent, scope: Scope): Promise<void> {
  const button = audienceButton(scope);
  if (button.getAttribute('aria-expanded') !== 'true') await user.click(button);
}

/** Ticks (or unticks) audiences by their labels, opening the picker first. */
export async function tickAudiences(user: UserEvent, scope: Scope, ...labels: string[]) {
  await openAudiencePicker(user, scope);
  for (const label of labels) await user.click(scope.getByRole('checkbox', { name: label }));
}

/** Answers the question an account's first public note asks: publish it publicly. */
export async function publishPubliclyWhenAsked(user: UserEvent): Promise<void> {
  const question = await screen.findByRole('alertdialog', { name: 'Publish for everyone?' });
  await user.click(within(question).getByRole('button', { name: 'Publish publicly' }));
}
