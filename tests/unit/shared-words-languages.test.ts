import fs from 'node:fs';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import PO from 'pofile';
import { describe, expect, it } from 'vitest';
import { FILLED_SENTENCES, problemIn, sayAgain } from '../../src/api/english-again';
import { sayIn, type Catalogue } from '../../src/api/english-messages';
import { HTTP_PROBLEMS } from '../../src/api/http-problems';
import type { Notification } from '../../src/api/notification-schemas';
import { sayInEnglish } from '../../src/api/say';
import { termsAcceptanceRequired } from '../../src/api/terms-schemas';
import { audienceWords } from '../../src/domain/audience-words';
import { digestSubject } from '../../src/domain/email-digest';
import { ENTRY_PROBLEMS } from '../../src/domain/journal-import-entries';
import { IMPORT_FAILURES } from '../../src/domain/journal-import';
import { notificationText } from '../../src/domain/notification-words';
import { reactionCountLabel } from '../../src/domain/reaction-kinds';
import { readerNames } from '../../src/domain/reader-names';
import { relationLabelFor, relationTypeLabel } from '../../src/domain/relation-types';
import { decideTermsAcceptance } from '../../src/domain/terms-decisions';
import { reminderBody } from '../../src/domain/write-reminders';
import { notificationForPush } from '../../src/service-worker/push-notification';
import ar from '../../src/locales/ar.json';
import es from '../../src/locales/es.json';

/**
 * The shared layer's words in Spanish and Arabic (api-contract.md "Languages"): every English
 * string it lists (scripts/i18n/shared-strings.ts) has an entry in both compiled catalogues under
 * the id the runtime looks up, the domain's word functions speak the `say` they are given (English
 * by default, unchanged), and the sentences written with a value are found again (FILLED_SENTENCES).
 */

const spanish = sayIn(es.messages as unknown as Catalogue, 'es');
const arabic = sayIn(ar.messages as unknown as Catalogue, 'ar');

const comment: Notification = {
  id: 1,
  kind: 'CommentOnMyRumination',
  createTMS: '2026-11-29T10:00:00.000Z',
  isRead: false,
  actor: { id: 2, username: 'ana', displayName: 'Ana' },
  ruminationId: 3,
  commentId: 4,
  relationId: null,
  relationType: null,
};

describe('the shared catalogue', () => {
  const english = PO.parse(fs.readFileSync('src/locales/en/shared.po', 'utf8')).items;

  it('has a Spanish and an Arabic entry for every English string, by the id of the English', () => {
    expect(english.length).toBeGreaterThan(200);
    for (const { msgid } of english) {
      const id = generateMessageId(msgid);
      expect(es.messages, msgid).toHaveProperty([id]);
      expect(ar.messages, msgid).toHaveProperty([id]);
    }
  });

  it('lists every filled sentence', () => {
    const ids = new Set(english.map((item) => item.msgid));
    for (const template of FILLED_SENTENCES) expect(ids.has(template), template).toBe(true);
  });
});

describe("the domain's words in a language", () => {
  it('say notifications in Spanish and Arabic, English unchanged by default', () => {
    expect(notificationText(comment, 1)).toBe('Ana commented on your rumination');
    expect(notificationText(comment, 1, sayInEnglish)).toBe('Ana commented on your rumination');
    expect(notificationText(comment, 1, spanish)).toBe('Ana comentó tu reflexión');
    expect(notificationText(comment, 1, arabic)).toBe('علّق Ana على تأملك');
    const request = { ...comment, kind: 'RelationRequested' as const, relationType: 3 as const };
    expect(notificationText(request, 1)).toBe('Ana asked to be your Best Friend');
    expect(notificationText(request, 1, spanish)).toBe('Ana te pidió una relación: Mejor amigo');
  });

  it('name relations and audiences', () => {
    expect(relationTypeLabel(3)).toBe('Best Friend');
    expect(relationTypeLabel(3, spanish)).toBe('Mejor amigo');
    expect(relationLabelFor({ type: 5, receiver: { id: 1 } }, 1, arabic)).toBe('مريض');
    expect(audienceWords({ isPublished: true, audiences: [1, 2] }).short).toBe(
      'Friends and Family',
    );
    expect(audienceWords({ isPublished: true, audiences: [0, 1, 2] }, spanish).short).toBe(
      'Amigos, Familia y Conocidos',
    );
    expect(audienceWords({ isPublished: true, audiences: [1, 2] }, arabic).short).toBe(
      'الأصدقاء والعائلة',
    );
    expect(audienceWords({ isPublished: false, audiences: [] }, spanish).long).toBe('Solo tú');
  });

  it('count with the language’s plural rules', () => {
    expect(reminderBody([{ year: 2023, count: 2 }])).toBe('On this day in 2023: you wrote 2 notes');
    expect(reminderBody([{ year: 2023, count: 2 }], spanish)).toBe(
      'Un día como hoy en 2023: escribiste 2 notas',
    );
    expect(reminderBody([{ year: 2023, count: 2 }], arabic)).toBe(
      'في مثل هذا اليوم من عام 2023: كتبتَ ملاحظتين',
    );
    expect(reminderBody([{ year: 2023, count: 1 }], spanish)).toBe(
      'Un día como hoy en 2023: escribiste 1 nota',
    );
    expect(digestSubject(12345, spanish)).toBe('Ruminations: 12.345 notificaciones nuevas');
    expect(reactionCountLabel({ kind: 'love', count: 3, mine: true })).toBe(
      '❤️ love, 3 people, you reacted',
    );
    expect(reactionCountLabel({ kind: 'love', count: 3, mine: true }, spanish)).toBe(
      '❤️ amor, 3 personas, reaccionaste',
    );
  });

  it('keep each reader’s name apart in a sentence of the language', () => {
    const known = {
      writerId: 1,
      relations: ['Ana', 'Bruno', 'Carla', 'Dora'].map((name, index) => ({
        type: 1 as const,
        initiator: { id: 1, username: 'me', displayName: 'Me' },
        receiver: { id: index + 2, username: name.toLowerCase(), displayName: name },
        isAccepted: true,
        isRejected: false,
        isDeleted: false,
      })),
    };
    expect(readerNames([1], known).readers).toEqual([
      { name: 'Ana' },
      { text: ', ' },
      { name: 'Bruno' },
      { text: ' and 2 others: your Family.' },
    ]);
    expect(readerNames([1], known, spanish).readers).toEqual([
      { name: 'Ana' },
      { text: ', ' },
      { name: 'Bruno' },
      { text: ' y 2 personas más (Familia).' },
    ]);
  });
});

describe('finished English said again', () => {
  it('finds each sentence with a value again, its value kept', () => {
    const written = [
      termsAcceptanceRequired('1.1').detail ?? '',
      ENTRY_PROBLEMS.tooManyPhotos(9),
      ENTRY_PROBLEMS.missingPhoto('a.jpg'),
      ENTRY_PROBLEMS.photoRefused('a.jpg', ENTRY_PROBLEMS.notAnEntry),
      IMPORT_FAILURES.inflatesTooMuch('Journal.json'),
    ];
    const decided = decideTermsAcceptance({ currentVersion: '2.0', acceptedAt: undefined }, '1.0');
    if (!decided.ok) written.push(decided.refusal.detail ?? '');
    expect(written).toHaveLength(6);
    for (const english of written) {
      const said = sayAgain(english, spanish);
      expect(said, english).not.toBe(english);
    }
    expect(sayAgain(ENTRY_PROBLEMS.photoRefused('a.jpg', ENTRY_PROBLEMS.notAnEntry), spanish)).toBe(
      'Su foto a.jpg: No se puede leer esta entrada',
    );
    expect(sayAgain('The current version is 2.0.', arabic)).toBe('الإصدار الحالي هو 2.0.');
    expect(sayAgain('Not a sentence of ours', spanish)).toBe('Not a sentence of ours');
  });

  it('says a whole problem, and leaves English as it is', () => {
    const problem = {
      type: 'about:blank',
      title: HTTP_PROBLEMS.invalidToken.title,
      status: 401,
      detail: 'Try again in 5 seconds.',
      errors: { password: ['Password is required'] },
    };
    expect(problemIn(problem, sayInEnglish)).toBe(problem);
    expect(problemIn(problem, spanish)).toEqual({
      type: 'about:blank',
      title: 'El token de acceso no es válido o ha caducado',
      status: 401,
      detail: 'Vuelve a intentarlo en 5 segundos.',
      errors: { password: ['La contraseña es obligatoria'] },
    });
  });
});

describe("a push in the recipient's language on the device", () => {
  it('shows the title as sent and tells the device its language', () => {
    const text = JSON.stringify({ title: 'علّق Ana على تأملك', notification: comment, lang: 'ar' });
    const shown = notificationForPush(text);
    expect(shown.title).toBe('علّق Ana على تأملك');
    expect(shown.options.lang).toBe('ar');
    const reminder = JSON.stringify({
      kind: 'WriteReminder',
      title: 'حان وقت الكتابة',
      body: null,
      lang: 'ar',
    });
    expect(notificationForPush(reminder).options.lang).toBe('ar');
    // Without one (an older server), English as before.
    const english = JSON.stringify({ title: 'Ana commented', notification: comment });
    expect(notificationForPush(english).options.lang).toBe('en');
  });
});
