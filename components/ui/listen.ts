/**
 * Listens to several events of one target and returns what stops them all: the cleanup of an effect, so that what is
 * removed is always what was added.
 *
 * @example
 *   useEffect(() => listen(document, { mousedown: away, keydown: escape }), [away, escape]);
 */
type Handlers<Events> = { readonly [Type in keyof Events]?: (event: Events[Type]) => void };

export function listen(target: Document, handlers: Handlers<DocumentEventMap>): () => void;
export function listen(target: Window, handlers: Handlers<WindowEventMap>): () => void;
export function listen(target: HTMLElement, handlers: Handlers<HTMLElementEventMap>): () => void;
export function listen(target: EventTarget, handlers: Readonly<Record<string, ((event: never) => void) | undefined>>): () => void {
  const listeners = Object.entries(handlers).flatMap(([type, handler]) => (handler ? [[type, handler as EventListener] as const] : []));
  for (const [type, handler] of listeners) target.addEventListener(type, handler);
  return () => {
    for (const [type, handler] of listeners) target.removeEventListener(type, handler);
  };
}
