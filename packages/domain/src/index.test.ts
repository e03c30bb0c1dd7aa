import { describe, it, expect } from 'vitest';
import * as domain from './index.ts';

describe('package entry point', () => {
  it('exposes a rule from every module', () => {
    for (const name of [
      'calendarUrl',
      'groupShowsForHome',
      'formatMoney',
      'isValidNit',
      'orderStatusLabel',
      'promoDiscount',
      'rowLabel',
      'foldForSearch',
      'sectionSeats',
      'hasWatchAccess',
      'ticketAvailability',
      'generateTicketCode',
      'startOfWeek',
      'fromZonedDateTime',
      'formatOrderDate',
      'canSubmitLogin',
      'isCountryCode',
      'loginPath',
      'isSitePath',
      'maskEmail',
      'initialsOf',
      'checkPasswordPolicy',
      'formatCountdown',
      'statusPlays',
      'isChatVisible',
      'opensStream',
    ]) {
      expect(typeof (domain as Record<string, unknown>)[name], name).toBe('function');
    }
  });
});
