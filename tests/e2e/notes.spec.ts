import { expect, test } from './support/fixtures';
import { createRuminationViaApi, ruminationCard } from './support/ui';

/** Payloads that would run script if a note's text reached the DOM as HTML or as a raw URL. */
const XSS = [
  '[click me](javascript:window.__pwned=1)',
  '[data](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD0xPC9zY3JpcHQ+)',
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '![pixel](javascript:window.__pwned=1)',
  '<a href="javascript:window.__pwned=1">html link</a>',
  '[vb](vbscript:msgbox)',
  '<svg onload="window.__pwned=1"></svg>',
].join('\n\n');

test('notes read like notes: Markdown rendered, unsafe parts gone, nothing runs', async ({
  page,
  request,
  createUser,
}) => {
  const author = await createUser('writer');
  const marker = `Markdown of ${author.username}`;
  await createRuminationViaApi(
    request,
    author,
    `# ${marker}\n\n**bold words** and [a link](https://example.com/page)\n\n- first\n- second\n\n${XSS}`,
  );
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  // The author's profile, not /public: other tests' public notes, written meanwhile, would push
  // this one off the first page there.
  await page.goto(`/user/${author.id}`);
  const card = ruminationCard(page, marker);
  // Rendered once the renderer has arrived (after the page has loaded).
  await expect(card.locator('strong', { hasText: 'bold words' })).toBeVisible();
  await expect(card.getByRole('listitem')).toHaveText(['first', 'second']);
  // The note's heading does not outrank the page's: strong text, no heading element.
  await expect(card.locator('strong', { hasText: marker })).toBeVisible();
  await expect(card.locator('h1, h2, h3, h4, h5, h6')).toHaveCount(0);
  const link = card.getByRole('link', { name: 'a link' });
  await expect(link).toHaveAttribute('href', 'https://example.com/page');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');

  const unsafe = await card.evaluate((root) => {
    const found: string[] = [];
    for (const el of root.querySelectorAll('*')) {
      if (['SCRIPT', 'IMG', 'IFRAME', 'OBJECT', 'EMBED'].includes(el.tagName))
        found.push(el.tagName);
      for (const attr of el.attributes) {
        if (/^on/i.test(attr.name)) found.push(`${el.tagName} ${attr.name}`);
        if (
          /^(href|src)$/i.test(attr.name) &&
          /^\s*(javascript|data|vbscript):/i.test(attr.value)
        ) {
          found.push(`${el.tagName} ${attr.name}=${attr.value}`);
        }
      }
    }
    return found;
  });
  expect(unsafe).toEqual([]);
  // The unsafe link's words stay, as text; clicking them goes nowhere and runs nothing.
  await card.getByText('click me').click();
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expect(page).toHaveURL(new RegExp(`/user/${author.id}$`));
});

test('a long note folds after about twelve lines, with Show more and Show less', async ({
  page,
  request,
  createUser,
}) => {
  const author = await createUser('prolific');
  const lines = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of ${author.username}`);
  await createRuminationViaApi(request, author, lines.join('\n'));
  await createRuminationViaApi(request, author, `Short note of ${author.username}`);

  // The author's profile, not /public: other tests' public notes, written meanwhile, would push
  // this one off the first page there.
  await page.goto(`/user/${author.id}`);
  const card = ruminationCard(page, lines[0]!);
  await expect(card.getByText(/Line 1 of/)).toBeVisible();
  const more = card.getByRole('button', { name: 'Show more' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  const folded = (await card.locator('.prose-note').boundingBox())!;
  const visibleBox = (await card.locator('.note-folded').boundingBox())!;
  // Folded: the box shows about twelve lines of the forty.
  expect(visibleBox.height).toBeLessThan(folded.height / 2);
  await more.focus();
  await page.keyboard.press('Enter');
  const less = card.getByRole('button', { name: 'Show less' });
  await expect(less).toHaveAttribute('aria-expanded', 'true');
  await expect(card.locator('.note-folded')).toHaveCount(0);
  await less.click();
  await expect(card.getByRole('button', { name: 'Show more' })).toBeVisible();

  // A short note has nothing to fold.
  const short = ruminationCard(page, `Short note of ${author.username}`);
  await expect(short.getByRole('button', { name: /Show (more|less)/ })).toHaveCount(0);
});
