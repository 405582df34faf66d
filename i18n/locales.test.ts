import { describe, expect, it } from "vitest";
import { chooseLocale, matchTag, negotiate } from "./locales";

describe("locale choice", () => {
  it("reads Accept-Language by weight and order, matching a region to its language", () => {
    expect(negotiate("pt-PT,pt;q=0.9,en;q=0.8")).toBe("pt-BR");
    expect(negotiate("de-CH, fr;q=0.7, en;q=0.5")).toBe("fr");
    expect(negotiate("en;q=0.2, fr-CA;q=0.9")).toBe("fr");
    expect(negotiate("de, ja")).toBeNull();
    expect(negotiate("fr;q=0, en")).toBe("en");
    expect(negotiate("*")).toBeNull();
    expect(negotiate("")).toBeNull();
    expect(negotiate(null)).toBeNull();
    expect(matchTag("PT-br")).toBe("pt-BR");
  });

  it("prefers the account's setting, then the switcher's cookie, then the browser, then English", () => {
    expect(chooseLocale({ account: "fr", cookie: "pt-BR", acceptLanguage: "en" })).toBe("fr");
    expect(chooseLocale({ account: null, cookie: "pt-BR", acceptLanguage: "fr" })).toBe("pt-BR");
    expect(chooseLocale({ account: null, cookie: undefined, acceptLanguage: "fr-FR,fr;q=0.9" })).toBe("fr");
    expect(chooseLocale({ account: "xx", cookie: "<script>", acceptLanguage: "de" })).toBe("en");
  });
});
