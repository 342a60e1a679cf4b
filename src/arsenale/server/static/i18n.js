// The page's words in the viewer's language (server/language.py). English texts are the
// message ids, as in the Python code; the server sends their translations for this page's
// language inline (<script id="arsenale-messages">, from the `arsenale` catalogue), so this
// file holds no dictionary. `make messages` extracts every `_("...")` and `ngettext(...)` of
// the page's scripts into that catalogue (babel.cfg). Placeholders are named, `{who}`.

const source = document.getElementById("arsenale-messages");
const table = source ? JSON.parse(source.textContent || "{}") : {};

/** The language of the page (its <html lang>): "en" or "fr". */
export const language = document.documentElement.lang || "en";

function fill(text, values) {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** `message` in the page's language, its `{name}` placeholders filled from `values`. */
export function _(message, values = null) {
  const found = table[message];
  return fill(typeof found === "string" && found ? found : message, values);
}

/** The singular or plural form for `n` in the page's language (French: 0 and 1 singular). */
export function ngettext(singular, plural, n, values = null) {
  const many = language === "fr" ? n > 1 : n !== 1;
  const found = table[singular];
  const text = Array.isArray(found) ? found[many ? 1 : 0] : many ? plural : singular;
  return fill(text, { n, ...(values || {}) });
}

/** A number as the page's language writes it (1,100 / 1 100). */
export function num(x) {
  return typeof x === "number" ? x.toLocaleString(language) : String(x);
}

/** A place in a ranking as the page's language writes it: 1st, 2nd, 3rd, 4th / 1er, 2e.
 * The language's ordinal rule picks the form; each form's text is in the catalogue. */
export function ordinal(n) {
  const forms = { one: _("{n}st", { n }), two: _("{n}nd", { n }), few: _("{n}rd", { n }) };
  let rule = "other";
  try {
    rule = new Intl.PluralRules(language, { type: "ordinal" }).select(n);
  } catch {
    rule = "other";
  }
  return forms[rule] || _("{n}th", { n });
}

/** Names joined as a list: "A, B and C" / "A, B et C". */
export function listNames(names) {
  if (names.length <= 1) return names.join("");
  return _("{some} and {last}", { some: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}

/** The header's language switch: remember the choice in the `lang` cookie, then redraw the
 * page in that language (the live connection reopens in it too). */
export function setupLanguageSwitch() {
  document.querySelectorAll("button.lang-switch[data-lang]").forEach((b) =>
    b.addEventListener("click", () => {
      document.cookie = `lang=${b.dataset.lang}; path=/; max-age=31536000; samesite=lax`;
      location.reload();
    }),
  );
}
setupLanguageSwitch();
