package io.rayon.yarn;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;

/**
 * How requests authenticate at a gateway in front of the ResourceManager. Secrets live only in
 * memory (as {@code char[]} the caller may {@link #clear}); {@link #toString} never prints them and
 * nothing in this package writes them to disk. A plain non-secure YARN needs none of these: it
 * trusts the {@code user.name} query parameter. Kerberos (SPNEGO) is not supported: {@code
 * java.net.http} cannot negotiate it; put a gateway (for example Apache Knox) in front of a secure
 * cluster and use basic or bearer authentication against the gateway.
 */
public sealed interface YarnAuth permits YarnAuth.None, YarnAuth.Basic, YarnAuth.Bearer {

  /** The value of the {@code Authorization} header, or null for none. */
  String authorizationHeader();

  /** Overwrites the secret in memory. */
  void clear();

  /**
   * {@code text} with every occurrence of the secret (and of the header that carries it) hidden.
   */
  String redact(String text);

  YarnAuth NONE = new None();

  /**
   * Basic authentication. The user must not contain a colon (RFC 7617) nor a control character; the
   * password must not contain a control character (a password read with its line ending, for
   * example). The messages never quote the password.
   *
   * @throws IllegalArgumentException naming the problem, never the password
   */
  static YarnAuth basic(String user, char[] password) {
    if (user == null || user.isBlank())
      throw new IllegalArgumentException("the user name is empty");
    if (user.indexOf(':') >= 0)
      throw new IllegalArgumentException(
          "the user name contains ':', which basic authentication cannot send");
    for (int i = 0; i < user.length(); i++) {
      if (Character.isISOControl(user.charAt(i))) {
        throw new IllegalArgumentException(
            "the user name contains a control character (" + codePoint(user.charAt(i)) + ")");
      }
    }
    for (int i = 0; i < password.length; i++) {
      if (Character.isISOControl(password[i])) {
        throw new IllegalArgumentException(
            "the password contains a control character ("
                + codePoint(password[i])
                + ") at character "
                + (i + 1)
                + " of "
                + password.length
                + "; the password is not shown");
      }
    }
    return new Basic(user, password.clone());
  }

  /**
   * A bearer token. Surrounding white space (a file's line ending, CR LF included) and a leading
   * byte-order mark are removed; what is left must be one run of printable ASCII (RFC 6750's token
   * characters are a subset), else the token is refused with a message that never quotes it.
   *
   * @throws IllegalArgumentException naming the problem and the position, never the token
   */
  static YarnAuth bearer(char[] token) {
    int from = 0;
    int to = token.length;
    while (from < to && (token[from] <= ' ' || token[from] == '\uFEFF')) from++;
    while (to > from && token[to - 1] <= ' ') to--;
    if (from == to) throw new IllegalArgumentException("the token is empty");
    for (int i = from; i < to; i++) {
      char c = token[i];
      String what =
          c < ' ' || c == 0x7F
              ? "a control character (" + codePoint(c) + ")"
              : c == ' '
                  ? "a space"
                  : c > 0x7E ? "a character outside printable ASCII (" + codePoint(c) + ")" : null;
      if (what != null) {
        throw new IllegalArgumentException(
            "the token contains "
                + what
                + " at character "
                + (i - from + 1)
                + " of "
                + (to - from)
                + "; a token is one line of printable ASCII (the token is not shown)");
      }
    }
    return new Bearer(Arrays.copyOfRange(token, from, to));
  }

  private static String codePoint(char c) {
    return String.format("U+%04X", (int) c);
  }

  private static String hide(String text, String secret) {
    return text == null || secret.isEmpty() ? text : text.replace(secret, "[secret hidden]");
  }

  /** No Authorization header. */
  final class None implements YarnAuth {
    private None() {}

    @Override
    public String authorizationHeader() {
      return null;
    }

    @Override
    public void clear() {}

    @Override
    public String redact(String text) {
      return text;
    }

    @Override
    public String toString() {
      return "none";
    }
  }

  /** HTTP basic authentication (RFC 7617), for gateways; use it only over HTTPS. */
  final class Basic implements YarnAuth {
    private final String user;
    private final char[] password;

    private Basic(String user, char[] password) {
      this.user = Objects.requireNonNull(user, "user");
      this.password = password;
    }

    public String user() {
      return user;
    }

    @Override
    public String authorizationHeader() {
      byte[] pw = new String(password).getBytes(StandardCharsets.UTF_8);
      byte[] u = (user + ":").getBytes(StandardCharsets.UTF_8);
      byte[] all = Arrays.copyOf(u, u.length + pw.length);
      System.arraycopy(pw, 0, all, u.length, pw.length);
      String h = "Basic " + Base64.getEncoder().encodeToString(all);
      Arrays.fill(all, (byte) 0);
      Arrays.fill(pw, (byte) 0);
      return h;
    }

    @Override
    public void clear() {
      Arrays.fill(password, '\0');
    }

    @Override
    public String redact(String text) {
      if (text == null) return null;
      String h = authorizationHeader();
      return hide(hide(hide(text, h.substring("Basic ".length())), new String(password)), h);
    }

    @Override
    public String toString() {
      return "basic(" + user + ", password hidden)";
    }
  }

  /** A bearer token (RFC 6750), for gateways that issue tokens. */
  final class Bearer implements YarnAuth {
    private final char[] token;

    private Bearer(char[] token) {
      this.token = token;
    }

    @Override
    public String authorizationHeader() {
      return "Bearer " + new String(token);
    }

    @Override
    public void clear() {
      Arrays.fill(token, '\0');
    }

    @Override
    public String redact(String text) {
      return hide(text, new String(token));
    }

    @Override
    public String toString() {
      return "bearer(token hidden)";
    }
  }
}
