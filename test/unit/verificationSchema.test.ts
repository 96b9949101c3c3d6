/** The NIPT rule (common/schemas/verification.ts), shared by the API and the web form. */
import { describe, expect, it } from 'vitest';
import { niptSchema, verificationDecisionBody } from '../../common/schemas/verification';

const code = (value: unknown) => {
  const r = niptSchema.safeParse(value);
  return r.success
    ? r.data
    : ((r.error.issues[0] as { params?: { code?: string } }).params?.code ?? r.error.issues[0].code);
};

describe('NIPT', () => {
  it('is a letter, 8 digits and a letter, trimmed and upper-cased', () => {
    expect(code('L21718020A')).toBe('L21718020A');
    expect(code('  k12345678b\t')).toBe('K12345678B');
  });

  it('refuses any other form with INVALID_NIPT', () => {
    for (const bad of [
      'L2171802A',
      'L217180200A',
      '121718020A',
      'L21718020',
      'L2171802OA',
      'Ë21718020A',
      'L 21718020A',
    ])
      expect(code(bad), bad).toBe('INVALID_NIPT');
  });

  it('is required', () => {
    expect(niptSchema.safeParse('   ').success).toBe(false);
    expect(niptSchema.safeParse(undefined).success).toBe(false);
  });
});

describe('a verification decision', () => {
  it('needs a reason to refuse, not to approve', () => {
    expect(verificationDecisionBody.safeParse({ approve: true }).success).toBe(true);
    expect(verificationDecisionBody.safeParse({ approve: false }).success).toBe(false);
    expect(verificationDecisionBody.safeParse({ approve: false, reason: ' ' }).success).toBe(false);
    expect(verificationDecisionBody.safeParse({ approve: false, reason: 'Blurred' }).success).toBe(true);
    expect(verificationDecisionBody.safeParse({ approve: 'false', reason: 'x' }).success).toBe(false);
  });
});
