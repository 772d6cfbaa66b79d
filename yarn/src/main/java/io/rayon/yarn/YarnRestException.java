package io.rayon.yarn;

/**
 * A request to the ResourceManager that did not give a usable answer. The message names the
 * endpoint ({@code GET /ws/v1/cluster/metrics}), what went wrong, and for HTTP errors the status
 * and an excerpt of the body (YARN's own error message when it sent one).
 */
public final class YarnRestException extends Exception {
  private static final long serialVersionUID = 1L;

  public enum Kind {
    /** No answer within the request timeout. */
    TIMEOUT,
    /**
     * The connection could not be made or broke (refused, reset, closed mid-reply, TLS failure).
     */
    CONNECTION,
    /** The server answered with a status other than 2xx. */
    HTTP_STATUS,
    /** The answer was not the JSON we expected: the message names the JSON path. */
    MALFORMED_REPLY,
    /** A write was attempted on a read-only connection; nothing was sent. */
    WRITE_NOT_ALLOWED,
    /** The calling thread was interrupted (for example the dashboard was closed). */
    INTERRUPTED,
    /** The connection settings are unusable (for example an unreadable trust store). */
    SETUP,
    /**
     * The server redirected elsewhere and the redirect was not followed: another origin (scheme,
     * host or port), a POST answered with 301/302/303, or too many redirects. The message names
     * where to.
     */
    REDIRECT,
    /**
     * The reply body was larger than {@link YarnConnection#maxBodyBytes()}; reading stopped there.
     */
    TOO_LARGE
  }

  private final Kind kind;
  private final String endpoint;
  private final int status;
  private final String detail;
  private final int attempts;

  public YarnRestException(
      Kind kind, String endpoint, int status, String detail, int attempts, Throwable cause) {
    super(
        endpoint + ": " + detail + (attempts > 1 ? " (after " + attempts + " attempts)" : ""),
        cause);
    this.kind = kind;
    this.endpoint = endpoint;
    this.status = status;
    this.detail = detail;
    this.attempts = attempts;
  }

  public Kind kind() {
    return kind;
  }

  /** Method and path, for example {@code POST /ws/v1/cluster/reservation/submit}. */
  public String endpoint() {
    return endpoint;
  }

  /** HTTP status for {@link Kind#HTTP_STATUS}, else -1. */
  public int status() {
    return status;
  }

  /** The problem without the endpoint. */
  public String detail() {
    return detail;
  }

  /** How many times the request was sent (reads may be retried, writes never). */
  public int attempts() {
    return attempts;
  }
}
