/**
 * The argument names and rich-text tags of an ICU message ("{name} has {count, plural, one {# point} other {# points}}"
 * → arguments count, name), so a test can check every translation asks for the same values as the English one. The
 * message is read by FormatJS's ICU parser — the one next-intl formats the messages with — and its syntax tree walked.
 *
 * @example
 *   icuArguments("{player, select, white {White} other {Black}} rolls {dice}."); // { args: ["dice", "player"], tags: [] }
 */
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";

export interface IcuShape {
  readonly args: readonly string[];
  readonly tags: readonly string[];
}

export function icuArguments(message: string): IcuShape {
  const args = new Set<string>();
  const tags = new Set<string>();
  const walk = (elements: readonly MessageFormatElement[]): void => {
    for (const element of elements) {
      switch (element.type) {
        case TYPE.argument:
        case TYPE.number:
        case TYPE.date:
        case TYPE.time:
          args.add(element.value);
          break;
        case TYPE.select:
        case TYPE.plural:
          args.add(element.value);
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case TYPE.tag:
          tags.add(element.value);
          walk(element.children);
          break;
        default:
          break;
      }
    }
  };
  walk(parse(message));
  return { args: [...args].sort(), tags: [...tags].sort() };
}
