package io.rayon.engine.trace;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/** Opening trace files: gzip is recognized by its magic bytes, whatever the file name. */
final class TraceFiles {
  private TraceFiles() {}

  static InputStream open(Path file) throws IOException {
    InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
    in.mark(2);
    int b0 = in.read();
    int b1 = in.read();
    in.reset();
    if (b0 == 0x1f && b1 == 0x8b) return new BufferedInputStream(new GZIPInputStream(in, 1 << 16), 1 << 16);
    return in;
  }

  static BufferedReader reader(Path file) throws IOException {
    return new BufferedReader(new InputStreamReader(open(file), StandardCharsets.UTF_8), 1 << 16);
  }
}
