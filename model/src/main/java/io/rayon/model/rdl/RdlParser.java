package io.rayon.model.rdl;

import io.rayon.model.resources.Resources;
import io.rayon.model.text.Visible;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Reads RDL text: {@code atom(<1024,1>,1,10,240,2400)}, {@code any(..)}, {@code all(..)}, {@code
 * order(..)}, {@code window(e,s,f)}. Bundles are {@code <memoryMB,vcores>} with optional named
 * extras {@code <memoryMB,vcores,gpu=2>}. White space (including new lines) is allowed between
 * tokens; {@code #} starts a comment that runs to the end of the line. Numbers are decimal
 * integers, optionally negative (the compiler, not the parser, rejects negative values with a
 * reason).
 *
 * <p>Runs in time linear in the text; nesting deeper than {@link Rdl#MAX_DEPTH} is reported as an
 * error rather than exhausting the stack.
 */
public final class RdlParser {
  private final String text;
  private final String source;
  private int pos;

  private RdlParser(String text, String source) {
    this.text = text;
    this.source = source;
  }

  /** Parses {@code text}; {@code source} names it in error messages (a file name, or "<expr>"). */
  public static Rdl parse(String text, String source) throws RdlParseException {
    if (text == null) throw new RdlParseException(source, 1, 1, 0, "no expression given");
    RdlParser p = new RdlParser(text, source);
    p.skipSpace();
    if (p.pos >= text.length())
      throw p.error("expected an RDL expression, found the end of the input");
    Rdl e = p.expr(1);
    p.skipSpace();
    if (p.pos < text.length()) {
      throw p.error("expected the end of the expression, found '" + p.peekToken() + "'");
    }
    return e;
  }

  public static Rdl parse(String text) throws RdlParseException {
    return parse(text, "<expr>");
  }

  private Rdl expr(int depth) throws RdlParseException {
    if (depth > Rdl.MAX_DEPTH) {
      throw error("expressions nested deeper than " + Rdl.MAX_DEPTH + " levels are not supported");
    }
    skipSpace();
    int start = pos;
    String word = identifier();
    if (word.isEmpty()) {
      throw error(
          "expected an operator (atom, any, all, order, window), found "
              + (pos >= text.length() ? "the end of the input" : "'" + peekToken() + "'"));
    }
    switch (word) {
      case "atom":
        {
          expect('(');
          Resources b = bundle();
          expect(',');
          int g = intNumber("gang g");
          expect(',');
          int h = intNumber("max parallelism h");
          expect(',');
          long l = number("min lease l");
          expect(',');
          long w = number("work w");
          expect(')');
          return new Rdl.Atom(b, g, h, l, w);
        }
      case "any":
      case "all":
      case "order":
        {
          expect('(');
          List<Rdl> cs = new ArrayList<>();
          cs.add(expr(depth + 1));
          while (true) {
            skipSpace();
            if (peek() == ',') {
              if (cs.size() >= Rdl.MAX_WIDTH) {
                throw error(
                    word
                        + "(...) has more than "
                        + Rdl.MAX_WIDTH
                        + " sub-expressions; group them into nested "
                        + word
                        + "(...) or split the reservation");
              }
              pos++;
              cs.add(expr(depth + 1));
            } else if (peek() == ')') {
              pos++;
              break;
            } else {
              throw error("expected ',' or ')' in " + word + "(...), found " + describeHere());
            }
          }
          return switch (word) {
            case "any" -> new Rdl.Any(cs);
            case "all" -> new Rdl.All(cs);
            default -> new Rdl.Order(cs);
          };
        }
      case "window":
        {
          expect('(');
          Rdl e = expr(depth + 1);
          expect(',');
          long s = number("window start s");
          expect(',');
          long f = number("window finish f");
          expect(')');
          return new Rdl.Window(e, s, f);
        }
      default:
        pos = start;
        throw error(
            "unknown operator '"
                + abbreviate(word)
                + "'; expected one of atom, any, all, order, window");
    }
  }

  private Resources bundle() throws RdlParseException {
    skipSpace();
    if (peek() != '<') {
      throw error(
          "expected a bundle such as <1024,1> (memory MB, vcores), found " + describeHere());
    }
    pos++;
    long mem = number("bundle memory (MB)");
    expect(',');
    long vc = number("bundle vcores");
    TreeMap<String, Long> extras = null;
    while (true) {
      skipSpace();
      char c = peek();
      if (c == '>') {
        pos++;
        break;
      }
      if (c != ',') throw error("expected ',' or '>' in the bundle, found " + describeHere());
      pos++;
      skipSpace();
      String name = identifier();
      if (name.isEmpty())
        throw error("expected a resource name such as gpu, found " + describeHere());
      if (name.equals("memoryMB") || name.equals("vcores")) {
        throw error("'" + name + "' is given by position in a bundle, not by name");
      }
      expect('=');
      long v = number("amount of " + name);
      if (extras == null) extras = new TreeMap<>();
      if (extras.put(name, v) != null)
        throw error("resource '" + name + "' appears twice in the bundle");
    }
    return new Resources(mem, vc, extras);
  }

  private int intNumber(String what) throws RdlParseException {
    int at = pos;
    long v = number(what);
    if (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
      pos = at;
      skipSpace();
      throw error(what + " is too large: " + v + " (at most " + Integer.MAX_VALUE + ")");
    }
    return (int) v;
  }

  private long number(String what) throws RdlParseException {
    skipSpace();
    int start = pos;
    boolean neg = false;
    if (peek() == '-') {
      neg = true;
      pos++;
    }
    int digits = pos;
    long v = 0;
    while (pos < text.length() && Character.isDigit(text.charAt(pos)) && text.charAt(pos) < 128) {
      int d = text.charAt(pos) - '0';
      if (v > (Long.MAX_VALUE - d) / 10) {
        pos = start;
        throw error(what + " is too large (at most " + Long.MAX_VALUE + ")");
      }
      v = v * 10 + d;
      pos++;
    }
    if (pos == digits) {
      pos = start;
      throw error("expected " + what + " (a whole number), found " + describeHere());
    }
    if (neg && v == 0) {
      pos = start;
      throw error(what + " is written '-0'; a zero has no sign: write 0");
    }
    return neg ? -v : v;
  }

  private void expect(char c) throws RdlParseException {
    skipSpace();
    if (peek() != c) throw error("expected '" + c + "', found " + describeHere());
    pos++;
  }

  private String identifier() {
    int s = pos;
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if ((c >= 'a' && c <= 'z')
          || (c >= 'A' && c <= 'Z')
          || c == '_'
          || (pos > s && c >= '0' && c <= '9')) {
        pos++;
      } else break;
    }
    return text.substring(s, pos);
  }

  private void skipSpace() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        pos++;
      } else if (c == '#') {
        while (pos < text.length() && text.charAt(pos) != '\n') pos++;
      } else break;
    }
  }

  private char peek() {
    return pos < text.length() ? text.charAt(pos) : '\0';
  }

  private String describeHere() {
    if (pos >= text.length()) return "the end of the input";
    int cp = text.codePointAt(pos);
    if (Visible.invisible(cp) && cp != ' ') {
      return "the invisible character " + Visible.name(cp);
    }
    return "'" + peekToken() + "'";
  }

  private String peekToken() {
    int e = pos;
    if (e < text.length() && Character.isLetterOrDigit(text.charAt(e))) {
      while (e < text.length() && Character.isLetterOrDigit(text.charAt(e)) && e - pos < 20) e++;
    } else {
      e = Math.min(text.length(), pos + 1);
    }
    return abbreviate(text.substring(pos, e));
  }

  private static String abbreviate(String s) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < s.length() && i < 20; i++) {
      char c = s.charAt(i);
      sb.append(c < 32 || c == 127 ? String.format("\\u%04x", (int) c) : c);
    }
    if (s.length() > 20) sb.append("...");
    return sb.toString();
  }

  private RdlParseException error(String problem) {
    int line = 1;
    int col = 1;
    int end = Math.min(pos, text.length());
    for (int i = 0; i < end; i++) {
      if (text.charAt(i) == '\n') {
        line++;
        col = 1;
      } else col++;
    }
    return new RdlParseException(source, line, col, end, problem);
  }
}
