// Hammer.js as far as chartjs-plugin-zoom uses it, on pointer events: a Manager on the chart's
// canvas with a Pan recognizer (drag to pan) and a Pinch recognizer (two fingers to zoom). The
// renderer build and the tests resolve `hammerjs` to this module (electron.vite.config.ts,
// vitest.config.ts); Hammer.js itself is 7 KiB gzip for gestures the charts do not use.
// Events are named and shaped as Hammer's: panstart/panmove/panend with the movement since the
// press (deltaX, deltaY), pinchstart/pinch/pinchend with the spread against the first two-finger
// spread (scale); both with the pointers' centre (client pixels), the source event and the element.

export interface GestureEvent {
  type: string;
  target: HTMLElement;
  srcEvent: PointerEvent;
  pointerType: string;
  pointers: PointerEvent[];
  center: { x: number; y: number };
  deltaX: number;
  deltaY: number;
  scale: number;
}

type Handler = (event: GestureEvent) => void;

export class Pan {
  readonly threshold: number;
  readonly enable: (recognizer: Pan, event: GestureEvent) => boolean;
  constructor(options: { threshold?: number; enable?: (recognizer: Pan, event: GestureEvent) => boolean } = {}) {
    this.threshold = options.threshold ?? 10;
    this.enable = options.enable ?? (() => true);
  }
}

export class Pinch {}

const centerOf = (pointers: readonly PointerEvent[]): { x: number; y: number } => ({
  x: pointers.reduce((sum, p) => sum + p.clientX, 0) / pointers.length,
  y: pointers.reduce((sum, p) => sum + p.clientY, 0) / pointers.length,
});
const spreadOf = (a: PointerEvent, b: PointerEvent): number => Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);

export class Manager {
  readonly #element: HTMLElement;
  readonly #handlers = new Map<string, Handler[]>();
  #pan: Pan | null = null;
  #pinch = false;
  /** Pointers pressed on the element, latest event of each. */
  readonly #pointers = new Map<number, PointerEvent>();
  #start: { x: number; y: number } | null = null;
  /** 'idle' until the gesture is recognised, 'rejected' when the pan was refused until release. */
  #panState: 'idle' | 'active' | 'rejected' = 'idle';
  #pinchSpread: number | null = null;
  #pinching = false;
  readonly #previousStyle: { touchAction: string; userSelect: string };

  constructor(element: HTMLElement) {
    this.#element = element;
    this.#previousStyle = { touchAction: element.style.touchAction, userSelect: element.style.userSelect };
    // As Hammer does for pan in every direction and pinch: the page does not scroll or zoom under the gesture.
    element.style.touchAction = 'none';
    element.style.userSelect = 'none';
    element.addEventListener('pointerdown', this.#down);
  }

  add(recognizer: Pan | Pinch): void {
    if (recognizer instanceof Pan) this.#pan = recognizer;
    else this.#pinch = true;
  }

  on(events: string, handler: Handler): void {
    for (const name of events.split(/\s+/)) this.#handlers.set(name, [...(this.#handlers.get(name) ?? []), handler]);
  }

  /** Hammer's `remove` takes recognizers; the plugin calls it with event names before `destroy`. */
  remove(_recognizer: unknown): void {}

  destroy(): void {
    this.#element.removeEventListener('pointerdown', this.#down);
    this.#stopFollowing();
    this.#handlers.clear();
    this.#pointers.clear();
    Object.assign(this.#element.style, this.#previousStyle);
  }

  #emit(type: string, srcEvent: PointerEvent): void {
    const pointers = [...this.#pointers.values()];
    const center = centerOf(pointers.length > 0 ? pointers : [srcEvent]);
    const start = this.#start ?? center;
    const [a, b] = pointers;
    const scale = this.#pinchSpread && a && b ? spreadOf(a, b) / this.#pinchSpread : 1;
    const event: GestureEvent = {
      type,
      target: this.#element,
      srcEvent,
      pointerType: srcEvent.pointerType,
      pointers,
      center,
      deltaX: center.x - start.x,
      deltaY: center.y - start.y,
      scale,
    };
    for (const handler of this.#handlers.get(type) ?? []) handler(event);
  }

  readonly #down = (event: PointerEvent): void => {
    // A mouse presses with its main button only, as in Hammer.
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    if (this.#pointers.size === 0) {
      window.addEventListener('pointermove', this.#move);
      window.addEventListener('pointerup', this.#up);
      window.addEventListener('pointercancel', this.#up);
    }
    this.#pointers.set(event.pointerId, event);
    if (this.#pointers.size === 1) {
      this.#start = centerOf([event]);
      this.#panState = 'idle';
    } else {
      // A second finger: a pan in progress ends, a pinch may begin.
      if (this.#panState === 'active') this.#emit('panend', event);
      this.#panState = 'rejected';
      const [a, b] = this.#pointers.values();
      this.#pinchSpread = this.#pointers.size === 2 && a && b ? spreadOf(a, b) : null;
    }
  };

  readonly #move = (event: PointerEvent): void => {
    if (!this.#pointers.has(event.pointerId)) return;
    this.#pointers.set(event.pointerId, event);
    if (this.#pointers.size === 1 && this.#pan && this.#panState !== 'rejected') {
      if (this.#panState === 'idle') {
        const start = this.#start ?? centerOf([event]);
        // Past the threshold, as Hammer's Pan (distance > threshold).
        if (Math.hypot(event.clientX - start.x, event.clientY - start.y) <= this.#pan.threshold) return;
        const gesture = { pointerType: event.pointerType, srcEvent: event } as GestureEvent;
        if (!this.#pan.enable(this.#pan, gesture)) {
          this.#panState = 'rejected';
          return;
        }
        this.#panState = 'active';
        this.#emit('panstart', event);
      } else this.#emit('panmove', event);
    } else if (this.#pointers.size === 2 && this.#pinch && this.#pinchSpread) {
      if (!this.#pinching) {
        this.#pinching = true;
        this.#emit('pinchstart', event);
      }
      this.#emit('pinch', event);
    }
  };

  readonly #up = (event: PointerEvent): void => {
    if (!this.#pointers.has(event.pointerId)) return;
    // A cancelled pointer ends where it last moved: the cancel's position is not a move (browsers
    // may give it none), and a pinch ending on it would zoom by a jump.
    if (event.type === 'pointerup') this.#pointers.set(event.pointerId, event);
    if (this.#pinching) {
      this.#emit('pinchend', event);
      this.#pinching = false;
    }
    if (this.#panState === 'active') this.#emit('panend', event);
    this.#pointers.delete(event.pointerId);
    // Until every finger is up, what is left neither pans nor pinches.
    this.#panState = 'rejected';
    this.#pinchSpread = null;
    if (this.#pointers.size === 0) this.#stopFollowing();
  };

  #stopFollowing(): void {
    window.removeEventListener('pointermove', this.#move);
    window.removeEventListener('pointerup', this.#up);
    window.removeEventListener('pointercancel', this.#up);
  }
}

export default { Manager, Pan, Pinch };
