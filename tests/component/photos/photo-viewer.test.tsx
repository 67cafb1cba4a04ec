import { useRef, useState } from 'react';
import { describe, expect, test } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PhotoViewer from '../../../src/features/photos/photo-viewer';
import { photos } from './photo-data';

/** The photo viewer (features/photos/photo-viewer.tsx): one photo at a time, arrows, alt text. */

function Viewer({ count, start = 0 }: { count: number; start?: number }) {
  const [index, setIndex] = useState<number | null>(start);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" ref={opener} onClick={() => setIndex(start)}>
        Open again
      </button>
      <PhotoViewer
        media={photos(count)}
        index={index}
        onIndexChange={setIndex}
        returnFocus={() => opener.current?.focus()}
      />
    </>
  );
}

describe('photo viewer', () => {
  test('shows the full photo, its place and its alt text', async () => {
    render(<Viewer count={4} />);
    const viewer = await screen.findByRole('dialog', { name: 'Photo 1 of 4' });
    const img = within(viewer).getByRole('img', { name: 'Photo number 1' });
    expect(img).toHaveAttribute('src', photos(4)[0]!.url);
    expect(img).toHaveAttribute('width', '2048');
    expect(img).toHaveAttribute('height', '1536');
    expect(viewer).toHaveAccessibleDescription('Photo number 1');
  });

  test('previous and next buttons go round; the arrow keys do the same', async () => {
    const user = userEvent.setup();
    render(<Viewer count={3} />);
    const viewer = await screen.findByRole('dialog', { name: 'Photo 1 of 3' });
    await user.click(within(viewer).getByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('dialog', { name: 'Photo 2 of 3' })).toBeVisible();
    // The second photo has no alt text: nothing is shown or described for it.
    expect(screen.getByRole('dialog')).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(screen.getByRole('dialog', { name: 'Photo 3 of 3' })).toBeVisible();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Photo 1 of 3' })).toBeVisible();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'Photo 2 of 3' })).toBeVisible();
  });

  test('one photo: no arrows', async () => {
    render(<Viewer count={1} />);
    const viewer = await screen.findByRole('dialog', { name: 'Photo 1 of 1' });
    expect(within(viewer).queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: 'Close' })).toBeVisible();
  });

  test('Escape and Close close it and give the focus back', async () => {
    const user = userEvent.setup();
    render(<Viewer count={2} />);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open again' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Open again' }));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open again' })).toHaveFocus();
  });
});
