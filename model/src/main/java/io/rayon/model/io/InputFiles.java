package io.rayon.model.io;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;

/**
 * Opening input files safely: only regular files (a FIFO, a device such as {@code /dev/zero}, a
 * socket or a directory is refused before it is opened, so nothing blocks or reads forever), and
 * never more than a size limit (the message names the file and the limit).
 *
 * <p>Two limits, each a number of bytes or a size with a unit ({@code 512m}, {@code 4g}, {@code
 * 64k}): files read whole into memory (plan files, RDL files, scenarios up to 32 MB) may have at
 * most {@link #limit()} bytes, {@value #DEFAULT_LIMIT_TEXT} unless the system property {@value
 * #LIMIT_PROPERTY} or the environment variable {@value #LIMIT_ENV} says otherwise; files read as a
 * stream (large scenarios, traces, node lists, and what a compressed trace expands to) at most
 * {@link #streamLimit()}, {@value #DEFAULT_STREAM_LIMIT_TEXT} unless {@value
 * #STREAM_LIMIT_PROPERTY} or {@value #STREAM_LIMIT_ENV} says otherwise. A trace's lines are bounded
 * too ({@link #MAX_LINE_CHARS} characters).
 */
public final class InputFiles {
  private InputFiles() {}

  public static final String LIMIT_PROPERTY = "rayon.maxInputSize";
  public static final String LIMIT_ENV = "RAYON_MAX_INPUT_SIZE";
  static final String DEFAULT_LIMIT_TEXT = "256m";
  public static final String STREAM_LIMIT_PROPERTY = "rayon.maxStreamSize";
  public static final String STREAM_LIMIT_ENV = "RAYON_MAX_STREAM_SIZE";
  static final String DEFAULT_STREAM_LIMIT_TEXT = "64g";

  /** The longest line a line-oriented input (a trace) may have. */
  public static final int MAX_LINE_CHARS = 16 * 1024 * 1024;

  /** The limit in bytes of files read whole (see the class documentation). */
  public static long limit() {
    return configured(LIMIT_PROPERTY, LIMIT_ENV, DEFAULT_LIMIT_TEXT);
  }

  /** The limit in bytes of files read as a stream (see the class documentation). */
  public static long streamLimit() {
    return configured(STREAM_LIMIT_PROPERTY, STREAM_LIMIT_ENV, DEFAULT_STREAM_LIMIT_TEXT);
  }

  private static long configured(String property, String env, String fallback) {
    String p = System.getProperty(property);
    if (p == null || p.isBlank()) p = System.getenv(env);
    if (p == null || p.isBlank()) return parseSize(fallback);
    try {
      return parseSize(p);
    } catch (IllegalArgumentException e) {
      // a bad setting is ignored in favour of the default, which is safe either way
      return parseSize(fallback);
    }
  }

  private static String raise(long limit) {
    boolean stream = limit == streamLimit() && limit != limit();
    return stream
        ? "-D" + STREAM_LIMIT_PROPERTY + "=SIZE or " + STREAM_LIMIT_ENV + "=SIZE"
        : "-D" + LIMIT_PROPERTY + "=SIZE or " + LIMIT_ENV + "=SIZE";
  }

  /** A size such as {@code 1048576}, {@code 64k}, {@code 512m} or {@code 2g} (powers of 1024). */
  public static long parseSize(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    if (t.endsWith("b")) t = t.substring(0, t.length() - 1);
    long unit = 1;
    if (!t.isEmpty()) {
      char u = t.charAt(t.length() - 1);
      int shift = u == 'k' ? 10 : u == 'm' ? 20 : u == 'g' ? 30 : u == 't' ? 40 : 0;
      if (shift > 0) {
        unit = 1L << shift;
        t = t.substring(0, t.length() - 1);
      }
    }
    if (t.isEmpty() || !t.chars().allMatch(c -> c >= '0' && c <= '9') || t.length() > 18) {
      throw new IllegalArgumentException("'" + text + "' is not a size such as 512m or 2g");
    }
    long n = Long.parseLong(t);
    if (n < 1) throw new IllegalArgumentException("'" + text + "' must be at least 1 byte");
    try {
      return Math.multiplyExact(n, unit);
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("'" + text + "' is too large", e);
    }
  }

  /** Human form of a byte count: 2 GB, 512 MB, 1000 bytes. */
  public static String describeSize(long bytes) {
    if (bytes >= 1L << 30 && bytes % (1L << 30) == 0) return (bytes >> 30) + " GB";
    if (bytes >= 1L << 20 && bytes % (1L << 20) == 0) return (bytes >> 20) + " MB";
    if (bytes >= 1L << 10 && bytes % (1L << 10) == 0) return (bytes >> 10) + " KB";
    return bytes + " bytes";
  }

  /**
   * Checks that {@code file} is a regular file no larger than {@code limit} bytes, without opening
   * it; returns its size.
   */
  public static long checkRegular(Path file, long limit) throws FormatException {
    String name = file.toString();
    BasicFileAttributes a;
    try {
      a = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (NoSuchFileException e) {
      throw new FormatException(name, null, "no such file");
    } catch (IOException e) {
      throw new FormatException(name, null, "cannot read: " + reason(e), e);
    }
    if (a.isDirectory()) throw new FormatException(name, null, "is a directory, not a file");
    if (!a.isRegularFile()) {
      throw new FormatException(
          name,
          null,
          "is "
              + kind(file)
              + ", not a regular file; only regular files are read"
              + " (copy the data into a file first)");
    }
    if (a.size() > limit) {
      throw new FormatException(
          name,
          null,
          "is "
              + describeSize(a.size())
              + ", larger than the input limit of "
              + describeSize(limit)
              + " (raise it with "
              + raise(limit)
              + ")");
    }
    return a.size();
  }

  /**
   * What kind of special file {@code file} is, for messages: "a FIFO (named pipe)", "a device", ...
   */
  static String kind(Path file) {
    try {
      Object mode = Files.getAttribute(file, "unix:mode");
      if (mode instanceof Integer m) {
        switch (m & 0170000) {
          case 0010000:
            return "a FIFO (named pipe)";
          case 0020000:
            return "a character device";
          case 0060000:
            return "a block device";
          case 0140000:
            return "a socket";
          default:
            break;
        }
      }
    } catch (UnsupportedOperationException | IllegalArgumentException | IOException e) {
      // not a Unix file system: fall back to the generic wording
    }
    return "a special file";
  }

  /**
   * Opens a regular file of at most {@link #streamLimit()} bytes for reading as a stream; the
   * stream stops at that limit too.
   */
  public static InputStream open(Path file) throws FormatException, IOException {
    long limit = streamLimit();
    checkRegular(file, limit);
    return bounded(Files.newInputStream(file), file.toString(), limit);
  }

  /**
   * Reads a regular file of at most {@link #limit()} bytes as strict UTF-8 text: invalid UTF-8 is
   * reported with its byte offset and line, a leading byte-order mark is dropped.
   */
  public static String readText(Path file) throws FormatException {
    long limit = limit();
    checkRegular(file, limit);
    byte[] bytes;
    try (InputStream in = bounded(Files.newInputStream(file), file.toString(), limit)) {
      bytes = in.readAllBytes();
    } catch (NoSuchFileException e) {
      throw new FormatException(file.toString(), null, "no such file");
    } catch (LimitExceeded e) {
      throw e.format();
    } catch (IOException e) {
      throw new FormatException(file.toString(), null, "cannot read: " + reason(e), e);
    }
    return decode(bytes, file.toString());
  }

  /**
   * Strict UTF-8 decoding; a leading byte-order mark is dropped.
   *
   * <p>The text is decoded by {@code new String} first, which the JDK does with intrinsics even in
   * a process that has just started, and which replaces each malformed sequence by U+FFFD. A text
   * without U+FFFD was therefore valid and is the strict decoding's result; only a text with one (a
   * malformed sequence, or a U+FFFD of its own) is decoded again strictly, which reports the first
   * malformed byte.
   */
  public static String decode(byte[] bytes, String name) throws FormatException {
    String s = new String(bytes, StandardCharsets.UTF_8);
    if (s.indexOf('\uFFFD') >= 0) s = decodeStrictly(bytes, name);
    return s.startsWith("\uFEFF") ? s.substring(1) : s;
  }

  private static String decodeStrictly(byte[] bytes, String name) throws FormatException {
    CharsetDecoder d =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    try {
      return d.decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      int at = firstInvalidUtf8(bytes);
      int line = 1;
      for (int i = 0; i < at && i < bytes.length; i++) if (bytes[i] == '\n') line++;
      throw new FormatException(
          name,
          "line " + line,
          "not valid UTF-8: byte 0x"
              + String.format(Locale.ROOT, "%02X", bytes[Math.min(at, bytes.length - 1)] & 0xff)
              + " at byte offset "
              + at
              + " cannot start or continue a character; save the file as UTF-8",
          e);
    }
  }

  /** The offset of the first byte that is not part of a well-formed UTF-8 sequence. */
  static int firstInvalidUtf8(byte[] b) {
    int i = 0;
    while (i < b.length) {
      int c = b[i] & 0xff;
      int n;
      int min;
      if (c < 0x80) {
        i++;
        continue;
      } else if (c >= 0xC2 && c <= 0xDF) {
        n = 1;
        min = 0x80;
      } else if (c >= 0xE0 && c <= 0xEF) {
        n = 2;
        min = 0x800;
      } else if (c >= 0xF0 && c <= 0xF4) {
        n = 3;
        min = 0x10000;
      } else {
        return i;
      }
      int cp = c & (0x3F >> n);
      for (int k = 1; k <= n; k++) {
        if (i + k >= b.length || (b[i + k] & 0xC0) != 0x80) return i;
        cp = (cp << 6) | (b[i + k] & 0x3F);
      }
      if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return i;
      i += n + 1;
    }
    return b.length;
  }

  /**
   * A stream that fails with a message naming {@code name} and the limit after {@code limit} bytes.
   */
  public static InputStream bounded(InputStream in, String name, long limit) {
    return new Bounded(in, name, limit);
  }

  /**
   * The {@link IOException} a bounded stream throws past its limit; {@link #format()} is the
   * message to show.
   */
  public static final class LimitExceeded extends IOException {
    private static final long serialVersionUID = 1L;
    private final String name;

    LimitExceeded(String name, long limit) {
      super(
          "larger than the input limit of "
              + describeSize(limit)
              + " (raise it with "
              + raise(limit)
              + ")");
      this.name = name;
    }

    public FormatException format() {
      return new FormatException(name, null, getMessage(), this);
    }
  }

  private static final class Bounded extends FilterInputStream {
    private final String name;
    private final long limit;
    private long read;

    Bounded(InputStream in, String name, long limit) {
      super(in);
      this.name = name;
      this.limit = limit;
    }

    private void count(long n) throws LimitExceeded {
      if (n > 0) read += n;
      if (read > limit) throw new LimitExceeded(name, limit);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) count(1);
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, (int) Math.min(len, limit - read + 1));
      count(n);
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      long s = super.skip(Math.min(n, limit - read + 1));
      count(s);
      return s;
    }

    @Override
    public boolean markSupported() {
      return false;
    }
  }

  /** The reason of an I/O failure without the exception's class name. */
  public static String reason(IOException e) {
    if (e instanceof AccessDeniedException) return "permission denied";
    if (e instanceof FileSystemException f && f.getReason() != null) return f.getReason();
    return e.getMessage() == null ? "input/output error" : e.getMessage();
  }
}
