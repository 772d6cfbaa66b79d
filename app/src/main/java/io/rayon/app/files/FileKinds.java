package io.rayon.app.files;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The kind of a JSON file: the string value of its top-level {@code "kind"} member ({@code "rush"}
 * for a RUSH scenario), or null when it has none (a cluster scenario). Only the top level counts: a
 * scenario's jobs have a {@code "kind"} of their own. The file is scanned character by character,
 * not parsed, and the scan stops at the top-level member; a file that is not JSON has no kind and
 * is left to the scenario reader, which names the problem.
 */
public final class FileKinds {
  private FileKinds() {}

  /** The top-level {@code "kind"} of {@code file}, or null. */
  public static String kindOf(Path file) {
    if (!Files.isRegularFile(file)) return null;
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return kindOf(r);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * The top-level {@code "kind"} of the JSON text read from {@code in}, or null. A file with none
   * (every cluster scenario) is read to its end, so the scan reads the text in blocks and passes
   * over the strings below the top level without keeping them.
   */
  static String kindOf(Reader in) throws IOException {
    Chars r = new Chars(in);
    int depth = 0;
    boolean expectKey = false;
    String lastKey = null;
    boolean afterColon = false;
    int c;
    while ((c = r.next()) != -1) {
      if (c == '"') {
        if (depth != 1) {
          if (!r.skipString()) return null;
          continue;
        }
        String s = r.string();
        if (s == null) return null;
        if (afterColon) {
          if ("kind".equals(lastKey)) return s;
          afterColon = false;
        } else if (expectKey) {
          lastKey = s;
          expectKey = false;
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
          if (depth == 1 && afterColon && !Character.isWhitespace(c))
            afterColon = false; // a number, true, false or null
        }
      }
    }
    return null;
  }

  /** The text of a reader, a block at a time. */
  private static final class Chars {
    private final Reader in;
    private final char[] buf = new char[16 * 1024];
    private int pos;
    private int len;

    Chars(Reader in) {
      this.in = in;
    }

    /** The next character, or -1 at the end. */
    int next() throws IOException {
      if (pos == len && !fill()) return -1;
      return buf[pos++];
    }

    private boolean fill() throws IOException {
      int n;
      do {
        n = in.read(buf, 0, buf.length);
      } while (n == 0);
      if (n < 0) return false;
      pos = 0;
      len = n;
      return true;
    }

    /**
     * Passes over the rest of a string whose opening quote was read: true at its closing quote,
     * false when the text ends first.
     */
    boolean skipString() throws IOException {
      while (true) {
        while (pos < len) {
          char c = buf[pos++];
          if (c == '"') return true;
          if (c == '\\' && next() == -1) return false;
        }
        if (!fill()) return false;
      }
    }

    /**
     * The rest of a string whose opening quote was read (an escape keeps the escaped character).
     */
    String string() throws IOException {
      StringBuilder sb = new StringBuilder();
      int c;
      while ((c = next()) != -1) {
        if (c == '\\') {
          int n = next();
          if (n == -1) return null;
          sb.append((char) n);
        } else if (c == '"') {
          return sb.toString();
        } else {
          sb.append((char) c);
        }
      }
      return null;
    }
  }
}
