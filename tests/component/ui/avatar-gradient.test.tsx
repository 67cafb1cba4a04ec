import { describe, expect, test } from 'vitest';
import { render, screen } from '@testing-library/react';
import {
  AVATAR_GRADIENTS,
  avatarGradientFor,
  avatarGradientIndex,
} from '../../../src/components/ui/avatar-gradient';
import { UserAvatar } from '../../../src/components/ui/user-avatar';

describe('avatar colour', () => {
  test('there are 20 distinct gradients', () => {
    expect(new Set(AVATAR_GRADIENTS).size).toBe(20);
  });

  test('only the first three letters decide the gradient', () => {
    expect(avatarGradientFor('samantha')).toBe(avatarGradientFor('sam'));
    expect(avatarGradientFor('Samuel')).toBe(avatarGradientFor('sam'));
  });

  test('different names spread over many gradients', () => {
    const names = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal', 'ivy', 'jon', 'kim'];
    const used = new Set(names.map(avatarGradientIndex));
    expect(used.size).toBeGreaterThanOrEqual(6);
  });

  test('the avatar shows the initial on its gradient and is hidden from screen readers', () => {
    render(
      <p>
        <UserAvatar username="maya" />
        maya
      </p>,
    );
    const avatar = screen.getByText('m');
    expect(avatar).toHaveAttribute('aria-hidden', 'true');
    for (const cls of avatarGradientFor('maya').split(' ')) expect(avatar).toHaveClass(cls);
  });
});
