package io.rayon.app.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link FileKinds#kindOf(Reader)} reads the text in blocks and passes over nested strings: on
 * seeded generated texts (kinds at every depth, escapes, long strings across the blocks' edges,
 * truncated texts, readers that return a few characters at a time) it finds what a plain
 * character-by-character scan finds.
 */
class FileKindsScanPropertiesTest {

  @Test
  void theBlockScanFindsWhatACharacterByCharacterScanFinds() throws Exception {
    Random rnd = new Random(1207L);
    int withKind = 0;
    for (int i = 0; i < 1500; i++) {
      StringBuilder b = new StringBuilder();
      value(rnd, b, 0);
      String text = b.toString();
      if (rnd.nextInt(4) == 0) text = text.substring(0, rnd.nextInt(text.length() + 1));
      String expected = reference(new StringReader(text));
      if (expected != null) withKind++;
      assertThat(FileKinds.kindOf(new StringReader(text))).as("text %d", i).isEqualTo(expected);
      assertThat(FileKinds.kindOf(new Trickle(text, 1 + rnd.nextInt(7))))
          .as("text %d, a few characters at a time", i)
          .isEqualTo(expected);
    }
    // the generator makes both answers often enough for the comparison to mean something
    assertThat(withKind).isBetween(150, 1350);
  }

  private static void value(Random r, StringBuilder b, int depth) {
    int k =
        depth == 0
            ? (r.nextInt(10) == 0 ? 2 + r.nextInt(4) : 0)
            : depth >= 4 ? 3 + r.nextInt(3) : r.nextInt(7);
    switch (k) {
      case 0, 1 -> {
        b.append('{');
        int n = r.nextInt(5);
        boolean kindPlaced = false;
        for (int i = 0; i < n; i++) {
          if (i > 0) b.append(',');
          b.append(r.nextBoolean() ? " " : "");
          boolean kind = !kindPlaced && r.nextInt(3) == 0;
          if (kind) {
            b.append("\"kind\"");
            kindPlaced = true;
          } else {
            string(r, b);
          }
          b.append(r.nextBoolean() ? " : " : ":");
          if (kind && r.nextInt(10) < 7) string(r, b);
          else value(r, b, depth + 1);
        }
        b.append('}');
      }
      case 2 -> {
        b.append('[');
        int n = r.nextInt(4);
        for (int i = 0; i < n; i++) {
          if (i > 0) b.append(", ");
          value(r, b, depth + 1);
        }
        b.append(']');
      }
      case 3 -> string(r, b);
      case 4 -> b.append(r.nextInt(1000));
      default -> b.append(r.nextBoolean() ? "true" : "null");
    }
  }

  /** A JSON string: short, with escapes, or long enough to cross a 16K block's edge. */
  private static void string(Random r, StringBuilder b) {
    b.append('"');
    int len = r.nextInt(10) == 0 ? 10_000 + r.nextInt(30_000) : r.nextInt(12);
    String[] parts = {"a", "kind", "\\\"", "\\\\", "\u00e9", "{", "}", "[", ":", ","};
    for (int i = 0; i < len; ) {
      String p = parts[r.nextInt(parts.length)];
      b.append(p);
      i += p.length();
    }
    b.append('"');
  }

  /** The scan as it was before it read in blocks: one character at a time, every string kept. */
  private static String reference(Reader in) throws IOException {
    int depth = 0;
    boolean expectKey = false;
    String lastKey = null;
    boolean afterColon = false;
    int c;
    while ((c = in.read()) != -1) {
      if (c == '"') {
        StringBuilder sb = new StringBuilder();
        String s = null;
        int d;
        while ((d = in.read()) != -1) {
          if (d == '\\') {
            int n = in.read();
            if (n == -1) break;
            sb.append((char) n);
          } else if (d == '"') {
            s = sb.toString();
            break;
          } else {
            sb.append((char) d);
          }
        }
        if (s == null) return null;
        if (depth == 1) {
          if (afterColon) {
            if ("kind".equals(lastKey)) return s;
            afterColon = false;
          } else if (expectKey) {
            lastKey = s;
            expectKey = false;
          }
        }
        continue;
      }
      switch (c) {
        case '{', '[' -> {
          depth++;
          if (depth == 1) {
            if (c == '[') return null;
            expectKey = true;
          }
          afterColon = false;
        }
        case '}', ']' -> {
          depth--;
          if (depth <= 0) return null;
        }
        case ':' -> {
          if (depth == 1) afterColon = true;
        }
        case ',' -> {
          if (depth == 1) {
            expectKey = true;
            afterColon = false;
          }
        }
        default -> {
          if (depth == 1 && afterColon && !Character.isWhitespace(c)) afterColon = false;
        }
      }
    }
    return null;
  }

  /** A reader that returns at most a few characters per read, as a slow stream may. */
  private static final class Trickle extends Reader {
    private final String text;
    private final int most;
    private int at;

    Trickle(String text, int most) {
      this.text = text;
      this.most = most;
    }

    @Override
    public int read(char[] cbuf, int off, int len) {
      if (at >= text.length()) return -1;
      int n = Math.min(Math.min(len, most), text.length() - at);
      text.getChars(at, at + n, cbuf, off);
      at += n;
      return n;
    }

    @Override
    public void close() {}
  }
}
