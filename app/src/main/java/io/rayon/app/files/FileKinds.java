package io.rayon.app.files;

import java.io.BufferedReader;
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
    try (Reader r = new BufferedReader(Files.newBufferedReader(file, StandardCharsets.UTF_8))) {
      return kindOf(r);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** The top-level {@code "kind"} of the JSON text read from {@code in}, or null. */
  static String kindOf(Reader in) throws IOException {
    int depth = 0;
    boolean expectKey = false;
    String lastKey = null;
    boolean afterColon = false;
    int c;
    while ((c = in.read()) != -1) {
      if (c == '"') {
        String s = readString(in);
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
          if (depth == 1 && afterColon && !Character.isWhitespace(c))
            afterColon = false; // a number, true, false or null
        }
      }
    }
    return null;
  }

  private static String readString(Reader in) throws IOException {
    StringBuilder sb = new StringBuilder();
    int c;
    while ((c = in.read()) != -1) {
      if (c == '\\') {
        int n = in.read();
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
