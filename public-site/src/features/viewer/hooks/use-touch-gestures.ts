import { useEffect, type RefObject } from 'react';
import { distanceBetween, pinchScale, swipeDirection } from '../lib/page-math';

export interface TouchGestureHandlers {
  /** The current scale, read when two fingers touch. */
  getScale(): number;
  /** A pinch in progress (called at most once per animation frame). */
  setScale(scale: number): void;
  /** A horizontal swipe: 1 for the next page, -1 for the previous one. */
  turnPage(direction: 1 | -1): void;
}

const point = (t: Touch) => ({ x: t.clientX, y: t.clientY });

/**
 * Pinch to zoom and swipe to turn pages on a touch screen, on the scrolling container of a document. The page
 * itself does not zoom (the container has `touch-action: pan-x pan-y`); a swipe turns the page only when the page
 * is not wider than the screen (otherwise the finger pans it).
 */
export function useTouchGestures(target: RefObject<HTMLElement | null>, handlers: TouchGestureHandlers): void {
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let pinch: { scale: number; distance: number } | null = null;
    let swipe: { x: number; y: number; at: number } | null = null;
    let frame = 0;

    const onStart = (event: TouchEvent) => {
      if (event.touches.length === 2) {
        pinch = {
          scale: handlers.getScale(),
          distance: distanceBetween(point(event.touches[0]!), point(event.touches[1]!)),
        };
        swipe = null;
      } else if (event.touches.length === 1) {
        swipe = { ...point(event.touches[0]!), at: event.timeStamp };
      }
    };
    const onMove = (event: TouchEvent) => {
      if (!pinch || event.touches.length !== 2) return;
      event.preventDefault();
      const scale = pinchScale(
        pinch.scale,
        pinch.distance,
        distanceBetween(point(event.touches[0]!), point(event.touches[1]!)),
      );
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => handlers.setScale(scale));
    };
    const onEnd = (event: TouchEvent) => {
      if (pinch && event.touches.length < 2) pinch = null;
      if (!swipe || event.touches.length > 0) return;
      const end = event.changedTouches[0];
      const start = swipe;
      swipe = null;
      if (!end || element.scrollWidth > element.clientWidth + 1) return;
      const direction = swipeDirection(end.clientX - start.x, end.clientY - start.y, event.timeStamp - start.at);
      if (direction !== 0) handlers.turnPage(direction);
    };
    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchmove', onMove, { passive: false });
    element.addEventListener('touchend', onEnd, { passive: true });
    element.addEventListener('touchcancel', onEnd, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', onEnd);
    };
  }, [target, handlers]);
}
