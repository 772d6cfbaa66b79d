package io.rayon.model.text;

import java.util.Locale;

/**
 * Shows text from a file in a message so that a person can see every character: invisible and
 * control characters are named ({@code <U+FEFF byte-order mark>}) instead of being printed as
 * nothing.
 */
public final class Visible {
  private Visible() {}

  /**
   * True for characters that print as nothing or move the cursor: controls, format characters, odd
   * spaces.
   */
  public static boolean invisible(int cp) {
    if (cp == ' ') return false;
    int t = Character.getType(cp);
    return cp < 32
        || cp == 127
        || (cp >= 0x80 && cp < 0xA0)
        || t == Character.FORMAT
        || t == Character.SPACE_SEPARATOR
        || t == Character.LINE_SEPARATOR
        || t == Character.PARAGRAPH_SEPARATOR
        || t == Character.CONTROL
        || t == Character.SURROGATE
        || t == Character.UNASSIGNED
        || t == Character.PRIVATE_USE
        || cp == 0xFFFD;
  }

  /** {@code U+FEFF byte-order mark}, {@code U+0000 NUL}, {@code U+00A0 no-break space}, ... */
  public static String name(int cp) {
    String code = String.format(Locale.ROOT, "U+%04X", cp);
    String known =
        switch (cp) {
          case 0xFEFF -> "byte-order mark";
          case 0x0000 -> "NUL";
          case 0x0009 -> "tab";
          case 0x000A -> "line feed";
          case 0x000D -> "carriage return";
          case 0x00A0 -> "no-break space";
          case 0x200B -> "zero-width space";
          case 0x200C -> "zero-width non-joiner";
          case 0x200D -> "zero-width joiner";
          case 0x2060 -> "word joiner";
          case 0x00AD -> "soft hyphen";
          case 0xFFFD -> "replacement character (the file was not valid UTF-8 here)";
          default -> null;
        };
    if (known != null) return code + " " + known;
    String n = Character.getName(cp);
    return n == null ? code : code + " " + n.toLowerCase(Locale.ROOT);
  }

  /** {@code s} with every invisible character replaced by {@code <U+XXXX name>}. */
  public static String show(String s) {
    if (s == null) return "null";
    StringBuilder sb = null;
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      int n = Character.charCount(cp);
      if (invisible(cp)) {
        if (sb == null) sb = new StringBuilder(s.length() + 24).append(s, 0, i);
        sb.append('<').append(name(cp)).append('>');
      } else if (sb != null) {
        sb.appendCodePoint(cp);
      }
      i += n;
    }
    return sb == null ? s : sb.toString();
  }
}
