import { describe, expect, it } from 'vitest';
import {
  extractMentions,
  mentionRecipients,
  type MentionFacts,
} from '../../../src/domain/mentions';
import { noteSegments } from '../../../src/domain/note-references';
import { compareTagCounts, extractTags, tagFilterOf } from '../../../src/domain/tags';
import { ruminationMarkdown } from '../../../src/domain/markdown-export';

/** The parsing rules of tags and mentions (api-contract.md "Habits of a shared journal"). */

describe('tags', () => {
  it('are NFC and lower-cased, each once, in order of first appearance', () => {
    expect(extractTags('#Café #CAFÉ')).toEqual(['café']);
    expect(extractTags('#cafe and #café')).toEqual(['cafe', 'café']);
    // The same word decomposed (e + combining acute) is the same tag.
    expect(extractTags('#cafe\u0301 #CAFÉ')).toEqual(['café']);
    expect(extractTags('#b #a #B')).toEqual(['b', 'a']);
  });

  it('are letters, marks, digits or _ of any script', () => {
    expect(extractTags('#日本 と #niños_2024!')).toEqual(['日本', 'niños_2024']);
    expect(extractTags('(#मराठी) #Ελλάδα, #2026')).toEqual(['मराठी', 'ελλάδα', '2026']);
  });

  it('are not inside a word or a URL', () => {
    expect(extractTags('See https://example.com/page#section and C# or a&#39;b')).toEqual([]);
    expect(extractTags('www.example.com/#top, then #real')).toEqual(['real']);
    expect(extractTags('word#not')).toEqual([]);
  });

  it('are 1 to 50 characters; a longer run and a lone # are none', () => {
    expect(extractTags(`#${'a'.repeat(50)}`)).toEqual(['a'.repeat(50)]);
    expect(extractTags(`#${'a'.repeat(51)}`)).toEqual([]);
    expect(extractTags('# Heading, # and #')).toEqual([]);
  });

  it('filter a list as stored, or find nothing when no note can hold it', () => {
    expect(tagFilterOf(undefined)).toBeUndefined();
    expect(tagFilterOf('Café')).toBe('café');
    expect(tagFilterOf('#日本')).toBe('日本');
    expect(tagFilterOf('two words')).toBeNull();
    expect(tagFilterOf('')).toBeNull();
  });

  it('count most used first, then by tag', () => {
    const counts = [
      { tag: 'b', count: 1 },
      { tag: 'c', count: 3 },
      { tag: 'a', count: 1 },
    ];
    expect(counts.sort(compareTagCounts).map((c) => c.tag)).toEqual(['c', 'a', 'b']);
  });
});

describe('mentions', () => {
  it('are usernames as in Limits, matched ignoring case, each once', () => {
    expect(extractMentions('@Ana and @ana, @bo_b.k-2 too')).toEqual(['ana', 'bo_b.k-2']);
  });

  it('are not inside a word or a URL', () => {
    expect(extractMentions('write to email@example.com')).toEqual([]);
    expect(extractMentions('https://mastodon.social/@ana')).toEqual([]);
  });

  it('leave a sentence’s full stop out, and need 3 to 32 characters', () => {
    expect(extractMentions('Thanks @ana.')).toEqual(['ana']);
    expect(extractMentions('@al, @' + 'x'.repeat(33))).toEqual([]);
  });

  it('cut the text so that it reads the same joined back', () => {
    const text = 'Hi @Ana. #Tea at https://x.org/#a';
    const segments = noteSegments(text);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.kind !== 'text')).toEqual([
      { kind: 'mention', text: '@Ana', username: 'Ana' },
      { kind: 'tag', text: '#Tea', tag: 'tea' },
    ]);
  });
});

describe('whom a mention tells', () => {
  const facts = (change: Partial<MentionFacts>): MentionFacts => ({
    published: true,
    writerId: 1,
    mentionedIds: [1, 2, 3, 4],
    mayRead: (id) => id !== 3,
    alreadyNotified: new Set([4]),
    ...change,
  });

  it('is each reader mentioned, once, never the writer or one who may not read it', () => {
    expect(mentionRecipients(facts({}))).toEqual([2]);
  });

  it('is nobody while the note is a draft', () => {
    expect(mentionRecipients(facts({ published: false }))).toEqual([]);
  });
});

describe('the Markdown export', () => {
  it('writes a note’s tags into its front matter, each quoted', () => {
    const file = ruminationMarkdown({
      id: 7,
      content: '#2024 #café',
      createTMS: '2026-01-01T00:00:00.000Z',
      updateTMS: '2026-01-01T00:00:00.000Z',
      isPublished: false,
      audiences: [],
      tags: ['2024', 'café'],
    });
    expect(file.split('\n').slice(0, 8)).toContain('tags: ["2024", "café"]');
  });
});
