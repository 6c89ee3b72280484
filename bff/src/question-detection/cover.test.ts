import { duration } from './cover';

describe('the duration printed on a cover', () => {
  it.each([
    ['1 hour 15 minutes', 75],
    ['45 minutes', 45],
    ['2 hours', 120],
    ['Time: 1 hour 30 minutes', 90],
    ['Time allowed: 1 hour 45 minutes', 105],
    ['Duration: 2 hours', 120],
    ['Time allowed 2 hrs 30 mins', 150],
    ['1 hr', 60],
    ['90 mins', 90],
    ['  1 hour and 5 minutes  ', 65],
  ])('%s is %i minutes', (text, minutes) => expect(duration(text)).toBe(minutes));

  it.each([
    'in 24 hours', // inside a question
    'Find the time taken in minutes',
    '0 minutes',
    '7 hours', // beyond six hours: no exam
    '361 minutes',
    '1 hour 15',
    'Time allowed:',
    '',
  ])('%j is no duration', (text) => expect(duration(text)).toBeNull());
});
