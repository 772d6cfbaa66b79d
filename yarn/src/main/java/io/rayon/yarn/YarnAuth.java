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

  YarnAuth NONE = new None();

  static YarnAuth basic(String user, char[] password) {
    return new Basic(user, password.clone());
  }

  static YarnAuth bearer(char[] token) {
    return new Bearer(token.clone());
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
    public String toString() {
      return "bearer(token hidden)";
    }
  }
}
