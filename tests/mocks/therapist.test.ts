import { describe, expect, it } from 'vitest';
import { createRumination, createUser } from '../../mocks/store/factories';
import { api, setupMockBackend, type Json } from './mock-backend';
import { relate } from '../support/store-people';

/** The one directional rule of visibility, spelled out on the feed and on a profile. */

setupMockBackend();

const THERAPIST = 5;

function arrange() {
  const patient = createUser({ username: 'patient' });
  const therapist = createUser({ username: 'therapist' });
  // The patient asked: the receiver is the patient's therapist.
  relate(patient, therapist, THERAPIST);
  const patientNote = createRumination({ authorId: patient.user.id, audiences: [THERAPIST] });
  const therapistNote = createRumination({ authorId: therapist.user.id, audiences: [THERAPIST] });
  return { patient, therapist, patientNote, therapistNote };
}

const ids = (list: Json[]) => list.map((r: Json) => r.id as number);

describe('Therapist audience', () => {
  it("shows the patient's Therapist notes to the therapist, in the feed and on the profile", async () => {
    const { patient, therapist, patientNote } = arrange();
    const token = therapist.token;
    expect(ids((await api('GET', '/api/ruminations/feed', { token })).json)).toEqual([
      patientNote.id,
    ]);
    const profile = await api('GET', `/api/ruminations/public?UserId=${patient.user.id}`, {
      token,
    });
    expect(ids(profile.json)).toEqual([patientNote.id]);
    expect((await api('GET', `/api/ruminations/${patientNote.id}`, { token })).status).toBe(200);
  });

  it("does not show the therapist's own Therapist notes to their patient", async () => {
    const { patient, therapist, therapistNote } = arrange();
    const token = patient.token;
    expect((await api('GET', '/api/ruminations/feed', { token })).json).toEqual([]);
    const profile = await api('GET', `/api/ruminations/public?UserId=${therapist.user.id}`, {
      token,
    });
    expect(profile.json).toEqual([]);
    expect((await api('GET', `/api/ruminations/${therapistNote.id}`, { token })).status).toBe(404);
    expect(
      (await api('GET', `/api/comments/rumination/${therapistNote.id}`, { token })).status,
    ).toBe(404);
  });
});
