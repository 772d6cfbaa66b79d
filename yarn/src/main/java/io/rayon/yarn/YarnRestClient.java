package io.rayon.yarn;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rayon.model.io.Json;
import io.rayon.model.live.AppReport;
import io.rayon.model.live.ClusterInfo;
import io.rayon.model.live.ClusterMetrics;
import io.rayon.model.live.ClusterSnapshot;
import io.rayon.model.live.NodeReport;
import io.rayon.model.live.QueueReport;
import io.rayon.model.live.YarnReservation;
import io.rayon.model.live.YarnReservationDefinition;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.UnrecoverableKeyException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;

/**
 * A client for the YARN ResourceManager REST API ({@code /ws/v1/cluster/...}) on {@code
 * java.net.http}. Reads ({@code GET}) are retried on connection failures, timeouts and 5xx answers
 * with exponential back-off, at most {@link YarnConnection#readAttempts()} times; writes ({@code
 * POST}) are sent once and only when the connection allows writes. Every failure is a {@link
 * YarnRestException} naming the endpoint and the problem, on one line, with the secret hidden.
 *
 * <p>The server is not trusted: each request has one deadline for headers and body ({@link
 * YarnConnection#requestTimeout()}), after which the exchange is cancelled and its connection
 * closed; a body above {@link YarnConnection#maxBodyBytes()} is refused as soon as it is announced
 * or exceeded; JSON is parsed while it arrives ({@link ReplyBody}). Redirects are followed only to
 * the same origin (the {@code Authorization} header never goes to another server) and a {@code
 * POST} is never turned into a {@code GET} (see {@link #exchange}). Thread-safe: the dashboard
 * polls from a background thread while the CLI and the submit dialog use their own calls.
 */
public final class YarnRestClient {

  /** Waits between read attempts; tests pass one that records instead of sleeping. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(Duration d) throws InterruptedException;

    Sleeper REAL = d -> Thread.sleep(d.toMillis());
  }

  static final String BASE = "/ws/v1/cluster";
  private static final int EXCERPT = 300;

  /** The most queues one snapshot lists reservations for. */
  static final int MAX_RESERVATION_QUEUES = 32;

  private final YarnConnection conn;
  private final HttpClient http;
  private final Clock clock;
  private final Sleeper sleeper;
  private volatile Consumer<String> notices = n -> {};

  public YarnRestClient(YarnConnection conn) throws YarnRestException {
    this(conn, Clock.systemUTC(), Sleeper.REAL);
  }

  public YarnRestClient(YarnConnection conn, Clock clock, Sleeper sleeper)
      throws YarnRestException {
    this.conn = conn;
    this.clock = clock;
    this.sleeper = sleeper;
    HttpClient.Builder b =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(conn.connectTimeout())
            // redirects are followed by exchange(), same origin only: the JDK would resend
            // credentials elsewhere
            .followRedirects(HttpClient.Redirect.NEVER);
    if (conn.trustStore() != null) b.sslContext(sslContext(conn));
    this.http = b.build();
  }

  public YarnConnection connection() {
    return conn;
  }

  /**
   * Receives notes worth telling the user that are not failures (a same-origin redirect that was
   * followed).
   */
  public void onNotice(Consumer<String> sink) {
    this.notices = sink == null ? n -> {} : sink;
  }

  private static SSLContext sslContext(YarnConnection c) throws YarnRestException {
    String where = "trust store " + c.trustStore();
    char[] pw = c.trustStorePassword();
    try (InputStream in = Files.newInputStream(c.trustStore())) {
      String name = c.trustStore().getFileName().toString().toLowerCase(Locale.ROOT);
      KeyStore ks = KeyStore.getInstance(name.endsWith(".jks") ? "JKS" : "PKCS12");
      ks.load(in, pw);
      TrustManagerFactory tmf =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(ks);
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(null, tmf.getTrustManagers(), null);
      return ctx;
    } catch (NoSuchFileException e) {
      throw new YarnRestException(YarnRestException.Kind.SETUP, where, -1, "no such file", 1, e);
    } catch (IOException e) {
      String why =
          e.getCause() instanceof UnrecoverableKeyException
                  || String.valueOf(e.getMessage()).contains("password")
              ? "wrong password or not a PKCS12/JKS key store"
              : "cannot read: " + e.getMessage();
      throw new YarnRestException(YarnRestException.Kind.SETUP, where, -1, why, 1, e);
    } catch (GeneralSecurityException e) {
      throw new YarnRestException(
          YarnRestException.Kind.SETUP, where, -1, "unusable: " + e.getMessage(), 1, e);
    }
  }

  // ---------------------------------------------------------------- reads

  public ClusterInfo clusterInfo() throws YarnRestException {
    return read("/info", YarnReplies::info);
  }

  public ClusterMetrics metrics() throws YarnRestException {
    return read("/metrics", YarnReplies::metrics);
  }

  public List<NodeReport> nodes() throws YarnRestException {
    return read("/nodes", YarnReplies::nodes);
  }

  /** Applications that are not finished (new, submitted, accepted, running). */
  public List<AppReport> activeApps() throws YarnRestException {
    return read("/apps?states=NEW,NEW_SAVING,SUBMITTED,ACCEPTED,RUNNING", YarnReplies::apps);
  }

  /** Every application the RM remembers (finished ones included). */
  public List<AppReport> apps() throws YarnRestException {
    return read("/apps", YarnReplies::apps);
  }

  public QueueReport queues() throws YarnRestException {
    return read("/scheduler", YarnReplies::queues);
  }

  public String schedulerType() throws YarnRestException {
    return read("/scheduler", YarnReplies::schedulerType);
  }

  /** The reservations in a reservable queue's plan, with their allocations over time. */
  public List<YarnReservation> listReservations(String queue) throws YarnRestException {
    return read(
        "/reservation/list?queue=" + enc(queue) + "&include-resource-allocations=true",
        r -> YarnReplies.reservations(r, queue));
  }

  /** One reservation by id, or null when the plan of {@code queue} does not hold it. */
  public YarnReservation reservation(String queue, String reservationId) throws YarnRestException {
    List<YarnReservation> l =
        read(
            "/reservation/list?queue="
                + enc(queue)
                + "&reservation-id="
                + enc(reservationId)
                + "&include-resource-allocations=true",
            r -> YarnReplies.reservations(r, queue));
    for (YarnReservation r : l) if (r.id().equals(reservationId)) return r;
    return null;
  }

  // ---------------------------------------------------------------- writes

  /** Asks the RM for a fresh reservation id (a write: needs an allowed connection). */
  public String newReservationId() throws YarnRestException {
    JsonNode reply = write("/reservation/new-reservation", null);
    return parse(
        "POST " + BASE + "/reservation/new-reservation", reply, YarnReplies::newReservationId);
  }

  /**
   * Submits a reservation under an id from {@link #newReservationId}. YARN answers 202 and no body.
   */
  public void submitReservation(String reservationId, String queue, YarnReservationDefinition def)
      throws YarnRestException {
    write("/reservation/submit", YarnRequests.submission(reservationId, queue, def));
  }

  /** Replaces a reservation's definition; YARN keeps the old one when the new one does not fit. */
  public void updateReservation(String reservationId, YarnReservationDefinition def)
      throws YarnRestException {
    write("/reservation/update", YarnRequests.update(reservationId, def));
  }

  public void deleteReservation(String reservationId) throws YarnRestException {
    write("/reservation/delete", YarnRequests.delete(reservationId));
  }

  // ---------------------------------------------------------------- snapshot

  /**
   * Reads everything the dashboard shows. Metrics, info, nodes, applications and the scheduler must
   * answer; reservations are listed for {@code reservationQueues}, or, when that is empty, for
   * every plan queue found in the scheduler's tree (a CapacityScheduler or FairScheduler plan queue
   * has a child named {@code <queue>-default}). A reservation list that fails becomes a warning in
   * the snapshot instead of failing the whole poll.
   */
  public ClusterSnapshot snapshot(List<String> reservationQueues) throws YarnRestException {
    ClusterInfo info = clusterInfo();
    ClusterMetrics metrics = metrics();
    List<NodeReport> nodes = nodes();
    List<AppReport> apps = activeApps();
    JsonNode sched = get("/scheduler");
    String type = parse("GET " + BASE + "/scheduler", sched, YarnReplies::schedulerType);
    QueueReport root = parse("GET " + BASE + "/scheduler", sched, YarnReplies::queues);
    List<String> queues =
        reservationQueues == null || reservationQueues.isEmpty()
            ? planQueues(root)
            : List.copyOf(reservationQueues);
    List<YarnReservation> reservations = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    for (String q : queues) {
      try {
        reservations.addAll(listReservations(q));
      } catch (YarnRestException e) {
        if (e.kind() == YarnRestException.Kind.INTERRUPTED) throw e;
        warnings.add(e.getMessage());
      }
    }
    return new ClusterSnapshot(
        conn.baseUrl().toString(),
        clock.millis(),
        info,
        metrics,
        nodes,
        type,
        root,
        apps,
        queues,
        reservations,
        warnings);
  }

  /**
   * Names of the plan queues in a queue tree (see {@link #snapshot}), at most {@value
   * #MAX_RESERVATION_QUEUES}.
   */
  public static List<String> planQueues(QueueReport root) {
    Map<String, Boolean> found = new LinkedHashMap<>();
    if (root != null) {
      root.forEach(
          q -> {
            for (QueueReport c : q.children()) {
              if (isDefaultReservationQueue(q, c) && found.size() < MAX_RESERVATION_QUEUES)
                found.put(q.name(), true);
            }
          });
    }
    return List.copyOf(found.keySet());
  }

  /**
   * A plan queue's default reservation queue is named after it with {@code -default}: {@code
   * dedicated-default}, or in Hadoop 3.4 after its full path ({@code root.dedicated-default}).
   */
  private static boolean isDefaultReservationQueue(QueueReport plan, QueueReport child) {
    String n = child.name();
    return n.equals(plan.name() + "-default")
        || n.equals(plan.path() + "-default")
        || n.endsWith("." + plan.name() + "-default");
  }

  // ---------------------------------------------------------------- transport

  @FunctionalInterface
  interface ReplyParser<T> {
    T parse(ReplyNode reply);
  }

  private <T> T read(String pathAndQuery, ReplyParser<T> parser) throws YarnRestException {
    JsonNode n = get(pathAndQuery);
    return parse("GET " + BASE + stripQuery(pathAndQuery), n, parser);
  }

  private static String stripQuery(String p) {
    int q = p.indexOf('?');
    return q < 0 ? p : p.substring(0, q);
  }

  private <T> T parse(String endpoint, JsonNode n, ReplyParser<T> parser) throws YarnRestException {
    try {
      return parser.parse(ReplyNode.root(n));
    } catch (ReplyNode.Malformed m) {
      throw new YarnRestException(
          YarnRestException.Kind.MALFORMED_REPLY,
          endpoint,
          -1,
          "unexpected reply at " + m.path + ": " + m.problem,
          1,
          m);
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new YarnRestException(
          YarnRestException.Kind.MALFORMED_REPLY,
          endpoint,
          -1,
          "unusable reply: " + e.getMessage(),
          1,
          e);
    }
  }

  private static final Set<Integer> RETRYABLE = Set.of(500, 502, 503, 504);
  private static final Set<Integer> REDIRECTS = Set.of(301, 302, 303, 307, 308);

  /** The most same-origin redirects one request follows. */
  static final int MAX_REDIRECTS = 5;

  /** The final answer to one request: status, headers and the body as {@link ReplyBody} read it. */
  private record Answer(int status, HttpHeaders headers, ReplyBody.Result body) {}

  /** A failure worth another attempt of a read (connection failures and timeouts). */
  private static final class Transient extends Exception {
    private static final long serialVersionUID = 1L;
    final YarnRestException failure;

    Transient(YarnRestException failure) {
      super(failure.getMessage(), null, false, false);
      this.failure = failure;
    }
  }

  /** GET with bounded retries; returns the parsed JSON body. */
  JsonNode get(String pathAndQuery) throws YarnRestException {
    String endpoint = "GET " + BASE + stripQuery(pathAndQuery);
    int max = conn.readAttempts();
    for (int attempt = 1; ; attempt++) {
      YarnRestException failure;
      try {
        Answer a = exchange(endpoint, pathAndQuery, null, attempt);
        if (a.status() / 100 == 2) return json(endpoint, a, attempt, true);
        failure = statusError(endpoint, a, attempt);
        if (!RETRYABLE.contains(a.status())) throw failure;
      } catch (Transient t) {
        failure = t.failure;
      }
      if (attempt >= max) throw failure;
      try {
        sleeper.sleep(conn.backoffAfter(attempt));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new YarnRestException(
            YarnRestException.Kind.INTERRUPTED, endpoint, -1, "interrupted", attempt, e);
      }
    }
  }

  /** POST once (never retried); returns the JSON body or null when the body is empty. */
  JsonNode write(String path, ObjectNode body) throws YarnRestException {
    String endpoint = "POST " + BASE + path;
    if (!conn.allowWrite()) {
      throw new YarnRestException(
          YarnRestException.Kind.WRITE_NOT_ALLOWED,
          endpoint,
          -1,
          "the connection to "
              + conn.baseUrl()
              + " is read-only; nothing was sent."
              + " Maybe enable writing for this connection (--allow-write)",
          0,
          null);
    }
    String text;
    try {
      text =
          body == null
              ? ""
              : Json.mapper()
                  .writer()
                  .without(SerializationFeature.INDENT_OUTPUT)
                  .writeValueAsString(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("request body cannot be written", e);
    }
    Answer a;
    try {
      a = exchange(endpoint, path, text, 1);
    } catch (Transient t) {
      throw t.failure;
    }
    if (a.status() / 100 != 2) throw statusError(endpoint, a, 1);
    return json(endpoint, a, 1, false);
  }

  /**
   * Sends one request ({@code POST} with {@code body} when it is not null, else {@code GET}) and
   * reads its answer within one deadline of {@link YarnConnection#requestTimeout()} for headers,
   * body and redirects together. Redirects are followed only to the same origin (scheme, host and
   * port) as the connection's address, at most {@value #MAX_REDIRECTS} times, and a {@code POST}
   * only on 307 and 308 (as a {@code POST} with the same body); any other redirect fails and names
   * where it pointed. When the deadline passes the body subscription is cancelled, which closes the
   * connection.
   *
   * @throws Transient for failures a read may retry (connection failures, timeouts)
   * @throws YarnRestException for failures it must not (a refused redirect, a too large or
   *     malformed body)
   */
  private Answer exchange(String endpoint, String pathAndQuery, String body, int attempt)
      throws YarnRestException, Transient {
    // a timeout beyond what nanoseconds hold (292 years) waits as good as forever, without
    // overflowing
    long budget =
        conn.requestTimeout().compareTo(Duration.ofDays(365L * 100)) > 0
            ? Duration.ofDays(365L * 100).toNanos()
            : conn.requestTimeout().toNanos();
    long deadline = System.nanoTime() + budget;
    URI uri = uri(pathAndQuery);
    for (int hop = 0; ; hop++) {
      long left = deadline - System.nanoTime();
      if (left <= 0)
        throw new Transient(
            fail(
                YarnRestException.Kind.TIMEOUT,
                endpoint,
                -1,
                "no answer within " + human(conn.requestTimeout()) + " (redirects included)",
                attempt,
                null));
      HttpRequest req = request(endpoint, uri, body, left, attempt);
      ReplyBody.Handler handler = new ReplyBody.Handler(conn.maxBodyBytes());
      CompletableFuture<HttpResponse<ReplyBody.Result>> cf = http.sendAsync(req, handler);
      HttpResponse<ReplyBody.Result> resp;
      try {
        resp = cf.get(left, TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        handler.abort();
        cf.cancel(true);
        String what =
            handler.headersSeen()
                ? "the reply did not arrive completely within "
                    + human(conn.requestTimeout())
                    + " ("
                    + handler.bytesSoFar()
                    + " bytes of the body received); the connection was closed"
                : "no answer within " + human(conn.requestTimeout());
        throw new Transient(
            fail(YarnRestException.Kind.TIMEOUT, endpoint, -1, what, attempt, null));
      } catch (InterruptedException e) {
        handler.abort();
        cf.cancel(true);
        Thread.currentThread().interrupt();
        throw new YarnRestException(
            YarnRestException.Kind.INTERRUPTED, endpoint, -1, "interrupted", attempt, e);
      } catch (ExecutionException e) {
        handler.abort();
        throw failure(endpoint, e.getCause(), attempt);
      }
      int s = resp.statusCode();
      if (!REDIRECTS.contains(s)) return new Answer(s, resp.headers(), resp.body());
      uri = redirectTarget(endpoint, body != null, uri, resp, hop, attempt);
      notices.accept(
          endpoint
              + ": followed a redirect (HTTP "
              + s
              + reason(s)
              + ") to "
              + uri.getRawPath()
              + " on the same server");
    }
  }

  /** Where a redirect may go, or the failure that reports it. */
  private URI redirectTarget(
      String endpoint, boolean post, URI from, HttpResponse<?> resp, int hop, int attempt)
      throws YarnRestException {
    int s = resp.statusCode();
    String status = "HTTP " + s + reason(s);
    String loc = resp.headers().firstValue("Location").orElse(null);
    if (loc == null || loc.isBlank()) {
      throw fail(
          YarnRestException.Kind.REDIRECT,
          endpoint,
          s,
          status + " without a Location header",
          attempt,
          null);
    }
    URI to;
    try {
      to = from.resolve(loc.trim());
    } catch (IllegalArgumentException e) {
      throw fail(
          YarnRestException.Kind.REDIRECT,
          endpoint,
          s,
          status + " to an unusable address '" + excerpt(loc) + "'; not followed",
          attempt,
          null);
    }
    if (!sameOrigin(conn.baseUrl(), to)) {
      throw fail(
          YarnRestException.Kind.REDIRECT,
          endpoint,
          s,
          status
              + " to "
              + origin(to, loc)
              + ", another server than "
              + origin(conn.baseUrl(), null)
              + "; not followed, nothing was sent there (credentials stay with the server"
              + " they were given for). If that server is the active ResourceManager, connect to it directly",
          attempt,
          null);
    }
    if (post && s != 307 && s != 308) {
      throw fail(
          YarnRestException.Kind.REDIRECT,
          endpoint,
          s,
          status
              + " to "
              + to.getRawPath()
              + " in answer to a POST;"
              + " not followed (a POST is never resent as a GET). Check the address: the ResourceManager answers"
              + " its REST API without redirects",
          attempt,
          null);
    }
    if (hop >= MAX_REDIRECTS) {
      throw fail(
          YarnRestException.Kind.REDIRECT,
          endpoint,
          s,
          "more than "
              + MAX_REDIRECTS
              + " redirects (the last to "
              + to.getRawPath()
              + "); not followed",
          attempt,
          null);
    }
    return to;
  }

  /** Same scheme, host and port (the default port when none is written), no user information. */
  static boolean sameOrigin(URI a, URI b) {
    if (a.getScheme() == null
        || b.getScheme() == null
        || a.getHost() == null
        || b.getHost() == null) return false;
    if (b.getRawUserInfo() != null) return false;
    return a.getScheme().equalsIgnoreCase(b.getScheme())
        && a.getHost().equalsIgnoreCase(b.getHost())
        && port(a) == port(b);
  }

  private static int port(URI u) {
    if (u.getPort() >= 0) return u.getPort();
    return "https".equalsIgnoreCase(u.getScheme()) ? 443 : 80;
  }

  private static String origin(URI u, String raw) {
    if (u.getScheme() == null || u.getHost() == null)
      return "'" + excerpt(raw == null ? u.toString() : raw) + "'";
    return u.getScheme().toLowerCase(Locale.ROOT) + "://" + u.getHost() + ":" + port(u);
  }

  /**
   * The failure an exchange ended with: a body problem (not retried) or a transport problem
   * (retried).
   */
  private YarnRestException failure(String endpoint, Throwable t, int attempt)
      throws YarnRestException, Transient {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof ReplyBody.TooLarge big) {
        String what =
            big.tree
                ? "the reply holds more JSON values than a reply within the limit of "
                    + bytes(conn.maxBodyBytes())
                    + " may ("
                    + ReplyBody.TREE_FACTOR
                    + " times the limit in memory); reading stopped after "
                    + big.seen
                    + " bytes"
                : "the reply is larger than the limit of "
                    + bytes(conn.maxBodyBytes())
                    + (big.declared
                        ? " (it announced " + big.seen + " bytes); nothing was read"
                        : "; reading stopped after " + big.seen + " bytes");
        throw fail(
            YarnRestException.Kind.TOO_LARGE,
            endpoint,
            -1,
            what + ". If the cluster is that large, raise the limit (--max-body)",
            attempt,
            null);
      }
      if (c instanceof ReplyBody.BadJson bad) {
        throw fail(
            YarnRestException.Kind.MALFORMED_REPLY,
            endpoint,
            -1,
            bad.getMessage() + "; reply starts with: " + excerpt(bad.prefix),
            attempt,
            null);
      }
    }
    Throwable c = t;
    while ((c instanceof CompletionException || c instanceof ExecutionException)
        && c.getCause() != null) c = c.getCause();
    IOException io = c instanceof IOException e ? e : new IOException(String.valueOf(c), c);
    throw new Transient(ioError(endpoint, io, attempt));
  }

  private URI uri(String pathAndQuery) {
    String p = BASE + pathAndQuery;
    if (conn.user() != null) p += (p.contains("?") ? "&" : "?") + "user.name=" + enc(conn.user());
    return URI.create(conn.baseUrl() + p);
  }

  private HttpRequest request(String endpoint, URI uri, String body, long timeoutNanos, int attempt)
      throws YarnRestException {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(uri)
            .timeout(Duration.ofNanos(timeoutNanos))
            .header("Accept", "application/json");
    String auth = conn.auth().authorizationHeader();
    if (auth != null) {
      try {
        b.header("Authorization", auth);
      } catch (IllegalArgumentException e) {
        // the JDK's message quotes the header value: never pass it on
        throw new YarnRestException(
            YarnRestException.Kind.SETUP,
            endpoint,
            -1,
            "the credentials contain characters an"
                + " HTTP header cannot carry; nothing was sent (the credentials are not shown)",
            attempt,
            null);
      }
    }
    if (body == null) b.GET();
    else
      b.header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    return b.build();
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  /** The JSON of a 2xx answer; null for an empty body when {@code required} is false. */
  private JsonNode json(String endpoint, Answer a, int attempt, boolean required)
      throws YarnRestException {
    ReplyBody.Result r = a.body();
    if (!ReplyBody.isJson(r.contentType())) {
      String t = r.contentType().toLowerCase(Locale.ROOT);
      throw fail(
          YarnRestException.Kind.MALFORMED_REPLY,
          endpoint,
          -1,
          "the reply is "
              + excerpt(r.contentType())
              + ", not JSON"
              + (t.contains("html") ? " (a login page or a proxy's page? check the address)" : "")
              + (r.text().isBlank() ? "" : "; reply starts with: " + excerpt(r.text())),
          attempt,
          null);
    }
    if (r.json() == null) {
      if (!required) return null;
      throw fail(
          YarnRestException.Kind.MALFORMED_REPLY,
          endpoint,
          -1,
          "empty reply; expected JSON",
          attempt,
          null);
    }
    return r.json();
  }

  private YarnRestException statusError(String endpoint, Answer a, int attempt) {
    int s = a.status();
    String body = a.body().text();
    String yarnMessage = remoteExceptionMessage(body);
    String detail =
        "HTTP "
            + s
            + reason(s)
            + (yarnMessage != null
                ? ": " + yarnMessage
                : body.isBlank() ? " (empty body)" : ": " + excerpt(body));
    if (s == 401 || s == 403) {
      detail +=
          ". Maybe pass a user (--user) or credentials for the gateway; Kerberos (SPNEGO) is not supported";
    }
    return fail(YarnRestException.Kind.HTTP_STATUS, endpoint, s, detail, attempt, null);
  }

  /** Every failure made here: one line, without control characters, the secret hidden. */
  private YarnRestException fail(
      YarnRestException.Kind kind,
      String endpoint,
      int status,
      String detail,
      int attempt,
      Throwable cause) {
    return new YarnRestException(
        kind, endpoint, status, conn.auth().redact(oneLine(detail)), attempt, cause);
  }

  /**
   * YARN's error body is {@code {"RemoteException":{"exception":..,"message":..}}}: take the
   * message.
   */
  static String remoteExceptionMessage(String body) {
    try {
      JsonNode n = Json.mapper().readTree(body);
      JsonNode re = n == null ? null : n.get("RemoteException");
      if (re != null && re.hasNonNull("message")) {
        String ex = re.hasNonNull("exception") ? re.get("exception").asText() + ": " : "";
        return excerpt(ex + oneLine(re.get("message").asText()));
      }
    } catch (JsonProcessingException | RuntimeException e) {
      return null;
    }
    return null;
  }

  private static String reason(int s) {
    return switch (s) {
      case 301 -> " Moved Permanently";
      case 302 -> " Found";
      case 303 -> " See Other";
      case 307 -> " Temporary Redirect";
      case 308 -> " Permanent Redirect";
      case 400 -> " Bad Request";
      case 401 -> " Unauthorized";
      case 403 -> " Forbidden";
      case 404 -> " Not Found";
      case 500 -> " Internal Server Error";
      case 502 -> " Bad Gateway";
      case 503 -> " Service Unavailable";
      case 504 -> " Gateway Timeout";
      default -> "";
    };
  }

  private YarnRestException ioError(String endpoint, IOException e, int attempt) {
    if (e instanceof HttpConnectTimeoutException) {
      return fail(
          YarnRestException.Kind.TIMEOUT,
          endpoint,
          -1,
          "no connection to " + conn.baseUrl() + " within " + human(conn.connectTimeout()),
          attempt,
          e);
    }
    if (e instanceof HttpTimeoutException) {
      return fail(
          YarnRestException.Kind.TIMEOUT,
          endpoint,
          -1,
          "no answer within " + human(conn.requestTimeout()),
          attempt,
          e);
    }
    if (e instanceof ConnectException) {
      return fail(
          YarnRestException.Kind.CONNECTION,
          endpoint,
          -1,
          "cannot connect to "
              + conn.baseUrl()
              + " ("
              + (e.getMessage() == null ? "connection refused" : e.getMessage())
              + "). Is the ResourceManager running and is the address right?",
          attempt,
          e);
    }
    if (e instanceof SSLException) {
      return fail(
          YarnRestException.Kind.CONNECTION,
          endpoint,
          -1,
          "TLS failure: " + e.getMessage() + ". Maybe give the cluster's CA in a trust store",
          attempt,
          e);
    }
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return fail(
        YarnRestException.Kind.CONNECTION,
        endpoint,
        -1,
        "the connection broke before the reply was complete (" + m + ")",
        attempt,
        e);
  }

  /** A byte count as people write it: 1 MiB, 64 MiB, 1536 bytes. */
  static String bytes(long n) {
    if (n >= (1L << 20) && n % (1L << 20) == 0) return (n >> 20) + " MiB";
    if (n >= 1024 && n % 1024 == 0) return (n >> 10) + " KiB";
    return n + " bytes";
  }

  static String human(Duration d) {
    long ms = d.toMillis();
    return ms % 1000 == 0 ? (ms / 1000) + " s" : ms + " ms";
  }

  static String excerpt(String body) {
    String s = oneLine(body);
    return s.length() <= EXCERPT ? s : s.substring(0, EXCERPT) + "…";
  }

  /**
   * One line: white space, control and format characters (terminal escapes, bidi marks) become one
   * space.
   */
  static String oneLine(String s) {
    return s == null ? "" : s.replaceAll("[\\s\\p{Cc}\\p{Cf}]+", " ").trim();
  }
}
