package io.rayon.yarn;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * Where and how to reach a ResourceManager (or a YARN Federation Router, which serves the same REST
 * API). {@code baseUrl} is the RM web address ({@code http://rm:8088}); {@code user} is sent as
 * {@code user.name} on every request (non-secure clusters need it for writes); {@code trustStore}
 * (PKCS12 or JKS) and its password are for HTTPS with a private CA. Reads are tried up to {@code
 * readAttempts} times with exponential back-off from {@code backoff} up to {@code maxBackoff};
 * writes are tried once. {@code requestTimeout} is the deadline of one whole request (headers and
 * body, redirects included); {@code maxBodyBytes} the largest reply body read (0 = {@link
 * #DEFAULT_MAX_BODY}). {@code allowWrite} is off by default: every write then fails before anything
 * is sent. Only the URL and the user are ever stored in preferences ({@link LivePreferences}); the
 * secrets stay in memory.
 */
public record YarnConnection(
    URI baseUrl,
    String user,
    YarnAuth auth,
    Path trustStore,
    char[] trustStorePassword,
    Duration connectTimeout,
    Duration requestTimeout,
    int readAttempts,
    Duration backoff,
    Duration maxBackoff,
    boolean allowWrite,
    long maxBodyBytes) {

  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(5);
  public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(15);

  /**
   * The largest reply body read by default (64 MiB); a 10,000-node cluster's {@code /nodes} is
   * about 15 MB.
   */
  public static final long DEFAULT_MAX_BODY = 64L << 20;

  public YarnConnection {
    Objects.requireNonNull(baseUrl, "baseUrl");
    auth = auth == null ? YarnAuth.NONE : auth;
    connectTimeout = connectTimeout == null ? DEFAULT_CONNECT_TIMEOUT : connectTimeout;
    requestTimeout = requestTimeout == null ? DEFAULT_REQUEST_TIMEOUT : requestTimeout;
    if (connectTimeout.isNegative() || connectTimeout.isZero()) {
      throw new IllegalArgumentException(
          "the connect timeout must be longer than zero, was " + connectTimeout);
    }
    if (requestTimeout.isNegative() || requestTimeout.isZero()) {
      throw new IllegalArgumentException(
          "the request timeout must be longer than zero, was " + requestTimeout);
    }
    if (readAttempts < 1) readAttempts = 1;
    backoff = backoff == null ? Duration.ofMillis(250) : backoff;
    maxBackoff = maxBackoff == null ? Duration.ofSeconds(4) : maxBackoff;
    if (user != null && user.isBlank()) user = null;
    if (maxBodyBytes <= 0) maxBodyBytes = DEFAULT_MAX_BODY;
  }

  /** A read-only connection with default timeouts and three read attempts. */
  public static YarnConnection of(String url) {
    return new YarnConnection(
        parseUrl(url), null, null, null, null, null, null, 3, null, null, false, 0);
  }

  /**
   * Checks and normalizes a user-typed address: adds {@code http://} when no scheme is given, drops
   * a trailing slash, refuses anything but http and https.
   */
  public static URI parseUrl(String url) {
    if (url == null || url.isBlank())
      throw new IllegalArgumentException("the ResourceManager URL is empty");
    String u = url.trim();
    if (!u.contains("://")) u = "http://" + u;
    while (u.endsWith("/")) u = u.substring(0, u.length() - 1);
    URI uri;
    try {
      uri = URI.create(u);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("'" + url + "' is not a URL: " + e.getMessage(), e);
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw new IllegalArgumentException("'" + url + "': only http:// and https:// are supported");
    }
    if (uri.getHost() == null) throw new IllegalArgumentException("'" + url + "' has no host name");
    return uri;
  }

  public YarnConnection withUser(String u) {
    return new YarnConnection(
        baseUrl,
        u,
        auth,
        trustStore,
        trustStorePassword,
        connectTimeout,
        requestTimeout,
        readAttempts,
        backoff,
        maxBackoff,
        allowWrite,
        maxBodyBytes);
  }

  public YarnConnection withAuth(YarnAuth a) {
    return new YarnConnection(
        baseUrl,
        user,
        a,
        trustStore,
        trustStorePassword,
        connectTimeout,
        requestTimeout,
        readAttempts,
        backoff,
        maxBackoff,
        allowWrite,
        maxBodyBytes);
  }

  public YarnConnection withTrustStore(Path store, char[] password) {
    return new YarnConnection(
        baseUrl,
        user,
        auth,
        store,
        password,
        connectTimeout,
        requestTimeout,
        readAttempts,
        backoff,
        maxBackoff,
        allowWrite,
        maxBodyBytes);
  }

  public YarnConnection withTimeouts(Duration connect, Duration request) {
    return new YarnConnection(
        baseUrl,
        user,
        auth,
        trustStore,
        trustStorePassword,
        connect,
        request,
        readAttempts,
        backoff,
        maxBackoff,
        allowWrite,
        maxBodyBytes);
  }

  public YarnConnection withRetries(int attempts, Duration firstBackoff, Duration max) {
    return new YarnConnection(
        baseUrl,
        user,
        auth,
        trustStore,
        trustStorePassword,
        connectTimeout,
        requestTimeout,
        attempts,
        firstBackoff,
        max,
        allowWrite,
        maxBodyBytes);
  }

  public YarnConnection withAllowWrite(boolean allow) {
    return new YarnConnection(
        baseUrl,
        user,
        auth,
        trustStore,
        trustStorePassword,
        connectTimeout,
        requestTimeout,
        readAttempts,
        backoff,
        maxBackoff,
        allow,
        maxBodyBytes);
  }

  /** The largest reply body accepted, in bytes; a larger reply fails without being read further. */
  public YarnConnection withMaxBody(long bytes) {
    return new YarnConnection(
        baseUrl,
        user,
        auth,
        trustStore,
        trustStorePassword,
        connectTimeout,
        requestTimeout,
        readAttempts,
        backoff,
        maxBackoff,
        allowWrite,
        bytes);
  }

  /** Back-off before read attempt {@code attempt + 1} (attempt counts from 1): doubling, capped. */
  public Duration backoffAfter(int attempt) {
    long ms = backoff.toMillis();
    for (int i = 1; i < attempt && ms < maxBackoff.toMillis(); i++) ms *= 2;
    return Duration.ofMillis(Math.min(ms, maxBackoff.toMillis()));
  }

  @Override
  public String toString() {
    return "YarnConnection["
        + baseUrl
        + ", user="
        + user
        + ", auth="
        + auth
        + (trustStore == null ? "" : ", trustStore=" + trustStore + " (password hidden)")
        + ", writes "
        + (allowWrite ? "allowed" : "off")
        + ", max body "
        + maxBodyBytes
        + " bytes]";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof YarnConnection c && c.toString().equals(toString());
  }

  @Override
  public int hashCode() {
    return toString().hashCode();
  }
}
