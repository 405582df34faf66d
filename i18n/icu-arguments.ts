/**
 * The argument names and rich-text tags of an ICU message ("{name} has {count, plural, one {# point} other {# points}}"
 * → arguments name, count), so a test can check every translation asks for the same values as the English one.
 * Reads the subset of ICU MessageFormat the message files use: simple arguments, select/plural/selectordinal with
 * nested messages, number/date arguments with a style, '{' quoting, and <tag>…</tag> rich text.
 *
 * @example
 *   icuArguments("{player, select, white {White} other {Black}} rolls {dice}."); // { args: ["dice", "player"], tags: [] }
 */
export interface IcuShape {
  readonly args: readonly string[];
  readonly tags: readonly string[];
}

export function icuArguments(message: string): IcuShape {
  const args = new Set<string>();
  const tags = new Set<string>();
  let i = 0;
  const fail = (what: string) => {
    throw new Error(`${what} at ${i} in ${JSON.stringify(message)}`);
  };
  const readUntil = (stops: string): string => {
    const start = i;
    while (i < message.length && !stops.includes(message[i] as string)) i += 1;
    return message.slice(start, i).trim();
  };
  // Reads message text up to an unmatched "}" (nested) or the end (top level); returns after the "}".
  const text = (nested: boolean): void => {
    while (i < message.length) {
      const c = message[i];
      if (c === "'" && "{}'".includes(message[i + 1] ?? "x")) {
        // ICU quoting: '{' … '}' is literal text; '' is one apostrophe.
        const end = message.indexOf("'", i + 1 + (message[i + 1] === "'" ? 0 : 1));
        i = message[i + 1] === "'" ? i + 2 : end === -1 ? message.length : end + 1;
        continue;
      }
      if (c === "}") {
        if (!nested) fail("unmatched }");
        i += 1;
        return;
      }
      if (c === "<") {
        const tag = /^<\/?([A-Za-z][\w-]*)>/.exec(message.slice(i));
        if (tag?.[1]) {
          tags.add(tag[1]);
          i += tag[0].length;
          continue;
        }
      }
      if (c === "{") {
        i += 1;
        argument();
        continue;
      }
      i += 1;
    }
    if (nested) fail("unclosed {");
  };
  const argument = (): void => {
    const name = readUntil(",}");
    if (!/^[\w-]+$/.test(name)) fail(`bad argument name "${name}"`);
    args.add(name);
    if (message[i] === "}") {
      i += 1;
      return;
    }
    i += 1; // ","
    const type = readUntil(",}");
    if (type === "select" || type === "plural" || type === "selectordinal") {
      i += 1; // ","
      for (;;) {
        while (/\s/.test(message[i] ?? "")) i += 1;
        if (message[i] === "}") {
          i += 1;
          return;
        }
        if (i >= message.length) fail("unclosed options");
        const key = readUntil("{}");
        if (key === "" || message[i] !== "{") fail("bad option");
        i += 1;
        text(true);
      }
    }
    // number, date, time with an optional style: skip to the argument's closing brace.
    let depth = 1;
    while (i < message.length && depth > 0) {
      if (message[i] === "{") depth += 1;
      if (message[i] === "}") depth -= 1;
      i += 1;
    }
  };
  text(false);
  return { args: [...args].sort(), tags: [...tags].sort() };
}
