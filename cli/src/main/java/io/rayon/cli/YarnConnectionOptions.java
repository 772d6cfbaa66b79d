package io.rayon.cli;

import io.rayon.model.time.Durations;
import io.rayon.yarn.YarnAuth;
import io.rayon.yarn.YarnConnection;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * Connection options shared by {@code rayon live} and {@code rayon yarn submit}. Secrets never come
 * from the command line (which other users can see): {@code RAYON_YARN_PASSWORD} for basic
 * authentication, {@code RAYON_YARN_TOKEN} or a token file ({@code --token-file}) for a bearer
 * token, {@code RAYON_TRUSTSTORE_PASSWORD} for the trust store. A token loses its surrounding white
 * space (a Windows line ending included); a token or password with a control character inside is
 * bad input, and no message ever quotes it.
 */
public final class YarnConnectionOptions {
  @Option(
      names = "--user",
      description = "User name sent as user.name (non-secure YARN needs one for writes).")
  String user;

  @Option(
      names = "--timeout",
      defaultValue = "15s",
      description = "Request timeout, e.g. 15s (default ${DEFAULT-VALUE}).")
  String timeout;

  @Option(
      names = "--retries",
      defaultValue = "3",
      description = "Attempts per read (writes are sent once; default ${DEFAULT-VALUE}).")
  int retries;

  @Option(
      names = "--truststore",
      description = "PKCS12 or JKS trust store for HTTPS (password in RAYON_TRUSTSTORE_PASSWORD).")
  Path trustStore;

  @Option(
      names = "--basic-user",
      description = "Gateway user for HTTP basic authentication (password in RAYON_YARN_PASSWORD).")
  String basicUser;

  @Option(names = "--bearer", description = "Send the bearer token from RAYON_YARN_TOKEN.")
  boolean bearer;

  @Option(
      names = "--token-file",
      paramLabel = "FILE",
      description =
          "Send the bearer token in FILE (one line; surrounding white space and the line ending are dropped).")
  Path tokenFile;

  @Option(
      names = "--max-body",
      paramLabel = "SIZE",
      defaultValue = "64m",
      description =
          "Largest reply accepted, e.g. 512k, 64m, 1g (binary units; default ${DEFAULT-VALUE}).")
  String maxBody;

  /** The largest token file read (a token is a line, not a file of megabytes). */
  static final int MAX_TOKEN_FILE = 64 * 1024;

  static final long MIN_BODY = 1024;
  static final long MAX_BODY = 2L << 30;

  YarnConnection connection(String url, boolean allowWrite, Map<String, String> env) {
    YarnConnection c;
    try {
      c = YarnConnection.of(url);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException(e.getMessage(), e);
    }
    Duration t;
    try {
      t = Durations.parsePositive(timeout);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException("--timeout: " + e.getMessage(), e);
    }
    if (retries < 1 || retries > 10)
      throw new CliSupport.BadInputException("--retries must be between 1 and 10, was " + retries);
    long max = parseSize(maxBody);
    c =
        c.withUser(user)
            .withTimeouts(Duration.ofMillis(Math.min(t.toMillis(), 10_000)), t)
            .withRetries(retries, Duration.ofMillis(250), Duration.ofSeconds(4))
            .withAllowWrite(allowWrite)
            .withMaxBody(max);
    int ways = (basicUser != null ? 1 : 0) + (bearer ? 1 : 0) + (tokenFile != null ? 1 : 0);
    if (ways > 1)
      throw new CliSupport.BadInputException(
          "choose one of --basic-user, --bearer and --token-file");
    if (basicUser != null) {
      String pw = env.get("RAYON_YARN_PASSWORD");
      if (pw == null)
        throw new CliSupport.BadInputException(
            "--basic-user needs the password in the environment variable RAYON_YARN_PASSWORD");
      try {
        c = c.withAuth(YarnAuth.basic(basicUser, pw.toCharArray()));
      } catch (IllegalArgumentException e) {
        throw new CliSupport.BadInputException(
            "--basic-user with RAYON_YARN_PASSWORD: " + e.getMessage());
      }
    }
    if (bearer) {
      String tok = env.get("RAYON_YARN_TOKEN");
      if (tok == null)
        throw new CliSupport.BadInputException(
            "--bearer needs the token in the environment variable RAYON_YARN_TOKEN");
      try {
        c = c.withAuth(YarnAuth.bearer(tok.toCharArray()));
      } catch (IllegalArgumentException e) {
        throw new CliSupport.BadInputException("RAYON_YARN_TOKEN: " + e.getMessage());
      }
    }
    if (tokenFile != null) c = c.withAuth(readToken(tokenFile));
    if (trustStore != null) {
      String pw = env.get("RAYON_TRUSTSTORE_PASSWORD");
      c = c.withTrustStore(trustStore, pw == null ? null : pw.toCharArray());
    }
    return c;
  }

  /**
   * The bearer token in {@code file}: UTF-8 text of at most {@value #MAX_TOKEN_FILE} bytes, checked
   * by {@link YarnAuth#bearer}. The messages name the file and the problem, never the content (no
   * exception cause is kept either: a cause could quote it).
   */
  static YarnAuth readToken(Path file) {
    String where = "--token-file " + file;
    byte[] raw = null;
    char[] chars = null;
    try {
      if (!Files.isRegularFile(file)) {
        throw new CliSupport.BadInputException(
            where + ": " + (Files.exists(file) ? "not a regular file" : "no such file"));
      }
      if (Files.size(file) > MAX_TOKEN_FILE) {
        throw new CliSupport.BadInputException(
            where + ": larger than " + MAX_TOKEN_FILE / 1024 + " KiB; a token file holds one line");
      }
      raw = Files.readAllBytes(file);
      CharBuffer cb =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(raw));
      chars = new char[cb.remaining()];
      cb.get(chars);
      Arrays.fill(cb.array(), '\0');
      return YarnAuth.bearer(chars);
    } catch (CharacterCodingException e) {
      throw new CliSupport.BadInputException(where + ": not UTF-8 text");
    } catch (IOException e) {
      throw new CliSupport.BadInputException(
          where + ": cannot read (" + e.getClass().getSimpleName() + ")");
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException(where + ": " + e.getMessage());
    } finally {
      if (raw != null) Arrays.fill(raw, (byte) 0);
      if (chars != null) Arrays.fill(chars, '\0');
    }
  }

  /**
   * A byte size: a whole number with an optional binary unit b, k, m or g (also kb/kib, mb/mib,
   * gb/gib).
   */
  static long parseSize(String text) {
    String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
    Matcher m = SIZE.matcher(t);
    if (!m.matches()) {
      throw new CliSupport.BadInputException(
          "--max-body: '" + text + "' is not a size; write for example 512k, 64m or 1g");
    }
    String unit = m.group(2);
    int shift =
        unit.isEmpty() || unit.equals("b")
            ? 0
            : switch (unit.charAt(0)) {
              case 'k' -> 10;
              case 'm' -> 20;
              default -> 30;
            };
    long n;
    try {
      n = Long.parseLong(m.group(1));
    } catch (NumberFormatException e) {
      n = Long.MAX_VALUE;
    }
    long v = n > (MAX_BODY >> shift) ? Long.MAX_VALUE : n << shift;
    if (v < MIN_BODY || v > MAX_BODY) {
      throw new CliSupport.BadInputException("--max-body must be between 1k and 2g, was " + text);
    }
    return v;
  }

  private static final Pattern SIZE =
      Pattern.compile("(\\d{1,19})\\s*(|b|k|kb|kib|m|mb|mib|g|gb|gib)");
}
