/** Moderators are members of the pool's moderator group, whatever their account type; the claim's two shapes. */
import { describe, expect, it } from 'vitest';
import { MODERATOR_GROUP, claimHasGroup } from '../../common/moderation';
import { callerFromEvent } from '../../lambdas/api/http';
import { apiEvent, businessCaller, clientCaller } from '../support/events';

describe('claimHasGroup', () => {
  it.each([
    [['moderator'], true],
    [['other', 'moderator'], true],
    ['[moderator]', true],
    ['[other moderator]', true],
    ['moderator', true],
    [['moderators'], false],
    ['[moderators]', false],
    ['', false],
    [undefined, false],
    [42, false],
  ])('%j -> %s', (claim, expected) => {
    expect(claimHasGroup(claim, MODERATOR_GROUP)).toBe(expected);
  });
});

describe('callerFromEvent', () => {
  it('marks a client or business in the moderator group as a moderator (the gateway passes "[moderator]")', () => {
    expect(callerFromEvent(apiEvent({ caller: clientCaller({ groups: ['moderator'] }) })).moderator).toBe(true);
    expect(callerFromEvent(apiEvent({ caller: businessCaller({ groups: ['moderator'] }) })).moderator).toBe(true);
  });

  it('does not mark anyone else', () => {
    expect(callerFromEvent(apiEvent({ caller: clientCaller() })).moderator).toBe(false);
    expect(callerFromEvent(apiEvent({ caller: clientCaller({ groups: ['staff'] }) })).moderator).toBe(false);
  });
});
