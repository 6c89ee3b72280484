import { clampPage, linkedPage, parsePageInput, pinchScale, stepScale, swipeDirection } from './page-math';

describe('page math', () => {
  it('keeps page numbers within the document', () => {
    expect(clampPage(0, 20)).toBe(1);
    expect(clampPage(21, 20)).toBe(20);
    expect(clampPage(3.7, 20)).toBe(3);
    expect(clampPage(Number.NaN, 20)).toBe(1);
    expect(clampPage(50, null)).toBe(50); // page count not known yet
  });

  it('reads the page box: whole numbers only, clamped; anything else keeps the page', () => {
    expect(parsePageInput(' 7 ', 20)).toBe(7);
    expect(parsePageInput('99', 20)).toBe(20);
    expect(parsePageInput('0', 20)).toBe(1);
    expect(parsePageInput('2a', 20)).toBeNull();
    expect(parsePageInput('', 20)).toBeNull();
  });

  it('steps zoom by a quarter of the scale, between 25 % and 500 %', () => {
    expect(stepScale(1, 1)).toBe(1.25);
    expect(stepScale(1, -1)).toBe(0.8);
    expect(stepScale(4.5, 1)).toBe(5);
    expect(stepScale(0.26, -1)).toBe(0.25);
  });

  it('scales a pinch by the change of distance between the fingers', () => {
    expect(pinchScale(1, 100, 200)).toBe(2);
    expect(pinchScale(0.8, 200, 100)).toBe(0.4);
    expect(pinchScale(1, 0, 100)).toBe(1);
    expect(pinchScale(2, 10, 1000)).toBe(5);
  });

  it('turns the page on a quick, mostly sideways swipe only', () => {
    expect(swipeDirection(-120, 10, 200)).toBe(1); // finger moves left: next page
    expect(swipeDirection(120, -20, 200)).toBe(-1);
    expect(swipeDirection(-40, 0, 100)).toBe(0); // too short
    expect(swipeDirection(-100, 80, 200)).toBe(0); // a scroll, not a swipe
    expect(swipeDirection(-200, 0, 900)).toBe(0); // too slow: a drag
  });

  it('links the other pane to the same page within its own length', () => {
    expect(linkedPage(7, 5)).toBe(5);
    expect(linkedPage(3, 5)).toBe(3);
  });
});
