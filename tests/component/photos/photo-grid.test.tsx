import { beforeAll, describe, expect, test } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PhotoGrid } from '../../../src/features/photos/photo-grid';
import { thumbnailSize } from '../../../src/features/photos/thumbnail-size';
import { photos } from './photo-data';

/**
 * A card's photos (features/photos/photo-grid.tsx): thumbnails that keep their space, with alt
 * text, each a button that opens the viewer at it; focus comes back to the photo last shown.
 */

beforeAll(async () => {
  // The viewer is React.lazy: compiled once up front, so that tests time behaviour.
  await import('../../../src/features/photos/photo-viewer');
}, 60_000);

describe('thumbnail size', () => {
  test('the shape of the photo, at most 320 px on its long side, never enlarged', () => {
    expect(thumbnailSize(2048, 1536)).toEqual({ width: 320, height: 240 });
    expect(thumbnailSize(1536, 2048)).toEqual({ width: 240, height: 320 });
    expect(thumbnailSize(200, 100)).toEqual({ width: 200, height: 100 });
    expect(thumbnailSize(2048, 3)).toEqual({ width: 320, height: 1 });
  });
});

describe('photo grid', () => {
  test('no photos, no grid', () => {
    const { container } = render(<PhotoGrid media={[]} />);
    expect(container).toBeEmptyDOMElement();
    // A copy saved before notes had photos.
    const { container: older } = render(<PhotoGrid media={undefined} />);
    expect(older).toBeEmptyDOMElement();
  });

  test.each([1, 2, 3, 4, 5, 6])('%i photos: lazy thumbnails with size and alt', (count) => {
    render(<PhotoGrid media={photos(count)} />);
    const list = screen.getByRole('list', { name: count === 1 ? 'Photo' : `${count} photos` });
    // A photo without alt text is presentational to the accessibility tree: read the elements.
    const images = [...list.querySelectorAll('img')];
    expect(images).toHaveLength(count);
    images.forEach((img, i) => {
      const photo = photos(count)[i]!;
      expect(img).toHaveAttribute('src', photo.thumbnailUrl);
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).toHaveAttribute('decoding', 'async');
      expect(img).toHaveAttribute('alt', photo.alt);
      const size = thumbnailSize(photo.width, photo.height);
      expect(img).toHaveAttribute('width', String(size.width));
      expect(img).toHaveAttribute('height', String(size.height));
    });
    // Every photo is a named button, with alt text or without.
    expect(within(list).getAllByRole('button')).toHaveLength(count);
    if (count >= 2) {
      expect(screen.getByRole('button', { name: 'Open photo 2 of ' + count })).toBeVisible();
    }
    expect(screen.getByRole('button', { name: 'Open photo 1: Photo number 1' })).toBeVisible();
  });

  test('a click opens the viewer at that photo; Escape closes it and focus returns', async () => {
    const user = userEvent.setup();
    render(<PhotoGrid media={photos(4)} />);
    await user.click(screen.getByRole('button', { name: 'Open photo 3: Photo number 3' }));
    const viewer = await screen.findByRole('dialog', { name: 'Photo 3 of 4' });
    expect(within(viewer).getByRole('img', { name: 'Photo number 3' })).toHaveAttribute(
      'src',
      photos(4)[2]!.url,
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open photo 3: Photo number 3' })).toHaveFocus();
  });

  test('Enter on a focused thumbnail opens the viewer; focus returns to the photo last shown', async () => {
    const user = userEvent.setup();
    render(<PhotoGrid media={photos(4)} />);
    screen.getByRole('button', { name: 'Open photo 1: Photo number 1' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Photo 1 of 4' });
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    await screen.findByRole('dialog', { name: 'Photo 4 of 4' });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open photo 4: Photo number 4' })).toHaveFocus();
  });
});
