import { describe, expect, test } from 'vitest';
import { filenameOfContentDisposition } from '../../../src/features/account/content-disposition';
import { formatBytes } from '../../../src/features/account/format-bytes';

describe('filenameOfContentDisposition', () => {
  test.each([
    ['attachment; filename="export.json"', 'export.json'],
    ['attachment; filename=export.zip', 'export.zip'],
    ['attachment; filename="a \\"quoted\\" name.json"', 'a "quoted" name.json'],
    [`attachment; filename="fallback.zip"; filename*=UTF-8''r%C3%A9sum%C3%A9.zip`, 'résumé.zip'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    [`attachment; filename*=UTF-8''%E0%A4%A; filename="plain.json"`, 'plain.json'],
  ])('%s', (header, name) => {
    expect(filenameOfContentDisposition(header)).toBe(name);
  });

  test('no header or no name: null', () => {
    expect(filenameOfContentDisposition(null)).toBeNull();
    expect(filenameOfContentDisposition('attachment')).toBeNull();
    expect(filenameOfContentDisposition('attachment; filename=""')).toBeNull();
  });
});

describe('formatBytes', () => {
  test.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1.0 KB'],
    [1_234_567, '1.2 MB'],
    [999_999, '1.0 MB'],
    [3_500_000_000, '3.5 GB'],
  ])('%d bytes', (bytes, shown) => {
    expect(formatBytes(bytes)).toBe(shown);
  });
});
