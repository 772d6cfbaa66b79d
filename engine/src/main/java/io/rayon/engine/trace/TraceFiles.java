package io.rayon.engine.trace;

import io.rayon.model.io.FormatException;
import io.rayon.model.io.InputFiles;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.FilterReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * Opening trace files: only regular files (a FIFO or a device is refused before it is opened), gzip
 * recognized by its magic bytes whatever the file name, the bytes read and what they expand to
 * bounded by {@link InputFiles#streamLimit()}, text decoded as strict UTF-8 and every line bounded
 * by {@link InputFiles#MAX_LINE_CHARS} characters.
 */
final class TraceFiles {
  private TraceFiles() {}

  static InputStream open(Path file) throws IOException, FormatException {
    String name = file.toString();
    InputStream in = new BufferedInputStream(InputFiles.open(file), 1 << 16);
    in.mark(2);
    int b0 = in.read();
    int b1 = in.read();
    in.reset();
    if (b0 == 0x1f && b1 == 0x8b) {
      InputStream gz =
          InputFiles.bounded(
              new GZIPInputStream(in, 1 << 16), name + " (uncompressed)", InputFiles.streamLimit());
      return new BufferedInputStream(gz, 1 << 16);
    }
    return in;
  }

  static BufferedReader reader(Path file) throws IOException, FormatException {
    return reader(open(file), file.toString());
  }

  /** Strict UTF-8 lines of at most {@link InputFiles#MAX_LINE_CHARS} characters. */
  static BufferedReader reader(InputStream in, String name) {
    Reader r =
        new InputStreamReader(
            in,
            StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT));
    return new BufferedReader(new LineLimit(r, name, InputFiles.MAX_LINE_CHARS), 1 << 16);
  }

  /** A line longer than the limit: a binary file or a file without line breaks, not a trace. */
  static final class LineTooLong extends IOException {
    private static final long serialVersionUID = 1L;

    LineTooLong(String name, long line, int limit) {
      super(
          name
              + " at line "
              + line
              + ": longer than "
              + limit
              + " characters; not a line of a trace"
              + " (is it a binary file or one without line breaks?)");
    }
  }

  /** Counts characters since the last line break and fails past the limit. */
  private static final class LineLimit extends FilterReader {
    private final String name;
    private final int limit;
    private long line = 1;
    private long run;

    LineLimit(Reader in, String name, int limit) {
      super(in);
      this.name = name;
      this.limit = limit;
    }

    @Override
    public int read() throws IOException {
      int c = super.read();
      if (c >= 0) see((char) c);
      return c;
    }

    @Override
    public int read(char[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      for (int i = off; i < off + n; i++) see(b[i]);
      return n;
    }

    private void see(char c) throws LineTooLong {
      if (c == '\n' || c == '\r') {
        if (c == '\n') line++;
        run = 0;
      } else if (++run > limit) {
        throw new LineTooLong(name, line, limit);
      }
    }
  }
}
