import { boundaryErrors, gradeFor, ONE_SCALE, ORDER_MESSAGE, type Boundary } from './boundaries';

const b = (...pairs: Array<[string, number]>): Boundary[] => pairs.map(([grade, min_marks]) => ({ grade, min_marks }));

describe('boundaryErrors', () => {
  it('accepts letter and number scales, highest first, strictly decreasing, within the maximum', () => {
    expect(boundaryErrors(80, b(['A*', 70], ['A', 60], ['B', 50], ['C', 40], ['U', 0]))).toEqual({});
    expect(boundaryErrors(100, b(['9', 90], ['7', 70], ['4', 40], ['1', 10]))).toEqual({});
    expect(boundaryErrors(80, b(['A', 80]))).toEqual({});
  });

  it('refuses a boundary above the maximum mark', () => {
    expect(boundaryErrors(80, b(['A*', 81], ['A', 60]))).toEqual({
      'boundaries.0.min_marks': 'The A* boundary (81) must not be above the maximum mark (80)',
    });
  });

  it('refuses marks that do not strictly decrease', () => {
    expect(boundaryErrors(80, b(['A', 60], ['B', 60]))).toEqual({
      'boundaries.1.min_marks': 'The B boundary (60) must be lower than the A boundary (60)',
    });
    expect(boundaryErrors(80, b(['A', 50], ['B', 55]))['boundaries.1.min_marks']).toMatch(/must be lower/);
  });

  it('refuses grades out of order, repeated, or from both scales', () => {
    expect(boundaryErrors(80, b(['B', 60], ['A', 50]))).toEqual({ 'boundaries.1.grade': ORDER_MESSAGE });
    expect(boundaryErrors(80, b(['A', 60], ['A', 50]))).toEqual({ 'boundaries.1.grade': ORDER_MESSAGE });
    expect(boundaryErrors(80, b(['U', 10], ['A', 5]))).toEqual({ 'boundaries.1.grade': ORDER_MESSAGE });
    expect(boundaryErrors(80, b(['A', 60], ['7', 50])).boundaries).toBe(ONE_SCALE);
  });
});

describe('gradeFor', () => {
  const scale = b(['A*', 70], ['A', 60], ['B', 50]);
  it.each([
    [80, 'A*'],
    [70, 'A*'],
    [69, 'A'],
    [50, 'B'],
    [49, null],
  ])('%i marks earn %s', (score, grade) => expect(gradeFor(score, scale)).toBe(grade));
});
