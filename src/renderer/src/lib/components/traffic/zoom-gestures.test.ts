// @vitest-environment jsdom
// The Hammer.js contract chartjs-plugin-zoom 2.x relies on (its startHammer, createEnabler,
// handlePan, handlePinch, stopHammer), driven with synthetic pointer events: pan past the
// threshold with the movement since the press, the enable callback that refuses a mouse pan without
// the modifier key, pinch scale against the first two-finger spread, and a clean destroy.
import { afterEach, describe, expect, it, vi } from 'vitest';
import Hammer, { type GestureEvent } from './zoom-gestures.ts';

const gestureNames = ['panstart', 'panmove', 'panend', 'pinchstart', 'pinch', 'pinchend'] as const;

type Pointer = { id?: number; type?: 'mouse' | 'touch' | 'pen'; button?: number; shiftKey?: boolean };

function pointer(type: string, x: number, y: number, p: Pointer = {}): PointerEvent {
  return new PointerEvent(type, {
    bubbles: true,
    cancelable: true,
    pointerId: p.id ?? 1,
    pointerType: p.type ?? 'mouse',
    isPrimary: (p.id ?? 1) === 1,
    button: type === 'pointermove' ? -1 : (p.button ?? 0),
    shiftKey: p.shiftKey ?? false,
    clientX: x,
    clientY: y,
  });
}

/** A canvas with a Manager set up as the plugin's startHammer does; every gesture event recorded. */
function setUp(options: { pan?: ConstructorParameters<typeof Hammer.Pan>[0] | false; pinch?: boolean } = {}) {
  const canvas = document.createElement('canvas');
  document.body.append(canvas);
  const mc = new Hammer.Manager(canvas);
  if (options.pinch !== false) mc.add(new Hammer.Pinch());
  if (options.pan !== false) mc.add(new Hammer.Pan({ threshold: 10, ...options.pan }));
  const events: GestureEvent[] = [];
  for (const name of gestureNames) mc.on(name, (e) => events.push(e));
  // Moves and releases go wherever the pointer is; the Manager follows them on the window.
  const press = (x: number, y: number, p?: Pointer) => canvas.dispatchEvent(pointer('pointerdown', x, y, p));
  const move = (x: number, y: number, p?: Pointer) => document.body.dispatchEvent(pointer('pointermove', x, y, p));
  const release = (x: number, y: number, p?: Pointer) => document.body.dispatchEvent(pointer('pointerup', x, y, p));
  const cancel = (x: number, y: number, p?: Pointer) => document.body.dispatchEvent(pointer('pointercancel', x, y, p));
  const types = () => events.map((e) => e.type);
  return { canvas, mc, events, types, press, move, release, cancel };
}

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('pan', () => {
  it('starts only past the threshold and reports the movement since the press', () => {
    const { canvas, events, types, press, move, release } = setUp();
    press(100, 100);
    move(105, 100);
    move(110, 100); // exactly the threshold: not past it (Hammer: distance > threshold)
    expect(types()).toEqual([]);

    move(111, 103);
    expect(types()).toEqual(['panstart']);
    // The plugin pans by deltaX/deltaY of panstart, so the distance before recognition is not lost.
    expect(events[0]).toMatchObject({ deltaX: 11, deltaY: 3, center: { x: 111, y: 103 }, pointerType: 'mouse' });
    expect(events[0]?.target).toBe(canvas);
    expect(events[0]?.srcEvent).toBeInstanceOf(PointerEvent);

    move(130, 90);
    move(80, 120);
    expect(events.slice(1).map((e) => [e.type, e.deltaX, e.deltaY])).toEqual([
      ['panmove', 30, -10],
      ['panmove', -20, 20],
    ]);

    release(80, 120);
    expect(types().at(-1)).toBe('panend');
    move(200, 200);
    expect(types()).toEqual(['panstart', 'panmove', 'panmove', 'panend']);
  });

  it('measures each press from where it began', () => {
    const { events, press, move, release } = setUp();
    press(100, 100);
    move(150, 100);
    release(150, 100);
    press(300, 50);
    move(300, 80);
    expect(events.at(-1)).toMatchObject({ type: 'panstart', deltaX: 0, deltaY: 30 });
  });

  it('does not pan with a right-button or middle-button press', () => {
    const { types, press, move, release } = setUp();
    for (const button of [2, 1]) {
      press(100, 100, { button });
      move(200, 100, { button });
      release(200, 100, { button });
    }
    expect(types()).toEqual([]);
  });

  it('lets the enable callback refuse by the source event, as the plugin does without its modifier key', () => {
    const seen: { recognizer: unknown; event: GestureEvent }[] = [];
    // createEnabler of chartjs-plugin-zoom with pan.modifierKey 'shift': a mouse pan needs Shift.
    const pan = new Hammer.Pan({
      threshold: 10,
      enable: (recognizer, event) => {
        seen.push({ recognizer, event });
        const srcEvent = event && event.srcEvent;
        if (!srcEvent) return true;
        return !(event.pointerType === 'mouse' && !srcEvent.shiftKey);
      },
    });
    const { mc, types, press, move, release } = setUp({ pan: false });
    mc.add(pan);

    press(100, 100);
    move(150, 100);
    move(200, 100, { shiftKey: true }); // refused until the button is released
    release(200, 100);
    expect(types()).toEqual([]);
    expect(seen[0]?.recognizer).toBe(pan);
    expect(seen[0]?.event.srcEvent).toBeInstanceOf(PointerEvent);
    expect(seen[0]?.event.srcEvent.shiftKey).toBe(false);

    press(100, 100, { shiftKey: true });
    move(150, 100, { shiftKey: true });
    expect(types()).toEqual(['panstart']);
    expect(seen.at(-1)?.event.srcEvent.shiftKey).toBe(true);
    release(150, 100, { shiftKey: true });

    // The plugin asks for the key on a mouse only: a finger pans without it.
    press(100, 100, { id: 5, type: 'touch' });
    move(100, 150, { id: 5, type: 'touch' });
    expect(types().at(-1)).toBe('panstart');
    expect(seen.at(-1)?.event.pointerType).toBe('touch');
  });

  it('ends on pointercancel, and the next press starts afresh', () => {
    const { types, press, move, cancel } = setUp();
    press(100, 100, { type: 'touch' });
    move(100, 150, { type: 'touch' });
    cancel(0, 0, { type: 'touch' });
    expect(types()).toEqual(['panstart', 'panend']);
    move(100, 300, { type: 'touch' });
    expect(types()).toEqual(['panstart', 'panend']);

    press(100, 100, { type: 'touch' });
    move(120, 100, { type: 'touch' });
    expect(types()).toEqual(['panstart', 'panend', 'panstart']);
  });

  it('is not recognised when the plugin added no Pan (pan disabled)', () => {
    const { types, press, move } = setUp({ pan: false });
    press(100, 100);
    move(200, 100);
    expect(types()).toEqual([]);
  });
});

describe('pinch', () => {
  const finger = (id: number): Pointer => ({ id, type: 'touch' });

  /** The plugin's handlePinch: each event zooms by its scale over the previous one's. */
  function zoomSteps(events: GestureEvent[]): number[] {
    let scale = 0;
    const steps: number[] = [];
    for (const e of events) {
      if (e.type === 'pinchstart') scale = 1;
      else if (e.type === 'pinch' || e.type === 'pinchend') {
        steps.push(e.scale / scale);
        scale = e.scale;
      }
    }
    return steps;
  }

  it('reports the scale against the first two-finger spread, with both pointers and their centre', () => {
    const { events, types, press, move } = setUp();
    press(100, 100, finger(1));
    press(200, 100, finger(2)); // spread 100
    move(250, 100, finger(2));
    expect(types()).toEqual(['pinchstart', 'pinch']);
    expect(events[1]).toMatchObject({ scale: 1.5, center: { x: 175, y: 100 } });
    // pinchAxes of the plugin reads clientX/clientY of pointers[0] and pointers[1].
    expect(events[1]?.pointers.map((p) => [p.clientX, p.clientY])).toEqual([
      [100, 100],
      [250, 100],
    ]);

    move(50, 100, finger(1));
    expect(events.at(-1)).toMatchObject({ type: 'pinch', scale: 2 });
    move(100, 100, finger(1));
    move(150, 100, finger(2));
    expect(events.at(-1)).toMatchObject({ type: 'pinch', scale: 0.5 });
  });

  it('ends a pan when the second finger comes down', () => {
    const { types, press, move } = setUp();
    press(100, 100, finger(1));
    move(100, 130, finger(1));
    press(200, 130, finger(2));
    move(220, 130, finger(2));
    expect(types()).toEqual(['panstart', 'panend', 'pinchstart', 'pinch']);
  });

  it('ends when one finger lifts, without a jump, and the finger left neither pans nor pinches', () => {
    const { events, types, press, move, release } = setUp();
    press(100, 100, finger(1));
    press(200, 100, finger(2));
    move(300, 100, finger(2)); // scale 2
    release(300, 100, finger(2));
    expect(types()).toEqual(['pinchstart', 'pinch', 'pinchend']);
    expect(events.at(-1)?.scale).toBe(2);
    expect(zoomSteps(events)).toEqual([2, 1]);

    move(400, 300, finger(1));
    move(0, 0, finger(1));
    expect(types()).toEqual(['pinchstart', 'pinch', 'pinchend']);

    // A finger put down again starts a new pinch from the new spread, not from the old one.
    press(0, 50, finger(3)); // spread 50
    move(0, 100, finger(3));
    expect(events.slice(3).map((e) => [e.type, e.scale])).toEqual([
      ['pinchstart', 2],
      ['pinch', 2],
    ]);
    release(0, 100, finger(3));
    release(0, 0, finger(1));
    expect(types().at(-1)).toBe('pinchend');
  });

  it('ends on pointercancel at the last position the fingers moved to', () => {
    const { events, types, press, move, cancel } = setUp();
    press(100, 100, finger(1));
    press(200, 100, finger(2));
    move(250, 100, finger(2)); // scale 1.5
    // A cancelled pointer did not move there: browsers may give the cancel no position at all.
    cancel(0, 0, finger(2));
    expect(types()).toEqual(['pinchstart', 'pinch', 'pinchend']);
    expect(events.at(-1)?.scale).toBe(1.5);
    expect(zoomSteps(events)).toEqual([1.5, 1]);
  });

  it('is not recognised when the plugin added no Pinch (pinch zoom disabled)', () => {
    const { types, press, move } = setUp({ pinch: false });
    press(100, 100, finger(1));
    press(200, 100, finger(2));
    move(300, 100, finger(2));
    expect(types()).toEqual([]);
  });
});

describe('destroy', () => {
  it('removes every listener it added and gives the canvas its styles back', () => {
    const canvas = document.createElement('canvas');
    canvas.style.touchAction = 'pan-y';
    canvas.style.userSelect = 'text';
    document.body.append(canvas);
    const added: [EventTarget, string, unknown][] = [];
    const removed: [EventTarget, string, unknown][] = [];
    for (const target of [window, canvas] as EventTarget[]) {
      const add = target.addEventListener.bind(target);
      const remove = target.removeEventListener.bind(target);
      vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
        added.push([target, type, listener]);
        add(type, listener, options);
      });
      vi.spyOn(target, 'removeEventListener').mockImplementation((type, listener, options) => {
        removed.push([target, type, listener]);
        remove(type, listener, options);
      });
    }

    const mc = new Hammer.Manager(canvas);
    mc.add(new Hammer.Pinch());
    mc.add(new Hammer.Pan({ threshold: 10 }));
    const events: string[] = [];
    for (const name of gestureNames) mc.on(name, (e) => events.push(e.type));
    expect(canvas.style.touchAction).toBe('none');
    expect(canvas.style.userSelect).toBe('none');

    // Destroyed in the middle of a pan, as when the chart is destroyed while dragging.
    canvas.dispatchEvent(pointer('pointerdown', 100, 100));
    document.body.dispatchEvent(pointer('pointermove', 150, 100));
    expect(events).toEqual(['panstart']);
    // stopHammer of the plugin: remove by event name, then destroy.
    for (const name of ['pinchstart', 'pinch', 'pinchend', 'panstart', 'pan', 'panend']) mc.remove(name);
    mc.destroy();

    expect(added.length).toBeGreaterThan(0);
    for (const [target, type, listener] of added)
      expect(removed.some(([t, ty, l]) => t === target && ty === type && l === listener)).toBe(true);
    expect(canvas.style.touchAction).toBe('pan-y');
    expect(canvas.style.userSelect).toBe('text');

    canvas.dispatchEvent(pointer('pointerdown', 100, 100));
    document.body.dispatchEvent(pointer('pointermove', 200, 100));
    document.body.dispatchEvent(pointer('pointerup', 200, 100));
    expect(events).toEqual(['panstart']);
  });
});
