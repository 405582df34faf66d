import { describe, expect, it } from "vitest";
import { pageCount, pageParam, pageWindow } from "./page-window";

describe("pageCount", () => {
  // Worked by hand: ceil(total / size), and at least one page.
  it.each([
    [0, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
    [95, 20, 5],
  ])("%i items of %i per page make %i pages", (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });
});

describe("pageWindow", () => {
  // Worked by hand: first, last, and page ± 2, with one gap marker for each run of two or more pages left out (a
  // single left-out page is shown instead of "…").
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 10, [1, 2, 3, null, 10]],
    [6, 10, [1, null, 4, 5, 6, 7, 8, 9, 10]],
    [6, 12, [1, null, 4, 5, 6, 7, 8, null, 12]],
    [10, 10, [1, null, 8, 9, 10]],
    [4, 10, [1, 2, 3, 4, 5, 6, null, 10]],
  ])("page %i of %i shows %j", (page, pages, shown) => {
    expect(pageWindow(page, pages)).toEqual(shown);
  });
});

describe("pageParam", () => {
  // A page number only from a single whole ?page= of 1 or more; anything else is the first page.
  it.each([
    [{}, 1],
    [{ page: "3" }, 3],
    [{ page: "1" }, 1],
    [{ page: "0" }, 1],
    [{ page: "-2" }, 1],
    [{ page: "2.5" }, 1],
    [{ page: "" }, 1],
    [{ page: "abc" }, 1],
    [{ page: ["2", "3"] }, 1],
  ])("%j asks for page %i", (search, page) => {
    expect(pageParam(search)).toBe(page);
  });
});
