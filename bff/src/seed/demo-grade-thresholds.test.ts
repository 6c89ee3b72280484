import { boundaryErrors } from '../grade-thresholds/boundaries';
import { demoBoundaries, demoMaxMarks } from './demo-grade-thresholds';

describe('demo grade thresholds', () => {
  const subjects = ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'Computer Science', 'Economics', 'Business'];

  it.each(subjects)(
    "%s: the maximum is the demo paper's total and every series' boundaries pass the admin rules",
    (name) => {
      const max = demoMaxMarks(name);
      expect(max).toBeGreaterThanOrEqual(10);
      for (let shift = -2; shift <= 2; shift += 1) {
        expect(boundaryErrors(max, demoBoundaries(max, shift))).toEqual({});
      }
    },
  );
});
